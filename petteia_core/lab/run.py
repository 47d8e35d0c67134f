"""A self-play run: many games of one ruleset (or variant) at one level, in one process, in
``jobs`` processes, or on a ``dask.distributed`` cluster (``scheduler``, :mod:`.cluster`).

Games are independent and seeded by ``(seed, index)`` (:func:`.play.game_seed`), so the rows, and the
statistics, do not depend on what plays them. With a log file every finished game is appended as one
JSON line, keyed by the run and the game's index; a run started again with the same log skips the
games already there, so an interrupted run resumes where it stopped, on any machine. A game is logged
once: a row whose index is already done (a task retried after its worker died) is not written again,
and a log read back keeps one row per index.
"""

from __future__ import annotations

import dataclasses
import json
import time
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

from ..ai.levels import get_level
from ..options import RuleOptions, format_options, option_changes
from .play import MAX_PLIES, GameRow, play_game
from .race import DUODECIM, play_race
from .variety import VARIETY_MARGIN, VARIETY_PLIES, plays_without_randomness

#: What a run plays: a custodian ruleset or variant, or :data:`.race.DUODECIM` (the race game).
Rules = RuleOptions | str


def run_key(rules: Rules, level: int, seed: int, max_plies: int) -> str:
    """What identifies a run in a log: ruleset, changed options, level, seed, move cap (and, for the
    levels without randomness, the opening variety: logs of their older, identical games never mix in)."""
    tail = f" level={level} seed={seed} cap={max_plies}"
    if plays_without_randomness(get_level(level)):
        tail += f" variety={VARIETY_PLIES}/{VARIETY_MARGIN}"
    if isinstance(rules, str):
        return rules + tail
    opts = format_options(option_changes(rules))
    return f"{rules.name}{' ' + opts if opts else ''}{tail}"


#: One game's task: (rules, level, run seed, game index, move cap).
Task = tuple[Rules, int, int, int, int]


def play_task(task: Task) -> GameRow:
    """Play one game's task (what a process or a Dask worker runs)."""
    rules, level, seed, index, max_plies = task
    t0 = time.process_time()
    row = play_race(level, seed, index, max_plies) if rules == DUODECIM else play_game(*task)
    return dataclasses.replace(row, cpu=round(time.process_time() - t0, 3))


def read_log(path: Path, key: str) -> dict[int, GameRow]:
    """The games of run ``key`` already in the log at ``path`` (a missing file has none)."""
    rows: dict[int, GameRow] = {}
    if not path.exists():
        return rows
    with path.open(encoding="utf-8") as fh:
        for line in fh:
            line = line.strip()
            if not line:
                continue
            try:
                item = json.loads(line)
            except json.JSONDecodeError:  # a line cut by an interrupted write
                continue
            if item.get("key") == key:
                row = GameRow(**item["row"])
                rows.setdefault(row.index, row)
    return rows


def run_games(
    rules: Rules,
    level: int,
    games: int,
    *,
    seed: int = 0,
    jobs: int = 1,
    max_plies: int = MAX_PLIES,
    log: Path | None = None,
    progress: Callable[[GameRow], None] | None = None,
    scheduler: Any = None,
    play: Callable[[Task], GameRow] = play_task,
) -> list[GameRow]:
    """Play games ``0 .. games-1`` (those not yet in ``log``) and return every row, by index.

    ``scheduler``: ``local:N``, a Dask scheduler's address or a connected Client (then ``jobs`` is
    ignored); ``play``
    plays one task (:func:`play_task`; tests pass one that misbehaves).
    """
    key = run_key(rules, level, seed, max_plies)
    done = read_log(log, key) if log else {}
    todo: list[Task] = [(rules, level, seed, i, max_plies) for i in range(games) if i not in done]
    if scheduler:
        from .cluster import play_on_cluster

        _collect(play_on_cluster(scheduler, play, todo), done, key, log, progress)
    elif jobs > 1 and len(todo) > 1:
        import multiprocessing

        with multiprocessing.Pool(min(jobs, len(todo))) as pool:
            _collect(pool.imap_unordered(play, todo), done, key, log, progress)
    else:
        _collect(map(play, todo), done, key, log, progress)
    return [done[i] for i in range(games)]


def _collect(rows: Iterable[GameRow], done: dict[int, GameRow], key: str, log: Path | None,
             progress: Callable[[GameRow], None] | None) -> None:
    for row in rows:
        if row.index in done:  # played twice (a retried task): keep and log the first
            continue
        done[row.index] = row
        if log:
            log.parent.mkdir(parents=True, exist_ok=True)
            with log.open("a", encoding="utf-8") as fh:
                fh.write(json.dumps({"key": key, "row": dataclasses.asdict(row)}, ensure_ascii=False) + "\n")
        if progress:
            progress(row)

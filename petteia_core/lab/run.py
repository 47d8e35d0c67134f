"""A self-play run: many games of one ruleset (or variant) at one level, in one or more processes.

Games are independent and seeded by ``(seed, index)`` (:func:`.play.game_seed`), so the rows, and the
statistics, do not depend on how many processes play them. With a log file every finished game is
appended as one JSON line; a run started again with the same log skips the games already there, so an
interrupted run resumes where it stopped.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Callable, Iterable
from pathlib import Path

from ..options import RuleOptions, format_options, option_changes
from .play import MAX_PLIES, GameRow, play_game


def run_key(rules: RuleOptions, level: int, seed: int, max_plies: int) -> str:
    """What identifies a run in a log: ruleset, changed options, level, seed, move cap."""
    opts = format_options(option_changes(rules))
    return f"{rules.name}{' ' + opts if opts else ''} level={level} seed={seed} cap={max_plies}"


def _play(args: tuple[RuleOptions, int, int, int, int]) -> GameRow:
    return play_game(*args)


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
                rows[row.index] = row
    return rows


def run_games(
    rules: RuleOptions,
    level: int,
    games: int,
    *,
    seed: int = 0,
    jobs: int = 1,
    max_plies: int = MAX_PLIES,
    log: Path | None = None,
    progress: Callable[[GameRow], None] | None = None,
) -> list[GameRow]:
    """Play games ``0 .. games-1`` (those not yet in ``log``) and return every row, by index."""
    key = run_key(rules, level, seed, max_plies)
    done = read_log(log, key) if log else {}
    todo = [(rules, level, seed, i, max_plies) for i in range(games) if i not in done]
    if jobs > 1 and len(todo) > 1:
        import multiprocessing

        with multiprocessing.Pool(min(jobs, len(todo))) as pool:
            _collect(pool.imap_unordered(_play, todo), done, key, log, progress)
    else:
        _collect(map(_play, todo), done, key, log, progress)
    return [done[i] for i in range(games)]


def _collect(rows: Iterable[GameRow], done: dict[int, GameRow], key: str, log: Path | None,
             progress: Callable[[GameRow], None] | None) -> None:
    for row in rows:
        done[row.index] = row
        if log:
            log.parent.mkdir(parents=True, exist_ok=True)
            with log.open("a", encoding="utf-8") as fh:
                fh.write(json.dumps({"key": key, "row": dataclasses.asdict(row)}, ensure_ascii=False) + "\n")
        if progress:
            progress(row)

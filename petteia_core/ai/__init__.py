"""The computer opponent: ``choose_move(position, level, seed=..., should_stop=...)``.

* Custodian games without dice (classic, vagi, Poleis, tournament): alpha-beta search
  (:mod:`.search`) with a per-ruleset evaluation (:mod:`.evaluate`).
* Kubeia: expectimax over the rolls (:mod:`.chance`); the position must carry its roll.
* Ludus duodecim scriptorum: a race evaluation over the legal turns of the roll (:mod:`.race`).

Five levels (:data:`LEVELS`), from a beginner who misses captures to the strongest search that
answers in about a second in CPython (two in the browser). The same position, level and seed
always give the same move: the effort is a node budget, randomness comes only from
``random.Random`` seeded with ``seed`` and the position, and wall time is only a safety cap.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from typing import Any

from ..custodian import Position
from ..errors import GameStateError
from ..moves import Move
from .choice import SearchResult, dice_picker, pick
from .evaluate import WIN
from .levels import LEVELS, Level, for_ruleset, get_level

__all__ = ["LEVELS", "Level", "SearchResult", "choose_move", "dice_picker", "pick", "WIN"]


def _to_move(pos: Position, f: int, t: int) -> Move:
    return pos.move_of(f, t)


def _pv_moves(pos: Position, pv: Sequence[tuple[int, int]]) -> tuple[Move, ...]:
    out = []
    for f, t in pv:
        out.append(_to_move(pos, f, t))
        pos = pos.after(f, t)
    return tuple(out)


def choose_move(
    position: Any,
    level: int | Level = 3,
    *,
    seed: int = 0,
    should_stop: Callable[[], bool] | None = None,
    history: Sequence[Position] | None = None,
    node_limit: int | None = None,
) -> SearchResult:
    """The computer's move in ``position`` at ``level`` (1–5).

    ``history``: the game's positions so far, the current one last (``Game.positions``), so that the
    search knows which positions would repeat (classic, vagi, Poleis). ``should_stop()`` is polled
    during the search; when it returns True the best move found so far is returned at once
    (``stopped`` is set). ``node_limit`` overrides the level's node budget (tests, benchmarks).
    Kubeia positions must carry their roll (``Position.with_dice`` / ``Game.roll``).

    >>> from petteia_core import Game
    >>> g = Game("classic")
    >>> result = choose_move(g.position, 1, seed=0)
    >>> result.move.text(8), result.level
    ('Δ1-Δ4', 1)
    >>> g.play(result.move) == result.move
    True
    """
    lv = get_level(level)
    t0 = time.perf_counter()
    if hasattr(position, "legal_turns"):
        from .race import choose_turn

        return choose_turn(position, lv, seed=seed, should_stop=should_stop, t0=t0)
    if not isinstance(position, Position):
        raise TypeError(f"choose_move expects a Position or a Duodecim position, not {type(position).__name__}")
    if position.result is not None:
        raise GameStateError(f"the game is over: {position.result}")
    rng = random.Random(f"{seed}:{position.rules.name}:{position.to_string()}")
    if position.rules.dice:
        return _choose_kubeia(position, lv, rng, should_stop, node_limit, t0)
    return _choose_custodian(position, for_ruleset(lv, position.rules.name), rng, should_stop, history, node_limit, t0)


def _choose_custodian(pos, lv, rng, should_stop, history, node_limit, t0) -> SearchResult:
    from .search import Aborted, Searcher

    hist = list(history) if history else [pos]
    s = Searcher(pos, lv, should_stop=should_stop, history=hist, node_limit=node_limit)
    moves = s.root_moves(rng)
    if len(moves) == 1:
        f, t = moves[0][1:]
        return SearchResult(_to_move(pos, f, t), 0, 0, 0, (_to_move(pos, f, t),), time.perf_counter() - t0, lv.number)
    randomised = lv.temperature > 0 or lv.margin > 0 or lv.noise > 0
    if randomised:
        pairs = [(f, t) for _, f, t in moves]
        slack = int(lv.margin + 4 * lv.noise + 3 * lv.temperature) + 1
        depth = s.max_depth
        try:
            scores = s.score_all(moves, depth, slack)
        except Aborted:
            scores = None
            if not s.stopped and depth > 1:  # out of budget: one ply less, with a fresh budget
                s.hard_limit = s.nodes + s.hard_limit
                depth = 1
                try:
                    scores = s.score_all(moves, depth, slack)
                except Aborted:
                    scores = None
        if scores is None:  # cancelled (or out of budget): the first (ordered) move
            best = pairs[0]
            return SearchResult(_to_move(pos, *best), 0, 0, s.nodes, (_to_move(pos, *best),),
                                time.perf_counter() - t0, lv.number, s.stopped)
        captures = {(f, t) for v, f, t in moves if v}
        i = pick(rng, pairs, scores, lv, captures)
        best = pairs[i]
        return SearchResult(
            _to_move(pos, *best), int(scores[i]), depth, s.nodes, (_to_move(pos, *best),),
            time.perf_counter() - t0, lv.number, s.stopped, tuple(zip(pairs, scores)),
        )
    best, score, depth, pv = s.iterate(moves)
    return SearchResult(
        _to_move(pos, *best), int(score) if score > -WIN - 1 else 0, depth, s.nodes, _pv_moves(pos, pv),
        time.perf_counter() - t0, lv.number, s.stopped,
    )


def _choose_kubeia(pos, lv, rng, should_stop, node_limit, t0) -> SearchResult:
    from .chance import ChanceSearcher
    from .movegen import split_moves
    from .search import Aborted

    s = ChanceSearcher(pos, lv, should_stop=should_stop, node_limit=node_limit)
    try:
        best, score, depth, shallow = s.run(rng)
    except Aborted:
        caps, quiet = split_moves(pos)
        first = max(caps)[1:] if caps else quiet[0]
        return SearchResult(_to_move(pos, *first), 0, 0, s.nodes, (_to_move(pos, *first),),
                            time.perf_counter() - t0, lv.number, s.stopped)
    randomised = depth == 1 and (lv.dice_noise > 0 or lv.dice_miss > 0)
    if randomised:
        pairs = [m for m, _ in shallow]
        scores = [v for _, v in shallow]
        captures = {(f, t) for _, f, t in split_moves(pos)[0]}
        i = pick(rng, pairs, scores, dice_picker(lv), captures)
        best, score, depth = pairs[i], scores[i], 1
    return SearchResult(_to_move(pos, *best), int(score), depth, s.nodes, (_to_move(pos, *best),),
                        time.perf_counter() - t0, lv.number, s.stopped, tuple(shallow) if randomised else ())

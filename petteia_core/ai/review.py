"""The game review: every move of a game judged against the best move the engine finds.

One move at a time (:func:`review_move`), so a page can show progress and stop between moves; the
command line's ``analyse`` and the play page's "Review the game" use the same code.

* Games without dice (classic, vagi, Poleis, tournament): one alpha-beta search of fixed ``depth``
  (plies, with the quiescence search on captures) scores the best move, and the move played is
  scored by the same search.
* Kubeia: judged on the roll actually thrown. Each move is worth its expected value over every
  roll of the opponent's next turn (and the opponent's best answer to each): the best
  :data:`DICE_WIDTH` moves by a first look, and the move played, get this look.
* Ludus duodecim scriptorum: the same, with the race evaluation of :mod:`.race`.

A move's **loss** is how much worse it is than the best move, in pieces (material: one plain piece,
a Peltast, is 1; a Duodecim piece is :data:`DUODECIM_PIECE` points of the race evaluation). The
mark follows from the loss (:data:`THRESHOLDS`). Evaluations are given for White (+ White stands
better) in pieces; a forced win counts as :data:`FORCED` pieces.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from ..errors import PetteiaError
from ..moves import Move
from .evaluate import WIN_THRESHOLD
from .levels import LEVELS

__all__ = ["DEFAULT_DEPTH", "FORCED", "MARKS", "MoveReview", "THRESHOLDS", "mark_for", "pieces", "review_game", "review_move"]

#: (mark, least loss in pieces), worst first: a move that loses this much against the best one.
THRESHOLDS: tuple[tuple[str, float], ...] = (("blunder", 0.8), ("mistake", 0.6), ("inaccuracy", 0.4))
#: Every mark, best first, with its symbol (as in chess books).
MARKS: dict[str, str] = {"good": "", "inaccuracy": "?!", "mistake": "?", "blunder": "??"}
#: Search depth in plies of the games without dice (tournament Petteia is wider: one ply less).
DEFAULT_DEPTH: dict[str, int] = {"classic": 3, "vagi": 3, "poleis": 3, "tournament": 2}
#: A forced win or loss, in pieces (more than any army).
FORCED = 30.0
#: Points of a piece: the custodian evaluation's plain piece; Duodecim's race evaluation.
PIECE = 100
DUODECIM_PIECE = 300
#: Dice games: how many moves (best first by a one-turn look) get the look over the next roll.
DICE_WIDTH = 6


@dataclass(frozen=True)
class MoveReview:
    """One move of a game, judged.

    ``ply``: moves before it (0: the first move); ``number`` its move number in the record;
    ``move``/``best`` in notation (dice games: the roll first); ``before`` the position's worth with
    the best move, ``after`` its worth after the move played (pieces, for White); ``loss`` pieces
    given away against the best move (0 or more); ``pair``/``best_pair`` (from, to) of custodian
    moves (from -1 for a placement), None in Duodecim. ``reply``: for a custodian move that is not
    the best, the opponent's best answer to it (notation, "" otherwise), which shows why, and
    ``reply_captures`` the pieces that answer takes.
    """

    ply: int
    number: int
    side: str
    move: str
    best: str
    mark: str
    before: float
    after: float
    loss: float
    depth: int
    pair: tuple[int, int] | None = None
    best_pair: tuple[int, int] | None = None
    best_steps: tuple = ()
    reply: str = ""
    reply_captures: int = 0

    @property
    def symbol(self) -> str:
        return MARKS[self.mark]

    def as_dict(self) -> dict[str, Any]:
        d = dataclasses.asdict(self)
        d["pair"] = list(self.pair) if self.pair else None
        d["best_pair"] = list(self.best_pair) if self.best_pair else None
        d.pop("best_steps")
        d["symbol"] = self.symbol
        return d


def mark_for(loss: float) -> str:
    """The mark of a move that loses ``loss`` pieces against the best move.

    >>> mark_for(0.1), mark_for(0.4), mark_for(0.7), mark_for(1.2)
    ('good', 'inaccuracy', 'mistake', 'blunder')
    """
    for mark, least in THRESHOLDS:
        if loss >= least:
            return mark
    return "good"


def pieces(score: int, unit: int = PIECE) -> float:
    """A search score (points for one side) in pieces; a forced result is ±FORCED."""
    if score > WIN_THRESHOLD:
        return FORCED
    if score < -WIN_THRESHOLD:
        return -FORCED
    return max(-FORCED, min(FORCED, round(score / unit, 2)))


def review_game(game: Any, depth: int | None = None) -> Iterator[MoveReview]:
    """Every move of ``game`` (a Game or a DuodecimGame), judged in order."""
    for ply in range(len(game.history)):
        yield review_move(game, ply, depth)


def review_move(game: Any, ply: int, depth: int | None = None,
                should_stop: Callable[[], bool] | None = None) -> MoveReview:
    """The move ``ply`` of ``game`` (0: the first), judged from the position before it."""
    history = game.history
    if not 0 <= ply < len(history):
        raise PetteiaError(f"the game has no move {ply + 1} to review (it has {len(history)})")
    if depth is not None and not 1 <= int(depth) <= 6:
        raise PetteiaError(f"depth must be 1 to 6, not {depth!r}")
    before = game.positions[ply]
    if hasattr(before, "legal_turns"):
        return _duodecim(game, ply, before, history[ply])
    if before.rules.dice:
        return _kubeia(ply, before, history[ply], should_stop)
    return _custodian(game, ply, before, history[ply], depth, should_stop)


def _finish(ply: int, number: int, side: str, move: str, best: str, best_score: float, played: float,
            depth: int, unit: int, **extra: Any) -> MoveReview:
    b, a = pieces(best_score, unit), pieces(played, unit)
    if a > b:  # the search found the move played better than its choice: it is the best
        b, best = a, move
        extra["best_pair"] = extra.get("pair")
        extra["best_steps"] = ()
    loss = round(b - a, 2)
    sign = 1 if side == "w" else -1
    return MoveReview(ply, number, side, move, best, mark_for(loss), sign * b, sign * a, loss, depth, **extra)


# ------------------------------------------------------------------ custodian games
def _to_move(pos: Any, f: int, t: int) -> Move:
    """The Move of the pair (frm, to) of ``pos`` (frm -1: a placement), with its captures."""
    return pos.move_of(f, t)


def _searcher(pos: Any, depth: int, history: list, should_stop: Callable[[], bool] | None) -> Any:
    """The review's search from ``pos``: level 5's, ``depth`` plies deep, with no budget but time."""
    from .search import Searcher

    level = dataclasses.replace(LEVELS[5], max_depth=depth, time_cap=600.0, placement_width=16)
    return Searcher(pos, level, should_stop=should_stop, history=history, node_limit=10**9)


def _custodian(game: Any, ply: int, pos: Any, move: Move, depth: int | None,
               should_stop: Callable[[], bool] | None) -> MoveReview:
    from .search import INF

    depth = int(depth or DEFAULT_DEPTH.get(pos.rules.name, 2))
    width = pos.width
    side = "w" if pos.turn == 0 else "b"
    pair = pos.pair_of(move)
    text = move.text(width)
    s = _searcher(pos, depth, game.positions[: ply + 1], should_stop)
    moves = s.root_moves(random.Random(f"review:{pos.to_string()}"))
    # The move played first: when several moves are equally good, the one played counts as the best.
    moves.sort(key=lambda m: (m[1:] != pair, -m[0]))
    if not any(m[1:] == pair for m in moves):
        moves.insert(0, (0, *pair))
    best, best_score, _done, _pv = s.iterate(moves)
    if best == pair:
        played = best_score
    else:
        played = s.child_score(pos.after(*pair), depth, -INF, INF)
    best_text = _to_move(pos, *best).text(width)
    judged = _finish(ply, pos.move_no, side, text, best_text, best_score, played, depth, PIECE,
                     pair=pair, best_pair=best)
    if judged.best == judged.move:
        return judged
    answer = _best_answer(game, ply, pos.after(*pair), max(1, depth - 2), should_stop)  # (quiescence sees the captures)
    if answer is None:
        return judged
    return dataclasses.replace(judged, reply=answer.text(width), reply_captures=len(answer.captures))


def _best_answer(game: Any, ply: int, after: Any, depth: int, should_stop: Callable[[], bool] | None) -> Move | None:
    """The opponent's best answer in ``after`` (the position the move ``ply`` left), searched
    ``depth`` plies deep; None when the game is over there."""
    if after.evaluate(False) is not None:
        return None
    s = _searcher(after, depth, [*game.positions[: ply + 1], after], should_stop)
    moves = s.root_moves(random.Random(f"review:{after.to_string()}"))
    if not moves:
        return None
    answer, _score, _done, _pv = s.iterate(moves)
    return _to_move(after, *answer)


def _kubeia(ply: int, pos: Any, move: Move, should_stop: Callable[[], bool] | None) -> MoveReview:
    from .chance import ChanceSearcher

    roll = f"{max(pos.dice)}{min(pos.dice)} "
    width = pos.width
    side = "w" if pos.turn == 0 else "b"
    pair = (move.frm, move.to)
    text = roll + move.text(width)
    s = ChanceSearcher(pos, dataclasses.replace(LEVELS[5], time_cap=600.0), should_stop=should_stop,
                       node_limit=10**9)
    moves = s.moves(pos)
    first = sorted(((s.after_value(pos, pos.after(*m), 1, 0), m) for m in moves), key=lambda e: (-e[0], e[1] != pair))
    looked = [m for _, m in first[:DICE_WIDTH]]
    if pair not in looked:
        looked.append(pair)
    deep = {m: s.after_value(pos, pos.after(*m), 2, 0) for m in looked}
    best = max(looked, key=lambda m: (deep[m], m == pair))
    best_text = roll + _to_move(pos, *best).text(width)
    return _finish(ply, pos.move_no, side, text, best_text, deep[best], deep[pair], 2, PIECE,
                   pair=pair, best_pair=best)


# ------------------------------------------------------------------ Ludus duodecim scriptorum
def _duodecim(game: Any, ply: int, pos: Any, played: Any) -> MoveReview:
    from .race import evaluate_state, expected_reply

    side = pos.turn
    number = 1 + (ply + (1 if game.start_position.turn == "b" else 0)) // 2
    text = pos.turn_text(played.steps, played.dice)
    tree = pos.turn_tree(played.dice)
    finals = tree.turns
    found = tree.resolve(played.steps)
    if found is None:  # cannot happen for a turn of the game's history
        raise PetteiaError(f"turn {number} ({text}) is not a legal turn")
    mine = found[1][:5]
    me = 0 if side == "w" else 1
    ohand = pos.hand[1 - me]
    first = sorted(
        ((evaluate_state(*st[:5], ohand), k) for k, (_t, st) in enumerate(finals)),
        key=lambda e: (-e[0], finals[e[1]][1][:5] != mine),
    )
    looked = [k for _, k in first[:DICE_WIDTH]]
    me_k = next(k for k, (_t, st) in enumerate(finals) if st[:5] == mine)
    if me_k not in looked:
        looked.append(me_k)
    deep = {k: expected_reply(pos, finals[k][1]) for k in looked}
    best = max(looked, key=lambda k: (deep[k], k == me_k))
    best_turn = finals[best][0]
    return _finish(ply, number, side, text, pos.turn_text(best_turn, played.dice), deep[best], deep[me_k], 2,
                   DUODECIM_PIECE, best_steps=tuple(best_turn))


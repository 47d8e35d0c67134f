"""The play page's "Review the game": one move judged per request (so the page shows progress, stays
responsive and can stop between moves), and "Try again from here" (a new game cut before a move).

The judging is :mod:`petteia_core.ai.review`, the same code as ``python -m petteia_core analyse``.
"""

from __future__ import annotations

import random
from typing import Any

from ..ai.review import DEFAULT_DEPTH, MARKS, THRESHOLDS, review_move
from ..duodecim import ENTER, OFF, DuodecimGame, point_name
from ..errors import PetteiaError
from ..game import Game
from ..render import board_svg, duodecim_svg
from .words import SIDE_NAMES

#: What the reader reads for each mark.
MARK_WORDS = {"good": "a good move", "inaccuracy": "an inaccuracy", "mistake": "a mistake", "blunder": "a blunder"}


def thresholds() -> dict[str, Any]:
    """The marks' thresholds in pieces lost against the best move, for the page."""
    return {"marks": {mark: least for mark, least in THRESHOLDS}, "symbols": dict(MARKS)}


def _about(loss: float) -> str:
    if loss >= 1.5:
        return f"about {loss:.1f} pieces"
    if loss >= 0.85:
        return "about a piece"
    return f"about {loss:.1f} of a piece" if loss >= 0.15 else "almost nothing"


def review(session: Any, ply: Any, depth: Any = None) -> dict[str, Any]:
    """The move ``ply`` (0: the first) of the session's game, judged, with a picture of the position
    before it: the move played tinted, the better move (for a marked move) as an arrow."""
    try:
        ply = int(ply)
        depth = None if depth is None else int(depth)
    except (TypeError, ValueError):
        raise PetteiaError(f"review needs a move number, not {ply!r}") from None
    game = session.game
    cache: dict = session.__dict__.setdefault("_reviews", {})
    before = game.positions[ply] if 0 <= ply < len(game.history) else None
    key = (ply, depth, before.to_string() if before is not None else None,
           str(game.history[ply]) if before is not None else None)
    r = cache.get(key)
    if r is None:
        r = cache[key] = review_move(game, ply, depth)
    duodecim = isinstance(game, DuodecimGame)
    better = r.mark != "good" and r.best != r.move
    if duodecim:
        marks: dict[str, str] = {}
        if better:
            for step in r.best_steps:
                if step.frm != ENTER:
                    marks[point_name(step.frm)] = "from"
                if step.to != OFF:
                    marks[point_name(step.to)] = "to"
        svg = duodecim_svg(before.points_map(), bar=before.bar, off=before.off, hand=before.hand,
                           dice=before.dice, highlights=marks, board_id=f"{session.board_id}-review",
                           title=f"Before turn {r.number}")
    else:
        frm, to = r.pair
        highlights = {to: "to"} if frm < 0 else {frm: "from", to: "to"}
        arrows = []
        if better and r.best_pair is not None:
            bf, bt = r.best_pair
            if bf < 0:
                highlights[bt] = "mark"
            else:
                arrows.append((bf, bt))
        svg = board_svg(before.width, before.height, before.piece_map(), highlights=highlights, arrows=arrows,
                        flipped=session.flipped, board_id=f"{session.board_id}-review",
                        title=f"Before move {r.number}")
    who = SIDE_NAMES[r.side]
    text = f"Move {r.number}, {who}: {r.move}{r.symbol} is {MARK_WORDS[r.mark]}"
    if better:
        text += f": it gives away {_about(r.loss)} compared with the better move {r.best}."
    elif r.best != r.move:
        text += f" (the computer's choice, {r.best}, is hardly better)."
    else:
        text += " — the computer's choice too."
    out = r.as_dict()
    out.update(ok=True, svg=svg, text=text, plies=len(game.history), better=better)
    return out


def cut(game: Any, ply: Any, seed: random.Random | None) -> Any:
    """A new game: ``game`` up to its position after ``ply`` moves, with the roll thrown there."""
    ply = int(ply)
    if not 0 <= ply <= len(game.history):
        raise PetteiaError(f"the game has no position after {ply} moves")
    if isinstance(game, DuodecimGame):
        new: Any = DuodecimGame(game.start_position.with_dice(None), rng=seed)
        for played in game.history[:ply]:
            new.roll(played.dice)
            new.play(played.steps)
    else:
        start = game.start_position
        new = Game(game.rules, start.with_dice(None) if game.rules.dice else start, rng=seed)
        for before, move in zip(game.positions[:ply], game.history[:ply]):
            if before.dice:
                new.roll(before.dice)
            new.play(move)
    dice = game.positions[ply].dice
    if dice and new.result is None:
        new.roll(dice)
    return new


def default_depth(ruleset: str) -> int:
    return DEFAULT_DEPTH.get(ruleset, 2)

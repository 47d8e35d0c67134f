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
from ..render import position_svg
from .reply import review_reply
from .i18n import gettext_noop as N_, gettext as _, ngettext
from .words import side_name

#: What the reader reads for each mark.
MARK_WORDS = {"good": N_("a good move"), "inaccuracy": N_("an inaccuracy"), "mistake": N_("a mistake"),
              "blunder": N_("a blunder")}


def thresholds() -> dict[str, Any]:
    """The marks' thresholds in pieces lost against the best move, for the page."""
    return {"marks": {mark: least for mark, least in THRESHOLDS}, "symbols": dict(MARKS)}


def _about(loss: float) -> str:
    """A loss in pieces, in words: 'about 2.5 pieces', 'about a piece', 'almost nothing'."""
    if loss >= 1.5:
        return _("about {loss} pieces").format(loss=f"{loss:.1f}")
    if loss >= 0.85:
        return _("about a piece")
    return _("about {loss} of a piece").format(loss=f"{loss:.1f}") if loss >= 0.15 else _("almost nothing")


def _why(r: Any) -> str:
    """Why the move is worse: the opponent's best answer to it, and what that answer takes."""
    opponent = side_name("b" if r.side == "w" else "w")
    if r.reply_captures:
        return ngettext("Why: {opponent} answers {reply}, which captures {n} piece.",
                        "Why: {opponent} answers {reply}, which captures {n} pieces.",
                        r.reply_captures).format(opponent=opponent, reply=r.reply, n=r.reply_captures)
    return _("Why: the best answer to it is {opponent}'s {reply}.").format(opponent=opponent, reply=r.reply)


def review(session: Any, ply: Any, depth: Any = None) -> dict[str, Any]:
    """The move ``ply`` (0: the first) of the session's game, judged, with a picture of the position
    before it: the move played tinted, the better move (for a marked move) as an arrow."""
    try:
        ply = int(ply)
        depth = None if depth is None else int(depth)
    except (TypeError, ValueError):
        raise PetteiaError(_("review needs a move number, not {ply}").format(ply=repr(ply))) from None
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
        svg = position_svg(before, marks=marks, board_id=f"{session.board_id}-review",
                           title=_("Before turn {number}").format(number=r.number))
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
        svg = position_svg(before, marks=highlights, arrows=arrows, flipped=session.flipped,
                           board_id=f"{session.board_id}-review", title=_("Before move {number}").format(number=r.number))
    fields = {"number": r.number, "side": side_name(r.side), "move": f"{r.move}{r.symbol}",
              "mark": _(MARK_WORDS[r.mark]), "best": r.best}
    if better:
        text = _("Move {number}, {side}: {move} is {mark}: it gives away {loss} compared with the better move "
                 "{best}.").format(loss=_about(r.loss), **fields)
        if r.reply:
            text += " " + _why(r)
    elif r.best != r.move:
        text = _("Move {number}, {side}: {move} is {mark} (the computer's choice, {best}, is hardly better).").format(
            **fields)
    else:
        text = _("Move {number}, {side}: {move} is {mark} — the computer's choice too.").format(**fields)
    return review_reply(r.as_dict(), svg=svg, text=text, plies=len(game.history), better=better)


def cut(game: Any, ply: Any, seed: random.Random | None) -> Any:
    """A new game: ``game`` up to its position after ``ply`` moves, with the roll thrown there."""
    ply = int(ply)
    if not 0 <= ply <= len(game.history):
        raise PetteiaError(_("the game has no position after {ply} moves").format(ply=ply))
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

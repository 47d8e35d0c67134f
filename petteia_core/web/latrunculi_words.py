"""What a Ludus latrunculorum board says of its turn (RULES.md §9): a placement, a Bell extra
move, the bound pieces a removal may take. Sentences from the gettext catalog (:mod:`.i18n`)."""

from __future__ import annotations

from typing import Any

from ..board import square_name
from .i18n import gettext as _, ngettext
from .words import and_list


def turn_sentence(pos: Any, turn: str, removals: list[int]) -> str:
    """What the side to move does now, after 'White to move.' (short: the status line of a phone):
    place (the dux, or how many are left in hand), move the piece that owes an extra move, or (may)
    remove a bound piece instead of moving."""
    width = pos.width
    if pos.placing:
        left = pos.hand[0 if turn == "w" else 1]
        if pos.rules.dux != "none" and left == 1:
            return _("Place the dux.")
        return ngettext("Place a piece ({n} in hand).", "Place a piece ({n} in hand).", left).format(n=left)
    if pos.again >= 0:
        return _("Extra move: {square} moves again.").format(square=square_name(pos.again, width))
    if removals:
        names = [square_name(sq, width) for sq in removals]
        return ngettext("Or remove the bound piece on {squares}.", "Or remove a bound piece: {squares}.",
                        len(names)).format(squares=and_list(names))
    return ""

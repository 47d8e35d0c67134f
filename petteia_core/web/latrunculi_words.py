"""What a Ludus latrunculorum board says of its turn (RULES.md §9): a placement, a Bell extra
move, the bound pieces a removal may take. Sentences from the gettext catalog (:mod:`.i18n`)."""

from __future__ import annotations

from typing import Any

from ..board import square_name
from .i18n import gettext as _, ngettext
from .words import and_list, side_name


def turn_sentence(pos: Any, turn: str, removals: list[int]) -> str:
    """What the side to move does now, beyond 'White to move.': place (the dux, or how many are
    left in hand), move the piece that owes an extra move, or (may) remove a bound piece."""
    width = pos.width
    who = side_name(turn)
    if pos.placing:
        left = pos.hand[0 if turn == "w" else 1]
        if pos.rules.dux != "none" and left == 1:
            return _("{side} places the dux: click an empty square.").format(side=who)
        return ngettext("{side} places a piece: click an empty square ({n} left in hand).",
                        "{side} places a piece: click an empty square ({n} left in hand).",
                        left).format(side=who, n=left)
    if pos.again >= 0:
        return _("Extra move: {side} moves {square} again after its capture.").format(
            side=who, square=square_name(pos.again, width))
    if removals:
        names = [square_name(sq, width) for sq in removals]
        return ngettext("{side} may remove the bound piece on {squares} (click it) instead of moving.",
                        "{side} may remove one of the bound pieces on {squares} (click it) instead of moving.",
                        len(names)).format(side=who, squares=and_list(names))
    return ""


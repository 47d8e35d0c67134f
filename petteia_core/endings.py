"""The end conditions of the custodian games, in RULES.md order (rout … superiority).

The functions take the position first and are bound as methods of
:class:`~petteia_core.custodian.Position` (``pos.adjudicate()``, ``pos.stuck_result()``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .result import Result
from .side import SIDE_LETTER

if TYPE_CHECKING:
    from .custodian import Position


def evaluate(pos: Position, repeated: bool, check_siege: bool = True) -> Result | None:
    r = pos.rules
    if pos.placing:
        return None
    m, o = pos.mover, 1 - pos.mover
    if r.army_victories:
        for winner, loser in ((m, o), (o, m)):
            if not pos.occ[loser] & pos.bas:
                return Result.win(SIDE_LETTER[winner], "rout")
        for winner, loser in ((m, o), (o, m)):
            plain = pos.occ[loser] & ~(pos.hop | pos.bas)
            if not plain or not pos.occ[loser] & pos.hop:
                return Result.win(SIDE_LETTER[winner], "decimation")
        for side in (m, o):
            far = pos.geo.row_masks[pos.rules.height - 1 if side == 0 else 0]
            if pos.occ[side] & pos.bas & far:
                return Result.win(SIDE_LETTER[side], "breakthrough")
    if r.no_pieces_loss:
        for winner, loser in ((m, o), (o, m)):
            if not pos.occ[loser]:
                return Result.win(SIDE_LETTER[winner], "no pieces")
    if r.one_piece_loss:
        for winner, loser in ((m, o), (o, m)):
            if pos.occ[loser].bit_count() <= 1:
                return Result.win(SIDE_LETTER[winner], "one piece")
    if check_siege and not pos.has_any_move():
        return pos.stuck_result()
    if r.refusal_limit is not None:
        for side in (m, o):
            if pos.passive[side] >= r.refusal_limit:
                return Result.win(SIDE_LETTER[1 - side], "refusal of battle")
    if pos.quiet >= r.stall_limit or (repeated and r.repetition):
        return pos.adjudicate()
    return None


def stuck_result(pos: Position) -> Result:
    """The result when the side to move has no legal move: siege, or (Piso) the piece count."""
    if pos.rules.no_move == "count":
        return pos.adjudicate(("superiority", "equal forces"))
    return Result.win(SIDE_LETTER[1 - pos.turn], "siege")


def adjudicate(pos: Position, reasons: tuple[str, str] | None = None) -> Result:
    """Stall tie-break: more pieces wins; vagi: then more ordinarii; else a draw."""
    r = pos.rules
    decided, drawn = reasons or r.stall_reasons
    a, b = pos.occ[0].bit_count(), pos.occ[1].bit_count()
    if a == b and r.tiebreak == "pieces_then_ordinarii":
        a, b = (pos.occ[0] & ~pos.vag).bit_count(), (pos.occ[1] & ~pos.vag).bit_count()
    if a == b:
        return Result.draw(drawn)
    return Result.win("w" if a > b else "b", decided)

"""The side to move, one type for every game: ``"w"`` (White) or ``"b"`` (Black).

Position strings, :class:`~petteia_core.result.Result`, ``side_to_move`` of both kinds of
position and :meth:`~petteia_core.game.Game.resign` all use it. Only the custodian bitboards keep
an index (0 White, 1 Black: ``Position.turn``), converted with :func:`side_index` and
:data:`SIDE_LETTER`.

>>> opponent("w"), side_index("b"), SIDE_LETTER[0], side_name("b")
('b', 1, 'w', 'Black')
"""

from __future__ import annotations

from typing import Literal

__all__ = ["BLACK", "SIDES", "SIDE_LETTER", "Side", "WHITE", "opponent", "side_index", "side_name"]

Side = Literal["w", "b"]
WHITE: Side = "w"
BLACK: Side = "b"
SIDES: tuple[Side, Side] = ("w", "b")
#: Bitboard index -> side: ``SIDE_LETTER[pos.turn]``.
SIDE_LETTER = "wb"


def opponent(side: Side) -> Side:
    """The other side."""
    return "b" if side == "w" else "w"


def side_index(side: Side) -> int:
    """The bitboard index of a side: 0 for White, 1 for Black."""
    if side not in SIDES:
        raise ValueError(f"a side is 'w' or 'b', not {side!r}")
    return 0 if side == "w" else 1


def side_name(side: Side) -> str:
    """``White`` or ``Black``."""
    return "White" if side == "w" else "Black"

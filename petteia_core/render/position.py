"""One entry for any position, in the manner of python-chess's ``chess.svg.board``."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Union

from ..custodian import Position
from ..duodecim.position import DuodecimPosition
from ..moves import Move
from .custodian import board_svg
from .description import LATRUNCULI_TITLES
from .duodecim import duodecim_svg

__all__ = ["position_svg"]

Square = Union[int, str]


def _last_pair(last: Move | tuple[int | None, int] | None) -> tuple[int | None, int] | None:
    if isinstance(last, Move):
        return (last.frm, last.to)
    return None if last is None else (last[0], last[1])


def position_svg(
    position: Position | DuodecimPosition,
    *,
    last: Move | tuple[int | None, int] | None = None,
    marks: Mapping[Square, str] | None = None,
    arrows: Iterable[tuple[int, int]] = (),
    flipped: bool = False,
    attic: bool = False,
    caption: str | None = None,
    board_id: str | None = None,
    title: str | None = None,
    show_caption: bool = False,
) -> str:
    """The SVG of ``position``: a custodian board or the Duodecim scripta board.

    ``last`` is the last move (a :class:`~petteia_core.moves.Move` or a (from, to) pair; a
    placement tints only its square), ``marks`` maps squares (Duodecim: point names) to a kind
    of ``HIGHLIGHT_KINDS``, ``arrows`` are (from, to) pairs. Custodian pieces are drawn as the
    position's ruleset has them (Peltasts in the tournament armies; in Ludus latrunculorum the dux
    and bound counters, and the title and description name the reconstruction and the pieces
    still in hand). The Duodecim board shows
    the position's dice and trays; it takes no ``last``, ``arrows``, ``flipped`` or ``attic``.

    >>> from petteia_core import Position
    >>> svg = position_svg(Position.start("classic"), last=(8, 24), marks={24: "mark"})
    >>> svg.startswith("<svg") and 'class="last last-to" data-sq="24"' in svg
    True
    """
    if isinstance(position, DuodecimPosition):
        if last is not None or flipped or attic or tuple(arrows):
            raise ValueError("the Duodecim scripta board takes no last move, arrows, flip or Attic numerals")
        return duodecim_svg(
            position.points_map(),
            bar=tuple(position.bar),  # type: ignore[arg-type]
            off=tuple(position.off),  # type: ignore[arg-type]
            hand=tuple(position.hand),  # type: ignore[arg-type]
            dice=position.dice,
            highlights=dict(marks or {}),  # type: ignore[arg-type]
            caption=caption,
            board_id=board_id,
            title=title,
            show_caption=show_caption,
        )
    latrunculi = position.rules.name if position.rules.name in LATRUNCULI_TITLES else None
    return board_svg(
        position.width,
        position.height,
        position.piece_map(),
        highlights=dict(marks or {}),  # type: ignore[arg-type]
        arrows=list(arrows),
        last_move=_last_pair(last),  # type: ignore[arg-type]
        flipped=flipped,
        attic_rows=attic,
        caption=caption,
        board_id=board_id,
        title=title,
        army=position.rules.setup == "army",
        show_caption=show_caption,
        reconstruction=latrunculi,
        hand=tuple(position.hand) if latrunculi and position.rules.setup == "hand" else None,  # type: ignore[arg-type]
    )

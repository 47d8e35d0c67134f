"""The drawings of the custodian games' pieces, each centred on the origin.

A piece's ``<g>`` is translated to its square's centre by :mod:`.custodian`.
"""

from __future__ import annotations

import math

from .style import num

__all__ = ["KIND_CLASS", "PIECE_LETTERS", "piece_shape"]

#: The piece letters of position strings (upper case White): pessos/Peltast, ordinarius, vagus,
#: Hoplite, Basileus.
PIECE_LETTERS = "POVHB"
#: The CSS class of each kind of piece.
KIND_CLASS = {"P": "peltast", "H": "hoplite", "B": "basileus", "O": "ordinarius", "V": "vagus"}


def _hatch(r: float, step: float) -> str:
    """Parallel chords of a circle of radius ``r`` (drawn horizontally; the caller rotates them)."""
    d = []
    k = -math.floor(r / step)
    while k * step < r:
        y = k * step
        if abs(y) < r - 1:
            h = math.sqrt(r * r - y * y)
            d.append(f"M{num(-h)} {num(y)}H{num(h)}")
        k += 1
    return "".join(d)


_HATCH_V = _hatch(18.5, 6.5)
_CROWN = "M-16 -8L-20 -25L-9 -15L0 -28L9 -15L20 -25L16 -8Z"


def _glyph(text: str, size: int, y: float = 0) -> str:
    return f'<text class="glyph" y="{num(y + size * 0.35)}" font-size="{size}">{text}</text>'


def piece_shape(letter: str, army: bool) -> str:
    """The SVG of one piece of kind ``letter`` (upper case) centred on the origin."""
    if letter == "H":  # Hoplite: a large round shield (hoplon) with a broad rim
        return (
            '<circle class="shadow" cx="2" cy="3" r="26"/>'
            '<circle class="body" r="26"/>'
            '<circle class="ink" r="19" stroke-width="2"/>' + _glyph("Ο", 21)
        )
    if letter == "B":  # Basileus: a crowned shape, taller than the others
        return (
            '<path class="shadow" transform="translate(2 3)" d="' + _CROWN + '"/>'
            '<circle class="shadow" cx="2" cy="8" r="20"/>'
            '<path class="body" d="' + _CROWN + '"/>'
            '<circle class="body" cy="5" r="20"/>' + _glyph("Β", 21, 5)
        )
    if letter == "O":  # ordinarius: face up, an engraved ring and a central pip
        return (
            '<circle class="shadow" cx="2" cy="3" r="22"/>'
            '<circle class="body" r="22"/>'
            '<circle class="ink" r="12" stroke-width="2"/>'
            '<circle class="pip" r="4.5"/>'
        )
    if letter == "V":  # vagus: the same disc turned over, its plain back hatched
        return (
            '<circle class="shadow" cx="2" cy="3" r="22"/>'
            '<circle class="body" r="22"/>'
            f'<path class="ink" stroke-width="2" transform="rotate(-45)" d="{_HATCH_V}"/>'
        )
    # P: the classic pessos, or a Peltast (light-armed: a small disc) with its letter in armies
    shape = '<circle class="shadow" cx="2" cy="3" r="21"/><circle class="body" r="21"/>'
    if army:
        return shape + _glyph("Π", 20)
    return shape + '<circle class="ink" r="15" stroke-width="1.5"/>'

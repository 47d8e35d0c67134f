"""The drawings of the custodian games' pieces, each centred on the origin.

A piece's ``<g>`` is translated to its square's centre by :mod:`.custodian`.
"""

from __future__ import annotations

import math

from .style import num

__all__ = ["KIND_CLASS", "PIECE_LETTERS", "piece_shape"]

#: The piece letters of position strings (upper case White): pessos/Peltast (a latrunculi counter),
#: ordinarius, vagus, Hoplite, Basileus, and Ludus latrunculorum's dux and bound counter
#: (*alligatus*, Schädler).
PIECE_LETTERS = "POVHBDA"
#: The CSS class of each kind of piece.
KIND_CLASS = {"P": "peltast", "H": "hoplite", "B": "basileus", "O": "ordinarius", "V": "vagus",
              "D": "dux", "A": "alligatus"}


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
#: The dux's mark: a small crown (a leader's wreath-crown) inside its large disc, filled in the
#: side's ink so that it reads without colour, in print and on a projector.
_DUX_CROWN = "M-12 7L-14 -9L-6 -2L0 -12L6 -2L14 -9L12 7Z"
#: The cords of a bound counter: two crossed bands over the disc.
_CORDS = "M-14 -14L14 14M14 -14L-14 14"


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
    if letter == "D":  # dux (Ludus latrunculorum): the largest disc, a double rim and a crown
        return (
            '<circle class="shadow" cx="2" cy="3" r="27"/>'
            '<circle class="body" r="27"/>'
            '<circle class="ink" r="21.5" stroke-width="2"/>'
            f'<path class="pip crown" d="{_DUX_CROWN}"/>'
        )
    if letter == "A":  # a bound counter (alligatus): the plain counter tied with crossed cords
        return (
            '<circle class="shadow" cx="2" cy="3" r="21"/><circle class="body" r="21"/>'
            '<circle class="ink" r="15" stroke-width="1.5"/>'
            f'<path class="ink" stroke-width="8.5" stroke-linecap="round" d="{_CORDS}"/>'
            f'<path class="cord" d="{_CORDS}"/>'
            '<circle class="cord-ring" r="24.5"/>'
        )
    # P: the classic pessos, or a Peltast (light-armed: a small disc) with its letter in armies
    shape = '<circle class="shadow" cx="2" cy="3" r="21"/><circle class="body" r="21"/>'
    if army:
        return shape + _glyph("Π", 20)
    return shape + '<circle class="ink" r="15" stroke-width="1.5"/>'

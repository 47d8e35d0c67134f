"""The 36-point track of Ludus duodecim scriptorum and its point names (RULES.md §7).

Track index 0..35 in the order every piece travels: A1..A12 (0..11), B1..B6 (12..17),
C1..C6 (18..23), D1..D6 (24..29), E6..E1 (30..35). ``ENTER`` (-1) is the place a piece comes
from when it enters (hand or bar) and ``OFF`` (36) the place it goes when it is borne off.
"""

from __future__ import annotations

from ..errors import InvalidNotationError, NotationError

TRACK_LEN = 36
PIECES = 15
ENTER = -1
OFF = 36
A12 = 11  #: the last point a piece may reach during its owner's opening phase
E_START = 30  #: index of E6, the first point of the bearing-off sector

#: (letter, number of points) of the five sections, in track order.
SECTIONS = (("A", 12), ("B", 6), ("C", 6), ("D", 6), ("E", 6))

POINT_NAMES: tuple[str, ...] = (
    tuple(f"A{n}" for n in range(1, 13))
    + tuple(f"{letter}{n}" for letter in "BCD" for n in range(1, 7))
    + tuple(f"E{n}" for n in range(6, 0, -1))
)
_INDEX = {name: i for i, name in enumerate(POINT_NAMES)}


def point_name(index: int) -> str:
    """``0`` → ``A1``, ``30`` → ``E6``, ``35`` → ``E1``."""
    if not 0 <= index < TRACK_LEN:
        raise ValueError(f"track index {index} is not 0..35")
    return POINT_NAMES[index]


def parse_point(text: str) -> int:
    """``A1``/``a1`` → 0 … ``E1`` → 35; NotationError for anything else."""
    index = _INDEX.get(text.strip().upper())
    if index is None:
        raise InvalidNotationError(
            f"{text!r} is not a point: points are A1–A12, B1–B6, C1–C6, D1–D6, E6–E1"
        )
    return index

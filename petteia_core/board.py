"""Board geometry and square names.

Squares are integers ``row * width + col``: row 0 is rank 1 (White's side), column 0 is Α.
Columns are named with capital Greek letters; input also accepts lowercase Latin letters by
position (like chess) and capital Latin transliterations (A B G D E Z H TH I K L M).
"""

from __future__ import annotations

from functools import lru_cache

from .errors import InvalidNotationError

COLUMNS = "ΑΒΓΔΕΖΗΘΙΚΛΜ"
LATIN_LOWER = "abcdefghijkl"
TRANSLIT = ("A", "B", "G", "D", "E", "Z", "H", "TH", "I", "K", "L", "M")
ATTIC_ROWS = ("Ι", "ΙΙ", "ΙΙΙ", "ΙΙΙΙ", "Π", "ΠΙ", "ΠΙΙ", "ΠΙΙΙ")

# Lookalikes that OCR and keyboards produce for Greek capitals.
_GREEK_ALIASES = {"Ϲ": "Σ"}


def square_name(sq: int, width: int) -> str:
    """The Greek name of square ``sq`` on a board ``width`` columns wide, e.g. ``Δ4``."""
    row, col = divmod(sq, width)
    return f"{COLUMNS[col]}{row + 1}"


def column_scheme(text: str) -> str | None:
    """Which lettering a square or move uses: 'greek', 'lower', 'upper' or None (no letters)."""
    schemes = set()
    for ch in text:
        if ch in COLUMNS:
            schemes.add("greek")
        elif "a" <= ch <= "z":
            schemes.add("lower")
        elif "A" <= ch <= "Z":
            schemes.add("upper")
    if "lower" in schemes and "upper" in schemes:
        raise InvalidNotationError(
            f"{text!r} mixes lowercase Latin columns (a–l, by position like chess) with capital "
            "Latin transliterations (A B G D E Z H TH I K L M); use one scheme"
        )
    if len(schemes) > 1:
        return "mixed"
    return schemes.pop() if schemes else None


@lru_cache(maxsize=None)
def _column_tables(width: int) -> dict[str, int]:
    table: dict[str, int] = {}
    for i in range(width):
        table[COLUMNS[i]] = i
        table[LATIN_LOWER[i]] = i
        table[TRANSLIT[i]] = i
    return table


def parse_square(text: str, width: int, height: int) -> int:
    """Read a square name in Greek (``Δ4``), lowercase Latin (``d4``) or transliteration (``D4``)."""
    s = text.strip()
    if not s:
        raise InvalidNotationError("empty square name")
    i = 0
    while i < len(s) and not s[i].isdigit():
        i += 1
    letters, digits = s[:i], s[i:]
    if not letters or not digits or not digits.isdigit():
        raise InvalidNotationError(f"{text!r} is not a square: expected a column letter and a row number, e.g. Δ4")
    letters = _GREEK_ALIASES.get(letters, letters)
    table = _column_tables(width)
    if letters not in table:
        names = " ".join(COLUMNS[:width])
        raise InvalidNotationError(f"{text!r}: unknown column {letters!r} (columns are {names}, or a–{LATIN_LOWER[width - 1]})")
    row = int(digits)
    if not 1 <= row <= height:
        raise InvalidNotationError(f"{text!r}: row {row} is off the board (rows 1–{height})")
    return (row - 1) * width + table[letters]

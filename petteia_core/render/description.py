"""The text a screen reader reads for a board (the SVG's ``<desc>``)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ..board import square_name
from ..duodecim.track import POINT_NAMES

__all__ = ["LATRUNCULI_TITLES", "army_guess", "board_description", "describe_pieces", "duodecim_description", "piece_side"]

# Names used in the text description: letter -> (singular, plural).
_NAMES = {
    "P": ("Peltast", "Peltasts"),
    "H": ("Hoplite", "Hoplites"),
    "B": ("Basileus", "Basilei"),
    "O": ("ordinarius", "ordinarii"),
    "V": ("vagus", "vagi"),
    "D": ("dux", "duces"),
    "A": ("bound counter", "bound counters"),
}

#: The reader's name of each Ludus latrunculorum reconstruction (RULES.md §9), by ruleset id.
LATRUNCULI_TITLES = {
    "latrunculi-quintana": "Museum Quintana reconstruction",
    "latrunculi-kowalski": "Kowalski reconstruction, 12×8",
    "latrunculi-kowalski-11x10": "Kowalski reconstruction, 11×10",
    "latrunculi-bell": "Bell reconstruction, 8×8",
    "latrunculi-bell-7x8": "Bell reconstruction, 7×8",
    "latrunculi-piso": "Locus Ludi “Piso” reconstruction",
    "latrunculi-schaedler": "Schädler reconstruction (2001)",
    "latrunculi-schaedler-1994": "Schädler reconstruction (1994)",
}


def piece_side(letter: str) -> str:
    """``w`` for an upper-case (White) piece letter, ``b`` for a lower-case one."""
    return "w" if letter.isupper() else "b"


def army_guess(pieces: Mapping[int, str]) -> bool:
    """Whether the pieces look like tournament armies (a Hoplite or a Basileus is present)."""
    return any(p.upper() in "HB" for p in pieces.values())


def describe_pieces(
    pieces: Mapping[int, str], width: int, *, army: bool | None = None, latrunculi: bool = False
) -> str:
    """A text description of a position for screen readers: the pieces of each side by kind.

    With ``latrunculi`` (or a dux or bound counter on the board) a plain piece is a "counter".

    >>> describe_pieces({0: "D", 1: "A", 2: "P", 63: "p"}, 8)
    'White, 3 pieces: dux Α1; counter Γ1; bound counter Β1. Black, 1 piece: counter Θ8.'
    """
    latrunculi = latrunculi or any(p.upper() in "DA" for p in pieces.values())
    if army is None:
        army = army_guess(pieces)
    out = []
    for side, side_name in (("w", "White"), ("b", "Black")):
        groups: dict[str, list[str]] = {}
        for sq in sorted(pieces):
            letter = pieces[sq]
            if piece_side(letter) != side:
                continue
            groups.setdefault(letter.upper(), []).append(square_name(sq, width))
        total = sum(len(v) for v in groups.values())
        if not total:
            out.append(f"{side_name}: no pieces.")
            continue
        items = []
        for letter in "BHDPOVA":
            if letter not in groups:
                continue
            squares = groups[letter]
            if letter == "P" and latrunculi:
                name = ("counter", "counters")
            elif letter == "P" and not army:
                name = ("piece", "pieces")
            else:
                name = _NAMES[letter]
            if name == ("piece", "pieces") and len(groups) == 1:
                items.append(", ".join(squares))  # the count already says "pieces"
                continue
            items.append(f"{name[0] if len(squares) == 1 else name[1]} {', '.join(squares)}")
        count = f"{total} piece{'s' if total != 1 else ''}"
        out.append(f"{side_name}, {count}: {'; '.join(items)}.")
    return " ".join(out)


def board_description(
    pieces: Mapping[int, str],
    width: int,
    *,
    army: bool,
    last_move: tuple[int | None, int | None] | None,
    arrows: Sequence[tuple[int, int]],
    highlights: Mapping[int, str],
    flipped: bool,
    caption: str | None,
    reconstruction: str | None = None,
    hand: tuple[int, int] | None = None,
) -> str:
    """The description of a custodian board: the game (latrunculi: the reconstruction), pieces,
    pieces in hand, then last move, arrows, marks and caption."""
    desc = describe_pieces(pieces, width, army=army, latrunculi=reconstruction is not None)
    if reconstruction is not None:
        desc = f"Ludus latrunculorum, {LATRUNCULI_TITLES[reconstruction]}. " + desc
    if hand is not None and any(hand):
        desc += f" To be placed: White {hand[0]}, Black {hand[1]}."
    if last_move is not None and None not in last_move:
        desc += f" Last move {square_name(last_move[0], width)}-{square_name(last_move[1], width)}."  # type: ignore[arg-type]
    if arrows:
        desc += " Arrows: " + ", ".join(
            f"{square_name(a, width)}→{square_name(b, width)}" for a, b in arrows
        ) + "."
    if highlights:
        desc += " Marked: " + ", ".join(
            f"{square_name(sq, width)} ({kind})" for sq, kind in sorted(highlights.items())
        ) + "."
    if flipped:
        desc += " Seen from Black's side."
    if caption:
        desc += " " + caption
    return desc


def duodecim_description(
    points: Mapping[str, tuple[str, int]],
    *,
    bar: tuple[int, int],
    off: tuple[int, int],
    hand: tuple[int, int],
    dice: Sequence[int],
    caption: str | None,
) -> str:
    """The description of a Duodecim board: each side's points in track order, trays, dice."""
    parts = []
    for i, (side, side_name) in enumerate((("w", "White"), ("b", "Black"))):
        on = [
            f"{points[p][1]} on {p}"
            for p in POINT_NAMES
            if p in points and points[p][0] == side and points[p][1]
        ]
        desc = f"{side_name}: " + (", ".join(on) if on else "no pieces on the board")
        desc += f"; {hand[i]} to enter, {bar[i]} hit, {off[i]} borne off."
        parts.append(desc)
    if dice:
        parts.append("Dice: " + " and ".join(str(d) for d in dice) + ".")
    if caption:
        parts.append(caption)
    return " ".join(parts)

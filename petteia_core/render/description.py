"""The text a screen reader reads for a board (the SVG's ``<desc>``), in the engine's language
(petteia_core.i18n: the same gettext catalog as the facade's sentences)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ..board import square_name
from ..duodecim.track import POINT_NAMES
from ..i18n import gettext, ngettext

def _(message: str) -> str:
    """``message`` in the engine's language."""
    return gettext(message)


def N_(message: str) -> str:
    """Mark ``message`` for the catalog; :func:`_` translates it at use."""
    return message


__all__ = ["LATRUNCULI_TITLES", "army_guess", "board_description", "describe_pieces", "duodecim_description", "piece_side"]

# Names used in the text description: letter -> (singular, plural).
# Each kind's "name squares" for a number of pieces.
_NAMES = {
    "P": lambda n: ngettext("Peltast {squares}", "Peltasts {squares}", n),
    "H": lambda n: ngettext("Hoplite {squares}", "Hoplites {squares}", n),
    "B": lambda n: ngettext("Basileus {squares}", "Basilei {squares}", n),
    "O": lambda n: ngettext("ordinarius {squares}", "ordinarii {squares}", n),
    "V": lambda n: ngettext("vagus {squares}", "vagi {squares}", n),
    "D": lambda n: ngettext("dux {squares}", "duces {squares}", n),
    "A": lambda n: ngettext("bound counter {squares}", "bound counters {squares}", n),
}
_COUNTER = lambda n: ngettext("counter {squares}", "counters {squares}", n)  # noqa: E731
_PIECE = lambda n: ngettext("piece {squares}", "pieces {squares}", n)  # noqa: E731

#: The reader's name of each Ludus latrunculorum reconstruction (RULES.md §9), by ruleset id.
LATRUNCULI_TITLES = {
    "latrunculi-quintana": N_("Museum Quintana reconstruction"),
    "latrunculi-kowalski": N_("Kowalski reconstruction, 12×8"),
    "latrunculi-kowalski-11x10": N_("Kowalski reconstruction, 11×10"),
    "latrunculi-bell": N_("Bell reconstruction, 8×8"),
    "latrunculi-bell-7x8": N_("Bell reconstruction, 7×8"),
    "latrunculi-piso": N_("Locus Ludi “Piso” reconstruction"),
    "latrunculi-schaedler": N_("Schädler reconstruction (2001)"),
    "latrunculi-schaedler-1994": N_("Schädler reconstruction (1994)"),
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
    for side, side_name in (("w", _("White")), ("b", _("Black"))):
        groups: dict[str, list[str]] = {}
        for sq in sorted(pieces):
            letter = pieces[sq]
            if piece_side(letter) != side:
                continue
            groups.setdefault(letter.upper(), []).append(square_name(sq, width))
        total = sum(len(v) for v in groups.values())
        if not total:
            out.append(_("{side}: no pieces.").format(side=side_name))
            continue
        items = []
        for letter in "BHDPOVA":
            if letter not in groups:
                continue
            squares = groups[letter]
            if letter == "P" and latrunculi:
                name = _COUNTER
            elif letter == "P" and not army:
                name = _PIECE
            else:
                name = _NAMES[letter]
            if name is _PIECE and len(groups) == 1:
                items.append(", ".join(squares))  # the count already says "pieces" (#34, 21)
                continue
            items.append(name(len(squares)).format(squares=", ".join(squares)))
        out.append(ngettext("{side}, {n} piece: {items}.", "{side}, {n} pieces: {items}.", total)
                   .format(side=side_name, n=total, items="; ".join(items)))
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
        desc = f"Ludus latrunculorum, {_(LATRUNCULI_TITLES[reconstruction])}. " + desc
    if hand is not None and any(hand):
        desc += " " + _("To be placed: White {white}, Black {black}.").format(white=hand[0], black=hand[1])
    if last_move is not None and None not in last_move:
        move = f"{square_name(last_move[0], width)}-{square_name(last_move[1], width)}"  # type: ignore[arg-type]
        desc += " " + _("Last move {move}.").format(move=move)
    if arrows:
        desc += " " + _("Arrows: {arrows}.").format(arrows=", ".join(
            f"{square_name(a, width)}→{square_name(b, width)}" for a, b in arrows))
    if highlights:
        desc += " " + _("Marked: {squares}.").format(squares=", ".join(
            f"{square_name(sq, width)} ({kind})" for sq, kind in sorted(highlights.items())))
    if flipped:
        desc += " " + _("Seen from Black's side.")
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
    for i, (side, side_name) in enumerate((("w", _("White")), ("b", _("Black")))):
        on = [
            _("{n} on {point}").format(n=points[p][1], point=p)
            for p in POINT_NAMES
            if p in points and points[p][0] == side and points[p][1]
        ]
        where = ", ".join(on) if on else _("no pieces on the board")
        parts.append(_("{side}: {where}; {hand} to enter, {bar} hit, {off} borne off.").format(
            side=side_name, where=where, hand=hand[i], bar=bar[i], off=off[i]))
    if dice:
        parts.append(_("Dice: {dice}.").format(dice=_(" and ").join(str(d) for d in dice)))
    if caption:
        parts.append(caption)
    return " ".join(parts)

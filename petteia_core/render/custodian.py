"""The SVG diagram of a custodian-game board (Petteia, its relatives and Kubeia).

Squares are ``row * width + col``; row 0 is rank 1 at the bottom (White's side), column 0 is Α.
:func:`board_svg` checks its arguments, lays the board out (:class:`Frame`) and joins the layers
drawn by the small functions below, bottom to top.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from html import escape

from ..board import ATTIC_ROWS, COLUMNS, square_name
from .description import LATRUNCULI_TITLES, army_guess, board_description, piece_side
from .pieces import KIND_CLASS, PIECE_LETTERS, piece_shape
from .style import STYLE, S, attrs, id_prefix, num, tint

__all__ = ["HIGHLIGHT_KINDS", "Frame", "board_svg"]

#: The most rows a board may have (Ludus latrunculorum: up to 12 × 12).
MAX_ROWS = 12

#: What a highlighted square (or point) may be marked as.
HIGHLIGHT_KINDS = ("from", "to", "target", "capture", "mark")

Pair = tuple[int, int]


class Frame:
    """Where a ``width`` × ``height`` board's squares and labels stand on the screen.

    Frame bands hold the coordinates; the row labels stand on the left, or with Attic numerals
    on White's right (the screen's right, or its left when the board is flipped).
    """

    __slots__ = ("width", "height", "flipped", "side_band", "top", "left", "rows_right",
                 "board_w", "board_h", "frame_w", "frame_h")

    def __init__(self, width: int, height: int, flipped: bool, attic_rows: bool) -> None:
        self.width, self.height, self.flipped = width, height, flipped
        # two-digit row numbers (Ludus latrunculorum's boards of 10 to 12 rows) get a wider band
        self.side_band = 48 if attic_rows else (40 if height >= 10 else 32)
        self.top, bottom = 16, 32
        self.rows_right = attic_rows and not flipped
        self.left = self.side_band if not self.rows_right else 16
        right = self.side_band if self.rows_right else 16
        self.board_w, self.board_h = width * S, height * S
        self.frame_w = self.left + self.board_w + right
        self.frame_h = self.top + self.board_h + bottom

    def xy(self, sq: int) -> Pair:
        """Top-left corner of a square on screen."""
        row, col = divmod(sq, self.width)
        dc = self.width - 1 - col if self.flipped else col
        dr = row if self.flipped else self.height - 1 - row
        return self.left + dc * S, self.top + dr * S

    def centre(self, sq: int) -> Pair:
        """Centre of a square on screen."""
        x, y = self.xy(sq)
        return x + S // 2, y + S // 2


def _check(
    width: int, height: int, pieces: Mapping[int, str], highlights: Mapping[int, str],
    arrows: list[Pair], last_move: tuple[int | None, int | None] | None, attic_rows: bool,
) -> None:
    """Raise ValueError for a board size, piece, mark, arrow or last move that cannot be drawn."""
    if not (1 <= width <= len(COLUMNS)) or not (1 <= height <= MAX_ROWS):
        raise ValueError(
            f"board size {width}×{height} is not supported (1–{len(COLUMNS)} columns, 1–{MAX_ROWS} rows)"
        )
    if attic_rows and height > len(ATTIC_ROWS):
        raise ValueError(f"Attic row numerals go up to {len(ATTIC_ROWS)} rows, not {height}")
    n_sq = width * height
    for sq, letter in pieces.items():
        if not (0 <= sq < n_sq):
            raise ValueError(f"piece on square {sq} is off a {width}×{height} board")
        if not isinstance(letter, str) or len(letter) != 1 or letter.upper() not in PIECE_LETTERS:
            raise ValueError(f"unknown piece letter {letter!r} on {square_name(sq, width)}")
    for sq, kind in highlights.items():
        if not (0 <= sq < n_sq):
            raise ValueError(f"highlight on square {sq} is off a {width}×{height} board")
        if kind not in HIGHLIGHT_KINDS:
            raise ValueError(f"unknown highlight kind {kind!r} (kinds: {', '.join(HIGHLIGHT_KINDS)})")
    for a, b in arrows:
        if not (0 <= a < n_sq and 0 <= b < n_sq):
            raise ValueError(f"arrow {a}->{b} leaves a {width}×{height} board")
    if last_move is not None:
        if not all(0 <= s < n_sq for s in last_move if s is not None):
            raise ValueError(f"last move {last_move} leaves a {width}×{height} board")


def _open(f: Frame, pid: str, view_h: int, title: str, desc: str, arrows: bool) -> str:
    """The ``<svg>`` tag, title, description, stylesheet and (with arrows) the arrowhead marker."""
    head = (
        "<svg "
        + attrs(
            xmlns="http://www.w3.org/2000/svg",
            cls="petteia-svg petteia-custodian",
            viewBox=f"0 0 {f.frame_w} {view_h}",
            role="img",
            aria_labelledby=f"{pid}-t {pid}-d",
            data_width=f.width,
            data_height=f.height,
            data_flipped="1" if f.flipped else "0",
            data_square=S,
            data_origin=f"{f.left} {f.top}",
        )
        + ">"
        + f'<title id="{pid}-t">{escape(title)}</title>'
        + f'<desc id="{pid}-d">{escape(desc)}</desc>'
        + f"<style>{STYLE}</style>"
    )
    if arrows:
        head += (
            f'<defs><marker id="{pid}-ah" viewBox="0 0 10 10" refX="5" refY="5" markerWidth="3.2" '
            f'markerHeight="3.2" orient="auto-start-reverse"><path class="arrowhead" d="M0 0L10 5L0 10Z"/>'
            "</marker></defs>"
        )
    return head + f'<rect class="frame" x="1" y="1" width="{f.frame_w - 2}" height="{f.frame_h - 2}" rx="8"/>'


def _squares(f: Frame) -> str:
    """The squares (alternate tints, each named in ``data-name``) and the field's border."""
    out = ['<g class="squares">']
    for sq in range(f.width * f.height):
        x, y = f.xy(sq)
        row, col = divmod(sq, f.width)
        cls = "sq alt" if (row + col) % 2 == 0 else "sq"
        out.append(
            f'<rect class="{cls}" data-sq="{sq}" data-name="{square_name(sq, f.width)}" '
            f'x="{x}" y="{y}" width="{S}" height="{S}"/>'
        )
    out.append("</g>")
    out.append(f'<rect class="field" x="{f.left}" y="{f.top}" width="{f.board_w}" height="{f.board_h}"/>')
    return "".join(out)


def _coords(f: Frame, attic_rows: bool) -> str:
    """Column letters under the board; row numbers (or Attic numerals) beside it."""
    out = ['<g class="coords" aria-hidden="true">']
    for col in range(f.width):
        x, _ = f.xy(col)
        out.append(f'<text class="coord col" x="{x + S // 2}" y="{f.top + f.board_h + 23}">{COLUMNS[col]}</text>')
    for row in range(f.height):
        _, y = f.xy(row * f.width)
        if attic_rows:
            label, extra = ATTIC_ROWS[row], " attic"
        else:
            label, extra = str(row + 1), ""
        x = f.left + f.board_w + f.side_band // 2 if f.rows_right else f.left // 2
        out.append(f'<text class="coord row{extra}" x="{x}" y="{y + S // 2 + 6}">{label}</text>')
    out.append("</g>")
    return "".join(out)


def _marks(f: Frame, last_move: tuple[int | None, int | None] | None, highlights: Mapping[int, str]) -> str:
    """Marks under the pieces: the last move, from/to tints and marked squares."""
    out = ['<g class="marks">']
    if last_move is not None:
        for s, cls in zip(last_move, ("last last-from", "last last-to")):
            if s is None:
                continue
            x, y = f.xy(s)
            out.append(f'<rect class="{cls}" data-sq="{s}" x="{x}" y="{y}" width="{S}" height="{S}"/>')
    for sq, kind in sorted(highlights.items()):
        out.append(tint(kind, f'data-sq="{sq}"', *f.xy(sq), S, S, inset=5))
    out.append("</g>")
    return "".join(out)


def _pieces(f: Frame, pieces: Mapping[int, str], army: bool) -> str:
    """Every piece, a ``<g>`` translated to its square's centre."""
    out = ['<g class="pieces">']
    for sq in sorted(pieces):
        letter = pieces[sq]
        up = letter.upper()
        cx, cy = f.centre(sq)
        out.append(
            "<g "
            + attrs(
                cls=f"piece {piece_side(letter)} {KIND_CLASS[up]}",
                data_sq=sq,
                data_piece=letter,
                transform=f"translate({cx} {cy})",
            )
            + ">"
            + piece_shape(up, army)
            + "</g>"
        )
    out.append("</g>")
    return "".join(out)


def _overlay(f: Frame, highlights: Mapping[int, str]) -> str:
    """Marks over the pieces: targets (dots) and captures (a ring and four corner ticks, readable
    without colour and over any piece)."""
    out = ['<g class="overlay">']
    for sq, kind in sorted(highlights.items()):
        cx, cy = f.centre(sq)
        if kind == "target":
            out.append(f'<circle class="hl-target" data-sq="{sq}" cx="{cx}" cy="{cy}" r="9"/>')
        elif kind == "capture":
            out.append(
                f'<g class="hl-capture" data-sq="{sq}"><circle cx="{cx}" cy="{cy}" r="27"/>'
                f'<path d="M{cx - 27} {cy - 27}l9 9M{cx + 27} {cy - 27}l-9 9'
                f'M{cx - 27} {cy + 27}l9 -9M{cx + 27} {cy + 27}l-9 -9"/></g>'
            )
    out.append("</g>")
    return "".join(out)


def _arrows(f: Frame, arrows: list[Pair], pid: str) -> str:
    """Arrows from square centre to square centre, stopping short so the head's tip lands on it."""
    if not arrows:
        return ""
    out = ['<g class="arrows">']
    for a, b in arrows:
        (x1, y1), (x2, y2) = f.centre(a), f.centre(b)
        length = math.hypot(x2 - x1, y2 - y1)
        if length == 0:
            continue
        k = max(0.0, (length - 14) / length)  # head length ~ 3.2 * 9 / 2
        ex, ey = x1 + (x2 - x1) * k, y1 + (y2 - y1) * k
        out.append(
            f'<line class="arrow" data-from="{a}" data-to="{b}" x1="{x1}" y1="{y1}" '
            f'x2="{num(ex)}" y2="{num(ey)}" marker-end="url(#{pid}-ah)"/>'
        )
    out.append("</g>")
    return "".join(out)


def board_svg(
    width: int,
    height: int,
    pieces: Mapping[int, str],
    *,
    highlights: Mapping[int, str] | None = None,
    arrows: Iterable[tuple[int, int]] | None = None,
    last_move: tuple[int, int] | None = None,
    flipped: bool = False,
    attic_rows: bool = False,
    caption: str | None = None,
    board_id: str | None = None,
    title: str | None = None,
    army: bool | None = None,
    show_caption: bool = False,
    reconstruction: str | None = None,
    hand: tuple[int, int] | None = None,
) -> str:
    """An SVG diagram of a custodian-game board.

    ``pieces`` maps square -> letter (upper case White, lower case Black; P O V H B, and the
    latrunculi dux D and bound counter A).
    ``highlights`` maps square -> one of ``HIGHLIGHT_KINDS``; ``arrows`` are (from, to) pairs;
    ``last_move`` tints its two squares. ``flipped`` puts Black at the bottom. ``attic_rows``
    numbers rows with Attic numerals on White's right. ``caption`` is added to the text
    description, and drawn under the board only with ``show_caption`` (on the site the
    ``<figcaption>`` shows it, and the board keeps one size however it is redrawn). ``army``
    (default: guessed from the presence of H or B) writes Π on P pieces and calls them
    Peltasts; otherwise P is the plain classic pessos.

    ``reconstruction`` names a Ludus latrunculorum ruleset (``latrunculi-bell``…): the title and
    the description then say "Ludus latrunculorum", the reconstruction, and call P a counter, D
    the dux and A a bound counter. ``hand`` (White, Black) adds the pieces still to be placed.
    """
    if reconstruction is not None and reconstruction not in LATRUNCULI_TITLES:
        raise ValueError(f"unknown Ludus latrunculorum reconstruction {reconstruction!r}")
    highlights = dict(highlights or {})
    arrow_list: list[Pair] = [tuple(a) for a in (arrows or ())]  # type: ignore[misc]
    _check(width, height, pieces, highlights, arrow_list, last_move, attic_rows)
    if army is None:
        army = army_guess(pieces)
    f = Frame(width, height, flipped, attic_rows)
    drawn_caption = bool(caption and show_caption)
    view_h = f.frame_h + (40 if drawn_caption else 0)
    pid = id_prefix(
        board_id, width, height, sorted(pieces.items()), sorted(highlights.items()), arrow_list,
        last_move, flipped, attic_rows, caption, title, army, show_caption, reconstruction, hand,
    )
    desc = board_description(
        pieces, width, army=army, last_move=last_move, arrows=arrow_list, highlights=highlights,
        flipped=flipped, caption=caption, reconstruction=reconstruction, hand=hand,
    )
    if title is None:
        title = f"Petteia board {width}×{height}"
        if reconstruction is not None:
            title = f"Ludus latrunculorum, {LATRUNCULI_TITLES[reconstruction]}"
    parts = [
        _open(f, pid, view_h, title, desc, bool(arrow_list)),
        _squares(f),
        _coords(f, attic_rows),
        _marks(f, last_move, highlights),
        _pieces(f, pieces, army),
        _overlay(f, highlights),
        _arrows(f, arrow_list, pid),
        '<g class="fx"/>',  # an empty layer for the front end's own effects (dots, animations)
    ]
    if drawn_caption:
        parts.append(f'<text class="caption" x="{f.frame_w // 2}" y="{f.frame_h + 27}">{escape(caption)}</text>')  # type: ignore[arg-type]
    parts.append("</svg>")
    return "".join(parts)

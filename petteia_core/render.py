"""SVG diagrams of Petteia boards and of the Duodecim scripta board.

Pure functions, standard library only, no I/O: the same code draws the boards at build time
(Markdown fences) and in the browser (Pyodide). The output is deterministic (same input, same
bytes) and styled through CSS classes whose colours are CSS custom properties with fallbacks,
so the site's light, dark and print palettes restyle it (see ``docs/assets/css/board.css``).

Squares are ``row * width + col``; row 0 is rank 1 at the bottom (White's side), column 0 is Α.
"""

from __future__ import annotations

import hashlib
import math
from collections.abc import Iterable, Mapping
from html import escape

__all__ = [
    "COLUMNS",
    "ATTIC_ROWS",
    "HIGHLIGHT_KINDS",
    "PIECE_LETTERS",
    "board_svg",
    "duodecim_svg",
    "duodecim_layout",
    "DUODECIM_TRACK",
    "describe_pieces",
]

COLUMNS = "ΑΒΓΔΕΖΗΘΙΚΛΜ"
ATTIC_ROWS = ("Ι", "ΙΙ", "ΙΙΙ", "ΙΙΙΙ", "Π", "ΠΙ", "ΠΙΙ", "ΠΙΙΙ")
HIGHLIGHT_KINDS = ("from", "to", "target", "capture", "mark")
PIECE_LETTERS = "POVHB"

#: Square size in SVG user units; every other length is derived from it.
S = 60
_FONT = "'Gentium Book Plus','Gentium Plus','Noto Serif','DejaVu Serif',Georgia,'Times New Roman',serif"

# Names used in the text description: letter -> (singular, plural).
_NAMES = {
    "P": ("Peltast", "Peltasts"),
    "H": ("Hoplite", "Hoplites"),
    "B": ("Basileus", "Basilei"),
    "O": ("ordinarius", "ordinarii"),
    "V": ("vagus", "vagi"),
}
_DISPLAY = {"P": "Π", "H": "Ο", "B": "Β"}
_KIND_CLASS = {"P": "peltast", "H": "hoplite", "B": "basileus", "O": "ordinarius", "V": "vagus"}

# One stylesheet, scoped to the class of our <svg>: identical in every board, so repeating it
# in an HTML page is harmless. Colours are custom properties (set by board.css) with fallbacks.
_STYLE = (
    ".petteia-svg{font-family:var(--petteia-font," + _FONT + ")}"
    ".petteia-svg .frame{fill:var(--petteia-frame,#6e4b2a);stroke:var(--petteia-frame-edge,#3f2a17);stroke-width:2}"
    ".petteia-svg .field{fill:none;stroke:var(--petteia-frame-edge,#3f2a17);stroke-width:3}"
    ".petteia-svg .sq{fill:var(--petteia-sq,#ead7ae);stroke:var(--petteia-line,#8c6a43);stroke-width:1.2}"
    ".petteia-svg .sq.alt{fill:var(--petteia-sq-alt,#e3cd9d)}"
    ".petteia-svg .coord{fill:var(--petteia-coord,#f4e6c6);font-size:17px;font-weight:600;text-anchor:middle}"
    ".petteia-svg .coord.attic{font-size:15px;letter-spacing:-1px}"
    ".petteia-svg .caption{fill:var(--petteia-caption,currentColor);font-size:18px;text-anchor:middle}"
    ".petteia-svg .shadow{fill:var(--petteia-shadow,#000);opacity:.28}"
    ".petteia-svg .w .body{fill:var(--petteia-white,#fbf5e6);stroke:var(--petteia-white-edge,#2a1c10);stroke-width:2.5}"
    ".petteia-svg .b .body{fill:var(--petteia-black,#2b211b);stroke:var(--petteia-black-edge,#f2e4c6);stroke-width:2.5}"
    ".petteia-svg .w .ink{stroke:var(--petteia-white-edge,#2a1c10);fill:none}"
    ".petteia-svg .b .ink{stroke:var(--petteia-black-edge,#f2e4c6);fill:none}"
    ".petteia-svg .w .pip,.petteia-svg .w .glyph{fill:var(--petteia-white-edge,#2a1c10)}"
    ".petteia-svg .b .pip,.petteia-svg .b .glyph{fill:var(--petteia-black-edge,#f2e4c6)}"
    ".petteia-svg .glyph{font-weight:700;text-anchor:middle}"
    ".petteia-svg .hl-from,.petteia-svg .hl-to,.petteia-svg .last{fill:var(--petteia-last,#d9a521);opacity:.45}"
    ".petteia-svg .hl-from,.petteia-svg .last-from{opacity:.3}"
    ".petteia-svg .hl-mark{fill:none;stroke:var(--petteia-mark,#1f5c99);stroke-width:4;stroke-dasharray:9 5}"
    ".petteia-svg .hl-target{fill:var(--petteia-target,#2a1c10);opacity:.45}"
    ".petteia-svg .hl-capture{fill:none;stroke:var(--petteia-capture,#b3261e);stroke-width:4}"
    ".petteia-svg .arrow{stroke:var(--petteia-arrow,#c0502a);stroke-width:9;stroke-linecap:round;opacity:.85}"
    ".petteia-svg .arrowhead{fill:var(--petteia-arrow,#c0502a)}"
    ".petteia-svg .pt{fill:var(--petteia-sq,#ead7ae);stroke:var(--petteia-line,#8c6a43);stroke-width:1.2}"
    ".petteia-svg .pt.alt{fill:var(--petteia-sq-alt,#e3cd9d)}"
    ".petteia-svg .ptname{fill:var(--petteia-line,#8c6a43);font-size:13px;text-anchor:middle}"
    ".petteia-svg .count{font-size:15px;font-weight:700;text-anchor:middle}"
    ".petteia-svg .tray{fill:var(--petteia-coord,#f4e6c6);font-size:16px}"
    ".petteia-svg .die{fill:var(--petteia-die,#fbf5e6);stroke:var(--petteia-white-edge,#2a1c10);stroke-width:2}"
    ".petteia-svg .die-pip{fill:var(--petteia-white-edge,#2a1c10)}"
    # Phones: a 12-column board or the duodecim board is drawn at under half its size, so its
    # labels get larger viewBox sizes to stay readable (about 10 px at 375 px); 8 × 8 boards and
    # every board on paper or a wide screen keep the sizes above.
    "@media screen and (max-width:30em){"
    ".petteia-svg[data-width='12'] .coord{font-size:23px}"
    ".petteia-svg[data-width='12'] .coord.attic{font-size:18px}"
    ".petteia-duodecim .ptname{font-size:21px}"
    ".petteia-duodecim .tray{font-size:22px}"
    ".petteia-duodecim .count{font-size:20px}}"
)


# ---------------------------------------------------------------------------------------------
# small helpers


def _n(x: float) -> str:
    """A compact number: integers without decimals, others with at most one."""
    r = round(x, 1)
    if r == int(r):
        return str(int(r))
    return f"{r:.1f}"


def _attrs(**kw: object) -> str:
    """Attributes in the order given; ``cls`` becomes ``class``, ``_`` becomes ``-``; None is dropped."""
    parts = []
    for k, v in kw.items():
        if v is None:
            continue
        name = "class" if k == "cls" else k.replace("_", "-")
        if isinstance(v, float):
            v = _n(v)
        parts.append(f'{name}="{escape(str(v), quote=True)}"')
    return " ".join(parts)


def _id_prefix(board_id: str | None, *parts: object) -> str:
    """The prefix of the element ids inside one SVG: ``board_id`` or a hash of the input."""
    if board_id:
        return board_id
    digest = hashlib.sha1(repr(parts).encode("utf-8")).hexdigest()[:8]
    return f"pb{digest}"


def _square_name(sq: int, width: int) -> str:
    row, col = divmod(sq, width)
    return f"{COLUMNS[col]}{row + 1}"


def _side(letter: str) -> str:
    return "w" if letter.isupper() else "b"


def describe_pieces(pieces: Mapping[int, str], width: int, *, army: bool | None = None) -> str:
    """A text description of a position for screen readers: the pieces of each side by kind."""
    if army is None:
        army = any(p.upper() in "HB" for p in pieces.values())
    out = []
    for side, side_name in (("w", "White"), ("b", "Black")):
        groups: dict[str, list[str]] = {}
        for sq in sorted(pieces):
            letter = pieces[sq]
            if _side(letter) != side:
                continue
            groups.setdefault(letter.upper(), []).append(_square_name(sq, width))
        total = sum(len(v) for v in groups.values())
        if not total:
            out.append(f"{side_name}: no pieces.")
            continue
        items = []
        for letter in "BHPOV":
            if letter not in groups:
                continue
            squares = groups[letter]
            if letter == "P" and not army:
                name = ("piece", "pieces")
            else:
                name = _NAMES[letter]
            items.append(f"{name[0] if len(squares) == 1 else name[1]} {', '.join(squares)}")
        count = f"{total} piece{'s' if total != 1 else ''}"
        out.append(f"{side_name}, {count}: {'; '.join(items)}.")
    return " ".join(out)


# ---------------------------------------------------------------------------------------------
# pieces (drawn around the origin; the group is translated to the square's centre)


def _hatch(r: float, step: float) -> str:
    """Parallel chords of a circle of radius ``r`` (drawn horizontally; the caller rotates them)."""
    d = []
    k = -math.floor(r / step)
    while k * step < r:
        y = k * step
        if abs(y) < r - 1:
            h = math.sqrt(r * r - y * y)
            d.append(f"M{_n(-h)} {_n(y)}H{_n(h)}")
        k += 1
    return "".join(d)


_HATCH_V = _hatch(18.5, 6.5)
_CROWN = "M-16 -8L-20 -25L-9 -15L0 -28L9 -15L20 -25L16 -8Z"


def _glyph(text: str, size: int, y: float = 0) -> str:
    return f'<text class="glyph" y="{_n(y + size * 0.35)}" font-size="{size}">{text}</text>'


def _piece_shape(letter: str, army: bool) -> str:
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


# ---------------------------------------------------------------------------------------------
# the custodian board


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
) -> str:
    """An SVG diagram of a custodian-game board.

    ``pieces`` maps square -> letter (upper case White, lower case Black; P O V H B).
    ``highlights`` maps square -> one of ``HIGHLIGHT_KINDS``; ``arrows`` are (from, to) pairs;
    ``last_move`` tints its two squares. ``flipped`` puts Black at the bottom. ``attic_rows``
    numbers rows with Attic numerals on White's right. ``caption`` is added to the text
    description, and drawn under the board only with ``show_caption`` (on the site the
    ``<figcaption>`` shows it, and the board keeps one size however it is redrawn). ``army`` (default: guessed from the presence of H or B) writes Π on
    P pieces and calls them Peltasts; otherwise P is the plain classic pessos.
    """
    if not (1 <= width <= len(COLUMNS)) or height < 1:
        raise ValueError(f"board size {width}×{height} is not supported (1–{len(COLUMNS)} columns)")
    if attic_rows and height > len(ATTIC_ROWS):
        raise ValueError(f"Attic row numerals go up to {len(ATTIC_ROWS)} rows, not {height}")
    n_sq = width * height
    for sq, letter in pieces.items():
        if not (0 <= sq < n_sq):
            raise ValueError(f"piece on square {sq} is off a {width}×{height} board")
        if not isinstance(letter, str) or len(letter) != 1 or letter.upper() not in PIECE_LETTERS:
            raise ValueError(f"unknown piece letter {letter!r} on {_square_name(sq, width)}")
    highlights = dict(highlights or {})
    for sq, kind in highlights.items():
        if not (0 <= sq < n_sq):
            raise ValueError(f"highlight on square {sq} is off a {width}×{height} board")
        if kind not in HIGHLIGHT_KINDS:
            raise ValueError(f"unknown highlight kind {kind!r} (kinds: {', '.join(HIGHLIGHT_KINDS)})")
    arrows = [tuple(a) for a in (arrows or ())]
    for a, b in arrows:
        if not (0 <= a < n_sq and 0 <= b < n_sq):
            raise ValueError(f"arrow {a}->{b} leaves a {width}×{height} board")
    if last_move is not None:
        if not all(0 <= s < n_sq for s in last_move if s is not None):
            raise ValueError(f"last move {last_move} leaves a {width}×{height} board")
    if army is None:
        army = any(p.upper() in "HB" for p in pieces.values())

    # Layout: frame bands hold the coordinates; the row labels stand on the left, or with Attic
    # numerals on White's right (the screen's right, or its left when the board is flipped).
    side_band = 48 if attic_rows else 32
    top, bottom = 16, 32
    rows_right = attic_rows and not flipped
    left = side_band if not rows_right else 16
    right = side_band if rows_right else 16
    bw, bh = width * S, height * S
    fw, fh = left + bw + right, top + bh + bottom
    cap_h = 40 if caption and show_caption else 0
    vw, vh = fw, fh + cap_h

    def xy(sq: int) -> tuple[int, int]:
        """Top-left corner of a square on screen."""
        row, col = divmod(sq, width)
        dc = width - 1 - col if flipped else col
        dr = row if flipped else height - 1 - row
        return left + dc * S, top + dr * S

    def centre(sq: int) -> tuple[int, int]:
        x, y = xy(sq)
        return x + S // 2, y + S // 2

    pid = _id_prefix(
        board_id, width, height, sorted(pieces.items()), sorted(highlights.items()), arrows,
        last_move, flipped, attic_rows, caption, title, army, show_caption,
    )
    name = f"Petteia board {width}×{height}"
    title_text = title or name
    desc = describe_pieces(pieces, width, army=army)
    if last_move is not None and None not in last_move:
        desc += f" Last move {_square_name(last_move[0], width)}-{_square_name(last_move[1], width)}."
    if arrows:
        desc += " Arrows: " + ", ".join(
            f"{_square_name(a, width)}→{_square_name(b, width)}" for a, b in arrows
        ) + "."
    if highlights:
        desc += " Marked: " + ", ".join(
            f"{_square_name(sq, width)} ({kind})" for sq, kind in sorted(highlights.items())
        ) + "."
    if flipped:
        desc += " Seen from Black's side."
    if caption:
        desc += " " + caption

    out: list[str] = []
    w = out.append
    w(
        "<svg "
        + _attrs(
            xmlns="http://www.w3.org/2000/svg",
            cls="petteia-svg petteia-custodian",
            viewBox=f"0 0 {vw} {vh}",
            role="img",
            aria_labelledby=f"{pid}-t {pid}-d",
            data_width=width,
            data_height=height,
            data_flipped="1" if flipped else "0",
            data_square=S,
            data_origin=f"{left} {top}",
        )
        + ">"
    )
    w(f'<title id="{pid}-t">{escape(title_text)}</title>')
    w(f'<desc id="{pid}-d">{escape(desc)}</desc>')
    w(f"<style>{_STYLE}</style>")
    w(
        f'<defs><marker id="{pid}-ah" viewBox="0 0 10 10" refX="5" refY="5" markerWidth="3.2" '
        f'markerHeight="3.2" orient="auto-start-reverse"><path class="arrowhead" d="M0 0L10 5L0 10Z"/>'
        "</marker></defs>"
        if arrows
        else ""
    )
    # frame and field
    w(f'<rect class="frame" x="1" y="1" width="{fw - 2}" height="{fh - 2}" rx="8"/>')

    # squares
    w('<g class="squares">')
    for sq in range(n_sq):
        x, y = xy(sq)
        row, col = divmod(sq, width)
        cls = "sq alt" if (row + col) % 2 == 0 else "sq"
        w(
            f'<rect class="{cls}" data-sq="{sq}" data-name="{_square_name(sq, width)}" '
            f'x="{x}" y="{y}" width="{S}" height="{S}"/>'
        )
    w("</g>")
    w(f'<rect class="field" x="{left}" y="{top}" width="{bw}" height="{bh}"/>')

    # coordinates
    w('<g class="coords" aria-hidden="true">')
    for col in range(width):
        x, _ = xy(col)
        w(f'<text class="coord col" x="{x + S // 2}" y="{top + bh + 23}">{COLUMNS[col]}</text>')
    for row in range(height):
        _, y = xy(row * width)
        if attic_rows:
            label, extra = ATTIC_ROWS[row], " attic"
        else:
            label, extra = str(row + 1), ""
        if rows_right:
            x = left + bw + side_band // 2
        else:
            x = left // 2
        w(f'<text class="coord row{extra}" x="{x}" y="{y + S // 2 + 6}">{label}</text>')
    w("</g>")

    # marks under the pieces: last move, from/to tints, marked squares
    w('<g class="marks">')
    if last_move is not None:
        for s, cls in zip(last_move, ("last last-from", "last last-to")):
            if s is None:
                continue
            x, y = xy(s)
            w(f'<rect class="{cls}" data-sq="{s}" x="{x}" y="{y}" width="{S}" height="{S}"/>')
    for sq, kind in sorted(highlights.items()):
        x, y = xy(sq)
        if kind in ("from", "to"):
            w(f'<rect class="hl-{kind}" data-sq="{sq}" x="{x}" y="{y}" width="{S}" height="{S}"/>')
        elif kind == "mark":
            w(f'<rect class="hl-mark" data-sq="{sq}" x="{x + 5}" y="{y + 5}" width="{S - 10}" height="{S - 10}" rx="4"/>')
    w("</g>")

    # pieces
    w('<g class="pieces">')
    for sq in sorted(pieces):
        letter = pieces[sq]
        up = letter.upper()
        cx, cy = centre(sq)
        side = _side(letter)
        w(
            "<g "
            + _attrs(
                cls=f"piece {side} {_KIND_CLASS[up]}",
                data_sq=sq,
                data_piece=letter,
                transform=f"translate({cx} {cy})",
            )
            + ">"
            + _piece_shape(up, army)
            + "</g>"
        )
    w("</g>")

    # marks over the pieces: targets (dots) and captures (ring and cross, visible without colour)
    w('<g class="overlay">')
    for sq, kind in sorted(highlights.items()):
        cx, cy = centre(sq)
        if kind == "target":
            w(f'<circle class="hl-target" data-sq="{sq}" cx="{cx}" cy="{cy}" r="9"/>')
        elif kind == "capture":
            # a ring and four corner ticks: readable without colour and over any piece
            w(
                f'<g class="hl-capture" data-sq="{sq}"><circle cx="{cx}" cy="{cy}" r="27"/>'
                f'<path d="M{cx - 27} {cy - 27}l9 9M{cx + 27} {cy - 27}l-9 9'
                f'M{cx - 27} {cy + 27}l9 -9M{cx + 27} {cy + 27}l-9 -9"/></g>'
            )
    w("</g>")

    # arrows
    if arrows:
        w('<g class="arrows">')
        for a, b in arrows:
            (x1, y1), (x2, y2) = centre(a), centre(b)
            length = math.hypot(x2 - x1, y2 - y1)
            if length == 0:
                continue
            # stop short of the centre so the head's tip lands on it (head length ~ 3.2 * 9 / 2)
            k = max(0.0, (length - 14) / length)
            ex, ey = x1 + (x2 - x1) * k, y1 + (y2 - y1) * k
            w(
                f'<line class="arrow" data-from="{a}" data-to="{b}" x1="{x1}" y1="{y1}" '
                f'x2="{_n(ex)}" y2="{_n(ey)}" marker-end="url(#{pid}-ah)"/>'
            )
        w("</g>")

    # an empty layer for the front end's own effects (destination dots, animations)
    w('<g class="fx"/>')
    if caption and show_caption:
        w(f'<text class="caption" x="{vw // 2}" y="{fh + 27}">{escape(caption)}</text>')
    w("</svg>")
    return "".join(out)


# ---------------------------------------------------------------------------------------------
# Duodecim scripta (Ostia board, CIL XIV 5317)

_DUO_W, _DUO_H, _DUO_GAP, _DUO_NAME = 58, 104, 34, 17


def duodecim_layout() -> dict[str, tuple[int, int]]:
    """Point name -> (column 0..11, row 0 top / 1 middle / 2 bottom) on the screen (RULES.md §7)."""
    cells: dict[str, tuple[int, int]] = {}
    for n in range(1, 13):
        cells[f"A{n}"] = (n - 1, 1)
    for n in range(1, 7):
        cells[f"B{n}"] = (12 - n, 0)
        cells[f"C{n}"] = (6 - n, 0)
        cells[f"D{n}"] = (n - 1, 2)
        cells[f"E{n}"] = (12 - n, 2)
    return cells


#: The 36 points in the order every piece travels (A1..A12, B1..B6, C1..C6, D1..D6, E6..E1).
DUODECIM_TRACK: tuple[str, ...] = (
    tuple(f"A{n}" for n in range(1, 13))
    + tuple(f"{letter}{n}" for letter in "BCD" for n in range(1, 7))
    + tuple(f"E{n}" for n in range(6, 0, -1))
)

_PIPS = {
    1: ((0, 0),),
    2: ((-1, -1), (1, 1)),
    3: ((-1, -1), (0, 0), (1, 1)),
    4: ((-1, -1), (1, -1), (-1, 1), (1, 1)),
    5: ((-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)),
    6: ((-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)),
}


def _die(x: int, y: int, value: int, size: int = 30) -> str:
    if value not in _PIPS:
        raise ValueError(f"a die shows 1–6, not {value!r}")
    h = size // 2
    out = [f'<g class="dice-die" data-value="{value}"><rect class="die" x="{x - h}" y="{y - h}" width="{size}" height="{size}" rx="5"/>']
    for dx, dy in _PIPS[value]:
        out.append(f'<circle class="die-pip" cx="{x + dx * 8}" cy="{y + dy * 8}" r="3"/>')
    out.append("</g>")
    return "".join(out)


def _stack(side: str, count: int, cx: int, cy: int, point: str) -> str:
    """A stack of ``count`` pieces of ``side`` centred at (cx, cy); more than 4 shows a number."""
    shown = min(count, 4)
    step = 10
    out = [f'<g class="stack {side}" data-point="{point}" data-side="{side}" data-count="{count}">']
    y0 = cy + (shown - 1) * step // 2
    for i in range(shown):
        y = y0 - i * step
        out.append(
            f'<circle class="shadow" cx="{cx + 2}" cy="{y + 3}" r="19"/>'
            f'<circle class="body" cx="{cx}" cy="{y}" r="19"/>'
        )
    if count > 4:
        y = y0 - (shown - 1) * step
        out.append(f'<text class="glyph count" x="{cx}" y="{y + 5}">{count}</text>')
    out.append("</g>")
    return "".join(out)


def duodecim_svg(
    points: Mapping[str, tuple[str, int]],
    *,
    bar: tuple[int, int] = (0, 0),
    off: tuple[int, int] = (0, 0),
    hand: tuple[int, int] = (15, 15),
    dice: Iterable[int] | None = None,
    highlights: Mapping[str, str] | None = None,
    caption: str | None = None,
    board_id: str | None = None,
    title: str | None = None,
    show_caption: bool = False,
) -> str:
    """An SVG diagram of the Duodecim scripta board (3 rows × 12 points, two halves of 6).

    ``points`` maps a point name (A1..A12, B1..B6, C1..C6, D1..D6, E1..E6) to (side "w"|"b",
    count). ``bar`` are the hit pieces waiting to re-enter, ``off`` those borne off and ``hand``
    those not yet entered, each as (white, black). ``dice`` are the values to show;
    ``highlights`` maps a point name to a kind of ``HIGHLIGHT_KINDS``. ``caption`` goes into
    the text description, and is drawn only with ``show_caption``.
    """
    layout = duodecim_layout()
    for name, value in points.items():
        if name not in layout:
            raise ValueError(f"unknown point {name!r} (points are A1–A12, B1–B6, C1–C6, D1–D6, E1–E6)")
        side, count = value
        if side not in ("w", "b") or not isinstance(count, int) or count < 0:
            raise ValueError(f"point {name}: expected ('w'|'b', count), got {value!r}")
    highlights = dict(highlights or {})
    for name, kind in highlights.items():
        if name not in layout:
            raise ValueError(f"highlight on unknown point {name!r}")
        if kind not in HIGHLIGHT_KINDS:
            raise ValueError(f"unknown highlight kind {kind!r} (kinds: {', '.join(HIGHLIGHT_KINDS)})")
    dice_values = tuple(dice or ())

    pad, tray = 14, 60  # the tray holds two lines of text (to enter / hit · off)
    bw = 12 * _DUO_W + _DUO_GAP
    bh = 3 * _DUO_H
    fw, fh = pad * 2 + bw, pad + bh + tray
    cap_h = 40 if caption and show_caption else 0
    vw, vh = fw, fh + cap_h

    def cell(name: str) -> tuple[int, int]:
        col, row = layout[name]
        x = pad + col * _DUO_W + (_DUO_GAP if col >= 6 else 0)
        return x, pad + row * _DUO_H

    def stack_centre(name: str) -> tuple[int, int]:
        """Where a point's stack stands: the part of the cell not used by the point's name."""
        x, y = cell(name)
        off = _DUO_NAME // 2 if layout[name][1] != 2 else -(_DUO_NAME // 2)
        return x + _DUO_W // 2, y + _DUO_H // 2 + off

    pid = _id_prefix(board_id, sorted(points.items()), bar, off, hand, dice_values,
                     sorted(highlights.items()), caption, title, show_caption)
    # text description
    parts = []
    for side, side_name in (("w", "White"), ("b", "Black")):
        i = 0 if side == "w" else 1
        on = [f"{points[p][1]} on {p}" for p in DUODECIM_TRACK if p in points and points[p][0] == side and points[p][1]]
        desc = f"{side_name}: " + (", ".join(on) if on else "no pieces on the board")
        desc += f"; {hand[i]} to enter, {bar[i]} hit, {off[i]} borne off."
        parts.append(desc)
    if dice_values:
        parts.append("Dice: " + " and ".join(str(d) for d in dice_values) + ".")
    if caption:
        parts.append(caption)
    desc_text = " ".join(parts)

    out: list[str] = []
    w = out.append
    w(
        "<svg "
        + _attrs(
            xmlns="http://www.w3.org/2000/svg",
            cls="petteia-svg petteia-duodecim",
            viewBox=f"0 0 {vw} {vh}",
            role="img",
            aria_labelledby=f"{pid}-t {pid}-d",
        )
        + ">"
    )
    w(f'<title id="{pid}-t">{escape(title or "Duodecim scripta board")}</title>')
    w(f'<desc id="{pid}-d">{escape(desc_text)}</desc>')
    w(f"<style>{_STYLE}</style>")
    w(f'<rect class="frame" x="1" y="1" width="{fw - 2}" height="{fh - 2}" rx="8"/>')
    # the two halves
    for hx in (pad, pad + 6 * _DUO_W + _DUO_GAP):
        w(f'<rect class="field" x="{hx}" y="{pad}" width="{6 * _DUO_W}" height="{bh}"/>')
    w('<g class="points">')
    for name in DUODECIM_TRACK:
        x, y = cell(name)
        col, row = layout[name]
        cls = "pt alt" if (col + row) % 2 == 0 else "pt"
        w(
            f'<g class="point" data-point="{name}"><rect class="{cls}" data-point="{name}" x="{x}" y="{y}" '
            f'width="{_DUO_W}" height="{_DUO_H}"/>'
        )
        # Names on the outer side of each cell, anchored at the cell's edge so that a larger font
        # (phones, see _STYLE) grows into the cell and not over the frame.
        if row != 2:
            w(f'<text class="ptname" x="{x + _DUO_W // 2}" y="{y + 3}" dominant-baseline="hanging">{name}</text></g>')
        else:
            w(f'<text class="ptname" x="{x + _DUO_W // 2}" y="{y + _DUO_H - 5}">{name}</text></g>')
    w("</g>")
    w('<g class="marks">')
    for name, kind in sorted(highlights.items()):
        x, y = cell(name)
        if kind in ("from", "to"):
            w(f'<rect class="hl-{kind}" data-point="{name}" x="{x}" y="{y}" width="{_DUO_W}" height="{_DUO_H}"/>')
        elif kind == "mark":
            w(f'<rect class="hl-mark" data-point="{name}" x="{x + 4}" y="{y + 4}" width="{_DUO_W - 8}" height="{_DUO_H - 8}" rx="4"/>')
    w("</g>")
    w('<g class="pieces">')
    for name in DUODECIM_TRACK:
        if name not in points:
            continue
        side, count = points[name]
        if count == 0:
            continue
        w(_stack(side, count, *stack_centre(name), name))
    w("</g>")
    w('<g class="overlay">')
    for name, kind in sorted(highlights.items()):
        cx, cy = stack_centre(name)
        if kind == "target":
            w(f'<circle class="hl-target" data-point="{name}" cx="{cx}" cy="{cy}" r="9"/>')
        elif kind == "capture":
            w(f'<g class="hl-capture" data-point="{name}"><circle cx="{cx}" cy="{cy}" r="25"/></g>')
    w("</g>")
    # trays: pieces off the board, and the dice
    ty = pad + bh + tray // 2
    w('<g class="trays">')
    for i, (side, x, anchor) in enumerate((("w", pad + 22, "start"), ("b", fw - pad - 22, "end"))):
        tx = x + 24 if anchor == "start" else x - 24
        w(
            f'<g class="tray-side {side}" data-side="{side}" data-hand="{hand[i]}" data-bar="{bar[i]}" data-off="{off[i]}">'
            f'<circle class="body" cx="{x}" cy="{ty}" r="13"/>'
            f'<text class="tray" x="{tx}" y="{ty - 3}" text-anchor="{anchor}">'
            f'<tspan x="{tx}">to enter {hand[i]}</tspan>'
            f'<tspan x="{tx}" dy="1.1em">hit {bar[i]} · off {off[i]}</tspan></text></g>'
        )
    if dice_values:
        dx0 = fw // 2 - (len(dice_values) - 1) * 20
        w('<g class="dice">')
        for k, v in enumerate(dice_values):
            w(_die(dx0 + k * 40, ty, v))
        w("</g>")
    w("</g>")
    w('<g class="fx"/>')
    if caption and show_caption:
        w(f'<text class="caption" x="{vw // 2}" y="{fh + 27}">{escape(caption)}</text>')
    w("</svg>")
    return "".join(out)

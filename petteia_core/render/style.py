"""The shared look of every board: the stylesheet, the square size and SVG text helpers.

The stylesheet is scoped to the class of our ``<svg>`` and identical in every board, so repeating
it in an HTML page is harmless. Colours are CSS custom properties (set by
``docs/assets/css/board.css``) with fallbacks, so the site's light, dark and print palettes
restyle the boards.
"""

from __future__ import annotations

import hashlib
from html import escape

__all__ = ["FONT", "S", "STYLE", "attrs", "id_prefix", "num"]

#: Square size in SVG user units; every other length of the custodian board is derived from it.
S = 60
FONT = "'Gentium Book Plus','Gentium Plus','Noto Serif','DejaVu Serif',Georgia,'Times New Roman',serif"

STYLE = (
    ".petteia-svg{font-family:var(--petteia-font," + FONT + ")}"
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
    # Ludus latrunculorum: a bound counter's cords, in a colour of their own that reads on both
    # sides' discs and on the squares (dark red, black on paper), dashed like a rope around it.
    ".petteia-svg .cord{fill:none;stroke:var(--petteia-bound,#a3241a);stroke-width:5;stroke-linecap:round}"
    ".petteia-svg .cord-ring{fill:none;stroke:var(--petteia-bound,#a3241a);stroke-width:3.5;stroke-dasharray:6 3.4}"
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
    ".petteia-svg .track-dir{fill:var(--petteia-line,#8c6a43);stroke:var(--petteia-line,#8c6a43);stroke-width:2;opacity:.6;pointer-events:none}"
    ".petteia-svg .count{font-size:15px;font-weight:700;text-anchor:middle}"
    ".petteia-svg .tray{fill:var(--petteia-coord,#f4e6c6);font-size:16px}"
    ".petteia-svg .die{fill:var(--petteia-die,#fbf5e6);stroke:var(--petteia-white-edge,#2a1c10);stroke-width:2}"
    ".petteia-svg .die-pip{fill:var(--petteia-white-edge,#2a1c10)}"
    # Phones: a 12-column board or the duodecim board is drawn at under half its size, so its
    # labels get larger viewBox sizes to stay readable (about 10 px at 375 px); 8 × 8 boards and
    # every board on paper or a wide screen keep the sizes above.
    "@media screen and (max-width:30em){"
    ".petteia-svg[data-width='11'] .coord,.petteia-svg[data-width='12'] .coord{font-size:23px}"
    ".petteia-svg[data-width='12'] .coord.attic{font-size:18px}"
    ".petteia-duodecim .ptname{font-size:21px}"
    ".petteia-duodecim .tray{font-size:22px}"
    ".petteia-duodecim .count{font-size:20px}}"
)


def num(x: float) -> str:
    """A compact number: integers without decimals, others with at most one."""
    r = round(x, 1)
    if r == int(r):
        return str(int(r))
    return f"{r:.1f}"


def attrs(**kw: object) -> str:
    """Attributes in the order given; ``cls`` becomes ``class``, ``_`` becomes ``-``; None is dropped."""
    parts = []
    for k, v in kw.items():
        if v is None:
            continue
        name = "class" if k == "cls" else k.replace("_", "-")
        if isinstance(v, float):
            v = num(v)
        parts.append(f'{name}="{escape(str(v), quote=True)}"')
    return " ".join(parts)


def id_prefix(board_id: str | None, *parts: object) -> str:
    """The prefix of the element ids inside one SVG: ``board_id`` or a hash of the input."""
    if board_id:
        return board_id
    digest = hashlib.sha1(repr(parts).encode("utf-8")).hexdigest()[:8]
    return f"pb{digest}"


def tint(kind: str, where: str, x: int, y: int, w: int, h: int, inset: int) -> str:
    """A highlight under the pieces of one cell (a square, or a point of the track): ``from`` and
    ``to`` tint the whole cell, ``mark`` frames it ``inset`` units inside its edge; other kinds
    are drawn over the pieces, so they give "" here. ``where``: the cell's data attribute, e.g.
    ``data-sq="12"``."""
    if kind in ("from", "to"):
        return f'<rect class="hl-{kind}" {where} x="{x}" y="{y}" width="{w}" height="{h}"/>'
    if kind == "mark":
        return (f'<rect class="hl-mark" {where} x="{x + inset}" y="{y + inset}" width="{w - 2 * inset}" '
                f'height="{h - 2 * inset}" rx="4"/>')
    return ""

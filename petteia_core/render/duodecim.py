"""The SVG diagram of the Duodecim scripta board (Ostia board, CIL XIV 5317; RULES.md §7).

Three rows of twelve points in two halves of six; the points are named and travelled as in
:mod:`petteia_core.duodecim.track`. Under the board, a tray per side and the dice.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from html import escape

from ..duodecim.track import POINT_NAMES
from ..i18n import gettext
from .custodian import HIGHLIGHT_KINDS
from .description import duodecim_description
from .style import STYLE, attrs, id_prefix, tint

__all__ = ["DUODECIM_TRACK", "duodecim_layout", "duodecim_svg"]

#: The 36 points in the order every piece travels (A1..A12, B1..B6, C1..C6, D1..D6, E6..E1).
DUODECIM_TRACK: tuple[str, ...] = POINT_NAMES

_W, _H, _GAP, _NAME = 58, 104, 34, 17  # point width, height, gap between halves, name band
_PAD, _TRAY = 14, 60  # the tray holds two lines of text (to enter / hit · off)

_PIPS = {
    1: ((0, 0),),
    2: ((-1, -1), (1, 1)),
    3: ((-1, -1), (0, 0), (1, 1)),
    4: ((-1, -1), (1, -1), (-1, 1), (1, 1)),
    5: ((-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)),
    6: ((-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)),
}


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


_LAYOUT = duodecim_layout()


def _cell(name: str) -> tuple[int, int]:
    """Top-left corner of a point's cell on screen."""
    col, row = _LAYOUT[name]
    return _PAD + col * _W + (_GAP if col >= 6 else 0), _PAD + row * _H


def _stack_centre(name: str) -> tuple[int, int]:
    """Where a point's stack stands: the part of the cell not used by the point's name."""
    x, y = _cell(name)
    shift = _NAME // 2 if _LAYOUT[name][1] != 2 else -(_NAME // 2)
    return x + _W // 2, y + _H // 2 + shift


def _check(points: Mapping[str, tuple[str, int]], highlights: Mapping[str, str]) -> None:
    """Raise ValueError for an unknown point, a malformed stack or an unknown highlight."""
    for name, value in points.items():
        if name not in _LAYOUT:
            raise ValueError(f"unknown point {name!r} (points are A1–A12, B1–B6, C1–C6, D1–D6, E1–E6)")
        side, count = value
        if side not in ("w", "b") or not isinstance(count, int) or count < 0:
            raise ValueError(f"point {name}: expected ('w'|'b', count), got {value!r}")
    for name, kind in highlights.items():
        if name not in _LAYOUT:
            raise ValueError(f"highlight on unknown point {name!r}")
        if kind not in HIGHLIGHT_KINDS:
            raise ValueError(f"unknown highlight kind {kind!r} (kinds: {', '.join(HIGHLIGHT_KINDS)})")


def _die(x: int, y: int, value: int, size: int = 30) -> str:
    if value not in _PIPS:
        raise ValueError(f"a die shows 1–6, not {value!r}")
    h = size // 2
    out = [
        f'<g class="dice-die" data-value="{value}"><rect class="die" x="{x - h}" y="{y - h}" '
        f'width="{size}" height="{size}" rx="5"/>'
    ]
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


def _points() -> str:
    """The two halves and the 36 named points."""
    bh = 3 * _H
    out = [
        f'<rect class="field" x="{hx}" y="{_PAD}" width="{6 * _W}" height="{bh}"/>'
        for hx in (_PAD, _PAD + 6 * _W + _GAP)
    ]
    out.append('<g class="points">')
    for name in DUODECIM_TRACK:
        x, y = _cell(name)
        col, row = _LAYOUT[name]
        cls = "pt alt" if (col + row) % 2 == 0 else "pt"
        out.append(
            f'<g class="point" data-point="{name}"><rect class="{cls}" data-point="{name}" x="{x}" y="{y}" '
            f'width="{_W}" height="{_H}"/>'
        )
        # Names on the outer side of each cell, anchored at the cell's edge so that a larger font
        # (phones, see the stylesheet) grows into the cell and not over the frame.
        if row != 2:
            out.append(f'<text class="ptname" x="{x + _W // 2}" y="{y + 3}" dominant-baseline="hanging">{name}</text></g>')
        else:
            out.append(f'<text class="ptname" x="{x + _W // 2}" y="{y + _H - 5}">{name}</text></g>')
    out.append("</g>")
    return "".join(out)


def _track_arrows(frame_w: int) -> str:
    """Small arrows along the track, so that a reader sees which way the pieces travel: one on the
    edge between two points of a row (or in the gap between the halves), at the height of the
    names, and a line in the margin where the track turns a corner (A12 up to B1, C6 down to D1)."""
    out = ['<g class="track-dir" aria-hidden="true">']
    for here, there in zip(DUODECIM_TRACK, DUODECIM_TRACK[1:]):
        (x1, y1), (x2, y2) = _cell(here), _cell(there)
        row = _LAYOUT[here][1]
        if _LAYOUT[there][1] == row:
            sign = 1 if x2 > x1 else -1
            mx = (x1 + x2 + _W) / 2  # the shared edge, or the middle of the gap
            my = y1 + (_NAME // 2 + 2 if row != 2 else _H - _NAME // 2 - 2)
            pts = f"{mx - 4 * sign},{my - 5} {mx + 4 * sign},{my} {mx - 4 * sign},{my + 5}"
            out.append(f'<polygon data-from="{here}" data-to="{there}" points="{pts}"/>')
        else:  # a corner: down the margin on the left, up the margin on the right
            mx = _PAD / 2 if x1 < frame_w / 2 else frame_w - _PAD / 2
            ya, yb = y1 + _H / 2, y2 + _H / 2
            sign = 1 if yb > ya else -1
            out.append(
                f'<g data-from="{here}" data-to="{there}"><line x1="{mx}" y1="{ya}" x2="{mx}" y2="{yb - 6 * sign}"/>'
                f'<polygon points="{mx - 5},{yb - 8 * sign} {mx},{yb} {mx + 5},{yb - 8 * sign}"/></g>'
            )
    out.append("</g>")
    return "".join(out)


def _marks(highlights: Mapping[str, str]) -> str:
    """Marks under the stacks: from/to tints and marked points."""
    out = ['<g class="marks">']
    for name, kind in sorted(highlights.items()):
        out.append(tint(kind, f'data-point="{name}"', *_cell(name), _W, _H, inset=4))
    out.append("</g>")
    return "".join(out)


def _stacks(points: Mapping[str, tuple[str, int]]) -> str:
    """The stacks of pieces, in track order."""
    out = ['<g class="pieces">']
    for name in DUODECIM_TRACK:
        if name not in points:
            continue
        side, count = points[name]
        if count == 0:
            continue
        out.append(_stack(side, count, *_stack_centre(name), name))
    out.append("</g>")
    return "".join(out)


def _overlay(highlights: Mapping[str, str]) -> str:
    """Marks over the stacks: targets (dots) and captures (rings)."""
    out = ['<g class="overlay">']
    for name, kind in sorted(highlights.items()):
        cx, cy = _stack_centre(name)
        if kind == "target":
            out.append(f'<circle class="hl-target" data-point="{name}" cx="{cx}" cy="{cy}" r="9"/>')
        elif kind == "capture":
            out.append(f'<g class="hl-capture" data-point="{name}"><circle cx="{cx}" cy="{cy}" r="25"/></g>')
    out.append("</g>")
    return "".join(out)


def _trays(frame_w: int, bar: tuple[int, int], off: tuple[int, int], hand: tuple[int, int],
           dice: tuple[int, ...]) -> str:
    """The trays under the board (pieces to enter, hit and borne off, per side) and the dice."""
    ty = _PAD + 3 * _H + _TRAY // 2
    out = ['<g class="trays">']
    for i, (side, x, anchor) in enumerate((("w", _PAD + 22, "start"), ("b", frame_w - _PAD - 22, "end"))):
        tx = x + 24 if anchor == "start" else x - 24
        waiting = escape(gettext("to enter {n}").format(n=hand[i]))
        hit_off = escape(gettext("hit {hit} · off {off}").format(hit=bar[i], off=off[i]))
        out.append(
            f'<g class="tray-side {side}" data-side="{side}" data-hand="{hand[i]}" data-bar="{bar[i]}" data-off="{off[i]}">'
            f'<circle class="body" cx="{x}" cy="{ty}" r="13"/>'
            f'<text class="tray" x="{tx}" y="{ty - 3}" text-anchor="{anchor}">'
            f'<tspan x="{tx}">{waiting}</tspan>'
            f'<tspan x="{tx}" dy="1.1em">{hit_off}</tspan>'
            '</text></g>'
        )
    if dice:
        dx0 = frame_w // 2 - (len(dice) - 1) * 20
        out.append('<g class="dice">')
        for k, v in enumerate(dice):
            out.append(_die(dx0 + k * 40, ty, v))
        out.append("</g>")
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
    highlights = dict(highlights or {})
    _check(points, highlights)
    dice_values = tuple(dice or ())
    frame_w = _PAD * 2 + 12 * _W + _GAP
    frame_h = _PAD + 3 * _H + _TRAY
    drawn_caption = bool(caption and show_caption)
    view_h = frame_h + (40 if drawn_caption else 0)
    pid = id_prefix(board_id, sorted(points.items()), bar, off, hand, dice_values,
                    sorted(highlights.items()), caption, title, show_caption)
    desc = duodecim_description(points, bar=bar, off=off, hand=hand, dice=dice_values, caption=caption)
    parts = [
        "<svg "
        + attrs(
            xmlns="http://www.w3.org/2000/svg",
            cls="petteia-svg petteia-duodecim",
            viewBox=f"0 0 {frame_w} {view_h}",
            role="img",
            aria_labelledby=f"{pid}-t {pid}-d",
        )
        + ">",
        f'<title id="{pid}-t">{escape(title or "Duodecim scripta board")}</title>',
        f'<desc id="{pid}-d">{escape(desc)}</desc>',
        f"<style>{STYLE}</style>",
        f'<rect class="frame" x="1" y="1" width="{frame_w - 2}" height="{frame_h - 2}" rx="8"/>',
        _points(),
        _track_arrows(frame_w),
        _marks(highlights),
        _stacks(points),
        _overlay(highlights),
        _trays(frame_w, bar, off, hand, dice_values),
        '<g class="fx"/>',
    ]
    if drawn_caption:
        parts.append(f'<text class="caption" x="{frame_w // 2}" y="{frame_h + 27}">{escape(caption)}</text>')  # type: ignore[arg-type]
    parts.append("</svg>")
    return "".join(parts)

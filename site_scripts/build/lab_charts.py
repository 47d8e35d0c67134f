"""The lab page's charts as SVG (site_scripts/build/lab_page.py): horizontal bars with their 95 %
interval, and box plots of the games' lengths; their descriptions in the page's words
(site_scripts/build/page_words.py)."""

from __future__ import annotations

import re
from html import escape

from site_scripts.build.page_words import page_words

ENGLISH = page_words("en")
_LABEL_W, _CHART_W, _ROW_H, _TOP, _BOTTOM = 330, 300, 26, 30, 30  # room for the longest name in any engine's font
_VALUE_W = 60  # the value column at the right of the bars
_BAR = "#3f6f9f"
_WHISKER = "#1d1d1d"


def slug(title: str) -> str:
    return re.sub(r"\W+", "-", title.lower()).strip("-")


def _svg(title: str, rows: int, body: list[str], desc: str, ident: str | None = None) -> str:
    width = _LABEL_W + _CHART_W + _VALUE_W
    height = _TOP + rows * _ROW_H + _BOTTOM
    ident = ident or slug(title)
    return (
        f'<figure class="lab-chart"><svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" '
        f'width="{width}" height="{height}" role="img" aria-labelledby="lab-{ident}-t lab-{ident}-d" '
        f'font-family="sans-serif" font-size="13">'
        f'<title id="lab-{ident}-t">{escape(title)}</title><desc id="lab-{ident}-d">{escape(desc)}</desc>'
        f'<text x="0" y="16" font-weight="bold" fill="currentColor">{escape(title)}</text>'
        + "".join(body) + "</svg></figure>"
    )


def _axis(rows: int, top: float, ticks: list[tuple[float, str]]) -> list[str]:
    y1 = _TOP + rows * _ROW_H
    out = []
    for frac, text in ticks:
        x = _LABEL_W + frac * _CHART_W
        out.append(f'<line x1="{x:.1f}" y1="{_TOP - 4}" x2="{x:.1f}" y2="{y1}" stroke="currentColor" '
                   f'stroke-opacity="0.2"/>')
        out.append(f'<text x="{x:.1f}" y="{y1 + 16}" text-anchor="middle" fill="currentColor">{text}</text>')
    return out


def _label(i: int, text: str) -> str:
    y = _TOP + i * _ROW_H + _ROW_H / 2 + 4
    return f'<text x="{_LABEL_W - 8}" y="{y:.1f}" text-anchor="end" fill="currentColor">{escape(text)}</text>'


def bar_chart(title: str, items: list[tuple[str, float, float, float]], scale: float, unit: str,
              ticks: list[float], words=ENGLISH, ident: str | None = None) -> str:
    """Horizontal bars (``value``) with a 95 % interval whisker (``low``–``high``) per labelled row;
    ``ident`` names the SVG's title and description (by default, from ``title``)."""
    _ = words.gettext
    body = _axis(len(items), _TOP, [(t / scale, f"{t:g}{unit}") for t in ticks])
    desc = []
    for i, (label, value, low, high) in enumerate(items):
        y = _TOP + i * _ROW_H
        x0 = _LABEL_W
        w = max(0.0, min(1.0, value / scale)) * _CHART_W
        lo = _LABEL_W + max(0.0, min(1.0, low / scale)) * _CHART_W
        hi = _LABEL_W + max(0.0, min(1.0, high / scale)) * _CHART_W
        mid = y + _ROW_H / 2
        body.append(_label(i, label))
        body.append(f'<rect x="{x0}" y="{y + 5}" width="{w:.1f}" height="{_ROW_H - 10}" fill="{_BAR}" '
                    f'fill-opacity="0.75"/>')
        body.append(f'<path d="M{lo:.1f} {mid:.1f}H{hi:.1f}M{lo:.1f} {mid - 6:.1f}V{mid + 6:.1f}'
                    f'M{hi:.1f} {mid - 6:.1f}V{mid + 6:.1f}" stroke="{_WHISKER}" stroke-width="1.6" fill="none"/>')
        body.append(f'<text x="{_LABEL_W + _CHART_W + 8}" y="{mid + 4:.1f}" font-size="12" '
                    f'fill="currentColor">{value:.3g}{unit}</text>')
        desc.append(_("{label}: {value} (95 % interval {low} to {high})").format(
            label=label, value=f"{value:.3g}{unit}", low=f"{low:.3g}", high=f"{high:.3g}"))
    return _svg(title, len(items), body, "; ".join(desc), ident)


def box_chart(title: str, items: list[tuple[str, dict[str, float]]], ticks: list[float], words=ENGLISH,
              ident: str | None = None) -> str:
    """Box plots: whiskers from the shortest to the longest game, box from quartile to quartile, median line."""
    _ = words.gettext
    scale = ticks[-1]
    body = _axis(len(items), _TOP, [(t / scale, f"{t:g}") for t in ticks])
    desc = []
    x = lambda v: _LABEL_W + min(1.0, v / scale) * _CHART_W  # noqa: E731
    for i, (label, ln) in enumerate(items):
        y = _TOP + i * _ROW_H
        mid = y + _ROW_H / 2
        body.append(_label(i, label))
        body.append(f'<path d="M{x(ln["min"]):.1f} {mid:.1f}H{x(ln["max"]):.1f}" stroke="{_WHISKER}" '
                    f'stroke-width="1.2"/>')
        body.append(f'<rect x="{x(ln["q1"]):.1f}" y="{y + 5}" width="{max(1.0, x(ln["q3"]) - x(ln["q1"])):.1f}" '
                    f'height="{_ROW_H - 10}" fill="{_BAR}" fill-opacity="0.75" stroke="{_WHISKER}"/>')
        body.append(f'<path d="M{x(ln["median"]):.1f} {y + 3}V{y + _ROW_H - 3}" stroke="{_WHISKER}" '
                    f'stroke-width="2.5"/>')
        desc.append(_("{label}: median {median} plies, quartiles {q1} to {q3}, shortest {shortest}, "
                      "longest {longest}").format(label=label, median=f"{ln['median']:g}", q1=f"{ln['q1']:g}",
                                                  q3=f"{ln['q3']:g}", shortest=ln["min"], longest=ln["max"]))
    return _svg(title, len(items), body, "; ".join(desc), ident)


def nice_ticks(top: float) -> list[float]:
    for step in (0.5, 1, 2, 5, 10, 20, 50, 100, 200):
        if top / step <= 6:
            return [step * k for k in range(int(top // step) + 2)]
    return [0, top]

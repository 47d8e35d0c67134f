"""The ```` ```petteia ```` Markdown fence: a board drawn at build time, made live in the browser.

The fence's syntax and its checks are site_scripts/build/fence_spec.py (:func:`parse_fence`, re-exported
here); this module draws a checked fence (:func:`render_fence`: the SVG by
:func:`petteia_core.render.position_svg`, the figure and its ``data-*`` attributes, the first-move data)
and joins it to MkDocs: mkdocs.yml loads this module as a hook (errors name the page and line,
docs/x.md:12); site_scripts/build/hooks.py registers :func:`fence_format` and :func:`fence_validator` as
the superfences custom fence ``petteia``. A bad fence raises :class:`FenceError`, re-raised by the
formatter as superfences' ``SuperFencesException`` so that ``mkdocs build`` stops with the message.
"""

from __future__ import annotations

import json
import re
import sys
from html import escape
from typing import Any

from petteia_core import render
from petteia_core.web.words import board_title
from site_scripts.build import first_move
from site_scripts.build.fence_spec import KEYS, MODES, NO_PUZZLE, FenceError, FenceSpec, parse_fence

__all__ = [
    "FenceError",
    "FenceSpec",
    "KEYS",
    "MODES",
    "NO_PUZZLE",
    "parse_fence",
    "render_fence",
    "fence_format",
    "fence_validator",
    "find_fences",
    "check_page",
    "on_page_markdown",
]

# The page being built (set by the mkdocs hook) so formatter errors can name it.
_STATE: dict[str, str | None] = {"page": None}


# --------------------------------------------------------------------------------- rendering


def render_svg(spec: FenceSpec) -> str:
    """The SVG of a validated fence (the figure's caption is not drawn inside it)."""
    side = spec.position.split()[1] if len(spec.position.split()) > 1 else ""
    title = spec.title or board_title(spec.ruleset, side)  # in the page's language (site_scripts/build/languages.py)
    if spec.ruleset == "duodecim":
        from petteia_core.duodecim import DuodecimPosition

        pos: Any = DuodecimPosition.from_string(spec.position)
        return render.position_svg(pos, marks=dict(spec.highlights), board_id=spec.board_id, title=title)
    from petteia_core.custodian import Position

    pos = Position.from_string(spec.ruleset, spec.position)
    return render.position_svg(
        pos,
        last=spec.last,
        marks=dict(spec.highlights),
        arrows=spec.arrows,
        flipped=spec.flip,
        attic=spec.attic,
        board_id=spec.board_id,
        title=title,
    )


def render_fence(spec: FenceSpec) -> str:
    """The HTML of a board: ``<figure class="petteia-board" data-…>`` with the SVG and caption."""
    attrs: list[tuple[str, str]] = []
    if spec.board_id:
        attrs.append(("id", spec.board_id))
    attrs += [
        ("class", f"petteia-board petteia-{spec.mode}"),
        ("data-ruleset", spec.ruleset),
        ("data-position", spec.position),
        ("data-mode", spec.mode),
        ("data-flip", "1" if spec.flip else "0"),
        ("data-attic", "1" if spec.attic else "0"),
    ]
    if spec.line:
        attrs.append(("data-line", json.dumps(list(spec.line), ensure_ascii=False, separators=(",", ":"))))
    if spec.arrows:
        attrs.append(("data-arrows", json.dumps([list(a) for a in spec.arrows], separators=(",", ":"))))
    if spec.highlights:
        hl = {str(k): v for k, v in spec.highlights}
        attrs.append(("data-highlights", json.dumps(hl, ensure_ascii=False, separators=(",", ":"))))
    if spec.last:
        attrs.append(("data-last", json.dumps(list(spec.last), separators=(",", ":"))))
    for key, value in spec.extra:
        attrs.append((f"data-{key}", value))
    first = first_move.data_attribute(spec, dict(spec.extra))
    if first is not None:
        attrs.append(("data-first", first))  # the first move, answered before Python loads
    head = " ".join(f'{k}="{escape(v, quote=True)}"' for k, v in attrs)
    caption = f"<figcaption>{escape(spec.caption)}</figcaption>" if spec.caption else ""
    return f'<figure {head}><div class="petteia-svg-wrap" data-search-exclude>{render_svg(spec)}</div>{caption}</figure>'


# ------------------------------------------------------------------------- pymdownx interface


def _where() -> str:
    page = _STATE.get("page")
    return f"{page}: " if page else ""


def fence_validator(language: str, inputs: dict, options: dict, attrs: dict, md: Any) -> bool:
    """superfences validator: header options (```` ```petteia mode=play ````) become fields."""
    for key, value in inputs.items():
        if key not in KEYS:
            from pymdownx.superfences import SuperFencesException

            raise SuperFencesException(
                f"{_where()}petteia fence header: unknown option {key!r}; fields are {', '.join(KEYS)}"
            )
        options[key] = value
    return True


def fence_format(
    source: str, language: str, css_class: str, options: dict, md: Any, **kwargs: Any
) -> str:
    """superfences formatter: validate the fence, draw the board, or stop the build loudly."""
    body = source
    if options:
        # header options come first; a field given both ways is reported as given twice
        header = "".join(f"{k}: {v}\n" for k, v in options.items())
        body = header + source
    try:
        spec = parse_fence(body, first_line=1 - len(options))
        return render_fence(spec)
    except (FenceError, ValueError) as exc:
        from pymdownx.superfences import SuperFencesException

        raise SuperFencesException(f"{_where()}{exc}") from exc


# ----------------------------------------------------------------------------- mkdocs hook

_FENCE_OPEN = re.compile(r"^(?P<indent>[ \t]*)(?P<fence>`{3,}|~{3,})[ \t]*\{?[ \t]*\.?petteia\b(?P<rest>.*)$")


def find_fences(markdown: str) -> list[tuple[int, str]]:
    """The petteia fences of a page: (line number of the first body line, body text)."""
    found = []
    lines = markdown.splitlines()
    i = 0
    while i < len(lines):
        m = _FENCE_OPEN.match(lines[i])
        if not m:
            i += 1
            continue
        fence, indent = m.group("fence"), m.group("indent")
        body: list[str] = []
        j = i + 1
        close = re.compile(r"^[ \t]*" + re.escape(fence[0]) + "{" + str(len(fence)) + r",}[ \t]*$")
        while j < len(lines) and not close.match(lines[j]):
            line = lines[j]
            body.append(line[len(indent):] if line.startswith(indent) else line.lstrip())
            j += 1
        found.append((i + 2, "\n".join(body)))
        i = j + 1
    return found


def check_page(markdown: str, src_path: str) -> list[FenceSpec]:
    """Validate every petteia fence of a page; errors name ``src_path:line``."""
    specs = []
    for first_line, body in find_fences(markdown):
        try:
            specs.append(parse_fence(body, first_line=first_line))
        except FenceError as exc:
            line = exc.line if exc.line is not None else first_line - 1  # the opening ``` line
            raise FenceError(exc.reason, line, exc.key, page=src_path) from None
    return specs


def _shared_state() -> list[dict[str, str | None]]:
    """This module's state and that of ``site_scripts.build.fences`` if mkdocs loaded us twice."""
    states = [_STATE]
    other = sys.modules.get("site_scripts.build.fences")
    if other is not None and getattr(other, "_STATE", _STATE) is not _STATE:
        states.append(other._STATE)
    return states


def on_page_markdown(markdown: str, page: Any, **kwargs: Any) -> str:
    """mkdocs hook: check the page's boards with page and line numbers, before rendering."""
    src = getattr(getattr(page, "file", None), "src_path", None) or str(page)
    for state in _shared_state():
        state["page"] = src
    try:
        check_page(markdown, src)
    except FenceError as exc:
        from mkdocs.exceptions import PluginError

        raise PluginError(str(exc)) from None
    return markdown

"""``<link rel="modulepreload">`` in the <head> of pages with live boards: the browser fetches the
boards' modules at once, in parallel, instead of finding them one level of imports at a time.

A page with boards loads ``petteia.js``, which imports ``i18n.js``, then ``worker-client.js`` (the
Python worker) and ``loader.js`` (the boards), the play page ``play/main.js`` and the trainer
``trainer/main.js``: each a tree of small modules, four or five imports deep. Without hints the
browser learns of each level only when the one above it has arrived and been parsed. The lists are
read from the modules' own static imports at build time (``static_imports``), so they follow the
code.
"""

from __future__ import annotations

import posixpath
import re
from functools import lru_cache
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
JS = ROOT / "docs" / "assets" / "js"

#: ``import … from "./x.js"``, ``export … from "./x.js"`` and ``import "./x.js"`` (relative only;
#: not ``import()``), also inside a minified line.
_STATIC = re.compile(r"""(?:^|[;\s])(?:import|export)\s*(?:[\w*{}\s,$]*?\sfrom\s*)?["'](\.{1,2}/[^"']+)["']""")

#: What every page with a board imports first, then what a page's kind adds (by the root element
#: petteia.js looks for).
BOARDS = ("i18n.js", "worker-client.js", "loader.js")
PAGE_ROOTS = {'id="petteia-play"': ("play/main.js",), 'id="petteia-trainer"': ("trainer/main.js",)}
_LIVE = re.compile(r'<figure[^>]*class="petteia-board[^"]*"[^>]*data-mode="(?:explore|puzzle|play)"')


def static_imports(entry: str, js_dir: Path = JS) -> list[str]:
    """Every module ``entry`` imports statically, directly or not (paths under assets/, sorted);
    ``entry`` itself included."""
    return sorted(_closure(entry, js_dir))


@lru_cache(maxsize=None)
def _closure(entry: str, js_dir: Path) -> frozenset[str]:
    """module_closure of ``js_dir``'s ``entry``, once a build (every page asks for the same few)."""
    return module_closure(js_dir.parent, posixpath.join("js", entry))


def module_closure(root: Path, rel: str) -> frozenset[str]:
    """``rel`` (a path under ``root``) and every module it imports statically, directly or not,
    as paths under ``root``; files that do not exist are left out (a catalog not built yet)."""
    seen: set[str] = set()
    todo = [posixpath.normpath(rel)]
    while todo:
        rel = todo.pop()
        if rel in seen or not (root / rel).is_file():
            continue
        seen.add(rel)
        text = (root / rel).read_text(encoding="utf-8")
        todo += [posixpath.normpath(posixpath.join(posixpath.dirname(rel), m)) for m in _STATIC.findall(text)]
    return frozenset(seen)


def preload_links(html: str, prefix: str, js_dir: Path = JS) -> str:
    """The <link rel="modulepreload"> tags for ``html``'s page ("" if it has no live board);
    ``prefix``: the page's relative path to the site root (as the theme's own links use)."""
    entries = [e for marker, more in PAGE_ROOTS.items() if marker in html for e in more]
    if not entries and not _LIVE.search(html):
        return ""
    files = sorted({f for entry in (*BOARDS, *entries) for f in _closure(entry, js_dir)})
    return "".join(f'<link rel="modulepreload" href="{prefix}assets/{f}">' for f in files)

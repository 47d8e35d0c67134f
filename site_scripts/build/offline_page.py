"""The page the service worker shows for a page that is not stored, when there is no network.

``site/offline.html`` is made from the theme's ``404.html`` (called from site_scripts/build/hooks.py):
the same header, navigation and footer, with links that work from any address (the theme writes
404.html with root-relative links, because a server shows it at any address), and this text in
place of "404 - Not found". docs/sw.js stores it, and the files it needs, when it installs.
"""

from __future__ import annotations

import posixpath
import re
from pathlib import Path
from urllib.parse import urlsplit

PAGE = "offline.html"
LISTS_STORED = ("assets/js/offline-stored.js",)  # fills <div id="petteia-stored-pages"> with links
_HEADING = re.compile(r"<h1>404 - Not found</h1>")
_TITLE = re.compile(r"<title>([^<]*)</title>")
_LOCAL = re.compile(r'(?:href|src)="([^"#?]+)"')
_IMPORT = re.compile(r"""(?:^|[;\s])(?:import|export)\s*(?:[\w*{}\s,$]*?\sfrom\s*)?["'](\.{1,2}/[^"']+)["']""")

TEXT = """<h1>You are offline</h1>
<p>This page is not stored in this browser yet, and there is no network connection to fetch it.
When the connection is back, reload the page.</p>
<p>The pages you opened before still work without a network: choose one below, or go back.</p>
<div id="petteia-stored-pages"></div>
<p><strong>To have the whole site offline</strong> (every page and the live boards), connect once
and press <em>Make available offline</em> at the foot of any page, or on the
<a href="{base}hosting/">Hosting the site</a> page. For a classroom with no network at all, the
hosting page also offers the whole site as one download with a small server.</p>"""


def write_offline_page(site_dir: Path, site_url: str | None) -> Path:
    """Write site/offline.html from site/404.html; raise if the theme's 404 page changed shape."""
    source = (site_dir / "404.html").read_text(encoding="utf-8")
    base = urlsplit(site_url or "/").path or "/"
    if not _HEADING.search(source) or not _TITLE.search(source):
        raise RuntimeError("404.html has no '<h1>404 - Not found</h1>' or <title>: update site_scripts/build/offline_page.py")
    page = _HEADING.sub(lambda m: TEXT.format(base=base), source, count=1)
    page = _TITLE.sub(lambda m: f"<title>You are offline - {m.group(1)}</title>", page, count=1)
    target = site_dir / PAGE
    target.write_text(page, encoding="utf-8")
    return target


def files_it_needs(site_dir: Path, site_url: str | None) -> list[str]:
    """The offline page and the site files it loads (styles, scripts and their imports), as site paths."""
    base = urlsplit(site_url or "/").path or "/"
    html = (site_dir / PAGE).read_text(encoding="utf-8")
    found: list[str] = [PAGE]
    for link in _LOCAL.findall(html):
        rel = link[len(base):] if link.startswith(base) else None
        if rel and (site_dir / rel).is_file() and rel not in found:
            found.append(rel)
    # The module that lists the stored pages, which petteia.js imports on demand (import(), which
    # _IMPORT does not follow).
    for rel in LISTS_STORED:
        if (site_dir / rel).is_file() and rel not in found:
            found.append(rel)
    for rel in [f for f in found if f.endswith(".js")]:
        _add_imports(site_dir, rel, found)
    return found


def _add_imports(site_dir: Path, rel: str, found: list[str]) -> None:
    """Add the JavaScript modules ``rel`` imports (and theirs) to ``found``."""
    text = (site_dir / rel).read_text(encoding="utf-8")
    for spec in _IMPORT.findall(text):
        dep = posixpath.normpath(posixpath.join(posixpath.dirname(rel), spec))
        if dep not in found and (site_dir / dep).is_file():
            found.append(dep)
            _add_imports(site_dir, dep, found)

"""Each built page names its release, so that a page and its scripts come from one release.

The service worker (docs/sw.js) keeps one cache per release, ``petteia-<version>``. A page that
came from the network may be of a newer release than the worker that fetched it; the worker reads
the page's ``<meta name="petteia-release">`` and then serves none of that page's files from its
own, older cache (issue #34, defect 28). The page's notice of a new version
(docs/assets/js/update-notice.js) compares the same name with the active worker's.

* :func:`mark_page` (on_post_page, on_post_template): the meta tag with a placeholder;
* :func:`stamp_pages` (on_post_build, once the version is computed over the pages with the
  placeholder): the placeholder replaced by the version in every page. The version is then a hash
  of the site as built, the release name aside; the manifest's sizes and SHA-256 are taken after.
"""

from __future__ import annotations

from pathlib import Path

META_NAME = "petteia-release"
PLACEHOLDER = "__PETTEIA_RELEASE__"
_TAG = f'<meta name="{META_NAME}" content="{PLACEHOLDER}">'


def mark_page(html: str) -> str:
    """``html`` with the release meta tag (placeholder) at the end of <head>; once only."""
    if _TAG in html or "</head>" not in html:
        return html
    return html.replace("</head>", _TAG + "</head>", 1)


def stamp_pages(site_dir: Path, version: str) -> int:
    """Write ``version`` into every page's release tag; returns how many pages carry it."""
    n = 0
    for path in site_dir.rglob("*.html"):
        text = path.read_text(encoding="utf-8")
        if PLACEHOLDER in text:
            path.write_text(text.replace(PLACEHOLDER, version), encoding="utf-8")
            n += 1
    return n


def release_of(html: str) -> str | None:
    """The release a built page names (None if it names none)."""
    start = html.find(f'<meta name="{META_NAME}" content="')
    if start < 0:
        return None
    start += len(f'<meta name="{META_NAME}" content="')
    return html[start : html.index('"', start)]

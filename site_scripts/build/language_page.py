"""A whole page of the site with an article of its own, in each language, made from that
language's home page (its header, navigation and footer in its words): the offline page and the
"not found" page (offline_page.py, not_found_page.py). The home page's article is replaced, its
table of contents taken out and every relative link made root-relative, so that the page works at
any address of the site (a server shows a 404 page at any address).

(Not from the theme's 404.html: mkdocs-static-i18n renders that template in every language's
build into the same file, so the last language's navigation was left in the English one.)
"""

from __future__ import annotations

import html
import posixpath
import re
from pathlib import Path

from site_scripts.build.page_words import FOLDER

_TITLE = re.compile(r"<title>([^<]*)</title>")
_RELATIVE = re.compile(r'\b(href|src)="(?![a-z][a-z0-9+.-]*:|/|#)([^"]*)"')
_BASE = re.compile(r'"base": "[^"]*"')
_ARTICLE = re.compile(r'(<article class="md-content__inner md-typeset">).*?(</article>)', re.S)
# The home page's tables of contents (the sidebar, and the copy in the navigation drawer), of
# headings the new page does not have.
_TOCS = (("div", '<div class="md-sidebar md-sidebar--secondary"'), ("nav", '<nav class="md-nav md-nav--secondary"'))
_SKIP = re.compile(r'(<a href=")#[^"]*(" class="md-skip">)')


def languages(site_dir: Path) -> list[str]:
    """The languages built into ``site_dir``: English, then each with a pages' catalog and a home page."""
    return ["en", *sorted(p.stem for p in FOLDER.glob("*.po") if (site_dir / p.stem / "index.html").is_file())]


def page_from_home(site_dir: Path, base: str, lang: str, article: str, heading_id: str, title: str) -> str:
    """``lang``'s page ("en": the site's root) from its home page: header and navigation kept, in
    its words, ``article`` in place of the home page's, "Skip to content" leading to ``heading_id``."""
    folder = site_dir if lang == "en" else site_dir / lang
    source = (folder / "index.html").read_text(encoding="utf-8")
    if not _ARTICLE.search(source) or not _TITLE.search(source) or not _BASE.search(source):
        raise RuntimeError(f"{lang}/index.html has no article, <title> or config base: update site_scripts/build/language_page.py")
    page = _ARTICLE.sub(lambda m: m.group(1) + article + m.group(2), source, count=1)
    for tag, opening in _TOCS:
        page = _without_element(page, tag, opening)
    page = _SKIP.sub(lambda m: f"{m.group(1)}#{heading_id}{m.group(2)}", page)
    here = base if lang == "en" else posixpath.join(base, lang) + "/"
    page = _RELATIVE.sub(lambda m: f'{m.group(1)}="{_rooted(here, m.group(2))}"', page)
    page = _BASE.sub(f'"base": "{base}"', page, count=1)
    return _TITLE.sub(lambda m: f"<title>{html.escape(title)} - {m.group(1).split(' - ')[-1]}</title>", page, count=1)


def _rooted(here: str, link: str) -> str:
    """``link``, relative to the folder ``here``, as a root-relative address."""
    path, sep, rest = link.partition("#")
    joined = posixpath.normpath(posixpath.join(here, path)) if path else here.rstrip("/")
    if path.endswith("/") or path in ("", ".", "./"):
        joined = joined.rstrip("/") + "/"
    return joined + sep + rest


def _without_element(page: str, tag: str, opening: str) -> str:
    """``page`` without the ``tag`` element that starts with ``opening`` (nested ones counted)."""
    start = page.find(opening)
    if start < 0:
        return page
    depth = 0
    for m in re.compile(rf"<{tag}\b|</{tag}>").finditer(page, start):
        depth += 1 if m.group(0) == f"<{tag}" else -1
        if depth == 0:
            return page[:start] + page[m.end():]
    raise RuntimeError(f"unclosed {opening!r} in a page: update site_scripts/build/language_page.py")

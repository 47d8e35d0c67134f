"""The page a server shows for an address with no page ("404"), in each language of the site:
``404.html`` (in place of the theme's), ``it/404.html``, ``uk/404.html``, each made from its
language's home page (site_scripts/build/language_page.py), and ``_redirects`` for hosts that read it
(Netlify, Cloudflare Pages: an address under ``/it/`` with no page gets ``it/404.html``).

The site's own servers pick the page by the address's language folder: serve.py (``make serve``
and the classroom server) and the service worker (docs/sw.js) for a page the network says is
missing. Other hosts are told how in the hosting page. The words come from the pages' catalog
(site_scripts/build/page_words.py).
"""

from __future__ import annotations

import html
from pathlib import Path
from urllib.parse import urlsplit

from site_scripts.build.language_page import languages, page_from_home
from site_scripts.build.page_words import page_words

PAGE = "404.html"
HEADING_ID = "page-not-found"


def text_of(lang: str, base: str) -> str:
    """The "not found" article in ``lang``: what happened and where to go from here."""
    _ = page_words(lang).gettext
    home = base if lang == "en" else f"{base}{lang}/"
    heading = html.escape(_("Page not found"))
    home_name = html.escape(_("the home page"))
    return "\n".join([
        f'<h1 id="{HEADING_ID}">{heading}</h1>',
        "<p>" + html.escape(_("There is no page at this address. It may have moved, or a letter of the "
                              "address may be wrong.")) + "</p>",
        "<p>" + html.escape(_("Start again from {home}, or search the site with the box at the top of the page."))
        .format(home=f'<a href="{home}">{home_name}</a>') + "</p>",
    ])


def write_not_found_pages(site_dir: Path, site_url: str | None) -> list[Path]:
    """Write every language's 404 page (English's over the theme's) and ``_redirects``; raise if
    the theme's pages changed shape."""
    base = urlsplit(site_url or "/").path or "/"
    written = []
    built = languages(site_dir)
    for lang in built:
        title = page_words(lang).gettext("Page not found")
        page = page_from_home(site_dir, base, lang, text_of(lang, base), HEADING_ID, title)
        target = site_dir / PAGE if lang == "en" else site_dir / lang / PAGE
        target.write_text(page, encoding="utf-8")
        written.append(target)
    rules = [f"{base}{lang}/*  {base}{lang}/{PAGE}  404" for lang in built if lang != "en"]
    (site_dir / "_redirects").write_text("\n".join(rules) + "\n", encoding="utf-8")
    return written


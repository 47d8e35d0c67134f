"""The page the service worker shows for a page that is not stored, when there is no network: one
per language of the site (``offline.html``; ``it/offline.html``, ``uk/offline.html``), each made
from its language's home page by site_scripts/build/language_page.py. The words come from the
pages' catalog (site_scripts/build/page_words.py). docs/sw.js stores every one, and the files they
need, when it installs, and shows the one of the language of the address asked for.
"""

from __future__ import annotations

import html
import re
from pathlib import Path
from urllib.parse import urlsplit

from site_scripts.build.language_page import languages, page_from_home
from site_scripts.build.module_preload import module_closure
from site_scripts.build.page_words import page_words

PAGE = "offline.html"
LISTS_STORED = ("assets/js/offline-stored.js",)  # fills <div id="petteia-stored-pages"> with links
_LOCAL = re.compile(r'(?:href|src)="([^"#?]+)"')
HEADING_ID = "you-are-offline"


def text_of(lang: str, base: str) -> str:
    """The offline page's article in ``lang``: heading, what happened, what still works, how to store
    the whole site (``base``: the site's root path, for the hosting page's link)."""
    _ = page_words(lang).gettext
    home = base if lang == "en" else f"{base}{lang}/"
    # (Babel does not see a call inside an f-string: each text is a call of its own.)
    hosting_title = html.escape(_("Hosting the site"))
    button_name = html.escape(_("Make available offline"))
    heading = html.escape(_("You are offline"))
    hosting = f'<a href="{home}hosting/">{hosting_title}</a>'
    press = f"<em>{button_name}</em>"
    return "\n".join([
        f'<h1 id="{HEADING_ID}">{heading}</h1>',
        "<p>" + html.escape(_("This page is not stored in this browser yet, and there is no network "
                              "connection to fetch it. When the connection is back, reload the page.")) + "</p>",
        "<p>" + html.escape(_("The pages you opened before still work without a network: choose one "
                              "below, or go back.")) + "</p>",
        '<div id="petteia-stored-pages"></div>',
        "<p><strong>" + html.escape(_("To have the whole site offline")) + "</strong> "
        + html.escape(_("(every page and the live boards), connect once and press {button} at the foot "
                        "of any page, or on the {hosting} page. For a classroom with no network at all, "
                        "the hosting page also offers the whole site as one download with a small server."))
        .format(button=press, hosting=hosting) + "</p>",
    ])


def pages(site_dir: Path) -> dict[str, str]:
    """The offline page of each language built into ``site_dir``: {lang: site path}."""
    return {lang: PAGE if lang == "en" else f"{lang}/{PAGE}" for lang in languages(site_dir)}


def write_offline_pages(site_dir: Path, site_url: str | None) -> list[Path]:
    """Write every language's offline page; raise if the theme's pages changed shape."""
    base = urlsplit(site_url or "/").path or "/"
    written = []
    for lang, rel in pages(site_dir).items():
        title = page_words(lang).gettext("You are offline")
        page = page_from_home(site_dir, base, lang, text_of(lang, base), HEADING_ID, title)
        target = site_dir / rel
        target.write_text(page, encoding="utf-8")
        written.append(target)
    return written


def files_it_needs(site_dir: Path, site_url: str | None) -> list[str]:
    """The offline pages and the site files they load (styles, scripts and their imports), as site paths."""
    base = urlsplit(site_url or "/").path or "/"
    found: list[str] = list(pages(site_dir).values())
    for rel_page in list(found):
        for link in _LOCAL.findall((site_dir / rel_page).read_text(encoding="utf-8")):
            rel = link[len(base):] if link.startswith(base) else None
            if rel and (site_dir / rel).is_file() and rel not in found:
                found.append(rel)
    # The module that lists the stored pages, which petteia.js imports on demand, and each
    # language's catalog, which i18n.js imports for a page of that language (import(), which
    # module_closure does not follow).
    catalogs = [f"assets/vendor/catalog-{lang}.mjs" for lang in pages(site_dir) if lang != "en"]
    for rel in [*LISTS_STORED, *catalogs]:
        if (site_dir / rel).is_file() and rel not in found:
            found.append(rel)
    for rel in [f for f in found if f.endswith(".js")]:
        found += sorted(module_closure(site_dir, rel) - set(found))  # the modules it imports, and theirs
    return found

"""MkDocs hooks (mkdocs.yml `hooks:`): wire the ```petteia fence and version the service worker.

* on_config: registers the pymdownx.superfences custom fence ``petteia`` with the formatter and
  validator of :mod:`site_scripts.build.fences`. mkdocs loads hooks by path; ``site_scripts`` and
  ``petteia_core`` are importable because the Makefile installs the working tree in the
  virtualenv in editable mode (``pip install -e . --no-deps``, see site_scripts/build/build_backend.py).
* on_page_markdown: keeps the printables (teachers/print/, the puzzle sheets) out of the search
  index: they repeat the rules pages and the puzzles (a smaller index downloads faster).
* on_post_page, on_post_template: each page names its release (site_scripts/build/release.py: a meta
  tag, stamped in on_post_build once the version is known).
* on_post_page, on_post_template (404.html): put ``assets/js/search-lazy.js`` in front of the
  theme's bundle, so that the search index is fetched only when the reader opens search.
* on_post_build (once, after mkdocs-static-i18n has built every language: site_scripts/build/languages.py):
  removes the theme's lunr language files the search's languages do not use (English alone
  needs none; they were about 1 MB that the offline copy downloaded), fixes
  the theme's instant navigation on other ports (fix_sitemap_port), writes ``site/offline.html``
  (site_scripts/build/offline_page.py) and every page's Content-Security-Policy (site_scripts/build/csp.py),
  then writes the site's cache version, precache list (sizes and hashes) and the offline page's
  files into ``site/sw.js``. The
  version is a hash of every file the service worker caches, so any change to pages, scripts,
  the wheel or the runtime makes a new worker, which fetches the new files and deletes old caches.
  Then writes ``site/offline-manifest.json`` (the same list, with sizes, for the "Make available
  offline" button) and ``site/petteia-site.zip`` (the whole site) — see site_scripts/build/offline_build.py.
"""

from __future__ import annotations

import hashlib
import json
import re
import shutil
from pathlib import Path

from mkdocs.plugins import event_priority


def on_config(config, **kwargs):
    # site_scripts is importable because the Makefile installs the working tree in editable mode.
    from site_scripts.build.fences import fence_format, fence_validator

    fence = {"name": "petteia", "class": "petteia", "format": fence_format, "validator": fence_validator}
    sf = config["mdx_configs"].setdefault("pymdownx.superfences", {})
    fences = [f for f in sf.get("custom_fences", []) if f.get("name") != "petteia"]
    sf["custom_fences"] = [*fences, fence]
    return config


#: Pages kept out of the search index (by their source path's start).
SEARCH_EXCLUDED = ("teachers/print/", "puzzles/sheets")


def on_page_markdown(markdown, page, **kwargs):
    if page.file.src_uri.startswith(SEARCH_EXCLUDED):
        page.meta.setdefault("search", {})["exclude"] = True
    return markdown


_BUNDLE = re.compile(r'<script src="([^"]*)assets/javascripts/bundle\.[0-9a-f]+\.min\.js"></script>')


def lazy_search_script(html: str) -> str:
    """``html`` with search-lazy.js loaded just before the theme's bundle (same relative prefix)."""
    return _BUNDLE.sub(lambda m: f'<script src="{m.group(1)}assets/js/search-lazy.js"></script>{m.group(0)}', html, count=1)


_ENTRY = re.compile(r'<script src="([^"]*)assets/js/petteia\.js" type="module"></script>')


def module_preloads(html: str) -> str:
    """``html`` with <link rel="modulepreload"> for its boards' modules (module_preload.py), just
    before the entry module at the end of <body>: in <head> they competed with the page's styles
    and first-touch.js, and a cold visit's first click was answered about 120 ms later."""
    from site_scripts.build.module_preload import preload_links

    entry = _ENTRY.search(html)
    links = preload_links(html, entry.group(1)) if entry else ""
    return html[: entry.start()] + links + html[entry.start():] if links else html


def first_touch_script(html: str) -> str:
    """``html`` with first-touch.js loaded ``async`` from <head>, if a board on it has first-move
    data: its one listener (on the document) is there before the boards are even parsed, so the
    first click on such a board is answered before the theme's bundle and the modules have run.
    (At the end of <body> it was fetched only once the parser got there, after the first paint.)"""
    bundle = _BUNDLE.search(html)
    if "data-first=" not in html or not bundle:
        return html
    return html.replace("</head>", f'<script src="{bundle.group(1)}assets/js/first-touch.js" async></script></head>', 1)


#: What the theme's bundle changes on the page when it runs, done at the end of <head> instead,
#: before the body is parsed, where it restyles nothing; the bundle's own changes then change
#: nothing. Each of them, made by the bundle, restyled every element of the page at once, inside
#: the bundle's one long task (Chromium traces of make bench's pages):
#:
#: * the root's ``no-js`` class swapped for ``js`` (the theme's CSS has rules under ``.no-js``);
#: * the focus-visible polyfill's ``js-focus-visible`` class on the root (rules under it);
#: * instant navigation's first step, which makes every relative ``href``/``src`` absolute: for
#:   the <head>'s stylesheet links, that reloads the page's style sheets.
#:
#: (The palette's color-scheme meta, the bundle's last such change, is placed by the palette
#: toggle's own script: overrides/partials/palette.html.)
_EARLY_SCRIPT = (
    "<script>(function(){var r=document.documentElement;"
    'r.classList.replace("no-js","js");r.classList.add("js-focus-visible");r.setAttribute("data-js-focus-visible","");'
    'document.head.querySelectorAll("[href],[src]").forEach(function(e){["href","src"].some(function(k){'
    "var v=e.getAttribute(k);if(v&&!/^(?:[a-z]+:)?\\/\\//i.test(v)){e[k]=e[k];return true}})})"
    "})()</script>"
)


def theme_start_early(html: str) -> str:
    """``html`` with ``_EARLY_SCRIPT`` at the end of <head> (after the Content-Security-Policy,
    which lists its hash)."""
    if 'class="no-js"' not in html[:300]:  # the theme's <html> tag
        return html
    return html.replace("</head>", _EARLY_SCRIPT + "</head>", 1)


_ALTERNATE = re.compile(r'<link rel="alternate" href="[^"]*" hreflang="[^"]*">\s*')


def without_alternate_links(html: str) -> str:
    """``html`` without the <head>'s ``link rel=alternate hreflang`` (mkdocs-static-i18n's, one per
    language, to the same page there). The theme's bundle fetches ``sitemap.xml`` beside each of
    them, expecting a language's root, so on a page it asked for ``/it/play/sitemap.xml``: a 404
    for every language on every page. The selector's links (``.md-select__link``) stay, and
    language-choice.js loads the chosen page from them."""
    return _ALTERNATE.sub("", html)


def on_post_page(output, page, config, **kwargs):
    from site_scripts.build.release import mark_page  # the page names its release (stamped in on_post_build)

    return mark_page(theme_start_early(lazy_search_script(module_preloads(first_touch_script(without_alternate_links(output))))))


def on_post_template(output_content, template_name, config, **kwargs):
    from site_scripts.build.release import mark_page

    return mark_page(theme_start_early(lazy_search_script(output_content)))  # 404.html (a theme template, not a page)


def lunr_files_needed(langs: list[str]) -> set[str]:
    """The theme's lunr files (relative to ``assets/javascripts/lunr``) its search worker loads for
    the index languages ``langs``: none for English alone, else the stemmer support, each
    language's module (English has none) and, for more than one language, lunr.multi."""
    others = [x for x in langs if x != "en"]
    if not others:
        return set()
    needed = {"min/lunr.stemmer.support.min.js", *(f"min/lunr.{x}.min.js" for x in others)}
    if len(langs) > 1:
        needed.add("min/lunr.multi.min.js")
    return needed


def prune_lunr_languages(site_dir: Path) -> int:
    """Delete the theme's lunr language files the search index's languages do not use (all of
    ``assets/javascripts/lunr`` when it is English only); the number of files deleted."""
    index = site_dir / "search" / "search_index.json"
    lunr = site_dir / "assets" / "javascripts" / "lunr"
    if not index.exists() or not lunr.is_dir():
        return 0
    needed = lunr_files_needed(json.loads(index.read_text(encoding="utf-8")).get("config", {}).get("lang", []))
    files = [p for p in lunr.rglob("*") if p.is_file()]
    if not needed:
        shutil.rmtree(lunr)
        return len(files)
    gone = [p for p in files if p.relative_to(lunr).as_posix() not in needed]
    for path in gone:
        path.unlink()
    for folder in sorted((p for p in lunr.rglob("*") if p.is_dir()), reverse=True):
        if not any(folder.iterdir()):
            folder.rmdir()
    return len(gone)


# Files the service worker does not precache: itself, source maps, crawler files, and the two
# offline files made after the version (the manifest names the version; the archive is a download).
_SKIP_SUFFIXES = (".map", ".xml", ".xml.gz")
_SKIP_FILES = ("sw.js", "offline-manifest.json", "petteia-site.zip", "petteia-site.zip.part")


def skipped(rel: str) -> bool:
    """Whether the site file ``rel`` (a posix path) stays out of the precache list and the version.

    Dot files (make's ``site/.built`` stamp) are not part of the site either.
    """
    return rel in _SKIP_FILES or rel.endswith(_SKIP_SUFFIXES) or any(p.startswith(".") for p in rel.split("/"))


def precache_list(site_dir: Path) -> list[str]:
    urls = []
    for path in sorted(site_dir.rglob("*")):
        if not path.is_file():
            continue
        rel = path.relative_to(site_dir).as_posix()
        if skipped(rel):
            continue
        if rel == "index.html":
            rel = "./"
        elif rel.endswith("/index.html"):
            rel = rel[: -len("index.html")]  # pages are fetched by their directory URL
        urls.append(rel)
    return urls


def site_version(site_dir: Path, urls: list[str]) -> str:
    h = hashlib.sha256()
    for path in sorted(site_dir.rglob("*")):
        if path.is_file() and not skipped(path.relative_to(site_dir).as_posix()):
            h.update(path.relative_to(site_dir).as_posix().encode())
            h.update(hashlib.sha256(path.read_bytes()).digest())
    return h.hexdigest()[:12]


# The theme's instant navigation moves the sitemap's addresses to the page's protocol and host
# name, but not to its port: on any port but site_url's, every link reloads the page (and Python).
_SITEMAP_REBASE = "e.protocol=t.protocol,e.hostname=t.hostname,e"
_SITEMAP_REBASE_FIXED = "e.protocol=t.protocol,e.host=t.host,e"


def fix_sitemap_port(site_dir: Path) -> None:
    """Make the theme's bundle rebase sitemap addresses to the page's host and port.

    The classroom archive (served by its serve.py on any port, or any address of the room's
    network) and the development server on a free port then keep instant navigation. Raises if
    the theme's bundle no longer has that code (a new theme version: check whether it is fixed).
    """
    bundles = list((site_dir / "assets" / "javascripts").glob("bundle.*.min.js"))
    for bundle in bundles:
        text = bundle.read_text(encoding="utf-8")
        if _SITEMAP_REBASE_FIXED in text:
            continue
        if text.count(_SITEMAP_REBASE) != 1:
            raise RuntimeError(f"{bundle.name}: the sitemap rebase code changed; see site_scripts/build/hooks.py")
        bundle.write_text(text.replace(_SITEMAP_REBASE, _SITEMAP_REBASE_FIXED), encoding="utf-8")
    if not bundles:
        raise RuntimeError("the theme's bundle.*.min.js is missing")


@event_priority(-200)  # after mkdocs-static-i18n's (-100), which builds the other languages first
def on_post_build(config, **kwargs):
    """The whole-site work, once, over every language: skipped in the i18n plugin's nested
    builds (one per other language), done at the end of the outer build after them."""
    from site_scripts.build.languages import building_other_language

    if building_other_language(config):
        return
    site_dir = Path(config["site_dir"])
    prune_lunr_languages(site_dir)
    sw = site_dir / "sw.js"
    if not sw.exists():
        return
    from site_scripts.build import csp, not_found_page, offline_build, offline_page, release

    fix_sitemap_port(site_dir)
    offline_page.write_offline_pages(site_dir, config.get("site_url"))
    not_found_page.write_not_found_pages(site_dir, config.get("site_url"))
    csp.add_policy(site_dir)  # last change to the pages: their inline scripts are final
    urls = precache_list(site_dir)
    version = site_version(site_dir, urls)
    release.stamp_pages(site_dir, version)  # each page names its release (site_scripts/build/release.py)
    data = offline_build.manifest(site_dir, urls, version)
    text = sw.read_text(encoding="utf-8")
    text = text.replace('"__PETTEIA_VERSION__"', json.dumps(version))
    text = text.replace("[/* __PETTEIA_PRECACHE__ */]", json.dumps(data["files"], indent=0))
    text = text.replace("[/* __PETTEIA_INSTALL__ */]", json.dumps(offline_page.files_it_needs(site_dir, config.get("site_url"))))
    sw.write_text(text, encoding="utf-8")
    offline_build.write_manifest(site_dir, urls, version)
    offline_build.write_archive(site_dir)

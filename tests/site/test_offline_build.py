"""The built site's offline and security files: hashes in sw.js, the offline page, the policy.

Reads site/ as `make build` left it (no build of its own: tests/site/test_site.py does one).
"""

from __future__ import annotations

import hashlib
import json
import re
from pathlib import Path

import pytest

from site_scripts.build import csp

SITE = Path(__file__).resolve().parents[2] / "site"


@pytest.fixture(scope="module")
def site() -> Path:
    if not (SITE / "sw.js").exists():
        pytest.fail("site/ is not built: run `make build`")
    return SITE


def sw_list(site: Path, name: str) -> list:
    sw = (site / "sw.js").read_text(encoding="utf-8")
    return json.loads(re.search(rf"const {name} = (\[.*?\]);", sw, re.S).group(1))


def path_of(site: Path, url: str) -> Path:
    return site / ("index.html" if url == "./" else url + "index.html" if url.endswith("/") else url)


def test_every_precached_file_carries_its_size_and_hash(site):
    files = sw_list(site, "PRECACHE")
    assert files == json.loads((site / "offline-manifest.json").read_text())["files"]
    for f in files:
        data = path_of(site, f["url"]).read_bytes()
        assert (len(data), hashlib.sha256(data).hexdigest()) == (f["bytes"], f["sha256"]), f["url"]


def test_the_offline_page_and_its_files_are_stored_at_install(site):
    install = sw_list(site, "INSTALL")
    assert install[0] == "offline.html"
    page = (site / "offline.html").read_text(encoding="utf-8")
    assert "<h1 id=\"you-are-offline\">You are offline</h1>" in page and "Make available offline" in page
    precached = {f["url"] for f in sw_list(site, "PRECACHE")}
    assert set(install) <= precached  # all files of this release, checked like the others
    assert any(f.endswith(".css") for f in install) and "assets/js/petteia.js" in install


def test_every_page_has_the_policy_with_the_hashes_of_its_inline_scripts(site):
    for page in site.rglob("*.html"):
        text = page.read_text(encoding="utf-8")
        match = re.search(r'<meta http-equiv="Content-Security-Policy" content="([^"]*)">', text)
        assert match, page
        policy = match.group(1)
        assert text.index("Content-Security-Policy") < text.index("<script"), page  # before any script
        scripts, handlers = csp.inline_hashes(text)
        assert all(h in policy for h in scripts | handlers), page
        assert "'unsafe-eval'" not in policy and "'unsafe-inline'" not in policy.split("style-src")[0], page


def test_the_theme_rebases_sitemap_addresses_to_the_pages_port(site):
    bundle = next((site / "assets" / "javascripts").glob("bundle.*.min.js")).read_text(encoding="utf-8")
    assert "e.protocol=t.protocol,e.host=t.host,e" in bundle


@pytest.mark.parametrize("lang, heading", [("it", "Sei offline"), ("uk", "Ви офлайн")])
def test_each_language_has_its_offline_page(site, lang, heading):
    """Issue #33: a page of the Italian or Ukrainian site that is not stored, opened offline, shows
    the offline page in its language: made from that language's home page (its header and
    navigation), with links that work from any address of the site."""
    if not (site / lang / "index.html").exists():
        pytest.skip(f"an English-only build: no /{lang}/")
    rel = f"{lang}/offline.html"
    assert rel in sw_list(site, "INSTALL")
    page = (site / rel).read_text(encoding="utf-8")
    assert f'<html lang="{lang}"' in page
    assert f"<h1 id=\"you-are-offline\">{heading}</h1>" in page and f"<title>{heading} - " in page
    assert 'id="petteia-stored-pages"' in page
    assert "md-sidebar--secondary" not in page  # the home page's table of contents is gone
    relative = re.findall(r'\b(?:href|src)="(?![a-z][a-z0-9+.-]*:|/|#)([^"]*)"', page)
    assert relative == [], relative[:5]  # shown at any address: every link from the root
    assert f'href="/{lang}/hosting/"' in page and '"base": "/"' in page
    for link in re.findall(r'\b(?:href|src)="/([^"#?]*)"', page):
        target = site / link
        assert target.is_file() or (target / "index.html").is_file(), link
    assert "You are offline" not in page


@pytest.mark.parametrize("lang, heading", [("en", "Page not found"), ("it", "Pagina non trovata"), ("uk", "Сторінку не знайдено")])
def test_each_language_has_its_not_found_page(site, lang, heading):
    """Issue #33: "page not found" in each language (site_scripts/build/not_found_page.py): English's
    over the theme's 404.html, the others made from their home pages, every link from the root (a
    server shows the page at any address), and ``_redirects`` for the hosts that read it."""
    if lang != "en" and not (site / lang / "index.html").exists():
        pytest.skip(f"an English-only build: no /{lang}/")
    rel = "404.html" if lang == "en" else f"{lang}/404.html"
    page = (site / rel).read_text(encoding="utf-8")
    assert f'<html lang="{lang}"' in page
    assert f'<h1 id="page-not-found">{heading}</h1>' in page and f"<title>{heading} - " in page
    assert "404 - Not found" not in page
    home = "/" if lang == "en" else f"/{lang}/"
    assert f'<a href="{home}">' in page
    relative = re.findall(r'\b(?:href|src)="(?![a-z][a-z0-9+.-]*:|/|#)([^"]*)"', page)
    assert relative == [], relative[:5]
    for link in re.findall(r'\b(?:href|src)="/([^"#?]*)"', page):
        target = site / link
        assert target.is_file() or (target / "index.html").is_file(), link
    if lang != "en":
        assert "Page not found" not in page and "There is no page" not in page
        assert f"/{lang}/*  /{lang}/404.html  404" in (site / "_redirects").read_text(encoding="utf-8").splitlines()


@pytest.mark.parametrize("rel", ["offline.html", "404.html"])
def test_the_english_offline_and_not_found_pages_have_english_navigation(site, rel):
    """They were made from the theme's 404.html, which mkdocs-static-i18n renders in every
    language's build into the same file: the last language's (Ukrainian) header, navigation and
    <html lang> were left around the English text. Now from the English home page."""
    page = (site / rel).read_text(encoding="utf-8")
    home = (site / "index.html").read_text(encoding="utf-8")
    assert '<html lang="en"' in page
    nav = re.compile(r'<nav class="md-nav md-nav--primary".*?</nav>', re.S)
    assert nav.search(page) and nav.search(home)
    assert not re.search(r"[\u0400-\u04ff]", nav.search(page).group(0))  # no Cyrillic in the English navigation
    assert re.search(r"<title>[^<]* - Petteia</title>", page)


@pytest.mark.parametrize("rel", ["it/index.html", "uk/rules/classic/index.html", "index.html"])
def test_no_english_credit_line_in_the_footer(site, rel):
    """The theme's footer line "Made with Material for MkDocs" is English in every language (its
    template does not translate it): the Italian and Ukrainian sites must not show it."""
    if not (site / rel).exists():
        pytest.skip(f"an English-only build: no {rel}")
    assert "Made with" not in (site / rel).read_text(encoding="utf-8")

"""The site: strict build without warnings, no broken internal links, every board fence renders,
the service worker is versioned, the server sends the right MIME types."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import urllib.request
from pathlib import Path

import pytest

from site_scripts.build import fences, linkcheck
from site_scripts.build.serve import serve_in_thread

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs"
VENDOR = DOCS / "assets" / "vendor"


# `built` (a fresh `mkdocs build --strict`, shared by the site tests) is in tests/site/conftest.py.


def test_strict_build_has_no_warnings(built):
    _, log = built
    assert not re.search(r"^(WARNING|ERROR)", log, re.M), log


def test_no_broken_internal_links(built):
    site, _ = built
    assert linkcheck.check(site) == []


def test_link_checker_finds_a_broken_link(tmp_path):
    (tmp_path / "index.html").write_text('<a href="missing/">x</a><a href="#here">y</a><p id="here"></p>')
    assert linkcheck.check(tmp_path) == ["index.html: broken link 'missing/'"]


def _pages():
    return sorted(DOCS.rglob("*.md"))


@pytest.mark.parametrize("page", _pages(), ids=lambda p: p.relative_to(DOCS).as_posix())
def test_every_board_fence_renders(page):
    text = page.read_text(encoding="utf-8")
    specs = fences.check_page(text, page.relative_to(DOCS).as_posix())
    for spec in specs:
        html = fences.render_fence(spec)
        assert html.startswith("<figure") and "<svg" in html


def test_live_boards_are_marked_for_the_front_end(built):
    site, _ = built
    html = (site / "play" / "try" / "index.html").read_text(encoding="utf-8")
    figures = re.findall(r'<figure [^>]*class="petteia-board[^"]*"[^>]*>', html)
    assert len(figures) >= 5
    assert all(re.search(r'data-mode="(explore|puzzle|play)"', f) and "data-ruleset=" in f for f in figures)
    assert any('data-mode="puzzle"' in f and "data-solution=" in f for f in figures)
    assert any('data-mode="play"' in f and 'data-side="w"' in f for f in figures)
    assert 'src="../../assets/js/petteia.js" type="module"' in html or 'type="module" src="../../assets/js/petteia.js"' in html


def test_service_worker_is_versioned_and_lists_the_runtime(built):
    site, _ = built
    sw = (site / "sw.js").read_text(encoding="utf-8")
    assert "__PETTEIA" not in sw
    version = re.search(r'const VERSION = "([0-9a-f]{12})"', sw).group(1)
    precache = [f["url"] for f in json.loads(re.search(r"const PRECACHE = (\[.*?\]);", sw, re.S).group(1))]
    assert "./" in precache and "play/try/" in precache
    runtime = (VENDOR / "runtime.mjs").read_text()
    pyodide_dir = re.search(r'"pyodideDir": "([^"]+)"', runtime).group(1)
    for name in ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json"):
        assert f"assets/vendor/{pyodide_dir}{name}" in precache
    assert any(u.startswith("assets/vendor/wheels/petteia_core-") for u in precache)
    assert all((site / (u if not u.endswith("/") else u + "index.html").lstrip("./")).exists() for u in precache if u != "./")
    assert version


def test_no_cdn_at_run_time(built):
    site, _ = built
    for path in list(site.rglob("*.html")) + list((site / "assets" / "js").glob("*.js")):
        text = path.read_text(encoding="utf-8")
        assert "cdn.jsdelivr" not in text and "unpkg.com" not in text and "fonts.googleapis" not in text, path


def test_server_mime_types(built):
    site, _ = built
    server, url = serve_in_thread(site)
    try:
        runtime = (VENDOR / "runtime.mjs").read_text()
        pyodide_dir = re.search(r'"pyodideDir": "([^"]+)"', runtime).group(1)
        with urllib.request.urlopen(url + f"assets/vendor/{pyodide_dir}pyodide.asm.wasm") as r:
            assert r.headers["Content-Type"] == "application/wasm"
            assert "immutable" in r.headers["Cache-Control"]
        with urllib.request.urlopen(url + f"assets/vendor/{pyodide_dir}pyodide.mjs") as r:
            assert r.headers["Content-Type"].startswith("text/javascript")
        with urllib.request.urlopen(url + "sw.js") as r:
            assert r.headers["Cache-Control"] == "no-cache"
    finally:
        server.shutdown()
        server.server_close()


def _search_docs(site: Path) -> list[dict]:
    return json.loads((site / "search" / "search_index.json").read_text(encoding="utf-8"))["docs"]


@pytest.mark.parametrize(
    "ruleset_title",
    ["Classic Petteia", "ordinarii and vagi", "Poleis", "pros skiamachian", "Kubeia", "Ludus duodecim scriptorum",
     "Ludus latrunculorum"],
)
def test_search_finds_each_ruleset_page(built, ruleset_title):
    site, _ = built
    hits = [d["location"] for d in _search_docs(site) if ruleset_title.lower() in d["title"].lower()]
    assert any(loc.startswith("rules/") for loc in hits), f"no rules page titled with {ruleset_title!r}: {hits}"


def test_search_finds_every_glossary_term(built):
    site, _ = built
    terms = re.findall(r"^### (.+)$", (DOCS / "glossary.md").read_text(encoding="utf-8"), flags=re.M)
    assert len(terms) >= 30
    glossary_titles = {
        d["title"].strip().lower() for d in _search_docs(site) if d["location"].startswith("glossary/")
    }
    missing = [t for t in terms if t.strip().lower() not in glossary_titles]
    assert not missing, f"glossary terms without their own search entry: {missing}"


def test_search_indexes_board_captions_but_not_the_drawings(built):
    # The SVG's title/description (every piece on every square) would swamp the results and the
    # index; the caption a reader wrote stays searchable.
    site, _ = built
    text = " ".join(d["text"] for d in _search_docs(site) if d["location"].startswith("rules/tournament/"))
    assert "25 pieces: Basileus" not in text and "Hoplites Α1, Β1, Γ1" not in text  # SVG descriptions
    assert "Basileus" in text
    captions = re.findall(r"^caption: (.{20,60}?)[.,;:]", (DOCS / "rules" / "tournament.md").read_text("utf-8"), re.M)
    assert captions and any(c.split("*")[0] in text for c in captions)


def test_printables_stay_out_of_search(built):
    # The printable sheets repeat the rules pages and the puzzles; the printables index stays.
    site, _ = built
    locations = {d["location"].split("#")[0] for d in _search_docs(site)}
    assert "teachers/printables/" in locations and "rules/classic/" in locations
    assert not [loc for loc in locations if loc.startswith(("teachers/print/", "puzzles/sheets"))]
    assert (site / "teachers" / "print" / "rules-classic" / "index.html").exists()  # still built


def test_every_page_loads_the_search_index_lazily(built):
    # search-lazy.js must run before the theme's bundle, which requests the index at start-up.
    site, _ = built
    pages = [p for p in site.rglob("*.html") if "assets" not in p.parts]
    assert len(pages) > 40
    for page in pages:
        html = page.read_text(encoding="utf-8")
        m = re.search(r'<script src="([^"]*)assets/js/search-lazy\.js"></script><script src="\1assets/javascripts/bundle', html)
        assert m, f"{page.relative_to(site)}: search-lazy.js is not just before the bundle"
        assert (page.parent / (m.group(1) + "assets/js/search-lazy.js")).resolve().exists() or m.group(1) == "/"


def test_unused_search_languages_are_not_shipped(built):
    # The search loads the lunr files of the published languages only (English alone needs none;
    # Ukrainian is indexed with lunr's Russian module); the theme's other copies (about 1 MB) are removed.
    from site_scripts.build.hooks import lunr_files_needed
    from site_scripts.build.languages import SEARCH_LANGUAGE

    site, _ = built
    config = json.loads((site / "search" / "search_index.json").read_text(encoding="utf-8"))["config"]
    published = [x.strip() for x in os.environ.get("PETTEIA_LANGUAGES", "en,it,uk").split(",")]
    assert config["lang"] == [SEARCH_LANGUAGE.get(x, x) for x in published]
    lunr = site / "assets" / "javascripts" / "lunr"
    shipped = {p.relative_to(lunr).as_posix() for p in lunr.rglob("*.js")} if lunr.exists() else set()
    assert shipped == lunr_files_needed(config["lang"])
    assert list((site / "assets" / "javascripts" / "workers").glob("search.*.min.js"))


# ---------------------------------------------------------------- offline: manifest and archive
def test_offline_manifest_lists_every_site_file(built):
    site, _ = built
    sw = (site / "sw.js").read_text(encoding="utf-8")
    version = re.search(r'const VERSION = "([0-9a-f]{12})"', sw).group(1)
    precache = [f["url"] for f in json.loads(re.search(r"const PRECACHE = (\[.*?\]);", sw, re.S).group(1))]
    manifest = json.loads((site / "offline-manifest.json").read_text(encoding="utf-8"))
    assert manifest["version"] == version
    assert [f["url"] for f in manifest["files"]] == precache
    for f in manifest["files"]:
        rel = "index.html" if f["url"] == "./" else f["url"] + "index.html" if f["url"].endswith("/") else f["url"]
        assert (site / rel).stat().st_size == f["bytes"], rel
    assert manifest["bytes"] == sum(f["bytes"] for f in manifest["files"])
    # Every file of the site, but the worker, the two offline files and the crawlers' sitemaps.
    on_disk = {p.relative_to(site).as_posix() for p in site.rglob("*") if p.is_file()}
    skipped = {"sw.js", "offline-manifest.json", "petteia-site.zip", "sitemap.xml", "sitemap.xml.gz"}
    listed = {"index.html" if u == "./" else u + "index.html" if u.endswith("/") else u for u in precache}
    assert listed == {p for p in on_disk - skipped if not p.endswith(".map")}  # source maps: for debuggers


def test_site_archive_holds_the_site_and_a_server(built, tmp_path):
    import zipfile

    site, _ = built
    archive = site / "petteia-site.zip"
    with zipfile.ZipFile(archive) as zf:
        names = set(zf.namelist())
        assert zf.testzip() is None
        zf.extractall(tmp_path)
    on_disk = {p.relative_to(site).as_posix() for p in site.rglob("*") if p.is_file()}
    assert {n.removeprefix("petteia-site/") for n in names} == (on_disk - {"petteia-site.zip"}) | {"serve.py", "README.txt"}
    assert not any(n.endswith("petteia-site.zip") for n in names)  # never inside itself
    assert "python3 serve.py" in (tmp_path / "petteia-site" / "README.txt").read_text()
    # The shipped server, as a user would start it: right MIME types for the runtime.
    proc = subprocess.Popen(
        [sys.executable, "serve.py", "--port", "0"], cwd=tmp_path / "petteia-site",
        stdout=subprocess.PIPE, text=True,
    )
    try:
        url = re.search(r"http://\S+/", proc.stdout.readline()).group(0)
        runtime = (VENDOR / "runtime.mjs").read_text()
        pyodide_dir = re.search(r'"pyodideDir": "([^"]+)"', runtime).group(1)
        with urllib.request.urlopen(url + f"assets/vendor/{pyodide_dir}pyodide.asm.wasm") as r:
            assert r.headers["Content-Type"] == "application/wasm"
        with urllib.request.urlopen(url + f"assets/vendor/{pyodide_dir}pyodide.mjs") as r:
            assert r.headers["Content-Type"].startswith("text/javascript")
        with urllib.request.urlopen(url + "play/") as r:
            assert r.headers["Content-Type"].startswith("text/html") and b"petteia-play" in r.read()
    finally:
        proc.terminate()
        proc.wait(timeout=10)


def test_hosting_page_offers_the_button_and_the_archive(built):
    site, _ = built
    html = (site / "hosting" / "index.html").read_text(encoding="utf-8")
    assert "data-petteia-offline" in html
    assert 'href="../petteia-site.zip"' in html and "serve.py" in html


def test_play_page_names_the_levels_as_the_engine_does():
    # The front end's names (levels, rulesets, sides) come from the generated words module, which is
    # petteia_core/web/words.py's; the play page's table names the five levels of petteia_core.ai.LEVELS.
    from petteia_core.ai import LEVELS
    from petteia_core.web.words import front_end, front_end_module
    from site_scripts.build.vendor import words_by_language

    assert (VENDOR / "words.mjs").read_text(encoding="utf-8") == front_end_module(words_by_language())
    assert front_end()["LEVELS"] == {str(n): lv.name for n, lv in LEVELS.items()}
    for name in ("play/view-setup.js", "board-grid.js", "board-track.js", "fence-board.js"):
        js = (DOCS / "assets" / "js" / name).read_text(encoding="utf-8")
        assert re.search(r'from "(\.\./)+vendor/words\.mjs"', js), name
        assert not re.search(r"const (RULESETS|LEVELS|SIDE|NAMES) = \{", js), f"{name} keeps its own copy of the words"
    page = (DOCS / "play" / "index.md").read_text(encoding="utf-8")
    rows = re.findall(r"^\| (\d) (\w+) \|", page, re.M)
    assert rows == [(str(n), lv.name) for n, lv in LEVELS.items()]

"""The modulepreload hints of pages with boards (site_scripts/build/module_preload.py): each names a
file the site has, a page's hints cover every module its boards import statically, and pages
without live boards get none."""

from __future__ import annotations

import re
from pathlib import Path

from site_scripts.build.module_preload import BOARDS, preload_links, static_imports

HINT = re.compile(r'<link rel="modulepreload" href="([^"]+)">')


def hints(site: Path, page: str) -> set[Path]:
    html = (site / page).read_text(encoding="utf-8")
    # offline.html (and each language's) is served in place of any page: its addresses are from the root
    return {(site / href[1:] if href.startswith("/") else (site / page).parent / href).resolve() for href in HINT.findall(html)}


def test_static_imports_follow_the_modules_own_imports(tmp_path):
    js = tmp_path / "js"
    (js / "sub").mkdir(parents=True)
    (tmp_path / "vendor").mkdir()
    (js / "a.js").write_text('import { b } from "./b.js";\nimport "./sub/c.js";\nconst x = import("./lazy.js");\n')
    (js / "b.js").write_text('export { v } from "../vendor/v.mjs";\n')
    (js / "sub" / "c.js").write_text('import {\n  b,\n} from "../b.js";\n')
    (js / "lazy.js").write_text("")
    (tmp_path / "vendor" / "v.mjs").write_text("export const v = 1;\n")
    # a dynamic import() is not followed: that module is loaded when it is needed, not before
    assert static_imports("a.js", js) == ["js/a.js", "js/b.js", "js/sub/c.js", "vendor/v.mjs"]


def test_a_page_with_live_boards_preloads_their_modules(built):
    site, _ = built
    want = {(site / "assets" / f).resolve() for entry in BOARDS for f in static_imports(entry)}
    assert (site / "assets/js/board-view.js").resolve() in want
    assert hints(site, "play/try/index.html") == want
    assert hints(site, "it/play/try/index.html") == want  # the same files, from a page one folder deeper


def test_play_and_trainer_pages_preload_their_own_modules_too(built):
    site, _ = built
    play = hints(site, "play/index.html")
    trainer = hints(site, "puzzles/index.html")
    assert (site / "assets/js/play/main.js").resolve() in play
    assert (site / "assets/js/trainer/main.js").resolve() in trainer
    assert (site / "assets/js/play/main.js").resolve() not in trainer


def test_every_hint_names_a_file_of_the_site_and_pages_without_boards_have_none(built):
    site, _ = built
    hinted = 0
    for page in site.rglob("*.html"):
        files = hints(site, str(page.relative_to(site)))
        assert all(f.is_file() for f in files), (page, [f for f in files if not f.is_file()])
        hinted += bool(files)
    assert hinted > 20
    assert hints(site, "glossary/index.html") == set()
    assert preload_links("<html><body><p>no board</p></body></html>", "../") == ""

"""Accessibility in Chromium: axe-core on every page type (light and dark), reflow at 640 px
(a 1280 px screen at 200 % zoom), and keyboard-only play.

axe-core comes from node_modules (package.json, pinned) and is injected from the file: no CDN.
"""

from __future__ import annotations

import json

import pytest
from e2e_support import ROOT, browser, context, page, playwright_instance, serve, site_dir  # noqa: F401 (fixtures)

pytestmark = pytest.mark.browser

AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
LOAD_MS = 60_000

# One page of each type; the teachers' section is checked when the build has it.
PAGES = {
    "home": "",
    "history": "history/",
    "rules with boards": "rules/classic/",
    "duodecim rules": "rules/duodecim/",
    "notation": "notation/",
    "play": "play/",
    "puzzle trainer": "puzzles/",
    "printable sheet": "puzzles/sheets/",
    "glossary": "glossary/",
    "hosting": "hosting/",
    "404": "404.html",
    "teachers": "teachers/",
}


def page_types(site_dir):
    return [
        (name, path) for name, path in PAGES.items()
        if (site_dir / (path or "index.html") if path.endswith(".html") or not path else site_dir / path / "index.html").exists()
    ]


def settle(page):
    """Wait until the page's live parts are built (boards live, play page and trainer started)."""
    page.wait_for_load_state("load")
    if page.locator("#petteia-play").count():
        page.wait_for_function("() => window.__petteiaPlay?.state", timeout=LOAD_MS)
    if page.locator("#petteia-trainer").count():
        page.wait_for_function("() => document.querySelector('figure#trainer-board.is-live')", timeout=LOAD_MS)
    live = 'figure.petteia-board[data-mode]:not([data-ruleset="duodecim"]):not(.petteia-static)'
    if page.locator(live).count() and not page.locator("#petteia-play, #petteia-trainer").count():
        page.wait_for_selector("figure.petteia-board.is-live", timeout=LOAD_MS)
    page.wait_for_timeout(300)  # the offline widget's check, dice animations


def axe_violations(page, impacts=("serious", "critical")):
    page.add_script_tag(path=str(AXE))
    result = page.evaluate(
        """async () => {
            const r = await axe.run(document, { resultTypes: ['violations'] });
            return r.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help,
                nodes: v.nodes.slice(0, 5).map((n) => [n.target.join(' '), n.failureSummary]) }));
        }"""
    )
    return [v for v in result if v["impact"] in impacts]


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_axe_finds_no_serious_violation_on_any_page_type(serve, browser, site_dir, scheme):
    base = serve()
    ctx = browser.new_context(viewport={"width": 1280, "height": 900}, color_scheme=scheme)
    try:
        problems = {}
        for name, path in page_types(site_dir):
            page = ctx.new_page()
            page.goto(base + path)
            settle(page)
            expected = "slate" if scheme == "dark" else "default"
            assert page.evaluate("document.body.dataset.mdColorScheme") == expected
            found = axe_violations(page)
            if found:
                problems[name] = found
            page.close()
        assert not problems, json.dumps(problems, indent=1, ensure_ascii=False)
    finally:
        ctx.close()


def test_axe_in_classroom_mode(serve, page):
    page.goto(serve() + "play/?classroom")
    settle(page)
    page.wait_for_function("document.documentElement.classList.contains('petteia-classroom')")
    found = axe_violations(page)
    assert not found, json.dumps(found, indent=1, ensure_ascii=False)


def test_pages_reflow_at_640_css_pixels(serve, browser, site_dir):
    """200 % zoom on a 1280 px screen: no horizontal scrolling, nothing pushed off the side."""
    base = serve()
    ctx = browser.new_context(viewport={"width": 640, "height": 800})
    try:
        wide = {}
        for name, path in page_types(site_dir):
            page = ctx.new_page()
            page.goto(base + path)
            settle(page)
            overflow = page.evaluate(
                """() => {
                    const w = document.documentElement.clientWidth;
                    const out = [];
                    if (document.documentElement.scrollWidth > w + 1) out.push('page ' + document.documentElement.scrollWidth);
                    for (const el of document.querySelectorAll('.md-content *')) {
                        const r = el.getBoundingClientRect();
                        if (!r.width || getComputedStyle(el).visibility === 'hidden') continue;
                        // Inside a scroll box (tables, code, the move list) is fine: that box scrolls.
                        let box = el.parentElement, scrolls = false;
                        while (box && box !== document.body) {
                            const o = getComputedStyle(box).overflowX;
                            if (o === 'auto' || o === 'scroll' || o === 'hidden' && box.scrollWidth > box.clientWidth) { scrolls = true; break; }
                            box = box.parentElement;
                        }
                        if (!scrolls && (r.right > w + 1 || r.left < -1)) out.push(el.tagName + '.' + el.className);
                    }
                    return out.slice(0, 5);
                }"""
            )
            if overflow:
                wide[name] = overflow
            page.close()
        assert not wide, wide
    finally:
        ctx.close()

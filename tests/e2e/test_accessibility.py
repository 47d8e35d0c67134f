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
    "teachers' device check": "teachers/check/",
    "rules workshop": "lab/workshop/",
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
    if page.locator("#petteia-workshop").count():
        page.wait_for_function("() => window.__petteiaWorkshop?.state", timeout=LOAD_MS)
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


# Relative luminance contrast of two computed colours "rgb(r, g, b)" (WCAG 2 formula).
CONTRAST_JS = """([a, b]) => {
    const lum = (c) => {
        const [r, g, bl] = c.match(/[\\d.]+/g).slice(0, 3).map((v) => {
            v = Number(v) / 255;
            return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
        });
        return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
    };
    const [l1, l2] = [lum(a), lum(b)].sort((x, y) => y - x);
    return (l1 + 0.05) / (l2 + 0.05);
}"""


def piece_colours(page, figure):
    return page.evaluate(
        """(f) => {
            const fig = document.querySelector(f);
            const style = (sel, prop) => getComputedStyle(fig.querySelector(sel))[prop];
            return { w: style('.piece.w .body', 'fill'), b: style('.piece.b .body', 'fill'),
                     wEdge: style('.piece.w .body', 'stroke'), bEdge: style('.piece.b .body', 'stroke'),
                     sq: style('rect.sq', 'fill') };
        }""",
        figure,
    )


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_two_sides_differ_by_lightness_and_in_words(serve, browser, scheme):
    """Sides are told apart without colour: ivory and ebony pieces differ in lightness by at least
    3:1 (WCAG non-text contrast, so also in greyscale and for every kind of colour blindness), each
    piece stands out from its square by 3:1, and the board's text description names the sides."""
    base = serve()
    ctx = browser.new_context(viewport={"width": 1280, "height": 900}, color_scheme=scheme)
    try:
        page = ctx.new_page()
        page.goto(base + "rules/classic/")
        fig = "figure.petteia-board:has(.piece.w):has(.piece.b)"
        c = piece_colours(page, fig)
        contrast = lambda a, b: page.evaluate(CONTRAST_JS, [a, b])  # noqa: E731
        assert contrast(c["w"], c["b"]) >= 3, c
        # An ivory piece stands out from the square by its dark outline, an ebony one by its body.
        assert contrast(c["wEdge"], c["sq"]) >= 3 and contrast(c["b"], c["sq"]) >= 3, c
        desc = page.locator(f"{fig} svg desc").first.text_content()
        assert "White" in desc and "Black" in desc
        # The projector palette too.
        page.goto(base + "play/?classroom")
        page.wait_for_function("() => window.__petteiaPlay?.state", timeout=LOAD_MS)
        c = piece_colours(page, "#play-board")
        assert contrast(c["w"], c["b"]) >= 10, c
        assert contrast(c["wEdge"], c["sq"]) >= 7 and contrast(c["b"], c["sq"]) >= 7, c
    finally:
        ctx.close()

"""End to end, in Chromium: present mode (docs/assets/js/present.js) on a page's board and in the
trainer, the lesson plans' links that open a board presenting, and plain links to a board landing
with the whole figure in view, at the two projector sizes 1280×800 and 1024×768."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from e2e_support import shown_text, ROOT, browser, context, page, playwright_instance, serve, site_dir  # noqa: F401 (fixtures)
from test_accessibility import axe_violations
from test_boards import board, wait_live

pytestmark = pytest.mark.browser

SIZES = [(1280, 800), (1024, 768)]
SAC = "sacrifice-explore"  # docs/rules/tournament.md: a line of three moves on a 12-column board


def new_page(browser, size):
    ctx = browser.new_context(viewport={"width": size[0], "height": size[1]})
    p = ctx.new_page()
    p.errors = []
    p.on("pageerror", lambda e: p.errors.append(str(e)))
    return ctx, p


def inside(page, locator):
    """The element's box lies inside the viewport (and is not empty)."""
    box = None
    for _ in range(10):  # a board redraws its SVG when Python takes it over: look again then
        locator.wait_for(timeout=5_000)
        box = locator.bounding_box()
        if box:
            break
        page.wait_for_timeout(200)
    w, h = page.viewport_size["width"], page.viewport_size["height"]
    assert box and box["width"] > 0 and box["height"] > 0, (page.url, str(locator), box)
    return box["x"] >= -0.5 and box["y"] >= -0.5 and box["x"] + box["width"] <= w + 0.5 and box["y"] + box["height"] <= h + 0.5


def pieces(page, board_id):
    """The pieces on the board: (square, classes), sorted."""
    return page.evaluate(
        "(id) => [...document.querySelectorAll(`figure#${id} g.piece`)]"
        ".filter((g) => !g.classList.contains('is-captured'))"
        ".map((g) => g.dataset.sq + ' ' + [...g.classList].filter((c) => c !== 'is-moving' && c !== 'is-movable').sort().join('.')).sort()",
        board_id,
    )


def where(page, board_id):
    return shown_text(board(page, board_id).locator(".petteia-line-where"))


def wait_where(page, board_id, text):
    page.wait_for_function(
        "([id, t]) => document.querySelector(`figure#${id} .petteia-line-where`)?.textContent === t",
        arg=[board_id, text], timeout=10_000)
    page.wait_for_function("(id) => !document.querySelector(`figure#${id} g.piece.is-moving, figure#${id} g.piece.is-captured`)",
                           arg=board_id, timeout=5_000)


def tab_stays_inside(page, selector, presses=12):
    """Tab and Shift+Tab go round the controls of the presented element, never to the page under it;
    returns how many different elements took the focus."""
    seen = set()
    for key in ["Tab"] * presses + ["Shift+Tab"] * presses:
        page.keyboard.press(key)
        where = page.evaluate(
            "(sel) => { const a = document.activeElement; return a && document.querySelector(sel).contains(a)"
            " ? (a.className?.baseVal ?? a.className) + '|' + a.textContent.slice(0, 30) : null; }", selector)
        assert where is not None, f"{key} took the focus out of {selector}"
        seen.add(where)
    return len(seen)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_present_a_board_with_its_line(serve, browser, size):
    base = serve()
    # What the step button does, in a page of its own.
    ctx, ref = new_page(browser, size)
    ref.goto(base + "rules/tournament/")
    wait_live(ref, SAC)
    for n in (1, 2):
        board(ref, SAC).get_by_role("button", name="Next move of the line", exact=True).click()
        wait_where(ref, SAC, f"Line: {n} of 3")
    expected = pieces(ref, SAC)
    ctx.close()

    ctx, page = new_page(browser, size)
    page.goto(base + "rules/tournament/")
    wait_live(page, SAC)
    fig = board(page, SAC)
    start = pieces(page, SAC)
    present = fig.locator(".petteia-present")
    present.click()
    assert "is-presenting" in fig.get_attribute("class") and "petteia-projector" in fig.get_attribute("class")
    assert present.get_attribute("aria-pressed") == "true"
    # The board, its status, its buttons and its caption are on screen, the board large.
    for part in ("svg.petteia-svg", ".petteia-status", ".petteia-controls", "figcaption", ".petteia-present-hint"):
        assert inside(page, fig.locator(part)), part
    svg = fig.locator("svg.petteia-svg").bounding_box()
    assert svg["height"] >= 0.6 * size[1], svg
    assert not page.locator(".md-header").is_visible()
    # The projector palette: thick lines, large coordinates.
    assert page.evaluate(f"getComputedStyle(document.querySelector('#{SAC} rect.sq')).strokeWidth") == "3px"
    # The arrows step the line as the step button does.
    page.keyboard.press("ArrowRight")
    wait_where(page, SAC, "Line: 1 of 3")
    page.keyboard.press("ArrowRight")
    wait_where(page, SAC, "Line: 2 of 3")
    assert pieces(page, SAC) == expected
    page.keyboard.press("ArrowLeft")
    wait_where(page, SAC, "Line: 1 of 3")
    page.keyboard.press(" ")
    wait_where(page, SAC, "Line: 2 of 3")
    page.keyboard.press("Home")
    wait_where(page, SAC, "Line: 0 of 3")
    assert pieces(page, SAC) == start
    # The keyboard stays on the presented board: Tab goes round its own controls.
    assert tab_stays_inside(page, f"figure#{SAC}") >= 3
    # Escape leaves; the focus is back on the button, the page as it was.
    page.keyboard.press("Escape")
    assert "is-presenting" not in fig.get_attribute("class")
    assert page.evaluate("document.activeElement?.classList.contains('petteia-present')")
    assert shown_text(present) == "Present" and present.get_attribute("aria-pressed") == "false"
    assert page.locator(".md-header").is_visible()
    assert page.evaluate("getComputedStyle(document.documentElement).overflow") != "hidden"
    assert page.errors == []
    ctx.close()


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_trainer_presents_its_puzzle(serve, browser, size):
    ctx, page = new_page(browser, size)
    page.goto(serve() + "puzzles/#id=classic-005")
    page.wait_for_selector("#trainer-board.is-live, #trainer-board .petteia-svg-wrap svg", timeout=60_000)
    main = page.locator(".trainer-main")
    button = main.locator(".petteia-present")
    button.click()
    assert "is-presenting" in main.get_attribute("class")
    for part in ("#trainer-board svg.petteia-svg", ".trainer-goal", ".trainer-status", ".trainer-actions"):
        assert inside(page, main.locator(part)), part
    assert not main.locator(".trainer-filters").is_visible()
    assert tab_stays_inside(page, ".trainer-main") >= 3
    page.keyboard.press("Escape")
    assert "is-presenting" not in main.get_attribute("class")
    assert page.evaluate("document.activeElement?.classList.contains('petteia-present')")
    assert page.errors == []
    ctx.close()


def lesson_links():
    """Every link of the lesson plans to a board (#present=<id>, or a figure's own id), as site paths."""
    links = set()
    for md in sorted((ROOT / "docs" / "teachers").glob("lesson-*.md")):
        for target, frag in re.findall(r"\]\(\.\./([^)#]+)\.md#([^)]+)\)", md.read_text(encoding="utf-8")):
            path = target.removesuffix("index") if target.endswith("index") else target + "/"
            links.add((path, frag))
    return sorted(links)


def is_board(site_dir, path, frag):
    html = (site_dir / path / "index.html").read_text(encoding="utf-8")
    return f'<figure id="{frag.removeprefix("present=")}"' in html


def test_lesson_links_open_their_boards_ready_to_present(serve, browser, site_dir):
    base = serve()
    links = [(p, f) for p, f in lesson_links() if is_board(site_dir, p, f)]
    presenting = [(p, f) for p, f in links if f.startswith("present=")]
    plain = [(p, f) for p, f in links if not f.startswith("present=")]
    assert len(presenting) >= 6 and len(plain) >= 3, links
    for size in SIZES:
        ctx, page = new_page(browser, size)
        for path, frag in presenting:
            page.goto(f"{base}{path}#{frag}")
            fig = page.locator(f"figure#{frag.removeprefix('present=')}")
            fig.locator(".petteia-present-hint").wait_for(timeout=20_000)
            assert "is-presenting" in fig.get_attribute("class"), (path, frag)
            for part in ("svg.petteia-svg", ".petteia-controls", "figcaption"):
                assert fig.locator(part).count() == 1, (path, frag, part)
                assert inside(page, fig.locator(part)), (size, path, frag, part)
        # A plain link to a board lands with the whole figure, its buttons and caption, in view.
        for path, frag in plain:
            page.goto(f"{base}{path}#{frag}")
            fig = page.locator(f"figure#{frag}")
            fig.locator(".petteia-present").wait_for(timeout=20_000)
            page.wait_for_timeout(300)  # the browser's scroll to the anchor
            assert inside(page, fig), (size, path, frag, fig.bounding_box())
        assert page.errors == []
        ctx.close()


def test_a_present_link_then_arrows_and_escape(serve, browser):
    ctx, page = new_page(browser, (1024, 768))
    page.goto(serve() + f"rules/tournament/#present={SAC}")
    fig = board(page, SAC)
    fig.locator(".petteia-present-hint").wait_for()
    assert "F: full screen" in shown_text(fig.locator(".petteia-present-hint"))
    wait_live(page, SAC)
    page.keyboard.press("ArrowRight")
    wait_where(page, SAC, "Line: 1 of 3")
    page.keyboard.press("Escape")
    assert "is-presenting" not in fig.get_attribute("class")
    assert inside(page, fig.locator(".petteia-present"))
    assert page.errors == []
    ctx.close()


def test_axe_in_present_mode(serve, browser):
    ctx, page = new_page(browser, (1280, 800))
    page.goto(serve() + "rules/tournament/")
    wait_live(page, SAC)
    board(page, SAC).locator(".petteia-present").click()
    page.wait_for_timeout(300)
    assert axe_violations(page) == []
    ctx.close()


def test_a_present_link_fills_a_1280x720_screen_and_escape_forgets_it(serve, browser):
    """Issue #34, 17: at 1280×720 the presented board takes the screen's height (no empty band under
    it) with a caption the back of the room can read; after Escape the address no longer asks for
    present mode, so a reload shows the page."""
    ctx, page = new_page(browser, (1280, 720))
    page.goto(serve() + "rules/classic/#present=classic-siege")
    fig = board(page, "classic-siege")
    fig.locator(".petteia-present-hint").wait_for()
    wait_live(page, "classic-siege")
    for part in ("svg.petteia-svg", ".petteia-status", ".petteia-controls", "figcaption", ".petteia-present-hint"):
        assert inside(page, fig.locator(part)), part
    drawn = page.evaluate("""() => { const b = [...document.querySelectorAll('#classic-siege rect.sq')].map((r) => r.getBoundingClientRect());
        return { top: Math.min(...b.map((r) => r.top)), bottom: Math.max(...b.map((r) => r.bottom)) }; }""")
    svg = fig.locator("svg.petteia-svg").bounding_box()
    ui = fig.locator(".petteia-ui").bounding_box()
    assert drawn["bottom"] - drawn["top"] >= 0.65 * 720, drawn  # the eight rows of squares
    assert ui["y"] - (svg["y"] + svg["height"]) < 24, (svg, ui)  # no empty band between board and status
    caption = page.evaluate("parseFloat(getComputedStyle(document.querySelector('#classic-siege figcaption')).fontSize)")
    assert caption >= 20, caption
    page.keyboard.press("Escape")
    assert "is-presenting" not in fig.get_attribute("class")
    assert page.evaluate("location.hash") == ""
    page.reload()
    board(page, "classic-siege").locator(".petteia-present").wait_for()
    page.wait_for_timeout(500)
    assert "is-presenting" not in board(page, "classic-siege").get_attribute("class")
    assert page.errors == []
    ctx.close()


def test_a_present_address_followed_while_the_boards_are_set_up(serve, browser):
    """CI, session 13: a page opened, an anchor on it followed, then "#present=<id>" followed before
    its boards existed (the offline lesson walk did just that): the page set its boards up with the
    anchor's address, and the hashchange had found no board to present. The boards' module is held
    back here so that the order is certain."""
    ctx, page = new_page(browser, (1280, 800))
    held = []
    page.route("**/assets/js/loader.js*", lambda route: held.append(route))
    base = serve() + "rules/classic/"
    page.goto(base)
    for frag in ("capturing-the-custodian-method", "present=classic-siege"):
        page.goto(f"{base}#{frag}")
        page.wait_for_timeout(300)
    assert held, "the page never asked for its boards' module"
    held[0].continue_()
    page.wait_for_selector("figure#classic-siege.is-presenting", timeout=10_000)
    assert page.errors == []
    ctx.close()

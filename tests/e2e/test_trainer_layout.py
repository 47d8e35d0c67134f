"""The puzzle trainer as an app page, in Chromium: at a laptop's and a phone's size the whole
board, the puzzle's goal, its status and its buttons are on the first screen, with no scrolling."""

from __future__ import annotations

import pytest
from e2e_support import browser, playwright_instance, serve, site_dir  # noqa: F401 (fixtures)
from trainer_support import wait_trainer

pytestmark = pytest.mark.browser

BOXES = """() => { const box = (s) => { const e = document.querySelector(s); if (!e) return null;
  const r = e.getBoundingClientRect(); return { top: r.top, bottom: r.bottom, left: r.left, right: r.right }; };
  return { board: box('#trainer-board svg'), goal: box('.trainer-goal'), status: box('.trainer-status'),
           hint: box('.trainer-hint'), next: box('.trainer-next'), w: innerWidth, h: innerHeight }; }"""


@pytest.mark.parametrize("size", [(1280, 800), (375, 740)], ids=["laptop", "phone"])
@pytest.mark.parametrize("puzzle", ["classic-001", "tournament-006"])
def test_the_puzzle_and_its_buttons_fit_the_first_screen(browser, serve, size, puzzle):
    context = browser.new_context(viewport={"width": size[0], "height": size[1]}, bypass_csp=True)
    try:
        page = context.new_page()
        page.goto(serve() + f"puzzles/#id={puzzle}")
        wait_trainer(page, puzzle)
        page.evaluate("() => window.scrollTo(0, 0)")
        b = page.evaluate(BOXES)
        names = ("board", "goal", "status", "hint", "next")
        for name in names:
            box = b[name]
            assert box is not None, name
            assert box["top"] >= 0 and box["bottom"] <= b["h"] + 1, f"{name} is not on the first screen: {box}"
            assert box["left"] >= 0 and box["right"] <= b["w"] + 1, f"{name} is cut at the side: {box}"
        assert b["board"]["top"] < b["goal"]["top"] or b["board"]["right"] <= b["goal"]["left"]  # the board comes first
    finally:
        context.close()

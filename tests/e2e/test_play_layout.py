"""The play page as a game room, in Chromium: at a laptop's, a large screen's and a phone's size
the whole board, the side to move, the controls and the move list are on the first screen, with
no scrolling (the explanatory text is below)."""

from __future__ import annotations

import pytest
from e2e_support import browser, playwright_instance, serve, site_dir  # noqa: F401 (fixtures)
from play_support import LOAD_MS, new_game

pytestmark = pytest.mark.browser

BOXES = """() => { const box = (s) => { const e = document.querySelector(s); if (!e) return null;
  const r = e.getBoundingClientRect(); return { top: r.top, bottom: r.bottom, left: r.left, right: r.right }; };
  return { board: box('#play-board svg'), status: box('.play-status'), controls: box('.play-controls'),
           moves: box('.play-moves h2'), dice: box('.play-dice:not([hidden])'), steps: box('#play-board .play-steps'),
           w: innerWidth, h: innerHeight }; }"""


@pytest.mark.parametrize("size", [(1280, 800), (1920, 1080), (375, 740)], ids=["laptop", "large", "phone"])
@pytest.mark.parametrize("ruleset", ["classic", "tournament", "kubeia"])
def test_the_board_and_its_controls_fit_the_first_screen(browser, serve, size, ruleset):
    context = browser.new_context(viewport={"width": size[0], "height": size[1]}, bypass_csp=True)
    try:
        page = context.new_page()
        page.goto(serve() + "play/")
        page.wait_for_function("() => window.__petteiaPlay?.state && window.__petteiaPlay.board", timeout=LOAD_MS)
        if ruleset != "classic":
            new_game(page, ruleset, "level-1", "w")
        page.evaluate("() => window.scrollTo(0, 0)")
        b = page.evaluate(BOXES)
        for name in ("board", "status", "controls", "moves") + (("dice",) if ruleset == "kubeia" else ()):
            box = b[name]
            assert box is not None, name
            assert box["top"] >= 0 and box["bottom"] <= b["h"] + 1, f"{name} is not on the first screen: {box}"
            assert box["left"] >= 0 and box["right"] <= b["w"] + 1, f"{name} is cut at the side: {box}"
        if size[0] >= 1000:  # a laptop: the board takes most of the window's height
            assert b["board"]["bottom"] - b["board"]["top"] >= 0.7 * b["h"]
        else:  # a phone: the board is full width, on top
            assert b["board"]["right"] - b["board"]["left"] >= 0.9 * b["w"]
            assert b["board"]["bottom"] <= b["status"]["top"]
    finally:
        context.close()

"""End to end, in Chromium: classroom mode on the play page (classroom.js, board.css, site.css)."""

from __future__ import annotations

import pytest
from e2e_support import browser, context, page, playwright_instance, serve, site_dir  # noqa: F401 (fixtures)
from test_play import idle, open_play, state

pytestmark = pytest.mark.browser


def classroom_on(page) -> bool:
    return page.evaluate("document.documentElement.classList.contains('petteia-classroom')")


def test_classroom_mode_enlarges_the_board_and_sets_two_players(serve, page):
    base = serve()
    open_play(page, base)
    idle(page)
    assert page.evaluate("window.__petteiaPlay.opts.opponent") == "computer"
    assert page.locator(".md-header").is_visible()
    page.click(".play-classroom")
    assert classroom_on(page)
    assert page.evaluate("location.search") == "?classroom"  # the address a teacher can bookmark
    assert page.locator(".play-classroom").get_attribute("aria-pressed") == "true"
    # No site chrome: header, navigation, footer and the page's prose are hidden.
    for chrome in (".md-header", ".md-sidebar--primary", ".md-footer", ".md-content__inner > h1"):
        assert not page.locator(chrome).first.is_visible(), chrome
    # The board fills the height of the screen; lines, coordinates and status are large.
    vh = page.viewport_size["height"]
    box = page.locator("#play-board svg.petteia-svg").bounding_box()
    assert box["height"] >= 0.8 * vh and box["y"] + box["height"] <= vh + 1, box
    assert page.evaluate("getComputedStyle(document.querySelector('#play-board rect.sq')).strokeWidth") == "3px"
    assert page.evaluate("getComputedStyle(document.querySelector('#play-board .coord')).fontSize") == "22px"
    assert float(page.evaluate("getComputedStyle(document.querySelector('.play-status')).fontSize")[:-2]) >= 28
    # Two players: White moves, the computer does not answer, Black moves from the same device.
    assert page.evaluate("window.__petteiaPlay.opts.opponent") == "human"
    page.evaluate("() => window.__petteiaPlay.playFirst()")
    idle(page)
    assert state(page)["turn"] == "b"
    page.evaluate("() => window.__petteiaPlay.playFirst()")
    idle(page)
    s = state(page)
    assert s["turn"] == "w" and s["ply"] == 2
    # Escape (no piece picked up) leaves: the chrome and the address come back.
    page.locator("#play-board .petteia-svg-wrap").focus()
    page.keyboard.press("Escape")
    assert not classroom_on(page)
    assert page.evaluate("location.search") == ""
    assert page.locator(".md-header").is_visible()
    assert page.errors == []


def test_a_bookmarked_classroom_address_and_duodecim(serve, page):
    base = serve()
    page.goto(base + "play/?classroom")
    page.wait_for_function("() => window.__petteiaPlay?.state", timeout=60_000)
    page.wait_for_function("document.documentElement.classList.contains('petteia-classroom')")
    assert page.evaluate("window.__petteiaPlay.opts.opponent") == "human"
    page.select_option("#play-ruleset", "duodecim")
    page.click(".play-new")
    page.wait_for_function("() => window.__petteiaPlay?.state?.ruleset === 'duodecim'")
    idle(page)
    assert classroom_on(page)
    vh = page.viewport_size["height"]
    board = page.locator("#play-board svg.petteia-svg").bounding_box()
    assert board["width"] >= 700, board  # as wide as the space beside the status allows
    # The step buttons (the keyboard's way to play Duodecim) stay on the screen, and work.
    step = page.locator(".play-steps .play-step").first
    step_box = step.bounding_box()
    assert step_box["y"] + step_box["height"] <= vh, step_box
    assert float(page.evaluate("getComputedStyle(document.querySelector('.play-step')).fontSize")[:-2]) >= 17
    before = state(page)
    step.focus()
    page.keyboard.press("Enter")
    page.wait_for_function(
        "([n, ply]) => { const s = window.__petteiaPlay.state; return s.prefix.length !== n || s.ply !== ply; }",
        arg=[len(before["prefix"]), before["ply"]],
    )
    # The button leaves too.
    page.click(".play-classroom")
    assert not classroom_on(page)
    assert page.errors == []

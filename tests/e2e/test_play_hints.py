"""End to end, in Chromium: "Show a good move" on the play page (levels 1–3, off by default)."""

from __future__ import annotations

import json

import pytest
from e2e_support import browser, context, page, playwright_instance, serve, site_dir  # noqa: F401 (fixtures)
from play_support import LOAD_MS, STORE, assert_agreement, click_square, idle, open_play, state

pytestmark = pytest.mark.browser


def new_game(page, ruleset="classic", level=2, hints=True):
    page.get_by_label("Game", exact=True).select_option(ruleset)
    page.get_by_label("Opponent").select_option(f"level-{level}")
    page.get_by_label("You play").select_option("w")
    box = page.get_by_label("Offer “Show a good move” (levels 1–3)")
    if box.is_visible():
        box.set_checked(hints)
    old = page.evaluate("() => window.__petteiaPlay.board?.id")
    page.get_by_role("button", name="New game").click()
    page.wait_for_function("(old) => { const p = window.__petteiaPlay; return p.board && p.board.id !== old && p.state"
                           " && p.state.ply === 0; }", arg=old, timeout=LOAD_MS)
    idle(page)


def arrows(page) -> int:
    return page.locator("#play-board svg .arrows .arrow").count()


def test_a_good_move_is_shown_counted_saved_and_played(serve, page):
    open_play(page, serve() + "play/")
    hint = page.get_by_role("button", name="Show a good move")
    new_game(page, hints=False)
    assert hint.is_hidden()  # off by default
    new_game(page, hints=True)
    assert hint.is_visible() and arrows(page) == 0
    hint.click()
    page.wait_for_function("() => window.__petteiaPlay.state.hints === 1", timeout=30_000)
    idle(page)
    s = state(page)
    assert arrows(page) == 1
    assert '[Hints "1"]' in s["record"]
    assert page.get_by_role("button", name="Show a good move (1 used)").is_visible()
    page.wait_for_function("() => window.__petteiaPlay.speech.node.textContent.startsWith('A good move:')")
    said = page.evaluate("() => window.__petteiaPlay.speech.node.textContent")
    saved = json.loads(page.evaluate(f"() => localStorage.getItem('{STORE}')"))
    assert saved["hints"] is True and saved["record"] == s["record"]
    assert_agreement(page, "after a hint")
    # The reader plays the move shown: the arrow goes, the computer answers, the count stays.
    move = next(m for m in s["moves"] if f"A good move: {m['text']}." == said)
    click_square(page, move["from"])
    click_square(page, move["to"])
    page.wait_for_function("() => window.__petteiaPlay.state.ply === 2", timeout=30_000)
    idle(page)
    assert arrows(page) == 0 and state(page)["hints"] == 1
    assert_agreement(page, "after the hinted move and the reply")
    # A reload brings back the game, the count and the setting.
    page.reload()
    page.wait_for_function("() => window.__petteiaPlay?.state?.ply === 2", timeout=LOAD_MS)
    idle(page)
    assert page.get_by_role("button", name="Show a good move (1 used)").is_visible()
    assert page.get_by_label("Offer “Show a good move” (levels 1–3)").is_checked()
    assert page.errors == []


@pytest.mark.parametrize("ruleset, level", [("classic", 5), ("duodecim", 1)])
def test_no_hints_at_level_4_and_above_nor_on_the_duodecim_track(serve, page, ruleset, level):
    open_play(page, serve() + "play/")
    new_game(page, ruleset=ruleset, level=level, hints=True)
    assert page.get_by_label("Offer “Show a good move” (levels 1–3)").is_hidden()
    assert page.locator(".play-hint").is_hidden()
    assert page.errors == []

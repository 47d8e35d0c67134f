"""End to end, in Chromium: two tabs of the play page (#34, 26). Both tabs share the browser's
storage; a move in one must never be overwritten in silence by the other. The tab that did not
move stops (no moves, no saving) and offers "Continue here", which brings the other tab's game."""

from __future__ import annotations

import json

import pytest
from e2e_support import browser, context, page, playwright_instance, serve, site_dir  # noqa: F401 (fixtures)
from play_support import STORE, idle, link_hash, open_play, prepare

pytestmark = pytest.mark.browser


def saved_record(page) -> str | None:
    raw = page.evaluate(f"() => localStorage.getItem({STORE!r})")
    return json.loads(raw)["record"] if raw else None


def play_one(page, ply: int) -> None:
    page.evaluate("() => window.__petteiaPlay.playFirst()")
    page.wait_for_function(f"() => window.__petteiaPlay.state.ply === {ply}", timeout=30_000)
    idle(page)


def test_two_tabs_hand_the_game_over(serve, page):
    base = serve()
    prepare(page)
    open_play(page, base + "play/" + link_hash("classic", '[Ruleset "classic"]'))
    idle(page)
    second = page.context.new_page()
    second.errors = []
    second.on("pageerror", lambda e: second.errors.append(str(e)))
    prepare(second)
    open_play(second, base + "play/")  # the saved game comes back in the second tab
    idle(second)
    assert second.evaluate("() => window.__petteiaPlay.state.ply") == 0

    play_one(page, 2)  # the first tab goes on
    first_record = page.evaluate("() => window.__petteiaPlay.state.record")
    notice = second.locator(".play-notice")
    notice.wait_for(state="visible", timeout=5_000)
    assert "another tab" in notice.inner_text()
    # The second tab takes no move and writes nothing: the first tab's game stays saved.
    assert second.evaluate("() => window.__petteiaPlay.board.busy")
    second.evaluate("() => window.__petteiaPlay.playFirst()")
    second.wait_for_timeout(500)
    assert second.evaluate("() => window.__petteiaPlay.state.ply") == 0
    assert saved_record(page) == first_record

    # "Continue here": the first tab's game, in the second tab; then the first tab stops in turn.
    notice.get_by_role("button", name="Continue here").click()
    second.wait_for_function(f"() => window.__petteiaPlay.state?.record === {json.dumps(first_record)}", timeout=30_000)
    idle(second)
    play_one(second, 4)
    page.locator(".play-notice").wait_for(state="visible", timeout=5_000)
    assert "another tab" in page.locator(".play-notice").inner_text()
    assert saved_record(page) == second.evaluate("() => window.__petteiaPlay.state.record")
    assert page.errors == [] and second.errors == []

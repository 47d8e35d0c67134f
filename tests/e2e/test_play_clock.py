"""End to end, in Chromium: the play page's clock for two players on one device (play-clock.js).

The real 3+2 preset is used; the test hook ``window.__petteiaClockScale`` (time passes that many
times faster) makes White's three minutes run out in about a second once the moves are checked.
"""

from __future__ import annotations

import random

import pytest
from e2e_support import browser, context, page, playwright_instance, serve, site_dir  # noqa: F401 (fixtures)
from play_support import LOAD_MS, STORE, click_move, state

pytestmark = pytest.mark.browser


def clock(page) -> dict:
    return page.evaluate("() => { const c = window.__petteiaPlay.clock;"
                         " return { left: { ...c.left }, running: c.running, shown: !c.faces.hidden,"
                         " w: c.face.w.innerText, b: c.face.b.innerText }; }")


def start(page, preset: str) -> None:
    page.get_by_label("Clock (two players)").select_option(preset)
    page.evaluate("() => { window.__oldBoard = window.__petteiaPlay.board; }")
    page.get_by_role("button", name="New game").click()
    page.wait_for_function("() => { const p = window.__petteiaPlay; return p.state && p.board !== window.__oldBoard; }",
                           timeout=30_000)


def test_the_clock_ends_a_game_on_time(serve, page):
    page.goto(serve() + "play/")
    page.wait_for_function("() => window.__petteiaPlay?.state && window.__petteiaPlay.board", timeout=LOAD_MS)
    setting = page.get_by_label("Clock (two players)")
    # Against the computer there is no clock.
    assert not setting.is_visible() and not clock(page)["shown"]
    page.get_by_label("Opponent").select_option("human")
    assert setting.is_visible() and setting.input_value() == "off"  # off by default

    # Custom values out of range are refused with a message, and no game starts.
    setting.select_option("custom")
    board = page.evaluate("() => window.__petteiaPlay.board.id")
    message = page.locator(".play-clock-msg")
    for minutes, increment, words in [("0", "5", "minutes"), ("181", "5", "minutes"), ("2.5", "5", "minutes"),
                                      ("10", "61", "increment"), ("10", "", "increment")]:
        page.get_by_label("Minutes").fill(minutes)
        page.get_by_label("+ seconds a move").fill(increment)
        page.get_by_role("button", name="New game").click()
        assert message.is_visible() and words in message.inner_text(), (minutes, increment)
    assert page.evaluate("() => window.__petteiaPlay.board.id") == board

    # A real preset: 3 minutes + 2 seconds a move; the clock waits for the first move.
    start(page, "3+2")
    assert not message.is_visible()
    c = clock(page)
    assert c["shown"] and c["running"] is None and c["left"] == {"w": 180_000, "b": 180_000}
    assert "3:00" in c["w"] and "3:00" in c["b"]

    rng = random.Random(5)
    click_move(page, rng)  # White's first move starts Black's time; White gets the increment
    c = clock(page)
    assert c["running"] == "b" and c["left"]["w"] == 182_000 and "3:02" in c["w"]
    assert page.locator(".play-clock-b.is-running").count() == 1
    page.wait_for_timeout(1200)
    click_move(page, rng)
    c = clock(page)
    assert c["running"] == "w" and 178_000 < c["left"]["b"] < 181_000, c  # about 1 s used, 2 s added
    assert page.locator(".play-clock-w.is-running").count() == 1
    assert page.evaluate(f"() => localStorage.getItem({STORE!r})") is not None  # the unfinished game is saved

    # White's time runs out: the game ends on time, in Python's words and in the record.
    page.evaluate("() => { window.__petteiaClockScale = 300; }")
    page.wait_for_function("() => window.__petteiaPlay.state.result", timeout=15_000)
    s = state(page)
    assert s["result"]["score"] == "0-1" and s["result"]["reason"] == "time"
    assert "Black wins: White's time ran out (0-1)." in page.locator(".play-status").inner_text()
    assert s["record"].rstrip().endswith("0-1 (time)")
    assert page.locator("#play-record").input_value().rstrip().endswith("0-1 (time)")
    c = clock(page)
    assert c["running"] is None and c["left"]["w"] == 0 and "0:00.0" in c["w"]
    assert page.evaluate(f"() => localStorage.getItem({STORE!r})") is None  # finished games are not saved
    page.evaluate("() => { window.__petteiaClockScale = 1; }")
    # Undo withdraws the loss on time, as it does a resignation; the clock stays stopped.
    page.get_by_role("button", name="Undo").click()
    page.wait_for_function("() => !window.__petteiaPlay.state.result")
    assert state(page)["ply"] == 2 and clock(page)["running"] is None

    # New game resets the clock.
    start(page, "3+2")
    c = clock(page)
    assert c["shown"] and c["running"] is None and c["left"] == {"w": 180_000, "b": 180_000}
    assert not state(page)["result"]

    # Against the computer the clock is hidden and off.
    page.get_by_label("Opponent").select_option("level-1")
    assert not setting.is_visible()
    page.evaluate("() => { window.__oldBoard = window.__petteiaPlay.board; }")
    page.get_by_role("button", name="New game").click()
    page.wait_for_function("() => { const p = window.__petteiaPlay; return p.state && p.board !== window.__oldBoard; }",
                           timeout=30_000)
    assert not clock(page)["shown"]
    assert page.errors == []


def test_a_reload_keeps_the_clock(serve, page):
    """The clock is saved with the game: after a reload the same time is left on each side, the
    side to move's clock runs again, and the form shows the game's clock setting."""
    page.goto(serve() + "play/")
    page.wait_for_function("() => window.__petteiaPlay?.state && window.__petteiaPlay.board", timeout=LOAD_MS)
    page.get_by_label("Opponent").select_option("human")
    page.get_by_label("Clock (two players)").select_option("custom")
    page.get_by_label("Minutes").fill("7")
    page.get_by_label("+ seconds a move").fill("4")
    start(page, "custom")
    rng = random.Random(3)
    click_move(page, rng)
    page.wait_for_timeout(700)
    click_move(page, rng)
    page.wait_for_timeout(500)
    before = clock(page)
    assert before["running"] == "w" and before["left"]["b"] < 7 * 60_000 + 4_000
    page.reload()
    page.wait_for_function("() => window.__petteiaPlay?.state?.ply === 2 && window.__petteiaPlay.board", timeout=LOAD_MS)
    after = clock(page)
    assert after["shown"] and after["running"] == "w", after
    assert abs(after["left"]["b"] - before["left"]["b"]) < 50, (before, after)  # Black's clock stood still
    assert 0 <= before["left"]["w"] - after["left"]["w"] < 3_000, (before, after)  # White's ran on only while the page was open
    assert page.get_by_label("Clock (two players)").input_value() == "custom"
    assert page.get_by_label("Minutes").input_value() == "7" and page.get_by_label("+ seconds a move").input_value() == "4"
    page.wait_for_timeout(600)
    assert clock(page)["left"]["w"] < after["left"]["w"]  # and it runs
    # A damaged clock in the saved game: the game comes back without a clock, and says so.
    page.evaluate(f"""() => {{ const v = JSON.parse(localStorage.getItem({STORE!r}));
        v.clock = {{ minutes: 7, increment: 4, left: {{ w: -5, b: 1 }}, running: true }};
        localStorage.setItem({STORE!r}, JSON.stringify(v)); window.__petteiaPlay.dispose(); }}""")
    page.reload()
    page.wait_for_function("() => window.__petteiaPlay?.state?.ply === 2 && window.__petteiaPlay.board", timeout=LOAD_MS)
    assert not clock(page)["shown"]
    assert "Its clock was not valid" in page.locator(".play-notice").inner_text()
    assert page.errors == []

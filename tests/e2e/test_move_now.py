"""End to end, in Chromium: "Move now" on the play page, by each of the three ways it can reach the
computer's search (docs/assets/js/worker.js):

* ``jspi``: a first visit in Chromium (JSPI suspends Python to read the page's message);
* ``flag``: a later visit, when the service worker's headers make the page cross-origin isolated
  and the page shares a flag with the worker on a SharedArrayBuffer (every engine);
* ``restart``: where neither is possible (a first visit in Firefox or Safari), the page restarts the
  worker and brings the game back from its record. Chromium can do better, so the test asks for it
  (``window.__petteiaStopWay``).

Each interrupts a level-5 search on a budget that would otherwise run until its time cap, then
checks that the board, the worker's game, the move list and the saved game agree, and that the game
goes on: the reader moves and the computer answers.
"""

from __future__ import annotations

import random
import time

import pytest
from e2e_support import browser, context, page, playwright_instance, serve, site_dir  # noqa: F401 (fixtures)
from play_support import LOAD_MS, assert_agreement, click_move, idle, link_hash, state

pytestmark = pytest.mark.browser

HUGE = "window.__petteiaThinkArgs = { node_limit: 50000000 };"


def thinking(page) -> bool:
    return page.evaluate("() => document.querySelector('.play-page')?.classList.contains('is-thinking') ?? false")


def wait_thinking(page) -> None:
    page.wait_for_function("() => document.querySelector('.play-page')?.classList.contains('is-thinking')", timeout=LOAD_MS)


def open_isolated(page, url: str) -> None:
    """A first visit lets the service worker take control; the reload is served with its headers."""
    page.goto(url.split("#")[0])
    page.wait_for_function("() => window.__petteiaPlay?.state", timeout=LOAD_MS)
    page.wait_for_function("() => !!navigator.serviceWorker.controller", timeout=LOAD_MS)
    page.goto(url)
    page.reload()


def restarts(page) -> int:
    return page.evaluate("() => performance.getEntriesByName('petteia-restart').length")


def move_now(page, under_way_ms: int = 500) -> float:
    """Click "Move now" while the computer thinks; seconds until its move is on the board."""
    wait_thinking(page)
    ply = state(page)["ply"]
    page.wait_for_timeout(under_way_ms)  # the search is under way
    assert thinking(page)
    t0 = time.monotonic()
    page.get_by_role("button", name="Move now").click()
    page.wait_for_function("(ply) => window.__petteiaPlay.state?.ply > ply", arg=ply, timeout=30_000)
    took = time.monotonic() - t0
    idle(page)
    return took


@pytest.mark.parametrize("way", ["jspi", "flag", "restart"])
def test_move_now_in_each_way(serve, page, way):
    page.add_init_script(HUGE + f"window.__petteiaStopWay = {way!r};")
    url = serve() + "play/" + link_hash("tournament", '[Ruleset "tournament"]', side="b", level=5)
    if way == "flag":
        open_isolated(page, url)
    else:
        page.goto(url)
    page.wait_for_function("() => window.__petteiaPlay?.api", timeout=LOAD_MS)
    assert page.evaluate("() => window.__petteiaPlay.api.stopWay") == way
    assert page.evaluate("() => self.crossOriginIsolated") is (way == "flag")
    if way == "restart":  # the second Python, kept ready for the restart (worker-client.js)
        page.wait_for_function("() => window.__petteiaStandby === 'ready'", timeout=LOAD_MS)
    took = move_now(page)
    print(f"[move now] {way}: the computer's move {took:.2f} s after the click")
    assert restarts(page) == (1 if way == "restart" else 0)
    s = state(page)
    assert s["ply"] == 1 and s["turn"] == "b" and not s["result"]
    if way != "restart":
        assert s["thought"]["stopped"] is True  # the search's own best move so far
    assert page.locator(".play-stop").is_disabled()
    assert_agreement(page, f"after Move now ({way})")
    # The game goes on with an ordinary budget: the reader moves, the computer answers.
    page.evaluate("() => { window.__petteiaThinkArgs = { node_limit: 3000 }; }")
    click_move(page, random.Random(1))
    page.wait_for_function("() => window.__petteiaPlay.state?.ply === 3", timeout=60_000)
    idle(page)
    assert_agreement(page, f"after the next exchange ({way})")
    assert page.errors == []


def test_restart_keeps_the_kubeia_roll(serve, page):
    # Kubeia, the computer (White) to move with the roll it was given: the restarted worker must
    # play that roll, not a new one.
    # Dice seed 4: the computer's first roll (3-2) leaves it 42 moves, and its level-5 search a
    # second or two here (Kubeia's search has a fixed depth: a node budget does not lengthen it,
    # so "Move now" is pressed as soon as the computer starts thinking).
    page.add_init_script(HUGE + "window.__petteiaStopWay = 'restart'; window.__petteiaDiceSeed = 4;")
    page.goto(serve() + "play/" + link_hash("kubeia", '[Ruleset "kubeia"]', side="b", level=5))
    page.wait_for_function("() => window.__petteiaPlay?.state", timeout=LOAD_MS)
    dice = state(page)["dice"]
    assert len(state(page)["moves"]) > 10
    move_now(page, under_way_ms=0)
    assert restarts(page) == 1
    s = state(page)
    assert s["ply"] >= 1 and s["turn"] == "b"  # a double gives the computer another move
    assert s["record"].split("\n")[1].split()[1] == "".join(str(d) for d in sorted(dice, reverse=True)), s["record"]
    assert_agreement(page, "after a restarted Kubeia move")
    assert page.errors == []


def test_new_game_during_a_search_that_cannot_be_interrupted(serve, page):
    # The computer moves at once (the worker restarted), then the new game starts in the new worker.
    page.add_init_script(HUGE + "window.__petteiaStopWay = 'restart';")
    page.goto(serve() + "play/" + link_hash("tournament", '[Ruleset "tournament"]', side="b", level=5))
    wait_thinking(page)
    page.evaluate("() => { window.__petteiaThinkArgs = {}; }")
    page.get_by_label("Game", exact=True).select_option("classic")
    page.get_by_label("You play").select_option("w")
    page.get_by_role("button", name="New game").click()
    page.wait_for_function("() => performance.getEntriesByName('petteia-restart').length === 1", timeout=60_000)
    page.wait_for_function("() => window.__petteiaPlay.state?.ruleset === 'classic' && window.__petteiaPlay.state.ply === 0",
                           timeout=60_000)
    idle(page)
    assert_agreement(page, "the new game after a restart")
    assert page.errors == []

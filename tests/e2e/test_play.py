"""End to end, in Chromium: the "Play against the computer" page (docs/play/index.md, play.js)."""

from __future__ import annotations

import json
from urllib.parse import quote

import pytest
from e2e_support import browser, context, page, playwright_instance, serve, site_dir  # noqa: F401 (fixtures)

pytestmark = pytest.mark.browser

LOAD_MS = 60_000


def open_play(page, base, hash_=""):
    page.goto(base + "play/" + hash_)
    page.wait_for_function("() => window.__petteiaPlay?.state", timeout=LOAD_MS)


def idle(page, timeout=30_000):
    """Until the computer is not thinking and no request is running."""
    page.wait_for_function(
        "() => { const p = window.__petteiaPlay; return p && p.state && !p.board.busy"
        " && !document.querySelector('.play-page').classList.contains('is-thinking'); }",
        timeout=timeout,
    )


def state(page):
    return page.evaluate("() => window.__petteiaPlay.state")


def link_hash(ruleset, record, side="w", level=1, opponent="computer"):
    return "#" + "&".join(f"{k}={quote(str(v), safe='')}" for k, v in
                          dict(ruleset=ruleset, side=side, level=level, opponent=opponent, record=record).items())


def first_exchange(page, base, ruleset):
    """A new game of ``ruleset`` against the computer from a link, the reader's first move and the
    computer's answer played; returns the page's state then."""
    open_play(page, base, link_hash(ruleset, f'[Ruleset "{ruleset}"]'))
    idle(page)
    page.evaluate("() => window.__petteiaPlay.playFirst()")
    page.wait_for_function("() => window.__petteiaPlay.state.ply === 2", timeout=30_000)
    idle(page)
    return state(page)


def play_to_the_end(page, limit=60):
    for _ in range(limit):
        idle(page)
        s = state(page)
        if s["result"]:
            return s
        page.evaluate("() => window.__petteiaPlay.playFirst()")
    idle(page)
    return state(page)


@pytest.mark.parametrize(
    "ruleset, position",
    [
        ("classic", "7p/8/8/8/8/8/1p6/PPPPPPPP b quiet=95"),  # the computer moves first; the stall limit is near
        ("kubeia", "hhhhhhhhhhhh/pppppppppppp/6b5/12/12/5B6/PPPPPPPPPPPP/HHHHHHHHHHHH w quiet=96"),
        ("duodecim", "12/6/6/6/2w,2b,4 w off=13,13"),
    ],
)
def test_a_whole_game_against_level_1_reaches_a_result(serve, page, ruleset, position):
    record = f'[Ruleset "{ruleset}"]\n[Position "{position}"]'
    open_play(page, serve(), link_hash(ruleset, record))
    assert state(page)["ruleset"] == ruleset
    final = play_to_the_end(page)
    assert final["result"], final["description"]
    status = page.locator(".play-status").inner_text()
    assert status.startswith("Game over.") and final["result"]["text"] in status
    assert page.locator(".play-movelist .play-move").count() >= 1
    if ruleset == "classic":
        assert page.locator(".play-dice").is_hidden()
    assert page.errors == []


def test_kubeia_shows_the_dice_and_offers_only_that_roll(serve, page):
    open_play(page, serve(), link_hash("kubeia", '[Ruleset "kubeia"]'))
    idle(page)
    s = state(page)
    assert s["dice"] and len(s["dice"]) == 2
    page.wait_for_function("() => !document.querySelector('.play-dice').classList.contains('is-rolling')")
    assert f"rolled {s['dice'][0]} and {s['dice'][1]}" in page.locator(".play-dice").inner_text()
    # What the roll allows (#34, friction: "White rolled 5 and 5" said nothing of it).
    hi, lo = max(s["dice"]), min(s["dice"])
    meaning = page.locator(".play-dice-meaning").inner_text()
    if hi != lo:
        assert f"Peltasts 1 to {hi} squares, Hoplites 1 to {lo}, the Basileus 1 to {lo} or exactly {hi}." in meaning
        assert "hand of Zeus" not in meaning
    else:
        assert f"Every piece 1 to {hi} squares." in meaning and "hand of Zeus" in meaning
    assert page.errors == []


def test_a_kubeia_double_announces_the_extra_move(serve, page):
    start = "hhhhhhhhhhhh/pppppppppppp/6b5/12/12/5B6/PPPPPPPPPPPP/HHHHHHHHHHHH w dice=55"
    open_play(page, serve(), link_hash("kubeia", f'[Ruleset "kubeia"]\n[Position "{start}"]', opponent="human"))
    idle(page)
    assert state(page)["dice"] == [5, 5]
    page.wait_for_function("() => !document.querySelector('.play-dice').classList.contains('is-rolling')")
    meaning = page.locator(".play-dice-meaning").inner_text()
    assert meaning == "Every piece 1 to 5 squares. A double, the hand of Zeus: White moves again after this move."
    assert page.errors == []


def test_duodecim_step_by_step_with_clicks_and_buttons(serve, page):
    open_play(page, serve(), link_hash("duodecim", '[Ruleset "duodecim"]'))
    idle(page)
    s = state(page)
    assert s["kind"] == "duodecim" and s["steps"]
    first = s["steps"][0]
    assert first["from"] == "enter"
    # Choose the tray (a piece to enter), then the destination point.
    page.locator('#play-board g.tray-side[data-side="w"] circle.body').click()
    page.locator(f'#play-board rect.pt[data-point="{first["to"]}"]').click()
    page.wait_for_function("() => window.__petteiaPlay.state.prefix.length === 1 || window.__petteiaPlay.state.ply === 1")
    # The rest of the turn with the step buttons (keyboard-reachable).
    for _ in range(4):
        idle(page)
        if state(page)["turn"] != "w" or state(page)["ply"] >= 1:
            break
        page.locator(".play-step").first.click()
    idle(page)
    s = state(page)
    assert s["ply"] >= 2  # our turn and the computer's
    assert page.locator(".play-movelist .play-move").count() >= 2
    assert page.errors == []


def test_undo_takes_back_the_exchange_and_redo_replays_it(serve, page):
    first_exchange(page, serve(), "classic")
    page.get_by_role("button", name="Undo").click()
    page.wait_for_function("() => window.__petteiaPlay.state.ply === 0")
    assert page.locator(".play-movelist .play-move").count() == 0
    page.get_by_role("button", name="Redo").click()
    page.wait_for_function("() => window.__petteiaPlay.state.ply === 2")
    assert page.locator(".play-movelist .play-move").count() == 2
    # Look back at the first move, then return.
    page.locator('.play-move[data-ply="1"]').click()
    page.get_by_role("button", name="Back to game").wait_for()
    assert "Looking back" in page.locator(".play-viewing").inner_text()
    page.get_by_role("button", name="Back to game").click()
    page.locator(".play-viewing").wait_for(state="hidden")
    assert page.errors == []


def test_link_round_trip_and_a_bad_link_keeps_the_game(serve, page):
    base = serve()
    record = first_exchange(page, base, "classic")["record"]
    link = page.evaluate("() => window.__petteiaPlay.link()")
    assert "#" in link and "record=" in link
    page2 = page.context.new_page()
    page2.errors = []
    page2.goto(link)
    page2.wait_for_function("() => window.__petteiaPlay?.state?.ply === 2", timeout=LOAD_MS)
    assert page2.evaluate("() => window.__petteiaPlay.state.record") == record
    # A bad link: a clear message, the game is unchanged.
    page2.evaluate("() => { location.hash = 'ruleset=classic&record=' + encodeURIComponent('[Ruleset \"classic\"]\\n1) Α1-Α9'); }")
    page2.wait_for_function("() => document.querySelector('.play-notice').textContent.includes('does not hold a game')")
    page2.wait_for_function(f"() => window.__petteiaPlay.state?.record === {json.dumps(record)}")
    # A bad record in the import box: the same.
    page2.locator("summary", has_text="Record, link and import").click()
    page2.locator("#play-record").fill("not a record")
    page2.get_by_role("button", name="Play the record in the box").click()
    page2.wait_for_function("() => document.querySelector('.play-export-msg').textContent.includes('cannot be played')")
    assert page2.evaluate("() => window.__petteiaPlay.state.record") == record
    assert page.errors == [] and page2.errors == []


def test_the_unfinished_game_resumes_after_a_reload(serve, page):
    base = serve()
    record = first_exchange(page, base, "vagi")["record"]
    page.reload()
    page.wait_for_function("() => window.__petteiaPlay?.state?.ply === 2", timeout=LOAD_MS)
    assert state(page)["record"] == record
    assert state(page)["ruleset"] == "vagi"
    assert "restored" in page.locator(".play-notice").inner_text()
    # Corrupted storage is ignored with a notice.
    page.evaluate("() => localStorage.setItem('petteia-play-v1', '{not json')")
    page.reload()
    page.wait_for_function("() => window.__petteiaPlay?.state", timeout=LOAD_MS)
    assert "could not be read" in page.locator(".play-notice").inner_text()
    assert state(page)["ply"] == 0
    assert page.errors == []


def test_the_page_answers_clicks_while_the_computer_thinks(serve, page):
    # The computer (White, level 5, tournament) moves first: a long think.
    open_play(page, serve(), link_hash("tournament", '[Ruleset "tournament"]', side="b", level=5))
    page.wait_for_function("() => document.querySelector('.play-page').classList.contains('is-thinking')", timeout=LOAD_MS)
    assert "thinking" in page.locator(".play-status").inner_text()
    page.locator("summary", has_text="Record, link and import").click()
    assert page.evaluate("() => document.querySelector('.play-export').open") is True
    assert page.evaluate("() => document.querySelector('.play-page').classList.contains('is-thinking')") is True
    assert page.locator(".play-stop").is_enabled()  # "Move now" (Chromium has JSPI)
    idle(page, timeout=60_000)
    assert state(page)["ply"] == 1 and state(page)["thought"]["stopped"] is False
    assert page.locator(".play-stop").is_disabled()
    assert page.errors == []


@pytest.mark.parametrize("ruleset", ["tournament", "classic"])
def test_move_now_interrupts_the_computer(serve, page, ruleset):
    # A search far beyond level 5's budget (a test hook): without "Move now" it would run until its
    # safety time cap. The worker reads the stop between two slices of the search.
    page.add_init_script("window.__petteiaThinkArgs = { node_limit: 50000000 };")
    open_play(page, serve(), link_hash(ruleset, f'[Ruleset "{ruleset}"]', side="b", level=5))
    page.wait_for_function("() => document.querySelector('.play-page').classList.contains('is-thinking')", timeout=LOAD_MS)
    page.get_by_role("button", name="Move now").click()
    idle(page, timeout=60_000)
    s = state(page)
    assert s["ply"] == 1 and s["thought"]["stopped"] is True
    assert page.locator(".play-stop").is_disabled()
    # The game goes on: the reader's move is offered and undo takes back the computer's move.
    assert s["turn"] == "b" and not s["result"]
    assert page.errors == []


def test_new_game_while_the_computer_thinks(serve, page):
    # A new game does not wait for the long search: the computer moves now, then the new game starts.
    page.add_init_script("window.__petteiaThinkArgs = { node_limit: 50000000 };")
    open_play(page, serve(), link_hash("tournament", '[Ruleset "tournament"]', side="b", level=5))
    page.wait_for_function("() => document.querySelector('.play-page').classList.contains('is-thinking')", timeout=LOAD_MS)
    page.evaluate("() => { window.__petteiaThinkArgs = {}; }")
    page.get_by_label("Game", exact=True).select_option("classic")
    page.get_by_role("button", name="New game").click()
    page.wait_for_function("() => window.__petteiaPlay.state?.ruleset === 'classic'", timeout=60_000)
    # The new game answers: the reader's move is played and the computer replies.
    readers_turn = "() => { const p = window.__petteiaPlay; return p.state.turn === p.opts.side && !p.board.busy; }"
    page.wait_for_function(readers_turn, timeout=30_000)
    ply = state(page)["ply"]
    page.evaluate("() => window.__petteiaPlay.playFirst()")
    page.wait_for_function(f"() => window.__petteiaPlay.state.ply >= {ply + 2}", timeout=30_000)
    page.wait_for_function(readers_turn, timeout=30_000)
    assert page.errors == []


def test_resign_and_draw_in_two_player_mode(serve, page):
    open_play(page, serve(), link_hash("classic", '[Ruleset "classic"]', opponent="human"))
    idle(page)
    page.get_by_role("button", name="Offer a draw").click()
    page.get_by_role("button", name="Accept the draw").click()
    page.wait_for_function("() => window.__petteiaPlay.state.result")
    assert "agreed to a draw" in page.locator(".play-status").inner_text()
    page.get_by_role("button", name="Undo").click()
    page.wait_for_function("() => !window.__petteiaPlay.state.result")
    page.get_by_role("button", name="Resign").click()
    page.locator(".play-confirm").get_by_role("button", name="Resign").click()  # Resign asks first (#34)
    page.wait_for_function("() => window.__petteiaPlay.state.result")
    assert "White resigned" in page.locator(".play-status").inner_text()
    assert json.loads(json.dumps(state(page)["result"]))["score"] == "0-1"
    assert page.errors == []


def test_a_reload_keeps_the_roll_and_a_bad_kept_roll_is_thrown_again(serve, page):
    """The dice of the side to move are kept with the saved game: reloading does not throw again."""
    open_play(page, serve(), link_hash("kubeia", '[Ruleset "kubeia"]', opponent="human"))
    idle(page)
    page.evaluate("() => window.__petteiaPlay.playFirst()")
    page.wait_for_function("() => window.__petteiaPlay.state.ply === 1", timeout=30_000)
    idle(page)
    before = state(page)
    saved = page.evaluate("() => JSON.parse(localStorage.getItem('petteia-play-v1'))")
    assert saved["dice"] == before["dice"] and saved["record"] == before["record"]
    for _ in range(2):  # a new roll would differ by chance; the same roll twice is no chance
        page.reload()
        page.wait_for_function("() => window.__petteiaPlay?.state?.ply === 1", timeout=LOAD_MS)
        idle(page)
        assert state(page)["dice"] == before["dice"] and state(page)["record"] == before["record"]
    # An edited kept roll: the game comes back, the dice are thrown again, and the notice says so.
    page.evaluate("() => { const v = JSON.parse(localStorage.getItem('petteia-play-v1'));"
                  " v.dice = [9, 0]; localStorage.setItem('petteia-play-v1', JSON.stringify(v)); }")
    page.reload()
    page.wait_for_function("() => window.__petteiaPlay?.state?.ply === 1", timeout=LOAD_MS)
    idle(page)
    assert state(page)["record"] == before["record"] and all(1 <= d <= 6 for d in state(page)["dice"])
    assert "thrown again" in page.locator(".play-notice").inner_text()
    assert page.errors == []


def test_a_bad_link_put_in_the_address_says_so_when_the_theme_redraws_the_page(serve, page):
    """A bad link put in the address of the open play page (the theme redraws the page when the
    hash changes: a new controller, which restored the saved game and said only "Your last game has
    been restored."): the notice says why the link cannot be played, and the game is unchanged."""
    base = serve()
    record = first_exchange(page, base, "classic")["record"]
    page.goto(base + "play/#ruleset=classic&record=" + quote('[Ruleset "classic"]\n1) Α1-Α9', safe=""))
    page.wait_for_function("() => window.__petteiaPlay?.state?.ply === 2", timeout=LOAD_MS)
    page.wait_for_function("() => document.querySelector('.play-notice').textContent.includes('does not hold a game')",
                           timeout=15_000)
    page.wait_for_timeout(1500)  # and it stays
    notice = page.locator(".play-notice").inner_text()
    assert "does not hold a game" in notice and "restored" not in notice, notice
    assert state(page)["record"] == record

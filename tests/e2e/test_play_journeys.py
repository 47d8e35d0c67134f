"""Journeys on the play page, played as a reader plays them: the setup form and New game, moves by
clicks on squares (points and trays in Duodecim), the computer answering every move, Undo/Redo,
reload, a shared link and an imported record while a game is on. After every step the board on
screen, the page, the worker's game, the move list and the saved game must agree
(play_support.agreement), and no move may be made for the computer's side.
"""

from __future__ import annotations

import json
import random
import re

import pytest
from e2e_support import browser, context, page, playwright_instance, serve, site_dir  # noqa: F401 (fixtures)
from play_support import (
    LOAD_MS, RULESETS, STORE, assert_agreement, click_move, click_square, idle, link_hash, new_game, open_play,
    prepare, readers_turn, state, trace,
)

pytestmark = pytest.mark.browser

PLIES = 60
# The reader plays Black where the computer's first move matters (Undo after it, a first double).
READER_SIDE = {"classic": "b", "kubeia": "b"}


def play_on(page, rng, plies, where):
    """Reader moves by clicks until `plies` plies are on the record or the game ends; the whole page
    is checked after each one."""
    while True:
        out = assert_agreement(page, where)
        if out["state"]["result"] or out["state"]["ply"] >= plies:
            return out
        assert readers_turn(page), f"{where}: not the reader's turn and nobody thinking: {out['status']}"
        click_move(page, rng)


# Every game against the computer; the reader playing both sides where that side's turn differs:
# placements (Poleis), doubles that give another move (Kubeia), a turn of steps (Duodecim).
WHOLE_GAMES = [(r, "level-1") for r in RULESETS] + [(r, "human") for r in ("poleis", "kubeia", "duodecim")]


@pytest.mark.parametrize(("ruleset", "opponent"), WHOLE_GAMES)
def test_a_whole_game_by_clicks_after_new_game(serve, page, ruleset, opponent):
    prepare(page, dice_seed=RULESETS.index(ruleset) + 3)
    open_play(page, serve() + "play/")
    side = READER_SIDE.get(ruleset, "w")
    new_game(page, ruleset, opponent, side)
    out = play_on(page, random.Random(ruleset + opponent), PLIES, f"{ruleset} v {opponent}")
    record = out["state"]["record"]
    assert out["state"]["result"] or out["state"]["ply"] >= PLIES
    if ruleset == "kubeia" and opponent != "human":
        # The seed gives the computer doubles (an extra move each): it must have gone on after them.
        computer_rolls = re.findall(r"\b([1-6])\1 ", record)
        assert computer_rolls, f"no double was thrown in this game, the test proves little:\n{record}"
    if out["state"]["result"]:
        assert page.locator(".play-status").inner_text().startswith("Game over.")


@pytest.mark.parametrize("ruleset", RULESETS)
def test_new_game_undo_redo_reload_link_and_import_while_a_game_is_on(serve, page, ruleset):
    base = serve()
    prepare(page, dice_seed=11)
    open_play(page, base + "play/")
    rng = random.Random(ruleset)
    side = READER_SIDE.get(ruleset, "w")
    new_game(page, ruleset, "level-1", side)
    out = assert_agreement(page, "new game")
    if side == "b":
        # The computer moved first: the reader has nothing to take back.
        assert out["state"]["ply"] >= 1
        undo = page.get_by_role("button", name="Undo")
        if undo.is_enabled():
            undo.click()
            assert_agreement(page, "undo of the computer's first move")
        assert readers_turn(page)
    for k in range(3):
        click_move(page, rng)
        out = assert_agreement(page, f"move {k + 1}")
    if out["state"]["result"]:
        pytest.skip("the game ended in three moves")
    before = out["state"]
    # Undo takes back the reader's move and the computer's replies; redo plays them again.
    page.get_by_role("button", name="Undo").click()
    page.wait_for_function(f"() => window.__petteiaPlay?.state?.ply < {before['ply']}")
    after_undo = assert_agreement(page, "undo")["state"]
    assert readers_turn(page), "after Undo it must be the reader's turn"
    page.get_by_role("button", name="Redo").click()
    page.wait_for_function(f"() => window.__petteiaPlay?.state?.ply > {after_undo['ply']}")
    out = assert_agreement(page, "redo")
    assert readers_turn(page) or out["state"]["result"]

    # New game again, in the middle of this one: the new board answers and the computer replies.
    new_game(page, ruleset, "level-1", side)
    assert_agreement(page, "second new game")
    click_move(page, rng)
    out = assert_agreement(page, "first move of the second game")
    click_move(page, rng)
    out = assert_agreement(page, "second move of the second game")
    record = out["state"]["record"]

    # Reload in mid-game: the same game comes back and goes on.
    page.reload()
    page.wait_for_function("() => window.__petteiaPlay?.state && window.__petteiaPlay.board", timeout=LOAD_MS)
    trace(page)
    out = assert_agreement(page, "after reload")
    assert out["state"]["record"] == record
    assert "restored" in out["notice"]
    click_move(page, rng)
    out = assert_agreement(page, "move after reload")
    mine = out["state"]["record"]

    # A friend's link while this game is on: it opens, and the reader's own game can be had back.
    friend = '[Ruleset "classic"]\n1) Α1-Α4 Η8-Η5'
    page.goto(base + "play/" + link_hash("classic", friend, side="w"))
    page.wait_for_function("() => window.__petteiaPlay?.state?.ruleset === 'classic' && window.__petteiaPlay?.state?.ply === 2",
                           timeout=LOAD_MS)
    trace(page)
    out = assert_agreement(page, "friend's link")
    assert "your game" in out["notice"].lower(), out["notice"]
    page.get_by_role("button", name=re.compile("Back to your game")).click()
    page.wait_for_function(f"() => window.__petteiaPlay.state?.record === {json.dumps(mine)}", timeout=30_000)
    assert_agreement(page, "back to the reader's game")
    click_move(page, rng)
    assert_agreement(page, "move in the reader's game")

    # An imported record while the game is on.
    page.locator("summary", has_text="Record, link and import").click()
    page.locator("#play-record").fill(friend)
    page.get_by_role("button", name="Play the record in the box").click()
    page.wait_for_function("() => window.__petteiaPlay?.state?.ruleset === 'classic' && window.__petteiaPlay?.state?.ply === 2",
                           timeout=30_000)
    assert_agreement(page, "imported record")
    click_move(page, rng)
    assert_agreement(page, "move after import")


def test_a_quick_second_click_never_places_for_the_computer(serve, page):
    """Poleis: two placements 80 ms apart; the second must not become the computer's move."""
    prepare(page)
    open_play(page, serve() + "play/")
    for attempt in range(4):
        new_game(page, "poleis", "level-1", "w")
        assert_agreement(page, "new game")
        s = state(page)
        empties = [m["to"] for m in s["moves"] if m["from"] is None]
        click_square(page, empties[0])
        page.wait_for_timeout(80)
        click_square(page, empties[-1])
        assert_agreement(page, f"double click {attempt}")
        s = state(page)
        assert s["ply"] == 2 and readers_turn(page), s["record"]


@pytest.mark.parametrize("ruleset", ["classic", "kubeia"])
def test_undo_after_the_computers_first_move_leaves_nobody_waiting(serve, page, ruleset):
    prepare(page)
    open_play(page, serve() + "play/")
    new_game(page, ruleset, "level-1", "b")
    out = assert_agreement(page, "computer's first move")
    assert out["state"]["ply"] >= 1
    undo = page.get_by_role("button", name="Undo")
    if undo.is_enabled():
        undo.click()
    out = assert_agreement(page, "undo")
    assert readers_turn(page), out["status"]
    click_move(page, random.Random(1))
    assert_agreement(page, "a move after it")


def test_a_full_storage_is_told_and_no_older_game_comes_back(serve, page):
    prepare(page)
    page.add_init_script("""
      const set = Storage.prototype.setItem;
      Storage.prototype.setItem = function (k, v) {
        if (sessionStorage.getItem('full') && k.startsWith('petteia-play'))
          throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
        return set.call(this, k, v);
      };
    """)
    base = serve()
    open_play(page, base + "play/")
    new_game(page, "classic", "level-1", "w")
    rng = random.Random(3)
    click_move(page, rng)
    assert_agreement(page, "saved normally")
    page.evaluate("() => sessionStorage.setItem('full', '1')")
    click_move(page, rng)
    idle(page)
    notice = page.locator(".play-notice")
    assert notice.is_visible() and "could not be saved" in notice.inner_text(), notice.inner_text()
    newer = state(page)["record"]
    page.evaluate("() => sessionStorage.removeItem('full')")
    page.reload()
    page.wait_for_function("() => window.__petteiaPlay?.state", timeout=LOAD_MS)
    idle(page)
    restored = state(page)["record"]
    # Either the newest game, or nothing restored: never the older one without a word.
    assert restored == newer or state(page)["ply"] == 0, restored
    # Saving works again once there is room, and says nothing more.
    click_move(page, rng)
    out = assert_agreement(page, "saving again")
    assert "could not be saved" not in out["notice"]


@pytest.mark.parametrize("field, value", [("level", 99), ("level", -3), ("side", "x"), ("opponent", "robot"),
                                          ("first", 7)])
def test_a_saved_game_with_a_bad_setting_is_restored_with_that_setting_mended(serve, page, field, value):
    prepare(page)
    record = '[Ruleset "vagi"]\n1) Α1-Α4 Η8-Η5'
    saved = {"ruleset": "vagi", "side": "w", "level": 2, "opponent": "computer", "first": "w", "record": record}
    saved[field] = value
    page.add_init_script(f"if (!sessionStorage.getItem('seeded')) {{ sessionStorage.setItem('seeded', '1');"
                         f" localStorage.setItem('{STORE}', {json.dumps(json.dumps(saved))}); }}")
    open_play(page, serve() + "play/")
    out = assert_agreement(page, "restored")
    assert out["state"]["ruleset"] == "vagi" and out["state"]["ply"] == 2, out["state"]
    assert "restored" in out["notice"] and str(value) in out["notice"], out["notice"]
    opts = page.evaluate("() => window.__petteiaPlay.opts")
    assert opts["level"] in (1, 2, 3, 4, 5) and opts["side"] in ("w", "b") and opts["opponent"] in ("computer", "human")
    click_move(page, random.Random(2))
    assert_agreement(page, "a move after it")


def test_the_restored_notice_is_not_an_error_and_move_numbers_are_not_clipped(serve, page):
    prepare(page)
    moves = ["Α1-Α2", "Α8-Α4", "Β1-Β3", "Α4-Δ4", "Γ1-Γ4", "Δ4-Θ4", "Δ1-Δ5", "Θ4-Θ6", "Ε1-Ε6", "Β8-Β6", "Ζ1-Ζ7",
             "Θ6-Η6", "Θ1-Θ4", "Γ8-Γ5", "Α2-Δ2", "Η6-Η5", "Δ2-Η2", "Β6-Β8", "Β3-Α3", "Β8-Γ8", "Α3-Δ3", "Θ8-Θ7"]
    body = " ".join(f"{k // 2 + 1}) {moves[k]} {moves[k + 1]}" for k in range(0, len(moves), 2))
    base = serve()
    open_play(page, base + "play/" + link_hash("classic", f'[Ruleset "classic"]\n{body}', opponent="human"))
    assert_agreement(page, "long game")
    page.reload()
    page.wait_for_function("() => window.__petteiaPlay?.state", timeout=LOAD_MS)
    notice = page.locator(".play-notice")
    assert "restored" in notice.inner_text()
    assert notice.get_attribute("role") != "alert" and notice.get_attribute("data-kind") == "info"
    # Move 11's number is shown whole inside the list.
    number = page.locator(".play-movelist li").nth(10).locator(".play-move-no")
    assert number.inner_text().strip() == "11."
    box, listbox = number.bounding_box(), page.locator(".play-movelist").bounding_box()
    assert box["x"] >= listbox["x"] and box["width"] > 0


def test_the_downloaded_record_is_named_and_tagged(serve, page):
    prepare(page)
    open_play(page, serve() + "play/")
    new_game(page, "kubeia", "level-3", "w")
    click_move(page, random.Random(5))
    idle(page)
    page.locator("summary", has_text="Record, link and import").click()
    with page.expect_download() as dl:
        page.get_by_role("button", name="Download").click()
    download = dl.value
    assert re.fullmatch(r"petteia-kubeia-\d{4}-\d{2}-\d{2}\.txt", download.suggested_filename), download.suggested_filename
    text = open(download.path(), encoding="utf-8").read()
    for tag in ('[Ruleset "kubeia"]', "[Date ", '[White "You"]', '[Black "The computer, level 3"]', '[Result "*"]'):
        assert tag in text, text
    # The downloaded file is a record the page reads back.
    page.locator("#play-record").fill(text)
    page.get_by_role("button", name="Play the record in the box").click()
    page.wait_for_function("() => document.querySelector('.play-export-msg').textContent.includes('loaded')")
    assert_agreement(page, "download read back")


def test_puzzle_marks_do_not_tell_captures_from_quiet_moves(serve, page):
    page.goto(serve() + "play/try/")
    page.wait_for_function("() => document.querySelector('figure[data-mode=\"puzzle\"].is-live')", timeout=LOAD_MS)
    fig = page.locator('figure[data-mode="puzzle"].is-live').first
    fig.scroll_into_view_if_needed()
    # Α1 (square 0) has a capture (Α1-Α3xΒ3) and quiet moves: every destination is drawn alike.
    fig.locator('g.piece[data-sq="0"]').click()
    dots = fig.locator("g.fx circle")
    assert dots.count() >= 2
    assert fig.locator("circle.dest-ring").count() == 0
    assert len({dots.nth(k).get_attribute("class") for k in range(dots.count())}) == 1
    assert len({dots.nth(k).get_attribute("r") for k in range(dots.count())}) == 1

"""End to end, in Chromium: the rules workshop (docs/lab/workshop.md, docs/assets/js/workshop/; issue #15 part 3).

As a person does: set options by clicking, read the rule text change, play a move on the board by
clicks, run ten self-play games and watch the progress and the figures grow to 10/10, cancel a
run, copy the link and open it in a new page, bring a game back from its record; a bad
combination and a bad link get a message, and the board keeps its game.
"""

from __future__ import annotations

import re

import pytest
from e2e_support import browser, context, page, playwright_instance, serve, site_dir  # noqa: F401 (fixtures)

pytestmark = pytest.mark.browser

LOAD_MS = 60_000
SEED_SCRIPT = "window.__petteiaSelfplaySeed = 3;"


def open_workshop(page, base, hash_=""):
    page.add_init_script(SEED_SCRIPT)
    page.goto(base + "lab/workshop/" + hash_)
    page.wait_for_function("() => window.__petteiaWorkshop?.state", timeout=LOAD_MS)
    settled(page)


def settled(page):
    page.wait_for_function("() => { const w = window.__petteiaWorkshop; return w.state && !w.board.busy; }",
                           timeout=30_000)


def game(page):
    return page.evaluate("() => window.__petteiaWorkshop.state")


def rule_text(page):
    return page.locator(".workshop-rules").inner_text()


def click_square(page, sq):
    """A click on square ``sq`` of the workshop's board, where a person's finger goes: on the piece
    standing there (it comes after its square in the picture), else on the square. Playwright's click
    waits until it stands still and checks that nothing else takes the click."""
    board = "#workshop-board svg"
    page.locator(f'{board} rect.sq[data-sq="{sq}"], {board} g.pieces g.piece[data-sq="{sq}"]').last.click()


def play_a_move(page):
    """The first legal move, by two clicks; returns it."""
    s = game(page)
    move = s["moves"][0]
    click_square(page, move["from"])
    click_square(page, move["to"])
    page.wait_for_function(f"() => window.__petteiaWorkshop.state.ply === {s['ply'] + 1}", timeout=10_000)
    return move


def watched(ctx):
    """A new page of ``ctx`` that keeps its script errors in ``page.errors``."""
    p = ctx.new_page()
    p.errors = []
    p.on("pageerror", lambda e: p.errors.append(str(e)))
    return p


def tick(page, label):
    page.get_by_label(label, exact=True).click()


def wait_rules(page, text):
    page.wait_for_function("t => document.querySelector('.workshop-rules').innerText.includes(t)"
                           " && !document.querySelector('.workshop-rules.is-stale')", arg=text, timeout=10_000)


def new_game(page, title):
    page.get_by_role("button", name="New game with these rules").click()
    page.wait_for_function("t => document.querySelector('.workshop-playing').textContent.includes(t)", arg=title,
                           timeout=10_000)
    settled(page)


def test_compose_play_and_run_ten_games(serve, page):
    open_workshop(page, serve())
    # Every id once: a label's `for` and a link's #fragment must reach the one element meant.
    ids = page.evaluate("() => [...document.querySelectorAll('[id]')].map(n => n.id)")
    assert sorted(i for i in set(ids) if ids.count(i) > 1) == []
    assert "A piece standing in a corner cannot be captured." in rule_text(page)
    assert page.locator(".workshop-playing").inner_text().startswith("On the board: Classic Petteia;")

    tick(page, "Corner capture")
    wait_rules(page, "A piece standing in a corner is captured when")
    assert page.locator(".workshop-rules li.is-changed").count() == 1
    assert page.locator(".workshop-title").inner_text() == "Classic Petteia, with 1 change"
    assert page.evaluate("location.hash") == "#rules=classic&corner_capture=true"

    page.locator("#workshop-opponent").select_option(label="A friend beside you")
    new_game(page, "Classic Petteia, with 1 change; two players on this device")
    assert '[Options "corner_capture=true"]' in game(page)["record"]
    move = play_a_move(page)
    after = game(page)
    assert after["ply"] == 1 and after["turn"] == "b" and after["last_move"]["to"] == move["to"]
    assert page.locator(".workshop-game-status").inner_text().startswith("Black to move")
    assert not page.get_by_role("button", name="Undo").is_disabled()

    # Ten games: the progress bar and the figures after every game, up to 10/10.
    page.evaluate("""() => {
        const bar = document.querySelector('.workshop-progress');
        window.__seen = [];
        new MutationObserver(() => {
          const cell = document.querySelector('tr[data-figure="games"] .workshop-stat');
          window.__seen.push([bar.value, cell ? Number(cell.textContent) : null]);
        }).observe(document.querySelector('.workshop-selfplay'), { attributes: true, childList: true, subtree: true });
    }""")
    assert page.locator("#workshop-games").input_value() == "10"
    page.get_by_role("button", name="Play the games").click()
    page.wait_for_function("() => document.querySelector('.workshop-progress-text').textContent.startsWith('Done')",
                           timeout=60_000)
    assert page.locator(".workshop-progress-text").inner_text() == "Done: 10 of 10 games played."
    assert page.evaluate("() => [document.querySelector('.workshop-progress').value, document.querySelector('.workshop-progress').max]") == [10, 10]
    seen = page.evaluate("window.__seen")
    counts = sorted({played for bar, played in seen if played is not None})
    assert counts == list(range(0, 11)), counts  # the table after every game
    assert all(played is None or bar == played for bar, played in seen)
    figures = {row.split("\t")[0]: row.split("\t")[1] for row in page.locator(".workshop-stats-table tbody").inner_text().splitlines()}
    assert figures["Games played"] == "10"
    for name in ("First player wins", "Second player wins", "Draws", "Ended by a rule"):
        assert re.fullmatch(r"\d+ % \(\d+–\d+\)", figures[name]), (name, figures[name])
    assert re.fullmatch(r"[\d.]+ \([\d.]+–[\d.]+\)", figures["Length: median (quartiles)"])
    note = page.locator(".workshop-run-note").inner_text()
    assert "level 1" in note and "200 single moves" in note and "seed 3" in note
    assert page.locator(".workshop-command").inner_text() == \
        "python -m petteia_core selfplay classic --option corner_capture=true --games 10 --level 1 --seed 3 --max-plies 200"
    assert not page.get_by_role("button", name="Play the games").is_disabled()
    assert game(page)["ply"] == 1  # the board's game is untouched by the run
    assert page.errors == []


def test_cancel_a_run(serve, page):
    open_workshop(page, serve(), "#rules=tournament")
    page.locator("#workshop-games").fill("100")
    page.get_by_role("button", name="Play the games").click()
    page.wait_for_function("() => document.querySelector('.workshop-progress').value >= 1", timeout=30_000)
    page.get_by_role("button", name="Cancel").click()
    text = page.locator(".workshop-progress-text").inner_text()
    played = int(re.match(r"Cancelled after (\d+) of 100 games", text).group(1))
    page.wait_for_timeout(1500)  # longer than a game: none is added after the cancel
    assert page.evaluate("() => document.querySelector('.workshop-progress').value") == played
    assert page.locator('tr[data-figure="games"] .workshop-stat').inner_text() == str(played)
    assert page.get_by_role("button", name="Cancel").is_disabled()
    assert not page.get_by_role("button", name="Play the games").is_disabled()
    assert page.errors == []


def test_the_link_and_the_record_reopen_the_variant(serve, browser):  # noqa: F811
    base = serve()
    ctx = browser.new_context(viewport={"width": 1280, "height": 900})
    ctx.grant_permissions(["clipboard-read", "clipboard-write"])
    page = watched(ctx)
    open_workshop(page, base)
    page.get_by_label("Board", exact=True).select_option(label="12 × 8")
    wait_rules(page, "The board has 12 columns and 8 rows.")
    tick(page, "Mandatory capture")
    wait_rules(page, "If you can capture, you must")
    page.get_by_label("Moves first", exact=True).select_option(label="Black")
    wait_rules(page, "Black plays first.")
    rules = rule_text(page)
    page.locator("#workshop-opponent").select_option(label="A friend beside you")
    new_game(page, "with 4 changes")
    assert game(page)["width"] == 12 and game(page)["turn"] == "b"
    play_a_move(page)
    played = game(page)

    page.get_by_role("button", name="Copy link").click()
    page.wait_for_function("() => document.querySelector('.workshop-copied').textContent !== ''")
    link = page.evaluate("() => navigator.clipboard.readText()")
    assert link.endswith("#rules=classic&width=12&pieces_per_side=12&mandatory_capture=true&first_player=b")
    page.get_by_role("button", name="Copy record").click()
    record = page.evaluate("() => navigator.clipboard.readText()")
    assert '[Options "width=12 pieces_per_side=12 mandatory_capture=true first_player=b"]' in record

    again = watched(ctx)
    again.add_init_script(SEED_SCRIPT)
    again.goto(link)
    again.wait_for_function("() => window.__petteiaWorkshop?.state", timeout=LOAD_MS)
    settled(again)
    assert rule_text(again) == rules
    assert again.get_by_label("Board", exact=True).input_value() == "12x8"
    assert again.get_by_label("Mandatory capture", exact=True).is_checked()
    assert again.get_by_label("Moves first", exact=True).input_value() == "b"
    s = game(again)  # against the computer (the default), which plays Black, so moves first
    assert (s["width"], s["ply"], s["turn"]) == (12, 1, "w") and s["moves_list"][0]["w"] is None

    # The record, pasted into a page with the classic rules, brings back the rules and the game.
    fresh = watched(ctx)
    open_workshop(fresh, base)
    fresh.locator(".workshop-record").fill(record)
    fresh.get_by_role("button", name="Load a record").click()
    fresh.wait_for_function("() => window.__petteiaWorkshop.state.ply === 1", timeout=10_000)
    assert fresh.locator(".workshop-record-msg").inner_text().startswith("The record has been loaded")
    assert rule_text(fresh) == rules
    assert fresh.get_by_label("Mandatory capture", exact=True).is_checked()
    loaded = game(fresh)
    assert (loaded["position"], loaded["record"]) == (played["position"], played["record"])
    assert page.errors == again.errors == fresh.errors == []
    ctx.close()


def test_a_bad_combination_is_said_and_the_board_keeps_its_game(serve, page):
    open_workshop(page, serve())
    page.locator("#workshop-opponent").select_option(label="A friend beside you")
    new_game(page, "two players on this device")
    play_a_move(page)
    before = game(page)
    svg = page.locator("#workshop-board svg").inner_html()

    page.get_by_label("Moves without a capture that end the game", exact=True).fill("1")
    page.get_by_label("Moves without a capture that end the game", exact=True).press("Tab")
    msg = page.locator(".workshop-msg")
    msg.wait_for(state="visible")
    assert "At least 2 moves without a capture must pass before the game ends." in msg.inner_text()
    assert page.locator(".workshop-rules.is-stale").count() == 1
    for name in ("New game with these rules", "Play the games", "Copy link"):
        assert page.get_by_role("button", name=name).is_disabled(), name
    assert game(page) == before and page.locator("#workshop-board svg").inner_html() == svg
    assert page.evaluate("() => window.__petteiaWorkshop.board.state.ply") == 1

    page.get_by_label("Moves without a capture that end the game", exact=True).fill("50")
    page.get_by_label("Moves without a capture that end the game", exact=True).press("Tab")
    msg.wait_for(state="detached")
    assert not page.get_by_role("button", name="New game with these rules").is_disabled()
    assert game(page)["ply"] == 1

    # Records that cannot be played here are said; the board keeps its game.
    said = page.locator(".workshop-record-msg")
    for record, words in [('[Ruleset "classic"]\n[Options "dice=true"]\n1) Α1-Α4;', "dice needs setup army"),
                          ('[Ruleset "classic"]\n1) Α1-Α9;', "This record cannot be played"),
                          ('[Ruleset "duodecim"]', "which the workshop does not change")]:
        page.locator(".workshop-record").fill(record)
        page.get_by_role("button", name="Load a record").click()
        page.wait_for_function("w => document.querySelector('.workshop-record-msg').textContent.includes(w)", arg=words,
                               timeout=10_000)
        assert said.get_attribute("data-kind") == "error"
        assert game(page)["ply"] == 1 and page.locator("#workshop-board svg").inner_html() == svg
    assert page.locator(".workshop-msg").is_hidden()
    assert page.errors == []


@pytest.mark.parametrize("hash_,said", [
    ("#rules=classic&corner=true", "This link's rules cannot be used: unknown option 'corner'"),
    ("#rules=classic&corner_capture", "This link's rules cannot be used: “corner_capture” is not an option written name=value"),
    ("#rules=vagi&dice=true", "dice needs setup army"),
])
def test_a_bad_link_is_said_and_the_preset_shown(serve, page, hash_, said):
    open_workshop(page, serve(), hash_)
    notice = page.locator(".workshop-notice")
    assert said in notice.inner_text()
    preset = "vagi" if "vagi" in hash_ else "classic"
    assert page.locator("#workshop-preset").input_value() == preset
    assert page.evaluate("location.hash") == f"#rules={preset}"
    assert game(page)["ply"] == 0 and "Options" not in game(page)["record"]
    assert page.errors == []


ARMY_ONLY = ["Hoplite moves", "Dice say how far pieces move", "A Hoplite is captured only with a Hoplite or the Basileus",
             "The Basileus is taken only with two Hoplites or the enemy Basileus among its captors",
             "Army victories: rout, decimation, breakthrough"]
VAGI = "Vagi: a quiet move turns a piece into a vagus"


def shown(page, label):
    return page.get_by_label(label, exact=True).is_visible()


def test_the_form_offers_what_the_setup_means_and_says_a_problem_beside_its_control(serve, page):
    """Issue #34, 8: Classic has no Hoplites, so the form does not offer Hoplite moves for it; an
    army has no vagi; a problem is said next to the control that caused it, in a reader's words."""
    page.set_viewport_size({"width": 1280, "height": 720})
    open_workshop(page, serve())
    assert [shown(page, label) for label in ARMY_ONLY] == [False] * len(ARMY_ONLY)
    assert shown(page, VAGI)
    page.get_by_label("Setup", exact=True).select_option(value="army")
    page.get_by_label("Hoplite moves", exact=True).wait_for(state="visible")
    assert [shown(page, label) for label in ARMY_ONLY] == [True] * len(ARMY_ONLY)
    assert not shown(page, VAGI)
    page.get_by_label("Start from", exact=True).select_option(value="tournament")
    wait_rules(page, "Hoplite")
    assert shown(page, "Hoplite moves") and not shown(page, VAGI)
    page.get_by_label("Setup", exact=True).select_option(value="rows")
    page.get_by_label(VAGI, exact=True).wait_for(state="visible")
    assert [shown(page, label) for label in ARMY_ONLY] == [False] * len(ARMY_ONLY)
    assert page.locator(".workshop-msg").count() == 0  # the army's options went with the army

    page.get_by_label("Setup", exact=True).select_option(value="hand")
    field = page.get_by_label("Pieces each", exact=True)
    field.wait_for(state="visible")
    page.wait_for_function("() => !document.querySelector('#workshop-field-pieces_per_side').disabled")
    field.fill("60")
    field.press("Tab")
    msg = page.locator(".workshop-field:has(#workshop-field-pieces_per_side) .workshop-msg")
    msg.wait_for(state="visible")
    said = msg.inner_text()
    assert "each side has 1 to 48 pieces" in said and "The board keeps its game until the rules fit together" in said, said
    assert not re.search(r"[a-z]+_[a-z]+|needs setup|inconsistent", said), said
    assert page.locator(".workshop-msg").count() == 1
    box, control = msg.bounding_box(), field.bounding_box()
    assert 0 <= box["y"] and box["y"] + box["height"] <= 720, box  # on screen with the control
    assert abs(box["y"] - (control["y"] + control["height"])) < 40, (box, control)
    assert page.get_by_role("button", name="New game with these rules").is_disabled()
    field.fill("12")
    field.press("Tab")
    msg.wait_for(state="detached")
    assert not page.get_by_role("button", name="New game with these rules").is_disabled()
    assert page.errors == []


def test_a_latrunculi_preset_changed_and_played_by_the_computer(serve, page):
    """Issue #30: a Ludus latrunculorum reconstruction as the preset, one of its options changed
    (the changed rule marked), its own options offered and Petteia's not, and ten quick games."""
    open_workshop(page, serve())
    page.get_by_label("Start from", exact=True).select_option(label="Latrunculi: Bell 8×8")
    wait_rules(page, "puts the counters down two at a time")
    assert page.locator(".workshop-title").inner_text() == "Latrunculi: Bell 8×8"
    assert page.locator(".workshop-rules li.is-changed").count() == 0
    for label in ("Jumps", "Dux (the leader)", "A piece moves"):
        assert page.get_by_label(label, exact=True).is_visible(), label
    for label in ("Setup", "Mandatory capture", "Vagi: a quiet move turns a piece into a vagus"):
        assert not page.get_by_label(label, exact=True).is_visible(), label

    tick(page, "A capture earns the capturing piece another move")
    wait_rules(page, "A capture does not earn another move.")
    changed = page.locator(".workshop-rules li.is-changed")
    assert changed.first.get_attribute("data-topic") == "extra_move"
    assert "A capture does not earn another move." in changed.first.inner_text()
    assert page.locator(".workshop-title").inner_text() == "Latrunculi: Bell 8×8, with 1 change"
    assert page.evaluate("location.hash") == "#rules=latrunculi-bell&extra_move=false"

    page.get_by_role("button", name="Play the games").click()
    page.wait_for_function("() => document.querySelector('.workshop-progress-text').textContent.startsWith('Done')",
                           timeout=120_000)
    assert page.locator(".workshop-progress-text").inner_text() == "Done: 10 of 10 games played."
    assert page.locator(".workshop-command").inner_text() == (
        "python -m petteia_core selfplay latrunculi-bell --option extra_move=false --games 10 --level 1 --seed 3 "
        "--max-plies 200")

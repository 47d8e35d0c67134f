"""Keyboard only, in Chromium: reach a board with Tab, play with the arrows and Enter, and hear
what happened (the aria-live regions). A whole puzzle on the trainer and a game move on the play
page; no mouse and no element.focus() from the test."""

from __future__ import annotations

import pytest
from e2e_support import shown_text, browser, context, page, playwright_instance, serve, site_dir  # noqa: F401 (fixtures)
from test_play import idle, open_play, state
from test_trainer import BOARD, open_puzzle, progress, squares, wait_status

pytestmark = pytest.mark.browser


def tab_to(page, selector, limit=120):
    """Press Tab until the element matching ``selector`` has the focus; the number of presses."""
    for n in range(1, limit + 1):
        page.keyboard.press("Tab")
        if page.evaluate("(s) => document.activeElement?.matches(s)", selector):
            return n
    raise AssertionError(f"Tab never reached {selector}")


def cursor_to(page, board_js, target, width):
    """Move the keyboard cursor with the arrow keys (the board is not flipped) onto ``target``."""
    for _ in range(4 * width * width):
        sq = page.evaluate(f"() => {board_js}.view.cursor.at")
        if sq == target:
            return
        r, c, tr, tc = sq // width, sq % width, target // width, target % width
        page.keyboard.press("ArrowRight" if tc > c else "ArrowLeft" if tc < c else "ArrowUp" if tr > r else "ArrowDown")
    raise AssertionError(f"the cursor did not reach {target}")


def live_text(page, board_css):
    return shown_text(page.locator(f"{board_css} [aria-live]").first)


def test_a_whole_puzzle_solved_with_the_keyboard(serve, page):
    pid = "classic-038"  # White to move, two moves of the reader and one reply between them
    open_puzzle(page, serve(), pid, step_ms=0)
    presses = tab_to(page, f"{BOARD} .petteia-svg-wrap")
    assert presses > 1
    board = "window.__petteiaTrainer.board"
    for ply in (0, 2):
        frm, to = squares(pid, ply)
        page.keyboard.press("ArrowUp")  # the cursor appears (and says where it is)
        cursor_to(page, board, frm, 8)
        name = page.evaluate(f"() => {board}.wrap.querySelector('rect.sq[data-sq=\"{frm}\"]').dataset.name")
        page.wait_for_function("(n) => window.__petteiaTrainer.speech.node.textContent.startsWith(n + ':')", arg=name)
        page.keyboard.press("Enter")
        assert page.locator(f"{BOARD} g.piece.is-selected").count() == 1
        cursor_to(page, board, to, 8)
        page.keyboard.press("Enter")
        if ply == 0:
            # The defence follows; then it is White's turn again and the focus is still on the board.
            page.wait_for_function(f"() => !{board}.busy && {board}.state?.turn === 'w' && {board}.state.ply === 2")
            assert page.evaluate(f"() => document.activeElement === {board}.wrap")
    wait_status(page, "Solved!")
    assert progress(page)["results"][pid] == "solved"
    # The result is in the trainer's live region (role=status), for a screen reader.
    assert page.locator(".trainer-status").get_attribute("aria-live") == "polite"
    assert page.errors == []


def test_a_game_move_with_the_keyboard(serve, page):
    open_play(page, serve())
    idle(page)
    assert state(page)["turn"] == "w" and state(page)["ply"] == 0
    tab_to(page, "#play-board .petteia-svg-wrap")
    board = "window.__petteiaPlay.board"
    page.keyboard.press("ArrowUp")
    cursor_to(page, board, 0, 8)  # Α1
    page.keyboard.press("Enter")
    page.wait_for_function("() => window.__petteiaPlay.speech.node.textContent.includes('picked up')")
    cursor_to(page, board, 16, 8)  # Α3
    page.keyboard.press("Enter")
    page.wait_for_function("() => window.__petteiaPlay.state.ply >= 2", timeout=30_000)  # and the reply
    idle(page)
    s = state(page)
    assert s["moves_list"][0]["w"]["text"] == "Α1-Α3"
    assert s["ply"] == 2  # the computer answered
    status = page.locator(".play-status")
    assert status.get_attribute("aria-live") == "polite" and "White to move" in shown_text(status)
    assert page.errors == []


def test_a_rules_page_offers_a_skip_to_its_first_board_and_shows_the_focused_board_whole(serve, page):
    """#34, 21: reaching the first board of a rules page took about 50 Tab presses, and a board
    focused by Tab could stay half off screen."""
    page.set_viewport_size({"width": 1280, "height": 720})
    page.goto(serve() + "rules/classic/")
    page.wait_for_selector("figure.petteia-board.is-live", timeout=60_000)
    first = page.locator("figure.petteia-board[data-mode]").first.get_attribute("id")
    presses = tab_to(page, "a.petteia-skip-board")
    assert presses <= 3  # right after the theme's own "Skip to content"
    assert shown_text(page.locator("a.petteia-skip-board")) == "Skip to the first board"
    assert page.locator("a.petteia-skip-board").is_visible()  # shown while it has the focus
    page.keyboard.press("Enter")
    page.wait_for_function(
        "(id) => document.activeElement === document.querySelector(`figure#${id} .petteia-svg-wrap`)", arg=first)
    # The whole board is on screen, not only its top rows.
    box = page.evaluate(
        "(id) => { const r = document.querySelector(`figure#${id} .petteia-svg-wrap`).getBoundingClientRect();"
        " return [r.top, r.bottom, innerHeight]; }", first)
    assert box[0] >= 0 and box[1] <= box[2] + 1, box  # (a pixel for rounding)
    page.keyboard.press("ArrowUp")  # and it plays: the cursor shows
    page.wait_for_function("(id) => document.querySelector(`figure#${id} .petteia-sr-only`).textContent.includes(':')", arg=first)
    # Tab onwards to the next board: it comes whole into view too.
    for _ in range(40):
        page.keyboard.press("Tab")
        if page.evaluate("(id) => document.activeElement.matches('.petteia-svg-wrap')"
                         " && document.activeElement.closest('figure').id !== id", first):
            break
    else:
        raise AssertionError("Tab never reached the second board")
    page.wait_for_timeout(400)  # a smooth scroll, if the browser makes one
    box = page.evaluate("() => { const r = document.activeElement.getBoundingClientRect(); return [r.top, r.bottom, innerHeight]; }")
    assert box[0] >= 0 and box[1] <= box[2] + 1, box  # (a pixel for rounding)
    assert page.errors == []

"""End to end, in Chromium: the live Ludus latrunculorum boards of docs/rules/latrunculi.md.

A jump chain is clicked landing square by landing square (and played whole by a click on its last
square), Bell's extra move is the same side's, undo takes back; after each step the board, the
worker's game and the status line agree."""

from __future__ import annotations

import pytest
from e2e_support import browser, context, page, playwright_instance, serve, site_dir  # noqa: F401 (fixtures)
from test_boards import board, click_square, piece_on, status, wait_live, wait_status
from test_lines import wait_spoken

pytestmark = pytest.mark.browser

CHAIN = "schaedler-chain"  # 8/8/8/8/2p5/1p1p4/1P6/P7 w: Β2-Β4-Δ4-Δ2 (Schädler 1994)
EXTRA = "bell-extra"  # 7d/8/8/8/8/8/2P5/1p5D w: Γ2-Γ1xΒ1, Γ1-Δ1 (Bell 8×8)
B2, B4, D4, D2 = 9, 25, 27, 11


def pieces(page, board_id):
    return sorted(int(s) for s in board(page, board_id).locator("g.pieces g.piece").evaluate_all(
        "ps => ps.map(p => p.dataset.sq)"))


def dots(page, board_id):
    return sorted(int(s) for s in board(page, board_id).locator("g.fx circle").evaluate_all(
        "cs => cs.map(c => c.dataset.sq)"))


def open_board(serve, page, board_id):
    page.goto(serve() + f"rules/latrunculi/#{board_id}")
    wait_live(page, board_id)
    assert "Line: 0 of" in board(page, board_id).text_content()


def test_a_jump_chain_clicked_square_by_square_then_undo(serve, page):
    open_board(serve, page, CHAIN)
    assert status(page, CHAIN).startswith("White to move")
    click_square(page, CHAIN, B2)
    # Picked up: the first landing squares of every move (steps and the jump to Β4).
    assert B4 in dots(page, CHAIN)
    click_square(page, CHAIN, B4)
    # Landed on Β4: it may stop there (Β4 again) or jump on to Δ4.
    assert board(page, CHAIN).locator("rect.chain-via").count() == 1
    assert set(dots(page, CHAIN)) == {B4, D4}
    assert piece_on(page, CHAIN, B2).count() == 1  # nothing is played yet
    click_square(page, CHAIN, D4)
    assert set(dots(page, CHAIN)) == {D4, D2}
    click_square(page, CHAIN, D2)  # nothing goes on from Δ2: the chain is played
    wait_status(page, CHAIN, "Last move Β2-Β4-Δ4-Δ2")
    assert piece_on(page, CHAIN, D2).count() == 1 and piece_on(page, CHAIN, B2).count() == 0
    assert pieces(page, CHAIN) == [0, 11, 17, 19, 26]
    assert "Line: 1 of 1" in board(page, CHAIN).text_content()  # the page's own move
    board(page, CHAIN).get_by_role("button", name="Back one move", exact=True).click()
    wait_status(page, CHAIN, "White to move.")
    assert pieces(page, CHAIN) == [0, 9, 17, 19, 26]
    assert page.errors == []


def test_a_whole_chain_by_its_last_square_and_a_stop_on_the_way(serve, page):
    open_board(serve, page, CHAIN)
    click_square(page, CHAIN, B2)
    click_square(page, CHAIN, D2)  # only one chain ends on Δ2: played at once
    wait_status(page, CHAIN, "Last move Β2-Β4-Δ4-Δ2")
    board(page, CHAIN).get_by_role("button", name="Back one move", exact=True).click()
    wait_status(page, CHAIN, "White to move.")
    click_square(page, CHAIN, B2)
    click_square(page, CHAIN, B4)
    click_square(page, CHAIN, D4)
    click_square(page, CHAIN, D4)  # again on the square it stands on: it stops there
    wait_status(page, CHAIN, "Last move Β2-Β4-Δ4.")
    assert piece_on(page, CHAIN, D4).count() == 1 and "Off the line" in board(page, CHAIN).text_content()
    assert page.errors == []


def test_bells_extra_move_is_the_same_sides_and_only_that_piece_moves(serve, page):
    open_board(serve, page, EXTRA)
    click_square(page, EXTRA, 10)  # Γ2
    click_square(page, EXTRA, 2)  # Γ1: Β1 is caught against the corner
    wait_status(page, EXTRA, "Extra move: Γ1 moves again")
    assert piece_on(page, EXTRA, 1).count() == 0
    click_square(page, EXTRA, 7)  # the white dux on Θ1 may not move now
    wait_status(page, EXTRA, "Extra move")
    click_square(page, EXTRA, 2)
    click_square(page, EXTRA, 3)  # Δ1
    wait_status(page, EXTRA, "Black to move.")
    assert piece_on(page, EXTRA, 3).count() == 1
    assert "Line: 2 of 2" in board(page, EXTRA).text_content()
    assert page.errors == []


def test_a_jump_chain_by_keyboard(serve, page):
    open_board(serve, page, CHAIN)
    wrap = board(page, CHAIN).locator(".petteia-svg-wrap")
    wrap.focus()

    def keys(*names):
        for name in names:
            page.keyboard.press(name)

    keys("ArrowRight", "ArrowUp", "Enter")  # the cursor starts on Α1 (the first piece that moves): to Β2, pick it up
    assert board(page, CHAIN).locator("rect.sq.is-selected").get_attribute("data-sq") == str(B2)
    keys("ArrowUp", "ArrowUp")
    wait_spoken(page, CHAIN, "Β4: empty. Enter jumps here")  # what a screen reader hears
    keys("Enter")  # Β4
    assert board(page, CHAIN).locator("rect.chain-via").count() == 1
    keys("ArrowRight", "ArrowRight", "Enter")  # Δ4
    assert board(page, CHAIN).locator("rect.chain-via").count() == 2
    keys("Escape")  # puts the piece back: nothing was played
    assert board(page, CHAIN).locator("rect.chain-via").count() == 0 and piece_on(page, CHAIN, B2).count() == 1
    keys("ArrowLeft", "ArrowLeft", "ArrowDown", "ArrowDown", "Enter")  # Β2 again
    keys("ArrowUp", "ArrowUp", "Enter", "ArrowRight", "ArrowRight", "Enter", "ArrowDown", "ArrowDown", "Enter")
    wait_status(page, CHAIN, "Last move Β2-Β4-Δ4-Δ2")
    assert piece_on(page, CHAIN, D2).count() == 1
    assert page.errors == []

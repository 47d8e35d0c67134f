"""End to end, in Chromium: stepping through a fence's line of play on a live board."""

from __future__ import annotations

import pytest
from e2e_support import shown_text, browser, context, page, playwright_instance, serve, site_dir  # noqa: F401 (fixtures)
from test_boards import board, piece_on, status, wait_live, wait_status, square_centre

pytestmark = pytest.mark.browser

SAC = "sacrifice-explore"  # docs/rules/tournament.md: Β2-Β6, Η6-Γ6xΒ6, Λ6-Η6xΗ5 (12 columns)
B2, B6, G6, H5, H6, L6 = 13, 61, 62, 54, 66, 70


def spoken(page, board_id):
    return board(page, board_id).locator(".petteia-sr-only").text_content()


def wait_spoken(page, board_id, text):
    page.wait_for_function(
        "([id, text]) => document.querySelector(`figure#${id} .petteia-sr-only`)?.textContent.includes(text)",
        arg=[board_id, text],
        timeout=10_000,
    )


def where(page, board_id):
    return shown_text(board(page, board_id).locator(".petteia-line-where"))


def button(page, board_id, name):
    return board(page, board_id).get_by_role("button", name=name, exact=True)


def check_start(page):
    assert piece_on(page, SAC, B2).count() == 1 and piece_on(page, SAC, B6).count() == 0
    assert piece_on(page, SAC, H6).count() == 1 and piece_on(page, SAC, L6).count() == 1
    assert where(page, SAC) == "Line: 0 of 3"


def check_after(page, ply):
    """The pieces after ``ply`` moves of the sacrifice line."""
    assert where(page, SAC) == f"Line: {ply} of 3"
    assert (piece_on(page, SAC, B2).count(), piece_on(page, SAC, B6).count()) == ((1, 0) if ply == 0 else (0, 1 if ply == 1 else 0))
    if ply >= 2:
        assert piece_on(page, SAC, G6).count() == 1  # the black Peltast that took Β6
    if ply == 3:
        assert piece_on(page, SAC, H5).count() == 0  # the black Basileus, taken
        assert piece_on(page, SAC, H6).count() == 1 and piece_on(page, SAC, L6).count() == 0
    else:
        assert piece_on(page, SAC, H5).count() == 1


def test_step_through_the_sacrifice_line_with_the_buttons(serve, page):
    page.goto(serve() + "rules/tournament/")
    wait_live(page, SAC)
    check_start(page)
    assert button(page, SAC, "Back to the start of the line").is_disabled()
    assert button(page, SAC, "Back one move").is_disabled()
    next_move = button(page, SAC, "Next move of the line")

    next_move.click()
    # The move slides like a played one.
    page.wait_for_selector(f"figure#{SAC} g.piece.is-moving", state="attached", timeout=2_000)
    wait_spoken(page, SAC, "Line move 1 of 3: Β2-Β6.")
    wait_status(page, SAC, "Last move Β2-Β6")
    check_after(page, 1)

    next_move.click()
    page.wait_for_selector(f"figure#{SAC} g.piece.is-captured", state="attached", timeout=2_000)
    wait_spoken(page, SAC, "Line move 2 of 3: Η6-Γ6xΒ6, captures Β6.")
    check_after(page, 2)

    next_move.click()
    wait_spoken(page, SAC, "Line move 3 of 3: Λ6-Η6xΗ5, captures Η5.")
    wait_status(page, SAC, "White wins (rout), 1-0.")
    check_after(page, 3)
    assert button(page, SAC, "Replay the move").is_disabled()
    assert button(page, SAC, "End of the line").is_disabled()

    button(page, SAC, "Back one move").click()
    wait_spoken(page, SAC, "Line move 2 of 3")
    check_after(page, 2)
    assert "wins" not in status(page, SAC)

    button(page, SAC, "Back to the start of the line").click()
    wait_spoken(page, SAC, "Start of the line (3 moves).")
    check_after(page, 0)

    button(page, SAC, "End of the line").click()
    wait_status(page, SAC, "White wins (rout), 1-0.")
    check_after(page, 3)
    assert page.errors == []


def test_leave_the_line_and_return(serve, page):
    page.goto(serve() + "rules/tournament/")
    wait_live(page, SAC)
    # Play Β2-Β5 instead of Β2-Β6: the board leaves the line.
    board(page, SAC).locator("svg").scroll_into_view_if_needed()
    page.mouse.click(*_centre(page, B2))
    page.mouse.click(*_centre(page, 49))  # Β5
    wait_status(page, SAC, "Last move Β2-Β5")
    assert where(page, SAC) == "Off the line"
    wait_spoken(page, SAC, "Off the line")
    button(page, SAC, "Back to the start of the line").click()
    wait_spoken(page, SAC, "Start of the line")
    check_after(page, 0)
    # Playing the line's own move by hand stays on the line.
    page.mouse.click(*_centre(page, B2))
    page.mouse.click(*_centre(page, B6))
    wait_spoken(page, SAC, "Line move 1 of 3")
    check_after(page, 1)
    assert page.errors == []


def _centre(page, sq):
    return square_centre(page, SAC, sq)  # in view, once the boards around it are drawn


def test_step_through_the_line_by_keyboard(serve, page):
    page.goto(serve() + "rules/tournament/")
    wait_live(page, SAC)
    wrap = board(page, SAC).locator(".petteia-svg-wrap")
    assert "Page Down plays the next move of the line" in wrap.get_attribute("aria-label")
    wrap.focus()
    for ply in (1, 2, 3):
        page.keyboard.press("PageDown")
        wait_spoken(page, SAC, f"Line move {ply} of 3")
        check_after(page, ply)
    wait_status(page, SAC, "White wins (rout), 1-0.")
    page.keyboard.press("PageUp")
    wait_spoken(page, SAC, "Line move 2 of 3")
    check_after(page, 2)
    page.keyboard.press("Home")
    wait_spoken(page, SAC, "Start of the line")
    check_after(page, 0)
    page.keyboard.press("End")
    wait_spoken(page, SAC, "Line move 3 of 3")
    check_after(page, 3)
    assert page.evaluate("document.activeElement.classList.contains('petteia-svg-wrap')")
    # The buttons are reachable with Tab and work with Enter.
    button(page, SAC, "Back one move").focus()
    page.keyboard.press("Enter")
    wait_spoken(page, SAC, "Line move 2 of 3")
    assert page.errors == []


def test_kubeia_line_throws_the_lines_dice(serve, page):
    page.goto(serve() + "rules/kubeia/")
    zeus = "hand-of-zeus"  # 22 Α2-Α4, 53 Δ2-Δ6, 41 Η6-Η5 from the start position
    wait_live(page, zeus)
    wait_status(page, zeus, "Dice: 2–2.")
    nxt = button(page, zeus, "Next move of the line")
    nxt.click()
    wait_spoken(page, zeus, "Line move 1 of 3: throw 2-2, Α2-Α4.")
    wait_status(page, zeus, "White to move. Dice: 5–3.")  # the hand of Zeus: White again
    assert piece_on(page, zeus, 36).count() == 1 and piece_on(page, zeus, 12).count() == 0
    nxt.click()
    wait_spoken(page, zeus, "Line move 2 of 3: throw 5-3, Δ2-Δ6.")
    wait_status(page, zeus, "Black to move. Dice: 4–1.")
    nxt.click()
    wait_spoken(page, zeus, "Line move 3 of 3: throw 4-1, Η6-Η5.")
    assert piece_on(page, zeus, 54).count() == 1 and piece_on(page, zeus, 66).count() == 0
    button(page, zeus, "Back to the start of the line").click()
    wait_status(page, zeus, "White to move. Dice: 2–2.")
    assert piece_on(page, zeus, 12).count() == 1
    assert page.errors == []


def test_the_step_buttons_draw_their_icons(serve, page):
    """#34 (10): ⏮ and ⏭ showed as empty boxes where the reader's fonts lack them: every board
    button draws its icon as SVG and says its name in words, never a symbol of a font."""
    page.goto(serve() + "rules/tournament/")
    wait_live(page, SAC)
    names = ["Back to the start of the line", "Back one move", "Next move of the line", "End of the line",
             "Turn the board round"]
    for name in names:
        b = button(page, SAC, name)
        assert b.locator("svg path").count() == 1, name
        assert b.evaluate("(b) => b.textContent.trim()") == "", name  # no glyph from a font
        box = b.locator("svg").bounding_box()
        assert box and box["width"] >= 12 and box["height"] >= 12, (name, box)

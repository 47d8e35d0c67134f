"""End to end, in Chromium: the puzzle trainer played the way readers play (issue 20).

Quick presses while the solution is being shown, storage that is full, stored progress with a bad
entry, typos and empty turns, hostile addresses; and a journey through five puzzles that checks,
after every step, that the board on screen, the worker, the progress shown and the stored progress
agree.
"""

from __future__ import annotations

import json

import pytest
from e2e_support import browser, context, page, playwright_instance, serve, site_dir  # noqa: F401 (fixtures)
from trainer_support import (
    BOARD, STORE, assert_agree, choose_game, click_point, current_id, open_puzzle, play_by_clicks, press, progress, shown_stats,
    play_duodecim_turn, solve_current, solve_line_by_clicks, squares, status, wait_status, wait_trainer, wrong_squares,
)

from petteia_core.web.puzzle import get_puzzle

pytestmark = pytest.mark.browser

STEP_MS = 200  # pause between the moves of "Show solution" in these tests


def settle(page, plies=3):
    """Give a sequence that should have been cancelled the time it would need to run to its end."""
    page.wait_for_timeout(STEP_MS * (plies + 2) + 800)


def seed_storage(page, data, full=False):
    """Store ``data`` as the trainer's progress before the page loads; ``full``: every later write
    fails as a full storage does (QuotaExceededError)."""
    page.add_init_script(f"""(() => {{
        const real = Storage.prototype.setItem;
        if (localStorage.getItem("{STORE}") === null) real.call(localStorage, "{STORE}", {json.dumps(json.dumps(data))});
        if ({'true' if full else 'false'}) {{
            Storage.prototype.setItem = function () {{
                throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
            }};
        }}
    }})();""")


def fits_the_window(page):
    return page.evaluate("() => document.documentElement.scrollWidth <= window.innerWidth")


def first_move_is_accepted(page):
    """The puzzle on screen takes its first solution move by clicks (a Duodecim puzzle: its turn)."""
    pid = current_id(page)
    if pid.startswith("duodecim"):
        solve_current(page)
        return
    play_by_clicks(page, *squares(pid))
    page.wait_for_function(
        "() => /Yes:|Solved!/.test(document.querySelector('.trainer-status').textContent)", timeout=10_000)


# ---------------------------------------------------------------- 5: cancelled sequences
@pytest.mark.parametrize("delay_ms", [50, 400])
def test_show_solution_then_next_leaves_the_next_puzzle_alone(serve, page, delay_ms):
    open_puzzle(page, serve(), "classic-035", step_ms=STEP_MS)
    choose_game(page, "classic")  # "Next puzzle" picks by rating: keep it to board puzzles
    page.locator(".trainer-solution").click()
    page.wait_for_timeout(delay_ms)
    page.locator(".trainer-next").click()
    page.wait_for_function("() => window.__petteiaTrainer.current?.id !== 'classic-035'")
    nxt = current_id(page)
    settle(page)
    assert page.evaluate("() => window.__petteiaTrainer.board.state.ply") == 0
    assert page.locator(".trainer-status").get_attribute("data-kind") == "todo"
    assert progress(page)["results"] == {"classic-035": "failed"}
    assert_agree(page, {"classic-035": "failed"}, 0)
    solve_line_by_clicks(page, get_puzzle(nxt))
    assert progress(page)["results"] == {"classic-035": "failed", nxt: "solved"}
    assert not page.errors


def test_ten_quick_presses_record_no_solve(serve, page):
    open_puzzle(page, serve(), "classic-035", step_ms=STEP_MS)
    choose_game(page, "classic")  # "Next puzzle" picks by rating: keep it to board puzzles
    for name in ["hint", "hint", "solution", "next", "hint", "solution", "try-again", "solution", "hint", "next"]:
        press(page, name)
        page.wait_for_timeout(40)
    settle(page)
    stored = progress(page) or {"results": {}, "streak": 0}
    assert "solved" not in stored["results"].values(), stored
    assert_agree(page, stored["results"], 0)
    assert page.evaluate("() => window.__petteiaTrainer.board.state.ply") == 0
    first_move_is_accepted(page)
    assert not page.errors


def test_a_late_close_of_the_previous_puzzle_leaves_the_next_one_alone(serve, page):
    open_puzzle(page, serve(), "classic-001")
    old = page.evaluate("() => window.__petteiaTrainer.board.id")
    page.locator(".trainer-next").click()
    page.wait_for_function("() => window.__petteiaTrainer.current?.id !== 'classic-001'")
    wait_trainer(page)
    # What a late dispose of the old board sends, arriving after the next puzzle opened.
    page.evaluate("(id) => Promise.all(['close', 'puzzle_close'].map("
                  "(op) => window.__petteiaTrainer.api.call(op, { board_id: id })))", old)
    first_move_is_accepted(page)
    assert not page.errors


# ---------------------------------------------------------------- 6: storage full
def test_full_storage_is_told_and_solving_goes_on(serve, page):
    seed_storage(page, {"v": 1, "results": {"classic-002": "solved"}, "streak": 1, "best": 1}, full=True)
    open_puzzle(page, serve(), "classic-001")
    play_by_clicks(page, *squares("classic-001"))
    wait_status(page, "Solved!")
    note = page.locator(".trainer-notice")
    assert note.is_visible()
    text = note.inner_text()
    assert "could not be saved" in text and "full" in text and "still" in text, text
    assert shown_stats(page) == (2, 0, 2)  # this visit's progress is still counted
    assert progress(page)["results"] == {"classic-002": "solved"}  # nothing stored is lost
    choose_game(page, "classic")
    page.locator(".trainer-next").click()
    page.wait_for_function("() => window.__petteiaTrainer.current?.id !== 'classic-001'")
    wait_trainer(page)
    first_move_is_accepted(page)
    assert not page.errors


# ---------------------------------------------------------------- 7: stored progress, typos
def test_a_bad_stored_entry_is_dropped_and_the_rest_kept(serve, page):
    seed_storage(page, {"v": 1, "results": {"classic-001": "solved", "classic-002": "maybe", "classic-003": "failed",
                                            "classic-004": 7}, "streak": 2, "best": 5})
    open_puzzle(page, serve(), "classic-005")
    assert shown_stats(page) == (1, 1, 2)
    note = page.locator(".trainer-notice")
    assert note.is_visible() and "2 entries" in note.inner_text(), note.inner_text()
    assert page.locator(".trainer-list li[data-id='classic-001'][data-result='solved']").count() == 1
    play_by_clicks(page, *squares("classic-005"))
    wait_status(page, "Solved!")
    stored = progress(page)
    assert stored["results"] == {"classic-001": "solved", "classic-003": "failed", "classic-005": "solved"}
    assert stored["streak"] == 3 and stored["best"] == 5


def test_a_duodecim_step_taken_back_is_not_an_attempt(serve, page):
    """Steps of a Duodecim turn not yet whole are no answer: taken back, nothing is counted."""
    seed_storage(page, {"v": 1, "results": {"classic-001": "solved"}, "streak": 1, "best": 1})
    page.goto(serve() + "puzzles/#id=duodecim-001")
    wait_trainer(page, "duodecim-001")
    click_point(page, "enter")
    page.wait_for_selector(f"{BOARD} rect.pt.is-dest[data-point='A3']")
    click_point(page, "A3")
    page.wait_for_function("() => window.__petteiaTrainer.board.state?.prefix.length === 1")
    page.locator(".play-unstep").click()
    page.wait_for_function("() => window.__petteiaTrainer.board.state?.prefix.length === 0")
    assert progress(page) == {"v": 1, "results": {"classic-001": "solved"}, "streak": 1, "best": 1}
    play_duodecim_turn(page, "@A2 A6-A9*")
    wait_status(page, "Solved!")
    assert progress(page)["results"] == {"classic-001": "solved", "duodecim-001": "solved"}
    assert progress(page)["streak"] == 2


# ---------------------------------------------------------------- 11: hostile addresses
@pytest.mark.parametrize("hash_", ["#id=%E0%A4%A", "#%"])
def test_an_unreadable_address_gets_a_message_and_a_puzzle(serve, page, hash_):
    page.goto(serve() + "puzzles/" + hash_)
    wait_trainer(page, timeout=30_000)
    assert "could not be read" in page.locator(".trainer-notice").inner_text()
    first_move_is_accepted(page)
    assert not page.errors


def test_a_huge_puzzle_id_is_not_echoed_whole(serve, page):
    page.goto(serve() + "puzzles/#id=" + "x" * 100_000)
    wait_trainer(page, timeout=30_000)
    text = page.locator(".trainer-notice").inner_text()
    assert "No such puzzle" in text and len(text) < 300, len(text)
    assert fits_the_window(page)
    first_move_is_accepted(page)


# ---------------------------------------------------------------- the journey
def test_five_puzzles_in_a_row(serve, page):
    """classic-033 to -037: a wrong try then the right move, a clean solve, a wrong try in a line,
    Show solution then Next at once, a clean line; then a reload."""
    results, streak = {}, 0
    open_puzzle(page, serve(), "classic-033", step_ms=STEP_MS)
    assert_agree(page, results, streak)

    def wrong_then_right(pid):
        play_by_clicks(page, *wrong_squares(pid))
        page.wait_for_selector(".trainer-try-again:visible")
        results[pid] = "failed"
        assert_agree(page, results, 0)
        page.locator(".trainer-try-again").click()
        wait_status(page, "Try again: find the best move")
        assert_agree(page, results, 0)
        solve_line_by_clicks(page, get_puzzle(pid))
        assert_agree(page, results, 0)

    def choose_from_list(expected):  # "Next puzzle" picks by rating: the reader chooses from the list
        if not page.locator(".trainer-list").evaluate("d => d.open"):
            page.locator(".trainer-list > summary").click()
        page.locator(f".trainer-list li[data-id='{expected}'] a").click()
        wait_trainer(page, expected)

    def next_puzzle(expected):
        choose_from_list(expected)
        assert_agree(page, results, streak)

    wrong_then_right("classic-033")
    next_puzzle("classic-034")
    solve_line_by_clicks(page, get_puzzle("classic-034"))
    results["classic-034"], streak = "solved", 1
    assert_agree(page, results, streak)
    next_puzzle("classic-035")
    wrong_then_right("classic-035")
    streak = 0
    next_puzzle("classic-036")
    page.locator(".trainer-solution").click()
    choose_from_list("classic-037")
    results["classic-036"] = "failed"
    settle(page)
    assert_agree(page, results, streak)
    assert page.evaluate("() => window.__petteiaTrainer.board.state.ply") == 0
    solve_line_by_clicks(page, get_puzzle("classic-037"))
    results["classic-037"], streak = "solved", 1
    assert_agree(page, results, streak)
    page.reload()
    wait_trainer(page, "classic-037")
    assert_agree(page, results, streak)
    assert not page.errors

"""End to end, in Chromium: the puzzle trainer (docs/puzzles/index.md, docs/assets/js/trainer/)."""

from __future__ import annotations

import pytest
from e2e_support import browser, context, page, playwright_instance, serve, site_dir  # noqa: F401 (fixtures)

from trainer_support import (
    BOARD, LOAD_MS, click_square, drawn_points, open_puzzle, play_by_clicks, play_duodecim_turn, progress,
    solve_current, solve_line_by_clicks, squares, status,
    wait_status,
    wait_trainer,
)

pytestmark = pytest.mark.browser


def test_solve_by_clicks(serve, page):
    open_puzzle(page, serve(), "classic-001")
    assert "Black to move: capture a piece" in page.locator(".trainer-goal").inner_text()
    assert "single capture" in page.locator(".trainer-meta-themes").inner_text()
    # A puzzle the computer made says so in plain words (#34, 20), not its seed and ply.
    assert page.locator(".trainer-meta-source").inner_text() == (
        "Made by the computer from its own games, and checked by its solver.")
    frm, to = squares("classic-001")  # a capture: its mark must look like every other move's
    click_square(page, frm)
    page.wait_for_selector(f"{BOARD} g.fx [data-sq='{to}']")
    assert page.locator(f"{BOARD} g.fx .dest-ring").count() == 0
    click_square(page, to)
    wait_status(page, "Solved!")
    assert progress(page)["results"] == {"classic-001": "solved"}
    assert "Solves in a row: 1" in page.locator(".trainer-stats").inner_text()
    assert not page.errors


def test_solve_by_keyboard(serve, page):
    pid = "classic-014"  # White to move: the board is not flipped
    frm, to = squares(pid)
    open_puzzle(page, serve(), pid)
    page.locator(f"{BOARD} .petteia-svg-wrap").focus()
    page.keyboard.press("ArrowUp")
    page.keyboard.press("ArrowDown")

    def go(target):
        while True:
            sq = page.evaluate("() => window.__petteiaTrainer.board.view.cursor.at")
            if sq == target:
                return
            r, c, tr, tc = sq // 8, sq % 8, target // 8, target % 8
            page.keyboard.press("ArrowRight" if tc > c else "ArrowLeft" if tc < c else "ArrowUp" if tr > r else "ArrowDown")

    go(frm)
    page.keyboard.press("Enter")
    go(to)
    page.keyboard.press("Enter")
    wait_status(page, "Solved!")
    assert progress(page)["results"][pid] == "solved"


def test_wrong_move_shows_the_refutation_and_try_again_resets(serve, page):
    open_puzzle(page, serve(), "classic-035")  # win in 2; Δ1-Α1 is answered by Ε6-Ζ6
    before = page.evaluate("() => window.__petteiaTrainer.board.state.position")
    play_by_clicks(page, 3, 0)
    wait_status(page, "the reply Ε6-Ζ6 holds")
    assert page.locator(".trainer-try-again").is_visible()
    assert page.evaluate("() => window.__petteiaTrainer.board.state.last_move.text") == "Ε6-Ζ6"
    assert progress(page)["results"] == {"classic-035": "failed"}
    assert "Retry failed (1)" in page.locator(".trainer-retry-failed").inner_text()
    page.locator(".trainer-try-again").click()
    wait_status(page, "Try again: find the best move")
    assert page.evaluate("() => window.__petteiaTrainer.board.state.position") == before
    assert not page.locator(".trainer-try-again").is_visible()
    # The right line now: the computer answers, then the second move wins.
    play_by_clicks(page, *squares("classic-035", 0))
    wait_status(page, "The reply: Ε6-Ε5")
    play_by_clicks(page, *squares("classic-035", 2))
    wait_status(page, "Solved!")
    assert progress(page)["results"] == {"classic-035": "failed"}  # a failed attempt stays failed


def test_hint_in_two_steps(serve, page):
    frm, to = squares("classic-001")
    open_puzzle(page, serve(), "classic-001")
    page.locator(".trainer-hint").click()
    page.wait_for_selector(f"{BOARD} g.fx rect.hint-from[data-sq='{frm}']")
    assert page.locator(f"{BOARD} g.fx .hint-to").count() == 0
    page.locator(".trainer-hint").click()
    page.wait_for_selector(f"{BOARD} g.fx circle.hint-to[data-sq='{to}']")
    assert "Hint:" in status(page)


def test_show_solution_plays_the_whole_line(serve, page):
    open_puzzle(page, serve(), "classic-035", step_ms=100)
    page.locator(".trainer-solution").click()
    wait_status(page, "The solution: Ζ8-Ζ6, Ε6-Ε5, Γ6-Ε6xΕ5")
    assert page.evaluate("() => window.__petteiaTrainer.board.state.ply") == 3
    assert progress(page)["results"] == {"classic-035": "failed"}


def test_progress_survives_a_reload_and_corrupt_storage_is_ignored(serve, page):
    base = serve()
    open_puzzle(page, base, "classic-001")
    play_by_clicks(page, *squares("classic-001"))
    wait_status(page, "Solved!")
    page.reload()
    page.wait_for_function("() => window.__petteiaTrainer?.current?.id === 'classic-001'", timeout=LOAD_MS)
    assert "Solved 1" in page.locator(".trainer-stats").inner_text()
    assert page.locator(".trainer-list li[data-id='classic-001'][data-result='solved']").count() == 1
    assert not page.locator(".trainer-notice").is_visible()
    page.evaluate("() => localStorage.setItem('petteia-trainer', '{not json')")
    page.reload()
    page.wait_for_function("() => window.__petteiaTrainer?.current?.id === 'classic-001'", timeout=LOAD_MS)
    assert page.locator(".trainer-notice").is_visible()
    assert "could not be read" in page.locator(".trainer-notice").inner_text()
    assert "Solved 0" in page.locator(".trainer-stats").inner_text()
    # The unreadable text is kept aside, not overwritten by the next save.
    assert page.evaluate("() => localStorage.getItem('petteia-trainer.unreadable')") == "{not json"


def test_unknown_id_gets_a_clear_message_and_a_puzzle(serve, page):
    page.goto(serve() + "puzzles/#id=tournament-999")
    wait_trainer(page)
    note = page.locator(".trainer-notice")
    assert "No such puzzle" in note.inner_text() and "tournament-999" in note.inner_text()
    pid = page.evaluate("() => window.__petteiaTrainer.current.id")
    assert page.url.endswith(f"#id={pid}")
    solve_current(page)
    page.locator(".trainer-next").click()  # the reader moved on: the word about the address goes
    page.wait_for_function("(id) => window.__petteiaTrainer.current?.id !== id", arg=pid)
    assert not note.is_visible()


def test_daily_and_filters(serve, page):
    page.goto(serve() + "puzzles/#daily")
    page.wait_for_function("() => window.__petteiaTrainer?.current", timeout=LOAD_MS)
    assert page.locator(".trainer-title").inner_text().startswith("Puzzle of the day")
    daily = page.evaluate("() => window.__petteiaTrainer.current.id")
    page.locator(".trainer-game").select_option("kubeia")
    page.locator(".trainer-difficulty").select_option("1")
    page.locator(".trainer-next").click()
    # Wait for the next puzzle itself: the day's puzzle may be a Kubeia one already.
    page.wait_for_function("(daily) => window.__petteiaTrainer.current?.id !== daily", arg=daily)
    assert page.evaluate("() => window.__petteiaTrainer.current.ruleset") == "kubeia"
    assert page.evaluate("() => window.__petteiaTrainer.current.difficulty") == 1
    assert "#id=kubeia-" in page.url


def test_a_duodecim_puzzle_is_played_on_the_board(serve, page):
    """#34, 2: a Duodecim puzzle's turn is played on the board one die at a time, as on the play
    page, and the board shows it; no list of the legal turns marks the answer, and the status
    sentences end as sentences do."""
    open_puzzle(page, serve(), "duodecim-001")
    assert "Roll: 3 and 2" in page.locator(".trainer-goal").inner_text()
    assert page.locator(".trainer-turn-select, .trainer-turn, datalist").count() == 0
    start = drawn_points(page)
    # A legal turn that misses the goal: played die by die, shown, counted as a miss.
    after = play_duodecim_turn(page, "@A3 @A2")
    wait_status(page, "fails")
    assert status(page).startswith("32 @A3 @A2 fails: it hits no blot.")
    assert drawn_points(page) == after.points_map()
    assert progress(page)["results"] == {"duodecim-001": "failed"}
    page.locator(".trainer-try-again").click()
    page.wait_for_function("() => window.__petteiaTrainer.board.state.prefix.length === 0")
    assert drawn_points(page) == start
    after = play_duodecim_turn(page, "@A2 A6-A9*")
    wait_status(page, "Solved! Your turn: 32 @A2 A6-A9*. Press “Next puzzle” for another.")
    assert drawn_points(page) == after.points_map()
    assert page.locator(f"{BOARD} g.tray-side[data-side='b']").get_attribute("data-bar") == "1"  # the blot was hit
    assert progress(page)["results"] == {"duodecim-001": "failed"}  # not at the first try
    assert not page.errors


def test_home_page_links_to_the_puzzle_of_the_day(serve, page):
    page.goto(serve())
    page.locator("a", has_text="Open today's puzzle").click()
    page.wait_for_function("() => window.__petteiaTrainer?.current", timeout=LOAD_MS)
    assert page.locator(".trainer-title").inner_text().startswith("Puzzle of the day")


def _first(theme, rulesets, kind=None):
    """The first stored puzzle of ``rulesets`` with ``theme`` (and goal ``kind``), hardest last."""
    from petteia_core.puzzles import load_puzzles

    return next(p for p in load_puzzles() if p.ruleset in rulesets and theme in p.themes
                and (kind is None or p.goal.kind == kind))


@pytest.mark.parametrize("theme,rulesets,kind", [
    ("corner capture", ("tournament",), None),
    ("siege", ("classic", "vagi"), None),
    ("basileus enclosure", ("tournament",), "rout"),
    ("siege", ("tournament",), "siege"),
])
def test_new_themes_are_filters_and_solve_by_clicks(serve, page, theme, rulesets, kind):
    puzzle = _first(theme, rulesets, kind)
    open_puzzle(page, serve(), puzzle.id, step_ms=50)
    options = page.locator(".trainer-theme option").all_inner_texts()
    assert theme in options and "corner capture" in options and "siege" in options
    assert theme in page.locator(".trainer-meta-themes").inner_text()
    solve_line_by_clicks(page, puzzle)
    assert progress(page)["results"] == {puzzle.id: "solved"}
    page.locator(".trainer-game").select_option(puzzle.ruleset)
    page.locator(".trainer-theme").select_option(theme)
    page.locator(".trainer-next").click()
    page.wait_for_function("(a) => window.__petteiaTrainer.current?.themes.includes(a.theme)"
                           " && window.__petteiaTrainer.current?.id !== a.id", arg={"theme": theme, "id": puzzle.id})
    assert page.evaluate("() => window.__petteiaTrainer.current.ruleset") == puzzle.ruleset
    assert not page.errors

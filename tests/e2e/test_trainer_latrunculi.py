"""End to end, in Chromium: Ludus latrunculorum puzzles in the trainer (issue #30) — chosen from the
game filter, solved by clicks (a Schädler jump chain landing square by landing square, a Bell
capture that would earn an extra move), a wrong move refuted and taken back; after each step the
board drawn, the worker's state and the engine agree."""

from __future__ import annotations

import pytest
from e2e_support import browser, context, page, playwright_instance, serve, site_dir  # noqa: F401 (fixtures)
from trainer_support import (
    BOARD, open_puzzle, play_by_clicks, squares, status, wait_status, wait_trainer, wrong_squares,
)

from petteia_core import Game, Position
from petteia_core.puzzles import load_puzzles
from petteia_core.web.puzzle_words import goal_sentence

pytestmark = pytest.mark.browser


def first(ruleset, test):
    return next(p for p in sorted(load_puzzles(ruleset), key=lambda p: p.id) if test(p))


CHAIN = first("latrunculi-schaedler-1994", lambda p: "jump chain" in p.themes)
BELL = first("latrunculi-bell", lambda p: p.goal.kind == "capture")
KOWALSKI = first("latrunculi-kowalski", lambda p: p.goal.kind == "capture")


def shown_position(page):
    return page.evaluate("() => window.__petteiaTrainer.board.state.position")


def drawn_pieces(page):
    return page.locator(f"{BOARD} g.pieces g.piece").count()


def assert_agree(page, puzzle, plies):
    """The worker's position is the engine's after ``plies`` of the solution, and the board draws
    every piece of it."""
    g = Game(puzzle.ruleset, puzzle.position)
    for text in puzzle.solution[:plies]:
        g.play(text)
    assert shown_position(page) == g.position.to_string()
    p = Position.from_string(puzzle.ruleset, shown_position(page))
    assert drawn_pieces(page) == (p.occ[0] | p.occ[1]).bit_count()


@pytest.mark.parametrize("puzzle", [CHAIN, BELL, KOWALSKI], ids=lambda p: p.id)
def test_a_latrunculi_puzzle_solved_by_clicks(serve, page, puzzle):
    open_puzzle(page, serve(), puzzle.id)
    assert_agree(page, puzzle, 0)
    assert goal_sentence(puzzle) in page.locator(".trainer-goal").inner_text()
    for ply in range(0, len(puzzle.solution), 2):
        play_by_clicks(page, *squares(puzzle.id, ply))
        if ply + 1 < len(puzzle.solution):
            wait_status(page, f"The reply: {puzzle.solution[ply + 1]}")
    wait_status(page, "Solved!")
    assert puzzle.solution[-1] in status(page)
    assert_agree(page, puzzle, len(puzzle.solution))
    assert page.evaluate("() => JSON.parse(localStorage.getItem('petteia-trainer')).results")[puzzle.id] == "solved"
    assert page.errors == []


def test_a_wrong_move_is_refuted_then_taken_back(serve, page):
    open_puzzle(page, serve(), BELL.id)
    play_by_clicks(page, *wrong_squares(BELL.id))
    page.wait_for_function("() => window.__petteiaTrainer.board.state?.trainer?.status === 'wrong'")
    page.locator(".trainer-try-again").click()
    wait_status(page, "Try again")
    assert_agree(page, BELL, 0)
    play_by_clicks(page, *squares(BELL.id))
    wait_status(page, "Solved!")
    assert page.evaluate("() => JSON.parse(localStorage.getItem('petteia-trainer')).results")[BELL.id] == "failed"
    assert page.errors == []


def test_the_game_filter_offers_every_reconstruction(serve, page):
    page.goto(serve() + "puzzles/")
    wait_trainer(page)
    # The trainer opens on a puzzle of petteia, not on the Roman game.
    assert not page.evaluate("() => window.__petteiaTrainer.current.ruleset").startswith("latrunculi-")
    options = page.locator("select.trainer-game option").evaluate_all("os => os.map((o) => o.value)")
    assert {"latrunculi-bell", "latrunculi-schaedler", "latrunculi-kowalski-11x10"} <= set(options)
    page.select_option("select.trainer-game", "latrunculi-schaedler-1994")
    page.locator(".trainer-next").click()
    page.wait_for_function(
        "() => window.__petteiaTrainer.current?.ruleset === 'latrunculi-schaedler-1994'"
        " && window.__petteiaTrainer.board?.state?.trainer?.id === window.__petteiaTrainer.current.id")
    pid = page.evaluate("() => window.__petteiaTrainer.current.id")
    wait_trainer(page, pid)
    assert page.locator(f"{BOARD} svg.petteia-svg").count() == 1
    assert page.errors == []

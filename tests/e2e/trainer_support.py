"""Helpers of the puzzle trainer's browser tests (test_trainer.py, test_trainer_journeys.py):
open a puzzle, click squares as a person does, read the status and the stored progress, and check
that what the page shows agrees with the worker and with localStorage."""

from __future__ import annotations

import re

from petteia_core import Game
from petteia_core.notation import parse_move
from petteia_core.web.puzzle import get_puzzle

LOAD_MS = 60_000
BOARD = "figure#trainer-board"
STORE = "petteia-trainer"


def squares(puzzle_id, ply=0):
    """(from, to) of the solution's move at ``ply`` (played from the puzzle position)."""
    p = get_puzzle(puzzle_id)
    g = Game(p.ruleset, p.position)
    for text in p.solution[:ply]:
        g.play(text)
    m = parse_move(p.solution[ply], g.position)
    return m.frm, m.to


def wrong_squares(puzzle_id):
    """(from, to) of a legal first move that the puzzle does not accept."""
    p = get_puzzle(puzzle_id)
    g = Game(p.ruleset, p.position)
    accepted = [parse_move(t, g.position) for t in [p.solution[0], *p.alternatives.get(0, [])]]
    m = next(m for m in g.legal_moves() if m not in accepted)
    return m.frm, m.to


def wait_trainer(page, puzzle_id=None, timeout=LOAD_MS):
    """Wait until the trainer shows a live puzzle (``puzzle_id``, or any)."""
    # The board must show this puzzle's own state, and be free: the trainer names the new puzzle
    # before its board has taken its first state (the previous puzzle's board is live meanwhile).
    page.wait_for_function(
        "(id) => { const t = window.__petteiaTrainer; return t?.current && (!id || t.current.id === id)"
        " && ((document.querySelector('figure#trainer-board.is-live')"
        "      && t.board?.state?.trainer?.id === t.current.id && !t.board.busy)"
        " || (t.current.ruleset === 'duodecim' && document.querySelector('.trainer-duo:not([hidden]) svg'))) }",
        arg=puzzle_id, timeout=timeout,
    )


def open_puzzle(page, base, puzzle_id, step_ms=None):
    if step_ms is not None:
        page.add_init_script(f"window.__petteiaTrainerStepMs = {step_ms}")
    page.goto(base + f"puzzles/#id={puzzle_id}")
    wait_trainer(page, puzzle_id)


def current_id(page):
    return page.evaluate("() => window.__petteiaTrainer.current?.id ?? null")


def status(page):
    return page.locator(".trainer-status").inner_text()


def wait_status(page, text, timeout=10_000):
    page.wait_for_function(
        "(t) => document.querySelector('.trainer-status')?.textContent.includes(t)", arg=text, timeout=timeout,
    )


def click_square(page, sq):
    """A click on square ``sq`` as a person makes it: on the piece standing there, else on the square.

    Playwright's own click scrolls it into view, waits until it stands still and checks that it, and
    not the theme's header or a shifting neighbour, receives the click (and tries again if not).
    """
    # The piece comes after its square in the picture: the last match is what lies on top. The
    # locator is found again on every try, so a board drawn anew meanwhile is no trouble.
    page.locator(f'{BOARD} rect.sq[data-sq="{sq}"], {BOARD} g.pieces g.piece[data-sq="{sq}"]').last.click()


def play_by_clicks(page, frm, to):
    """A move by two clicks (a Poleis placement, ``frm`` None, by one click on its square)."""
    if frm is not None:
        click_square(page, frm)
    page.wait_for_selector(f"{BOARD} g.fx [data-sq='{to}']")
    click_square(page, to)


def solve_current(page):
    """Solve the puzzle on screen as a reader does: by clicks, or a Duodecim puzzle's whole turn."""
    p = get_puzzle(page.evaluate("() => window.__petteiaTrainer.current.id"))
    if p.ruleset == "duodecim":
        page.locator(".trainer-turn").fill(p.solution[0])
        page.locator(".trainer-check").click()
        wait_status(page, "Solved!")
    else:
        solve_line_by_clicks(page, p)
    return p.id


def miss_current(page):
    """Play a wrong answer to the puzzle on screen (a wrong first move, or a wrong Duodecim turn);
    returns once the miss is recorded."""
    pid = page.evaluate("() => window.__petteiaTrainer.current.id")
    tries = page.evaluate("() => Object.values(window.__petteiaTrainer.progress.tries).reduce((a, b) => a + b, 0)")
    p = get_puzzle(pid)
    if p.ruleset == "duodecim":
        turns = page.evaluate("() => [...document.querySelectorAll('.trainer-turn-select option')].map(o => o.value)")
        from petteia_core.puzzles.solver import duodecim_winning
        from petteia_core.web.puzzle import _duodecim

        pos, dice = _duodecim(p)
        rolled = pos.with_dice(dice)
        good = set(duodecim_winning(pos, dice, p.goal))
        wrong = next(t for t in turns if t and rolled.apply(rolled.parse_turn(t)).to_string() not in good)
        page.locator(".trainer-turn").fill(wrong)
        page.locator(".trainer-check").click()
    else:
        play_by_clicks(page, *wrong_squares(pid))
    page.wait_for_function(
        "(n) => Object.values(window.__petteiaTrainer.progress.tries).reduce((a, b) => a + b, 0) > n", arg=tries)
    return pid


def choose_game(page, ruleset):
    page.locator(".trainer-game").select_option(ruleset)


def solve_line_by_clicks(page, puzzle):
    """Play every solver move of ``puzzle`` by clicks, waiting for each stored defence in between."""
    for ply in range(0, len(puzzle.solution), 2):
        play_by_clicks(page, *squares(puzzle.id, ply))
        if ply + 1 < len(puzzle.solution):
            wait_status(page, f"The reply: {puzzle.solution[ply + 1]}")
    wait_status(page, "Solved!")


def progress(page):
    return page.evaluate(f"() => JSON.parse(localStorage.getItem('{STORE}') || 'null')")


def press(page, name):
    """Click the trainer button ``name`` as a person would: a hidden or greyed-out one does nothing."""
    b = page.locator(f".trainer-{name}")
    if b.is_visible() and b.is_enabled():
        b.click(force=True, timeout=2_000)


def shown_stats(page):
    """(solved, failed, streak) as the page shows them."""
    text = page.locator(".trainer-stats").inner_text()
    m = re.search(r"Solved (\d+) · Failed (\d+) · Streak (\d+)", text)
    assert m, text
    return tuple(int(x) for x in m.groups())


def assert_agree(page, results, streak):
    """The board on screen, the worker's state, the progress shown and the stored progress agree
    (with each other, and with the ``results`` and ``streak`` the test expects)."""
    seen = page.evaluate("""async () => {
        const t = window.__petteiaTrainer;
        const worker = await t.api.call("view", { board_id: t.board.id });
        const pieces = {};
        for (const g of document.querySelectorAll("figure#trainer-board svg g.pieces g.piece[data-sq]")) {
            pieces[g.dataset.sq] = g.dataset.piece;
        }
        const marks = {};
        for (const li of document.querySelectorAll(".trainer-list li[data-id]")) {
            if (li.dataset.result) marks[li.dataset.id] = li.dataset.result;
        }
        return { worker, drawn: t.board.state.position, pieces, marks };
    }""")
    worker = seen["worker"]
    assert worker["ok"], worker
    assert seen["drawn"] == worker["position"], "the board shows another position than the worker's"
    ruleset = page.evaluate("() => window.__petteiaTrainer.current.ruleset")
    expected = {str(sq): p for sq, p in Game(ruleset, worker["position"]).position.piece_map().items()}
    assert seen["pieces"] == expected, "the pieces on screen are not the worker's"
    stored = progress(page) or {"results": {}, "streak": 0}
    assert stored["results"] == results and stored["streak"] == streak, stored
    solved = sum(1 for v in results.values() if v == "solved")
    assert shown_stats(page) == (solved, len(results) - solved, streak)
    assert seen["marks"] == results

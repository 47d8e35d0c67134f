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
    """(from, to) of the solution's move at ``ply`` (played from the puzzle position); a jump chain
    adds the squares it lands on between: (from, to, path)."""
    p = get_puzzle(puzzle_id)
    g = Game(p.ruleset, p.position)
    for text in p.solution[:ply]:
        g.play(text)
    m = parse_move(p.solution[ply], g.position)
    return (m.frm, m.to, m.path) if m.path else (m.frm, m.to)


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
        ") }",
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


def play_by_clicks(page, frm, to, path=()):
    """A move by two clicks (a Poleis placement, ``frm`` None, by one click on its square); a
    latrunculi jump chain landing square by landing square (``path``, then ``to``), stopped by one
    more click on ``to`` when the chain could go on."""
    if frm is not None:
        click_square(page, frm)
    for sq in [*path, to]:
        page.wait_for_selector(f"{BOARD} g.fx [data-sq='{sq}']")
        click_square(page, sq)
    if page.evaluate("(to) => window.__petteiaTrainer.board.view?.via?.at(-1) === to", to):
        click_square(page, to)  # a jump from which more jumps were open: stop here


def duodecim_turn(puzzle_id, text):
    """The steps of the written turn ``text`` of a Duodecim puzzle, as the board takes them
    ({from, to, die}: "enter" or a point, then a point or "off"), and the position after it."""
    from petteia_core.duodecim.notation import normalize_dice
    from petteia_core.web.reply import step_dict

    p = get_puzzle(puzzle_id)
    rolled = p.start().with_dice(normalize_dice(p.roll))
    turn = rolled.parse_turn(text)
    return [step_dict(s) for s in turn], rolled.apply(turn)


def click_point(page, spot, side="w"):
    """A click on a Duodecim point, or on the tray of the side to move ("enter", "off")."""
    if spot in ("enter", "off"):
        page.locator(f'{BOARD} g.tray-side[data-side="{side}"]').click()
    else:
        page.locator(f'{BOARD} rect.pt[data-point="{spot}"]').click()


def play_duodecim_turn(page, text):
    """Play the whole turn ``text`` of the Duodecim puzzle on screen by clicks on the board, one
    die at a time, waiting for each step to be on the board; returns the position after it."""
    pid = current_id(page)
    steps, after = duodecim_turn(pid, text)
    for k, st in enumerate(steps):
        click_point(page, st["from"])
        if st["to"] != "off":
            page.wait_for_selector(f'{BOARD} rect.pt.is-dest[data-point="{st["to"]}"]')
        click_point(page, st["to"])
        page.wait_for_function("(n) => window.__petteiaTrainer.board.state?.prefix.length === n"
                               " && !window.__petteiaTrainer.board.busy", arg=k + 1)
    return after


def drawn_points(page):
    """{point: (side, count)} of the stacks the trainer's board shows."""
    return {p: (s, int(c)) for p, s, c in page.locator(f"{BOARD} g.stack[data-point]").evaluate_all(
        "ns => ns.map((n) => [n.dataset.point, n.dataset.side, n.dataset.count])")}


def solve_current(page):
    """Solve the puzzle on screen as a reader does: by clicks (a Duodecim puzzle: its turn, one die
    at a time)."""
    p = get_puzzle(page.evaluate("() => window.__petteiaTrainer.current.id"))
    if p.ruleset == "duodecim":
        play_duodecim_turn(page, p.solution[0])
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
        from petteia_core.duodecim.notation import normalize_dice
        from petteia_core.puzzles.solver import duodecim_winning

        pos, dice = p.start(), normalize_dice(p.roll)
        rolled = pos.with_dice(dice)
        good = set(duodecim_winning(pos, dice, p.goal))
        wrong = next(rolled.turn_text(t, dice) for t in rolled.legal_turns() if rolled.apply(t).to_string() not in good)
        play_duodecim_turn(page, wrong)
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
    m = re.search(r"Solved (\d+) · Failed (\d+) · Solves in a row: (\d+)", text)
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

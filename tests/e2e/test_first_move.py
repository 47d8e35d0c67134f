"""End to end, in Chromium: a board answers its first move before Python has loaded (the build's
data-first, site_scripts/build/first_move.py), and Python then goes on from the position reached: the
same pieces, status line, record and spoken description as when the move is played with Python.

Python is held back by holding the request for the worker's script until the test lets it go."""

from __future__ import annotations

import pytest
from e2e_support import browser, context, page, playwright_instance, serve, site_dir  # noqa: F401 (fixtures)
from test_boards import board, click_square, piece_on, status, wait_live, wait_status

pytestmark = pytest.mark.browser

SAC = "sacrifice-explore"  # docs/rules/tournament.md: Β2-Β6, Η6-Γ6xΒ6, Λ6-Η6xΗ5
B2, B6 = 13, 61


class HeldPython:
    """Holds every request for the worker's script until release()."""

    def __init__(self, page):
        self.page, self.held, self.released = page, [], False
        page.route("**/assets/js/worker.js*", self.hold)

    def hold(self, route):
        if self.released:
            route.continue_()
        else:
            self.held.append(route)

    def release(self):
        self.released = True
        for route in self.held:
            route.continue_()
        self.held = []


def pieces(page, board_id):
    """The board's pieces as {square: piece letter}, read from the picture."""
    return page.evaluate(
        "(id) => Object.fromEntries([...document.querySelectorAll(`figure#${id} g.pieces g.piece`)]"
        ".map((g) => [g.dataset.sq, g.dataset.piece]))", board_id)


def spoken(page, board_id):
    return board(page, board_id).locator(".petteia-sr-only").text_content()


def early(page, base, path, board_id):
    held = HeldPython(page)
    page.goto(base + path)
    page.wait_for_selector(f"figure#{board_id}.is-early")
    return held


def after_python(page, base, path, board_id, moves):
    """The same moves played with Python ready, in a new page: (pieces, status, spoken)."""
    other = page.context.new_page()
    other.goto(base + path)
    wait_live(other, board_id)
    for frm, to in moves:
        click_square(other, board_id, frm)
        click_square(other, board_id, to)
    other.wait_for_function("(id) => !document.querySelector(`figure#${id}`).classList.contains('is-busy')", arg=board_id)
    other.wait_for_timeout(100)
    out = pieces(other, board_id), status(other, board_id), spoken(other, board_id)
    other.close()
    return out


def test_a_capture_before_python_then_python_goes_on_from_it(serve, page):
    base = serve()
    held = early(page, base, "play/try/", "try-capture")
    click_square(page, "try-capture", 0)  # Α1: the destinations come from the build's data
    assert board(page, "try-capture").locator("g.fx .dest-ring").count() == 1
    click_square(page, "try-capture", 16)  # Α3 takes Β3
    wait_status(page, "try-capture", "Last move Α1-Α3xΒ3")
    assert piece_on(page, "try-capture", 17).count() == 0 and piece_on(page, "try-capture", 16).count() == 1
    assert "is-live" not in board(page, "try-capture").get_attribute("class")  # no Python yet
    early_pieces, early_status = pieces(page, "try-capture"), status(page, "try-capture")
    held.release()
    wait_live(page, "try-capture")
    page.wait_for_function("() => document.querySelector('#try-capture .petteia-sr-only').textContent.includes('captured Β3')")
    assert pieces(page, "try-capture") == early_pieces
    assert status(page, "try-capture") == early_status
    with_python = after_python(page, base, "play/try/", "try-capture", [(0, 16)])
    assert with_python == (early_pieces, early_status, spoken(page, "try-capture"))
    # The board goes on from the position reached: Black's piece on Η8 can be picked up.
    click_square(page, "try-capture", 63)
    assert board(page, "try-capture").locator("g.fx .dest-dot, g.fx .dest-ring").count() > 0
    assert page.errors == []


def test_a_puzzle_refuses_a_wrong_first_move_and_takes_the_right_one_before_python(serve, page):
    base = serve()
    held = early(page, base, "play/try/", "try-puzzle")
    start = pieces(page, "try-puzzle")
    click_square(page, "try-puzzle", 0)
    click_square(page, "try-puzzle", 1)  # Α1-Β1: not the answer
    wait_status(page, "try-puzzle", "is not the answer")
    assert pieces(page, "try-puzzle") == start  # refused: nothing moved
    wrong_status = status(page, "try-puzzle")
    click_square(page, "try-puzzle", 0)
    click_square(page, "try-puzzle", 16)  # Α1-Α3xΒ3: the solution
    wait_status(page, "try-puzzle", "Solved")
    solved_pieces, solved_status = pieces(page, "try-puzzle"), status(page, "try-puzzle")
    held.release()
    wait_live(page, "try-puzzle")
    assert pieces(page, "try-puzzle") == solved_pieces and status(page, "try-puzzle") == solved_status
    # With Python from the start: the same words for the same moves.
    other = page.context.new_page()
    other.goto(base + "play/try/")
    wait_live(other, "try-puzzle")
    click_square(other, "try-puzzle", 0)
    click_square(other, "try-puzzle", 1)
    wait_status(other, "try-puzzle", "is not the answer")
    assert status(other, "try-puzzle") == wrong_status
    click_square(other, "try-puzzle", 0)
    click_square(other, "try-puzzle", 16)
    wait_status(other, "try-puzzle", "Solved")
    assert (pieces(other, "try-puzzle"), status(other, "try-puzzle")) == (solved_pieces, solved_status)
    other.close()
    assert page.errors == []


def test_the_line_move_before_python_keeps_the_board_on_its_line(serve, page):
    base = serve()
    held = early(page, base, "rules/tournament/", SAC)
    click_square(page, SAC, B2)
    click_square(page, SAC, B6)  # Β2-Β6, the line's first move
    wait_status(page, SAC, "Last move Β2-Β6")
    assert piece_on(page, SAC, B6).count() == 1 and piece_on(page, SAC, B2).count() == 0
    moved = pieces(page, SAC)
    held.release()
    wait_live(page, SAC)
    page.wait_for_function(f"() => document.querySelector('#{SAC} .petteia-line-where').textContent === 'Line: 1 of 3'")
    assert pieces(page, SAC) == moved
    # The line goes on from there: its next move is the reply.
    board(page, SAC).get_by_role("button", name="Next move of the line", exact=True).click()
    page.wait_for_function(f"() => document.querySelector('#{SAC} .petteia-line-where').textContent === 'Line: 2 of 3'")
    assert page.errors == []


def test_boards_that_need_python_for_their_first_move_wait_for_it(site_dir):
    """Kubeia (its first roll), Duodecim scripta and boards where the computer moves first carry no
    first-move data; every other live board of the rules pages does."""
    import re

    html = (site_dir / "rules" / "kubeia" / "index.html").read_text(encoding="utf-8")
    assert 'data-ruleset="kubeia"' in html and "data-first=" not in html
    html = (site_dir / "rules" / "classic" / "index.html").read_text(encoding="utf-8")
    live = re.findall(r'<figure [^>]*data-mode="(?:explore|puzzle|play)"[^>]*>', html)
    assert live and all("data-first=" in f for f in live if 'data-side="b"' not in f)


# ---------------------------------------------------------------- before the board's code
class HeldModules(HeldPython):
    """Holds the board's modules (loader.js and all it imports) until release(): only the
    page's first-touch.js, which the build loads async from <head>, can answer a click."""

    def __init__(self, page):
        self.page, self.held, self.released = page, [], False
        page.route("**/assets/js/loader.js*", self.hold)


def dots(page, board_id):
    """The destinations drawn on the board: {square: "dot" | "ring"}."""
    return page.evaluate(
        "(id) => Object.fromEntries([...document.querySelectorAll(`figure#${id} g.fx circle[data-sq]`)]"
        ".map((c) => [c.dataset.sq, c.classList.contains('dest-ring') ? 'ring' : 'dot']))", board_id)


def first_moves(page, board_id, frm):
    """The build's first-move data of a board: the destinations of the piece on ``frm``."""
    return page.evaluate(
        "([id, frm]) => JSON.parse(document.querySelector(`figure#${id}`).dataset.first).moves"
        ".filter((m) => m[0] === frm).map((m) => [String(m[1]), m[2].length ? 'ring' : 'dot'])",
        [board_id, frm])


def test_a_click_before_the_modules_shows_the_dots_and_the_move_is_played_when_they_come(serve, page):
    base = serve()
    held = HeldModules(page)
    page.goto(base + "play/try/")
    page.wait_for_selector("figure#try-capture g.piece")
    assert "is-early" not in board(page, "try-capture").get_attribute("class")  # no board code yet
    click_square(page, "try-capture", 18)  # Γ3: picked up, its destinations shown from the page's data
    assert dots(page, "try-capture") == dict(first_moves(page, "try-capture", 18))
    click_square(page, "try-capture", 18)  # put down again
    assert dots(page, "try-capture") == {}
    click_square(page, "try-capture", 0)  # Α1, and then its capture Α3xΒ3
    assert dots(page, "try-capture") == dict(first_moves(page, "try-capture", 0)) and "ring" in dots(page, "try-capture").values()
    click_square(page, "try-capture", 16)
    assert piece_on(page, "try-capture", 17).count() == 1  # nothing decided before the board's code
    held.release()
    wait_status(page, "try-capture", "Last move Α1-Α3xΒ3")
    wait_live(page, "try-capture")
    # Heard before another tab opens: the announcer writes at the next frame, and a tab in the
    # background gets none (CI, one run in several: the sentence waited for ever behind the other tab).
    page.wait_for_function("() => document.querySelector('#try-capture .petteia-sr-only').textContent.includes('captured Β3')")
    with_python = after_python(page, base, "play/try/", "try-capture", [(0, 16)])
    assert (pieces(page, "try-capture"), status(page, "try-capture"), spoken(page, "try-capture")) == with_python
    assert page.errors == []


def test_a_wrong_puzzle_move_before_the_modules_is_refused_when_they_come(serve, page):
    base = serve()
    held = HeldModules(page)
    page.goto(base + "play/try/")
    page.wait_for_selector("figure#try-puzzle g.piece")
    start = pieces(page, "try-puzzle")
    click_square(page, "try-puzzle", 0)
    assert set(dots(page, "try-puzzle").values()) == {"dot"}  # a puzzle's captures are not given away
    click_square(page, "try-puzzle", 1)  # Α1-Β1: not the answer
    held.release()
    wait_status(page, "try-puzzle", "is not the answer")
    assert pieces(page, "try-puzzle") == start
    wait_live(page, "try-puzzle")
    click_square(page, "try-puzzle", 0)
    click_square(page, "try-puzzle", 16)  # the solution, now with Python
    wait_status(page, "try-puzzle", "Solved")
    assert page.errors == []

"""End to end, in Chromium: what a newcomer met on the play page (issue #34: 4, 5, 6 and 12).

The controls stay in place while a game grows and across a reload; a friend's game is called what
it is and offers no "Move now"; Resign asks first and New game can be taken back; a new Duodecim
game is described to screen readers at once.
"""

from __future__ import annotations

import random

import pytest
from e2e_support import browser, context, page, playwright_instance, serve, site_dir  # noqa: F401 (fixtures)
from play_support import click_square, idle, link_hash, open_play, prepare

from petteia_core import Game

pytestmark = pytest.mark.browser



def long_record(plies: int = 40) -> str:
    """A classic game of `plies` random legal moves (seeded), not yet over, as a record."""
    game, rng = Game("classic"), random.Random(3)
    while len(game.record().split(";")) <= plies // 2 and game.result is None:
        game.play(rng.choice(game.legal_moves()))
    assert game.result is None
    return game.record()


def top(page, selector: str) -> float:
    """Where `selector` stands below the board's top edge (a notice above the board moves both)."""
    return page.evaluate(f"""() => document.querySelector({selector!r}).getBoundingClientRect().top
        - document.querySelector('#play-board').getBoundingClientRect().top""")


def left(page, selector: str) -> float:
    return page.evaluate(f"""() => document.querySelector({selector!r}).getBoundingClientRect().left
        - document.querySelector('#play-board').getBoundingClientRect().left""")


def heading(page) -> str:
    """The page's heading, without the theme's permalink sign."""
    return page.locator("h1").inner_text().rstrip("¶").strip()


def visible(page, selector: str) -> bool:
    return page.locator(selector).is_visible()


@pytest.mark.parametrize("width,height", [(1280, 800), (375, 740)])
def test_the_controls_stay_in_place(serve, page, width, height):
    page.set_viewport_size({"width": width, "height": height})
    prepare(page)
    base = serve()
    open_play(page, base + "play/" + link_hash("classic", '[Ruleset "classic"]'))
    idle(page)
    # Before the computer's first move: "Move now" already has its place (disabled), so nothing moves.
    assert visible(page, ".play-stop") and page.locator(".play-stop").is_disabled()
    resign_x, resign_y, new_y = left(page, ".play-resign"), top(page, ".play-resign"), top(page, ".play-new")
    page.evaluate("() => window.__petteiaPlay.playFirst()")
    page.wait_for_function("() => window.__petteiaPlay.state.ply === 2", timeout=30_000)
    idle(page)
    assert (left(page, ".play-resign"), top(page, ".play-resign")) == (resign_x, resign_y)
    page.reload()
    page.wait_for_function("() => window.__petteiaPlay?.state?.ply === 2", timeout=60_000)
    idle(page)
    assert visible(page, ".play-stop")
    assert (left(page, ".play-resign"), top(page, ".play-resign")) == (resign_x, resign_y)
    # A long game: the move list scrolls inside its box; the New game form does not move down.
    page.goto(base + "play/" + link_hash("classic", long_record()))
    page.wait_for_function("() => window.__petteiaPlay?.state?.ply === 40", timeout=60_000)
    idle(page)
    assert abs(top(page, ".play-new") - new_y) < 2, (top(page, ".play-new"), new_y)
    # The latest move is in view in the list.
    assert page.evaluate("""() => { const l = document.querySelector('.play-movelist');
        const b = l.querySelector('[aria-current=step]').getBoundingClientRect(), r = l.getBoundingClientRect();
        return b.top >= r.top - 1 && b.bottom <= r.bottom + 1; }""")
    assert page.errors == []


def test_a_friends_game_says_so_and_offers_no_move_now(serve, page):
    prepare(page)
    open_play(page, serve() + "play/")
    idle(page)
    assert heading(page) == "Play against the computer"
    page.select_option("#play-opponent", "friend")
    page.get_by_role("button", name="New game").click()
    page.wait_for_function("() => window.__petteiaPlay.opts.opponent === 'friend' && window.__petteiaPlay.state")
    idle(page)
    assert heading(page) == "Play a friend by link"
    assert not visible(page, ".play-stop")
    page.select_option("#play-opponent", "human")
    page.get_by_role("button", name="New game").click()
    page.wait_for_function("() => window.__petteiaPlay.opts.opponent === 'human' && window.__petteiaPlay.state")
    assert heading(page) == "Two players on this device"
    assert not visible(page, ".play-stop")
    assert page.errors == []


def test_resign_asks_first(serve, page):
    prepare(page)
    open_play(page, serve() + "play/" + link_hash("classic", '[Ruleset "classic"]'))
    idle(page)
    page.get_by_role("button", name="Resign").click()
    ask = page.locator(".play-confirm")
    assert ask.is_visible() and "Resign" in ask.inner_text()
    assert page.evaluate("() => window.__petteiaPlay.state.result") is None
    page.get_by_role("button", name="Keep playing").click()
    assert not ask.is_visible()
    assert page.evaluate("() => window.__petteiaPlay.state.result") is None
    # The game goes on: a move, then resigning for real.
    page.evaluate("() => window.__petteiaPlay.playFirst()")
    page.wait_for_function("() => window.__petteiaPlay.state.ply === 2", timeout=30_000)
    idle(page)
    page.get_by_role("button", name="Resign").click()
    page.locator(".play-confirm").get_by_role("button", name="Resign").click()
    page.wait_for_function("() => window.__petteiaPlay.state.result")
    assert "resigned" in page.locator(".play-status").inner_text()
    assert page.errors == []


def test_new_game_in_mid_game_can_be_taken_back(serve, page):
    prepare(page)
    open_play(page, serve() + "play/" + link_hash("classic", '[Ruleset "classic"]'))
    idle(page)
    for ply in (2, 4):
        page.evaluate("() => window.__petteiaPlay.playFirst()")
        page.wait_for_function(f"() => window.__petteiaPlay.state.ply === {ply}", timeout=30_000)
        idle(page)
    record = page.evaluate("() => window.__petteiaPlay.state.record")
    page.get_by_role("button", name="New game").click()
    page.wait_for_function("() => window.__petteiaPlay.state.ply === 0")
    idle(page)
    notice = page.locator(".play-notice")
    assert notice.is_visible() and "4 moves" in notice.inner_text(), notice.inner_text()
    notice.get_by_role("button", name="Back to the game you left").click()
    page.wait_for_function(f"() => window.__petteiaPlay.state.record === {record!r}", timeout=30_000)
    idle(page)
    assert page.locator(".play-movelist .play-move").count() == 4
    # A New game before any move is made asks nothing and offers nothing.
    page.get_by_role("button", name="New game").click()
    page.wait_for_function("() => window.__petteiaPlay.state.ply === 0")
    idle(page)
    page.get_by_role("button", name="New game").click()
    page.wait_for_timeout(300)
    idle(page)
    assert "Back to the game you left" not in (page.locator(".play-notice").inner_text() if visible(page, ".play-notice") else "")
    assert page.errors == []


def test_a_new_duodecim_game_is_described_at_once(serve, page):
    prepare(page)
    open_play(page, serve() + "play/" + link_hash("classic", '[Ruleset "classic"]', opponent="human"))
    idle(page)
    page.select_option("#play-ruleset", "duodecim")
    page.get_by_role("button", name="New game").click()
    page.wait_for_function("() => window.__petteiaPlay.state.kind === 'duodecim'")
    idle(page)
    want = page.evaluate("() => window.__petteiaPlay.state.description")
    assert want
    page.wait_for_function("(want) => window.__petteiaPlay.speech.node.textContent === want", arg=want, timeout=5_000)
    assert page.errors == []


def test_a_refused_piece_says_why_and_marks_the_pieces_that_must_move(serve, page):
    """#34 (3): with a capture compulsory (tournament rules), a click on another piece did nothing."""
    prepare(page)
    record = '[Ruleset "tournament"]\n[Position "7phhhH/9b2/7h2PP/5H4Pp/12/6B5/12/12 b"]'
    open_play(page, serve() + "play/" + link_hash("tournament", record, side="b", opponent="human"))
    idle(page)
    kappa7 = 6 * 12 + 9  # the black Basileus on Κ7: the only piece that may move (it must capture)
    iota8 = 7 * 12 + 8  # a black Hoplite on Ι8, held back
    click_square(page, iota8)
    page.wait_for_function("() => document.querySelector('.play-status').textContent.includes('compulsory')", timeout=5_000)
    assert page.locator(".play-status").inner_text() == "A capture is compulsory: only Κ7 can move, and it must capture."
    assert page.locator(f'#play-board g.piece.is-must[data-sq="{kappa7}"]').count() == 1
    assert page.locator("#play-board g.piece.is-must").count() == 1
    # The allowed piece still moves as usual.
    click_square(page, kappa7)
    page.wait_for_selector("#play-board g.fx [data-sq]", state="attached", timeout=5_000)
    assert page.errors == []

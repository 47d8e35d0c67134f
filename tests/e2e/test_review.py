"""End to end, in Chromium: "Review the game" on the play page (review.js, petteia_core/web/review.py)."""

from __future__ import annotations

import time

import pytest
from e2e_support import browser, context, page, playwright_instance, serve, site_dir  # noqa: F401 (fixtures)
from play_support import click_square, idle, link_hash, open_play, prepare, state

pytestmark = pytest.mark.browser

# Squares of the classic board (8 columns): index = row * 8 + column.
A1, A2, B1, B3, G3, G8 = 0, 8, 1, 17, 18, 58
START = '[Ruleset "classic"]\n1) Α1-Α2, Α8-Α3;'
# Level 1 (White) against level 2, 40 moves.
GAME_40 = ('[Ruleset "classic"]\n1) Δ1-Δ4, Α8-Α3;\n2) Θ1-Θ7, Γ8-Γ2;\n3) Η1-Η7, Δ8-Δ7;\n4) Θ7-Θ1, Γ2-Γ8;\n'
           '5) Α1-Α2, Ζ8-Ζ6;\n6) Η7-Η2, Α3-Ζ3;\n7) Β1-Β4, Ζ6-Α6;\n8) Ζ1-Ζ2, Ζ3-Ζ7;\n9) Ζ2-Ζ1, Ζ7-Ζ5;\n'
           '10) Β4-Α4, Δ7-Η7;\n11) Γ1-Γ7, Α6-Γ6xΓ7;\n12) Ε1-Ε3, Β8-Β7;\n13) Ε3-Ε5, Η7-Η4;\n14) Θ1-Θ7, Η8-Η5;\n'
           '15) Η2-Η3, Γ6-Θ6xΘ7;\n16) Η3-Ε3, Θ8-Θ7;\n17) Ε5-Ε4, Θ6-Η6;\n18) Ε4-Ε7, Η6-Ε6xΕ7;\n19) Ε3-Ε2, Θ7-Θ8;\n'
           '20) Ζ1-Ζ3, Ζ5-Ζ6;')

REVIEW_STATE = """() => {
  const p = window.__petteiaPlay, r = p.review;
  const bar = p.root.querySelector(".play-review-progress progress");
  return { running: !!r.run, value: Number(bar.value), max: Number(bar.max),
           text: p.root.querySelector(".play-review-progress-text").textContent,
           summary: p.root.querySelector(".play-review-summary").textContent,
           reviewed: r.results.size, elapsed: r.elapsed ?? null };
}"""


def move(page, frm, to):
    click_square(page, frm)
    click_square(page, to)
    idle(page)


def review(page, timeout_s=180):
    """Press "Review the game" and poll until it is over (page.evaluate: no promise is mistaken for true)."""
    page.locator(".play-review-start").click()
    deadline = time.monotonic() + timeout_s
    seen_running = False
    while time.monotonic() < deadline:
        out = page.evaluate(REVIEW_STATE)
        seen_running = seen_running or out["running"]
        if not out["running"] and "complete" in out["text"]:
            return out, seen_running
        page.wait_for_timeout(100)
    raise AssertionError(f"the review did not end: {page.evaluate(REVIEW_STATE)}")


def test_review_marks_the_blunder_draws_the_better_move_and_tries_again(serve, page):
    prepare(page)
    open_play(page, serve() + "play/" + link_hash("classic", START, level=3))
    idle(page)
    assert state(page)["ply"] == 2 and state(page)["turn"] == "w"
    move(page, B1, B3)  # the blunder: Β3 beside Black's Α3, and Γ8-Γ3 takes it
    s = state(page)
    assert s["ply"] == 4 and s["last_move"]["text"] == "Γ8-Γ3xΒ3", s["last_move"]

    out, seen_running = review(page)
    assert seen_running
    assert out["value"] == out["max"] == 4 and out["reviewed"] == 4, out
    assert "White: 1 blunder" in out["summary"]

    # The mark in the move list: a symbol, and the word for screen readers.
    button = page.locator('.play-move[data-ply="3"]')
    assert button.get_attribute("data-mark") == "blunder"
    assert "a blunder" in button.get_attribute("aria-label")
    mark = page.locator('.play-move[data-ply="3"] + .play-mark')
    assert mark.text_content().split() == ["??", "blunder"]
    assert page.locator(".play-review-svg .rv-move").count() == 4
    assert page.locator(".play-review-svg .rv-blunder .rv-dot").count() == 1
    legend = page.locator(".play-review-legend").inner_text()
    assert "?? blunder (0.8+)" in legend

    # The marked move: the position before it, the better move as an arrow, Try again from here.
    button.click()
    review_reply = page.evaluate("() => window.__petteiaPlay.review.shown")
    bf, bt = review_reply["best_pair"]
    assert review_reply["mark"] == "blunder" and [bf, bt] != [B1, B3]
    arrow = page.locator(f'#play-board svg g.arrows line.arrow[data-from="{bf}"][data-to="{bt}"]')
    assert arrow.count() == 1
    assert page.locator(f'#play-board svg g.pieces g.piece[data-sq="{B1}"]').count() == 1  # before the move
    assert "blunder" in page.locator(".play-viewing").inner_text()
    # Why (issue #34): the answer that punishes the move, in the sentence the reader sees.
    assert "Why: Black answers Γ8-Γ3xΒ3, which captures 1 piece." in page.locator(".play-viewing").inner_text()
    assert page.locator("#play-board").evaluate("f => f.classList.contains('is-reviewing')")
    page.screenshot(path="/tmp/review-1280.png", full_page=False)

    # A click on the graph shows a move too.
    page.locator('.play-review-svg .rv-move[data-ply="3"] .rv-hit').click()
    assert page.evaluate("() => window.__petteiaPlay.review.shown?.ply") == 2

    try_again = page.locator(".play-try-again")
    assert try_again.is_visible()
    try_again.click()
    page.wait_for_function("() => window.__petteiaPlay.state && window.__petteiaPlay.state.ply === 2")
    idle(page)
    s = state(page)
    assert s["turn"] == "w" and s["computer"] == "b" and s["record"].strip() == START
    opts = page.evaluate("() => window.__petteiaPlay.opts")
    assert opts["opponent"] == "computer" and opts["side"] == "w" and opts["level"] == 3
    assert "Try again" in page.locator(".play-notice").inner_text()
    assert page.locator(".play-mark").count() == 0 and page.locator(".play-review-svg").count() == 0
    # The same blunder again: the computer answers properly and takes the piece.
    move(page, B1, B3)
    assert state(page)["last_move"]["text"] == "Γ8-Γ3xΒ3"
    assert page.errors == []


def test_a_whole_game_is_reviewed_without_freezing_the_page(serve, page):
    prepare(page)
    open_play(page, serve() + "play/" + link_hash("classic", GAME_40, opponent="human"))
    idle(page)
    assert state(page)["ply"] == 40
    # Frames keep coming while the worker reviews: the page thread is never blocked for long.
    page.evaluate("""() => { window.__frames = []; const tick = (t) => { window.__frames.push(t);
        if (window.__frames.length < 100000) requestAnimationFrame(tick); }; requestAnimationFrame(tick); }""")
    t0 = time.monotonic()
    out, _ = review(page)
    wall = time.monotonic() - t0
    assert out["value"] == out["max"] == 40 and out["reviewed"] == 40, out
    gaps = page.evaluate("() => { const f = window.__frames; let g = 0; for (let i = 1; i < f.length; i++) g = Math.max(g, f[i] - f[i - 1]); return g; }")
    print(f"\nwhole-game review, 40 plies at the default depth: {out['elapsed']} ms in the page, {wall:.1f} s wall; "
          f"longest frame gap {gaps:.0f} ms")
    assert gaps < 1500  # a frozen page would miss frames for the whole review (seconds); the machine is shared
    assert page.locator(".play-mark-blunder").count() >= 1
    page.set_viewport_size({"width": 1280, "height": 800})
    page.locator(".play-review").scroll_into_view_if_needed()
    page.screenshot(path="/tmp/review-graph-1280.png")
    assert page.errors == []


def test_review_on_a_phone(serve, browser):
    ctx = browser.new_context(viewport={"width": 375, "height": 740})
    try:
        page = ctx.new_page()
        page.errors = []
        page.on("pageerror", lambda e: page.errors.append(str(e)))
        prepare(page)
        open_play(page, serve() + "play/" + link_hash("classic", START + "\n2) Β1-Β3, Γ8-Γ3xΒ3;", opponent="human"))
        idle(page)
        out, _ = review(page)
        assert out["value"] == 4
        page.locator('.play-move[data-ply="3"]').click()
        page.locator(".play-viewing").scroll_into_view_if_needed()
        page.screenshot(path="/tmp/review-375.png")
        page.locator(".play-review-graph").scroll_into_view_if_needed()
        page.screenshot(path="/tmp/review-375-graph.png")
        assert page.locator(".play-try-again").is_visible()
        assert page.errors == []
    finally:
        ctx.close()


KUBEIA = ('[Ruleset "kubeia"]\n1) 53 Δ2-Δ4, 63 Α7-Α6;\n2) 66 Λ2-Λ5 65 Λ5-Ι5, 41 Α6-Α4;\n3) 62 Μ2-Μ6, 21 Η6-Θ6;\n'
          '4) 31 Γ2-Γ5, 42 Λ7-Λ5;\n5) 54 Μ1-Μ5, 51 Η7-Η6;\n6) 21 Ι5-Κ5xΛ5')
DUODECIM = ('[Ruleset "duodecim"]\n1) 52 @A5 @A2, 52 @A5* @A2*;\n2) 53 @A5* @A3, 64 @A6 @A4;\n'
            '3) 51 A5-A10 @A1, 51 @A5 A5-A6;\n4) 43 @A4* @A3, 52 @A5 @A2;\n5) 62, 54 @A5 @A4*;\n'
            '6) 54 @A4* A4-A9, 64 @A4 A5-A11;')


@pytest.mark.parametrize("ruleset, record, plies, marked, dice", [
    ("kubeia", KUBEIA, 12, 11, [5, 1]),      # 5... 51 Η7-Η6?? (the 11th move)
    ("duodecim", DUODECIM, 12, 12, [6, 4]),  # 6... 64 @A4 A5-A11 (the 12th turn)
])
def test_dice_games_are_reviewed_on_the_rolls_thrown(serve, page, ruleset, record, plies, marked, dice):
    prepare(page)
    open_play(page, serve() + "play/" + link_hash(ruleset, record, opponent="human"))
    idle(page)
    out, _ = review(page)
    assert out["value"] == out["max"] == plies and out["reviewed"] == plies, out
    button = page.locator(f'.play-move[data-ply="{marked}"]')
    assert button.get_attribute("data-mark") in ("mistake", "blunder")
    button.click()
    shown = page.evaluate("() => window.__petteiaPlay.review.shown")
    page.locator("#play-board").scroll_into_view_if_needed()
    page.screenshot(path=f"/tmp/review-{ruleset}.png")
    assert shown["ply"] == marked - 1 and shown["best"].split()[0] == shown["move"].split()[0]  # the same roll
    page.locator(".play-try-again").click()
    page.wait_for_function(f"() => window.__petteiaPlay.state && window.__petteiaPlay.state.ply === {marked - 1}")
    idle(page)
    s = state(page)
    assert s["dice"] == dice and s["turn"] == shown["side"] and s["computer"] != shown["side"]
    assert page.errors == []


def test_new_game_cancels_a_review_and_stop_ends_it(serve, page):
    prepare(page)
    open_play(page, serve() + "play/" + link_hash("classic", GAME_40, opponent="human"))
    idle(page)
    # Stop: the review ends between two moves, with what it has judged so far.
    page.locator(".play-review-start").click()
    page.wait_for_function("() => window.__petteiaPlay.review.results.size >= 2")
    page.locator(".play-review-stop").click()
    for _ in range(100):
        out = page.evaluate(REVIEW_STATE)
        if not out["running"]:
            break
        page.wait_for_timeout(100)
    assert not out["running"] and "stopped after" in out["text"] and 2 <= out["reviewed"] < 40, out
    assert page.locator(".play-review-start").is_visible() and page.locator(".play-review-stop").is_hidden()
    # A new game while a review runs: the review ends and leaves nothing behind.
    page.locator(".play-review-start").click()
    page.wait_for_function("() => window.__petteiaPlay.review.run !== null")
    page.locator(".play-new").click()
    page.wait_for_function("() => window.__petteiaPlay.state && window.__petteiaPlay.state.ply === 0")
    for _ in range(100):
        out = page.evaluate(REVIEW_STATE)
        if not out["running"]:
            break
        page.wait_for_timeout(100)
    assert not out["running"] and out["reviewed"] == 0, out
    assert page.locator(".play-mark").count() == 0 and page.locator(".play-review-svg").count() == 0
    assert page.locator(".play-review-start").is_disabled()  # no moves yet
    assert page.errors == []

"""Ludus latrunculorum on the play page, played as a reader plays it (RULES.md §9): New game in the
setup form, moves by clicks (a placement on an empty square, a jump chain landing square by landing
square, a removal on the bound piece, Bell's extra move), the computer answering, Undo, Redo and
reload. After every step the board on screen, the worker's game, the move list and the saved game
agree (play_support.agreement), and no move is made for the computer's side."""

from __future__ import annotations

import random

import pytest
from e2e_support import browser, context, page, playwright_instance, serve, site_dir  # noqa: F401 (fixtures)
from play_support import LOAD_MS, assert_agreement, click_square, idle, new_game, open_play, prepare, readers_turn, state, trace

pytestmark = pytest.mark.browser

MAX_PLIES = 500


def pick(moves, rng):
    """A reader who takes what there is to take (a capture, a binding, a removal), else any move."""
    keen = [m for m in moves if m["captures"] or m["bound"]]
    return rng.choice(keen or moves)


def click_latrunculi(page, move):
    """The move by clicks: the piece (none for a placement or a removal), then each landing square;
    a chain that could go on is stopped by a click on the square it stands on."""
    ply = state(page)["ply"]
    if move["from"] is not None:
        click_square(page, move["from"])
    landings = [*move["path"], move["to"]]
    for sq in landings:
        click_square(page, sq)
    # Played, or standing on its last landing square with more jumps open.
    page.wait_for_function(
        f"() => {{ const p = window.__petteiaPlay, s = p?.state; return !!s && (s.ply !== {ply} ||"
        " (!p.board.busy && p.board.view.via.length > 0)); }", timeout=15_000)
    if state(page)["ply"] == ply:
        assert page.evaluate("() => window.__petteiaPlay.board.view.via") == landings
        click_square(page, move["to"])  # stop here
    page.wait_for_function(f"() => window.__petteiaPlay?.state?.ply !== {ply}", timeout=15_000)


def play_game(page, rng, where):
    seen = set()
    while True:
        out = assert_agreement(page, where)
        s = state(page)
        if s["result"] or s["ply"] >= MAX_PLIES:
            return out, seen
        assert readers_turn(page), f"{where}: not the reader's turn and nobody thinking: {out['status']}"
        lat = s["latrunculi"]
        if lat["placing"]:
            seen.add("placement")
        if lat["again"] is not None:
            seen.add("extra move")
            assert {m["from"] for m in s["moves"]} == {lat["again"]} and "Extra move" in out["status"]
        move = pick(s["moves"], rng)
        seen.update(k for k, on in (("chain", move["path"]), ("removal", move["removal"]), ("binding", move["bound"]),
                                    ("capture", move["captures"])) if on)
        click_latrunculi(page, move)


@pytest.mark.parametrize("ruleset, kinds", [
    ("latrunculi-bell-7x8", {"placement", "extra move", "capture"}),
    ("latrunculi-schaedler-1994", {"placement", "binding", "removal"}),
    ("latrunculi-quintana", {"capture"}),
    ("latrunculi-kowalski", {"capture"}),
    ("latrunculi-kowalski-11x10", {"capture"}),
    ("latrunculi-bell", {"placement", "extra move", "capture"}),
    ("latrunculi-piso", {"placement", "capture"}),
    ("latrunculi-schaedler", {"placement", "binding"}),
])
def test_a_whole_game_against_the_computer_after_new_game(serve, page, ruleset, kinds):
    page.emulate_media(reduced_motion="reduce")  # the same game, without waiting for the slides
    prepare(page)
    open_play(page, serve() + "play/")
    new_game(page, ruleset, "level-1", "w")
    out, seen = play_game(page, random.Random(ruleset), ruleset)
    assert out["state"]["result"], f"{ruleset}: no result in {MAX_PLIES} plies"
    assert page.locator(".play-status").inner_text().startswith("Game over.")
    assert kinds <= seen, f"{ruleset}: the game had {seen}, the test wants {kinds}"


def test_undo_redo_and_reload_in_mid_game(serve, page):
    page.emulate_media(reduced_motion="reduce")
    prepare(page)
    base = serve()
    open_play(page, base + "play/")
    rng = random.Random(5)
    new_game(page, "latrunculi-schaedler-1994", "level-2", "w")
    for _ in range(6):
        click_latrunculi(page, pick(state(page)["moves"], rng))
        out = assert_agreement(page, "placement")
    before = out["state"]
    assert before["ply"] == 12 and readers_turn(page)
    page.get_by_role("button", name="Undo").click()
    page.wait_for_function(f"() => window.__petteiaPlay?.state?.ply < {before['ply']}")
    after = assert_agreement(page, "undo")["state"]
    assert after["ply"] == 10 and readers_turn(page)
    page.get_by_role("button", name="Redo").click()
    page.wait_for_function(f"() => window.__petteiaPlay?.state?.ply === {before['ply']}")
    assert assert_agreement(page, "redo")["state"]["record"] == before["record"]
    click_latrunculi(page, pick(state(page)["moves"], rng))
    record = assert_agreement(page, "move after redo")["state"]["record"]
    page.reload()
    page.wait_for_function("() => window.__petteiaPlay?.state && window.__petteiaPlay.board", timeout=LOAD_MS)
    trace(page)
    out = assert_agreement(page, "after reload")
    assert out["state"]["record"] == record and out["state"]["ruleset"] == "latrunculi-schaedler-1994"
    assert "restored" in out["notice"]
    click_latrunculi(page, pick(state(page)["moves"], rng))
    assert_agreement(page, "move after reload")


def test_bells_extra_move_undone_as_one_turn_against_the_computer(serve, page):
    """A link with a Bell game one capture away: the capture and the extra move are one turn, and
    Undo takes both back."""
    from play_support import link_hash

    page.emulate_media(reduced_motion="reduce")
    prepare(page)
    record = '[Ruleset "latrunculi-bell"]\n[Position "7p/8/8/8/8/8/Pp6/2P4p w"]\n'
    open_play(page, serve() + "play/" + link_hash("latrunculi-bell", record))
    idle(page)
    s = state(page)
    capture = next(m for m in s["moves"] if m["text"] == "Γ1-Γ2xΒ2")
    click_latrunculi(page, capture)
    out = assert_agreement(page, "capture")
    assert out["state"]["turn"] == "w" and "Extra move" in out["status"]
    click_square(page, 0)  # another white piece: refused, with the reason
    page.wait_for_function("() => window.__petteiaPlay.status.textContent.includes('Extra move')")
    click_latrunculi(page, next(m for m in state(page)["moves"] if m["to"] == 18))  # Γ2-Γ3
    out = assert_agreement(page, "extra move and the reply")
    assert out["state"]["ply"] == 3 and "Γ1-Γ2xΒ2 Γ2-Γ3" in out["state"]["record"]
    page.get_by_role("button", name="Undo").click()
    page.wait_for_function("() => window.__petteiaPlay?.state?.ply === 0")
    assert assert_agreement(page, "undo")["state"]["turn"] == "w"

"""Helpers for the play page's browser tests: play as a person does (clicks on squares, points and
buttons), wait for the computer, and check after every step that the page agrees with itself.

`agreement(page)` is the invariant of the journey and monkey tests: the board drawn on screen, the
page's state, the worker's own state of the game, the move list and the saved game must agree; in
a game against the computer no move was ever made for the computer's side, and the computer is not
left silent on its turn.
"""

from __future__ import annotations

import json
import random
from urllib.parse import quote

from play_checks import AGREEMENT_JS, SIGNATURE_JS, STORE, TRACE_SCRIPT  # noqa: F401 (re-exported)

LOAD_MS = 60_000
RULESETS = ["classic", "vagi", "poleis", "tournament", "kubeia", "duodecim"]

# Installed before the page's scripts: fixed seeds for the computer and the dice (so that doubles
# and lost rolls come back the same in every run), and a log of every request to the worker.
SEEDS_SCRIPT = """
window.__petteiaThinkArgs = { seed: 7 };
window.__petteiaDiceSeed = %d;
"""



def link_hash(ruleset: str, record: str, side: str = "w", level: int = 1, opponent: str = "computer") -> str:
    return "#" + "&".join(f"{k}={quote(str(v), safe='')}" for k, v in
                          dict(ruleset=ruleset, side=side, level=level, opponent=opponent, record=record).items())


def prepare(page, dice_seed: int = 1) -> None:
    """Seeds for the computer and the dice, before any script of the page runs."""
    page.add_init_script(SEEDS_SCRIPT % dice_seed)


def open_play(page, url: str) -> None:
    page.goto(url)
    page.wait_for_function("() => window.__petteiaPlay?.state && window.__petteiaPlay.board", timeout=LOAD_MS)
    trace(page)


def trace(page) -> None:
    page.wait_for_function("() => window.__petteiaPlay?.api", timeout=LOAD_MS)
    page.evaluate(TRACE_SCRIPT)


def settled_js() -> str:
    return ("() => { const p = window.__petteiaPlay; return !!(p && p.state && p.board && !p.board.busy"
            " && !p.root.classList.contains('is-thinking')); }")


def idle(page, timeout: int = 30_000) -> None:
    """Until the page is quiet: no request, no animation, the computer not thinking (checked twice,
    a moment apart, so a reply that starts the next think is not mistaken for quiet)."""
    page.wait_for_function(settled_js(), timeout=timeout)
    page.wait_for_timeout(60)
    page.wait_for_function(settled_js(), timeout=timeout)


def agreement(page) -> dict:
    return page.evaluate(AGREEMENT_JS)


def assert_agreement(page, where: str = "") -> dict:
    idle(page)
    out = agreement(page)
    assert not out["problems"], f"{where}: " + "\n".join(out["problems"])
    assert page.errors == [], f"{where}: {page.errors}"
    return out


def state(page) -> dict:
    return page.evaluate("() => window.__petteiaPlay.state")


def play_state(page) -> dict:
    return page.evaluate("() => ({ side: window.__petteiaPlay.opts.side, opponent: window.__petteiaPlay.opts.opponent })")


def _centre(page, selector: str, scroll: bool = True):
    """The centre of a square or point on screen, scrolled to the middle of the window (as a person
    scrolls: the theme's header and "Back to top" button cover the top edge)."""
    xy = page.evaluate(
        """([sel, scroll]) => { const n = document.querySelector(sel); if (!n) return null;
           if (scroll) n.scrollIntoView({ block: "center", inline: "center" });
           const r = n.getBoundingClientRect(), x = r.x + r.width / 2, y = r.y + r.height / 2;
           const hit = document.elementFromPoint(x, y);
           return [x, y, !!(hit && hit.closest("#play-board svg, .md-top") && !hit.closest(".md-top"))]; }""",
        [selector, scroll],
    )
    if xy is None:
        return None
    assert xy[2], f"{selector} is covered on screen"
    return xy[:2]


def square_centre(page, sq: int, scroll: bool = True):
    return _centre(page, f'#play-board svg rect.sq[data-sq="{sq}"]', scroll)


def click_square(page, sq: int) -> None:
    xy = square_centre(page, sq)
    assert xy, f"no square {sq} on the board"
    page.mouse.click(*xy)


def click_spot(page, spot: str, turn: str) -> None:
    """Duodecim: a point, or the side's tray ("enter" / "off")."""
    if spot in ("enter", "off"):
        page.locator(f'#play-board g.tray-side[data-side="{turn}"]').first.click()
    else:
        xy = _centre(page, f'#play-board svg rect.pt[data-point="{spot}"]')
        assert xy, f"no point {spot} on the board"
        page.mouse.click(*xy)


def readers_turn(page) -> bool:
    s, who = state(page), play_state(page)
    if s["result"]:
        return False
    return who["opponent"] == "human" or s["turn"] == who["side"]


def click_move(page, rng: random.Random) -> dict:
    """The reader plays one random legal move (a whole turn in Duodecim) by clicks, as a person does:
    the piece, then its destination (Poleis placements: the empty square; Duodecim: the point or
    tray, then the destination, die by die, or the pass button). Returns the move played."""
    s = state(page)
    ply = s["ply"]
    if s["kind"] == "duodecim":
        for _ in range(8):
            s = state(page)
            if s["ply"] != ply or s["result"]:
                break
            if s["void"]:
                page.locator(".play-pass").click()
            else:
                step = rng.choice(s["steps"])
                before = len(s["prefix"])
                click_spot(page, step["from"], s["turn"])
                click_spot(page, step["to"], s["turn"])
                page.wait_for_function(
                    f"() => {{ const s = window.__petteiaPlay?.state; return !!s && (s.ply !== {ply} || s.prefix.length !== {before}); }}",
                    timeout=15_000)
                continue
            page.wait_for_function(f"() => {{ const s = window.__petteiaPlay?.state; return !!s && s.ply !== {ply}; }}", timeout=15_000)
        return {"ply": ply}
    move = rng.choice(s["moves"])
    # A person who has already picked up the piece clicks only its destination (a second click on
    # the picked-up piece would put it down again).
    picked = page.evaluate("() => document.querySelector('#play-board rect.sq.is-selected')?.dataset.sq ?? null")
    if move["from"] is not None and picked != str(move["from"]):
        click_square(page, move["from"])
    click_square(page, move["to"])
    page.wait_for_function(f"() => {{ const s = window.__petteiaPlay?.state; return !!s && s.ply !== {ply}; }}", timeout=15_000)
    return move


def new_game(page, ruleset: str, opponent: str = "level-1", side: str = "w") -> None:
    """The setup form, as a reader uses it, then New game; waits until the new game is on the board."""
    page.get_by_label("Game", exact=True).select_option(ruleset)
    page.get_by_label("Opponent").select_option(opponent)
    if opponent != "human":
        page.get_by_label("You play").select_option(side)
    page.evaluate("() => { window.__oldBoard = window.__petteiaPlay.board; }")
    page.get_by_role("button", name="New game").click()
    page.wait_for_function(
        "() => { const p = window.__petteiaPlay; return p.state && p.board && p.board !== window.__oldBoard"
        f" && p.state.ruleset === {json.dumps(ruleset)}; }}",
        timeout=30_000)

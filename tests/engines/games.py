"""Whole games by clicks in Firefox ESR and WebKitGTK: New game on the play page, then the reader's
moves as a person makes them (the piece, then each square it lands on; Duodecim: a point or the
tray, then the destination, die by die, or Pass) against the computer at level 1, until the game
ends or ``PLIES`` plies are on the record. After every move the board on screen, the page, the
worker's game, the move list and the saved game must agree (tests/play_checks.py).

`make test` plays two rulesets in each engine (the four kinds of turn: moves, placements, a roll,
a track of dice steps); ``PETTEIA_ENGINE_GAMES=all`` (``make test-engine-games``) plays every
ruleset in both.
"""

from __future__ import annotations

import json
import os
import random
import time

from play_checks import AGREEMENT_JS, TRACE_SCRIPT
from petteia_core.options import LATRUNCULI
from scenarios import LOAD_S, THINK_S, no_errors, tap, wait

PLIES = 30
ALL = ["classic", "vagi", "poleis", "tournament", "kubeia", "duodecim", *LATRUNCULI]  # every reconstruction
# Each engine's share in `make test`.
SHARE = {"firefox": ["classic", "duodecim"], "webkit": ["poleis", "kubeia"]}

# The reader's turn again after ``before`` (a position string; null: any): the position has changed
# (a Ludus latrunculorum removal or extra move keeps the ply and the side), nobody is busy.
READER_SETTLED = """(before) => { const p = window.__petteiaPlay; const s = p && p.state;
  return !!(s && p.board && !p.board.busy && !p.root.classList.contains("is-thinking")
            && (s.result || (s.position !== before && s.turn === p.opts.side))); }"""
CHANGED = """([ply, steps]) => { const s = window.__petteiaPlay?.state;
  return !!s && (s.ply !== ply || (s.prefix || []).length !== steps || !!s.result); }"""


def rulesets_for(engine: str) -> list[str]:
    return ALL if os.environ.get("PETTEIA_ENGINE_GAMES") == "all" else SHARE.get(engine, [])


def _square(sq) -> str:
    return f'#play-board svg rect.sq[data-sq="{sq}"]'


def _spot(spot: str, turn: str) -> str:
    if spot in ("enter", "off"):
        return f'#play-board g.tray-side[data-side="{turn}"]'
    return f'#play-board svg rect.pt[data-point="{spot}"]'


def _custodian_move(d, s, rng) -> str:
    """One legal move by clicks: its piece (unless it is a placement or a removal), then every
    square it lands on. Returns its notation."""
    move = rng.choice(s["moves"])
    picked = d.js("() => document.querySelector('#play-board rect.sq.is-selected')?.dataset.sq ?? null")
    if move["from"] is not None and picked != str(move["from"]):
        tap(d, _square(move["from"]))
    for sq in [*(move.get("path") or []), move["to"]]:
        tap(d, _square(sq))
    # Played, or standing on its last landing square with more jumps open (Ludus latrunculorum):
    # a click on the square it stands on stops the chain there.
    wait(d, "(before) => { const p = window.__petteiaPlay, s = p?.state; return !!s && (s.position !== before"
            " || (!p.board.busy && p.board.view.via.length > 0)); }", s["position"], what=f"the move {move['text']}")
    if d.js("() => window.__petteiaPlay.state.position") == s["position"]:
        tap(d, _square(move["to"]))
    return move["text"]


def _duodecim_turn(d, s, rng) -> str:
    """A whole Duodecim turn by clicks, die by die (or Pass when the roll cannot be played)."""
    ply, said = s["ply"], []
    for _ in range(8):
        s = d.js("() => window.__petteiaPlay.state")
        if s["ply"] != ply or s["result"]:
            break
        if s["void"]:
            tap(d, ".play-pass")
            said.append("pass")
            wait(d, CHANGED, [ply, len(s["prefix"])], what="the pass")
            continue
        step = rng.choice(s["steps"])
        before = len(s["prefix"])
        tap(d, _spot(step["from"], s["turn"]))
        tap(d, _spot(step["to"], s["turn"]))
        said.append(f"{step['from']}-{step['to']}")
        wait(d, CHANGED, [ply, before], what=f"the step {step['from']}-{step['to']}")
    return " ".join(said)


def whole_game(ruleset: str):
    def scenario(d, web):
        """New game against the computer at level 1, then a whole game by clicks, checked after every move."""
        d.new_page()
        d.goto(web.start() + "play/")
        wait(d, "() => window.__petteiaPlay?.state && window.__petteiaPlay.board && window.__petteiaPlay.api",
             timeout=LOAD_S, what="the play page's game")
        d.js(TRACE_SCRIPT)
        # Fixed seeds for the computer and the dice (read at New game), so a failure comes back.
        d.js("() => { window.__petteiaThinkArgs = { seed: 7 }; window.__petteiaDiceSeed = 5; }")
        d.select("#play-ruleset", ruleset)
        d.select("#play-opponent", "level-1")
        d.select("#play-side", "w")
        d.js("() => { window.__oldBoard = window.__petteiaPlay.board; }")
        tap(d, "button.play-new")
        wait(d, "(r) => { const p = window.__petteiaPlay; return p.board && p.board !== window.__oldBoard"
                " && p.state?.ruleset === r && p.state.ply === 0; }", ruleset, what="the new game")
        rng = random.Random(ruleset)
        played, t0 = [], time.monotonic()
        while True:
            wait(d, READER_SETTLED, None, timeout=THINK_S, what="the reader's turn")
            check = d.js(AGREEMENT_JS)
            assert not check["problems"], f"{d.name} {ruleset} after {played[-3:]}: " + "\n".join(check["problems"])
            s = d.js("() => window.__petteiaPlay.state")
            if s["result"] or s["ply"] >= PLIES:
                break
            played.append(_duodecim_turn(d, s, rng) if s["kind"] == "duodecim" else _custodian_move(d, s, rng))
            try:
                wait(d, READER_SETTLED, s["position"], timeout=THINK_S, what=f"the computer's answer to {played[-1]}")
            except AssertionError as stuck:
                seen = d.js("() => { const p = window.__petteiaPlay; return { status: p.status.textContent, "
                            "position: p.state.position, busy: p.board.busy, moves: p.state.moves.length }; }")
                raise AssertionError(f"{stuck}; before: {s['position']}; now: {seen}") from None
        no_errors(d)
        assert s["result"] or s["ply"] >= PLIES
        if s["result"]:
            assert text_of(d, ".play-status").startswith("Game over."), text_of(d, ".play-status")
        return {"plies": s["ply"], "result": json.dumps(s["result"]), "seconds": round(time.monotonic() - t0, 1)}

    scenario.__name__ = f"whole_game_{ruleset}"
    return scenario


def text_of(d, selector: str) -> str:
    return d.js("(s) => document.querySelector(s)?.textContent.trim() ?? ''", selector)

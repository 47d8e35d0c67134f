"""The cross-engine scenarios: one list, played in Firefox ESR and in WebKitGTK (test_engines.py).

Each plays as a person does on real pages of the built site: it clicks squares and points at their
place on the screen (a real pointer click, after checking that nothing covers the spot), chooses in
the play page's form, waits for the board or the computer, and checks what the page shows: the
pieces drawn on the SVG, ``figure.is-live``, the status line. Each fails if the board stops working.

A scenario is ``f(d, web)``: ``d`` a driver (engines.py), ``web`` the test's servers
(``web.start(breakage="none") -> base URL``, ``web.stop(url)``). It returns what it measured.
Those that read the page's sentences take ``lang`` too, and run on the Italian site as well (issue
#33), checking the sentences in Italian (words.py).
"""

from __future__ import annotations

import functools
import re
import time
from urllib.parse import quote

from petteia_core import Game
from petteia_core.notation import parse_move
from petteia_core.puzzles import load_puzzles
from petteia_core.web.puzzle import get_puzzle
from words import prefix, say

LOAD_S = 90  # a cold Pyodide start: 3-10 s here; a shared 2-core machine may be slow
STEP_S = 30
THINK_S = 60  # level 5 thinks up to about 2 s a move in Chromium; other engines are slower


class Skip(Exception):
    """This engine cannot run the scenario, for the reason given (not a failure of the site)."""


# ------------------------------------------------------------------------------ helpers
def wait(d, source, *args, timeout=STEP_S, what=""):
    """Poll the JavaScript function ``source`` until it returns a true value (a promise is awaited)."""
    end = time.monotonic() + timeout
    truth = f"async (...a) => !!(await ({source})(...a))"  # an element or object as a plain true
    while True:
        if d.js(truth, *args):
            return True
        if time.monotonic() > end:
            raise AssertionError(f"{d.name}: never true within {timeout} s: {what or source}")
        time.sleep(0.1)


def text(d, selector):
    return d.js("(s) => document.querySelector(s)?.textContent ?? null", selector)


def count(d, selector):
    return d.js("(s) => document.querySelectorAll(s).length", selector)


def wait_text(d, selector, part, timeout=STEP_S):
    wait(d, "(s, t) => (document.querySelector(s)?.textContent || '').includes(t)", selector, part,
         timeout=timeout, what=f"{selector} says {part!r} (it says {text(d, selector)!r})")


# Scrolls the element to the middle of the window (as a person scrolls: the theme's header covers
# the top edge) and returns its centre, with what is on top at that point.
CENTRE = """(sel) => {
  const n = document.querySelector(sel);
  if (!n) return null;
  n.scrollIntoView({ block: "center", inline: "center" });
  const r = n.getBoundingClientRect(), x = r.x + r.width / 2, y = r.y + r.height / 2;
  const hit = document.elementFromPoint(x, y);
  const host = n.closest("svg") || n;
  return { x, y, ok: !!hit && (hit === n || host.contains(hit) || n.contains(hit)),
           hit: hit ? hit.tagName + "." + (hit.getAttribute("class") || "") : "nothing" };
}"""


def tap(d, selector):
    """A pointer click at the centre of ``selector`` on screen (squares, points, buttons).

    Scrolled to twice, a few frames apart: the page's boards use content-visibility: auto, and one
    that comes into view is drawn at its own size only at the next frame, which can move the page."""
    d.js(CENTRE, selector)
    time.sleep(0.1)
    at = d.js(CENTRE, selector)
    assert at, f"{d.name}: no {selector} on the page"
    assert at["ok"], f"{d.name}: {selector} is covered on screen by {at['hit']}"
    d.click(at["x"], at["y"])


#: Not an error of the page: the browser saying that some of a ResizeObserver's notifications (the
#: theme watches its content's size) go out at the next frame, as the specification has it when
#: sizes change again while they are delivered (boards coming into view are drawn at their size).
#: WebKit reports it as an "error" event on the window.
RESIZE_NOTICE = "ResizeObserver loop completed with undelivered notifications."


def no_errors(d, offline=()):
    """No uncaught error or console error on the page. ``offline``: files the page may fail to
    fetch with the server stopped (the service worker keeps no copy, the page goes on without
    them); Firefox reports each failed fetch of a service worker as a console error."""
    errors = [e for e in d.errors()
              if e != RESIZE_NOTICE
              and not (e.startswith("Failed to load") and "FetchEvent.respondWith()" in e
                       and any(f"/{name}’" in e for name in offline))]
    assert errors == [], f"{d.name}: errors on the page: {errors}"


def wait_live(d, figure, timeout=LOAD_S):
    wait(d, "(f) => { const n = document.querySelector(f);"
            " if (n && n.classList.contains('is-error')) throw new Error(n.querySelector('.petteia-status')?.textContent);"
            " return n && n.classList.contains('is-live'); }",
         figure, timeout=timeout, what=f"{figure} is live")


def interactive_ms(d):
    """The page's own mark: navigation start -> the first board of the page is live."""
    return d.js("() => performance.getEntriesByName('petteia-board-interactive')[0]?.startTime ?? null")


def square(figure, sq):
    return f'{figure} svg rect.sq[data-sq="{sq}"]'


def piece(figure, sq):
    return f'{figure} svg g.piece[data-sq="{sq}"]'


def squares_of(ruleset, position, text_):
    m = parse_move(text_, Game(ruleset, position).position)
    return m.frm, m.to


# ------------------------------------------------------------------------------ scenarios
def capture_and_undo(d, web, lang="en"):
    """A live page board (play/try/): a click move that captures, then undo brings the piece back."""
    fig = "figure#try-capture"
    to_move = say(lang, "{side} to move.", side=say(lang, "White"))
    last = say(lang, "Last move {move}.", move="Α1-Α3xΒ3")
    d.new_page()
    start = time.monotonic()
    d.goto(web.start() + prefix(lang) + "play/try/")
    wait_live(d, fig)
    seen_live = time.monotonic() - start
    assert text(d, f"{fig} .petteia-status").startswith(to_move), text(d, f"{fig} .petteia-status")
    assert count(d, piece(fig, 17)) == 1  # the black piece on Β3
    pieces = count(d, f"{fig} svg g.pieces g.piece")

    tap(d, square(fig, 0))  # pick up Α1: its destinations light up, Α3 with the capture ring
    wait(d, "(f) => document.querySelectorAll(f + ' g.fx .dest-ring').length === 1", fig, what="the capture ring")
    tap(d, square(fig, 16))  # Α3
    wait_text(d, f"{fig} .petteia-status", last)
    assert count(d, piece(fig, 17)) == 0 and count(d, piece(fig, 16)) == 1
    assert count(d, f"{fig} svg g.pieces g.piece") == pieces - 1  # one piece fewer on the board

    tap(d, f"{fig} button.petteia-undo")
    wait(d, "([f, first, last]) => { const t = document.querySelector(f + ' .petteia-status').textContent;"
            " return t.startsWith(first) && !t.includes(last); }", [fig, to_move, last], what="the move taken back")
    assert count(d, piece(fig, 17)) == 1 and count(d, piece(fig, 0)) == 1 and count(d, piece(fig, 16)) == 0
    assert count(d, f"{fig} svg g.pieces g.piece") == pieces
    no_errors(d)
    marks = d.js("() => ({ worker: performance.getEntriesByName('petteia-worker-start')[0]?.startTime,"
                 " ready: performance.getEntriesByName('petteia-python-ready')[0]?.startTime })")
    return {"interactive_ms": interactive_ms(d), "live_s": round(seen_live, 2), **marks}


def latrunculi_chain(d, web):
    """A live Ludus latrunculorum board (rules/latrunculi/, Schädler 1994): a jump chain tapped landing
    square by landing square, then the move taken back."""
    fig = "figure#schaedler-chain"  # 8/8/8/8/2p5/1p1p4/1P6/P7 w: Β2-Β4-Δ4-Δ2
    d.new_page()
    d.goto(web.start() + "rules/latrunculi/#schaedler-chain")
    wait_live(d, fig)
    tap(d, square(fig, 9))  # Β2
    tap(d, square(fig, 25))  # Β4: it may stop here or jump on
    wait(d, "(f) => document.querySelectorAll(f + ' g.fx rect.chain-via').length === 1", fig, what="the chain's first landing")
    assert count(d, piece(fig, 9)) == 1  # nothing played yet
    tap(d, square(fig, 27))  # Δ4
    tap(d, square(fig, 11))  # Δ2: nothing goes on from there
    wait_text(d, f"{fig} .petteia-status", "Last move Β2-Β4-Δ4-Δ2")
    assert count(d, piece(fig, 11)) == 1 and count(d, piece(fig, 9)) == 0
    tap(d, f"{fig} button.petteia-undo")
    wait(d, "(f) => !document.querySelector(f + ' .petteia-status').textContent.includes('Last move')", fig,
         what="the chain taken back")
    assert count(d, piece(fig, 9)) == 1 and count(d, piece(fig, 11)) == 0
    no_errors(d)
    return {}


def puzzle_wrong_then_right(d, web, lang="en"):
    """The trainer (puzzles/#id=classic-001): a wrong first move is refused, the right one solves it."""
    pid, fig = "classic-001", "figure#trainer-board"
    p = get_puzzle(pid)
    right = squares_of(p.ruleset, p.position, p.solution[0])
    g = Game(p.ruleset, p.position)
    accepted = [parse_move(t, g.position) for t in [p.solution[0], *p.alternatives.get(0, [])]]
    wrong = next((m.frm, m.to) for m in g.legal_moves() if m not in accepted)
    d.new_page()
    d.goto(web.start() + prefix(lang) + f"puzzles/#id={pid}")
    wait(d, "(id) => window.__petteiaTrainer?.current?.id === id && document.querySelector('figure#trainer-board.is-live')",
         pid, timeout=LOAD_S, what="the trainer's puzzle is live")
    start = d.js("() => window.__petteiaTrainer.board.state.position")

    tap(d, square(fig, wrong[0]))
    wait(d, "(s) => document.querySelector(s)", f"{fig} g.fx [data-sq='{wrong[1]}']", what="the destinations")
    tap(d, square(fig, wrong[1]))
    wait_text(d, ".trainer-status", say(lang, "Press “Try again” to take it back."))
    nothing = say(lang, "{move} captures nothing: the goal is to capture {n} piece.",
                  plural="{move} captures nothing: the goal is to capture {n} pieces.", n=len(p.solution), move="§")
    assert nothing.split("§")[1].split(":")[0] in text(d, ".trainer-status"), text(d, ".trainer-status")
    assert d.js("(f) => document.querySelector(f).dataset.status", fig) == "wrong"
    tap(d, ".trainer-try-again")
    wait_text(d, ".trainer-status", say(lang, "Try again: find the best move."))
    assert d.js("() => window.__petteiaTrainer.board.state.position") == start

    taken = count(d, f"{fig} svg g.pieces g.piece")
    tap(d, square(fig, right[0]))
    wait(d, "(s) => document.querySelector(s)", f"{fig} g.fx [data-sq='{right[1]}']", what="the destinations")
    tap(d, square(fig, right[1]))
    wait_text(d, ".trainer-status", say(lang, "Solved!"))
    assert count(d, piece(fig, right[1])) == 1 and count(d, f"{fig} svg g.pieces g.piece") == taken - 1
    no_errors(d)
    return {}


def latrunculi_puzzle_chain(d, web):
    """#30: a Ludus latrunculorum puzzle in the trainer (Schädler 1994, a binding jump chain), chosen
    by its address, solved by tapping the chain landing square by landing square; after each move
    of the solution the worker's position is the engine's and the board draws every counter."""
    puzzle = next(p for p in sorted(load_puzzles("latrunculi-schaedler-1994"), key=lambda p: p.id)
                  if "jump chain" in p.themes)
    fig = "figure#trainer-board"
    d.new_page()
    d.goto(web.start() + f"puzzles/#id={puzzle.id}")
    wait(d, "(id) => window.__petteiaTrainer?.current?.id === id && document.querySelector('figure#trainer-board.is-live')",
         puzzle.id, timeout=LOAD_S, what="the trainer's puzzle is live")
    g = Game(puzzle.ruleset, puzzle.position)
    for ply, written in enumerate(puzzle.solution):
        if ply % 2 == 0:  # the solver's move; the trainer plays the reply
            m = parse_move(written, g.position)
            tap(d, square(fig, m.frm))
            for sq in [*m.path, m.to]:
                wait(d, "(s) => document.querySelector(s)", f"{fig} g.fx [data-sq='{sq}']", what=f"landing square {sq}")
                tap(d, square(fig, sq))
            if d.js("(to) => window.__petteiaTrainer.board.view?.via?.at(-1) === to", m.to):
                tap(d, square(fig, m.to))  # the chain could go on: stop here
        g.play(written)
        wait(d, "(pos) => window.__petteiaTrainer.board.state.position === pos", g.position.to_string(),
             what=f"the position after {written}")
    wait_text(d, ".trainer-status", "Solved!")
    drawn = count(d, f"{fig} svg g.pieces g.piece")
    assert drawn == (g.position.occ[0] | g.position.occ[1]).bit_count(), drawn
    no_errors(d)
    return {}


def kubeia_puzzle_roll(d, web, lang="en"):
    """#34 (1): a Kubeia puzzle shows its roll, in the goal and as dice (the trainer showed neither,
    and in Kubeia the roll decides how far a piece may go)."""
    puzzle = next(p for p in load_puzzles() if p.ruleset == "kubeia")
    a, b = (int(c) for c in puzzle.position.split("dice=")[1][:2])
    d.new_page()
    d.goto(web.start() + prefix(lang) + f"puzzles/#id={puzzle.id}")
    wait(d, "(id) => window.__petteiaTrainer?.current?.id === id && document.querySelector('figure#trainer-board.is-live')",
         puzzle.id, timeout=LOAD_S, what="the trainer's puzzle is live")
    assert say(lang, "Roll: {a} and {b}.", a=a, b=b) in text(d, ".trainer-goal"), text(d, ".trainer-goal")
    wait(d, "() => { const x = document.querySelector('.trainer-dice'); return x && !x.classList.contains('is-rolling'); }",
         what="the dice settled")
    faces = d.js("() => [...document.querySelectorAll('.trainer-dice .play-die')].map((e) => e.innerText.trim())")
    assert faces == ["⚀⚁⚂⚃⚄⚅"[a - 1], "⚀⚁⚂⚃⚄⚅"[b - 1]], faces
    shown = d.js("() => { const r = document.querySelector('.trainer-dice').getBoundingClientRect(); return r.width > 0 && r.height > 0; }")
    assert shown, "the dice take no room on the page"
    no_errors(d)
    return {"roll": f"{a}{b}"}


def refused_piece_says_why(d, web, lang="en"):
    """#34 (3): with a capture compulsory (tournament rules), a tap on another piece says why it
    cannot move and marks the piece that must (it did nothing at all)."""
    record = '[Ruleset "tournament"]\n[Position "7phhhH/9b2/7h2PP/5H4Pp/12/6B5/12/12 b"]'
    fields = dict(ruleset="tournament", side="b", level=1, opponent="human", record=record)
    d.new_page()
    d.goto(web.start() + prefix(lang) + "play/#" + "&".join(f"{k}={quote(str(v), safe='')}" for k, v in fields.items()))
    wait(d, "() => { const p = window.__petteiaPlay; return !!(p && p.state && p.board && !p.board.busy && p.figure.classList.contains('is-live')); }",
         timeout=LOAD_S, what="the play page's game is live")
    kappa7, iota8 = 6 * 12 + 9, 7 * 12 + 8  # Black's Basileus on Κ7 must capture; the Hoplite on Ι8 may not move
    tap(d, square("figure#play-board", iota8))
    why = say(lang, "A capture is compulsory: only {squares} can move, and it must capture.",
              plural="A capture is compulsory: only {squares} can move, and each of them must capture.", n=1, squares="Κ7")
    wait_text(d, ".play-status", why)
    assert text(d, ".play-status") == why, text(d, ".play-status")
    assert count(d, f'figure#play-board g.piece.is-must[data-sq="{kappa7}"]') == 1
    assert count(d, "figure#play-board g.piece.is-must") == 1
    tap(d, square("figure#play-board", kappa7))  # the allowed piece still moves as usual
    wait(d, "() => document.querySelector('figure#play-board g.fx [data-sq]')", what="Κ7's destinations")
    no_errors(d)
    return {}


# The pieces drawn on the play page's board against the worker's own position of the game.
PLAY_AGREES = """async () => {
  const p = window.__petteiaPlay;
  const view = await p.api.call("view", { board_id: p.board.id });
  const sig = (svg) => [...svg.querySelectorAll("g.pieces g.piece[data-sq]")].map((g) => g.dataset.sq + g.dataset.piece).sort().join(" ");
  const tpl = document.createElement("template");
  tpl.innerHTML = view.svg.trim();
  return { ok: view.ok, same: sig(p.figure.querySelector("svg")) === sig(tpl.content.firstElementChild),
           position: view.position, ply: view.ply, moves: p.moves.querySelectorAll(".play-move").length };
}"""

PLAY_SETTLED = """(ply) => { const p = window.__petteiaPlay;
  return !!(p && p.state && p.board && !p.board.busy && !p.root.classList.contains("is-thinking")
            && p.state.ply >= ply && p.state.turn === p.opts.side); }"""


# Where a control stands from the board's top left corner, in whole pixels.
CONTROL_PLACE = """(sel) => { const b = document.querySelector('#play-board').getBoundingClientRect();
  const r = document.querySelector(sel).getBoundingClientRect();
  return [Math.round(r.left - b.left), Math.round(r.top - b.top)]; }"""


def play_against_the_computer(level, moves=2):
    def scenario(d, web):
        """The play page: New game (classic, the computer at ``level``), a few moves by clicks."""
        d.new_page()
        d.goto(web.start() + "play/")
        wait(d, "() => window.__petteiaPlay?.state && window.__petteiaPlay.board", timeout=LOAD_S, what="the play page's game")
        d.select("#play-ruleset", "classic")
        d.select("#play-opponent", f"level-{level}")
        d.select("#play-side", "w")
        d.js("() => { window.__oldBoard = window.__petteiaPlay.board; }")
        tap(d, "button.play-new")
        wait(d, "() => { const p = window.__petteiaPlay; return p.board && p.board !== window.__oldBoard"
                " && p.state?.ruleset === 'classic' && p.state.ply === 0; }", what="the new game")
        assert d.js("() => window.__petteiaPlay.opts.level") == level
        # #34 (5): the game's buttons keep their places while the game goes on ("Move now" is there,
        # disabled, before the computer's first think).
        assert d.js("() => !document.querySelector('.play-stop').hidden"), f"{d.name}: no Move now before the first move"
        resign = d.js(CONTROL_PLACE, ".play-resign")
        thinks = []
        for k in range(moves):
            s = d.js("() => window.__petteiaPlay.state")
            ply = s["ply"]
            move = s["moves"][(7 * k + 3) % len(s["moves"])]
            tap(d, f'#play-board svg rect.sq[data-sq="{move["from"]}"]')
            wait(d, "(s) => document.querySelector(s)", f"#play-board g.fx [data-sq='{move['to']}']", what="the destinations")
            tap(d, f'#play-board svg rect.sq[data-sq="{move["to"]}"]')
            wait(d, "(ply) => window.__petteiaPlay.state.ply > ply", ply, what="the reader's move")
            t0 = time.monotonic()
            wait(d, PLAY_SETTLED, ply + 2, timeout=THINK_S, what=f"the computer's reply at level {level}")
            thinks.append(round(time.monotonic() - t0, 2))
            seen = d.js(PLAY_AGREES)
            assert seen["ok"] and seen["same"], f"{d.name}: the board on screen is not the game's: {seen}"
            assert seen["ply"] == ply + 2 and seen["moves"] == ply + 2, seen
            status = text(d, ".play-status")
            assert status.startswith("White to move") and "Last move" in status, status
            assert d.js(CONTROL_PLACE, ".play-resign") == resign, f"{d.name}: Resign moved"
        no_errors(d)
        return {"reply_s": thinks}

    scenario.__name__ = f"play_level_{level}"
    return scenario


def _move_now_once(d):
    """New game (tournament, the computer White at level 5 on a search budget it would spend minutes
    on), then "Move now" while it thinks: seconds from the click to its move on the board.

    Where the search cannot be interrupted, the page keeps a second Python ready for a restart,
    started once the first game is on the board; a reader choosing the next game takes longer
    than that, so the scenario waits for it as a reader would."""
    if d.js("() => window.__petteiaPlay.api.stopWay") == "restart":
        wait(d, "() => window.__petteiaStandby === 'ready'", timeout=LOAD_S, what="the standby Python")
    d.select("#play-ruleset", "tournament")
    d.select("#play-opponent", "level-5")
    d.select("#play-side", "b")
    d.js("() => { window.__oldBoard = window.__petteiaPlay.board; window.__petteiaThinkArgs = { node_limit: 50000000 }; }")
    tap(d, "button.play-new")
    wait(d, "() => { const p = window.__petteiaPlay; return p.board && p.board !== window.__oldBoard"
            " && p.root.classList.contains('is-thinking'); }", what="the computer thinking in the new game")
    time.sleep(1)  # the search is well under way
    t0 = time.monotonic()
    tap(d, "button.play-stop")
    wait(d, PLAY_SETTLED, 1, timeout=THINK_S, what="the computer's move after Move now")
    took = round(time.monotonic() - t0, 2)
    seen = d.js(PLAY_AGREES)
    assert seen["ok"] and seen["same"] and seen["ply"] == 1 and seen["moves"] == 1, f"{d.name}: {seen}"
    d.js("() => { window.__petteiaThinkArgs = {}; }")
    return took


def move_now(d, web):
    """"Move now" on a first visit (no isolation yet: JSPI, or the worker restarted from the record)
    and on the next (the service worker's headers isolate the page: the shared stop flag)."""
    d.new_page()
    d.goto(web.start() + "play/")
    wait(d, "() => window.__petteiaPlay?.api && window.__petteiaPlay.board", timeout=LOAD_S, what="the play page's game")
    first_way = d.js("() => window.__petteiaPlay.api.stopWay")
    first_s = _move_now_once(d)
    if not d.js("() => 'serviceWorker' in navigator"):
        raise Skip("no service worker in this engine: no isolation")
    wait(d, "() => !!navigator.serviceWorker.controller", timeout=60, what="the service worker controls the page")
    d.reload()
    wait(d, "() => window.__petteiaPlay?.api && window.__petteiaPlay.board", timeout=LOAD_S, what="the play page's game")
    assert d.js("() => self.crossOriginIsolated") is True, f"{d.name}: the page is not cross-origin isolated"
    later_way = d.js("() => window.__petteiaPlay.api.stopWay")
    # An isolated page shares memory where the engine has SharedArrayBuffer (WebKitGTK leaves it
    # out even then, unlike Safari): else the worker is restarted.
    shares = d.js("() => typeof SharedArrayBuffer === 'function'")
    assert later_way == ("flag" if shares else "restart"), (later_way, shares)
    later_s = _move_now_once(d)
    no_errors(d)
    return {"first_visit": [first_way, first_s], "later_visit": [later_way, later_s]}


def board_button_icons(d, web):
    """#34 (10): a board's step buttons draw their icons (SVG), so no reader's fonts show empty boxes."""
    d.new_page()
    d.goto(web.start() + "rules/tournament/")
    fig = "figure#sacrifice-explore"
    wait_live(d, fig)
    seen = d.js("""(fig) => [...document.querySelectorAll(fig + ' .petteia-controls button.petteia-btn')]
      .filter((b) => !b.classList.contains('petteia-present'))
      .map((b) => { const svg = b.querySelector('svg.petteia-icon'); const r = svg?.getBoundingClientRect();
        return { name: b.getAttribute('aria-label'), text: b.textContent.trim(), paths: svg ? svg.querySelectorAll('path').length : 0,
                 w: r ? Math.round(r.width) : 0, h: r ? Math.round(r.height) : 0 }; })""", fig)
    assert len(seen) >= 5, seen
    for b in seen:
        assert b["paths"] == 1 and b["text"] == "" and b["w"] >= 12 and b["h"] >= 12, f"{d.name}: {b}"
    no_errors(d)
    return {"buttons": len(seen)}


def kubeia_roll(d, web):
    """A Kubeia board (rules/kubeia/, kubeia-start): a move with the page's 6-3, then the board rolls."""
    fig = "figure#kubeia-start"
    d.new_page()
    d.goto(web.start() + "rules/kubeia/")
    wait_live(d, fig)
    assert text(d, f"{fig} .petteia-status").startswith("White to move. Dice: 6–3."), text(d, f"{fig} .petteia-status")
    tap(d, square(fig, 12))  # Α2, a Peltast: up to six squares
    wait(d, "(s) => document.querySelector(s)", f"{fig} g.fx [data-sq='36']", what="the destinations")
    tap(d, square(fig, 36))  # Α4
    wait_text(d, f"{fig} .petteia-status", "Last move")
    status = text(d, f"{fig} .petteia-status")
    roll = re.match(r"Black to move\. Dice: ([1-6])–([1-6])\.", status)
    assert roll, status  # the board threw Black's dice
    assert count(d, piece(fig, 36)) == 1 and count(d, piece(fig, 12)) == 0
    # Only that roll's moves are offered: Black's Peltast on Β7 goes as far as the higher die, down
    # its file (four empty squares, then White's Peltast on Β2).
    tap(d, square(fig, 73))
    wait(d, "(f) => document.querySelectorAll(f + ' g.fx .dest-dot, ' + f + ' g.fx .dest-ring').length", fig,
         what="Black's destinations")
    reach = d.js("(f) => [...document.querySelectorAll(f + ' g.fx [data-sq]')].map((n) => +n.dataset.sq)", fig)
    furthest = max((73 - sq) // 12 for sq in reach if sq % 12 == 1 and sq < 73)
    assert furthest == min(4, max(int(roll[1]), int(roll[2]))), (roll.groups(), sorted(reach))
    no_errors(d)
    return {"roll": "".join(roll.groups())}


def duodecim_turn(d, web):
    """A Duodecim board (rules/duodecim/, duo-hit): a whole turn by clicks on points, with a hit."""
    fig = "figure#duo-hit"
    d.new_page()
    d.goto(web.start() + "rules/duodecim/")
    wait_live(d, fig)
    assert text(d, f"{fig} .petteia-status").startswith("White to move. Dice: 5–3.")

    def stack(point):
        return d.js("(s) => { const g = document.querySelector(s); return g ? [g.dataset.side, +g.dataset.count] : null; }",
                    f'{fig} g.stack[data-point="{point}"]')

    assert stack("A11") == ["b", 1] and stack("A8") == ["w", 1]
    tap(d, f'{fig} rect.pt[data-point="A8"]')
    wait(d, "(f) => [...document.querySelectorAll(f + ' rect.pt.is-dest')].map((n) => n.dataset.point).sort().join() === 'A11,B1'",
         fig, what="A8's destinations A11 and B1")
    tap(d, f'{fig} rect.pt[data-point="A11"]')  # the 3 hits the black blot
    wait_text(d, f"{fig} .petteia-status", "Steps so far: A8-A11*")
    assert stack("A11") == ["w", 1] and stack("A8") is None
    tap(d, f'{fig} rect.pt[data-point="A11"]')
    wait(d, "(f) => document.querySelector(f + ' rect.pt.is-dest')", fig, what="A11's destination")
    tap(d, f'{fig} rect.pt[data-point="B4"]')  # the 5
    wait_text(d, f"{fig} .petteia-status", "Last turn: White 53 A8-A11* A11-B4.")
    assert text(d, f"{fig} .petteia-status").startswith("Black to move. Dice:")
    assert stack("B4") == ["w", 1] and stack("A11") is None
    assert d.js("(s) => +document.querySelector(s).dataset.bar", f'{fig} g.tray-side[data-side="b"]') == 1
    no_errors(d)
    return {}


# Every runtime file the service worker must keep after one visit, and the page itself.
RUNTIME_KEPT = """async () => {
  const names = (await caches.keys()).filter((n) => n.startsWith('petteia-'));  // not petteia.clients (sw.js)
  if (names.length !== 1) return false;
  const keys = (await (await caches.open(names[0])).keys()).map((r) => new URL(r.url).pathname);
  return ['pyodide.asm.wasm', 'python_stdlib.zip', 'pyodide.asm.mjs', 'pyodide-lock.json', 'worker.js']
      .every((n) => keys.some((k) => k.endsWith(n)))
      && keys.some((k) => k.endsWith('.whl')) && keys.some((k) => k.endsWith('/play/try/'));
}"""


def offline_after_one_visit(d, web):
    """One visit to play/try/, then the server is stopped: a reload still plays (the service worker)."""
    fig = "figure#try-capture"
    d.new_page()
    url = web.start()
    d.goto(url + "play/try/")
    wait_live(d, fig)
    support = d.js("() => ({ sw: 'serviceWorker' in navigator, caches: typeof caches !== 'undefined', secure: isSecureContext })")
    if not support["sw"]:
        raise Skip(f"no navigator.serviceWorker in this engine on {url} ({support})")
    wait(d, "() => !!navigator.serviceWorker.controller", timeout=60, what="the service worker controls the page")
    wait(d, RUNTIME_KEPT, timeout=90, what="the service worker kept the runtime")
    web.stop(url)
    d.reload()
    wait_live(d, fig)
    tap(d, square(fig, 0))
    tap(d, square(fig, 16))
    wait_text(d, f"{fig} .petteia-status", "Α1-Α3xΒ3")
    assert count(d, piece(fig, 17)) == 0
    # Offline, the theme's instant navigation fetches sitemap.xml, offline.js the file list.
    no_errors(d, offline=("sitemap.xml", "offline-manifest.json"))
    return {}


def snapshot_on_a_later_visit(d, web):
    """A first visit keeps Python's memory snapshot (IndexedDB, once the page has been quiet a few
    seconds); a reload starts Python from it and the board plays. Where the engine cannot make or
    keep a snapshot, the reload starts Python as usual and the board plays all the same."""
    fig = "figure#try-capture"
    runtime = ("() => window.__petteiaRuntime && { start: window.__petteiaRuntime.start, keeps: window.__petteiaRuntime.keepsSnapshots, "
               "t: window.__petteiaRuntime.timings, rulesFrom: window.__petteiaRuntime.rulesFrom }")
    d.new_page()
    url = web.start()
    d.goto(url + "play/try/")
    wait_live(d, fig)
    wait(d, runtime, what="the worker's start")
    first = d.js(runtime)
    kept = None
    if first["start"] == "ordinary" and first["keeps"] and first["t"]["snapshotMade"] is not None:
        wait(d, "() => window.__petteiaSnapshot", timeout=LOAD_S, what="the snapshot stored (or refused)")
        kept = d.js("() => window.__petteiaSnapshot")
    d.reload()
    wait_live(d, fig)
    wait(d, runtime, what="the worker's start")
    later = d.js(runtime)
    stored = first["start"] == "snapshot" or bool(kept and kept.get("saved"))
    assert later["start"] == ("snapshot" if stored else "ordinary"), (first, kept, later)
    tap(d, square(fig, 0))
    tap(d, square(fig, 16))
    wait_text(d, f"{fig} .petteia-status", "Α1-Α3xΒ3")
    assert count(d, piece(fig, 17)) == 0
    no_errors(d)
    return {
        "snapshot": "kept" if stored else f"none ({(kept or {}).get('error') or 'this engine made none'})",
        # how each visit started: the ratio of the two times is a cold/warm ratio only when the
        # first start was an ordinary one (an earlier scenario in the same profile may have kept one)
        "first_start": first["start"], "first_ready_ms": round(first["t"]["total"]),
        "later_start": later["start"], "later_ready_ms": round(later["t"]["total"]),
        "later_rules_from": later["rulesFrom"],
    }


PHONE = (375, 740)  # a phone's width in CSS pixels (WebKitGTK keeps its window wider: ~450 px)
SIDEWAYS = "() => document.documentElement.scrollWidth - document.documentElement.clientWidth"


def phone_page_and_palette(d, web):
    """A phone-width rules page with many boards (the tournament's, 49): nothing sticks out sideways,
    landed on a board from its link, at the top, and at every screenful down to the end (a board out
    of sight has a stand-in size, content-visibility: auto, and one coming into view is drawn at its
    own). Then the header's light/dark toggle switches the page's palette, which a reload keeps."""
    d.new_page(*PHONE)
    url = web.start()
    d.goto(url + "rules/tournament/#rule-of-6")
    wait(d, "() => document.readyState === 'complete'")
    time.sleep(0.2)
    worst = d.js(SIDEWAYS)
    assert worst <= 0, f"{d.name}: the page scrolls sideways by {worst} px at the board of the link"
    d.js("() => window.scrollTo(0, 0)")
    screens = 0
    while True:
        time.sleep(0.05)  # a few frames: boards that came into view are drawn at their size
        over = d.js(SIDEWAYS)
        assert over <= 0, f"{d.name}: the page scrolls sideways by {over} px at {d.js('() => window.scrollY')} px down"
        screens += 1
        if d.js("() => window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 2") or screens > 400:
            break
        d.js("() => window.scrollBy(0, window.innerHeight)")
    width = d.js("() => window.innerWidth")
    d.js("() => window.scrollTo(0, 0)")
    scheme = "() => document.body.dataset.mdColorScheme"
    before = d.js(scheme)
    tap(d, "form[data-petteia-palette] label:not([hidden])")
    wait(d, f"() => document.body.dataset.mdColorScheme !== '{before}'", what="the palette switched")
    after = d.js(scheme)
    meta = "() => document.querySelector('meta[name=\"color-scheme\"]').content"
    assert d.js(meta) == ("dark" if after == "slate" else "light"), (after, d.js(meta))
    d.reload()
    wait(d, "() => document.readyState === 'complete'")
    assert (d.js(scheme), d.js(meta)) == (after, "dark" if after == "slate" else "light")
    no_errors(d)
    return {"width": width, "screens": screens, "palette": f"{before} -> {after}, kept on reload"}


def load_failure(breakage, message):
    def scenario(d, web):
        """The runtime cannot be had: the board says so, names what, and keeps its diagram."""
        fig = "figure#try-capture"
        d.new_page()
        d.goto(web.start(breakage) + "play/try/")
        wait(d, "(f) => document.querySelector(f + '.is-error')", fig, timeout=30, what="the board's error")
        assert count(d, f"{fig}.is-loading") == 0
        status = text(d, f"{fig} .petteia-status")
        assert "could not be made interactive" in status and message in status, status
        assert "reload the page" in status.lower(), status
        assert count(d, piece(fig, 17)) == 1  # the drawn position stays, pieces and all
        return {}

    scenario.__name__ = f"load_failure[{breakage}]"
    return scenario


# On the Italian site too: the scenarios that check the page's sentences (issue #33).
IN_ITALIAN = {
    f"{f.__name__}[it]": functools.partial(f, lang="it")
    for f in (capture_and_undo, puzzle_wrong_then_right, kubeia_puzzle_roll, refused_piece_says_why)
}

SCENARIOS = {
    f.__name__: f
    for f in (
        capture_and_undo,
        latrunculi_chain,
        latrunculi_puzzle_chain,
        puzzle_wrong_then_right,
        kubeia_puzzle_roll,
        refused_piece_says_why,
        play_against_the_computer(1),
        play_against_the_computer(5),
        move_now,
        kubeia_roll,
        board_button_icons,
        duodecim_turn,
        offline_after_one_visit,
        snapshot_on_a_later_visit,
        phone_page_and_palette,
        load_failure("no-runtime", "runtime could not be downloaded"),
        load_failure("missing:comlink.mjs", "comlink.mjs"),
    )
} | IN_ITALIAN

"""A model-based random test of the play page (the "monkey"): seeded random sequences of what a
reader does — clicks on squares and buttons, drags, keys, quick double clicks, New game with
another game, opponent or side, Undo/Redo, looking back in the move list, reload, leaving the page
and coming back, going offline — and after every step the invariants of play_support.agreement:
the board on screen, the worker's game, the move list and the saved game agree; no move is made for
the computer's side; the computer answers (within the wait); no error is shown (every action here
is one a reader may take).

A few seeds run in `make test`; `make test-monkey SEEDS="1 2 3 …" STEPS=60` runs more. A failure
prints the seed and the shortest list of actions found that still fails (chunks of the list are
dropped while the failure stays), to paste into `replay()`.
"""

from __future__ import annotations

import os
import random
import time

import pytest
from e2e_support import browser, playwright_instance, serve, site_dir  # noqa: F401 (fixtures)
from play_support import (
    LOAD_MS, RULESETS, agreement, click_move, click_spot, click_square, idle, new_game, open_play, prepare,
    readers_turn, square_centre, state, trace,
)

# serial: every step waits at most 30 s for the page; beside the other worker's Firefox and WebKit
# tests, seed 3's New game once took longer (alone: 16 s for the whole seed). make test runs it alone.
pytestmark = [pytest.mark.browser, pytest.mark.serial]

SEEDS = [int(s) for s in os.environ.get("PETTEIA_MONKEY_SEEDS", "1 2 3").split()]
STEPS = int(os.environ.get("PETTEIA_MONKEY_STEPS", "25"))
SHRINK_SECONDS = int(os.environ.get("PETTEIA_MONKEY_SHRINK_SECONDS", "240"))

KINDS = ["move"] * 8 + ["click"] * 3 + ["drag", "keys", "keys", "quick", "quick", "new", "new", "undo", "undo",
                                         "redo", "view", "reload", "away", "offline"]
OFFLINE_NOISE = ("An unknown error occurred when fetching the script.",)
OPPONENTS = ["level-1", "level-1", "level-2", "human"]


def actions_for(seed: int, steps: int) -> list[tuple]:
    """The seed's actions, abstract enough to be replayed: indices are taken modulo what is there."""
    rng = random.Random(seed)
    out: list[tuple] = []
    for _ in range(steps):
        kind = rng.choice(KINDS)
        if kind == "new":
            out.append(("new", rng.choice(RULESETS), rng.choice(OPPONENTS), rng.choice("wb")))
        elif kind == "keys":
            out.append(("keys", tuple(rng.choice(["ArrowUp", "ArrowDown", "ArrowLeft", "ArrowRight", "Enter", "Escape"])
                                      for _ in range(rng.randint(2, 8)))))
        else:
            out.append((kind, rng.randrange(10_000)))
    return out


class Monkey:
    """Carries out actions on a play page of its own browser context."""

    def __init__(self, browser, base: str, seed: int):
        self.context = browser.new_context(viewport={"width": 1280, "height": 900})
        self.page = self.context.new_page()
        self.page.errors = []
        self.page.on("pageerror", lambda e: self.page.errors.append(str(e)))
        # Chromium's own messages about fetches that fail while the context is offline are not the
        # page's errors (the page tells the reader itself; the service worker registers later).
        self.page.on("console", lambda m: m.type == "error" and not (self.offline and m.text in OFFLINE_NOISE or
                                                                     "net::ERR_INTERNET_DISCONNECTED" in m.text)
                     and self.page.errors.append(m.text))
        self.base = base
        self.offline = False
        prepare(self.page, dice_seed=seed)
        open_play(self.page, base + "play/")

    def close(self) -> None:
        self.context.close()

    def do(self, action: tuple) -> None:
        page, kind = self.page, action[0]
        s = state(page)
        if kind == "move":
            if readers_turn(page):
                click_move(page, random.Random(action[1]))
        elif kind == "click":
            if s["kind"] == "duodecim":
                points = page.evaluate("() => [...document.querySelectorAll('#play-board rect.pt[data-point]')].map(r => r.dataset.point)")
                click_spot(page, points[action[1] % len(points)], s["turn"])
            else:
                click_square(page, action[1] % (s["width"] * s["height"]))
        elif kind == "drag":
            mine = [m for m in s["moves"] if m["from"] is not None]
            if s["kind"] != "duodecim" and mine and readers_turn(page):
                m = mine[action[1] % len(mine)]
                page.evaluate("() => document.querySelector('#play-board').scrollIntoView({ block: 'center' })")
                a, b = square_centre(page, m["from"], scroll=False), square_centre(page, m["to"], scroll=False)
                page.mouse.move(*a)
                page.mouse.down()
                page.mouse.move((a[0] + b[0]) / 2, (a[1] + b[1]) / 2, steps=3)
                page.mouse.move(*b, steps=3)
                page.mouse.up()
        elif kind == "keys":
            page.locator("#play-board .petteia-svg-wrap").focus()
            for key in action[1]:
                page.keyboard.press(key)
        elif kind == "quick":
            # Two quick clicks: a destination (or a piece), then another square 60 ms later.
            mine = s["moves"]
            if s["kind"] != "duodecim" and mine and readers_turn(page):
                m = mine[action[1] % len(mine)]
                if m["from"] is not None:
                    click_square(page, m["from"])
                click_square(page, m["to"])
                page.wait_for_timeout(60)
                click_square(page, mine[(action[1] // 7) % len(mine)]["to"])
        elif kind == "new":
            new_game(page, action[1], action[2], action[3])
        elif kind in ("undo", "redo"):
            button = page.get_by_role("button", name=kind.capitalize(), exact=True)
            if button.is_enabled():
                button.click()
        elif kind == "view":
            listed = page.locator(".play-move")
            if listed.count():
                listed.nth(action[1] % listed.count()).click()
                if action[1] % 2:
                    back = page.get_by_role("button", name="Back to game")
                    if back.is_visible():
                        back.click()
        elif kind == "reload" and not self.offline:
            page.reload()
            page.wait_for_function("() => window.__petteiaPlay?.state && window.__petteiaPlay.board", timeout=LOAD_MS)
            trace(page)
        elif kind == "away" and not self.offline:
            page.goto(self.base)
            page.wait_for_load_state()
            page.go_back()
            page.wait_for_function("() => window.__petteiaPlay?.state && window.__petteiaPlay.board", timeout=LOAD_MS)
            trace(page)
        elif kind == "offline":
            self.offline = not self.offline
            self.context.set_offline(self.offline)

    def check(self) -> list[str]:
        page = self.page
        # Looking back at an old position is a state of its own: return to the game first.
        back = page.get_by_role("button", name="Back to game")
        problems = []
        try:
            idle(page)
            out = agreement(page)
            problems += out["problems"]
            if out["status_kind"] == "error":
                problems.append(f"an error was shown after a valid action: {out['status']}")
        except Exception as exc:  # a wait that never ends is a failure of the page, not of the test
            problems.append(f"{type(exc).__name__}: {str(exc).splitlines()[0]}")
        problems += page.errors
        if back.is_visible():
            back.click()
        return problems


def run(browser, base: str, seed: int, actions: list[tuple]) -> tuple[int, list[str]]:
    """Play `actions`; (index of the failing action or -1, its problems)."""
    monkey = Monkey(browser, base, seed)
    try:
        problems = monkey.check()
        if problems:
            return 0, problems
        for k, action in enumerate(actions):
            try:
                monkey.do(action)
            except Exception as exc:
                return k, [f"{action}: {type(exc).__name__}: {str(exc).splitlines()[0]}"]
            problems = monkey.check()
            if problems:
                return k, problems
        return -1, []
    finally:
        monkey.close()


def shrink(browser, base: str, seed: int, actions: list[tuple]) -> list[tuple]:
    """Drop chunks of the failing list while it still fails (a simple delta debugging)."""
    deadline = time.monotonic() + SHRINK_SECONDS
    chunk = max(1, len(actions) // 2)
    while chunk >= 1 and time.monotonic() < deadline:
        k = 0
        while k < len(actions) and time.monotonic() < deadline:
            trial = actions[:k] + actions[k + chunk:]
            at, _ = run(browser, base, seed, trial)
            if at >= 0:
                actions = trial[: at + 1]
            else:
                k += chunk
        chunk //= 2
    return actions


@pytest.mark.parametrize("seed", SEEDS)
def test_monkey(browser, serve, seed):
    base = serve()
    actions = actions_for(seed, STEPS)
    at, problems = run(browser, base, seed, actions)
    if at < 0:
        return
    shortest = shrink(browser, base, seed, actions[: at + 1])
    pytest.fail(
        f"seed {seed}: step {at} {actions[at]} broke the page:\n  " + "\n  ".join(problems)
        + f"\nshortest failing list ({len(shortest)} actions): {shortest!r}"
    )

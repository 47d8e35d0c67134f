"""End to end, in Chromium: the explorable Duodecim scripta boards of docs/rules/duodecim.md."""

from __future__ import annotations

import pytest
from e2e_support import shown_text, browser, context, page, playwright_instance, serve, site_dir  # noqa: F401 (fixtures)

pytestmark = pytest.mark.browser

LOAD_MS = 60_000


def open_page(page, base, board_id):
    page.goto(base + "rules/duodecim/")
    page.wait_for_selector(f"figure#{board_id}.is-live", timeout=LOAD_MS)
    return page.locator(f"figure#{board_id}")


def status(fig):
    return shown_text(fig.locator(".petteia-status"))


def spoken(page, board_id, text):
    """Wait until the board's aria-live line says `text`."""
    page.wait_for_function(
        "([id, text]) => document.querySelector(`figure#${id} .petteia-sr-only`).textContent.includes(text)",
        arg=[board_id, text], timeout=30_000,
    )


def stack(fig, point):
    """(side, count) of the pieces on `point`, or None if it is empty."""
    s = fig.locator(f'g.stack[data-point="{point}"]')
    if not s.count():
        return None
    return s.get_attribute("data-side"), int(s.get_attribute("data-count"))


def tray(fig, side, field):
    return int(fig.locator(f'g.tray-side[data-side="{side}"]').get_attribute(f"data-{field}"))


def wait_status(page, board_id, text):
    page.wait_for_function(
        "([id, text]) => document.querySelector(`figure#${id} .petteia-status`).textContent.includes(text)",
        arg=[board_id, text], timeout=30_000,
    )


def eventually(check, timeout_s=30.0):
    """Poll `check()` until it is true (the worker answers asynchronously; the machine may be busy)."""
    import time

    end = time.monotonic() + timeout_s
    while not check():
        if time.monotonic() > end:
            raise AssertionError(f"never true: {check.__doc__ or check}")
        time.sleep(0.1)


def dest_points(fig):
    return fig.locator("rect.pt.is-dest").evaluate_all("ns => ns.map((n) => n.dataset.point).sort()")


def test_every_duodecim_board_of_the_page_comes_alive(serve, page):
    open_page(page, serve(), "duo-hit")
    page.wait_for_function(
        "() => [...document.querySelectorAll('figure[data-ruleset=duodecim][data-mode=explore]')]"
        ".every((f) => f.classList.contains('is-live'))", timeout=LOAD_MS,
    )
    assert page.locator("figure[data-ruleset=duodecim][data-mode=explore]").count() >= 18
    assert page.locator("figure.is-error").count() == 0
    assert page.errors == []


def test_click_a_turn_with_a_hit_then_undo_and_reset(serve, page):
    fig = open_page(page, serve(), "duo-hit")
    assert status(fig).startswith("White to move. Dice: 5–3.")
    assert fig.locator("svg g.dice").count() == 1
    assert fig.locator("svg .hl-capture").count() == 1  # the caption's marks, redrawn live
    assert stack(fig, "A11") == ("b", 1) and stack(fig, "A8") == ("w", 1)

    fig.locator('rect.pt[data-point="A8"]').click()  # choose the piece: its destinations light up
    eventually(lambda: dest_points(fig) == ["A11", "B1"])
    fig.locator('rect.pt[data-point="A11"]').click()  # the 3 hits the black blot
    wait_status(page, "duo-hit", "Steps so far: A8-A11*")
    spoken(page, "duo-hit", "White moves A8-A11 with the 3, hitting the black piece there")
    assert stack(fig, "A11") == ("w", 1) and stack(fig, "A8") is None
    assert tray(fig, "b", "bar") == 1
    assert fig.locator("svg .hl-capture").count() == 0  # marks gone after the first step

    fig.get_by_role("button", name="Take back a step (or the last turn)").click()  # one step back
    # The status said "White to move. Dice: 5–3." all along (before "Steps so far"): wait for the step
    # to be gone from it, then for the board, which the worker's reply redraws.
    page.wait_for_function(
        "() => !document.querySelector('figure#duo-hit .petteia-status').textContent.includes('Steps so far')",
        timeout=30_000,
    )
    assert status(fig).startswith("White to move. Dice: 5–3.")
    eventually(lambda: stack(fig, "A11") == ("b", 1) and stack(fig, "A8") == ("w", 1) and tray(fig, "b", "bar") == 0)

    # The whole turn with the step buttons: 3 first (the hit), then the 5 on to B4.
    fig.locator('.play-step[data-from="A8"][data-to="A11"]').click()
    wait_status(page, "duo-hit", "Steps so far")
    fig.locator('.play-step[data-from="A11"][data-to="B4"]').click()
    wait_status(page, "duo-hit", "Last turn: White 53 A8-A11* A11-B4.")
    assert status(fig).startswith("Black to move. Dice:")  # the next roll is rolled and shown
    assert fig.locator("svg g.dice").count() == 1
    assert stack(fig, "B4") == ("w", 1) and stack(fig, "A11") is None and tray(fig, "b", "bar") == 1
    spoken(page, "duo-hit", "Black rolls")
    # Black's hit piece must come back first: every legal step enters. Black's roll is random, and
    # with 4–4 it cannot enter (White holds A4 with three): then passing is the only choice.
    def only_entries():
        froms = fig.locator(".play-step").evaluate_all("ns => ns.map((n) => n.dataset.from)")
        return bool(froms) and set(froms) == {"enter"}

    def void_roll():
        return ("Dice: 4–4" in status(fig) and fig.locator(".play-pass").count() == 1
                and fig.locator(".play-step").count() == 0)
    eventually(lambda: only_entries() or void_roll())

    fig.get_by_role("button", name="Take back a step (or the last turn)").click()  # the whole turn
    wait_status(page, "duo-hit", "White to move. Dice: 5–3.")
    assert stack(fig, "A8") == ("w", 1) and stack(fig, "A11") == ("b", 1)
    fig.get_by_role("button", name="Replay the move").click()
    wait_status(page, "duo-hit", "Last turn: White 53 A8-A11* A11-B4.")

    fig.get_by_role("button", name="Back to the start").click()
    wait_status(page, "duo-hit", "White to move. Dice: 5–3.")
    spoken(page, "duo-hit", "Back to the position of the page")
    assert stack(fig, "A8") == ("w", 1) and stack(fig, "A11") == ("b", 1) and stack(fig, "B4") is None
    assert fig.locator("svg .hl-capture").count() == 1
    assert fig.get_by_role("button", name="Back to the start").is_disabled()
    assert page.errors == []


def test_keyboard_reentry_and_hit(serve, page):
    """43: the hit white piece must come back first (@A4), then the 3 hits back (A4-A7*)."""
    fig = open_page(page, serve(), "duo-reenter")
    wrap = fig.locator(".petteia-svg-wrap")
    wrap.focus()
    # The cursor starts on the tray (a piece must enter): Enter chooses it.
    page.keyboard.press("Enter")
    assert fig.locator('g.tray-side[data-side="w"].is-selected').count() == 1
    page.keyboard.press("Escape")  # let go
    assert fig.locator("g.tray-side.is-selected").count() == 0
    spoken(page, "duo-reenter", "Let go.")
    page.keyboard.press("Enter")
    for key in ["ArrowUp", "ArrowUp", "ArrowRight", "ArrowRight", "ArrowRight"]:  # D1, A1, then A4
        page.keyboard.press(key)
    spoken(page, "duo-reenter", "A4: 2 white pieces. Enter plays @A4")
    page.keyboard.press("Enter")
    wait_status(page, "duo-reenter", "Steps so far: @A4.")
    spoken(page, "duo-reenter", "White brings a hit piece back on A4 with the 4")
    assert stack(fig, "A4") == ("w", 3) and tray(fig, "w", "bar") == 0
    page.keyboard.press("Enter")  # the cursor is still on A4: choose a piece there
    for _ in range(3):
        page.keyboard.press("ArrowRight")
    page.keyboard.press("Enter")  # A4-A7*: the turn is over
    wait_status(page, "duo-reenter", "Last turn: White 43 @A4 A4-A7*.")
    spoken(page, "duo-reenter", "hitting the black piece there")
    assert stack(fig, "A7") == ("w", 1) and tray(fig, "b", "bar") == 1
    assert page.evaluate("document.activeElement.classList.contains('petteia-svg-wrap')")
    assert page.errors == []


def test_play_mode_board_the_computer_answers(serve, page):
    fig = open_page(page, serve(), "duodecim-play")
    assert status(fig).startswith("White to move.")
    for _ in range(4):  # one step button per die (a double has four)
        if not status(fig).startswith("White to move") or "Last turn" in status(fig):
            break
        before = shown_text(fig.locator(".petteia-status"))
        fig.locator(".play-step").first.click()
        page.wait_for_function(
            "([before]) => document.querySelector('#duodecim-play .petteia-status').textContent !== before",
            arg=[before], timeout=10_000,
        )
    # The computer (Black) plays its turn and White has a new roll.
    wait_status(page, "duodecim-play", "Last turn: Black")
    assert status(fig).startswith("White to move. Dice:")
    spoken(page, "duodecim-play", "Black (the computer) played")
    fig.get_by_role("button", name="Take back a step (or the last turn)").click()  # the whole exchange
    page.wait_for_function(
        "() => { const t = document.querySelector('#duodecim-play .petteia-status').textContent;"
        " return t.startsWith('White to move') && !t.includes('Last turn'); }", timeout=10_000,
    )
    assert fig.locator("g.stack").count() == 0  # the empty start again
    assert page.errors == []


def test_notation_page_board_shows_the_live_position_string(serve, page):
    page.goto(serve() + "notation/")
    page.wait_for_selector("figure.duo-live.is-live", timeout=LOAD_MS)
    fig = page.locator("figure.duo-live")
    code = fig.locator(".duo-notation code")
    start = "8,2b,1,2b,1/4,3b,1/2,3b,3/1b,1,1b,3/1b,1,2w,3w,1,2b w bar=1,0 off=9,0 dice=53"
    assert shown_text(code) == start
    fig.locator('.play-step[data-to="A5"]').click()  # the hit piece comes back with the 5
    page.wait_for_function("() => document.querySelector('figure.duo-live .petteia-status').textContent.includes('@A5')")
    fig.locator(".play-step").first.click()  # the 3
    page.wait_for_function("() => document.querySelector('figure.duo-live .duo-notation code').textContent.includes(' b ')")
    text = shown_text(code)
    assert " bar=" not in text and "off=9,0" in text and "dice=" in text  # a field of 0,0 is left out
    assert page.errors == []


CONTRAST_JS = """(fig) => {
  // WCAG contrast of a point's name against the point, for the chosen point and its destinations.
  const rgb = (c) => {
    const probe = document.createElement('canvas').getContext('2d');
    probe.fillStyle = '#000'; probe.fillStyle = c; probe.fillRect(0, 0, 1, 1);
    return [...probe.getImageData(0, 0, 1, 1).data];
  };
  const lum = ([r, g, b]) => [r, g, b].map((v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; })
    .reduce((s, v, i) => s + v * [0.2126, 0.7152, 0.0722][i], 0);
  const name = rgb(getComputedStyle(fig.querySelector('.ptname')).fill);
  return [...fig.querySelectorAll('rect.pt.is-dest, rect.pt.is-selected')].map((n) => {
    const fill = rgb(getComputedStyle(n).fill);
    const [a, b] = [lum(fill), lum(name)].sort((x, y) => y - x);
    return { point: n.dataset.point, alpha: fill[3], contrast: (a + 0.05) / (b + 0.05) };
  });
}"""


def test_chosen_and_destination_points_keep_their_names_readable(serve, page):
    """#34, 12: the destinations turned dark green (a see-through fill over the dark frame) and hid A11, B1."""
    fig = open_page(page, serve(), "duo-hit")
    fig.locator('rect.pt[data-point="A8"]').click()
    eventually(lambda: dest_points(fig) == ["A11", "B1"])
    marks = fig.element_handle().evaluate(CONTRAST_JS)
    assert {m["point"] for m in marks} == {"A8", "A11", "B1"}
    for m in marks:
        assert m["alpha"] == 255, m  # opaque: the frame does not show through
        assert m["contrast"] >= 3.0, m  # WCAG AA for large text (the names are 21 px)
    assert page.errors == []

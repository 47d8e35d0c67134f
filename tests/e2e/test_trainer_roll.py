"""End to end, in Chromium: a Kubeia puzzle shows its roll (#34, 1). In Kubeia the roll decides how
far each piece may move; the trainer showed no dice and no roll in the goal (only the screen-reader
text had it), so the puzzle was guesswork."""

from __future__ import annotations

import pytest
from e2e_support import browser, context, page, playwright_instance, serve, site_dir  # noqa: F401 (fixtures)
from trainer_support import open_puzzle

from petteia_core.puzzles import load_puzzles

pytestmark = pytest.mark.browser


@pytest.mark.parametrize("width", [1280, 375])
def test_a_kubeia_puzzle_shows_its_roll(serve, page, width):
    page.set_viewport_size({"width": width, "height": 800})
    puzzle = next(p for p in load_puzzles() if p.ruleset == "kubeia")
    a, b = (int(c) for c in puzzle.position.split("dice=")[1][:2])
    open_puzzle(page, serve(), puzzle.id)
    goal = page.locator(".trainer-goal").inner_text()
    assert f"Roll: {a} and {b}." in goal, goal
    dice = page.locator(".trainer-dice")
    assert dice.is_visible()
    page.wait_for_function("() => !document.querySelector('.trainer-dice').classList.contains('is-rolling')")
    faces = dice.locator(".play-die").all_inner_texts()
    assert faces == ["⚀⚁⚂⚃⚄⚅"[a - 1], "⚀⚁⚂⚃⚄⚅"[b - 1]], faces
    assert f"rolled {a} and {b}" in dice.inner_text()
    # The dice stand between the goal and the board's status, on screen without scrolling sideways.
    assert page.evaluate("() => document.documentElement.scrollWidth <= innerWidth")
    assert page.errors == []

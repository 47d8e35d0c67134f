"""The pages' Content-Security-Policy (site_scripts/build/csp.py), enforced in Chromium.

This module's browser does not bypass the policy (the shared fixtures' contexts do, because
Playwright's wait_for_function evaluates strings). Every page type with scripts must work under it
and report no violation: boards, the play page, the trainer, search, a printable.
"""

from __future__ import annotations

import time

import pytest
from e2e_support import launch, playwright_instance, serve, site_dir  # noqa: F401 (fixtures)

pytestmark = pytest.mark.browser

LOAD_S = 60
# Every violation the page reports, kept in the page (read with page.evaluate, which the policy allows).
WATCH = """document.addEventListener('securitypolicyviolation', (e) =>
    (window.__cspViolations ||= []).push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`));"""


@pytest.fixture(scope="module")
def strict_browser(playwright_instance):
    b = launch(playwright_instance)
    yield b
    b.close()


@pytest.fixture
def strict_page(strict_browser):
    context = strict_browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    page.add_init_script(WATCH)
    page.problems = []
    page.on("console", lambda m: "Content Security Policy" in m.text and page.problems.append(m.text))
    page.on("pageerror", lambda e: page.problems.append(str(e)))
    yield page
    context.close()


def poll(page, script, what, seconds=LOAD_S):
    """Wait until ``script`` (a function, evaluated by page.evaluate) returns true."""
    deadline = time.monotonic() + seconds
    while not page.evaluate(script):
        assert time.monotonic() < deadline, f"timed out waiting for {what}"
        time.sleep(0.3)


def assert_clean(page):
    assert page.evaluate("document.querySelector('meta[http-equiv=\"Content-Security-Policy\"]')?.content || ''"), \
        "the page has no Content-Security-Policy"
    assert page.evaluate("window.__cspViolations || []") == []
    assert page.problems == []


def test_boards_and_instant_navigation_under_the_policy(serve, strict_page):
    page = strict_page
    page.goto(serve() + "play/try/")
    page.wait_for_selector("figure#try-capture.is-live", timeout=LOAD_S * 1000)
    page.locator("nav.md-nav a[href$='rules/classic/']").first.click()  # its inline scripts run too
    page.wait_for_selector("h1:has-text('Classic Petteia')")
    page.wait_for_selector("figure.petteia-board.is-live", timeout=LOAD_S * 1000)
    assert_clean(page)


def test_the_play_page_under_the_policy(serve, strict_page):
    page = strict_page
    page.goto(serve() + "play/")
    poll(page, "() => !!window.__petteiaPlay?.state", "the play page to start")
    assert_clean(page)


def test_the_workshop_under_the_policy(serve, strict_page):
    page = strict_page
    page.goto(serve() + "lab/workshop/#rules=classic&corner_capture=true")
    poll(page, "() => !!window.__petteiaWorkshop?.state", "the workshop to start")
    page.get_by_role("button", name="Play the games").click()
    poll(page, "() => document.querySelector('.workshop-progress').value >= 1", "a self-play game")
    page.get_by_role("button", name="Cancel").click()
    assert_clean(page)


def test_the_trainer_under_the_policy(serve, strict_page):
    page = strict_page
    page.goto(serve() + "puzzles/#id=classic-001")
    page.wait_for_selector("figure#trainer-board.is-live", timeout=LOAD_S * 1000)
    assert_clean(page)


def test_search_and_a_printable_under_the_policy(serve, strict_page):
    page = strict_page
    page.goto(serve() + "teachers/print/rules-classic/")  # its print button has an inline handler
    page.wait_for_selector(".print-button")
    page.locator("[data-md-component=search-query]").click()
    page.locator("[data-md-component=search-query]").press_sequentially("Basileus")
    page.wait_for_selector("[data-md-component=search-result] .md-search-result__item", timeout=20_000)
    page.keyboard.press("Escape")  # close search
    # The inline handler is allowed by its hash: window.print runs (replaced here, to not block).
    page.evaluate("() => { window.__printed = false; window.print = () => { window.__printed = true; }; }")
    page.locator(".print-button").click()
    assert page.evaluate("window.__printed") is True
    assert_clean(page)

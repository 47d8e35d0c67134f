"""End to end, in Chromium: the header's light/dark toggle (overrides/partials/palette.html, served
by docs/assets/js/palette.js instead of the theme's palette component), and what the page's
<head> script (site_scripts/build/hooks.py) does before the theme's bundle runs.

Each check reads what a reader gets: the body's palette, the toggle shown, the colour scheme the
browser uses (the first color-scheme meta) against the header's computed one, the stored choice
after a reload and after instant navigation, and the keyboard.
"""

from __future__ import annotations

import pytest
from e2e_support import browser, context, page, playwright_instance, serve, site_dir  # noqa: F401 (fixtures)

pytestmark = pytest.mark.browser

STATE = """() => {
  const metas = [...document.querySelectorAll('meta[name="color-scheme"]')];
  const header = document.querySelector('[data-md-component=header]');
  const labels = [...document.querySelectorAll('form[data-petteia-palette] label')];
  return {
    scheme: document.body.dataset.mdColorScheme,
    firstMeta: metas[0]?.content ?? null,
    headerScheme: getComputedStyle(header).colorScheme,
    shown: labels.filter((l) => !l.hidden).map((l) => l.title),
    checked: [...document.querySelectorAll('form[data-petteia-palette] input')].findIndex((i) => i.checked),
    themeComponent: document.querySelectorAll('[data-md-component=palette]').length,
    rootClasses: document.documentElement.className,
  };
}"""


def state(page) -> dict:
    page.wait_for_load_state("load")
    return page.evaluate(STATE)


def toggle(page) -> None:
    page.locator("form[data-petteia-palette] label:not([hidden])").click()


@pytest.mark.parametrize("system, scheme, colours, shown", [
    ("light", "default", "light", "Switch to dark mode"),
    ("dark", "slate", "dark", "Switch to light mode"),
])
def test_a_first_visit_follows_the_system_and_the_toggle_switches(serve, browser, system, scheme, colours, shown):
    ctx = browser.new_context(viewport={"width": 1280, "height": 900}, color_scheme=system)
    try:
        page = ctx.new_page()
        errors = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(serve() + "rules/classic/")
        s = state(page)
        assert (s["scheme"], s["firstMeta"], s["headerScheme"], s["shown"]) == (scheme, colours, colours, [shown])
        assert s["themeComponent"] == 0  # the theme's palette component is not mounted
        assert "js-focus-visible" in s["rootClasses"].split() and "no-js" not in s["rootClasses"].split()
        toggle(page)
        other = "dark" if colours == "light" else "light"
        s = state(page)
        assert (s["scheme"], s["firstMeta"], s["headerScheme"]) == ("slate" if scheme == "default" else "default", other, other)
        assert s["shown"] == ["Switch to light mode" if other == "dark" else "Switch to dark mode"]
        # The choice is kept: a reload, and a page reached by instant navigation, show it.
        page.reload()
        s2 = state(page)
        assert (s2["scheme"], s2["firstMeta"], s2["headerScheme"], s2["shown"]) == (s["scheme"], other, other, s["shown"])
        page.evaluate("() => { window.__samePage = true; }")
        page.locator("a.md-nav__link[href$='/tournament/']").first.click()
        page.wait_for_url("**/rules/tournament/")
        assert page.evaluate("() => window.__samePage === true")  # instant navigation, not a reload
        s3 = state(page)
        assert (s3["scheme"], s3["firstMeta"], s3["shown"]) == (s["scheme"], other, s["shown"])
        toggle(page)  # the toggle still works on the new page
        s4 = state(page)
        assert (s4["scheme"], s4["firstMeta"], s4["headerScheme"]) == (scheme, colours, colours)
        assert not errors, errors
    finally:
        ctx.close()


def test_the_toggle_answers_enter_and_is_named(serve, page):
    page.goto(serve() + "rules/classic/")
    state(page)
    checked = page.locator("form[data-petteia-palette] input:checked")
    assert checked.get_attribute("aria-label") == "Switch to dark mode"
    checked.focus()
    page.keyboard.press("Enter")
    s = state(page)
    assert (s["scheme"], s["firstMeta"], s["checked"]) == ("slate", "dark", 1)
    assert page.evaluate("() => document.activeElement.id") == "__palette_1"
    page.keyboard.press("Enter")
    s = state(page)
    assert (s["scheme"], s["firstMeta"], s["checked"]) == ("default", "light", 0)


def test_head_links_are_resolved_before_the_theme_runs(serve, page):
    """The head script resolves <head>'s relative addresses as the theme's instant navigation
    does, so the theme finds nothing to change there (no style sheet is loaded twice)."""
    base = serve()
    sheets = []
    page.on("request", lambda r: r.resource_type == "stylesheet" and sheets.append(r.url))
    page.goto(base + "rules/classic/")
    state(page)
    relative = page.evaluate("""() => [...document.head.querySelectorAll('[href], [src]')]
        .map((e) => e.getAttribute('href') ?? e.getAttribute('src'))
        .filter((v) => v && !/^(?:[a-z]+:)?\\/\\//i.test(v))""")
    assert relative == []
    assert len(sheets) == len(set(sheets)) and sheets, sheets

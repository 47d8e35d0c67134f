"""End to end, in Chromium: Latin letters for the squares as a reader's setting (issue #34, item 18).

The header's "Δ4" button switches every square name the reader sees to Latin letters by position
(Δ4 → d4), on the boards' column letters, in the move list, the status and the rules' prose; the
choice survives a reload and instant navigation; switched back, the page is Greek again. The
engine, the saved game and the record keep the Greek names throughout (checked after every move
with the journey tests' agreement, which reads the move list in the letters chosen).
"""

from __future__ import annotations

import json
import random
import re

import pytest
from e2e_support import browser, context, page, playwright_instance, serve, site_dir  # noqa: F401 (fixtures)
from play_support import STORE, assert_agreement, click_move, idle, new_game, open_play, prepare, readers_turn

pytestmark = pytest.mark.browser

GREEK_SQUARE = re.compile(r"(?<![\u0370-\u03ff])[\u0391-\u039c](?=\d)")
LATIN_SQUARE = re.compile(r"\b[a-l]\d{1,2}\b")
BUTTON = "button.petteia-square-letters"

PAGE = """(root) => {
  const n = document.querySelector(root);
  return {
    text: n.innerText,
    columns: [...n.querySelectorAll("svg text.coord.col")].map((t) => t.textContent),
    labels: [...n.querySelectorAll("[aria-label]")].map((e) => e.getAttribute("aria-label")).join("\\n"),
    moves: [...n.querySelectorAll(".play-move")].map((m) => m.textContent.trim()),
  };
}"""


def switch(page, latin: bool) -> None:
    button = page.locator(BUTTON)
    assert button.get_attribute("aria-pressed") == str(not latin).lower()
    button.click()
    assert button.get_attribute("aria-pressed") == str(latin).lower()
    assert button.inner_text() == ("d4" if latin else "Δ4")


def saved_record(page) -> str:
    return json.loads(page.evaluate(f"() => localStorage.getItem({STORE!r})"))["record"]


def test_latin_letters_on_the_play_page_survive_moves_and_a_reload_and_switch_back(serve, page):
    prepare(page)
    open_play(page, serve() + "play/")
    new_game(page, "tournament", "level-1", "w")
    rng = random.Random(18)
    switch(page, latin=True)
    shown = page.evaluate(PAGE, "#petteia-play")
    assert shown["columns"] == list("abcdefghijkl")
    for _ in range(3):  # three moves of the reader's, each answered by the computer
        assert readers_turn(page)
        click_move(page, rng)
        assert_agreement(page, "latin letters")  # the move list shows each engine move in Latin
    shown = page.evaluate(PAGE, "#petteia-play")
    assert len(shown["moves"]) >= 6
    assert not GREEK_SQUARE.search(shown["text"]), shown["text"]
    assert not GREEK_SQUARE.search(shown["labels"])
    assert all(LATIN_SQUARE.search(m) for m in shown["moves"]), shown["moves"]
    record = saved_record(page)
    assert GREEK_SQUARE.search(record) and not LATIN_SQUARE.search(record), record  # the record stays Greek

    page.reload()
    open_play(page, page.url)  # the saved game restored, in Latin letters at once
    idle(page)
    assert page.locator(BUTTON).get_attribute("aria-pressed") == "true"
    again = page.evaluate(PAGE, "#petteia-play")
    assert again["moves"] == shown["moves"]
    assert again["columns"] == list("abcdefghijkl")
    assert_agreement(page, "after the reload")

    switch(page, latin=False)
    greek = page.evaluate(PAGE, "#petteia-play")
    assert greek["columns"] == list("ΑΒΓΔΕΖΗΘΙΚΛΜ")
    assert not any(LATIN_SQUARE.search(m) for m in greek["moves"]), greek["moves"]
    assert all(GREEK_SQUARE.search(m) for m in greek["moves"])
    assert_agreement(page, "back to Greek")
    click_move(page, rng)
    assert_agreement(page, "a Greek move after switching back")
    assert all(GREEK_SQUARE.search(m) for m in page.evaluate(PAGE, "#petteia-play")["moves"])


def test_latin_letters_on_a_rules_page_and_a_move_typed_in_them(serve, page):
    page.goto(serve() + "notation/")
    page.wait_for_selector(BUTTON)
    switch(page, latin=True)
    article = page.evaluate(PAGE, "article")
    # The table of letters and the paragraph comparing the schemes keep their Greek; every other
    # square name, in the prose, the captions and the boards' column letters, is Latin.
    assert "Ε3-Ε5xΔ5xΕ6" in page.locator(".square-letters-keep").inner_text()
    rest = page.evaluate("""() => { const a = document.querySelector("article").cloneNode(true);
        a.querySelectorAll(".square-letters-keep").forEach((n) => n.remove()); return a.textContent; }""")
    assert not GREEK_SQUARE.search(rest), [rest[m.start() - 40:m.end()] for m in GREEK_SQUARE.finditer(rest)][:5]
    assert "e3-e5xd5xe6" in rest
    assert set(article["columns"]) <= set("abcdefghijkl") and article["columns"]
    # Instant navigation to another page: its squares arrive in Latin too.
    page.locator("nav.md-nav a[href$='rules/classic/']").first.click()
    page.wait_for_url("**/rules/classic/")
    # (The notation page's own boards are Latin already: wait for the new page's heading first.)
    page.wait_for_function("() => !document.querySelector('article h1')?.textContent.startsWith('Notation')"
                           " && document.querySelector('article svg text.coord.col')?.textContent === 'a'")
    assert not GREEK_SQUARE.search(page.evaluate(PAGE, "article")["text"])


def test_the_button_speaks_the_page_language_and_the_choice_carries_over(serve, page):
    url = serve()
    page.goto(url + "it/rules/classic/")
    button = page.locator(BUTTON)
    assert button.get_attribute("aria-label") == "Lettere latine per le caselle (d4 per Δ4)"
    switch(page, latin=True)
    page.goto(url + "uk/rules/classic/")
    assert page.locator(BUTTON).get_attribute("aria-label") == "Латинські літери для клітинок (d4 замість Δ4)"
    # (The notation page's own boards are Latin already: wait for the new page's heading first.)
    page.wait_for_function("() => !document.querySelector('article h1')?.textContent.startsWith('Notation')"
                           " && document.querySelector('article svg text.coord.col')?.textContent === 'a'")
    assert page.locator(BUTTON).get_attribute("aria-pressed") == "true"

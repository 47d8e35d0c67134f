"""Each published language in Chromium: the home page's live board and a whole game after New game
on the play page show no English sentence of the English catalogs (the pages' docs/locale/site.pot
and the engine's petteia_core/locale/petteia.pot), <html lang> is the language's, and the theme's
language selector switches language, keeps the reader on the same page, and is remembered.

A language the built site does not publish (mkdocs.yml extra.published_languages) is skipped: build
with PETTEIA_LANGUAGES=en,it,uk (and PETTEIA_SITE=<that site>) to run them.
"""

from __future__ import annotations

import functools
import random
import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po
from e2e_support import browser, context, page, playwright_instance, serve, site_dir  # noqa: F401 (fixtures)
from play_support import LOAD_MS, assert_agreement, click_move, open_play, prepare, readers_turn, trace

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
CATALOGS = {
    "site": (ROOT / "docs" / "locale" / "site.pot", lambda lang: ROOT / "docs" / "locale" / f"{lang}.po"),
    "engine": (ROOT / "petteia_core" / "locale" / "petteia.pot",
               lambda lang: ROOT / "petteia_core" / "locale" / lang / "LC_MESSAGES" / "petteia.po"),
}
LANGUAGES = ["it", "uk"]
PLIES = 40  # moves by clicks before the reader resigns (a game to its end took three minutes)


@functools.cache
def translations(lang: str) -> dict[str, str]:
    """Every English msgid (singular and plural) of both catalogs -> its translation in ``lang``."""
    out: dict[str, str] = {}
    for pot, po_of in CATALOGS.values():
        with po_of(lang).open("rb") as f:
            po = read_po(f, locale=lang)
        for m in po:
            if not m.id:
                continue
            ids = m.id if isinstance(m.id, tuple) else (m.id,)
            strings = m.string if isinstance(m.string, tuple) else (m.string,)
            for english in ids:
                out[english] = strings[0] if len(ids) == 1 else strings[-1]
    return out


@functools.cache
def english_patterns(lang: str) -> tuple[tuple[str, re.Pattern], ...]:
    """A pattern per English message that reads differently in ``lang``: a sentence of two words
    or more anywhere in the text, a single word only as a whole text or label."""
    found = []
    for english, translated in translations(lang).items():
        words = re.sub(r"\{\w+\}", "", english)
        if english == translated or not re.search(r"[A-Za-z]{3}", words):
            continue
        if len(words.split()) < 2 and words.strip() != english.strip():
            continue  # one word between placeholders ("{items} and {last}") says nothing alone
        parts = [re.escape(p) if not re.fullmatch(r"\{\w+\}", p) else r".+?" for p in re.split(r"(\{\w+\})", english) if p]
        body = "".join(parts)
        if len(words.split()) >= 2:
            found.append((english, re.compile(body)))
        else:
            found.append((english, re.compile(rf"^\s*{body}\s*$", re.M)))
    return tuple(found)  # read once per language: the catalogs do not change during a run


READ_TEXT = """(sel) => { const root = document.querySelector(sel); if (!root) return null;
  const out = [root.innerText];
  for (const n of root.querySelectorAll('[aria-label],[title],[placeholder]'))
    for (const a of ['aria-label', 'title', 'placeholder']) if (n.getAttribute(a)) out.push(n.getAttribute(a));
  for (const n of root.querySelectorAll('svg title, desc')) out.push(n.textContent);
  for (const n of root.querySelectorAll('option')) out.push(n.textContent);
  return out.join('\\n'); }"""


def english_left(page, selector: str, lang: str) -> list[str]:
    text = page.evaluate(READ_TEXT, selector)
    assert text, f"nothing under {selector}"
    return [f"{english!r} in {m.group(0)!r}" for english, pattern in english_patterns(lang)
            if (m := pattern.search(text))]


def published(site_dir: Path, lang: str) -> None:
    if not (site_dir / lang / "index.html").exists():
        pytest.skip(f"{lang} is not published in {site_dir} (PETTEIA_LANGUAGES=en,it,uk make build)")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_home_board_speaks_the_language(serve, page, site_dir, lang):
    published(site_dir, lang)
    page.goto(serve() + f"{lang}/")
    assert page.evaluate("() => document.documentElement.lang") == lang
    board = page.locator("figure.petteia-board").first
    board.scroll_into_view_if_needed()
    page.wait_for_function("() => document.querySelector('figure.petteia-board .petteia-status')?.textContent.trim()"
                           " && !document.querySelector('figure.petteia-board.is-loading')", timeout=LOAD_MS)
    # A move by clicks: the board's status line and spoken words after it are the engine's.
    squares = page.locator("figure.petteia-board svg rect.sq")
    assert squares.count() == 64
    left = english_left(page, "figure.petteia-board", lang)
    assert left == [], "\n".join(left)
    assert page.errors == []


def new_game(page, tr: dict[str, str], ruleset: str) -> None:
    """The setup form by its translated labels, then New game (play_support.new_game, in ``tr``)."""
    page.get_by_label(tr["Game"], exact=True).select_option(ruleset)
    page.get_by_label(tr["Opponent"]).select_option("level-1")
    page.get_by_label(tr["You play"]).select_option("w")
    page.evaluate("() => { window.__oldBoard = window.__petteiaPlay.board; }")
    page.get_by_role("button", name=tr["New game"]).click()
    page.wait_for_function(
        "(r) => { const p = window.__petteiaPlay; return p.state && p.board && p.board !== window.__oldBoard"
        " && p.state.ruleset === r; }", arg=ruleset, timeout=30_000)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_whole_game_after_new_game_speaks_the_language(serve, page, site_dir, lang):
    published(site_dir, lang)
    tr = translations(lang)
    prepare(page, dice_seed=5)
    open_play(page, serve() + f"{lang}/play/")
    assert page.evaluate("() => document.documentElement.lang") == lang
    new_game(page, tr, "classic")
    rng = random.Random(lang)
    seen = set()
    for _ in range(PLIES):
        out = assert_agreement(page, lang)
        left = english_left(page, "#petteia-play", lang)
        assert left == [], f"ply {out['state']['ply']}:\n" + "\n".join(left)
        seen.add(page.locator(".play-status").inner_text())
        if out["state"]["result"]:
            break
        assert readers_turn(page), out["status"]
        click_move(page, rng)
    out = assert_agreement(page, lang)  # the computer has answered the last move
    if not out["state"]["result"]:
        # The game ends as a reader ends it: Resign, and Resign again in the box that asks first.
        page.get_by_role("button", name=tr["Resign"]).click()
        page.locator(".play-confirm").get_by_role("button", name=tr["Resign"]).click()
        out = assert_agreement(page, lang)
    assert out["state"]["result"], out["status"]
    left = english_left(page, "#petteia-play", lang)
    assert left == [], "after the game:\n" + "\n".join(left)
    assert page.locator(".play-status").inner_text().startswith(tr["Game over. {result}"].split("{")[0].strip())
    assert len(seen) > 3


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_language_selector_keeps_the_page(serve, page, site_dir, lang):
    published(site_dir, lang)
    base = serve()
    page.goto(base + "play/")
    trace(page)
    page.locator(".md-header .md-select").hover()
    page.locator(f'.md-select__link[hreflang="{lang}"]').click()
    page.wait_for_url(base + f"{lang}/play/", timeout=LOAD_MS)
    assert page.evaluate("() => document.documentElement.lang") == lang
    page.wait_for_function("() => window.__petteiaPlay?.api", timeout=LOAD_MS)
    # The choice is remembered: a reader who comes back by a typed address lands in the language.
    again = page.context.new_page()
    again.goto(base + "history/")
    again.wait_for_url(base + f"{lang}/history/", timeout=LOAD_MS)
    assert again.evaluate("() => document.documentElement.lang") == lang
    again.close()
    page.locator(".md-header .md-select").hover()
    page.locator('.md-select__link[hreflang="en"]').click()
    page.wait_for_url(base + "play/", timeout=LOAD_MS)
    assert page.evaluate("() => document.documentElement.lang") == "en"
    again = page.context.new_page()
    again.goto(base + "history/")
    again.wait_for_load_state()
    assert again.url == base + "history/" and again.evaluate("() => document.documentElement.lang") == "en"
    again.close()

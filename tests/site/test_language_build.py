"""What Python writes into a board at build time is in the language being built (the engine's
catalog, chosen by site_scripts/build/languages.py for each language's build): the SVG's title and
description, and the first-move data's status lines."""

from __future__ import annotations

import json
import re
from html import unescape

import pytest

from petteia_core.web import set_language
from site_scripts.build.fences import parse_fence, render_fence
from site_scripts.build.languages import compile_engine_catalogs, published

FENCE = "ruleset: classic\nmode: explore\nid: t\ncaption: x"
ENGLISH = ("Last move", "White", "Black", "pieces", "to move")


@pytest.fixture
def language():
    localedir = compile_engine_catalogs()
    yield lambda lang: set_language(lang, localedir=localedir)
    set_language("en")


@pytest.mark.parametrize("lang, words", [("it", ("Ultima mossa", "Bianco", "pezzi")), ("uk", ("Останній хід", "Білі", "фішок"))])
def test_a_board_drawn_at_build_time_speaks_the_language(language, lang, words):
    language(lang)
    html = unescape(render_fence(parse_fence(FENCE)))
    statuses = [s for s in html.split('"status":"')[1:]]
    assert statuses, "the board has no first-move data"
    title = html.split("<title", 1)[1].split("</title>", 1)[0]
    desc = html.split("<desc", 1)[1].split("</desc>", 1)[0]
    for text in (title, desc, *(s.split('"', 1)[0] for s in statuses)):
        assert not [w for w in ENGLISH if w in text], f"{lang}: English in {text!r}"
    assert all(any(w in t for t in (title, desc, html)) for w in words)


def test_the_published_languages_setting():
    assert published("en") == ["en"]
    assert published("it, en ,uk") == ["en", "it", "uk"]
    assert published(["uk"]) == ["en", "uk"]


def test_the_generated_pages_catalog_is_a_fresh_extraction():
    from site_scripts.build.page_words import TEMPLATE, extract_template, template_text

    assert TEMPLATE.read_text(encoding="utf-8") == template_text(extract_template()), (
        "docs/locale/pages.pot is out of date: run `.venv/bin/python -m site_scripts.build.page_words --update`"
    )


def test_no_page_text_is_hidden_from_babel():
    """Babel's Python extractor does not look inside f-strings: the offline page's
    f'…{_("Hosting the site")}…' stayed English on the Italian site. Every _("…")/gettext("…")
    of the page writers, read as plain text, must be in the template."""
    from site_scripts.build.page_words import ROOT, SOURCES, extract_template

    import ast

    extracted = {m.id if isinstance(m.id, str) else m.id[0] for m in extract_template() if m.id}
    # A call's first argument: one string literal, or several side by side (joined, as Python does).
    call = re.compile(r"""\b(?:_|gettext|ngettext)\(\s*((?:(?:"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*')\s*)+)[,)]""")
    missing = []
    for rel in SOURCES:
        for m in call.finditer((ROOT / rel).read_text(encoding="utf-8")):
            text = ast.literal_eval("(" + m.group(1) + ")")
            if len(text) > 1 and text not in extracted:  # ("…": a docstring's example)
                missing.append((rel, text))
    assert missing == [], "take these calls out of the f-string (Babel cannot see them there)"


@pytest.mark.parametrize("lang, words", [
    ("it", ("Scheda di esercizi", "La mia mossa:", "Tocca al Bianco", "cattura", "Stampa questa scheda")),
    ("uk", ("Аркуш вправ", "Мій хід:", "білих", "побиття", "Надрукувати цей аркуш вправ")),
])
def test_worksheets_and_the_puzzle_sheet_speak_the_language(language, lang, words):
    """#33: the pages the build writes (worksheets, answer sheets, the puzzle sheet) are translated,
    their goals and themes in the engine's words."""
    from site_scripts.build.page_words import page_words
    from site_scripts.build.puzzle_pages import sheet_markdown
    from site_scripts.build.worksheets import answers_markdown, worksheet_markdown

    language(lang)
    texts = [worksheet_markdown("classic", page_words(lang)), answers_markdown("classic", page_words(lang)),
             sheet_markdown(words=page_words(lang))]
    joined = "\n".join(texts)
    for word in words:
        assert word in joined, word
    prose = [line for t in texts for line in t.splitlines() if not line.startswith(("ruleset:", "position:", "id:", "flip:", "```", "|---"))]
    for english in ("to move:", "capture a piece", "My move", "Answers", "single capture", "Print this", "Worksheet:"):
        assert not [line for line in prose if english in line], (english, [line for line in prose if english in line][:2])


@pytest.mark.parametrize("lang, words", [("it", ("da far entrare 15", "colpite 0 · uscite 0")),
                                         ("uk", ("ввести 15", "збито 0 · виведено 0"))])
def test_the_duodecim_trays_speak_the_language(language, lang, words):
    """#33: the words under a Duodecim board (pieces to enter, hit, borne off) are the engine's."""
    from petteia_core.render.duodecim import duodecim_svg

    language(lang)
    svg = duodecim_svg({}, hand=(15, 15))
    for word in words:
        assert word in svg, word
    assert "to enter" not in svg and "off 0" not in svg


@pytest.mark.parametrize("lang, words", [
    ("it", ("Vince il primo giocatore", "intervallo al 95%", "partita arenata", "Classico + cattura angolare",
            "mosse singole", "non finita", "reale**", "una partita tipica")),
    ("uk", ("Виграє перший гравець", "95-відсотковий інтервал", "нічийна ситуація", "Класична + кутове побиття",
            "окремих ходів", "*незакінчену*", "справжня**", "типова партія")),
])
def test_the_lab_page_figures_speak_the_language(language, lang, words):
    """The lab page's generated tables, charts and sentences (site_scripts/build/lab_page.py) come from the
    pages' catalog: in Italian and Ukrainian no English is left of them, numbers and results as they are."""
    from site_scripts.build import lab_page
    from site_scripts.build.page_words import page_words

    language(lang)
    data = lab_page.load()
    twin = (lab_page.ROOT / "docs" / "lab" / f"index.{lang}.md").read_text(encoding="utf-8")
    english = lab_page.render(twin, data)  # the twin's prose with the figures in English
    md = lab_page.render(twin, data, page_words(lang))
    assert "<!-- lab:" not in md
    for word in words:
        assert word in md, word
    for label in {v["label"] for v in [*data["variants"], *data["comparison"]]}:
        # The Roman games' names are Latin in every language, and so, in Italian, is "Latrunculi: Bell 8×8".
        if label != "Ludus duodecim scriptorum" and not (lang == "it" and label.startswith("Latrunculi: ")):
            assert lab_page.word(label, page_words(lang)) != label, f"{lang}: no translation of the label {label!r}"
    for reason in {r for v in [*data["variants"], *data["comparison"], data["race"]] for r in v["reasons"]}:
        assert lab_page.word(reason, page_words(lang)) != reason, f"{lang}: no translation of the reason {reason!r}"
    # The lines the hook wrote, but for the moves and the charts' ids (made from the English titles in
    # every language, so a link to a chart is the same in all of them).
    generated = [re.sub(r'(?:id|aria-labelledby)="[^"]*"', "", line) for line in md.splitlines()
                 if line not in twin.splitlines() and not line.startswith(("moves:", "id:"))]
    for english_text in ("First player wins", "Games won by the first player", "95 % interval", ": median ", "Length: median",
                         "plies", "a typical game", "self-play run", "stalled", "| Classic |", "Classic + corner", "Tournament",
                         "no real difference", "of the time", "times**", "Rules |", "pips", "real**"):
        assert english_text in english, english_text  # it is in the English figures ...
        assert not [line for line in generated if english_text in line], (  # ... and not in these
            english_text, [line for line in generated if english_text in line][:1])

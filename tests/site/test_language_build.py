"""What Python writes into a board at build time is in the language being built (the engine's
catalog, chosen by site_scripts/build/languages.py for each language's build): the SVG's title and
description, and the first-move data's status lines."""

from __future__ import annotations

import json
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

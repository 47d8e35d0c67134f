"""site_scripts/build/language_check.py: a published language needs every page's twin, the English
boards in it (captions aside) and complete catalogs; the real docs/ pass for the published set."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from site_scripts.build import language_check as lc

ROOT = Path(__file__).resolve().parents[2]
FENCE = "```petteia\nruleset: classic\nmove: Β2-Β6\ncaption: {caption}\n```\n"


@pytest.fixture
def docs(tmp_path: Path) -> Path:
    (tmp_path / "rules").mkdir()
    (tmp_path / "index.md").write_text("# Home\n", encoding="utf-8")
    (tmp_path / "rules" / "classic.md").write_text("# Classic\n\n" + FENCE.format(caption="White opens."), encoding="utf-8")
    (tmp_path / "index.it.md").write_text("# Inizio\n", encoding="utf-8")
    (tmp_path / "rules" / "classic.it.md").write_text("# Classica\n\n" + FENCE.format(caption="Il Bianco apre."), encoding="utf-8")
    return tmp_path


def test_complete_twins_pass_and_a_missing_twin_fails(docs: Path) -> None:
    assert lc.page_problems("it", docs) == []
    (docs / "rules" / "classic.it.md").unlink()
    assert lc.page_problems("it", docs) == ["rules/classic.it.md: missing (the it twin of rules/classic.md)"]
    assert lc.main(["--languages", "it", "--docs", str(docs)]) == 1


def test_a_twin_whose_board_differs_beyond_its_caption_fails(docs: Path) -> None:
    twin = docs / "rules" / "classic.it.md"
    twin.write_text(twin.read_text(encoding="utf-8").replace("Β2-Β6", "Β2-Β5"), encoding="utf-8")
    [problem] = lc.page_problems("it", docs)
    assert "board fence 1 differs" in problem and "Β2-Β5" in problem
    twin.write_text("# Classica\n\nNessun tavoliere.\n", encoding="utf-8")
    assert lc.page_problems("it", docs) == ["rules/classic.it.md: 0 board fences, rules/classic.md has 1"]


def test_a_catalog_key_without_translation_fails(tmp_path: Path) -> None:
    pot = tmp_path / "site.pot"
    pot.write_text('msgid "New game"\nmsgstr ""\n\nmsgid "{n} move"\nmsgid_plural "{n} moves"\nmsgstr[0] ""\nmsgstr[1] ""\n', encoding="utf-8")
    po = tmp_path / "uk.po"
    head = 'msgid ""\nmsgstr ""\n"Language: uk\\n"\n"Plural-Forms: nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);\\n"\n\n'
    po.write_text(head + 'msgid "New game"\nmsgstr "Нова гра"\n\nmsgid "{n} move"\nmsgid_plural "{n} moves"\n'
                  'msgstr[0] "{n} хід"\nmsgstr[1] "{n} ходи"\nmsgstr[2] "{n} ходів"\n', encoding="utf-8")
    assert lc.catalog_problems(pot, po, "uk") == []
    po.write_text(po.read_text(encoding="utf-8").replace('msgstr[2] "{n} ходів"', 'msgstr[2] ""'), encoding="utf-8")
    assert lc.catalog_problems(pot, po, "uk") == ["uk.po (uk): no translation of '{n} move'"]
    po.write_text(head + 'msgid "{n} move"\nmsgid_plural "{n} moves"\nmsgstr[0] "a"\nmsgstr[1] "b"\nmsgstr[2] "c"\n', encoding="utf-8")
    assert lc.catalog_problems(pot, po, "uk") == ["uk.po (uk): no translation of 'New game'"]


@pytest.mark.parametrize("lang", ["it", "uk"])
def test_the_catalogs_are_complete(lang: str) -> None:
    assert lc.catalog_problems(lc.SITE_TEMPLATE, lc.SITE_TEMPLATE.parent / f"{lang}.po", lang) == []
    engine = lc.ENGINE_TEMPLATE.parent / lang / "LC_MESSAGES" / "petteia.po"
    assert lc.catalog_problems(lc.ENGINE_TEMPLATE, engine, lang) == []
    assert lc.catalog_problems(lc.PAGES_TEMPLATE, lc.PAGES_TEMPLATE.parent / "pages" / f"{lang}.po", lang) == []


def test_a_language_without_its_glossary_tooltips_or_page_words_fails() -> None:
    found = lc.problems("xx")  # a language with nothing at all
    assert "includes/abbreviations.xx.md: missing (the glossary's definitions on hover, in xx)" in found
    assert "docs/locale/pages/xx.po: missing" in found


def test_the_real_pages_pass_for_the_published_languages(monkeypatch: pytest.MonkeyPatch) -> None:
    # The one setting: mkdocs.yml's extra.published_languages (or PETTEIA_LANGUAGES).
    monkeypatch.delenv("PETTEIA_LANGUAGES", raising=False)
    published = lc.published_languages()
    assert published[0] == "en"
    assert lc.main([]) == 0
    for lang in published[1:]:
        assert lc.problems(lang) == []


def test_publishing_a_language_with_a_missing_twin_fails(monkeypatch: pytest.MonkeyPatch) -> None:
    # The real docs/ with Italian published: any English page without its twin is named.
    monkeypatch.setenv("PETTEIA_LANGUAGES", "en,it")
    assert lc.published_languages() == ["en", "it"]
    missing = [p for p in lc.english_pages() if not (lc.DOCS / lc.twin_of(p, "it")).exists()]
    found = lc.page_problems("it")
    assert [f"{lc.twin_of(p, 'it')}: missing (the it twin of {p})" for p in missing] == [x for x in found if x.endswith(")") and "missing" in x]
    assert (lc.main([]) == 1) == bool(found)

"""The words of the pages the build writes itself (the puzzle sheet, the teachers' worksheets and
their answer sheets): a gettext catalog of their own, beside the front end's (catalog.py) and the
engine's (engine_catalog.py).

The generators write each sentence once, in English, as ``words.gettext("…")`` (or ``_("…")`` with
``_ = words.gettext``) or
``words.ngettext("…", "…", n)``, where ``words = page_words(lang)`` for the language being built.
Babel extracts those calls into ``docs/locale/pages.pot`` (kept in git; a test fails when it is out
of date); the translations are ``docs/locale/pages/<lang>.po``, read at build time (nothing is
compiled), and site_scripts/build/language_check.py refuses a language with one missing.

    python -m site_scripts.build.page_words --update   # rewrite pages.pot, bring every .po up to it
"""

from __future__ import annotations

import argparse
import gettext
import io
from functools import cache
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

from site_scripts.build.catalog import template_text  # the same stable .pot form

ROOT = Path(__file__).resolve().parents[2]
TEMPLATE = ROOT / "docs" / "locale" / "pages.pot"
FOLDER = ROOT / "docs" / "locale" / "pages"
#: The modules that write pages, whose words are in this catalog.
SOURCES = ("site_scripts/build/offline_page.py", "site_scripts/build/not_found_page.py", "site_scripts/build/puzzle_pages.py", "site_scripts/build/worksheets.py", "site_scripts/build/lab_charts.py", "site_scripts/build/lab_page.py")
KEYWORDS = {"_": None, "gettext": None, "ngettext": (1, 2)}


@cache
def page_words(lang: str) -> gettext.NullTranslations:
    """The translations of ``lang`` (English, or a language without a catalog: the text itself)."""
    po = FOLDER / f"{lang}.po"
    if lang == "en" or not po.exists():
        return gettext.NullTranslations()
    with po.open("rb") as f:
        catalog = read_po(f, locale=lang)
    out = io.BytesIO()
    write_mo(out, catalog)
    out.seek(0)
    return gettext.GNUTranslations(out)


def extract_template() -> Catalog:
    """Every text of a gettext()/ngettext() call in :data:`SOURCES`, with where it is used."""
    catalog = Catalog(project="Petteia", fuzzy=False)
    for rel in SOURCES:
        with (ROOT / rel).open("rb") as f:
            for line, message, comments, context in extract("python", f, keywords=KEYWORDS):
                catalog.add(message, locations=[(rel, line)], auto_comments=comments, context=context)
    return catalog


def update() -> list[Path]:
    """Rewrite the template from the code and bring every language's .po up to it (translations kept)."""
    TEMPLATE.write_text(template_text(extract_template()), encoding="utf-8")
    written = [TEMPLATE]
    for po in sorted(FOLDER.glob("*.po")):
        with TEMPLATE.open("rb") as f:
            template = read_po(f)  # afresh for each language: update() may share the template's messages
        with po.open("rb") as f:
            catalog = read_po(f, locale=po.stem)
        created = catalog.creation_date
        catalog.update(template, no_fuzzy_matching=True)
        catalog.creation_date = created  # the header changes only when a message does
        catalog.obsolete.clear()
        with po.open("wb") as f:
            write_po(f, catalog, width=0, include_previous=False)
        written.append(po)
    return written


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--update", action="store_true", help="rewrite pages.pot and update docs/locale/pages/*.po")
    args = parser.parse_args()
    if args.update:
        for path in update():
            print(f"wrote {path.relative_to(ROOT)}")


if __name__ == "__main__":
    main()

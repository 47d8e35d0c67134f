"""Whether every published language is complete: run by ``make build`` after mkdocs; exit 1 if not.

For each published language other than English (``extra.published_languages`` in mkdocs.yml, or
``PETTEIA_LANGUAGES``; site_scripts/build/languages.py):

(a) every English page ``docs/<page>.md`` has its twin ``docs/<page>.<lang>.md``;
(b) every twin's ```petteia board fences are the English page's, in the same order, line for
    line, but for their ``caption:`` lines (the boards, lines and puzzles are the same; only the
    words under them are translated);
(c) every message of the front end's catalog (docs/locale/site.pot), of the engine's
    (petteia_core/locale/petteia.pot) and of the generated pages' (docs/locale/pages.pot) has a
    translation in the language's ``.po``, with every plural form, and none is fuzzy.

    python -m site_scripts.build.language_check                 # the published languages
    python -m site_scripts.build.language_check --languages it  # these ones, published or not
"""

from __future__ import annotations

import argparse
import os
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs"
SITE_TEMPLATE = DOCS / "locale" / "site.pot"
ENGINE_TEMPLATE = ROOT / "petteia_core" / "locale" / "petteia.pot"
PAGES_TEMPLATE = DOCS / "locale" / "pages.pot"  # the pages the build writes (site_scripts/build/page_words.py)
#: Folders of docs/ that hold no pages (mkdocs.yml exclude_docs).
NOT_PAGES = ("locale/", "dev/", "assets/")
_TWIN = re.compile(r"\.[a-z]{2}(?:_[A-Z]{2})?\.md$")
_FENCE = re.compile(r"^(?P<indent>[ \t]*)(?P<ticks>`{3,}|~{3,})[ \t]*petteia\b.*?^(?P=indent)(?P=ticks)[ \t]*$", re.S | re.M)
_CAPTION = re.compile(r"^\s*caption\s*:")


def published_languages(config_file: Path = ROOT / "mkdocs.yml") -> list[str]:
    """The published languages as the build sees them (the environment first, then mkdocs.yml)."""
    from site_scripts.build.languages import published

    if os.environ.get("PETTEIA_LANGUAGES"):
        return published(os.environ["PETTEIA_LANGUAGES"])
    match = re.search(r"^\s*published_languages:\s*!ENV\s*\[\s*PETTEIA_LANGUAGES\s*,\s*\"([^\"]*)\"\s*\]", config_file.read_text(encoding="utf-8"), re.M)
    if not match:
        raise SystemExit(f"{config_file.name}: no extra.published_languages setting")
    return published(match.group(1))


def english_pages(docs: Path = DOCS) -> list[str]:
    """The English pages (paths relative to ``docs``): every .md that is not a twin."""
    pages = []
    for path in sorted(docs.rglob("*.md")):
        rel = path.relative_to(docs).as_posix()
        if not rel.startswith(NOT_PAGES) and not _TWIN.search(rel):
            pages.append(rel)
    return pages


def twin_of(page: str, lang: str) -> str:
    return page[: -len(".md")] + f".{lang}.md"


def fences(markdown: str) -> list[list[str]]:
    """The page's board fences, each as its lines without the ``caption:`` ones."""
    return [[line for line in m.group(0).splitlines() if not _CAPTION.match(line)] for m in _FENCE.finditer(markdown)]


def page_problems(lang: str, docs: Path = DOCS) -> list[str]:
    """(a) and (b) for one language: every missing twin and every twin whose fences differ."""
    problems = []
    for page in english_pages(docs):
        twin = docs / twin_of(page, lang)
        if not twin.exists():
            problems.append(f"{twin_of(page, lang)}: missing (the {lang} twin of {page})")
            continue
        mine, theirs = fences((docs / page).read_text(encoding="utf-8")), fences(twin.read_text(encoding="utf-8"))
        if len(mine) != len(theirs):
            problems.append(f"{twin_of(page, lang)}: {len(theirs)} board fences, {page} has {len(mine)}")
            continue
        for n, (a, b) in enumerate(zip(mine, theirs), 1):
            if a != b:
                diff = next((f"{x.strip()!r} / {y.strip()!r}" for x, y in zip(a, b) if x != y), "a line more or less")
                problems.append(f"{twin_of(page, lang)}: board fence {n} differs from {page} beyond its caption: {diff}")
    return problems


def catalog_problems(template: Path, po: Path, lang: str) -> list[str]:
    """(c) for one catalog: every message of ``template`` without a whole translation in ``po``."""
    from babel.messages.pofile import read_po

    if not po.exists():
        return [f"{po.relative_to(ROOT) if po.is_relative_to(ROOT) else po}: missing"]
    with template.open("rb") as f:
        wanted = read_po(f)
    with po.open("rb") as f:
        have = read_po(f, locale=lang)
    problems = []
    for message in wanted:
        if not message.id:
            continue
        got = have.get(message.id, context=message.context)
        forms = got.string if got is not None else None
        forms = list(forms) if isinstance(forms, (tuple, list)) else [forms]
        if got is None or got.fuzzy or not all(forms) or (isinstance(message.id, tuple) and len(forms) != have.num_plurals):
            key = message.id[0] if isinstance(message.id, tuple) else message.id
            problems.append(f"{po.name} ({lang}): no translation of {key!r}")
    return problems


def problems(lang: str, docs: Path = DOCS, site_template: Path = SITE_TEMPLATE,
             engine_template: Path = ENGINE_TEMPLATE) -> list[str]:
    """Everything that keeps ``lang`` from being published."""
    found = page_problems(lang, docs)
    found += catalog_problems(site_template, site_template.parent / f"{lang}.po", lang)
    found += catalog_problems(engine_template, engine_template.parent / lang / "LC_MESSAGES" / "petteia.po", lang)
    found += catalog_problems(PAGES_TEMPLATE, PAGES_TEMPLATE.parent / "pages" / f"{lang}.po", lang)
    glossary = ROOT / "includes" / f"abbreviations.{lang}.md"
    if not glossary.exists():
        found.append(f"includes/{glossary.name}: missing (the glossary's definitions on hover, in {lang})")
    return found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--languages", help="comma-separated languages to check (default: the published ones)")
    parser.add_argument("--docs", type=Path, default=DOCS, help="the pages' folder (default: docs/)")
    args = parser.parse_args(argv)
    langs = [x.strip() for x in args.languages.split(",")] if args.languages else published_languages()[1:]
    failed = 0
    for lang in langs:
        found = problems(lang, args.docs)
        for line in found:
            print(line, file=sys.stderr)
        failed += len(found)
        print(f"{lang}: {len(english_pages(args.docs))} pages, {'complete' if not found else f'{len(found)} problems'}")
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())

"""The pages' catalog of words (site_scripts/build/catalog.py, docs/assets/js/i18n.js): the template holds
every text the front end shows through t()/tn(), and a language is a catalog, not a code change."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from babel.messages.extract import extract

from site_scripts.build.catalog import (
    KEYWORDS,
    JS,
    TEMPLATE,
    VENDOR,
    index_module,
    language_module,
    compile_language,
    extract_pages,
    template_text,
    write_catalogs,
)

ROOT = Path(__file__).resolve().parents[2]


def test_template_matches_the_code():
    fresh = template_text(extract_pages())
    assert TEMPLATE.read_text(encoding="utf-8") == fresh, (
        "docs/locale/site.pot is out of date: run `.venv/bin/python -m site_scripts.build.catalog --update`"
    )


def test_template_is_not_empty():
    ids = [m.id for m in extract_pages() if m.id]
    assert len(ids) >= 50, len(ids)


def test_built_catalog_is_the_locale_folder(tmp_path):
    write_catalogs(target=tmp_path)
    fresh = {p.name: p.read_text(encoding="utf-8") for p in tmp_path.glob("catalog*.mjs")}
    built = {p.name: p.read_text(encoding="utf-8") for p in VENDOR.glob("catalog*.mjs")}
    assert set(fresh) == {"catalog.mjs", *(f"catalog-{po.stem}.mjs" for po in (ROOT / "docs" / "locale").glob("*.po"))}
    assert built == fresh


UK_PO = r'''
msgid ""
msgstr ""
"Content-Type: text/plain; charset=UTF-8\n"
"Plural-Forms: nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);\n"

msgid "Move now"
msgstr "Ходи зараз"

msgid "{side} rolled {a} and {b}"
msgstr "{side}: випало {a} і {b}"

msgid "{n} piece"
msgid_plural "{n} pieces"
msgstr[0] "{n} фігура"
msgstr[1] "{n} фігури"
msgstr[2] "{n} фігур"

msgid "Undo"
msgstr ""
'''

CHECK = r'''
import { translator } from "./js/i18n.js";
import { LANGUAGES } from "./vendor/catalog.mjs";
const { t, tn } = translator((await LANGUAGES.uk()).CATALOG);
const en = translator(undefined);
console.log(JSON.stringify({
  move: t("Move now"),
  rolled: t("{side} rolled {a} and {b}", { side: "Білі", a: 6, b: 3 }),
  untranslated: t("Undo"),
  unknown: t("Not in the catalog {x}", { x: 1 }),
  pieces: [1, 3, 5, 11, 21, 22, 25].map((n) => tn("{n} piece", "{n} pieces", n)),
  english: [1, 2].map((n) => en.tn("{n} piece", "{n} pieces", n)),
}));
'''


@pytest.mark.skipif(shutil.which("node") is None, reason="Node is needed")
def test_a_language_is_a_catalog(tmp_path):
    # A throwaway Ukrainian catalog through the real compiler and the real i18n.js.
    (tmp_path / "js").mkdir()
    (tmp_path / "vendor").mkdir()
    shutil.copy(JS / "i18n.js", tmp_path / "js" / "i18n.js")
    shutil.copy(JS / "fill.js", tmp_path / "js" / "fill.js")  # i18n.js fills placeholders with it
    (tmp_path / "vendor" / "catalog.mjs").write_text(index_module(["uk"]), encoding="utf-8")
    (tmp_path / "vendor" / "catalog-uk.mjs").write_text(language_module(compile_language(UK_PO, "uk")), encoding="utf-8")
    (tmp_path / "check.mjs").write_text(CHECK, encoding="utf-8")
    out = subprocess.run(["node", "check.mjs"], cwd=tmp_path, capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    got = json.loads(out.stdout)
    assert got["move"] == "Ходи зараз"
    assert got["rolled"] == "Білі: випало 6 і 3"
    assert got["untranslated"] == "Undo"  # an empty msgstr falls back to the English text
    assert got["unknown"] == "Not in the catalog 1"
    assert got["pieces"] == ["1 фігура", "3 фігури", "5 фігур", "11 фігур", "21 фігура", "22 фігури", "25 фігур"]
    assert got["english"] == ["1 piece", "2 pieces"]


# Every module of the front end: each reader-visible word comes from the catalog. What is not for
# readers: the console's messages (for developers), and Python source run by the worker.
CATALOGUED = sorted(JS.rglob("*.js"))
CONSOLE = {"log", "warn", "error", "info", "debug"}
#: Texts a reader never sees, with why.
NOT_SHOWN = {
    "the stored snapshot is damaged",  # snapshot.js: worker.js's startFromSnapshot catches it and starts Python anew
}
WORD = r"[A-Za-z][a-z]+"


def words_outside_the_catalog(path: Path) -> list[tuple[int, str]]:
    """String literals that read as words (two plain words or more) and are not inside t()/tn()."""
    import re

    from babel.messages.jslexer import tokenize, unquote_string

    found = []
    calls: list[str] = []  # the name before each open parenthesis
    last_name = ""
    before: list[str] = ["", ""]  # the two tokens before this one
    for token in tokenize(path.read_text(encoding="utf-8"), jsx=False, dotted=False, template_string=True):
        el_text = calls[-1:] == ["el"] and before == ["}", ","]  # el(tag, {attributes}, "text")
        before = [before[1], token.value]
        if token.type == "name":
            last_name = token.value
            continue
        if token.type == "operator" and token.value == "(":
            calls.append(last_name)
        elif token.type == "operator" and token.value == ")" and calls:
            calls.pop()
        elif token.type in ("string", "template_string") and not ({"t", "tn"} | CONSOLE) & set(calls):
            text = token.value[1:-1] if token.type == "template_string" else unquote_string(token.value)
            if "\n" in text or text.startswith(("import ", "use strict")) or text in NOT_SHOWN:
                continue  # Python source for the worker, or a directive
            plain = [w for w in re.split(r"\s+", re.sub(r"\$\{[^}]*\}", " ", text)) if re.fullmatch(WORD + r"[.,:;!?…]?", w)]
            if (len(plain) >= 2 or (el_text and plain)) and not text.lstrip().startswith(("//", "@")):
                found.append((token.lineno, text))
        last_name = ""
    return found


@pytest.mark.parametrize("path", CATALOGUED, ids=lambda p: p.relative_to(JS).as_posix())
def test_every_word_comes_from_the_catalog(path):
    assert words_outside_the_catalog(path) == []


# A t()/tn() call with a plain string: "…" or '…' (escapes allowed), found by a plain regex that
# knows nothing of template literals.
CALL = re.compile(r"""\btn?\(\s*(?:"((?:[^"\\\n]|\\.)*)"|'((?:[^'\\\n]|\\.)*)')""")


def calls_in_source(path: Path) -> list[tuple[int, str]]:
    """Every t("…")/tn("…") text of a module, with its line, read as plain text (comments too)."""
    text = path.read_text(encoding="utf-8")
    found = []
    for m in CALL.finditer(text):
        line = text.count("\n", 0, m.start()) + 1
        before = text[text.rfind("\n", 0, m.start()) + 1 : m.start()]
        if before.lstrip().startswith(("//", "*")):
            continue  # a comment that names a call
        found.append((line, json.loads('"' + (m.group(1) if m.group(1) is not None else m.group(2).replace('"', '\\"')) + '"')))
    return found


def test_no_call_is_hidden_from_babel():
    """Babel's lexer loses a t() whose arguments hold braces inside a template literal's ${…}
    (session 13: 'Roll: {a} and {b}.' reached readers in English). Every t("…") in the code must
    be in the extracted template."""
    extracted = {m.id if isinstance(m.id, str) else m.id[0] for m in extract_pages() if m.id}
    missing = [(p.relative_to(JS).as_posix(), line, text) for p in sorted(JS.rglob("*.js"))
               for line, text in calls_in_source(p) if text not in extracted]
    assert missing == [], "move these t() calls out of the template literal (Babel cannot see them there)"


def test_the_hidden_call_check_sees_a_call_babel_misses(tmp_path):
    """The check above can fail: a call inside ${…} with {…} arguments is found by the regex and
    missed by Babel."""
    js = tmp_path / "m.js"
    js.write_text('const s = `${t("Roll: {a} and {b}.", { a: 1, b: 2 })} more`;\nconst u = t("Plain one");\n')
    with js.open("rb") as f:
        babel = {message for _, message, _, _ in extract("javascript", f, keywords=KEYWORDS,
                                                          options={"parse_template_string": True})}
    found = {text for _, text in calls_in_source(js)}
    assert "Plain one" in babel and found == {"Roll: {a} and {b}.", "Plain one"}
    assert "Roll: {a} and {b}." not in babel

"""The engine's sentences come from one gettext catalog: the template is fresh, a second language is
a second catalog (compiled when the wheel is built), and web.set_language chooses it."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from petteia_core import web

pytestmark = pytest.mark.usefixtures("fresh_sessions")
ROOT = Path(__file__).resolve().parent.parent

babel = pytest.importorskip("babel", reason="Babel extracts and compiles the catalog (not inside Pyodide)")


def _write_catalog(po_dir: Path, translations: dict[str, str]) -> Path:
    """A throwaway catalog of a fake language ("xx"), written as .po and compiled to .mo."""
    from babel.messages.catalog import Catalog
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import write_po

    catalog = Catalog(locale="de")  # a locale Babel knows (two plural forms); the folder names "xx"
    for msgid, msgstr in translations.items():
        catalog.add(msgid, msgstr)
    folder = po_dir / "xx" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    with (folder / "petteia.po").open("wb") as f:
        write_po(f, catalog)
    out = io.BytesIO()
    write_mo(out, catalog)
    (folder / "petteia.mo").write_bytes(out.getvalue())
    return folder / "petteia.po"


@pytest.fixture
def english():
    yield
    web.set_language("en")


def test_the_committed_template_is_a_fresh_extraction():
    from site_scripts.build.engine_catalog import TEMPLATE, extract

    fresh = extract()
    committed = TEMPLATE.read_text(encoding="utf-8")
    missing = set(_msgids(fresh)) - set(_msgids(committed))
    stale = set(_msgids(committed)) - set(_msgids(fresh))
    assert not missing and not stale, f"run python -m site_scripts.build.engine_catalog (missing {missing}, stale {stale})"
    assert committed == fresh, "run python -m site_scripts.build.engine_catalog"


def _msgids(pot: str) -> list[str]:
    return [line for line in pot.splitlines() if line.startswith(("msgid ", "msgid_plural "))]


def test_a_second_language_is_a_second_catalog(tmp_path, english):
    _write_catalog(tmp_path, {"{side} to move.": "Tocca a {side}.", "White": "Bianco"})
    assert web.set_language("xx", localedir=tmp_path) == {"ok": True, "language": "xx"}
    assert web.language() == "xx"
    state = web.open("b", "classic")
    assert state["description"].startswith("Tocca a Bianco.")
    assert state["status"] == "Tocca a Bianco."
    assert web.puzzle_list()["rulesets"][0]["name"] == "Classic Petteia"  # not in the catalog: English
    web.set_language("en")
    assert web.view("b")["description"].startswith("White to move.")


def test_a_language_without_a_catalog_is_refused(tmp_path, english):
    reply = web.call('{"op": "set_language", "args": {"language": "zz"}}')
    assert '"ok": false' in reply and "zz" in reply
    assert web.language() == "en"


def test_the_wheel_carries_the_compiled_catalogs(tmp_path):
    from babel.messages.mofile import read_mo

    from site_scripts.build.engine_catalog import compiled_catalogs

    package = tmp_path / "petteia_core"
    (package / "locale").mkdir(parents=True)
    assert compiled_catalogs(package) == []
    _write_catalog(package / "locale", {"Black": "Nero"})
    (package / "locale" / "xx" / "LC_MESSAGES" / "petteia.mo").unlink()  # the build compiles it
    [(name, data)] = compiled_catalogs(package)
    assert name == "petteia_core/locale/xx/LC_MESSAGES/petteia.mo"
    assert read_mo(io.BytesIO(data)).get("Black").string == "Nero"


def test_the_wheel_build_compiles_each_language(tmp_path):
    from site_scripts.build.build_wheel import package_files

    package = tmp_path / "petteia_core"
    (package / "locale").mkdir(parents=True)
    (package / "__init__.py").write_text("")
    _write_catalog(package / "locale", {"Black": "Nero"})
    (package / "locale" / "xx" / "LC_MESSAGES" / "petteia.mo").unlink()
    names = [name for name, _ in package_files(tmp_path)]
    assert names == ["petteia_core/__init__.py", "petteia_core/locale/xx/LC_MESSAGES/petteia.mo"]

"""The engine's gettext catalog (petteia_core.web's sentences): extract the template, compile the
languages. (The pages' own catalog is site_scripts/build/catalog.py.)

    python -m site_scripts.build.engine_catalog            -> writes petteia_core/locale/petteia.pot
    python -m site_scripts.build.engine_catalog --check    -> exit 1 when the committed template is stale

The template is extracted with Babel (the mapping is ``petteia_core/locale/babel.cfg``) from the
calls ``_()``, ``ngettext()`` and ``N_()`` of petteia_core.web; it has no line numbers and a fixed
date, so it changes only when a message does. A language is
``petteia_core/locale/<lang>/LC_MESSAGES/petteia.po``; :func:`compiled_catalogs` turns each into
``petteia.mo`` when the wheel is built (site_scripts/build/build_wheel.py).
"""

from __future__ import annotations

import argparse
import datetime
import io
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
LOCALE = ROOT / "petteia_core" / "locale"
TEMPLATE = LOCALE / "petteia.pot"
MAPPING = LOCALE / "babel.cfg"
FIXED_DATE = datetime.datetime(2026, 1, 1, tzinfo=datetime.timezone.utc)


def extract(root: Path = ROOT) -> str:
    """The template's text, freshly extracted from the sources."""
    from babel.messages.catalog import Catalog
    from babel.messages.extract import extract_from_dir
    from babel.messages.frontend import parse_mapping_cfg
    from babel.messages.pofile import write_po

    with MAPPING.open(encoding="utf-8") as f:
        method_map, options_map = parse_mapping_cfg(f, filename=str(MAPPING))
    catalog = Catalog(project="petteia_core", version="1", copyright_holder="Petteia",
                      msgid_bugs_address="", creation_date=FIXED_DATE, revision_date=FIXED_DATE, fuzzy=False)
    for filename, lineno, message, comments, context in extract_from_dir(
            str(root), method_map, options_map, comment_tags=("Translators:",), strip_comment_tags=True):
        catalog.add(message, None, [(filename, lineno)], auto_comments=comments, context=context)
    out = io.BytesIO()
    write_po(out, catalog, width=100, include_lineno=False, sort_output=True)
    return out.getvalue().decode("utf-8")


def compiled_catalogs(package: Path) -> list[tuple[str, bytes]]:
    """Every ``<lang>/LC_MESSAGES/petteia.po`` under ``package``/locale compiled with Babel:
    [(the .mo's path in the wheel, its bytes)], sorted. A catalog with errors stops the build."""
    files: list[tuple[str, bytes]] = []
    pos = sorted((package / "locale").glob("*/LC_MESSAGES/*.po"))
    if not pos:
        return files
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    for po in pos:
        with po.open("rb") as f:
            catalog = read_po(f, locale=po.parent.parent.name)
        errors = [f"{po}: {message.id!r}: {err}" for message, errs in catalog.check() for err in errs]
        if errors:
            raise SystemExit("\n".join(errors))
        out = io.BytesIO()
        write_mo(out, catalog)
        files.append((po.with_suffix(".mo").relative_to(package.parent).as_posix(), out.getvalue()))
    return files


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="exit 1 when the committed template is stale")
    args = parser.parse_args(argv)
    fresh = extract()
    if args.check:
        if not TEMPLATE.exists() or TEMPLATE.read_text(encoding="utf-8") != fresh:
            print(f"{TEMPLATE.relative_to(ROOT)} is stale: run python -m site_scripts.build.engine_catalog", file=sys.stderr)
            return 1
        return 0
    TEMPLATE.write_text(fresh, encoding="utf-8")
    print(TEMPLATE.relative_to(ROOT))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

"""What the site says in a language, for the scenarios' checks: a message of the site's catalog
(docs/locale/<lang>.po) or of the engine's (petteia_core/locale/<lang>/LC_MESSAGES/petteia.po), its
{name}s filled in, as the page and the worker write it. English is the messages themselves.
"""

from __future__ import annotations

import gettext
from functools import lru_cache
from pathlib import Path

from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parents[2]
CATALOGS = ("docs/locale/{lang}.po", "petteia_core/locale/{lang}/LC_MESSAGES/petteia.po")


@lru_cache(maxsize=None)
def _messages(lang: str) -> dict:
    found: dict = {}
    for pattern in CATALOGS:
        with open(ROOT / pattern.format(lang=lang), "rb") as f:
            catalog = read_po(f, locale=lang)
        for message in catalog:
            if message.id:
                key = message.id[0] if isinstance(message.id, tuple) else message.id
                found.setdefault(key, (message.string, catalog.plural_expr))
    return found


def say(lang: str, text: str, *, plural: str | None = None, n: int | None = None, **names) -> str:
    """``text`` (``plural`` for ``n`` other than 1) in ``lang``, its {name}s filled with ``names``."""
    if lang == "en":
        chosen = plural if plural is not None and n != 1 else text
    else:
        string, rule = _messages(lang)[text]
        if isinstance(string, tuple):
            chosen = string[gettext.c2py(rule)(n)]
        else:
            chosen = string
        if not chosen:
            raise KeyError(f"{text!r} has no {lang} translation")
    return chosen.format(n=n, **names) if names or n is not None else chosen


def prefix(lang: str) -> str:
    """The site's folder of ``lang`` ("" for English)."""
    return "" if lang == "en" else f"{lang}/"

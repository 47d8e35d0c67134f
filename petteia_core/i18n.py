"""The engine's sentences come from one gettext catalog (domain ``petteia``), English as the msgid.

Every sentence or label the facade sends a reader goes through :func:`gettext` (imported as ``_``),
or :func:`ngettext` for a number's plural forms; strings kept in tables are marked with
:func:`gettext_noop` (imported as ``N_``) and looked up where they are used. Placeholders are
named (``{side}``) and filled with ``str.format`` after the lookup, so a translation may reorder
them. The template is ``petteia_core/locale/petteia.pot`` (extracted with
Babel: ``python -m site_scripts.build.engine_catalog``); a language is a second catalog,
``petteia_core/locale/<lang>/LC_MESSAGES/petteia.po``, compiled to ``petteia.mo`` when the wheel is
built. English needs no catalog: the msgids are the English sentences.
"""

from __future__ import annotations

import gettext as stdlib_gettext
from pathlib import Path

from .errors import PetteiaError

#: The catalog's domain (petteia.pot, <lang>/LC_MESSAGES/petteia.mo).
DOMAIN = "petteia"
#: Where the compiled catalogs are (inside the package, so the wheel carries them).
LOCALE_DIR = Path(__file__).resolve().parent / "locale"
#: The language of the msgids.
SOURCE_LANGUAGE = "en"

_catalog: stdlib_gettext.NullTranslations = stdlib_gettext.NullTranslations()
_language = SOURCE_LANGUAGE


def set_language(language: str = SOURCE_LANGUAGE, localedir: str | Path | None = None) -> dict[str, object]:
    """Choose the language of the engine's sentences from now on ("en": the English msgids).

    ``localedir`` (tests) replaces the package's ``locale`` folder. A language without a compiled
    catalog is refused with PetteiaError, and the language in use stays as it was.
    """
    global _catalog, _language
    if not isinstance(language, str) or not language.strip():
        raise PetteiaError(f"a language is a code such as 'en' or 'it', not {language!r}")
    language = language.strip()
    if language == SOURCE_LANGUAGE:
        catalog: stdlib_gettext.NullTranslations = stdlib_gettext.NullTranslations()
    else:
        try:
            catalog = stdlib_gettext.translation(DOMAIN, str(localedir or LOCALE_DIR), languages=[language])
        except OSError:
            raise PetteiaError(f"no catalog for the language {language!r}") from None
    _catalog, _language = catalog, language
    return {"ok": True, "language": language}


def language() -> str:
    """The language in use."""
    return _language


def gettext(message: str) -> str:
    """``message`` (its English msgid) in the language in use."""
    return _catalog.gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of a sentence for the number ``n``, in the language in use."""
    return _catalog.ngettext(singular, plural, n)


def gettext_noop(message: str) -> str:
    """Mark ``message`` for the catalog where it is kept in a table; :func:`gettext` translates it at use."""
    return message

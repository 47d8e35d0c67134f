"""The facade's name for the engine's one gettext catalog (petteia_core.i18n, which the renderer
uses too, below the facade): the same functions, so facade modules keep ``from .i18n import _``."""

from __future__ import annotations

from ..i18n import (  # noqa: F401 (re-exported)
    DOMAIN,
    LOCALE_DIR,
    SOURCE_LANGUAGE,
    gettext,
    gettext_noop,
    language,
    ngettext,
    set_language,
)

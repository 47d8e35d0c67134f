"""MkDocs hook (mkdocs.yml `hooks:`): the site's languages around mkdocs-static-i18n.

The i18n plugin (mkdocs.yml `plugins: i18n`) builds the English site at the root and then builds
the whole site again once per other language (``site/it/``, ``site/uk/``), running every hook
again each time. This module:

* applies the ONE setting of which languages are published, ``extra.published_languages``
  (``PETTEIA_LANGUAGES`` in the environment, e.g. ``en,it,uk``), to the plugin's ``build:``
  flags, before the plugin reads them (on_config, priority 100);
* gives the search the languages published: lunr's Italian stemmer for Italian; lunr has no
  Ukrainian, so a Ukrainian site is indexed with lunr's Russian module (its trimmer keeps Cyrillic
  words, which lunr's default trimmer would strip to nothing, and its Snowball stemmer removes the
  noun and adjective endings the two languages share: -ого, -ому, -ими, -ах, -ою …);
* chooses the engine's language (petteia_core.web.set_language) for the language being built,
  after the plugin has set it (on_config, priority -150), so board captions, SVG titles and the
  first-move data drawn by Python at build time are in the page's language; the engine's catalogs
  are compiled from their .po into ``build/locale`` for that;
* appends to every page the glossary's short definitions in the page's language
  (``includes/abbreviations.md``; ``includes/abbreviations.<lang>.md`` for another language), so a
  hard word is explained on hover in the words of the page (on_page_markdown);
* quiets the plugin's warning that its selector's "contextual link" does not work with
  navigation.instant: the theme's own language selector handles it (site_scripts/build/hooks.py
  keeps every language's pages out of the other languages' instant navigation).

``i18n_plugin(config)`` and ``building_other_language(config)`` tell the other hooks whether
they run inside one of the plugin's nested builds (hooks.py does the whole-site work once, at
the end of the outer build).
"""

from __future__ import annotations

import logging
from functools import cache
from pathlib import Path
from typing import Any

from mkdocs.plugins import CombinedEvent, event_priority

ROOT = Path(__file__).resolve().parents[2]
#: The engine's compiled catalogs for the build (the wheel carries its own copy).
BUILD_LOCALE = ROOT / "build" / "locale"
#: The search language for a site language lunr has no module for.
SEARCH_LANGUAGE = {"uk": "ru"}
DEFAULT = "en"
#: The glossary's short definitions, as Markdown abbreviations (python-markdown's abbr).
ABBREVIATIONS = ROOT / "includes" / "abbreviations.md"


def abbreviations_of(lang: str) -> Path:
    """The abbreviations file of ``lang``: English's, or ``includes/abbreviations.<lang>.md``."""
    return ABBREVIATIONS if lang == DEFAULT else ABBREVIATIONS.with_name(f"abbreviations.{lang}.md")


def published(value: Any) -> list[str]:
    """The published languages from the setting (a list, or a comma-separated string); English first."""
    items = value if isinstance(value, (list, tuple)) else str(value or "").split(",")
    langs = [str(x).strip() for x in items if str(x).strip()]
    return [DEFAULT, *dict.fromkeys(x for x in langs if x != DEFAULT)]


def i18n_plugin(config: Any) -> Any | None:
    """The mkdocs-static-i18n plugin instance, or None when the site is built without it."""
    return config.plugins.get("i18n") if hasattr(config, "plugins") else None


def building_other_language(config: Any) -> bool:
    """Whether this is one of the plugin's nested builds (a language other than the first)."""
    plugin = i18n_plugin(config)
    return bool(plugin is not None and plugin.building)


def current_language(config: Any) -> str:
    plugin = i18n_plugin(config)
    return (plugin.current_language if plugin is not None else None) or DEFAULT


class _QuietInstantWarning(logging.Filter):
    def filter(self, record: logging.LogRecord) -> bool:
        return "not compatible with theme.features = navigation.instant" not in record.getMessage()


#: The plugin's loggers (get_plugin_logger of its modules): a filter applies to its own logger only.
for _name in ("mkdocs.plugins.mkdocs_static_i18n", "mkdocs.plugins.mkdocs_static_i18n.reconfigure"):
    logging.getLogger(_name).addFilter(_QuietInstantWarning())


@event_priority(100)
def _publish(config: Any, **kwargs: Any) -> Any:
    plugin = i18n_plugin(config)
    if plugin is None or plugin.building:  # nested builds keep the outer build's choice
        return config
    langs = published(config["extra"].get("published_languages"))
    known = [lang.locale for lang in plugin.config.languages]
    unknown = [x for x in langs if x not in known]
    if unknown:
        raise SystemExit(f"extra.published_languages: {', '.join(unknown)} not among the i18n languages {', '.join(known)}")
    for lang in plugin.config.languages:
        lang.build = lang.locale in langs
    search = config.plugins.get("search") or config.plugins.get("material/search")
    if search is not None:
        search.config.lang = [*dict.fromkeys(SEARCH_LANGUAGE.get(x, x) for x in langs)]
    return config


def compile_engine_catalogs(target: Path = BUILD_LOCALE) -> Path:
    """Write every engine catalog's petteia.mo under ``target`` (as the wheel has them); return it."""
    from site_scripts.build.engine_catalog import compiled_catalogs

    for rel, data in compiled_catalogs(ROOT / "petteia_core"):
        path = target / Path(rel).relative_to("petteia_core/locale")
        path.parent.mkdir(parents=True, exist_ok=True)
        if not path.exists() or path.read_bytes() != data:
            path.write_bytes(data)
    return target


@event_priority(-150)
def _engine_language(config: Any, **kwargs: Any) -> Any:
    from petteia_core.web import set_language

    lang = current_language(config)
    set_language(lang, localedir=None if lang == DEFAULT else compile_engine_catalogs())
    return config


on_config = CombinedEvent(_publish, _engine_language)


def on_page_markdown(markdown: str, page: Any, config: Any, **kwargs: Any) -> str:
    """The page, with the glossary's definitions in its language appended (language_check makes
    sure a published language has its file)."""
    path = abbreviations_of(current_language(config))
    return markdown + "\n\n" + _glossary_text(path, path.stat().st_mtime_ns) if path.exists() else markdown


@cache
def _glossary_text(path: Path, mtime_ns: int) -> str:
    """A glossary file's text, read once per version of it (not once per page)."""
    return path.read_text(encoding="utf-8")


def generated_page(config: Any, src_uri: str, content: str) -> Any:
    """A page made by a hook (the puzzle sheet, the worksheets) for the language being built.

    Add it in an ``on_files`` of priority below the plugin's (-100): the plugin cannot place a
    file that has no source in docs/. In another language's build the page is the twin
    ``<name>.<lang>.md`` placed under ``/<lang>/`` as the plugin places a twin from docs/.
    """
    from mkdocs.structure.files import File

    plugin = i18n_plugin(config)
    if plugin is None:
        return File.generated(config, src_uri, content=content)
    from mkdocs_static_i18n.suffix import create_i18n_file

    lang = current_language(config)
    if lang != DEFAULT:
        src_uri = src_uri[: -len(".md")] + f".{lang}.md"
    page = create_i18n_file(File.generated(config, src_uri, content=content), lang, plugin.default_language,
                            plugin.all_languages, config)
    page.content_string = content
    return page


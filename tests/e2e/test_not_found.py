"""End to end, in Chromium: an address with no page shows "page not found" in the language of the
address (issue #33): from the project's server (serve.py, which the classroom archive ships too),
and, on a host that shows its one 404.html everywhere (GitHub Pages), from the service worker once
it is installed. The page's link leads home, in that language.
"""

from __future__ import annotations

import pytest
from e2e_support import browser, context, page, playwright_instance, serve, site_dir  # noqa: F401 (fixtures)

pytestmark = pytest.mark.browser

HEADINGS = {"en": "Page not found", "it": "Pagina non trovata", "uk": "Сторінку не знайдено"}


def folder(lang: str) -> str:
    return "" if lang == "en" else f"{lang}/"


@pytest.mark.parametrize("lang", ["en", "it", "uk"])
def test_the_server_answers_a_missing_page_in_its_language(serve, page, site_dir, lang):
    if lang != "en" and not (site_dir / lang / "index.html").exists():
        pytest.skip(f"an English-only build: no /{lang}/")
    url = serve()
    answer = page.goto(f"{url}{folder(lang)}rules/no-such-game/")
    assert answer.status == 404
    assert page.locator("html").get_attribute("lang") == lang
    assert page.locator("h1").first.inner_text() == HEADINGS[lang]
    page.locator("article a").first.click()
    page.wait_for_url(f"{url}{folder(lang)}")
    assert page.locator("html").get_attribute("lang") == lang
    assert [e for e in page.errors if "status of 404" not in e] == []  # the page's own 404 is no error


@pytest.mark.parametrize("lang", ["it", "uk"])
def test_the_service_worker_shows_the_languages_page_where_the_host_has_one(serve, page, site_dir, lang):
    if not (site_dir / lang / "index.html").exists():
        pytest.skip(f"an English-only build: no /{lang}/")
    url = serve("one-404")  # as GitHub Pages: the English 404.html at every missing address
    assert page.goto(f"{url}{lang}/no-such-page/").status == 404
    assert page.locator("h1").first.inner_text() == HEADINGS["en"]  # no service worker yet
    page.goto(f"{url}{lang}/glossary/")  # a page without boards: the worker registers after two seconds
    page.wait_for_function("!!navigator.serviceWorker.controller", timeout=30_000)
    answer = page.goto(f"{url}{lang}/no-such-page/")
    assert answer.status == 404
    assert page.locator("html").get_attribute("lang") == lang
    assert page.locator("h1").first.inner_text() == HEADINGS[lang]
    page.goto(f"{url}no-such-page/")  # an English address keeps the English page
    assert page.locator("h1").first.inner_text() == HEADINGS["en"]

"""Site search in Chromium: the index is downloaded only when the reader opens search, and then
search finds pages (docs/assets/js/search-lazy.js in front of mkdocs-material's bundle)."""

from __future__ import annotations

import pytest
from e2e_support import browser, context, page, playwright_instance, serve, site_dir  # noqa: F401 (fixtures)

pytestmark = pytest.mark.browser

QUERY = "[data-md-component=search-query]"
RESULTS = "[data-md-component=search-result] .md-search-result__item"


def index_requests(page) -> list[str]:
    requests: list[str] = []
    page.on("request", lambda r: "search_index.json" in r.url and requests.append(r.url))
    return requests


@pytest.mark.parametrize("open_with", ["click", "slash"])
def test_search_index_loads_when_search_opens(serve, page, open_with):
    requests = index_requests(page)
    page.goto(serve() + "rules/classic/")
    page.wait_for_load_state("networkidle")
    assert requests == [], "the search index was fetched before the reader opened search"
    if open_with == "click":
        page.locator(QUERY).click()
    else:
        page.keyboard.press("/")
    page.locator(QUERY).press_sequentially("Basileus")  # real keys: the theme searches on keyup
    page.wait_for_selector(RESULTS, timeout=20_000)
    assert len(requests) == 1
    titles = page.locator(RESULTS).all_inner_texts()
    assert any("Tournament" in t or "Basileus" in t for t in titles), titles
    assert not page.errors


def test_search_survives_instant_navigation(serve, page):
    # navigation.instant keeps the theme's bundle (and the released index) across pages.
    requests = index_requests(page)
    page.goto(serve())
    page.keyboard.press("/")
    page.locator(QUERY).press_sequentially("Polybius")  # real keys: the theme searches on keyup
    page.wait_for_selector(RESULTS, timeout=20_000)
    page.locator(RESULTS).first.click()
    page.wait_for_load_state("networkidle")
    page.keyboard.press("/")
    page.locator(QUERY).press_sequentially("Zeno")  # real keys: the theme searches on keyup
    page.wait_for_selector(RESULTS, timeout=20_000)
    assert len(requests) == 1
    assert not page.errors


@pytest.mark.parametrize("lang, query, word", [
    ("it", "catture", "cattur"),  # lunr's Italian stemmer: "cattura", "catturati" too
    ("uk", "фішками", "фішк"),  # the Russian module's stemmer: "фішки", "фішку" too
])
def test_search_finds_pages_in_the_readers_language(serve, page, lang, query, word):
    """Issue #33: on the Italian (Ukrainian) site, search looks in the Italian (Ukrainian) pages
    and its results open pages of that language."""
    page.goto(serve() + f"{lang}/rules/classic/")
    page.keyboard.press("/")
    page.locator(QUERY).press_sequentially(query)  # real keys: the theme searches on keyup
    page.wait_for_selector(RESULTS, timeout=20_000)
    links = page.locator(f"{RESULTS} a").evaluate_all("(as) => as.map((a) => new URL(a.href).pathname)")
    assert links and all(p.startswith(f"/{lang}/") for p in links), links
    texts = " ".join(page.locator(RESULTS).all_inner_texts()).lower()
    assert word in texts, texts[:300]
    assert not page.errors

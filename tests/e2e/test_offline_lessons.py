"""End to end, in Chromium: a device prepared for the lessons (issue #22). After "Make available
offline" on the teachers' check page, every page the lesson plans link to loads with the network
gone, and the check page says everything is stored; a page taken out of the store, opened offline,
shows the site's offline page with links to what is stored, and the check page names it."""

from __future__ import annotations

import posixpath
import re

import pytest
from e2e_support import ROOT, browser, context, page, playwright_instance, serve, site_dir  # noqa: F401 (fixtures)
from test_offline import DOWNLOAD_MS, served  # noqa: F401 (fixture)

pytestmark = pytest.mark.browser

TEACHERS = ROOT / "docs" / "teachers"
CHECK = "teachers/check/"
VERDICT = "#petteia-offline-check .petteia-check-verdict"


def lesson_pages():
    """Every page of the site the lesson plans link to, as (site path, fragment)."""
    found = set()
    for md in sorted(TEACHERS.glob("lesson-*.md")):
        for target, frag in re.findall(r"\]\(([^)#:\s]+\.md)(?:#([^)\s]*))?\)", md.read_text(encoding="utf-8")):
            doc = posixpath.normpath(posixpath.join("teachers", target))
            path = doc[: -len("index.md")] if doc.endswith("index.md") else doc[: -len(".md")] + "/"
            found.add((path, frag or ""))
    return sorted(found)


def check_page(page, url):
    page.goto(url + CHECK)
    page.wait_for_selector(VERDICT, timeout=30_000)
    return page.locator("#petteia-offline-check").get_attribute("data-state"), page.locator(VERDICT).inner_text()


def test_a_prepared_device_has_every_lesson_page_offline(served, page, site_dir):
    url, stop = served
    pages = lesson_pages()
    assert len({p for p, _ in pages}) >= 10, pages
    state, text = check_page(page, url)
    assert state == "missing" and text.startswith("Not everything is stored here yet"), text
    # The button on the check page says what it will store, and how long it takes.
    status = page.locator(".md-content .petteia-offline-status")
    page.wait_for_function("() => document.querySelector('.md-content .petteia-offline-status').textContent.includes('MB')")
    assert "seconds" in status.inner_text() or "minutes" in status.inner_text(), status.inner_text()
    page.click(".md-content .petteia-offline-button")
    page.wait_for_function("() => document.querySelector('.md-content .petteia-offline').dataset.state !== 'running'",
                           timeout=DOWNLOAD_MS)
    assert status.inner_text().startswith("Done"), status.inner_text()
    state, text = check_page(page, url)
    assert state == "complete" and text.startswith("Everything for the lessons is stored here"), text
    page.wait_for_function("!!navigator.serviceWorker.controller", timeout=30_000)

    stop()  # no network from here on
    for path, frag in pages:
        page.goto(f"{url}{path}#{frag}" if frag else url + path)
        h1 = page.locator("h1").first.inner_text()
        assert "offline" not in h1.lower(), (path, h1)
        if frag.startswith("present="):
            page.wait_for_selector(f"figure#{frag[len('present='):]}.is-presenting", timeout=10_000)
    page.goto(url + "play/try/")
    page.wait_for_selector("figure#try-capture.is-live", timeout=60_000)  # the live boards, from the store
    state, text = check_page(page, url)
    assert state == "complete", text

    # A page taken out of the store: the site's offline page, with links to what is stored.
    removed = page.evaluate("""async () => {
      const name = (await caches.keys()).find((n) => n.startsWith('petteia-') && n !== 'petteia-offline-v1');
      const cache = await caches.open(name);
      // The English glossary only (its Italian and Ukrainian twins, /it/glossary/ and /uk/glossary/, stay).
      const keys = (await cache.keys()).filter((k) => new URL(k.url).pathname === '/glossary/');
      for (const k of keys) await cache.delete(k);
      return keys.length;
    }""")
    assert removed >= 1
    page.goto(url + "glossary/")
    assert "offline" in page.locator("h1").first.inner_text().lower()
    links = page.locator("#petteia-stored-pages a")
    links.first.wait_for(timeout=15_000)
    hrefs = links.evaluate_all("(as) => as.map((a) => a.getAttribute('href'))")
    assert len(hrefs) >= 20 and url + "glossary/" not in hrefs, hrefs  # (the Italian and Ukrainian glossaries stay)
    assert any(h.endswith("/rules/classic/") for h in hrefs), hrefs
    page.locator("#petteia-stored-pages a", has_text="Classic Petteia").first.click()
    page.wait_for_selector("h1:has-text('Classic Petteia')", timeout=15_000)
    # The check page names what is missing.
    state, text = check_page(page, url)
    assert state == "missing" and "1 of" in text, text
    assert "glossary/" in page.locator("#petteia-offline-check").inner_text()

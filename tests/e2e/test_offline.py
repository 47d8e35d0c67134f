"""End to end, in Chromium: "Make available offline" (offline.js, sw.js, offline-manifest.json).

The button stores every file of the built site in the service worker's cache with visible
progress; then the server is stopped and the site must still load, navigate and play.
"""

from __future__ import annotations

import json

import pytest
from e2e_support import browser, context, page, playwright_instance, serve, site_dir  # noqa: F401 (fixtures)
from test_boards import click_square, wait_live, wait_status

from site_scripts.serve import serve_in_thread

pytestmark = pytest.mark.browser

DOWNLOAD_MS = 120_000

# Every text the page's offline status line shows, in order (a MutationObserver keeps them).
WATCH_STATUS = """() => {
  window.__offlineSeen = [];
  const status = document.querySelector('.md-content .petteia-offline-status');
  new MutationObserver(() => window.__offlineSeen.push(status.textContent))
    .observe(status, { childList: true, characterData: true, subtree: true });
}"""


def open_offline_widget(page, url):
    page.goto(url + "hosting/")
    page.wait_for_selector(".md-content .petteia-offline-button")
    page.evaluate(WATCH_STATUS)


def test_make_available_offline_then_stop_the_server(site_dir, browser):
    manifest = json.loads((site_dir / "offline-manifest.json").read_text())
    n = len(manifest["files"])
    server, url = serve_in_thread(site_dir, port=0)
    context = browser.new_context()
    stopped = False
    try:
        page = context.new_page()
        errors = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        open_offline_widget(page, url)
        assert page.locator(".md-footer .petteia-offline-button").count() == 1  # also in the footer
        page.click(".md-content .petteia-offline-button")
        page.wait_for_function(
            "() => document.querySelector('.md-content .petteia-offline').dataset.state !== 'running'",
            timeout=DOWNLOAD_MS,
        )
        final = page.locator(".md-content .petteia-offline-status").inner_text()
        assert final.startswith(f"Done: all {n} files"), final
        seen = page.evaluate("window.__offlineSeen")
        progress = [s for s in seen if s.startswith("Saving for offline use:")]
        assert progress, seen
        assert f"of {n} files" in progress[0]
        assert progress[-1].startswith(f"Saving for offline use: {n} of {n} files")
        # The cache holds every file of the manifest, under this release's name.
        cached = page.evaluate(
            "async (v) => (await (await caches.open('petteia-' + v)).keys()).length", manifest["version"]
        )
        assert cached >= n
        page.wait_for_function("!!navigator.serviceWorker.controller", timeout=30_000)

        server.shutdown()
        server.server_close()
        stopped = True
        page.reload()
        assert page.locator("h1").first.inner_text().startswith("Hosting the site")
        page.wait_for_function(
            "() => document.querySelector('.md-content .petteia-offline-status').textContent"
            f".startsWith('Available offline: all {n} files')"
        )
        # Another page, never opened before, by a link (instant navigation) and then by a full load.
        page.click('nav a[href$="rules/classic/"]')
        page.wait_for_selector("h1:has-text('Classic Petteia')")
        page.goto(url + "play/try/")
        wait_live(page, "try-capture")  # Pyodide, the wheel and the worker, all from the cache
        click_square(page, "try-capture", 0)
        click_square(page, "try-capture", 16)
        wait_status(page, "try-capture", "Α1-Α3xΒ3")
        assert errors == []
    finally:
        context.close()
        if not stopped:
            server.shutdown()
            server.server_close()


def test_a_failed_download_says_so_and_can_be_retried(serve, page):
    url = serve("no-runtime")  # the Pyodide folder answers 404
    open_offline_widget(page, url)
    page.click(".md-content .petteia-offline-button")
    page.wait_for_function(
        "() => document.querySelector('.md-content .petteia-offline').dataset.state === 'failed'", timeout=DOWNLOAD_MS
    )
    text = page.locator(".md-content .petteia-offline-status").inner_text()
    assert text.startswith("Failed: assets/vendor/pyodide-") and "HTTP 404" in text, text
    assert "press the button again" in text
    assert page.locator(".md-content .petteia-offline-button").inner_text() == "Try again"
    assert page.locator(".md-content .petteia-offline-button").is_enabled()

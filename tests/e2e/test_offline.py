"""End to end, in Chromium: "Make available offline" (offline.js, sw.js, offline-manifest.json).

The button stores every file of the built site in the service worker's cache with visible
progress; then the server is stopped and the site must still load, navigate and play.
"""

from __future__ import annotations

import json
import re
import time

import pytest
from e2e_support import shown_text, browser, context, page, playwright_instance, serve, site_dir  # noqa: F401 (fixtures)
from test_boards import click_square, wait_live, wait_status

from site_scripts.build.serve import serve_in_thread

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


# ---------------------------------------------------------------- a damaged offline copy (issue 20)
RUNTIME = ("pyodide.asm.wasm", "python_stdlib.zip", "pyodide.asm.mjs", "pyodide-lock.json", "worker.js", ".whl")

# Every stored entry whose path ends with `name` is replaced by `kind`: "html" (a web page stored
# in the file's place), "half" (the first half of the stored file), "stub" (an 8-byte .wasm) or
# "copy" (the same bytes, stored without the service worker's headers, as offline.js stores a file).
POISON = """async ([name, kind]) => {
    const [cacheName] = (await caches.keys()).filter((n) => n.startsWith('petteia-'));
    const cache = await caches.open(cacheName);
    let n = 0;
    for (const request of await cache.keys()) {
        if (!new URL(request.url).pathname.endsWith(name)) continue;
        const stored = await cache.match(request);
        let body = '<!doctype html><html><body><h1>404 Not Found</h1></body></html>';
        let type = 'text/html';
        if (kind === 'half') {
            const data = await stored.arrayBuffer();
            body = data.slice(0, data.byteLength >> 1);
            type = stored.headers.get('content-type');
        } else if (kind === 'copy') {
            body = await stored.arrayBuffer();
            type = stored.headers.get('content-type');
        } else if (kind === 'stub') {
            body = new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0]);
            type = 'application/wasm';
        }
        await cache.put(request, new Response(body, { headers: { 'Content-Type': type } }));
        n += 1;
    }
    return n;
}"""

# The stored size of every entry whose path ends with `name` (a list: one per stored key).
STORED_SIZES = """async (name) => {
    const [cacheName] = (await caches.keys()).filter((n) => n.startsWith('petteia-'));
    const cache = await caches.open(cacheName);
    const sizes = [];
    for (const request of await cache.keys()) {
        if (new URL(request.url).pathname.endsWith(name)) sizes.push((await (await cache.match(request)).arrayBuffer()).byteLength);
    }
    return sizes;
}"""

RUNTIME_KEPT = """async (names) => {
    const cacheNames = (await caches.keys()).filter((n) => n.startsWith('petteia-'));
    if (cacheNames.length !== 1) return false;
    const keys = (await (await caches.open(cacheNames[0])).keys()).map((r) => new URL(r.url).pathname);
    return names.every((n) => keys.some((k) => k.endsWith(n)));
}"""


def wait_until(page, script, arg, seconds=60, what="the condition"):
    """Poll an async page function until it returns true (wait_for_function takes a promise as true)."""
    deadline = time.monotonic() + seconds
    while not page.evaluate(script, arg):
        assert time.monotonic() < deadline, f"timed out waiting for {what}"
        time.sleep(0.5)


def size_in_site(site_dir, name):
    return next(p for p in site_dir.rglob("*") if p.is_file() and p.name.endswith(name)).stat().st_size


def open_board_and_keep_runtime(page, url):
    page.goto(url + "play/try/")
    wait_live(page, "try-capture")
    page.wait_for_function("!!navigator.serviceWorker.controller", timeout=30_000)
    wait_until(page, RUNTIME_KEPT, list(RUNTIME), what="the service worker to keep the runtime")


@pytest.fixture
def served(site_dir):
    """A server and its address; ``stop()`` takes the network away (stopped after the test anyway)."""
    server, url = serve_in_thread(site_dir, port=0)
    state = {"up": True}

    def stop():
        if state["up"]:
            state["up"] = False
            server.shutdown()
            server.server_close()

    yield url, stop
    stop()


def test_a_damaged_stored_runtime_is_replaced_not_served(served, page, site_dir):
    url, _ = served
    open_board_and_keep_runtime(page, url)
    wheel = ".whl"
    assert page.evaluate(POISON, ["python_stdlib.zip", "html"]) >= 1
    assert page.evaluate(POISON, [wheel, "half"]) >= 1
    assert page.evaluate(POISON, ["pyodide.asm.wasm", "stub"]) >= 1
    page.reload()
    wait_live(page, "try-capture")  # today: "Program terminated with exit(1)", in this browser for good
    click_square(page, "try-capture", 0)
    click_square(page, "try-capture", 16)
    wait_status(page, "try-capture", "Α1-Α3xΒ3")
    for name in ("python_stdlib.zip", wheel, "pyodide.asm.wasm"):  # the good files are stored again
        wait_until(page, "async ([n, size]) => (await (" + STORED_SIZES + ")(n)).every((s) => s === size)",
                   [name, size_in_site(site_dir, name)], what=f"{name} to be stored again")


# For every stored entry whose path ends with `name`: its X-Petteia-Checked mark (the SHA-256 the
# service worker matched when it stored or first served it) and whether it carries the isolation
# headers (so the worker passes it on as stored).
MARKS = """async (name) => {
    const [cacheName] = (await caches.keys()).filter((n) => n.startsWith('petteia-'));
    const cache = await caches.open(cacheName);
    const marks = [];
    for (const request of await cache.keys()) {
        if (!new URL(request.url).pathname.endsWith(name)) continue;
        const h = (await cache.match(request)).headers;
        marks.push([h.get('x-petteia-checked'), h.get('cross-origin-embedder-policy') === 'require-corp']);
    }
    return marks;
}"""

def test_checked_copies_are_marked_and_an_unmarked_copy_is_still_checked(served, page, site_dir):
    url, _ = served
    manifest = {f["url"].rsplit("/", 1)[-1]: f["sha256"] for f in json.loads((site_dir / "offline-manifest.json").read_text())["files"]}
    open_board_and_keep_runtime(page, url)
    # Stored by the service worker: marked with the file's SHA-256 in the build's manifest.
    for name in ("pyodide.asm.wasm", "python_stdlib.zip", "pyodide.asm.mjs"):
        assert page.evaluate(MARKS, name) == [[manifest[name], True]], name
    # A copy stored without the mark (as offline.js stores one) is checked before it is served:
    # intact, the board plays; damaged (test_a_damaged_stored_runtime_is_replaced_not_served), not.
    assert page.evaluate(POISON, ["pyodide.asm.wasm", "copy"]) == 1
    assert page.evaluate(MARKS, "pyodide.asm.wasm") == [[None, False]]
    page.evaluate("() => indexedDB.deleteDatabase('petteia-python')")  # no snapshot: the .wasm is used
    page.reload()
    wait_live(page, "try-capture")
    click_square(page, "try-capture", 0)
    click_square(page, "try-capture", 16)
    wait_status(page, "try-capture", "Α1-Α3xΒ3")


def test_a_damaged_stored_file_with_no_network_is_named(served, page):
    url, stop = served
    open_board_and_keep_runtime(page, url)
    assert page.evaluate(POISON, ["python_stdlib.zip", "half"]) >= 1
    stop()
    page.context.new_cdp_session(page).send("Network.clearBrowserCache")  # no good copy anywhere
    page.reload()
    page.wait_for_selector("figure#try-capture.is-error", timeout=15_000)
    text = shown_text(page.locator("figure#try-capture .petteia-status"))
    # The browser's copy is at fault, not the server's: say so, and what to do.
    assert "python_stdlib.zip" in text and "stored in this browser" in text and "reload the page" in text, text
    assert "exit(1)" not in text, text


def test_make_available_offline_repairs_damaged_files(served, page, site_dir):
    url, stop = served
    manifest = json.loads((site_dir / "offline-manifest.json").read_text())
    open_offline_widget(page, url)
    button = page.locator(".md-content .petteia-offline-button")
    state = "() => document.querySelector('.md-content .petteia-offline').dataset.state !== 'running'"
    button.click()
    page.wait_for_function(state, timeout=DOWNLOAD_MS)
    assert page.locator(".md-content .petteia-offline-status").inner_text().startswith("Done")
    assert page.evaluate(POISON, ["python_stdlib.zip", "html"]) >= 1
    assert page.evaluate(POISON, ["pyodide.asm.wasm", "half"]) >= 1
    button.click()
    page.wait_for_function(state, timeout=DOWNLOAD_MS)
    text = page.locator(".md-content .petteia-offline-status").inner_text()
    assert text.startswith("Done"), text
    # Both copies were damaged; a page request may already have made the service worker replace one
    # of them, so the button repairs one or both, and every copy is whole afterwards (checked below).
    repaired = re.search(r"Repaired ([12]) damaged files?: (.*?)\. ", text)
    assert repaired, text
    named = repaired.group(2).split(", ")
    assert len(named) == int(repaired.group(1)), text
    assert all(n.endswith(("python_stdlib.zip", "pyodide.asm.wasm")) for n in named), text
    for name in ("python_stdlib.zip", "pyodide.asm.wasm"):
        assert set(page.evaluate(STORED_SIZES, name)) == {size_in_site(site_dir, name)}, name
    # The repaired copy works without a network.
    stop()
    page.goto(url + "play/try/")
    wait_live(page, "try-capture")
    assert len(manifest["files"]) > 0


# ---------------------------------------------------------------- a page never visited, offline
def test_an_unvisited_page_offline_shows_the_sites_offline_page(served, page):
    url, stop = served
    page.goto(url + "glossary/")  # a page without boards: the worker registers after two seconds
    page.wait_for_function("!!navigator.serviceWorker.controller", timeout=30_000)
    page.wait_for_timeout(1000)  # the worker's install (which stores the offline page) has settled
    stop()
    # By a full load: today the browser's own error page (sw.js falls back to a 404.html it never stored).
    page.goto(url + "rules/poleis/")
    heading = page.locator("h1").first.inner_text()
    assert "offline" in heading.lower(), heading
    text = page.locator(".md-content").inner_text()
    assert "Make available offline" in text, text
    assert page.locator(".md-header").count() == 1  # the site's own page, with its header
    # By a link (instant navigation) from a page that is stored.
    page.goto(url + "glossary/")
    page.click('nav a[href$="rules/vagi/"]')
    page.wait_for_function("() => document.querySelector('h1')?.textContent.toLowerCase().includes('offline')",
                           timeout=15_000)


@pytest.mark.parametrize("lang, heading, button, listed", [
    ("it", "Sei offline", "Rendi disponibile offline", "Salvat"),
    ("uk", "Ви офлайн", "Зробити доступним офлайн", "Збережено в цьому браузері"),
])
def test_an_unvisited_page_offline_speaks_its_language(served, page, site_dir, lang, heading, button, listed):
    """Issue #33: an Italian (Ukrainian) page that is not stored, opened offline, shows the offline
    page in Italian (Ukrainian): its heading, its navigation, the button, and the stored pages."""
    if not (site_dir / lang / "index.html").exists():
        pytest.skip(f"an English-only build: no /{lang}/")
    url, stop = served
    page.goto(f"{url}{lang}/glossary/")  # a page without boards: the worker registers after two seconds
    page.wait_for_function("!!navigator.serviceWorker.controller", timeout=30_000)
    page.wait_for_timeout(1000)  # the worker's install (which stores the offline pages) has settled
    footer = page.locator(".md-footer-meta .petteia-offline-button")
    assert footer.inner_text() == button  # the footer's button, on a stored page too
    stop()
    page.goto(f"{url}{lang}/rules/poleis/")
    assert page.locator("h1").first.inner_text() == heading
    assert page.locator("html").get_attribute("lang") == lang
    page.locator("#petteia-stored-pages p").first.wait_for(timeout=15_000)
    assert page.locator("#petteia-stored-pages p").first.inner_text().startswith(listed)
    assert page.locator(".md-footer-meta .petteia-offline-button").inner_text() == button
    # A stored page, from the list: the Italian (Ukrainian) glossary, read offline.
    page.locator(f'#petteia-stored-pages a[href$="/{lang}/glossary/"]').click()
    page.wait_for_function(f"() => location.pathname.endsWith('/{lang}/glossary/')", timeout=15_000)
    assert page.locator("h1").first.inner_text() != heading


def test_offline_before_the_service_worker_registers_it_registers_once_back_online(serve, browser):
    """A reader whose network drops in the first seconds of a visit still gets the offline copy:
    the failed registration is tried again when the network comes back."""
    context = browser.new_context()
    try:
        page = context.new_page()
        page.goto(serve() + "history/")
        registered = "() => navigator.serviceWorker.getRegistration().then((r) => !!r)"
        context.set_offline(True)  # before the page registers its worker (2 s after load)
        page.wait_for_timeout(3_000)
        assert page.evaluate(registered) is False
        context.set_offline(False)
        active = "() => navigator.serviceWorker.getRegistration().then((r) => !!r && !!r.active)"
        deadline = time.monotonic() + 8  # the retry comes 2 s after the network is back
        while not page.evaluate(active):
            assert time.monotonic() < deadline, "the service worker was not registered after the network came back"
            page.wait_for_timeout(250)
    finally:
        context.close()

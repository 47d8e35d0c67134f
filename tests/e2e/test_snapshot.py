"""End to end, in Chromium: the Python worker's memory snapshot (docs/assets/js/snapshot.js).

The first visit starts Python as usual and keeps a snapshot of its memory in IndexedDB; a later
visit (a new tab of the same profile) starts from it. A snapshot of another runtime or wheel is
deleted unread; a damaged one is deleted and Python starts as usual, with nothing for the reader to
see; offline, after one visit, Python still starts from the snapshot.
"""

from __future__ import annotations

import json

import pytest
from e2e_support import browser, context, page, playwright_instance, serve, site_dir  # noqa: F401 (fixtures)
from play_support import LOAD_MS, idle, link_hash, open_play, state
from test_boards import click_square, wait_live, wait_status
from test_offline import RUNTIME, RUNTIME_KEPT, wait_until
from trainer_support import wait_trainer

from site_scripts.build.serve import serve_in_thread

pytestmark = pytest.mark.browser

QUICK = "window.__petteiaSnapshotDelay = 200"  # store the snapshot soon after the start (tests)

# IndexedDB as the worker keeps it (snapshot-store.js): database petteia-python, store snapshots.
OPEN_DB = """() => new Promise((resolve, reject) => {
    const r = indexedDB.open('petteia-python', 1);
    r.onupgradeneeded = () => r.result.createObjectStore('snapshots', { keyPath: 'key' });
    r.onsuccess = () => resolve(r.result);
    r.onerror = () => reject(r.error);
})"""

KEYS = f"""async () => {{
    const db = await ({OPEN_DB})();
    const keys = await new Promise((resolve) => {{
        const q = db.transaction('snapshots').objectStore('snapshots').getAllKeys();
        q.onsuccess = () => resolve(q.result);
    }});
    db.close();
    return keys;
}}"""

# The site's own checksum of a snapshot's bytes (snapshot-checksum.js), in the page.
CHECKSUM = "(await import(new URL('/assets/js/snapshot-checksum.js', location.origin).href)).checksum"

# Replace the stored record by what `change` makes of it: "flip" one byte in the middle (the stored
# checksum no longer matches), "truncate" the Blob to half (its size no longer matches), "build":
# another build id in the snapshot's header, with a checksum that matches (Pyodide refuses it), or
# "files": one byte of the rules' files kept after the memory (their checksum no longer matches).
DAMAGE = f"""async (change) => {{
    const db = await ({OPEN_DB})();
    const get = () => new Promise((resolve) => {{
        const q = db.transaction('snapshots').objectStore('snapshots').getAll();
        q.onsuccess = () => resolve(q.result);
    }});
    const [record] = await get();
    const data = new Uint8Array(await record.blob.arrayBuffer());
    if (change === 'flip') {{
        data[data.length >> 1] ^= 0xff;
    }} else if (change === 'files') {{
        if (!record.files || data.length <= record.bytes) throw new Error('no files kept with the snapshot');
        data[data.length - 7] ^= 0xff;
    }} else if (change === 'build') {{
        for (let i = 16; i < 48; i++) data[i] ^= 0x5a;  // the header's 256-bit build id
        record.checksum = ({CHECKSUM})(data.subarray(0, record.bytes));
    }}
    record.blob = new Blob([change === 'truncate' ? data.subarray(0, data.length >> 1) : data]);
    await new Promise((resolve) => {{
        const tx = db.transaction('snapshots', 'readwrite');
        tx.objectStore('snapshots').put(record);
        tx.oncomplete = resolve;
    }});
    db.close();
    return record.key;
}}"""

# A record under another runtime's key, well formed (its checksum matches its bytes).
STALE = f"""async (key) => {{
    const db = await ({OPEN_DB})();
    const data = new Uint8Array(4096).fill(7);
    const checksum = ({CHECKSUM})(data);
    await new Promise((resolve) => {{
        const tx = db.transaction('snapshots', 'readwrite');
        tx.objectStore('snapshots').put({{ key, blob: new Blob([data]), bytes: data.length, checksum, made: 0 }});
        tx.oncomplete = resolve;
    }});
    db.close();
}}"""


def runtime_key(site_dir) -> str:
    """The key the worker keeps this build's snapshot under (snapshot.js: snapshotKey)."""
    text = (site_dir / "assets" / "vendor" / "runtime.mjs").read_text(encoding="utf-8")
    runtime = json.loads(text[text.index("{"):text.rindex("}") + 1])
    return f"{runtime['pyodideDir']}|{runtime['wheel']}"


def new_page(context):
    p = context.new_page()
    p.errors = []
    p.on("pageerror", lambda e: p.errors.append(str(e)))
    p.on("console", lambda m: m.type == "error" and p.errors.append(m.text))
    return p


def start_of(page) -> str:
    """How the page's Python started: "snapshot" or "ordinary" (worker.js, init)."""
    return page.evaluate("() => window.__petteiaRuntime.start")


def wait_saved(page):
    page.wait_for_function("() => window.__petteiaSnapshot", timeout=LOAD_MS)
    result = page.evaluate("() => window.__petteiaSnapshot")
    assert result["saved"] is True, result
    return result


def first_visit(context, url, site_dir):
    """A first visit to play/try/: an ordinary start, then the snapshot is stored under this build's key."""
    p = new_page(context)
    p.goto(url + "play/try/")
    wait_live(p, "try-capture")
    assert start_of(p) == "ordinary"
    result = wait_saved(p)
    assert result["bytes"] > 1_000_000
    assert result["files"] > 100_000  # the rules' installed files, kept beside the memory
    assert p.evaluate(KEYS) == [runtime_key(site_dir)]
    return p


def play_a_move(page):
    click_square(page, "try-capture", 0)
    click_square(page, "try-capture", 16)
    wait_status(page, "try-capture", "Α1-Α3xΒ3")


def test_a_later_visit_starts_from_the_snapshot(serve, context, site_dir):
    context.add_init_script(QUICK)
    url = serve()
    first = first_visit(context, url, site_dir)
    first.close()
    # The puzzle trainer reads the puzzles' data files: the wheel's files are back after a restore.
    trainer = new_page(context)
    trainer.goto(url + "puzzles/#id=classic-001")
    wait_trainer(trainer, "classic-001")
    assert start_of(trainer) == "snapshot"
    # ... written back from the snapshot's record, not unpacked from the wheel again
    assert trainer.evaluate("() => window.__petteiaRuntime.rulesFrom") == "snapshot"
    assert trainer.errors == []
    trainer.close()
    # "Move now" stops a search from a restored memory too (its stop check is set up after the restore).
    play = new_page(context)
    play.add_init_script("window.__petteiaThinkArgs = { node_limit: 50000000 };")
    open_play(play, url + "play/" + link_hash("classic", '[Ruleset "classic"]', side="b", level=5))
    assert start_of(play) == "snapshot"
    play.wait_for_function("() => document.querySelector('.play-page').classList.contains('is-thinking')", timeout=LOAD_MS)
    play.get_by_role("button", name="Move now").click()
    idle(play, timeout=60_000)
    s = state(play)
    assert s["ply"] == 1 and s["thought"]["stopped"] is True
    assert play.errors == []
    # A start from the snapshot makes no new one: the one record stays.
    assert play.evaluate(KEYS) == [runtime_key(site_dir)]


def test_a_snapshot_of_another_version_is_deleted_unread(serve, context, site_dir):
    context.add_init_script(QUICK)
    url = serve()
    stale = "pyodide-314.0.6-0123456789/|wheels/petteia_core-0.0.9-cp314-none-any.whl?v=0000000000000000"
    p = new_page(context)
    p.goto(url + "hosting/")  # a page without live boards: no Python yet
    p.evaluate(STALE, stale)
    assert p.evaluate(KEYS) == [stale]
    p.goto(url + "play/try/")
    wait_live(p, "try-capture")
    assert start_of(p) == "ordinary"
    assert stale not in p.evaluate(KEYS)
    wait_saved(p)
    assert p.evaluate(KEYS) == [runtime_key(site_dir)]
    play_a_move(p)
    assert p.errors == []


@pytest.mark.parametrize("change", ["flip", "truncate", "build", "files"])
def test_a_damaged_snapshot_falls_back_to_the_ordinary_start(serve, context, site_dir, change):
    context.add_init_script(QUICK)
    url = serve()
    first = first_visit(context, url, site_dir)
    assert first.evaluate(DAMAGE, change) == runtime_key(site_dir)
    first.close()
    # The damaged snapshot is deleted, Python starts as usual, and the reader sees nothing of it.
    again = new_page(context)
    again.goto(url + "play/try/")
    wait_live(again, "try-capture")
    assert start_of(again) == "ordinary"
    play_a_move(again)
    assert again.errors == []
    # That start keeps a new snapshot, and the next visit starts from it.
    wait_saved(again)
    again.close()
    third = new_page(context)
    third.goto(url + "play/try/")
    wait_live(third, "try-capture")
    assert start_of(third) == "snapshot"
    play_a_move(third)
    assert third.errors == []


def test_offline_after_one_visit_python_starts_from_the_snapshot(site_dir, browser):
    server, url = serve_in_thread(site_dir, port=0)
    context = browser.new_context()
    context.add_init_script(QUICK)
    stopped = False
    try:
        first = first_visit(context, url, site_dir)
        # The service worker keeps the page and the runtime once the boards are live.
        first.wait_for_function("!!navigator.serviceWorker.controller", timeout=30_000)
        wait_until(first, RUNTIME_KEPT, list(RUNTIME), what="the service worker to keep the runtime")
        first.close()
        server.shutdown()
        server.server_close()
        stopped = True
        offline = new_page(context)
        offline.goto(url + "play/try/")
        wait_live(offline, "try-capture")
        assert start_of(offline) == "snapshot"
        play_a_move(offline)
        # Offline, the theme's sitemap.xml and the offline widget's fresh manifest fail to load
        # (the browser logs each); nothing else may.
        assert [e for e in offline.errors if not e.startswith("Failed to load resource")] == []
    finally:
        context.close()
        if not stopped:
            server.shutdown()
            server.server_close()

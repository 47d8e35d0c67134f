"""Load benchmark in Chromium, cold and warm visits: stock npm Pyodide against the site's worker (not a test).

    python -m site_scripts.bench.bench_load [--page play/try/] [--board try-capture] [--square 0]
        [--runs 5] [--slow-runs 3] [--links unthrottled] [--site site] [--also NAME=DIR ...]

Each run is one fresh browser profile (a new context: empty HTTP cache, no service worker, empty
IndexedDB) and two visits of the same page in it:

* cold: the first visit;
* warm: a new tab of the same profile, opened once the first visit has settled (for the site: its
  service worker has kept the runtime and, where the site makes one, the Python worker has stored
  its memory snapshot; not instant navigation, which keeps the worker of the page before).

Timed, on the same machine, in the same run, interleaved:

* stock: ``loadPyodide()`` of the npm package's own files (node_modules/pyodide, served from a
  folder of their own, cached like the site's runtime folder), in a module worker, from
  ``new Worker`` to the worker's "ready" message: the bare Pyodide load;
* each site (the built ``--site``, and ``--also`` sites such as an older build): the worker of
  ``--page``, from the mark ``petteia-worker-start`` to ``petteia-python-ready`` ("ready"), how that
  start went (worker.js: ``ordinary``, or ``snapshot``: Python's memory restored from the stored
  snapshot), the worker's own split (loadPyodide, snapshot read included, then wheel + import), and
  from the navigation: Python ready, and the first click answered with destination dots (the
  benchmark clicks the piece on ``--square`` of ``--board`` every 25 ms until dots appear).

Links, set with Chromium's network emulation through a CDP session (which also holds back the
page's dedicated workers): unthrottled, 10 Mbit/s with 40 ms latency, 2 Mbit/s with 40 ms latency.
It prints medians, the ratio site / stock of the same visit, the bytes the server sent, the page's
longest main-thread pause (a 20 ms timer's largest gap) and longest single task (the Long Tasks API), and for the site what the snapshot costs:
its size in IndexedDB and how long storing it kept the worker from a request.
Target (issue 12): warm, Python ready in at most 0.30x the bare Pyodide load of the same run.
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import tempfile
import time
from pathlib import Path

from playwright.sync_api import sync_playwright

from site_scripts.build.serve import serve_in_thread

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = "/usr/bin/chromium"
ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
    "--disable-component-update", "--disable-sync", "--no-first-run",
]
STOCK_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")
STOCK_RUNTIME = "assets/vendor/pyodide-stock/"  # served with the site's runtime folder's cache headers
LINKS = {  # name: (download bytes/s, latency ms); None = no emulation
    "unthrottled": None,
    "10 Mbit/s 40 ms": (10e6 / 8, 40),
    "2 Mbit/s 40 ms": (2e6 / 8, 40),
}
VISITS = ("cold", "warm")
TARGET = 0.30

STOCK_HTML = """<!doctype html><meta charset="utf-8"><title>stock Pyodide</title>
<script type="module">
performance.mark("stock-worker-start");
const worker = new Worker("./worker.mjs", { type: "module" });
worker.onmessage = (e) => {
  performance.mark("stock-ready");
  window.__stock = e.data;
};
worker.onerror = (e) => { window.__stock = { error: String(e.message || e) }; };
</script>
"""
STOCK_WORKER = f"""import {{ loadPyodide }} from "./{STOCK_RUNTIME}pyodide.mjs";
try {{
  const pyodide = await loadPyodide({{ indexURL: new URL("./{STOCK_RUNTIME}", import.meta.url).href }});
  postMessage({{ version: pyodide.version }});
}} catch (err) {{
  postMessage({{ error: String(err) }});
}}
"""

# Before any script of the page: the main thread's pauses (a 20 ms timer's gaps, and the tasks of
# over 50 ms the browser reports), and when destination dots first appear.
PROBES = """
window.__gaps = [];
window.__longTasks = [];
try {
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__longTasks.push(e.duration);
  }).observe({ type: 'longtask', buffered: true });
} catch {}
window.__inputDelays = [];
try {  // how long each of the benchmark's clicks waited for the page to start handling it
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) if (e.name === 'pointerdown') window.__inputDelays.push(e.processingStart - e.startTime);
  }).observe({ type: 'event', durationThreshold: 16, buffered: true });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__inputDelays.push(e.processingStart - e.startTime);
  }).observe({ type: 'first-input', buffered: true });
} catch {}
let __last = performance.now();
setInterval(() => { const now = performance.now(); window.__gaps.push(now - __last); __last = now; }, 20);
new MutationObserver((records, observer) => {
  if (document.querySelector('.dest-dot, .dest-ring')) {
    window.__firstDots = performance.now();
    observer.disconnect();
  }
}).observe(document, { childList: true, subtree: true });
"""

# Whether dots are shown, else the centre of the square (scrolled into view) to click, once the
# square itself is what lies there on screen (a board that has just come into view is drawn at its
# size at the next frame: content-visibility: auto; a reader clicks what is shown).
PLACE = """(sel) => {
  if (window.__firstDots !== undefined) return { dots: true };
  const el = document.querySelector(sel);
  if (!el) return { dots: false, x: null, y: null };
  el.scrollIntoView({ block: 'center' });
  const r = el.getBoundingClientRect();
  const x = r.left + r.width / 2, y = r.top + r.height / 2;
  const hit = document.elementFromPoint(x, y);
  const shown = r.width > 0 && hit && el.closest('svg')?.contains(hit);
  return shown ? { dots: false, x, y } : { dots: false, x: null, y: null };
}"""

SITE_MEASURE = """() => {
  const mark = (n) => performance.getEntriesByName(n)[0]?.startTime;
  const info = window.__petteiaRuntime || {};
  const t = info.timings || {};
  return {
    ready: mark('petteia-python-ready') - mark('petteia-worker-start'),
    navReady: mark('petteia-python-ready'),
    dots: window.__firstDots ?? null,
    paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
    start: info.start || 'ordinary',
    keepsSnapshots: Boolean(info.keepsSnapshots),
    pyodide: t.pyodide,
    wheelAndImport: t.wheelAndImport,
    snapshotRead: t.snapshotRead ?? null,
    longestPause: Math.max(0, ...(window.__gaps || [0])),
    longestTask: Math.max(0, ...(window.__longTasks || [0])),
    inputDelay: Math.max(0, ...(window.__inputDelays || [0])),
    // worker.js's steps (epoch ms) as ms from the page's worker-start mark
    steps: Object.fromEntries(Object.entries(info.steps || {}).filter(([, at]) => at !== null)
      .map(([name, at]) => [name, at - performance.timeOrigin - mark('petteia-worker-start')])),
  };
}"""
STOCK_MEASURE = """() => {
  const mark = (n) => performance.getEntriesByName(n)[0]?.startTime;
  return { ready: mark('stock-ready') - mark('stock-worker-start'), navReady: mark('stock-ready') };
}"""
# The service worker's cache holds the runtime's wheel (it keeps the runtime once boards are live).
RUNTIME_KEPT = """async () => {
  if (!('caches' in self)) return true;
  for (const name of (await caches.keys()).filter((n) => n.startsWith('petteia-'))) {
    const keys = await (await caches.open(name)).keys();
    if (keys.some((r) => new URL(r.url).pathname.endsWith('.whl'))) return true;
  }
  return false;
}"""


def stock_dir(target: Path) -> Path:
    """A folder serving the npm package's files as they are, with a page that loads them."""
    if target.exists():
        shutil.rmtree(target)
    (target / STOCK_RUNTIME).mkdir(parents=True)
    for name in STOCK_FILES:
        shutil.copyfile(ROOT / "node_modules" / "pyodide" / name, target / STOCK_RUNTIME / name)
    (target / "index.html").write_text(STOCK_HTML, encoding="utf-8")
    (target / "worker.mjs").write_text(STOCK_WORKER, encoding="utf-8")
    return target


def _throttle(context, page, link) -> None:
    cdp = context.new_cdp_session(page)
    cdp.send("Network.enable")
    cdp.send("Network.setCacheDisabled", {"cacheDisabled": False})
    if link is not None:
        rate, latency = link
        cdp.send("Network.emulateNetworkConditions", {
            "offline": False, "latency": latency, "downloadThroughput": rate, "uploadThroughput": rate,
        })


def _click_until_dots(page, board: str, square: int, timeout_s: float) -> None:
    """Click the piece on ``square`` every 25 ms until destination dots appear (the probe times them).

    The square is brought into view and measured by one script in the page (getBoundingClientRect),
    not by Playwright's ``bounding_box()``: measured here, that call waited 220-330 ms on a cold visit
    (until the theme's DOMContentLoaded work was done), so the benchmark clicked long after a reader
    could have, and timed itself instead of the page.
    """
    sel = f'figure#{board} rect.sq[data-sq="{square}"]'
    deadline = time.monotonic() + timeout_s
    while True:
        # In view before every click: the page's layout moves while its styles and fonts load.
        spot = page.evaluate(PLACE, sel)
        if spot["dots"]:
            return
        if time.monotonic() > deadline:
            raise SystemExit(f"no destination dots on {board} square {square} within {timeout_s:.0f} s")
        if spot["x"] is not None:
            page.mouse.click(spot["x"], spot["y"])
        time.sleep(0.025)


def _visit(context, kind: str, url: str, link, record: list, timeout_ms: int, board: str, square: int):
    """One visit in ``context``: the page (left open) and its measures."""
    page = context.new_page()
    _throttle(context, page, link)
    record.clear()
    page.goto(url, wait_until="commit", timeout=timeout_ms)
    if kind == "stock":
        page.wait_for_function("() => window.__stock", timeout=timeout_ms)
        err = page.evaluate("() => window.__stock.error")
        if err:
            raise SystemExit(f"stock Pyodide failed to load: {err}")
        m = page.evaluate(STOCK_MEASURE)
    else:
        _click_until_dots(page, board, square, timeout_ms / 1000)
        page.wait_for_function("() => performance.getEntriesByName('petteia-python-ready').length", timeout=timeout_ms)
        m = page.evaluate(SITE_MEASURE)
    m["bytes"] = sum(size for _, size in record)
    return page, m


def _settle(page, m: dict, timeout_s: float) -> dict:
    """Wait until the first visit has kept what a later one uses; what the snapshot cost, if made."""
    deadline = time.monotonic() + timeout_s
    while not page.evaluate(RUNTIME_KEPT):
        if time.monotonic() > deadline:
            raise SystemExit("the service worker did not keep the runtime")
        time.sleep(0.25)
    if not m.get("keepsSnapshots") or m.get("start") == "snapshot":
        return {}
    page.wait_for_function("() => window.__petteiaSnapshot", timeout=timeout_s * 1000)
    return page.evaluate("() => window.__petteiaSnapshot")


def _run(playwright, name: str, url: str, link, record: list, timeout_ms: int, board: str, square: int) -> dict:
    """A cold and a warm visit in one fresh profile: {"cold": measures, "warm": measures, "snapshot": ...}.

    The profile is a real one on disk (a persistent context in a new temporary folder): an
    incognito context keeps its HTTP cache in memory, too small for the 9.6 MB .wasm file.
    """
    with tempfile.TemporaryDirectory(prefix="petteia-bench-") as profile:
        context = playwright.chromium.launch_persistent_context(profile, executable_path=CHROMIUM, args=ARGS)
        try:
            return _visits(context, name, url, link, record, timeout_ms, board, square)
        finally:
            context.close()


def _visits(context, name: str, url: str, link, record: list, timeout_ms: int, board: str, square: int) -> dict:
    """The cold visit, then (once it has settled, its tab closed) the warm one in a new tab."""
    for page in context.pages:  # the window a persistent context opens with
        page.close()
    context.add_init_script(PROBES)
    kind = "stock" if name == "stock" else "site"
    page, cold = _visit(context, kind, url, link, record, timeout_ms, board, square)
    snapshot = _settle(page, cold, timeout_ms / 1000) if kind == "site" else {}
    page.close()
    page, warm = _visit(context, kind, url, link, record, timeout_ms, board, square)
    page.close()
    return {"cold": cold, "warm": warm, "snapshot": snapshot}


def _median(rows: list[dict], key: str) -> float | None:
    values = [r[key] for r in rows if r.get(key) is not None]
    return statistics.median(values) if values else None


def _ms(value: float | None, width: int = 7) -> str:
    return f"{value:>{width - 3}.0f} ms" if value is not None else f"{'-':>{width}}"


def _paint_to_dots(rows: list[dict]) -> float | None:
    """Median time from the first contentful paint to the first click answered with dots (the
    issue's target: within 150 ms on a cold visit)."""
    gaps = [r["dots"] - r["paint"] for r in rows if r.get("dots") is not None and r.get("paint") is not None]
    return statistics.median(gaps) if gaps else None


def _report(results: dict, links: list[str], sites: dict, args) -> None:
    print(f"Cold and warm visits (a fresh profile per run; warm = a new tab of it), medians; page {args.page}, "
          f"first click on {args.board} square {args.square}")
    print("  stock: loadPyodide() of the npm package's files (the bare Pyodide load); sites: worker start -> Python ready")
    for name, directory in sites.items():
        print(f"  {name}: {directory}")
    print(f"{'link':16} {'visit':5} {'runtime':8} {'runs':>4} {'ready':>8} {'/ stock':>8} {'start':>9} "
          f"{'Pyodide':>8} {'snap read':>9} {'wheel+imp':>9} {'nav>ready':>9} {'nav>dots':>9} {'paint>dots':>10} "
          f"{'max pause':>9} {'max task':>8} {'in. delay':>9} {'MB sent':>8}")
    for link in links:
        for visit in VISITS:
            stock = _median([r[visit] for r in results[link]["stock"]], "ready")
            for name, runs in results[link].items():
                rows = [r[visit] for r in runs]
                ready = _median(rows, "ready")
                starts = sorted({r.get("start", "") for r in rows})
                line = (f"{link:16} {visit:5} {name:8} {len(rows):>4} {_ms(ready, 8)} {ready / stock:>7.2f}x "
                        f"{'/'.join(starts) if name != 'stock' else '':>9} ")
                if name == "stock":
                    line += f"{'':>8} {'':>9} {'':>9} {_ms(_median(rows, 'navReady'), 9)} {'':>9} {'':>10} {'':>9} {'':>8} {'':>9}"
                else:
                    line += (f"{_ms(_median(rows, 'pyodide'), 8)} {_ms(_median(rows, 'snapshotRead'), 9)} "
                             f"{_ms(_median(rows, 'wheelAndImport'), 9)} {_ms(_median(rows, 'navReady'), 9)} "
                             f"{_ms(_median(rows, 'dots'), 9)} {_ms(_paint_to_dots(rows), 10)} "
                             f"{_ms(_median(rows, 'longestPause'), 9)} {_ms(_median(rows, 'longestTask'), 8)} "
                             f"{_ms(_median(rows, 'inputDelay'), 9)}")
                print(line + f" {_median(rows, 'bytes') / 1e6:>8.2f}")
    print()
    for link in links:
        stock_cold = _median([r["cold"] for r in results[link]["stock"]], "ready")
        stock_warm = _median([r["warm"] for r in results[link]["stock"]], "ready")
        for name in sites:
            runs = results[link][name]
            warm = _median([r["warm"] for r in runs], "ready")
            verdict = "met" if warm <= TARGET * min(stock_cold, stock_warm) else "NOT met"
            print(f"{link}, {name}: warm ready {warm:.0f} ms = {warm / stock_cold:.2f}x the cold bare Pyodide load, "
                  f"{warm / stock_warm:.2f}x the warm one (target <= {TARGET:.2f}x: {verdict})")
            made = [r["snapshot"] for r in runs if r["snapshot"]]
            if made:
                print(f"  snapshot stored after the cold visit: {statistics.median(s['bytes'] for s in made) / 1e6:.1f} MB "
                      f"in IndexedDB ({sum(bool(s.get('saved')) for s in made)} of {len(made)} runs), storing took "
                      f"{statistics.median(s['ms'] for s in made):.0f} ms, longest wait it caused a request "
                      f"{max(s['longestPause'] for s in made):.0f} ms (max of runs)")
    _report_steps(results, links, sites)
    print("MB sent: bytes the server sent for the visit (the page and its assets too, for the sites); max pause: "
          "the longest gap of a 20 ms timer on the page while loading (back-to-back tasks add up; the browser can run "
          "input between them); max task: the longest single task of the page's main thread (what a click can "
          "wait for; the browser reports those over 50 ms); in. delay: the longest time one of the benchmark's clicks "
          "waited before the page began to handle it (Event Timing); paint>dots: first contentful paint to the first "
          "click answered with dots (target <= 150 ms, cold)")


#: worker.js's steps, in order (its runtime info: ``steps``).
STEPS = ("evaluated", "init", "looked", "imported", "started", "ready")


def _report_steps(results: dict, links: list[str], sites: dict) -> None:
    """Where a site's worker spent its start: medians of each step, in ms from the worker's start."""
    print("worker steps, ms from new Worker (medians): evaluated = worker.js and its imports ran; init = "
          "the page's call arrived; looked = the stored snapshot looked up; imported = pyodide.mjs; started = "
          "loadPyodide done; ready")
    for link in links:
        for visit in VISITS:
            for name in sites:
                rows = [r[visit].get("steps") or {} for r in results[link][name]]
                cells = [f"{step} {_ms(_median(rows, step), 7).strip()}" for step in STEPS]
                print(f"  {link:14} {visit:5} {name:8} " + ", ".join(cells))
    print()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--page", default="play/try/", help="the site's page whose worker is timed")
    parser.add_argument("--board", default="try-capture", help="the id of the board on --page that is clicked")
    parser.add_argument("--square", type=int, default=0, help="the square of a piece with moves on --board")
    parser.add_argument("--runs", type=int, default=5, help="runs (cold + warm visit) of each kind, unthrottled")
    parser.add_argument("--slow-runs", type=int, default=3, help="runs of each kind on each throttled link")
    parser.add_argument("--site", type=Path, default=ROOT / "site")
    parser.add_argument("--also", action="append", default=[], metavar="NAME=DIR",
                        help="another built site to time in the same run (e.g. before=/tmp/old/site)")
    parser.add_argument("--links", default=",".join(LINKS), help="comma-separated subset of: " + ", ".join(LINKS))
    args = parser.parse_args()
    links = [name.strip() for name in args.links.split(",") if name.strip()]
    sites = {"site": args.site, **{n: Path(d) for n, d in (a.split("=", 1) for a in args.also)}}

    servers = []
    stock_record: list = []
    server, stock_base = serve_in_thread(stock_dir(ROOT / "build" / "bench-stock"), record=stock_record)
    servers.append(server)
    targets = {"stock": (stock_base, stock_record)}
    for name, directory in sites.items():
        record: list = []
        server, base = serve_in_thread(directory, record=record)
        servers.append(server)
        targets[name] = (base + args.page, record)
    results = {link: {name: [] for name in targets} for link in links}
    with sync_playwright() as p:
        try:
            for link in links:
                runs = args.runs if LINKS[link] is None else args.slow_runs
                timeout = 300_000 if LINKS[link] else 120_000
                for _ in range(runs):  # interleaved, so a busy moment of the machine hits every kind
                    for name, (url, record) in targets.items():
                        results[link][name].append(
                            _run(p, name, url, LINKS[link], record, timeout, args.board, args.square))
        finally:
            for server in servers:
                server.shutdown()
    _report(results, links, sites, args)


if __name__ == "__main__":
    main()

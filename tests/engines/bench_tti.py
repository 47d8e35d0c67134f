"""Time to the first interactive board in Chromium, Firefox ESR and WebKitGTK (a benchmark, not a test).

    python tests/engines/bench_tti.py [--runs 3] [--page play/try/] [--engines chromium firefox webkit]

Each run is a cold first visit: a fresh server on a new port (a new origin: empty HTTP cache, no
service worker) and, in Chromium and Firefox, a fresh browser context. It reads the page's own
marks: ``petteia-board-interactive`` (navigation start -> the first board of the page is live),
``petteia-worker-start`` and ``petteia-python-ready``, and the worker's split (Pyodide's start, then
the wheel and the import of petteia_core), and prints the medians per engine. Chromium is driven
by Playwright (as in tests/e2e), the other two as in test_engines.py (engines.py).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
sys.path[:0] = [str(HERE), str(ROOT)]

from engines import launch, missing  # noqa: E402

from site_scripts.build.serve import serve_in_thread  # noqa: E402

MEASURE = """() => {
  const mark = (n) => performance.getEntriesByName(n)[0]?.startTime ?? null;
  const t = (window.__petteiaRuntime || {}).timings || {};
  return { interactive: mark('petteia-board-interactive'), worker: mark('petteia-worker-start'),
           ready: mark('petteia-python-ready'), pyodide: t.pyodide ?? null, wheel: t.wheelAndImport ?? null };
}"""
LIVE = "() => !!document.querySelector('figure.petteia-board.is-live')"


def chromium_runs(page_path, runs):
    from playwright.sync_api import sync_playwright

    sys.path.insert(0, str(ROOT / "tests" / "e2e"))
    from e2e_support import launch as launch_chromium

    out = []
    with sync_playwright() as p:
        browser = launch_chromium(p)
        version = "Chromium " + browser.version
        for _ in range(runs):
            server, url = serve_in_thread(ROOT / "site", port=0)
            ctx = browser.new_context(viewport={"width": 1280, "height": 900})
            page = ctx.new_page()
            page.goto(url + page_path)
            page.wait_for_selector("figure.petteia-board.is-live", timeout=120_000)
            out.append(page.evaluate(MEASURE))
            ctx.close()
            server.shutdown()
            server.server_close()
        browser.close()
    return version, out


def driver_runs(engine, page_path, runs):
    d = launch(engine)
    out = []
    try:
        for _ in range(runs):
            server, url = serve_in_thread(ROOT / "site", port=0)
            d.new_page()
            d.goto(url + page_path)
            end = time.monotonic() + 120
            while not d.js(LIVE):
                if time.monotonic() > end:
                    raise SystemExit(f"{engine}: no live board in 120 s")
                time.sleep(0.05)
            out.append(d.js(MEASURE))
            server.shutdown()
            server.server_close()
    finally:
        d.close()
    return d.version, out


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--page", default="play/try/")
    ap.add_argument("--engines", nargs="+", default=["chromium", "firefox", "webkit"])
    args = ap.parse_args()
    print(f"Time to the first interactive board of {args.page}, cold, median of {args.runs} (ms from navigation start)")
    print(f"{'engine':<28} {'interactive':>11} {'worker start':>12} {'Python ready':>12} {'Pyodide':>8} {'wheel+import':>12}")
    for engine in args.engines:
        if engine != "chromium" and missing(engine):
            print(f"{engine}: {missing(engine)} missing (make engines)")
            continue
        version, rows = chromium_runs(args.page, args.runs) if engine == "chromium" else driver_runs(engine, args.page, args.runs)

        def med(key):
            values = [r[key] for r in rows if r.get(key) is not None]
            return f"{statistics.median(values):.0f}" if values else "?"

        print(f"{version:<28} {med('interactive'):>11} {med('worker'):>12} {med('ready'):>12} {med('pyodide'):>8} {med('wheel'):>12}")


if __name__ == "__main__":
    main()

"""First-visit load benchmark in Chromium: the stock npm Pyodide against the site's worker (not a test).

    python -m site_scripts.bench_load [--page play/] [--runs 3] [--slow-runs 1] [--site site]

Every load is cold: a new browser context (a fresh profile: empty HTTP cache, no service worker).
Two things are timed from the page, on the same machine, in the same run, interleaved:

* stock: ``loadPyodide()`` of the npm package's own files (node_modules/pyodide, served from a
  folder of its own: the 119 KB lock file and the source-only standard library), in a module
  worker, from ``new Worker`` to the worker's "ready" message;
* site: the site's worker on ``--page``, from the mark ``petteia-worker-start`` to
  ``petteia-python-ready`` (Pyodide, the compiled standard library, the petteia_core wheel and
  ``import petteia_core.web``: more work than the stock row does).

on three links, set with Chromium's network emulation through a CDP session
(``Network.emulateNetworkConditions``, which also holds back the page's dedicated workers):
unthrottled, 10 Mbit/s with 40 ms latency, 2 Mbit/s with 40 ms latency. It prints the medians,
the ratio site / stock for each link (the issue's target: at most 0.5 unthrottled), the bytes the
server sent for each, and for the site the split inside the worker (loadPyodide, then wheel +
import) and the page's longest main-thread pause (a 20 ms timer's largest gap).
"""

from __future__ import annotations

import argparse
import shutil
import statistics
from pathlib import Path

from playwright.sync_api import sync_playwright

from .serve import serve_in_thread

ROOT = Path(__file__).resolve().parent.parent
CHROMIUM = "/usr/bin/chromium"
ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
    "--disable-component-update", "--disable-sync", "--no-first-run",
]
STOCK_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")
LINKS = {  # name: (download bytes/s, latency ms); None = no emulation
    "unthrottled": None,
    "10 Mbit/s 40 ms": (10e6 / 8, 40),
    "2 Mbit/s 40 ms": (2e6 / 8, 40),
}

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
STOCK_WORKER = """import { loadPyodide } from "./pyodide/pyodide.mjs";
try {
  const pyodide = await loadPyodide({ indexURL: new URL("./pyodide/", import.meta.url).href });
  postMessage({ version: pyodide.version });
} catch (err) {
  postMessage({ error: String(err) });
}
"""

GAP_PROBE = """
window.__gaps = [];
let __last = performance.now();
setInterval(() => { const now = performance.now(); window.__gaps.push(now - __last); __last = now; }, 20);
"""

SITE_MEASURE = """() => {
  const mark = (n) => performance.getEntriesByName(n)[0]?.startTime;
  const info = window.__petteiaRuntime || {};
  return {
    ready: mark('petteia-python-ready') - mark('petteia-worker-start'),
    pyodide: info.timings?.pyodide,
    wheelAndImport: info.timings?.wheelAndImport,
    longestPause: Math.max(0, ...(window.__gaps || [0])),
  };
}"""
STOCK_MEASURE = """() => {
  const mark = (n) => performance.getEntriesByName(n)[0]?.startTime;
  return { ready: mark('stock-ready') - mark('stock-worker-start') };
}"""


def stock_dir(target: Path) -> Path:
    """A folder serving the npm package's files as they are, with a page that loads them."""
    if target.exists():
        shutil.rmtree(target)
    (target / "pyodide").mkdir(parents=True)
    for name in STOCK_FILES:
        shutil.copyfile(ROOT / "node_modules" / "pyodide" / name, target / "pyodide" / name)
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


def _one(browser, kind: str, url: str, link, record: list, timeout_ms: int) -> dict:
    context = browser.new_context(service_workers="block")  # a first visit: nothing kept from before
    try:
        context.add_init_script(GAP_PROBE)
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
            page.wait_for_function("() => performance.getEntriesByName('petteia-python-ready').length", timeout=timeout_ms)
            m = page.evaluate(SITE_MEASURE)
        m["bytes"] = sum(size for _, size in record)
        return m
    finally:
        context.close()


def _median(rows: list[dict], key: str) -> float:
    return statistics.median(r[key] for r in rows)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--page", default="play/", help="the site's page whose worker is timed")
    parser.add_argument("--runs", type=int, default=5, help="loads of each kind, unthrottled")
    parser.add_argument("--slow-runs", type=int, default=3, help="loads of each kind on each throttled link")
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
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        try:
            for link in links:
                runs = args.runs if LINKS[link] is None else args.slow_runs
                timeout = 300_000 if LINKS[link] else 120_000
                for _ in range(runs):  # interleaved, so a busy moment of the machine hits every kind
                    for name, (url, record) in targets.items():
                        kind = "stock" if name == "stock" else "site"
                        results[link][name].append(_one(browser, kind, url, LINKS[link], record, timeout))
        finally:
            browser.close()
            for server in servers:
                server.shutdown()

    print(f"First visit, cold (a fresh profile for each load), medians; the site's page: {args.page}")
    print("  stock: loadPyodide() of the npm package's files; site: worker start -> Python ready "
          "(loadPyodide + wheel + import petteia_core.web)")
    for name, directory in sites.items():
        print(f"  {name}: {directory}")
    print(f"{'link':16} {'runtime':8} {'runs':>4} {'ready':>9} {'/ stock':>8} {'MB sent':>8} "
          f"{'Pyodide':>9} {'wheel+import':>13} {'max pause':>10}")
    for link in links:
        stock = _median(results[link]["stock"], "ready")
        for name, rows in results[link].items():
            line = (f"{link:16} {name:8} {len(rows):>4} {_median(rows, 'ready'):>6.0f} ms "
                    f"{_median(rows, 'ready') / stock:>7.2f}x {_median(rows, 'bytes') / 1e6:>8.2f}")
            if name != "stock":
                line += (f" {_median(rows, 'pyodide'):>6.0f} ms {_median(rows, 'wheelAndImport'):>10.0f} ms"
                         f" {_median(rows, 'longestPause'):>7.0f} ms")
            print(line)
    print("target: the site at most 0.5x the stock start, unthrottled (issue 21). MB: bytes the server sent "
          "for the load (the page and its assets too, for the site)")


if __name__ == "__main__":
    main()

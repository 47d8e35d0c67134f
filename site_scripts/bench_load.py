"""Load-time benchmark of a live board in Chromium (not a test).

    python -m site_scripts.bench_load [--page play/try/] [--runs 3]

For a cold load (new browser profile: empty HTTP cache, no service worker) and a warm load (the
same profile, reloaded), prints the median over ``--runs`` of:

* bare Pyodide load: loadPyodide() in the worker, measured inside the worker;
* first board interactive: from the worker's start to the first live board (Performance marks
  petteia-worker-start .. petteia-board-interactive on the page);
* our overhead = interactive - bare (wheel download + unpack + import + first render), and its
  ratio to the bare load (target: under 20 %);
* bytes the server sent: the Pyodide runtime, and everything else (target: under 300 KB), also
  gzip-compressed as a static host would send them;
* the longest pause of the page's main thread while Python loaded (a 20 ms timer's largest gap):
  the page must stay responsive, since the load runs in the worker.
"""

from __future__ import annotations

import argparse
import gzip
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

MEASURE = """() => {
  const mark = (n) => performance.getEntriesByName(n)[0]?.startTime;
  const info = window.__petteiaRuntime || {};
  return {
    workerStart: mark('petteia-worker-start'),
    interactive: mark('petteia-board-interactive'),
    navToInteractive: mark('petteia-board-interactive'),
    pyodide: info.timings?.pyodide,
    wheelAndImport: info.timings?.wheelAndImport,
    longestPause: Math.max(0, ...(window.__gaps || [0])),
  };
}"""


def _gzip_size(site: Path, url_path: str) -> int:
    path = url_path.split("?")[0].lstrip("/")
    file = site / path
    if file.is_dir() or path.endswith("/") or not path:
        file = file / "index.html"
    return len(gzip.compress(file.read_bytes(), 6)) if file.exists() else 0


def _split(site: Path, record: list[tuple[str, int]]) -> dict[str, int]:
    out = {"runtime": 0, "other": 0, "other_gzip": 0}
    for path, size in record:
        if "/assets/vendor/pyodide-" in path:
            out["runtime"] += size
        else:
            out["other"] += size
            out["other_gzip"] += _gzip_size(site, path)
    return out


GAP_PROBE = """
window.__gaps = [];
let __last = performance.now();
setInterval(() => { const now = performance.now(); window.__gaps.push(now - __last); __last = now; }, 20);
"""


def _load(page, url: str, board: str) -> dict:
    page.goto(url)
    page.wait_for_selector(f"figure.petteia-board.is-live{board}", timeout=120_000)
    m = page.evaluate(MEASURE)
    m["total"] = m["interactive"] - m["workerStart"]
    m["overhead"] = m["total"] - m["pyodide"]
    return m


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--page", default="play/try/")
    parser.add_argument("--board", default="", help="CSS suffix, e.g. '#try-capture'")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--site", type=Path, default=ROOT / "site")
    args = parser.parse_args()

    record: list[tuple[str, int]] = []
    server, base = serve_in_thread(args.site, record=record)
    url = base + args.page
    results: dict[str, list[dict]] = {"cold": [], "warm": []}
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        try:
            for _ in range(args.runs):
                ctx = browser.new_context()
                ctx.add_init_script(GAP_PROBE)
                page = ctx.new_page()
                record.clear()
                m = _load(page, url, args.board)
                m["bytes"] = _split(args.site, record)
                results["cold"].append(m)
                page.wait_for_timeout(1500)  # let the service worker finish installing
                record.clear()
                m = _load(page, url, args.board)  # warm: same profile, caches and service worker
                m["bytes"] = _split(args.site, record)
                results["warm"].append(m)
                ctx.close()
        finally:
            browser.close()
            server.shutdown()

    print(f"page: {url}  ({args.runs} runs, median)")
    print(f"{'load':6} {'bare Pyodide':>13} {'interactive':>12} {'overhead':>9} {'ratio':>7} "
          f"{'runtime KB':>11} {'other KB':>9} {'other KB gz':>12} {'max pause':>10}")
    for kind, runs in results.items():
        med = lambda key: statistics.median(r[key] for r in runs)  # noqa: E731
        medb = lambda key: statistics.median(r["bytes"][key] for r in runs) / 1024  # noqa: E731
        ratio = med("overhead") / med("pyodide")
        print(f"{kind:6} {med('pyodide'):>10.0f} ms {med('total'):>9.0f} ms {med('overhead'):>6.0f} ms "
              f"{ratio:>6.1%} {medb('runtime'):>11.0f} {medb('other'):>9.0f} {medb('other_gzip'):>12.0f} {med('longestPause'):>7.0f} ms")
    print("targets: overhead < 20% of the bare Pyodide load; other bytes < 300 KB")


if __name__ == "__main__":
    main()

"""The computer's move times in Ludus latrunculorum in Chromium (a benchmark, not a test): level 5
on the largest boards, in the play page's own worker (Pyodide in a Web Worker), on the positions of
site_scripts/bench/latrunculi_speed.py. Prints, per move, the search's own milliseconds (``thought.ms``)
and the wall-clock time of the request as the page waits for it.

``python -m site_scripts.bench.latrunculi_speed_browser [--level 5] [RULESET ...]`` (needs the built
site/ and /usr/bin/chromium; default: latrunculi-kowalski latrunculi-kowalski-11x10).
"""

from __future__ import annotations

import argparse
import statistics
from pathlib import Path

from site_scripts.bench.latrunculi_speed import positions
from site_scripts.build.serve import serve_in_thread

SITE = Path(__file__).resolve().parents[2] / "site"
CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--no-first-run"]

THINK = """async ([ruleset, position, level]) => {
  const api = window.__petteiaPlay.api;
  const opened = await api.call("open", { board_id: "bench", kind: "game", ruleset, position });
  if (!opened.ok) throw new Error(opened.error);
  const t0 = performance.now();
  const reply = await api.call("think", { board_id: "bench", level, seed: 0 });
  const wall = performance.now() - t0;
  await api.call("close", { board_id: "bench" });
  if (!reply.ok) throw new Error(reply.error);
  return { ms: reply.thought.ms, wall, depth: reply.thought.depth, nodes: reply.thought.nodes };
}"""


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("rulesets", nargs="*", default=["latrunculi-kowalski", "latrunculi-kowalski-11x10"])
    ap.add_argument("--level", type=int, default=5)
    args = ap.parse_args(argv)
    from playwright.sync_api import sync_playwright

    server, url = serve_in_thread(SITE, port=0)
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            page = browser.new_page()
            page.goto(url + "play/")
            page.wait_for_function("() => window.__petteiaPlay?.api && window.__petteiaPlay.state", timeout=90_000)
            version = page.evaluate("() => navigator.userAgent.match(/Chrome\\/[\\d.]+/)?.[0] ?? navigator.userAgent")
            print(f"Chromium ({version}), the play page's worker, level {args.level}: seconds per move")
            print(f"{'ruleset':<27} {'moves':>5} {'mean s':>7} {'worst s':>7} {'mean wall':>9}  depth  (search s / wall s each)")
            for ruleset in args.rulesets:
                rows = [page.evaluate(THINK, [ruleset, pos.to_string(), args.level]) for pos in positions(ruleset)]
                ms = [r["ms"] / 1000 for r in rows]
                wall = [r["wall"] / 1000 for r in rows]
                each = " ".join(f"{a:.2f}/{b:.2f}" for a, b in zip(ms, wall))
                print(f"{ruleset:<27} {len(rows):>5} {statistics.mean(ms):>7.2f} {max(ms):>7.2f} "
                      f"{statistics.mean(wall):>9.2f}  {','.join(str(r['depth']) for r in rows)}  {each}")
            browser.close()
    finally:
        server.shutdown()
        server.server_close()


if __name__ == "__main__":
    main()

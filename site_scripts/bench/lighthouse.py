"""Lighthouse (npm, pinned in package.json) on the locally served site: accessibility and best
practices for the home page, a rules page, the play page and the puzzle trainer.

    python -m site_scripts.bench.lighthouse [--dir site] [--min 95] [--preset mobile|desktop] [--json out.json]

Serves ``--dir`` on a free port of 127.0.0.1 (site_scripts.build.serve), runs Lighthouse's CLI from
node_modules with Debian's Chromium (the flags of tests/e2e/e2e_support.py), prints one line of
scores per page and every audit that lost points, and exits with status 1 when a score is
below ``--min``. `make lighthouse` builds the site and runs it.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from pathlib import Path

from site_scripts.build.serve import serve_in_thread

ROOT = Path(__file__).resolve().parents[2]
LIGHTHOUSE = ROOT / "node_modules" / "lighthouse" / "cli" / "index.js"
CHROMIUM = os.environ.get("PETTEIA_CHROMIUM", "/usr/bin/chromium")
# The same switches as the browser tests (tests/e2e/e2e_support.py), in Lighthouse's headless form.
CHROME_FLAGS = [
    "--headless=new", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
    "--disable-component-update", "--disable-sync", "--no-first-run",
]
PAGES = {"home": "", "rules (classic)": "rules/classic/", "play": "play/", "puzzle trainer": "puzzles/"}
CATEGORIES = ("accessibility", "best-practices")


def run_lighthouse(url: str, preset: str) -> dict:
    """One Lighthouse run on ``url``: its JSON report."""
    if not LIGHTHOUSE.exists():
        raise SystemExit("node_modules/lighthouse is missing: run `npm ci` first")
    if not Path(CHROMIUM).exists():
        raise SystemExit(f"{CHROMIUM} is missing: run `make chromium`")
    cmd = [
        "node", str(LIGHTHOUSE), url,
        f"--only-categories={','.join(CATEGORIES)}",
        "--output=json", "--output-path=stdout", "--quiet",
        f"--chrome-flags={' '.join(CHROME_FLAGS)}",
        "--max-wait-for-load=60000",
    ]
    if preset == "desktop":
        cmd.append("--preset=desktop")
    env = {**os.environ, "CHROME_PATH": CHROMIUM}
    proc = subprocess.run(cmd, capture_output=True, text=True, env=env, timeout=600)
    if proc.returncode != 0 or not proc.stdout.strip():
        raise RuntimeError(f"lighthouse failed on {url} (exit {proc.returncode}):\n{proc.stderr[-2000:]}")
    return json.loads(proc.stdout)


def lost_points(report: dict, category: str) -> list[str]:
    """The audits of ``category`` that count and did not pass, as "id (score): title"."""
    audits = report["audits"]
    out = []
    for ref in report["categories"][category]["auditRefs"]:
        audit = audits[ref["id"]]
        if ref["weight"] > 0 and audit["score"] is not None and audit["score"] < 1:
            out.append(f"{ref['id']} ({audit['score']}): {audit['title']}")
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dir", type=Path, default=ROOT / "site")
    parser.add_argument("--min", type=int, default=95, help="lowest acceptable score (0-100)")
    parser.add_argument("--preset", choices=("mobile", "desktop"), default="mobile")
    parser.add_argument("--json", type=Path, help="also write the scores here")
    args = parser.parse_args(argv)
    if not (args.dir / "index.html").exists():
        raise SystemExit(f"{args.dir} is not a built site: run `make build`")
    server, base = serve_in_thread(args.dir, port=0)
    scores: dict[str, dict[str, int]] = {}
    try:
        for name, path in PAGES.items():
            report = run_lighthouse(base + path, args.preset)
            scores[name] = {c: round(report["categories"][c]["score"] * 100) for c in CATEGORIES}
            line = "  ".join(f"{c} {scores[name][c]:3d}" for c in CATEGORIES)
            print(f"{name:<16} {line}", flush=True)
            for c in CATEGORIES:
                for item in lost_points(report, c):
                    print(f"    {c}: {item}", flush=True)
    finally:
        server.shutdown()
        server.server_close()
    if args.json:
        args.json.write_text(json.dumps(scores, indent=2) + "\n", encoding="utf-8")
    low = [(n, c, s) for n, cs in scores.items() for c, s in cs.items() if s < args.min]
    for n, c, s in low:
        print(f"below {args.min}: {n} {c} {s}", file=sys.stderr)
    return 1 if low else 0


if __name__ == "__main__":
    sys.exit(main())

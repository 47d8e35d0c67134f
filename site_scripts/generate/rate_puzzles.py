"""Rate every stored puzzle (petteia_core/puzzles/data/ratings.json); see petteia_core.puzzles.rating.

For each puzzle: its measured features and the seeded self-solve runs of the computer's levels 1-3,
then one fit over the whole collection (the features' prior) and each puzzle's rating. The result
is written as a sidecar next to the puzzle files (shipped in the wheel, read by the trainer's
``puzzle_list``): ``{"version", "levels", "seeds", "model": {"weights", "sd", "terms"},
"puzzles": {id: {"key", "rating", "features", "runs"}}}``.

Cached: an entry whose ``key`` (a hash of the puzzle's position, roll, goal, solution and
alternatives, and of the levels and seeds) still matches is reused, so adding puzzles measures only
the new ones; ``--force`` measures everything again. Progress goes to ``--log`` (one JSON line a
puzzle), which a rerun after an interruption also reads back. The whole collection takes seconds.

Run: ``python -m site_scripts.generate.rate_puzzles`` (``--check``: exit 1 if the stored file is not what
this run would write).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

from petteia_core.puzzles import load_puzzles
from petteia_core.puzzles.rating import (
    LEVEL_RATINGS, SEEDS, TERMS, Features, Runs, features, from_record, puzzle_key, rate_collection, self_solve,
    to_record,
)

ROOT = Path(__file__).resolve().parents[2]
OUT = ROOT / "petteia_core" / "puzzles" / "data" / "ratings.json"
VERSION = 1


def build(force: bool = False, log: Path | None = None, quiet: bool = False) -> dict:
    """The sidecar's content (measuring only what the cache and the log do not already hold)."""
    old = {}
    if OUT.is_file() and not force:
        old = json.loads(OUT.read_text(encoding="utf-8")).get("puzzles", {})
    if log is not None and log.is_file() and not force:
        for line in log.read_text(encoding="utf-8").splitlines():
            try:
                e = json.loads(line)
                old[e["id"]] = e
            except (ValueError, KeyError):
                continue  # a line cut short by an interruption
    measured: dict[str, tuple[Features, Runs]] = {}
    keys = {}
    t0 = time.perf_counter()
    fresh = 0
    with (log.open("a", encoding="utf-8") if log is not None else open("/dev/null", "w")) as out:
        for p in load_puzzles():
            key = puzzle_key(p)
            keys[p.id] = key
            e = old.get(p.id)
            if e is not None and e.get("key") == key:
                f, runs, _ = from_record({**e, "rating": e.get("rating", 0)})
            else:
                f, runs = features(p), self_solve(p)
                fresh += 1
                out.write(json.dumps({"id": p.id, "key": key, **to_record(f, runs, 0)}) + "\n")
                out.flush()
            measured[p.id] = (f, runs)
    ratings, model = rate_collection(measured)
    if not quiet:
        print(f"measured {fresh} puzzles, reused {len(measured) - fresh}, in {time.perf_counter() - t0:.1f} s",
              file=sys.stderr)
    return {
        "version": VERSION,
        "levels": {str(k): v for k, v in model.levels},
        "seeds": list(SEEDS),
        "model": {"terms": ["constant", *TERMS], "weights": list(model.weights), "sd": model.sd,
                  "levels": {str(k): v for k, v in model.levels}},
        "puzzles": {pid: {"key": keys[pid], **to_record(f, runs, ratings[pid])}
                    for pid, (f, runs) in sorted(measured.items())},
    }


def dump(data: dict) -> str:
    """The file's text: one line a puzzle (small in the wheel, readable in a diff)."""
    head = {k: v for k, v in data.items() if k != "puzzles"}
    lines = [json.dumps(head, ensure_ascii=False)[:-1] + ', "puzzles": {']
    items = sorted(data["puzzles"].items())
    for i, (pid, e) in enumerate(items):
        sep = "," if i < len(items) - 1 else ""
        lines.append(f" {json.dumps(pid)}: {json.dumps(e, separators=(',', ':'))}{sep}")
    return "\n".join(lines) + "\n}}\n"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--force", action="store_true", help="measure every puzzle again (ignore the cache)")
    ap.add_argument("--check", action="store_true", help="only compare with the stored file")
    ap.add_argument("--log", type=Path, default=None, help="progress log (JSON lines), read back on a rerun")
    args = ap.parse_args(argv)
    data = build(force=args.force or args.check, log=None if args.check else args.log)
    text = dump(data)
    if args.check:
        same = OUT.is_file() and OUT.read_text(encoding="utf-8") == text
        print("ratings.json is up to date" if same else "ratings.json differs from a fresh run")
        return 0 if same else 1
    OUT.write_text(text, encoding="utf-8")
    print(f"wrote {OUT.relative_to(ROOT)}: {len(data['puzzles'])} puzzles, model {data['model']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Benchmark of the puzzle ratings (issue #14): their spread per game, and whether they predict
how often the computer's levels 1-3 solve a puzzle.

Prints, from ``petteia_core/puzzles/data/ratings.json`` (or, with ``--fresh``, from a new
measurement of every puzzle, which also checks that the stored file is reproducible):

* the rating distribution per game: count, min, quartiles, max and a histogram in bins of 200;
* Pearson's and Spearman's correlation between a puzzle's rating and the share of the runs of
  levels 1-3 that solve it (all puzzles, and per game): it should be clearly negative;
* two honesty checks, since the rating is fitted on those same runs: the correlation of the
  *features alone* (the fitted prior, no runs) with the solve rate, and a split-half check, the
  ratings refitted from seeds 1, 3, 5, 7 only against the solve rate of seeds 2, 4, 6, 8.

Run: ``python -m site_scripts.bench.bench_puzzle_ratings`` (``make bench-puzzles``).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import defaultdict

from petteia_core.puzzles import load_puzzles
from petteia_core.puzzles.rating import (
    Runs, from_record, model_from, pearson, rate_collection, spearman,
)
from site_scripts.generate.rate_puzzles import OUT, build, dump

GAMES = ("classic", "vagi", "poleis", "tournament", "kubeia", "duodecim")
BINS = list(range(800, 2201, 200))


def quartiles(xs: list[int]) -> tuple[float, float, float]:
    s = sorted(xs)

    def q(f: float) -> float:
        i = f * (len(s) - 1)
        lo = int(i)
        return s[lo] + (s[min(lo + 1, len(s) - 1)] - s[lo]) * (i - lo)

    return q(0.25), q(0.5), q(0.75)


def histogram(xs: list[int]) -> str:
    counts = [0] * (len(BINS) - 1)
    for x in xs:
        k = min(len(counts) - 1, max(0, (x - BINS[0]) // 200))
        counts[k] += 1
    return " ".join(f"{c:3d}" for c in counts)


def split(runs: Runs, keep: int) -> Runs:
    """The runs of every other seed (keep=0: the 1st, 3rd, …; keep=1: the 2nd, 4th, …)."""
    return Runs({lv: oks[keep::2] for lv, oks in runs.by_level.items()})


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--fresh", action="store_true", help="measure every puzzle again instead of reading the file")
    args = ap.parse_args(argv)
    if args.fresh:
        data = build(force=True)
        same = OUT.is_file() and OUT.read_text(encoding="utf-8") == dump(data)
        print(f"fresh measurement {'matches' if same else 'DIFFERS FROM'} the stored ratings.json\n")
    else:
        data = json.loads(OUT.read_text(encoding="utf-8"))
    model = model_from(data["model"])
    rows = {pid: from_record(e) for pid, e in data["puzzles"].items()}
    puzzles = {p.id: p for p in load_puzzles()}
    game = {pid: puzzles[pid].ruleset if pid in puzzles else "?" for pid in rows}

    print(f"Puzzle ratings: {len(rows)} puzzles, each tried by levels 1-3 with seeds {data['seeds']}; "
          f"the levels' fitted ratings {data['levels']}")
    print(f"prior weights {dict(zip(data['model']['terms'], model.weights))}, prior sd {model.sd}\n")
    head = f"{'game':<11} {'n':>3} {'min':>5} {'q1':>6} {'median':>6} {'q3':>6} {'max':>5}   " \
           + " ".join(f"{b:>3}"[:3] for b in BINS[:-1]) + "  (bins of 200 from 800)"
    print(head)
    for g in (*GAMES, "all"):
        xs = [r for pid, (_f, _runs, r) in rows.items() if g == "all" or game[pid] == g]
        if not xs:
            continue
        q1, q2, q3 = quartiles(xs)
        print(f"{g:<11} {len(xs):>3} {min(xs):>5} {q1:>6.0f} {q2:>6.0f} {q3:>6.0f} {max(xs):>5}   {histogram(xs)}")

    print("\nCorrelation of the rating with the solve rate of levels 1-3 (negative: harder puzzles are solved less)")
    print(f"{'game':<11} {'n':>3} {'pearson':>8} {'spearman':>9} {'mean solve rate':>16}")
    for g in (*GAMES, "all"):
        sel = [(r, runs.rate()) for pid, (_f, runs, r) in rows.items() if g == "all" or game[pid] == g]
        if len(sel) < 3:
            continue
        xs, ys = [a for a, _ in sel], [b for _, b in sel]
        print(f"{g:<11} {len(sel):>3} {pearson(xs, ys):>8.3f} {spearman(xs, ys):>9.3f} {sum(ys) / len(ys):>16.2f}")
    for lv in sorted({lv for _f, runs, _r in rows.values() for lv in runs.by_level}):
        xs = [r for _f, _runs, r in rows.values()]
        ys = [runs.rate((lv,)) for _f, runs, _r in rows.values()]
        print(f"level {lv} alone: pearson {pearson(xs, ys):.3f}, spearman {spearman(xs, ys):.3f}, "
              f"solves {sum(ys) / len(ys):.0%} of the runs")

    print("\nHonesty checks")
    ys = [runs.rate() for _f, runs, _r in rows.values()]
    prior = [model.prior_mean(f) for f, _runs, _r in rows.values()]
    print(f"features alone (prior mean, no runs) vs solve rate: pearson {pearson(prior, ys):.3f}, "
          f"spearman {spearman(prior, ys):.3f}")
    half = {pid: (f, split(runs, 0)) for pid, (f, runs, _r) in rows.items()}
    rated, _m = rate_collection(half)
    xs = [rated[pid] for pid in rows]
    held = [split(rows[pid][1], 1).rate() for pid in rows]
    print(f"rated on odd seeds vs solve rate on even seeds (held out): pearson {pearson(xs, held):.3f}, "
          f"spearman {spearman(xs, held):.3f}")
    by_diff: dict[int, list[int]] = defaultdict(list)
    for p in puzzles.values():
        if p.id in rows:
            by_diff[p.difficulty].append(rows[p.id][2])
    print("old difficulty stars → median rating: "
          + ", ".join(f"{d}★ {quartiles(v)[1]:.0f} (n={len(v)})" for d, v in sorted(by_diff.items())))
    return 0


if __name__ == "__main__":
    sys.exit(main())

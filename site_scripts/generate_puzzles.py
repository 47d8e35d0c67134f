"""Generate the puzzle collection (petteia_core/puzzles/data/<ruleset>.json) from seeded self-play.

Deterministic: the same seed and quotas always give the same files. Every puzzle written has been
proved by the solver (:func:`petteia_core.puzzles.verify`).

Run: ``python site_scripts/generate_puzzles.py`` (all rulesets, in parallel processes), or
``python site_scripts/generate_puzzles.py --ruleset classic``; ``--check`` only verifies the stored files.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from petteia_core.puzzles import RULESETS, Goal, Puzzle, load_puzzles, verify  # noqa: E402
from petteia_core.puzzles.generator import generate_custodian, generate_duodecim, goal_text  # noqa: E402

DATA = ROOT / "petteia_core" / "puzzles" / "data"
SEED = 2024

G = Goal
#: Goal -> how many puzzles of it; plus generator settings per ruleset.
PLAN: dict[str, tuple[dict[Goal, int], dict]] = {
    "classic": ({G("win", 2): 10, G("capture", 3): 3, G("capture", 2): 10, G("win", 1): 10, G("save"): 10,
                 G("capture", 1): 12}, {"max_games": 120}),
    "vagi": ({G("win", 2): 6, G("capture", 3): 2, G("capture", 2): 6, G("win", 1): 6, G("save"): 5,
              G("capture", 1): 10}, {"max_games": 300}),
    "poleis": ({G("save"): 8, G("win", 2): 4, G("capture", 3): 2, G("capture", 2): 6, G("win", 1): 4,
                G("capture", 1): 4}, {"max_games": 150}),
    "tournament": ({G("rout", 2): 6, G("siege", 2): 2, G("win", 2): 4, G("capture", 3): 3, G("capture", 2): 8,
                    G("rout", 1): 6, G("win", 1): 6, G("save"): 6, G("capture", 1): 6},
                   {"max_games": 40, "stride": 2, "per_game": 4}),
    "kubeia": ({G("capture", 3): 2, G("capture", 2): 10, G("rout", 1): 8, G("win", 1): 6, G("capture", 1): 10},
               {"max_games": 300, "stride": 1}),
    "duodecim": ({G("hit", 2): 6, G("hit_safe", 1): 8, G("safe"): 6, G("hit", 1): 6}, {"max_games": 30}),
}


def seed_puzzle() -> Puzzle:
    """The worked example of seed 000 (RULES.md §5): the sacrifice Β2-Β6 forcing Η6-Γ6xΒ6."""
    return Puzzle(
        id="tournament-seed-000", ruleset="tournament", position="h11/10h1/p5p3B1/5HbH4/6P5/12/1P10/12 w",
        goal=Goal("rout", 2), goal_text=goal_text(Goal("rout", 2), 0),
        solution=["Β2-Β6", "Η6-Γ6xΒ6", "Λ6-Η6xΗ5"], themes=["basileus enclosure", "sacrifice", "single capture"],
        difficulty=3, source="seed 000 sacrifice combination (Petteia pros skiamachian, tournament rules)",
    )


def build(ruleset: str) -> list[Puzzle]:
    quota, opts = PLAN[ruleset]
    if ruleset == "duodecim":
        out = generate_duodecim(SEED, quota, **opts)
    else:
        out = generate_custodian(ruleset, SEED, quota, **opts)
    if ruleset == "tournament":
        out.insert(0, seed_puzzle())
    out.sort(key=lambda p: (p.difficulty, p.id))
    for i, p in enumerate(out):  # ids in graded order
        if not p.id.endswith("seed-000"):
            p.id = f"{ruleset}-{i + 1:03d}"
    return out


def write(ruleset: str, puzzles: list[Puzzle]) -> None:
    DATA.mkdir(parents=True, exist_ok=True)
    data = {"ruleset": ruleset, "seed": SEED, "puzzles": [p.to_dict() for p in puzzles]}
    (DATA / f"{ruleset}.json").write_text(json.dumps(data, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")


def _job(ruleset: str) -> tuple[str, int, float]:
    t = time.perf_counter()
    puzzles = build(ruleset)
    bad = [(p.id, verify(p)) for p in puzzles if verify(p)]
    if bad:
        raise SystemExit(f"{ruleset}: unsound puzzles {bad}")
    write(ruleset, puzzles)
    return ruleset, len(puzzles), time.perf_counter() - t


def summary() -> str:
    ps = load_puzzles()
    lines = [f"{len(ps)} puzzles"]
    lines.append("per ruleset: " + ", ".join(f"{k} {v}" for k, v in sorted(Counter(p.ruleset for p in ps).items())))
    lines.append("per goal: " + ", ".join(f"{k[0]} {k[1]}: {v}" for k, v in sorted(
        Counter((p.goal.kind, p.goal.n) for p in ps).items())))
    lines.append("per theme: " + ", ".join(f"{k} {v}" for k, v in sorted(Counter(t for p in ps for t in p.themes).items())))
    lines.append("per difficulty: " + ", ".join(f"{k}: {v}" for k, v in sorted(Counter(p.difficulty for p in ps).items())))
    return "\n".join(lines)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--ruleset", choices=RULESETS, action="append")
    ap.add_argument("--check", action="store_true", help="verify the stored collection only")
    args = ap.parse_args()
    if args.check:
        bad = [(p.id, verify(p)) for p in load_puzzles() if verify(p)]
        print(summary())
        raise SystemExit(f"unsound: {bad}" if bad else 0)
    names = args.ruleset or list(RULESETS)
    with multiprocessing.Pool(len(names)) as pool:
        for name, n, secs in pool.imap_unordered(_job, names):
            print(f"{name}: {n} puzzles in {secs:.0f} s", flush=True)
    print(summary())


if __name__ == "__main__":
    main()

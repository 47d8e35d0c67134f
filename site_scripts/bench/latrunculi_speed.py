"""Move times of the computer in the Ludus latrunculorum reconstructions (a benchmark, not a test).

For every reconstruction: the start of the movement phase (placements filled at random, seeded)
and positions after seeded random plies, each searched once with seed 0 at the given levels.
Prints nodes, CPU seconds per move (mean and worst) and nodes per second. The browser (Pyodide)
runs this code about twice as slowly: level 5 should stay near 1 s here.

``python -m site_scripts.bench.latrunculi_speed [--levels 5] [--capped] [--each] [--positions N]
[--node-cost X] [RULESET ...]``

``--capped`` keeps the level's own time cap (what a reader waits at most in the browser; by default
the cap is lifted, to measure the whole search); ``--each`` prints every move's seconds;
``--positions`` plays more positions (the sixth and later: the same numbers of plies, other seeds);
``--node-cost`` tries another NODE_COST for the rulesets named (petteia_core/ai/levels.py). In Pyodide:
``node site_scripts/bench/latrunculi_speed_pyodide.mjs [same arguments]``.
"""

from __future__ import annotations

import argparse
import dataclasses
import random
import time

from petteia_core import Position
from petteia_core.ai import choose_move
from petteia_core.ai.levels import NODE_COST, get_level
from petteia_core.options import LATRUNCULI

PLIES = (0, 10, 24, 40, 60)


def positions(ruleset: str, count: int = len(PLIES)) -> list[Position]:
    """The fixed positions of ``ruleset``: its start (placements done at random) and later ones."""
    out = []
    for i in range(count):
        plies = PLIES[i % len(PLIES)]
        rng = random.Random(2000 + i)
        pos = Position.start(ruleset)
        while pos.placing:
            pos = pos.after(*rng.choice(pos.legal_pairs()))
        for _ in range(plies):
            nxt = pos.after(*rng.choice(pos.legal_pairs()))
            if nxt.result is not None:
                break
            pos = nxt
        out.append(pos)
    return out


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("rulesets", nargs="*", default=list(LATRUNCULI))
    ap.add_argument("--levels", default="5", help="comma-separated levels (default 5)")
    ap.add_argument("--capped", action="store_true", help="keep the level's time cap (as the browser does)")
    ap.add_argument("--each", action="store_true", help="print every move's seconds")
    ap.add_argument("--positions", type=int, default=len(PLIES), help=f"positions per ruleset (default {len(PLIES)})")
    ap.add_argument("--node-cost", type=float, help="NODE_COST of the rulesets named, for this run")
    args = ap.parse_args(argv)
    if args.node_cost:
        NODE_COST.update({ruleset: args.node_cost for ruleset in args.rulesets})
    print(f"{'ruleset':<27} {'lv':>2} {'moves':>5} {'nodes':>7} {'mean s':>7} {'worst s':>7} {'nodes/s':>8}  depth")
    for ruleset in args.rulesets:
        for level in (int(x) for x in args.levels.split(",")):
            lv = get_level(level) if args.capped else dataclasses.replace(get_level(level), time_cap=float("inf"))
            times, nodes, depths = [], 0, []
            for pos in positions(ruleset, args.positions):
                t0 = time.process_time()
                res = choose_move(pos, lv, seed=0)
                times.append(time.process_time() - t0)
                nodes += res.nodes
                depths.append(res.depth)
            total = sum(times)
            print(f"{ruleset:<27} {level:>2} {len(times):>5} {nodes:>7} {total / len(times):>7.2f} {max(times):>7.2f} "
                  f"{nodes / total if total else 0:>8.0f}  {','.join(map(str, depths))}")
            if args.each:
                print(f"{'':<27}    seconds per move: {' '.join(f'{t:.2f}' for t in times)}")


if __name__ == "__main__":
    main()

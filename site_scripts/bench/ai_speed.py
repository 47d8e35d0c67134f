"""Search speed of the computer opponent on fixed positions (part of the AI benchmark, not a test).

Runs the same way in CPython and inside Pyodide (``site_scripts/bench/bench_ai_pyodide.mjs`` copies this
file into Pyodide's file system), so that the two speeds are measured on the same work: for every
game, a fixed list of positions (the start and positions after seeded random plies) each searched
once at level 5 with seed 0. Reports nodes per CPU second and level 5's time per move.

``python -m site_scripts.bench.ai_speed`` prints the JSON that ``bench_ai.py`` reads.
"""

from __future__ import annotations

import dataclasses
import json
import platform
import random
import sys
import time
from typing import Any

GAMES = ("classic", "vagi", "poleis", "tournament", "kubeia", "duodecim")
#: Random plies before each fixed position (0: the start).
PLIES = (0, 8, 16, 24, 36, 50)
#: Positions, besides those, where level 5 works hardest (found in self-play): Duodecim with doubles
#: and pieces to enter has the most replies to weigh.
HEAVY = {
    "duodecim": ("4,1b,2b,1b,1b,1,1b,2b,1b/1b,1,1b,2b,1b,1b/3,2w,2/6/2,3w,5w,2w,3w w dice=22",
                 "4,3w,1,2w,1,1w,2,1w/2w,2w,1,1w,1w,1/4,2b,1/1w,2,1b,1,1w/4,8b,4b b dice=53"),
}
#: CPU seconds of this process. Inside Pyodide ``time.process_time`` follows the wall clock, so the
#: Node runner replaces this with Node's ``process.cpuUsage()`` (other work on the machine must not
#: count as Python's time).
clock = time.process_time


def positions(game: str) -> list[Any]:
    """The fixed positions of ``game`` (dice games: with their roll), then its HEAVY ones."""
    out = []
    for i, plies in enumerate(PLIES):
        rng = random.Random(1000 + i)
        if game == "duodecim":
            from petteia_core.duodecim import DuodecimPosition

            pos = DuodecimPosition.start()
            for _ in range(plies):
                pos = pos.with_dice((rng.randint(1, 6), rng.randint(1, 6)))
                nxt = pos.apply(rng.choice(pos.legal_turns()))
                if nxt.winner is not None:
                    break
                pos = nxt
            out.append(pos.with_dice((rng.randint(1, 6), rng.randint(1, 6))))
            continue
        from petteia_core.custodian import Position

        pos = Position.start(game)
        for _ in range(plies):
            if pos.rules.dice:
                pos = pos.with_dice((rng.randint(1, 6), rng.randint(1, 6)))
            nxt = pos.after(*rng.choice(pos.legal_pairs()))
            if nxt.result is not None:
                break
            pos = nxt
        if pos.rules.dice:
            pos = pos.with_dice((rng.randint(1, 6), rng.randint(1, 6)))
        out.append(pos)
    if game == "duodecim":
        from petteia_core.duodecim import DuodecimPosition

        out.extend(DuodecimPosition.from_string(text) for text in HEAVY["duodecim"])
    return out


def measure(game: str, level: int = 5) -> dict[str, Any]:
    """Nodes, CPU seconds and per-move seconds of ``level`` on the fixed positions of ``game``."""
    from petteia_core.ai import choose_move, get_level

    # Without the level's wall-clock safety cap: on a loaded machine it would cut searches short
    # (and the two Pythons would no longer do the same work). The node budget bounds the search.
    lv = dataclasses.replace(get_level(level), time_cap=float("inf"))
    times, nodes = [], 0
    for pos in positions(game):
        t0 = clock()
        res = choose_move(pos, lv, seed=0)
        times.append(clock() - t0)
        nodes += res.nodes
    total = sum(times)
    return {"game": game, "level": level, "moves": len(times), "nodes": nodes, "seconds": total,
            "nps": nodes / total if total > 0 else 0.0, "mean": total / len(times), "max": max(times)}


def run(games: tuple[str, ...] = GAMES) -> dict[str, Any]:
    """Measurements for every game, with the Python that ran them."""
    return {"python": f"{platform.python_implementation()} {platform.python_version()} ({sys.platform})",
            "games": [measure(g) for g in games]}


if __name__ == "__main__":
    chosen = tuple(a for a in sys.argv[1:] if a in GAMES) or GAMES
    print(json.dumps(run(chosen)))

"""The lab's throughput (issue #32): games a minute for one process, ``--jobs N`` and a local Dask
cluster of N workers, on the same small table, in one run (so the machine's load is alike).

Every backend plays the whole table of site_scripts/generate/lab_data.py (every variant of its table and
Duodecim) at ``--level`` with ``--games`` per variant and no log; the three must give the same games
(checked), and each prints its wall-clock time, the CPU seconds of its games and games a minute.
The CPU seconds a game at ``--level`` costs, per variant, is what an estimate of a bigger run needs.

Run: ``nice -n 19 python -m site_scripts.bench.lab_throughput --games 20 --level 2 --workers 2``
"""

from __future__ import annotations

import argparse
import os
import sys
import time

from petteia_core.lab import MAX_PLIES, run_games
from petteia_core.lab.race import DUODECIM
from petteia_core.options import variant
from site_scripts.generate.lab_data import VARIANTS


def table_runs() -> list[tuple[str, object]]:
    """(id, rules) of every run of the table: the custodian variants, then the race game."""
    return [(vid, variant(ruleset, options)) for vid, _l, ruleset, options, _q in VARIANTS] + [(DUODECIM, DUODECIM)]


def play_table(games: int, level: int, seed: int, **backend: object) -> tuple[float, dict[str, list]]:
    """Play the table on ``backend`` (run_games's jobs / scheduler): (wall seconds, rows by run)."""
    t0 = time.perf_counter()
    rows = {vid: run_games(rules, level, games, seed=seed, max_plies=MAX_PLIES, **backend)
            for vid, rules in table_runs()}
    return time.perf_counter() - t0, rows


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--level", type=int, default=2)
    ap.add_argument("--seed", type=int, default=2024)
    ap.add_argument("--workers", type=int, default=2)
    args = ap.parse_args(argv)
    n = args.workers
    print(f"# {args.games} games per run, level {args.level}, {len(table_runs())} runs; "
          f"{os.cpu_count()} CPUs, load average {os.getloadavg()[0]:.1f}", flush=True)
    results = {}
    for name, backend in (("1 process", {}), (f"--jobs {n}", {"jobs": n}), (f"local:{n}", None)):
        if backend is None:
            from petteia_core.lab.cluster import connect

            t_start = time.perf_counter()
            with connect(f"local:{n}") as client:
                started = time.perf_counter() - t_start
                wall, rows = play_table(args.games, args.level, args.seed, scheduler=client)
            name += f" (+{started:.1f} s to start)"
        else:
            wall, rows = play_table(args.games, args.level, args.seed, **backend)
        results[name] = rows
        total = sum(len(r) for r in rows.values())
        cpu = sum(g.cpu for r in rows.values() for g in r)
        print(f"{name:<28} {total} games  wall {wall:6.1f} s  cpu {cpu:6.1f} s  "
              f"{60 * total / wall:6.1f} games/min", flush=True)
    first, *others = results.values()
    assert all(o == first for o in others), "the backends played different games"
    per_game = {vid: sum(g.cpu for g in r) / len(r) for vid, r in first.items()}
    print("# CPU seconds a game: " + ", ".join(f"{k} {v:.2f}" for k, v in per_game.items()))
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Benchmark (not a test): perft speed of petteia_core for each ruleset, in nodes per second.

Run: ``python site_scripts/bench_perft.py`` (add ``--quick`` for one depth less).
Targets on the reference machine (CPython): classic perft(4) < 3 s, tournament perft(3) < 1 s.
"""

from __future__ import annotations

import argparse
import platform
import time

from petteia_core.custodian import Position
from petteia_core.perft import perft

CASES = [
    ("classic", 4, None, 5_673_664),
    ("vagi", 4, None, 3_864_056),
    ("poleis", 3, None, 249_984),
    ("tournament", 3, None, 177_130),
    ("kubeia", 4, [(6, 3), (5, 2), (1, 1), (4, 4)], 2_587_056),
]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--quick", action="store_true", help="one ply less")
    args = ap.parse_args()
    print(f"Python {platform.python_version()} ({platform.python_implementation()})")
    print(f"{'ruleset':<11} {'depth':>5} {'leaves':>10} {'seconds':>8} {'leaves/s':>11}  check")
    for name, depth, rolls, expected in CASES:
        d = depth - 1 if args.quick else depth
        pos = Position.start(name)
        t0 = time.perf_counter()
        n = perft(pos, d, rolls)
        dt = time.perf_counter() - t0
        ok = "ok" if (args.quick or n == expected) else f"MISMATCH (expected {expected})"
        print(f"{name:<11} {d:>5} {n:>10,} {dt:>8.2f} {n / dt:>11,.0f}  {ok}")
    _duodecim_doubles()


DUODECIM_SPREAD = "1w,1w,1w,1w,1w,1w,1w,1w,1w,1w,1w,1w/1w,1w,1w,3/6/6/5,2b w off=0,13"


def _duodecim_doubles() -> None:
    """Duodecim's worst case for turn generation: fifteen single pieces and each double."""
    from petteia_core.duodecim import DuodecimPosition

    pos = DuodecimPosition.from_string(DUODECIM_SPREAD)
    t0 = time.perf_counter()
    turns = sum(len(pos.legal_turns(d)) for d in ("11", "22", "33", "44", "55", "66"))
    dt = time.perf_counter() - t0
    print(f"{'duodecim':<11} {'1-1..6-6':>5} {turns:>10,} {dt:>8.2f} {turns / dt:>11,.0f}  "
          "(distinct turns of six doubles, fifteen single pieces)")


if __name__ == "__main__":
    main()

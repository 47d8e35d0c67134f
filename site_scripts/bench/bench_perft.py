"""Benchmark (not a test): perft speed of petteia_core for each ruleset, in nodes per second.

Run: ``python site_scripts/bench/bench_perft.py`` (add ``--quick`` for one depth less).
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
    # Ludus latrunculorum (RULES.md §9): slides on the largest boards; Schädler's chains mid-game below.
    ("latrunculi-quintana", 4, None, 1_446_216),
    ("latrunculi-kowalski", 3, None, 537_761),
    ("latrunculi-kowalski-11x10", 3, None, 697_340),
]
#: Mid-game positions (placements have few moves to count): Bell with its extra moves, Schädler's
#: jump chains with binding and freeing (from tests/test_perft_latrunculi.py).
MIDGAME = [
    ("latrunculi-bell", "2p3p1/pp1pP1PP/P1p1Pp1P/3p1PP1/1p4P1/2pppPD1/PP2P2P/PP1p3p w quiet=4 move=15", 4),
    ("latrunculi-schaedler", "P1P3p1/p1p1Pp2/1p1p1p2/1Ppp1P2/P2P2PP/pPPp1paa/6PP/1pP1Pp2 w quiet=12 move=31", 3),
]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--quick", action="store_true", help="one ply less")
    args = ap.parse_args()
    print(f"Python {platform.python_version()} ({platform.python_implementation()})")
    print(f"{'ruleset':<25} {'depth':>5} {'leaves':>10} {'seconds':>8} {'leaves/s':>11}  check")
    for name, depth, rolls, expected in CASES:
        d = depth - 1 if args.quick else depth
        pos = Position.start(name)
        t0 = time.perf_counter()
        n = perft(pos, d, rolls)
        dt = time.perf_counter() - t0
        ok = "ok" if (args.quick or n == expected) else f"MISMATCH (expected {expected})"
        print(f"{name:<25} {d:>5} {n:>10,} {dt:>8.2f} {n / dt:>11,.0f}  {ok}")
    for name, text, depth in MIDGAME:
        d = depth - 1 if args.quick else depth
        pos = Position.from_string(name, text)
        t0 = time.perf_counter()
        n = perft(pos, d)
        dt = time.perf_counter() - t0
        print(f"{name:<25} {d:>5} {n:>10,} {dt:>8.2f} {n / dt:>11,.0f}  (mid-game)")
    _duodecim_doubles()


DUODECIM_SPREAD = "1w,1w,1w,1w,1w,1w,1w,1w,1w,1w,1w,1w/1w,1w,1w,3/6/6/5,2b w off=0,13"


def _duodecim_doubles() -> None:
    """Duodecim's worst case for turn generation: fifteen single pieces and each double."""
    from petteia_core.duodecim import DuodecimPosition

    pos = DuodecimPosition.from_string(DUODECIM_SPREAD)
    t0 = time.perf_counter()
    turns = sum(len(pos.legal_turns(d)) for d in ("11", "22", "33", "44", "55", "66"))
    dt = time.perf_counter() - t0
    print(f"{'duodecim':<25} {'1-1..6-6':>5} {turns:>10,} {dt:>8.2f} {turns / dt:>11,.0f}  "
          "(distinct turns of six doubles, fifteen single pieces)")


if __name__ == "__main__":
    main()

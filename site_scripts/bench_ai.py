"""Benchmark (not a test) of the computer opponent: self-play strength, speed and move times.

For each game: every level against the level below (colours alternated, each game opened with a few
seeded random moves so that games differ), the top level against a random mover, the nodes per
second of the search in this Python, and the top level's time per move (mean / max).

Run: ``python site_scripts/bench_ai.py`` (all games, 40 games per match), or partially:
``python site_scripts/bench_ai.py --game classic --games 10 --jobs 2``.
Targets: each level wins clearly against the one below; level 5 ≥ 98 % against random; level 5 ≤ ~1 s
per move in CPython (≈ 2 s in the browser).

Move times are CPU seconds of the process (``time.process_time``), so that other work on the machine
does not inflate them; "nodes/s" is the search's work units (nodes, plus generated moves / 8) per
CPU second.
"""

from __future__ import annotations

import argparse
import multiprocessing
import platform
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from petteia_core.ai import choose_move  # noqa: E402
from petteia_core.custodian import Position  # noqa: E402

GAMES = ("classic", "vagi", "poleis", "tournament", "kubeia", "duodecim")


def _duodecim_start():
    from petteia_core.duodecim import DuodecimPosition  # type: ignore[import-not-found]

    return DuodecimPosition.start()


def play_game(game: str, white, black, seed: int, opening: int, max_plies: int):
    """Play one game; ``white``/``black`` are a level (int) or "random". Returns
    (winner 0/1/None, plies, [(level, seconds, nodes)] per engine move)."""
    rng = random.Random(seed * 7919 + 17)
    stats = []
    if game == "duodecim":
        return _play_duodecim(white, black, seed, rng, max_plies, stats)
    pos = Position.start(game)
    history = [pos]
    counts = {pos.key(): 1}
    players = (white, black)
    for ply in range(max_plies):
        if pos.rules.dice:
            pos = pos.with_dice((rng.randint(1, 6), rng.randint(1, 6)))
            history[-1] = pos
        player = players[pos.turn]
        if ply < opening or player == "random":
            f, t = rng.choice(pos._legal_pairs())
        else:
            t0 = time.process_time()
            res = choose_move(pos, player, seed=seed + ply, history=history)
            stats.append((player, time.process_time() - t0, res.nodes))
            f, t = res.pair
        had = pos.occ[0] | pos.occ[1]
        pos = pos._after(f, t)
        if (pos.occ[0] | pos.occ[1]).bit_count() < had.bit_count() + (f < 0):
            counts = {}
            history = []
        key = pos.key()
        counts[key] = counts.get(key, 0) + 1
        history.append(pos)
        result = pos.evaluate(pos.rules.repetition and counts[key] >= 3)
        if result is not None:
            return ({"w": 0, "b": 1}.get(result.winner), ply + 1, stats)
    a, b = pos.occ[0].bit_count(), pos.occ[1].bit_count()  # out of plies: more pieces
    return (None if a == b else (0 if a > b else 1), max_plies, stats)


def _play_duodecim(white, black, seed, rng, max_plies, stats):
    pos = _duodecim_start()
    players = (white, black)
    for ply in range(max_plies):
        if getattr(pos, "dice", None) is None:
            pos = pos.with_dice((rng.randint(1, 6), rng.randint(1, 6)))
        player = players[0 if pos.turn == "w" else 1]
        turns = pos.legal_turns()
        if player == "random":
            turn = rng.choice(turns)
        else:
            t0 = time.process_time()
            res = choose_move(pos, player, seed=seed + ply)
            stats.append((player, time.process_time() - t0, res.nodes))
            turn = res.move
        pos = pos.apply(turn)
        if pos.winner is not None:
            return ({"w": 0, "b": 1}[pos.winner], ply + 1, stats)
    return (None, max_plies, stats)


def _job(args):
    game, a, b, i, opening, max_plies = args
    # Alternate colours: even games ``a`` is White.
    white, black = (a, b) if i % 2 == 0 else (b, a)
    winner, plies, stats = play_game(game, white, black, 1000 + i, opening, max_plies)
    a_side = 0 if i % 2 == 0 else 1
    outcome = None if winner is None else (winner == a_side)
    return outcome, plies, stats


def match(pool, game, a, b, games, opening, max_plies):
    jobs = [(game, a, b, i, opening, max_plies) for i in range(games)]
    results = pool.map(_job, jobs) if pool else list(map(_job, jobs))
    wins = sum(1 for o, _, _ in results if o is True)
    losses = sum(1 for o, _, _ in results if o is False)
    draws = games - wins - losses
    plies = statistics.mean(p for _, p, _ in results)
    stats = [s for _, _, st in results for s in st]
    return wins, losses, draws, plies, stats


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--game", action="append", choices=GAMES, help="game(s) to run (default: all)")
    ap.add_argument("--games", type=int, default=40, help="games per match (default 40)")
    ap.add_argument("--levels", default="1-5", help="levels, e.g. 1-5 or 3-5 (default 1-5)")
    ap.add_argument("--opening", type=int, default=4, help="random plies at the start of each game")
    ap.add_argument("--max-plies", type=int, default=400, help="adjudicate by pieces after this many plies")
    ap.add_argument("--jobs", type=int, default=max(1, (multiprocessing.cpu_count() or 1)), help="processes")
    ap.add_argument("--no-random", action="store_true", help="skip top level vs random")
    args = ap.parse_args()
    lo, _, hi = args.levels.partition("-")
    levels = list(range(int(lo), int(hi or lo) + 1))
    games = args.game or [g for g in GAMES if g != "duodecim" or _has_duodecim()]
    print(f"Python {platform.python_version()} ({platform.python_implementation()}), {args.games} games per match, "
          f"{args.opening} random opening plies, {args.jobs} process(es)")
    pool = multiprocessing.Pool(args.jobs) if args.jobs > 1 else None
    top = levels[-1]
    print(f"{'game':<11} {'match':<14} {'win %':>6} {'W-L-D':>10} {'decided':>7} {'plies':>6}"
          f" {'moves':>6} {'mean s':>7} {'max s':>6} {'nodes/s':>8}")
    for game in games:
        pairs = [(b, b - 1) for b in levels[1:]][::-1]
        if not args.no_random:
            pairs.insert(0, (top, "random"))
        for a, b in pairs:
            t0 = time.perf_counter()
            w, l_, d, plies, stats = match(pool, game, a, b, args.games, args.opening, args.max_plies)
            decided = w + l_
            pct = 100.0 * (w + 0.5 * d) / max(1, args.games)
            mine = [s for s in stats if s[0] == a]
            times = [s[1] for s in mine]
            nodes = sum(s[2] for s in mine)
            nps = nodes / sum(times) if times and sum(times) > 0 else 0.0
            label = f"L{a} v {'rnd' if b == 'random' else 'L' + str(b)}"
            print(f"{game:<11} {label:<14} {pct:>5.1f}% {f'{w}-{l_}-{d}':>10} {decided:>7} {plies:>6.0f}"
                  f" {len(times):>6} {statistics.mean(times) if times else 0:>7.3f} {max(times) if times else 0:>6.2f}"
                  f" {nps:>8.0f}   ({time.perf_counter() - t0:.0f} s)", flush=True)
    if pool:
        pool.close()


def _has_duodecim() -> bool:
    import importlib.util

    return importlib.util.find_spec("petteia_core.duodecim") is not None


if __name__ == "__main__":
    main()

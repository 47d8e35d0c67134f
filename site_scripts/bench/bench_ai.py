"""Benchmark (not a test) of the computer opponent: self-play strength, speed and move times.

Strength, for each game: every level against the level below and level 5 against a random mover,
colours alternated (even games: the stronger side is White), each game opened with a few seeded random
plies so that games differ. Targets (issue #5): each level wins at least 70 % of the decided games
against the level below, level 5 at least 98 % against random.

Honest counting: a game is *decided* when a rule of the game ends it with a winner (including the
stall and repetition rules, which award the game to the side with more pieces); a rule's draw is a
draw. A game still running at ``--max-plies`` is adjudicated by piece count only for information: it
is shown apart ("cap" column, + / - / =) and counts as a draw, never as a decided game.
``win %`` is wins / decided games.

Speed (``--speed``): nodes per second of level 5 on fixed positions (site_scripts/bench/ai_speed.py) in
this CPython and in Pyodide on Node (site_scripts/bench/bench_ai_pyodide.mjs), their ratio, and level 5's
mean / max time per move in both (the browser limit is 2 s a move).

Times are CPU seconds of the process (``time.process_time``), so that other work on the machine does
not inflate them; "nodes" are the search's work units (nodes, plus generated moves / 8).

Run: ``python -m site_scripts.bench.bench_ai`` (everything, 40 games per match), or partially, e.g.
``python -m site_scripts.bench.bench_ai --game classic --match 5-4 --games 10 --jobs 2`` or ``--speed-only``.
``--log FILE`` appends one JSON line per finished game (results survive an interrupted run);
``--report FILE`` prints the table of such a log, marking unfinished matches.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import multiprocessing
import os
import platform
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

from petteia_core.ai import choose_move, get_level
from petteia_core.custodian import Position
from site_scripts.bench import ai_speed

GAMES = ai_speed.GAMES
#: Game length cap (plies) per game: far beyond a normal game (the stall rules end custodian games).
MAX_PLIES = {"classic": 400, "vagi": 400, "poleis": 400, "tournament": 400, "kubeia": 400, "duodecim": 600}
TARGET = {"random": 98.0}
DEFAULT_TARGET = 70.0


def play_game(game: str, white, black, seed: int, opening: int, max_plies: int):
    """Play one game; ``white``/``black`` are a level (int) or "random".

    Returns (winner 0/1/None, how it ended: a rule's reason or "cap", plies, adjudicated winner at the
    cap or None, [(player, seconds, nodes)] per engine move).
    """
    rng = random.Random(seed * 7919 + 17)
    stats: list[tuple] = []
    white, black = _uncapped(white), _uncapped(black)
    if game == "duodecim":
        return _play_duodecim(white, black, seed, rng, opening, max_plies, stats)
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
            f, t = rng.choice(pos.legal_pairs())
        else:
            t0 = time.process_time()
            res = choose_move(pos, player, seed=seed + ply, history=history)
            stats.append((player.number, time.process_time() - t0, res.nodes))
            f, t = res.pair
        had = pos.occ[0] | pos.occ[1]
        pos = pos.after(f, t)
        if (pos.occ[0] | pos.occ[1]).bit_count() < had.bit_count() + (f < 0):
            counts = {}  # a capture: no earlier position can come back
            history = []
        key = pos.key()
        counts[key] = counts.get(key, 0) + 1
        history.append(pos)
        result = pos.evaluate(pos.rules.repetition and counts[key] >= 3)
        if result is not None:
            return ({"w": 0, "b": 1}.get(result.winner), result.reason, ply + 1, None, stats)
    a, b = pos.occ[0].bit_count(), pos.occ[1].bit_count()
    return (None, "cap", max_plies, None if a == b else (0 if a > b else 1), stats)


def _uncapped(player):
    """A level without its wall-clock safety cap (a loaded machine must not change the play; the
    searches stay bounded by their node budgets)."""
    if player == "random":
        return player
    return dataclasses.replace(get_level(player), time_cap=float("inf"))


def _play_duodecim(white, black, seed, rng, opening, max_plies, stats):
    from petteia_core.duodecim import DuodecimPosition

    pos = DuodecimPosition.start()
    players = (white, black)
    for ply in range(max_plies):
        pos = pos.with_dice((rng.randint(1, 6), rng.randint(1, 6)))
        player = players[0 if pos.turn == "w" else 1]
        if ply < opening or player == "random":
            turn = rng.choice(pos.legal_turns())
        else:
            t0 = time.process_time()
            res = choose_move(pos, player, seed=seed + ply)
            stats.append((player.number, time.process_time() - t0, res.nodes))
            turn = res.move
        pos = pos.apply(turn)
        if pos.winner is not None:
            return ({"w": 0, "b": 1}[pos.winner], "borne off", ply + 1, None, stats)
    off = pos.off
    return (None, "cap", max_plies, None if off[0] == off[1] else (0 if off[0] > off[1] else 1), stats)


def _job(args):
    game, a, b, i, opening, max_plies = args
    white, black = (a, b) if i % 2 == 0 else (b, a)  # alternate colours: even games ``a`` is White
    winner, how, plies, adjudicated, stats = play_game(game, white, black, 1000 + i, opening, max_plies)
    a_side = 0 if i % 2 == 0 else 1
    rel = lambda w: None if w is None else ("a" if w == a_side else "b")  # noqa: E731
    return {"game": game, "a": a, "b": b, "i": i, "winner": rel(winner), "how": how, "plies": plies,
            "cap": rel(adjudicated) if how == "cap" else None,
            "a_moves": [(s, n) for p, s, n in stats if p == a]}


def summarise(rows: list[dict]) -> dict:
    """W-L-D by rule, cap results, decided games, win % of the decided, plies, a's move times."""
    wins = sum(r["winner"] == "a" for r in rows)
    losses = sum(r["winner"] == "b" for r in rows)
    capped = [r for r in rows if r["how"] == "cap"]
    draws = len(rows) - wins - losses - len(capped)
    times = [s for r in rows for s, _ in r["a_moves"]]
    nodes = sum(n for r in rows for _, n in r["a_moves"])
    decided = wins + losses
    return {
        "games": len(rows), "wins": wins, "losses": losses, "draws": draws,
        "cap": (sum(r["cap"] == "a" for r in capped), sum(r["cap"] == "b" for r in capped),
                sum(r["cap"] is None for r in capped)),
        "decided": decided, "pct": 100.0 * wins / decided if decided else 0.0,
        "plies": statistics.mean(r["plies"] for r in rows) if rows else 0.0,
        "moves": len(times), "mean": statistics.mean(times) if times else 0.0, "max": max(times, default=0.0),
        "nps": nodes / sum(times) if times and sum(times) > 0 else 0.0,
    }


HEADER = (f"{'game':<11} {'match':<9} {'win %':>6} {'W-L-D':>9} {'cap+-=':>7} {'decided':>7} {'plies':>5}"
          f" {'target':>8} {'moves':>6} {'mean s':>6} {'max s':>6} {'nodes/s':>8}")


def format_row(game: str, a, b, s: dict) -> str:
    target = TARGET.get(b, DEFAULT_TARGET)
    label = f"L{a} v {'rnd' if b == 'random' else 'L' + str(b)}"
    ok = "ok" if s["decided"] and s["pct"] >= target else "MISS"
    cap = "{}-{}-{}".format(*s["cap"])
    wld = "{}-{}-{}".format(s["wins"], s["losses"], s["draws"])
    tgt = f"{target:.0f}% {ok}"
    return (f"{game:<11} {label:<9} {s['pct']:>5.1f}% {wld:>9} {cap:>7}"
            f" {s['decided']:>7} {s['plies']:>5.0f} {tgt:>8} {s['moves']:>6}"
            f" {s['mean']:>6.3f} {s['max']:>6.2f} {s['nps']:>8.0f}")


def strength(games: list[str], pairs: list[tuple], n: int, opening: int, max_plies: int | None, jobs: int,
             log: Path | None) -> None:
    """Play every match (all games of all matches through one pool) and print a row per match."""
    # Match by match in the order given (cheap matches first by default), every game of it together.
    jobs_list = [(g, a, b, i, opening, max_plies or MAX_PLIES[g]) for a, b in pairs for g in games
                 for i in range(n)]
    pending = {(g, a, b): [] for g in games for a, b in pairs}
    print(f"Strength: {n} games per match, {opening} random opening plies, colours alternated, "
          f"{jobs} process(es); win % = wins / decided games", flush=True)
    print(HEADER, flush=True)
    pool = multiprocessing.Pool(jobs) if jobs > 1 else None
    it = pool.imap_unordered(_job, jobs_list) if pool else map(_job, jobs_list)
    t0 = time.perf_counter()
    for row in it:
        if log:
            with log.open("a") as fh:
                fh.write(json.dumps(row) + "\n")
        key = (row["game"], row["a"], row["b"])
        pending[key].append(row)
        if len(pending[key]) == n:
            print(format_row(key[0], key[1], key[2], summarise(pending[key])) +
                  f"   ({time.perf_counter() - t0:.0f} s)", flush=True)
    if pool:
        pool.close()


def report(log: Path, n: int) -> None:
    """The table of a (possibly unfinished) run from its ``--log``: a match with fewer than ``n`` games
    is marked as unfinished."""
    rows: dict[tuple, list[dict]] = {}
    for line in log.read_text().splitlines():
        if line.strip():
            r = json.loads(line)
            if "a_moves" not in r:  # an older log line (times summarised): no move times
                r["a_moves"] = []
            rows.setdefault((r["game"], r["a"], r["b"]), []).append(r)
    print(f"Strength from {log}: win % = wins / decided games")
    print(HEADER)
    order = {g: k for k, g in enumerate(GAMES)}
    for key in sorted(rows, key=lambda k: (order[k[0]], -k[1], k[2] != "random")):
        got = rows[key]
        done = "" if len(got) >= n else f"   UNFINISHED: {len(got)} of {n} games"
        print(format_row(key[0], key[1], key[2], summarise(got)) + done)


def pyodide_speed(games: list[str]) -> dict | None:
    """ai_speed's JSON measured inside Pyodide on Node (None, with a message, if node cannot run it)."""
    script = ROOT / "site_scripts" / "bench" / "bench_ai_pyodide.mjs"
    try:
        out = subprocess.run(["node", str(script), *games], cwd=ROOT, capture_output=True, text=True,
                             check=True, env=os.environ.copy())
    except (OSError, subprocess.CalledProcessError) as exc:
        err = getattr(exc, "stderr", "") or str(exc)
        print(f"Pyodide on Node could not run: {err.strip().splitlines()[-1] if err.strip() else exc}")
        return None
    return json.loads(out.stdout.strip().splitlines()[-1])


def speed(games: list[str]) -> None:
    """Nodes/s and level 5's move times on the fixed positions, CPython and Pyodide side by side."""
    cpy = ai_speed.run(tuple(games))
    pyo = pyodide_speed(games)
    print(f"Speed: level 5 on {len(ai_speed.PLIES)} fixed positions per game (site_scripts/bench/ai_speed.py), "
          f"the same nodes in both; CPU seconds")
    print(f"  CPython: {cpy['python']}")
    if pyo:
        print(f"  Pyodide: {pyo['pyodide']} on Node {_node_version()}, {pyo['python']}")
    print(f"{'game':<11} {'nodes/s CPy':>11} {'nodes/s Pyo':>11} {'ratio':>6}"
          f" {'L5 mean/max s CPy':>18} {'L5 mean/max s Pyo':>18}")
    by_game = {m["game"]: m for m in pyo["games"]} if pyo else {}
    for c in cpy["games"]:
        p = by_game.get(c["game"])
        ratio = f"{c['nps'] / p['nps']:.2f}" if p and p["nps"] else "-"
        if p and p["nodes"] != c["nodes"]:
            ratio += " (different work!)"
        ptimes = f"{p['mean']:.2f} / {p['max']:.2f}" if p else "-"
        ctimes = f"{c['mean']:.2f} / {c['max']:.2f}"
        print(f"{c['game']:<11} {c['nps']:>11.0f} {p['nps'] if p else 0:>11.0f} {ratio:>6}"
              f" {ctimes:>18} {ptimes:>18}", flush=True)


def _node_version() -> str:
    try:
        return subprocess.run(["node", "--version"], capture_output=True, text=True).stdout.strip()
    except OSError:
        return "?"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--game", action="append", choices=GAMES, help="game(s) to run (default: all)")
    ap.add_argument("--games", type=int, default=40, help="games per match (default 40)")
    ap.add_argument("--match", action="append", metavar="A-B",
                    help="match(es) to play, e.g. 5-4 or 5-random (default: 2-1, 3-2, 4-3, 5-random, 5-4)")
    ap.add_argument("--opening", type=int, default=4, help="random plies at the start of each game (default 4)")
    ap.add_argument("--max-plies", type=int, help="ply cap (default: 400; Duodecim 600)")
    ap.add_argument("--jobs", type=int, default=max(1, (multiprocessing.cpu_count() or 1)), help="processes")
    ap.add_argument("--log", type=Path, help="append one JSON line per finished game to this file")
    ap.add_argument("--speed", action="store_true", help="also measure nodes/s in CPython and Pyodide on Node")
    ap.add_argument("--speed-only", action="store_true", help="only the speed measurement")
    ap.add_argument("--report", type=Path, metavar="LOG", help="print the table of a --log file and stop")
    args = ap.parse_args()
    if args.report:
        report(args.report, args.games)
        return
    games = args.game or list(GAMES)
    pairs = []
    for m in args.match or ["2-1", "3-2", "4-3", "5-random", "5-4"]:
        a, _, b = m.partition("-")
        try:
            pairs.append((int(a), b if b == "random" else int(b)))
        except ValueError:
            ap.error(f"--match wants A-B with levels 1-5 or 'random', not {m!r}")
    print(f"Python {platform.python_version()} ({platform.python_implementation()})", flush=True)
    if args.speed or args.speed_only:
        speed(games)
    if not args.speed_only:
        strength(games, pairs, args.games, args.opening, args.max_plies, args.jobs, args.log)


if __name__ == "__main__":
    main()

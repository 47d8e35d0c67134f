"""Regenerate ``docs/lab/selfplay.json``: the self-play statistics of the page "Which rules make the best game?".

Every variant of :data:`VARIANTS` is played ``--games`` times by the computer against itself at
``--level`` (petteia_core.lab), and so is Ludus duodecim scriptorum (the race game: turns, hits,
the value of moving first, who wins after which opening roll). Each finished game is appended to
``build/lab/<id>.jsonl`` with the CPU seconds it took; a run started again skips the games already
logged, so ``make lab-data`` resumes after an interruption, on this machine or another one given the
logs. ``--jobs N`` plays in N processes, ``--scheduler local:N`` or ``--scheduler tcp://HOST:8786`` on
a Dask cluster (petteia_core[lab]); the same seed gives the same figures whatever plays the games (the CPU seconds are the machines').
The aggregate, with a few sample games (for the page's live boards), is written to the data file,
which is committed: the site's build reads it and never plays a game.

Run: ``python -m site_scripts.generate.lab_data --games 100 --level 2`` (``make lab-data``; a full
regeneration at higher levels and more games takes hours of CPU).
"""

from __future__ import annotations

import argparse
import json
import platform
import sys
import time
from pathlib import Path

from petteia_core import Game
from petteia_core.lab import MAX_PLIES, run_games, summarise
from petteia_core.lab.race import DUODECIM, first_roll
from petteia_core.lab.stats import first_move_value, wilson
from petteia_core.notation import roll_text
from petteia_core.options import format_options, option_changes, variant

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "docs" / "lab" / "selfplay.json"
LOG_DIR = ROOT / "build" / "lab"

#: (id, label, ruleset, options, the site's question it answers).
VARIANTS: list[tuple[str, str, str, dict[str, str], str]] = [
    ("classic", "Classic", "classic", {}, "the plain rules"),
    ("classic-corner", "Classic + corner capture", "classic", {"corner_capture": "true"},
     "classic with and without corner capture"),
    ("classic-mandatory", "Classic + mandatory capture", "classic", {"mandatory_capture": "true"},
     "classic with mandatory capture"),
    ("vagi", "Ordinarii and vagi", "vagi", {}, "classic with the vagi; Poleis' fixed start"),
    ("poleis", "Poleis (placement)", "poleis", {}, "Poleis placement versus a fixed start"),
    ("tournament", "Tournament", "tournament", {}, "the tournament rules"),
    ("tournament-open-basileus", "Tournament, any enclosure of the Basileus", "tournament",
     {"basileus_capture_class": "false"}, "tournament without the Basileus enclosure rule"),
    ("kubeia", "Kubeia (dice)", "kubeia", {}, "Kubeia versus tournament"),
    # Ludus latrunculorum (RULES.md §9): each named reconstruction as its proposer gives it.
    ("latrunculi-quintana", "Latrunculi: Museum Quintana", "latrunculi-quintana", {}, "the Roman reconstructions"),
    ("latrunculi-kowalski", "Latrunculi: Kowalski 12×8", "latrunculi-kowalski", {}, "the Roman reconstructions"),
    ("latrunculi-kowalski-11x10", "Latrunculi: Kowalski 11×10", "latrunculi-kowalski-11x10", {},
     "the Roman reconstructions"),
    ("latrunculi-bell", "Latrunculi: Bell 8×8", "latrunculi-bell", {}, "the Roman reconstructions"),
    ("latrunculi-bell-7x8", "Latrunculi: Bell 7×8", "latrunculi-bell-7x8", {}, "the Roman reconstructions"),
    ("latrunculi-piso", "Latrunculi: Locus Ludi (Piso)", "latrunculi-piso", {}, "the Roman reconstructions"),
    ("latrunculi-schaedler", "Latrunculi: Schädler 2001", "latrunculi-schaedler", {}, "the Roman reconstructions"),
    ("latrunculi-schaedler-1994", "Latrunculi: Schädler 1994", "latrunculi-schaedler-1994", {},
     "the Roman reconstructions"),
]

#: Variants whose median game is kept as a sample for a live board (named rulesets only: a board
#: plays the named rules).
SAMPLES = ("classic", "tournament", "kubeia")


def line_of(game: Game) -> str:
    """The game's moves as a board fence's ``moves:`` line (each Kubeia move after its roll)."""
    words = []
    for before, move in zip(game.positions, game.history):
        text = move.text(before.width)
        words.append(f"{roll_text(before.dice)} {text}" if before.dice else text)
    return ", ".join(words)


def pick_sample(rows: list) -> object:
    """A typical game: ended by a rule with a winner, its length nearest the median of those games."""
    won = sorted((r for r in rows if r.winner is not None), key=lambda r: r.plies)
    pool = won or sorted(rows, key=lambda r: r.plies)
    median = pool[len(pool) // 2].plies
    return min(pool, key=lambda r: (abs(r.plies - median), r.index))


#: Bands of the first player's opening roll in Duodecim, by the pips it moves (a double counts twice).
ROLL_BANDS: list[tuple[str, int, int]] = [("3–6 pips", 3, 6), ("7–9 pips", 7, 9), ("10–24 pips", 10, 24)]


def roll_pips(roll: tuple[int, int]) -> int:
    """The pips an opening roll moves: the two dice, each twice for a double."""
    return 2 * sum(roll) if roll[0] == roll[1] else sum(roll)


def by_opening_roll(rows: list) -> list[dict]:
    """Duodecim: the first player's win rate after each band of opening roll (games with a winner)."""
    out = []
    for label, low, high in ROLL_BANDS:
        band = [r for r in rows if r.winner and low <= roll_pips(first_roll(r.record) or (0, 0)) <= high]
        wins = sum(r.winner == "first" for r in band)
        p, lo, hi = wilson(wins, len(band))
        out.append({"band": label, "games": len(band), "first_player_wins": wins,
                    "rate": round(p, 4), "low": round(lo, 4), "high": round(hi, 4)})
    return out


def cpu_of(rows: list) -> float:
    """The CPU seconds of a run's games, as logged where each game was played."""
    return round(sum(r.cpu for r in rows), 1)


def main(argv: list[str] | None = None) -> int:
    """Play (or read back from the logs) every run and write the data file."""
    args = _parser().parse_args(argv)
    if not args.scheduler:
        return play_all(args, {"jobs": args.jobs, "scheduler": None})
    from petteia_core.lab.cluster import connect

    with connect(args.scheduler) as client:  # one cluster for every run
        return play_all(args, {"jobs": 1, "scheduler": client})


def _parser() -> argparse.ArgumentParser:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--level", type=int, default=2)
    ap.add_argument("--seed", type=int, default=2024)
    ap.add_argument("--max-plies", type=int, default=MAX_PLIES)
    ap.add_argument("--compare-level", type=int, default=1,
                    help="also play the named rulesets at this level, to show that levels matter (0: no)")
    ap.add_argument("--only", nargs="*", help="variant ids to play (default: all; duodecim is one)")
    ap.add_argument("--jobs", type=int, default=1, help="processes playing games at once")
    ap.add_argument("--scheduler", help="a Dask cluster: local:N, or a scheduler's address (petteia_core[lab])")
    ap.add_argument("--out", type=Path, default=DATA)
    return ap


def play_all(args: argparse.Namespace, backend: dict) -> int:
    """Every run of the data file, on ``backend`` (run_games's jobs and scheduler)."""
    LOG_DIR.mkdir(parents=True, exist_ok=True)
    cpu_path = LOG_DIR / "cpu.json"
    cpu = json.loads(cpu_path.read_text()) if cpu_path.exists() else {}
    wall = time.perf_counter()
    out_variants, samples = [], []
    for vid, label, ruleset, options, question in VARIANTS:
        if args.only and vid not in args.only:
            continue
        rules = variant(ruleset, options)
        log = LOG_DIR / f"{vid}.jsonl"
        key = f"{vid} level={args.level} seed={args.seed} cap={args.max_plies}"
        rows = run_games(rules, args.level, args.games, seed=args.seed, max_plies=args.max_plies, log=log,
                         **backend)
        cpu[key] = cpu_of(rows)
        cpu_path.write_text(json.dumps(cpu, indent=1))
        stats = summarise(rows)
        print(f"{vid:<26} {args.games} games  first {stats['first_player_wins']:>3}  second "
              f"{stats['second_player_wins']:>3}  draws {stats['draws']:>3}  unfinished {stats['unfinished']:>3}  "
              f"median {stats['length']['median']:g} plies  cpu {cpu[key]:.0f} s", flush=True)
        out_variants.append({"id": vid, "label": label, "question": question, "ruleset": ruleset,
                             "options": format_options(option_changes(rules)), "cpu_seconds": cpu[key],
                             **stats, "first_move": first_move_value(stats["first_player_wins"],
                                                                     stats["second_player_wins"])})
        if vid in SAMPLES:
            row = pick_sample(rows)
            game = Game.from_record(row.record)
            samples.append({"id": f"sample-{vid}", "variant": vid, "ruleset": ruleset, "index": row.index,
                            "plies": row.plies, "result": str(game.result) if game.result else "unfinished",
                            "winner": row.winner, "record": row.record, "moves": line_of(game)})
    comparison = []
    if args.compare_level:
        for vid, label, ruleset, options, _question in VARIANTS:
            if options or (args.only and vid not in args.only):
                continue
            log = LOG_DIR / f"{vid}-level{args.compare_level}.jsonl"
            key = f"{vid} level={args.compare_level} seed={args.seed} cap={args.max_plies}"
            rows = run_games(variant(ruleset), args.compare_level, args.games, seed=args.seed,
                             max_plies=args.max_plies, log=log, **backend)
            cpu[key] = cpu_of(rows)
            cpu_path.write_text(json.dumps(cpu, indent=1))
            stats = summarise(rows)
            print(f"{vid + ' level ' + str(args.compare_level):<26} first {stats['first_player_wins']:>3}  "
                  f"draws {stats['draws']:>3}  median {stats['length']['median']:g}  cpu {cpu[key]:.0f} s", flush=True)
            comparison.append({"id": vid, "label": label, "level": args.compare_level, "cpu_seconds": cpu[key],
                               **stats})
    race = None
    if not args.only or DUODECIM in args.only:
        key = f"{DUODECIM} level={args.level} seed={args.seed} cap={args.max_plies}"
        rows = run_games(DUODECIM, args.level, args.games, seed=args.seed, max_plies=args.max_plies,
                         log=LOG_DIR / f"{DUODECIM}.jsonl", **backend)
        cpu[key] = cpu_of(rows)
        cpu_path.write_text(json.dumps(cpu, indent=1))
        stats = summarise(rows)
        race = {"id": DUODECIM, "label": "Ludus duodecim scriptorum", "cpu_seconds": cpu[key], **stats,
                "first_move": first_move_value(stats["first_player_wins"], stats["second_player_wins"]),
                "by_opening_roll": by_opening_roll(rows)}
        print(f"{DUODECIM:<26} first {stats['first_player_wins']:>3}  second {stats['second_player_wins']:>3}  "
              f"median {stats['length']['median']:g} turns  hits {stats['captures_per_game']['mean']:g}  "
              f"cpu {cpu[key]:.0f} s", flush=True)
    data = {
        "about": "Self-play statistics of petteia_core's computer against itself (python -m site_scripts.generate.lab_data)",
        "level": args.level, "games_per_variant": args.games, "seed": args.seed, "max_plies": args.max_plies,
        "compare_level": args.compare_level or None,
        "cpu_seconds": round(sum(v["cpu_seconds"] for v in (*out_variants, *comparison, *([race] if race else []))), 1),
        "python": f"{platform.python_implementation()} {platform.python_version()}",
        "variants": out_variants, "comparison": comparison, "samples": samples, "race": race,
    }
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(data, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    print(f"wrote {args.out.relative_to(ROOT) if args.out.is_relative_to(ROOT) else args.out}: "
          f"{len(out_variants)} variants{' and duodecim' if race else ''}, {data['cpu_seconds']:.0f} s of CPU, "
          f"{time.perf_counter() - wall:.0f} s wall clock on {args.scheduler or f'{args.jobs} process(es)'}",
          flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())

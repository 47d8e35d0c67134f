"""Regenerate ``docs/lab/selfplay.json``: the self-play statistics of the page "Which rules make the best game?".

Every variant of :data:`VARIANTS` is played ``--games`` times by the computer against itself at
``--level`` (petteia_core.lab). Each finished game is appended to ``build/lab/<id>.jsonl``; a run
started again skips the games already logged, so ``make lab-data`` resumes after an interruption.
The CPU time spent on each variant is added up in ``build/lab/cpu.json`` (across resumed runs).
The aggregate, with a few sample games (for the page's live boards), is written to the data file,
which is committed: the site's build reads it and never plays a game.

Run: ``python -m site_scripts.lab_data --games 100 --level 2`` (``make lab-data``; a full
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
from petteia_core.notation import roll_text
from petteia_core.options import format_options, option_changes, variant

ROOT = Path(__file__).resolve().parent.parent
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


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--level", type=int, default=2)
    ap.add_argument("--seed", type=int, default=2024)
    ap.add_argument("--max-plies", type=int, default=MAX_PLIES)
    ap.add_argument("--compare-level", type=int, default=1,
                    help="also play the named rulesets at this level, to show that levels matter (0: no)")
    ap.add_argument("--only", nargs="*", help="variant ids to play (default: all)")
    ap.add_argument("--out", type=Path, default=DATA)
    args = ap.parse_args(argv)
    LOG_DIR.mkdir(parents=True, exist_ok=True)
    cpu_path = LOG_DIR / "cpu.json"
    cpu = json.loads(cpu_path.read_text()) if cpu_path.exists() else {}
    out_variants, samples = [], []
    for vid, label, ruleset, options, question in VARIANTS:
        if args.only and vid not in args.only:
            continue
        rules = variant(ruleset, options)
        log = LOG_DIR / f"{vid}.jsonl"
        key = f"{vid} level={args.level} seed={args.seed} cap={args.max_plies}"
        t0 = time.process_time()
        rows = run_games(rules, args.level, args.games, seed=args.seed, max_plies=args.max_plies, log=log)
        cpu[key] = round(cpu.get(key, 0.0) + time.process_time() - t0, 1)
        cpu_path.write_text(json.dumps(cpu, indent=1))
        stats = summarise(rows)
        print(f"{vid:<26} {args.games} games  first {stats['first_player_wins']:>3}  second "
              f"{stats['second_player_wins']:>3}  draws {stats['draws']:>3}  unfinished {stats['unfinished']:>3}  "
              f"median {stats['length']['median']:g} plies  cpu {cpu[key]:.0f} s", flush=True)
        out_variants.append({"id": vid, "label": label, "question": question, "ruleset": ruleset,
                             "options": format_options(option_changes(rules)), "cpu_seconds": cpu[key],
                             **stats})
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
            t0 = time.process_time()
            rows = run_games(variant(ruleset), args.compare_level, args.games, seed=args.seed,
                             max_plies=args.max_plies, log=log)
            cpu[key] = round(cpu.get(key, 0.0) + time.process_time() - t0, 1)
            cpu_path.write_text(json.dumps(cpu, indent=1))
            stats = summarise(rows)
            print(f"{vid + ' level ' + str(args.compare_level):<26} first {stats['first_player_wins']:>3}  "
                  f"draws {stats['draws']:>3}  median {stats['length']['median']:g}  cpu {cpu[key]:.0f} s", flush=True)
            comparison.append({"id": vid, "label": label, "level": args.compare_level, "cpu_seconds": cpu[key],
                               **stats})
    data = {
        "about": "Self-play statistics of petteia_core's computer against itself (python -m site_scripts.lab_data)",
        "level": args.level, "games_per_variant": args.games, "seed": args.seed, "max_plies": args.max_plies,
        "compare_level": args.compare_level or None,
        "cpu_seconds": round(sum(v["cpu_seconds"] for v in (*out_variants, *comparison)), 1),
        "python": f"{platform.python_implementation()} {platform.python_version()}",
        "variants": out_variants, "comparison": comparison, "samples": samples,
    }
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(data, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    print(f"wrote {args.out.relative_to(ROOT) if args.out.is_relative_to(ROOT) else args.out}: "
          f"{len(out_variants)} variants, {data['cpu_seconds']:.0f} s of CPU", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())

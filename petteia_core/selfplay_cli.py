"""The ``selfplay`` command: the computer plays a ruleset against itself and prints the statistics.

``python -m petteia_core selfplay RULESET [--option NAME=VALUE ...] --games N --level L [--seed S]
[--jobs J | --scheduler local:N|ADDRESS] [--records FILE] [--json] [--max-plies P] [--log FILE]``

Both sides play at level L, the colours as the rules give them (the first player moves first).
Rates come with a Wilson 95 % interval; the figures are defined in :mod:`petteia_core.lab.stats`.
``--scheduler`` plays the games on a ``dask.distributed`` cluster (the optional extra ``lab``,
:mod:`petteia_core.lab.cluster`); the same seed gives the same JSON whatever plays the games.
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path
from typing import Any

from .errors import PetteiaError
from .options import PRESETS, format_options, option_changes, read_options, variant

#: The race game's name (also :data:`petteia_core.lab.race.DUODECIM`; kept here so that building the
#: command line's parser imports no engine).
DUODECIM = "duodecim"


def add_parser(sub: Any) -> None:
    """The ``selfplay`` subcommand's arguments (``sub``: the main parser's subparsers)."""
    s = sub.add_parser("selfplay", help="the computer against itself: balance, draws, length, drama …")
    s.add_argument("ruleset", help="a custodian ruleset (" + ", ".join(PRESETS) + ") or duodecim")
    s.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                   help="change one rule option (RULES.md §8), e.g. corner_capture=true; repeatable")
    s.add_argument("--games", type=int, required=True, help="number of games")
    s.add_argument("--level", type=int, required=True, help="the computer's level, 1-5, for both sides")
    s.add_argument("--seed", type=int, default=0, help="the run's seed (default 0): same seed, same games")
    s.add_argument("--jobs", type=int, default=1, help="processes playing games at once (default 1)")
    s.add_argument("--scheduler", metavar="local:N|ADDRESS",
                   help="play on a Dask cluster: local:N starts N workers on this machine (127.0.0.1 only), "
                        "ADDRESS (tcp://HOST:8786) uses a running one; needs petteia_core[lab]")
    s.add_argument("--max-plies", type=int, default=None,
                   help="move cap in single moves (default 400); a game still running is unfinished")
    s.add_argument("--records", metavar="FILE", help="write every game's record, separated by blank lines")
    s.add_argument("--log", metavar="FILE", help="append each finished game as a JSON line; rerun to resume")
    s.add_argument("--json", action="store_true", help="print one JSON object instead of the table")


def rules_of(ruleset: str, options: list[str]):
    """The RuleOptions of ``ruleset`` with the ``NAME=VALUE`` options applied (PetteiaError if wrong);
    ``"duodecim"`` for Ludus duodecim scriptorum (a race game without options)."""
    if ruleset == DUODECIM:
        if options:
            raise PetteiaError("duodecim has no rule options (--option is for the custodian rulesets)")
        return DUODECIM
    if ruleset not in PRESETS:
        raise PetteiaError(f"unknown ruleset {ruleset!r}; selfplay plays {', '.join(PRESETS)}, {DUODECIM}")
    changes: dict[str, str] = {}
    for text in options:
        for name, value in read_options(text).items():
            if name in changes:
                raise PetteiaError(f"option {name} is given twice")
            changes[name] = value
    return variant(ruleset, changes)


def statistics(args: argparse.Namespace) -> tuple[dict[str, Any], list[str]]:
    """Play the run the arguments describe: (the JSON object, the records)."""
    from .ai.levels import LEVELS
    from .lab import MAX_PLIES, run_games, summarise

    rules = rules_of(args.ruleset, args.option)
    if args.games < 1:
        raise PetteiaError("--games must be 1 or more")
    if args.level not in LEVELS:
        raise PetteiaError(f"--level must be one of {', '.join(map(str, LEVELS))}")
    if args.jobs < 1:
        raise PetteiaError("--jobs must be 1 or more")
    cap = MAX_PLIES if args.max_plies is None else args.max_plies
    if cap < 1:
        raise PetteiaError("--max-plies must be 1 or more")
    scheduler = getattr(args, "scheduler", None)
    if scheduler:
        from .lab.cluster import local_workers

        local_workers(scheduler)  # a malformed value fails before any game
    rows = run_games(rules, args.level, args.games, seed=args.seed, jobs=args.jobs, max_plies=cap,
                     log=Path(args.log) if args.log else None, scheduler=scheduler)
    race = rules == DUODECIM
    out = {"ruleset": DUODECIM if race else rules.name,
           "options": "" if race else format_options(option_changes(rules)), "level": args.level,
           "seed": args.seed, "max_plies": cap, "first_player": "w" if race else rules.first_player,
           **summarise(rows)}
    return out, [r.record for r in rows]


def _pct(rate: dict) -> str:
    return f"{100 * rate['rate']:5.1f} %  [{100 * rate['low']:.1f}–{100 * rate['high']:.1f}]"


def format_table(s: dict[str, Any]) -> str:
    """The statistics as lines of text."""
    name = s["ruleset"] + (f" ({s['options']})" if s["options"] else "")
    ln = s["length"]
    cap, lead, dec = s["captures_per_game"], s["lead_changes_per_game"], s["decisiveness"]
    race = s["ruleset"] == DUODECIM  # turns, hits, the lead in the race
    words = ("turns", "legal turns a roll", "hits", "lead changes") if race else \
        ("plies", "legal moves a position", "captures", "lead changes")
    lines = [
        f"# {name}: {s['games']} games, both sides level {s['level']}, seed {s['seed']}, "
        f"move cap {s['max_plies']} plies; 95 % intervals in brackets",
        f"first player ({s['first_player']}) wins  {s['first_player_wins']:>5}  {_pct(s['first_player_win_rate'])}",
        f"second player wins      {s['second_player_wins']:>5}  {_pct(s['second_player_win_rate'])}",
        f"draws (by a rule)       {s['draws']:>5}  {_pct(s['draw_rate'])}",
        f"unfinished (move cap)   {s['unfinished']:>5}",
        f"completion                     {_pct(s['completion'])}",
        "end reasons             " + ", ".join(f"{k} {v}" for k, v in s["reasons"].items()),
        f"{'length (' + words[0] + ')':<24}median {ln['median']:g}, quartiles {ln['q1']:g}–{ln['q3']:g}, "
        f"range {ln['min']}–{ln['max']}",
        f"branching factor        {s['branching_factor']:g} {words[1]}",
        f"{words[2] + ' per game':<24}{cap['mean']:g}  [{cap['low']:g}–{cap['high']:g}]",
        f"{words[3] + ' per game':<24}{lead['mean']:g}  [{lead['low']:g}–{lead['high']:g}]",
        f"decisiveness            {_pct(dec)}: the side ahead at ply {dec['ply']} won {dec['count']} "
        f"of {dec['games']} games",
    ]
    return "\n".join(lines)


def run(args: argparse.Namespace) -> int:
    t0 = time.process_time()
    out, records = statistics(args)
    if args.records:
        Path(args.records).write_text("\n\n".join(records) + "\n", encoding="utf-8")
    if args.json:
        print(json.dumps(out, ensure_ascii=False))
    else:
        print(format_table(out))
        print(f"# CPU time of this process: {time.process_time() - t0:.1f} s")
    return 0

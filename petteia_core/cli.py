"""Command line: ``python -m petteia_core perft|moves|replay|analyse|selfplay`` (DESIGN.md)."""

from __future__ import annotations

import argparse
import sys

from .errors import PetteiaError
from .options import CLI_RULESETS


def _rolls(text: str | None) -> list[tuple[int, int]]:
    from .notation import parse_roll

    return [parse_roll(r.strip()) for r in text.split(",")] if text else []


def _parser() -> argparse.ArgumentParser:
    ap = argparse.ArgumentParser(prog="python -m petteia_core", description=__doc__)
    sub = ap.add_subparsers(dest="command", required=True)
    p = sub.add_parser("perft", help="count leaf positions at DEPTH")
    p.add_argument("ruleset", choices=CLI_RULESETS)
    p.add_argument("depth", type=int)
    p.add_argument("--position")
    p.add_argument("--dice", help="rolls, one per ply: 63,52,11")
    m = sub.add_parser("moves", help="list the legal moves in Greek notation")
    m.add_argument("ruleset", choices=CLI_RULESETS)
    m.add_argument("--position")
    m.add_argument("--dice", help="the current roll, e.g. 63")
    r = sub.add_parser("replay", help="play moves and print the final position (and result)")
    r.add_argument("ruleset", choices=CLI_RULESETS)
    r.add_argument("--position")
    r.add_argument("moves", nargs="*")
    a = sub.add_parser("analyse", help="review a game record: each move's mark, the best move, the evaluations")
    a.add_argument("ruleset", choices=CLI_RULESETS)
    a.add_argument("record_file", metavar="RECORD_FILE", help="a game record as the site writes it")
    a.add_argument("--depth", type=int, default=None,
                   help="search depth in plies of the games without dice (default: 3; tournament 2)")
    from .selfplay_cli import add_parser

    add_parser(sub)
    return ap


def _custodian(args: argparse.Namespace) -> int:
    from .custodian import Position
    from .game import Game
    from .perft import perft

    pos = Position.from_string(args.ruleset, args.position) if args.position else Position.start(args.ruleset)
    if args.command == "perft":
        if args.depth < 0:
            raise PetteiaError("depth must be 0 or more")
        rolls = _rolls(args.dice)
        if pos.rules.dice and len(rolls) < args.depth:
            if pos.dice is None or len(rolls) + 1 < args.depth:
                raise PetteiaError(f"Kubeia perft needs --dice with one roll per ply ({args.depth})")
            rolls = [pos.dice, *rolls]
        print(perft(pos, args.depth, rolls))
    elif args.command == "moves":
        if args.dice:
            pos = pos.with_dice(_rolls(args.dice)[0])
        elif pos.rules.dice and pos.dice is None:
            raise PetteiaError("Kubeia: give the roll with --dice 63 (or dice=63 in the position)")
        for move in pos.legal_moves():
            print(move.text(pos.width))
    else:
        game = Game(args.ruleset, pos)
        game.replay(args.moves)
        print(game.position.to_string())
        if game.result is not None:
            print(game.result)
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = _parser()
    # Moves may follow --position (replay RULESET --position TEXT MOVE ...): argparse leaves them over.
    args, extra = parser.parse_known_args(argv)
    if extra:
        if args.command != "replay" or any(w.startswith("--") for w in extra):
            parser.error("unrecognized arguments: " + " ".join(extra))
        args.moves = [*args.moves, *extra]
    try:
        if args.command == "selfplay":
            from .selfplay_cli import run as selfplay

            return selfplay(args)
        if args.command == "analyse":
            from .analyse_cli import run as analyse

            return analyse(args)
        if args.ruleset == "duodecim":
            from .duodecim_cli import run

            return run(args)
        return _custodian(args)
    except PetteiaError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    except ValueError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())

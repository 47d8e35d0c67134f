"""The ``perft``, ``moves`` and ``replay`` commands for Ludus duodecim scriptorum."""

from __future__ import annotations

import argparse

from .duodecim import DuodecimGame, DuodecimPosition, parse_roll, perft
from .errors import PetteiaError


def run(args: argparse.Namespace) -> int:
    """Run one CLI command on a Duodecim position; turns are printed as ``63 @A6 @A3``."""
    pos = DuodecimPosition.from_string(args.position) if args.position else DuodecimPosition.start()
    if args.command == "perft":
        rolls = [parse_roll(r.strip()) for r in args.dice.split(",")] if args.dice else []
        if len(rolls) < args.depth:
            raise PetteiaError(f"duodecim perft needs --dice with one roll per ply ({args.depth})")
        print(perft(pos, rolls[: args.depth]))
    elif args.command == "moves":
        dice = parse_roll(args.dice) if args.dice else pos.dice
        if dice is None:
            raise PetteiaError("duodecim: give the roll with --dice 63 (or dice=63 in the position)")
        for turn in pos.legal_turns(dice):
            print(pos.turn_text(turn, dice))
    else:
        game = DuodecimGame(pos)
        game.replay(args.moves)
        print(game.position.to_string())
        if game.result is not None:
            print(game.result)
    return 0

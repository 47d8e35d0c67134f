"""The ``analyse`` command: ``python -m petteia_core analyse RULESET RECORD_FILE [--depth N]``.

One line per move: its number, the move, its mark, the best move, and the evaluation before and
after it (pieces, for White), as the play page's "Review the game" shows them (petteia_core.ai.review).
"""

from __future__ import annotations

import argparse
from typing import Any

from .errors import PetteiaError

_HEADER = (
    "# {ruleset}, {how}. Evaluations in pieces for White (+: White stands better; ±win: a forced win).\n"
    "# Marks by pieces lost against the best move: {marks}.\n"
    "# {cols}"
)


def read_game(ruleset: str, path: str) -> Any:
    """The game of the record in ``path``; PetteiaError saying what is wrong with the file."""
    from .duodecim import DuodecimGame
    from .game import Game
    from .notation import tokenize_record

    try:
        with open(path, encoding="utf-8") as fh:
            text = fh.read()
    except FileNotFoundError:
        raise PetteiaError(f"{path}: no such file") from None
    except UnicodeDecodeError:
        raise PetteiaError(f"{path}: not a text file (a game record is UTF-8 text)") from None
    except OSError as exc:
        raise PetteiaError(f"{path}: cannot be read ({exc.strerror or exc})") from None
    if not text.strip():
        raise PetteiaError(f"{path}: the file is empty")
    try:
        tags, _words, _result = tokenize_record(text)
        named = tags.get("ruleset", ruleset).strip().lower()
        if named != ruleset:
            raise PetteiaError(f"the record is a game of {named!r}, not of {ruleset!r}")
        game = DuodecimGame.from_record(text) if ruleset == "duodecim" else Game.from_record(text, ruleset)
    except (PetteiaError, ValueError) as exc:
        raise PetteiaError(f"{path}: {exc}") from None
    if not game.history:
        raise PetteiaError(f"{path}: the record has no moves to analyse")
    return game


def _worth(value: float) -> str:
    from .ai.review import FORCED

    if value >= FORCED:
        return "+win"
    if value <= -FORCED:
        return "-win"
    return f"{value:+.2f}"


def run(args: argparse.Namespace) -> int:
    from .ai.review import DEFAULT_DEPTH, THRESHOLDS, review_move

    if args.depth is not None and not 1 <= args.depth <= 6:
        raise PetteiaError("--depth must be 1 to 6")
    game = read_game(args.ruleset, args.record_file)
    if args.ruleset in ("kubeia", "duodecim"):
        how = "each move judged on its roll, against every roll of the reply"
    else:
        how = f"search depth {args.depth or DEFAULT_DEPTH.get(args.ruleset, 2)} plies"
    marks = ", ".join(f"{mark} {least:g}+" for mark, least in reversed(THRESHOLDS))
    cols = f"{'move':<4}  {'played':<28} {'mark':<11} {'best':<22} {'before':>6}  {'after':>6}"
    print(_HEADER.format(ruleset=args.ruleset, how=how, marks=marks, cols=cols))
    for ply in range(len(game.history)):
        r = review_move(game, ply, args.depth)
        number = f"{r.number}." if r.side == "w" else f"{r.number}..."
        played = f"{r.move} {r.symbol}".strip()
        print(f"{number:<6}  {played:<28} {r.mark:<11} {r.best:<22} {_worth(r.before):>6}  {_worth(r.after):>6}")
    return 0

"""One self-play game: the computer against itself, and what the statistics need from it.

Both sides play at the same level. The game is reproducible from ``(seed, index)``: the computer's
choices come from :func:`petteia_core.ai.choose_move` with a seed derived from them, the Kubeia dice
from a ``random.Random`` seeded with them, and the levels play without their wall-clock safety cap
(a loaded machine must not change a move; the node budgets bound every search). Levels without
randomness (3–5) draw their first plies among the near-best moves (:mod:`.variety`), so no two games
of a run are the same game.
"""

from __future__ import annotations

import dataclasses
import random
from dataclasses import dataclass, field
from typing import Any

from ..ai.levels import Level, get_level
from ..game import Game
from ..options import RuleOptions
from .variety import lab_move

#: Longest game, in single moves (plies; a Poleis placement is one): far beyond a normal game, whose
#: stall rules (RULES.md §1: 100 moves without a capture) end it first. Games still running are
#: "unfinished", never draws.
MAX_PLIES = 400

#: The ply after which the material lead is read for decisiveness: move 20 of each side.
LEAD_PLY = 40

#: End reason of a game stopped by the move cap.
CAP = "move cap"


@dataclass(frozen=True)
class GameRow:
    """What one game contributes to the statistics (JSON-ready with :func:`dataclasses.asdict`).

    ``winner`` is ``"first"``, ``"second"`` or None (a draw by a rule, or unfinished at the cap): the
    first player is the one who moves (or places) first under the rules. ``moves_seen`` is the sum of
    the numbers of legal moves of the positions played (branching factor = moves_seen / plies).
    ``captures`` counts captured pieces; ``lead_changes`` how often the side ahead in material changed
    (equal material ignored); ``leader`` the side ahead after :data:`LEAD_PLY` plies (None if equal
    or the game was shorter). ``cpu`` is the CPU seconds the game took where it was played (logged,
    so a run knows its cost on any machine; not part of a row's equality, nor of the statistics).
    """

    index: int
    winner: str | None
    score: str
    reason: str
    plies: int
    moves_seen: int
    captures: int
    lead_changes: int
    leader: str | None
    record: str
    cpu: float = field(default=0.0, compare=False)


def game_seed(seed: int, index: int) -> int:
    """The seed of game ``index`` of a run with ``seed``: independent of how the run is split into jobs."""
    return seed * 1_000_003 + index


def _material(game: Game) -> tuple[int, int]:
    """Pieces of (white, black), on the board and still in hand (Poleis placements)."""
    pos = game.position
    return pos.occ[0].bit_count() + pos.hand[0], pos.occ[1].bit_count() + pos.hand[1]


def play_game(rules: RuleOptions, level: int | Level, seed: int, index: int, max_plies: int = MAX_PLIES) -> GameRow:
    """Play game ``index`` of a self-play run and return its row.

    >>> from petteia_core.options import get_rules
    >>> row = play_game(get_rules("classic"), 1, seed=1, index=0, max_plies=6)
    >>> row.plies, row.reason, row.winner
    (6, 'move cap', None)
    """
    lv = dataclasses.replace(get_level(level), time_cap=float("inf"))
    s = game_seed(seed, index)
    game = Game(rules, rng=random.Random(f"selfplay:{s}"))
    first = rules.first_player
    material = _material(game)
    lead = 0  # sign of (first player's material - second's); 0 until someone leads
    lead_changes = captures = moves_seen = plies = 0
    leader: str | None = None
    while game.result is None and plies < max_plies:
        if game.needs_roll:
            game.roll()
        moves_seen += len(game.legal_moves())
        game.play(lab_move(game, lv, s, plies))
        plies += 1
        now = _material(game)
        captures += sum(material) - sum(now)
        material = now
        diff = material[0] - material[1] if first == "w" else material[1] - material[0]
        sign = (diff > 0) - (diff < 0)
        if sign and sign != lead:
            lead_changes += lead != 0
            lead = sign
        if plies == LEAD_PLY and sign:
            leader = "first" if sign > 0 else "second"
    result: Any = game.result
    if result is None:
        winner, score, reason = None, "*", CAP
    else:
        winner = None if result.winner is None else ("first" if result.winner == first else "second")
        score, reason = result.score, result.reason
    return GameRow(index, winner, score, reason, plies, moves_seen, captures, lead_changes, leader, game.record())

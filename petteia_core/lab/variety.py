"""Seeded variety for the levels that play without randomness (3–5), in self-play only.

Levels 3–5 always play the same move in the same position, so two self-play games from the start
would be one game played twice. In the lab, the first :data:`VARIETY_PLIES` plies (single moves) of
a game at such a level are drawn at random, with the game's seed, among the moves whose score at the
level's own search depth is within :data:`VARIETY_MARGIN` points (a plain piece is 100) of the best
one; from then on the level plays as always. The level itself sees those moves as equally good, so
the variety does not weaken it (tests/test_lab_variety.py measures it against level 2). The dice
games (Kubeia) need none: the dice vary every game. The computer opponent of the site's boards is
unchanged: only :func:`petteia_core.lab.play_game` calls :func:`lab_move`.
"""

from __future__ import annotations

import dataclasses
import random
from typing import Any

from ..ai import choose_move
from ..ai.levels import Level

#: Opening plies drawn at random among the near-best moves (six moves by each side).
VARIETY_PLIES = 12

#: How far below the best score (in points; a plain piece is 100) a move may be to be drawn.
VARIETY_MARGIN = 15


def plays_without_randomness(level: Level) -> bool:
    """True for a level that always picks the best move (3–5 in the games without dice)."""
    return level.margin == 0 and level.temperature == 0 and level.noise == 0 and level.miss_captures == 0


def lab_move(game: Any, level: Level, seed: int, ply: int) -> Any:
    """The move a self-play game plays at ``ply``: ``level``'s own, or within the opening plies of a
    level without randomness, one drawn with ``seed`` among the moves within the margin of the best."""
    position = game.position
    chosen = choose_move(position, level, seed=seed + ply, history=game.positions)
    if ply >= VARIETY_PLIES or position.rules.dice or not plays_without_randomness(level) or chosen.depth < 1:
        return chosen.move
    # Every root move scored at the depth the search completed (exact within the margin).
    wide = dataclasses.replace(level, max_depth=chosen.depth, margin=VARIETY_MARGIN, nodes=4 * level.nodes)
    scored = choose_move(position, wide, seed=seed + ply, history=game.positions)
    if scored.depth < chosen.depth or not scored.candidates:  # out of budget: the level's own move
        return chosen.move
    best = max(score for _, score in scored.candidates)
    near = sorted(pair for pair, score in scored.candidates if score >= best - VARIETY_MARGIN)
    f, t = random.Random(f"variety:{seed}:{ply}").choice(near)
    return position.move_of(f, t)

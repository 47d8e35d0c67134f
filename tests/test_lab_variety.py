"""Seeded variety of the levels without randomness in self-play (issue #32, petteia_core.lab.variety).

A run of level 3 from one seed plays different games, reproducibly, and the variety leaves level 3
still far stronger than level 2 (measured in a small match; no timing is asserted).
"""

from __future__ import annotations

import dataclasses
import random

from petteia_core import Game, get_rules
from petteia_core.ai.levels import get_level
from petteia_core.lab import play_game
from petteia_core.lab.variety import VARIETY_MARGIN, VARIETY_PLIES, lab_move, plays_without_randomness


def test_the_levels_without_randomness_are_three_to_five():
    assert [n for n in range(1, 6) if plays_without_randomness(get_level(n))] == [3, 4, 5]
    assert 0 < VARIETY_MARGIN <= 25 and 0 < VARIETY_PLIES <= 12  # a quarter of a piece at most; six moves a side


def test_twenty_games_at_level_3_from_one_seed_are_all_different_and_reproducible():
    rules = get_rules("vagi")
    games = [play_game(rules, 3, seed=1, index=i, max_plies=VARIETY_PLIES).record for i in range(20)]
    assert len(set(games)) == 20
    assert games[7] == play_game(rules, 3, seed=1, index=7, max_plies=VARIETY_PLIES).record


def test_after_the_opening_plies_level_3_plays_its_own_move():
    rules = get_rules("classic")
    level = dataclasses.replace(get_level(3), time_cap=float("inf"))
    game = Game(rules)
    for ply in range(VARIETY_PLIES + 2):
        move = lab_move(game, level, seed=5, ply=ply)
        if ply >= VARIETY_PLIES:
            from petteia_core.ai import choose_move

            assert move == choose_move(game.position, level, seed=5 + ply, history=game.positions).move
        game.play(move)


def match(rules_name: str, games: int) -> tuple[int, int]:
    """Level 3 with the variety against level 2, colours alternating: (level 3's wins, level 2's)."""
    rules = get_rules(rules_name)
    strong, weak = (dataclasses.replace(get_level(n), time_cap=float("inf")) for n in (3, 2))
    wins = [0, 0]
    for i in range(games):
        side3 = "wb"[i % 2]
        game = Game(rules, rng=random.Random(i))
        ply = 0
        while game.result is None and ply < 300:
            level = strong if game.position.side_to_move == side3 else weak
            game.play(lab_move(game, level, 1000 * i, ply))
            ply += 1
        if game.result is not None and game.result.winner is not None:
            wins[game.result.winner != side3] += 1
    return wins[0], wins[1]


def test_the_variety_leaves_level_3_beating_level_2():
    won, lost = match("vagi", 12)  # measured: 20 of 20 with the variety, 20 of 20 without
    assert won >= 10 and won > 3 * lost

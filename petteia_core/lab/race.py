"""One self-play game of Ludus duodecim scriptorum, the race game, as a :class:`.play.GameRow`.

The figures of the custodian games read as a race's: ``plies`` are turns, ``moves_seen`` the legal
turns of each roll (the branching factor), ``captures`` the hits (a blot sent to the bar),
``lead_changes`` how often the lead in the race changed (the side with fewer pips still to travel
is ahead; equal counts ignored), ``leader`` the side ahead in the race after :data:`.play.LEAD_PLY`
turns. The first player is White, who moves first. The dice come from a ``random.Random`` seeded
with the game's seed (:func:`.play.game_seed`), so a game is reproducible wherever it is played.
"""

from __future__ import annotations

import dataclasses
import random
import re

from ..ai import choose_move
from ..ai.levels import Level, get_level
from ..duodecim import DuodecimGame
from ..duodecim.track import ENTER, OFF
from .play import CAP, LEAD_PLY, MAX_PLIES, GameRow, game_seed

#: The ruleset's name in the lab (the race game has no variants; the same as the command line's).
DUODECIM = "duodecim"

_FIRST_ROLL = re.compile(r"^1\) (\d)(\d)", re.M)


def pips_to_go(position) -> tuple[int, int]:
    """The pips (points of the track) that (White, Black) still have to travel to bear every piece off."""
    white = black = 0
    for index, count in enumerate(position.points):
        if count > 0:
            white += count * (OFF - index)
        elif count < 0:
            black += -count * (OFF - index)
    entering = OFF - ENTER
    white += entering * (position.hand[0] + position.bar[0])
    black += entering * (position.hand[1] + position.bar[1])
    return white, black


def first_roll(record: str) -> tuple[int, int] | None:
    """The first player's opening roll, read from a game's record (higher die first)."""
    m = _FIRST_ROLL.search(record)
    return (int(m.group(1)), int(m.group(2))) if m else None


def play_race(level: int | Level, seed: int, index: int, max_plies: int = MAX_PLIES) -> GameRow:
    """Play game ``index`` of a Duodecim self-play run and return its row.

    >>> row = play_race(1, seed=1, index=0, max_plies=4)
    >>> row.plies, row.reason, first_roll(row.record) is not None
    (4, 'move cap', True)
    """
    lv = dataclasses.replace(get_level(level), time_cap=float("inf"))
    s = game_seed(seed, index)
    game = DuodecimGame(rng=random.Random(f"selfplay:{s}"))
    first = game.position.turn
    lead = lead_changes = hits = moves_seen = plies = 0
    leader: str | None = None
    while game.result is None and plies < max_plies:
        game.roll()
        moves_seen += max(1, len(game.legal_turns()))
        played = game.play(choose_move(game.position, lv, seed=s + plies).move)
        hits += played.text().count("*")
        plies += 1
        white, black = pips_to_go(game.position)
        ahead = black - white if first == "w" else white - black  # > 0: the first player leads
        sign = (ahead > 0) - (ahead < 0)
        if sign and sign != lead:
            lead_changes += lead != 0
            lead = sign
        if plies == LEAD_PLY and sign:
            leader = "first" if sign > 0 else "second"
    result = game.result
    if result is None:
        winner, score, reason = None, "*", CAP
    else:
        winner = "first" if result.winner == first else "second"
        score, reason = result.score, result.reason
    return GameRow(index, winner, score, reason, plies, moves_seen, hits, lead_changes, leader, game.record())

"""The five playing levels of the computer opponent.

Every level is reproducible: the same position, level and seed give the same answer. Search effort is
measured in nodes (a deterministic budget); wall time is only a safety cap that a normal move never
reaches (the cap is generous because the browser, Pyodide, runs this code about two to four times
slower than CPython: ``python -m site_scripts.bench.bench_ai --speed-only`` measures both).
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass


@dataclass(frozen=True)
class Level:
    """How one level plays."""

    number: int
    name: str
    description: str
    #: Deepest iteration of the alpha-beta search (custodian games without dice; RULESET_LEVELS
    #: changes it for tournament Petteia).
    max_depth: int
    #: Node budget of one move (deterministic); the search stops at the end of the iteration that
    #: passes it, or aborts an iteration at ``2 ×`` it.
    nodes: int
    #: Wall-clock safety cap in seconds (CPython); a move that hits it may be less reproducible.
    time_cap: float
    #: Quiescence search on captures at the leaves.
    quiescence: bool
    #: Root choice: moves within ``margin`` points of the best are candidates; then a softmax with
    #: ``temperature`` (0: the best, ties broken by the seed) after Gaussian ``noise`` on each score.
    margin: int
    temperature: float
    noise: float
    #: Probability of "not seeing" the captures on a move (beginner's mistakes).
    miss_captures: float
    #: Kubeia: number of root moves looked at with a chance node (0: one ply only).
    kubeia_width: int
    #: Kubeia: depth in own moves (1: my move; 2: my move, every roll, the best reply).
    kubeia_depth: int
    #: Poleis placements: candidates kept per node.
    placement_width: int
    #: Duodecim: 2-ply expectimax over the opponent's rolls for the best ``duodecim_width`` turns.
    duodecim_width: int
    #: Dice games (Kubeia, Duodecim) at one decision: Gaussian noise in points on each move's score
    #: and the probability of overlooking the captures (Kubeia) or hits (Duodecim) of the roll.
    #: Luck is large in these games, so the lower levels are set apart by how carefully they choose.
    dice_noise: float = 0.0
    dice_miss: float = 0.0


#: Dice games: noise (in Kubeia points; Duodecim scales it) of levels 1-4 at one decision. Level 5
#: looks through every roll of the reply; in Kubeia level 4 does too, but only for its two best moves
#: (noise alone did not set level 4 apart from level 3 there: Kubeia's luck hides small slips).
DICE_NOISE = {1: 600.0, 2: 100.0, 3: 40.0, 4: 15.0}


LEVELS: dict[int, Level] = {
    lv.number: lv
    for lv in (
        # Custodian games: the levels are a ladder in search depth, one ply a level (see RULESET_LEVELS).
        # Node budgets are not the ladder: alpha-beta's iterations grow five to ten times a ply, so
        # a budget three times larger usually completes the same depth (measured: classic 4k and 13k
        # both stop at depth 3), and the two levels played alike. Budgets only bound levels 3-4;
        # level 5 goes as deep as its budget allows (about 2 s a move in the browser).
        Level(1, "Beginner", "looks one move ahead, often misses a capture and plays loosely",
              max_depth=1, nodes=2_000, time_cap=2.0, quiescence=False, margin=400,
              temperature=70.0, noise=60.0, miss_captures=0.4, kubeia_width=0, kubeia_depth=1,
              placement_width=12, duodecim_width=0, dice_noise=DICE_NOISE[1], dice_miss=0.7),
        Level(2, "Novice",
              "looks one move ahead, plays loosely and now and then overlooks a capture; with dice, "
              "weighs only this roll and slips often",
              max_depth=1, nodes=10_000, time_cap=2.0, quiescence=True, margin=50,
              temperature=25.0, noise=20.0, miss_captures=0.1, kubeia_width=0, kubeia_depth=1,
              placement_width=8, duodecim_width=0, dice_noise=DICE_NOISE[2], dice_miss=0.15),
        Level(3, "Player",
              "a short search without mistakes, two moves deep (in tournament Petteia one move and the "
              "captures after it); with dice, weighs only this roll, with the odd slip",
              max_depth=2, nodes=6_000, time_cap=3.0, quiescence=True, margin=0,
              temperature=0.0, noise=0.0, miss_captures=0.0, kubeia_width=0, kubeia_depth=1,
              placement_width=8, duodecim_width=0, dice_noise=DICE_NOISE[3]),
        Level(4, "Strong",
              "searches one move deeper than level 3; with dice, weighs this roll carefully (Kubeia: and "
              "the replies to its two best moves)",
              max_depth=3, nodes=20_000, time_cap=4.0, quiescence=True, margin=0,
              temperature=0.0, noise=0.0, miss_captures=0.0, kubeia_width=2, kubeia_depth=2,
              placement_width=10, duodecim_width=0, dice_noise=DICE_NOISE[4]),
        Level(5, "Master",
              "the strongest: the deepest search, or with dice every roll of the reply; up to two seconds a move "
              "in the browser",
              max_depth=20, nodes=40_000, time_cap=5.0, quiescence=True, margin=0,
              temperature=0.0, noise=0.0, miss_captures=0.0, kubeia_width=40, kubeia_depth=2,
              placement_width=12, duodecim_width=6),
    )
}


#: Changes to levels 1-4 for one ruleset. Level 5's budget reaches depth 4 in classic and Poleis,
#: 4-5 in vagi, but only 3 in tournament Petteia (12x8 and three piece types: depth 4 costs about 60k
#: nodes, 1.7 s in CPython), so there the ladder is one ply shallower: level 3 searches one ply and
#: the captures after it, level 4 two plies. Level 2 then sets itself apart from level 3 by not
#: following the captures (self-play: level 3 won 16 of 20 against that level 2, but only 12 of 20
#: against a level 2 with quiescence and no other change, and 11 of 20 with three times its noise).
RULESET_LEVELS: dict[str, dict[int, dict]] = {
    "tournament": {2: {"quiescence": False}, 3: {"max_depth": 1}, 4: {"max_depth": 2}},
    # Kowalski's boards of slides (80-110 moves a position): level 4's budget rarely completes depth 3
    # (site_scripts/bench/latrunculi_speed: 1 of 5 positions on 12x8, none on 11x10) and then played as
    # level 3, so the ladder is tournament Petteia's, one ply shallower; level 5 reaches depth 3.
    "latrunculi-kowalski": {2: {"quiescence": False}, 3: {"max_depth": 1}, 4: {"max_depth": 2}},
    "latrunculi-kowalski-11x10": {2: {"quiescence": False}, 3: {"max_depth": 1}, 4: {"max_depth": 2}},
}


def for_ruleset(level: Level, ruleset: str) -> Level:
    """``level`` as it plays ``ruleset`` (custodian games without dice; see RULESET_LEVELS)."""
    changes = RULESET_LEVELS.get(ruleset, {}).get(level.number)
    return dataclasses.replace(level, **changes) if changes else level


#: Relative cost of a search node per ruleset (CPython): budgets are divided by it so that a level
#: takes about the same time in every game. Tournament's is set by level 5's longest moves in
#: self-play: at 2.2 they reached 27k nodes, about 2.4 s in the browser (Pyodide: 11k nodes a second).
NODE_COST = {"classic": 0.75, "vagi": 1.9, "poleis": 1.1, "tournament": 2.8,
             # Ludus latrunculorum, set from ``python -m site_scripts.bench.latrunculi_speed`` (level 5's worst
             # move near 1 s in CPython): Kowalski's open boards of slides, Schädler's jump chains
             # (every landing binds and frees) cost the most per node. Kowalski 11x10 from its Pyodide
             # run (latrunculi_speed_pyodide.mjs --capped --positions 15): at 1.9 the worst move took
             # 2.5 s; at 2.4 about 2.0 s (mean 1.3 s), 12 of 15 positions still searched 3 plies deep.
             "latrunculi-quintana": 1.1, "latrunculi-kowalski": 1.6, "latrunculi-kowalski-11x10": 2.4,
             "latrunculi-bell": 1.0, "latrunculi-bell-7x8": 1.0, "latrunculi-piso": 1.0,
             "latrunculi-schaedler": 3.5, "latrunculi-schaedler-1994": 4.5}


def get_level(level: int | Level) -> Level:
    if isinstance(level, Level):
        return level
    try:
        return LEVELS[int(level)]
    except (KeyError, ValueError, TypeError):
        raise ValueError(f"level must be one of {', '.join(map(str, LEVELS))}, not {level!r}") from None

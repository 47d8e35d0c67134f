"""The five playing levels of the computer opponent.

Every level is reproducible: the same position, level and seed give the same answer. Search effort is
measured in nodes (a deterministic budget); wall time is only a safety cap that a normal move never
reaches (the cap is generous because the browser, Pyodide, runs this code about two to four times
slower than CPython: ``python -m site_scripts.bench_ai --speed-only`` measures both).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Level:
    """How one level plays."""

    number: int
    name: str
    description: str
    #: Deepest iteration of the alpha-beta search (custodian games without dice).
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
        # Level 2 is capped by its depth (its budget only bounds a full-width two-ply look); from level 3
        # on the budgets grow about three times a level (about one ply deeper each time).
        Level(1, "Beginner", "looks one move ahead, often misses a capture and plays loosely",
              max_depth=1, nodes=2_000, time_cap=2.0, quiescence=False, margin=400,
              temperature=70.0, noise=60.0, miss_captures=0.4, kubeia_width=0, kubeia_depth=1,
              placement_width=12, duodecim_width=0, dice_noise=DICE_NOISE[1], dice_miss=0.7),
        Level(2, "Novice",
              "looks two moves ahead and takes what is offered; with dice, weighs only this roll and slips often",
              max_depth=2, nodes=10_000, time_cap=2.0, quiescence=True, margin=50,
              temperature=25.0, noise=20.0, miss_captures=0.0, kubeia_width=0, kubeia_depth=1,
              placement_width=8, duodecim_width=0, dice_noise=DICE_NOISE[2], dice_miss=0.15),
        Level(3, "Player", "a short tactical search; with dice, weighs only this roll, with the odd slip",
              max_depth=4, nodes=4_000, time_cap=3.0, quiescence=True, margin=0,
              temperature=0.0, noise=0.0, miss_captures=0.0, kubeia_width=0, kubeia_depth=1,
              placement_width=8, duodecim_width=0, dice_noise=DICE_NOISE[3]),
        Level(4, "Strong", "a deeper search; with dice, weighs this roll carefully (Kubeia: and the replies to its two best moves)",
              max_depth=7, nodes=13_000, time_cap=4.0, quiescence=True, margin=0,
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


#: Relative cost of a search node per ruleset (CPython): budgets are divided by it so that a level
#: takes about the same time in every game.
NODE_COST = {"classic": 0.75, "vagi": 1.9, "poleis": 1.1, "tournament": 2.2}


def get_level(level: int | Level) -> Level:
    if isinstance(level, Level):
        return level
    try:
        return LEVELS[int(level)]
    except (KeyError, ValueError, TypeError):
        raise ValueError(f"level must be one of {', '.join(map(str, LEVELS))}, not {level!r}") from None

"""What the computer chose (:class:`SearchResult`) and how a randomised level picks a move."""

from __future__ import annotations

import dataclasses
import math
import random
from dataclasses import dataclass, field
from typing import Any

from ..moves import Move
from .evaluate import WIN_THRESHOLD
from .levels import Level

__all__ = ["SearchResult", "dice_picker", "pick"]


@dataclass(frozen=True)
class SearchResult:
    """The computer's choice.

    ``move`` is a :class:`~petteia_core.moves.Move` (custodian games; ``Game.play`` accepts it) or
    the chosen turn of a Duodecim position. ``score`` is in points for the side to move (a plain
    piece is 100; beyond ±990000 a forced win/loss, ``WIN - score`` plies away). ``depth`` is the
    last completed search depth (decisions for the dice games), ``pv`` the expected line as moves.
    """

    move: Any
    score: int
    depth: int
    nodes: int
    pv: tuple = ()
    elapsed: float = 0.0
    level: int = 0
    stopped: bool = False
    #: The root moves and scores behind a randomised choice (levels 1-2; levels 1-4 with dice), for debugging.
    candidates: tuple = field(default=(), repr=False)

    @property
    def pair(self) -> tuple[int, int] | None:
        """(frm, to) of a custodian move (frm = -1 for a placement)."""
        m = self.move
        if isinstance(m, Move):
            return (-1 if m.frm is None else m.frm, m.to)
        return None


def pick(rng: random.Random, moves: list, scores: list[int], level: Level, captures: set) -> int:
    """Index of the move a randomised level plays, given exact scores of every move."""
    scores = list(scores)
    if level.miss_captures and captures and rng.random() < level.miss_captures:
        plain = sorted(s for m, s in zip(moves, scores) if m not in captures)
        if plain:
            typical = plain[len(plain) // 2]
            scores = [typical if (m in captures and abs(s) < WIN_THRESHOLD) else s for m, s in zip(moves, scores)]
    if level.noise:
        scores = [s + rng.gauss(0.0, level.noise) if abs(s) < WIN_THRESHOLD else s for s in scores]
    best = max(scores)
    cands = [i for i, s in enumerate(scores) if s >= best - level.margin]
    if level.temperature <= 0 or len(cands) == 1:
        return max(cands, key=lambda i: scores[i])
    weights = [math.exp((scores[i] - best) / level.temperature) for i in cands]
    x = rng.random() * sum(weights)
    for i, wgt in zip(cands, weights):
        x -= wgt
        if x <= 0:
            return i
    return cands[-1]


def dice_picker(level: Level, scale: float = 1.0) -> Level:
    """The level as :func:`pick` should see it in the dice games: only the dice noise (times ``scale``,
    the game's unit of score) and misses."""
    return dataclasses.replace(level, margin=0, temperature=0.0, noise=level.dice_noise * scale,
                               miss_captures=level.dice_miss)

"""Quality filters for generated puzzles: trivial positions and near-duplicates.

* A puzzle is *trivial* when the solver side has only one legal move at the first step (for
  example a single capture made compulsory by the mandatory-capture rule): nothing to find.
* The custodian rules are symmetric under a left–right mirror of the board and under swapping the
  colours while turning the board upside down (which also swaps the side to move). Two puzzles
  whose positions are images of each other under these symmetries are the same puzzle.
* Two puzzles are *near-duplicates* when they have the same goal, the same first solution move
  (after the symmetry that puts both in the same frame) and positions that differ in at most
  :data:`NEAR` (square, piece) entries: the same idea in nearly the same position.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ..custodian import Position
from ..geometry import bits
from .solver import Goal, pair_of

#: Most (square, piece) entries in which two near-duplicate positions may differ.
NEAR = 2


def is_trivial(p: Position) -> bool:
    """Whether the side to move has at most one legal move (so the puzzle asks nothing)."""
    return len(p.legal_pairs()) <= 1


def _map_mask(mask: int, f: SquareMap) -> int:
    out = 0
    for s in bits(mask):
        out |= 1 << f(s)
    return out


SquareMap = Callable[[int], int]


def transforms(p: Position) -> list[tuple[str, SquareMap, bool]]:
    """The symmetries of the custodian rules for ``p``'s board: (name, square map, swaps colours)."""
    w, h = p.width, p.height

    def ident(s: int) -> int:
        return s

    def mirror(s: int) -> int:
        return s - s % w + (w - 1 - s % w)

    def flip(s: int) -> int:
        return (h - 1 - s // w) * w + s % w

    def both(s: int) -> int:
        return mirror(flip(s))

    return [("id", ident, False), ("mirror", mirror, False), ("flip", flip, True), ("both", both, True)]


def transform(p: Position, f: SquareMap, swap: bool) -> Position:
    """The image of ``p`` under the square map ``f`` (swapping the colours when ``swap``)."""
    white, black = _map_mask(p.occ[0], f), _map_mask(p.occ[1], f)
    turn, hand = p.turn, p.hand
    if swap:
        white, black, turn, hand = black, white, 1 - turn, (hand[1], hand[0])
    return Position.make(p.rules, white, black, hop=_map_mask(p.hop, f), bas=_map_mask(p.bas, f),
                         vag=_map_mask(p.vag, f), dux=_map_mask(p.dux, f), bound=_map_mask(p.bound, f),
                         turn=turn, hand=hand, dice=p.dice)


@dataclass(frozen=True)
class Shape:
    """A puzzle in the frame where White is to move and the position string is least."""

    ruleset: str
    goal: Goal
    text: str
    first: tuple[int, int]
    pieces: frozenset

    def near(self, other: Shape) -> bool:
        """Same goal, same first move, positions differing in at most :data:`NEAR` entries."""
        if (self.ruleset, self.goal) != (other.ruleset, other.goal):
            return False
        if self.text == other.text:
            return True
        return self.first == other.first and len(self.pieces ^ other.pieces) <= NEAR


def shape(ruleset: str, p: Position, goal: Goal, first_move: str) -> Shape:
    """The :class:`Shape` of a custodian puzzle (position ``p``, first solution move in notation)."""
    f, t = pair_of(p, first_move)
    best = None
    for _name, fn, swap in transforms(p):
        q = transform(p, fn, swap)
        if q.turn != 0:
            continue
        text = q.to_string()
        if best is None or text < best[0]:
            first = (-1 if f < 0 else fn(f), fn(t))
            best = (text, first, frozenset(q.piece_map().items()))
    assert best is not None
    return Shape(ruleset, goal, *best)


class Deduper:
    """Remembers accepted puzzles and tells whether a new one repeats one of them."""

    def __init__(self) -> None:
        self.shapes: list[Shape] = []

    def seen(self, s: Shape) -> bool:
        return any(s.near(o) for o in self.shapes)

    def add(self, s: Shape) -> bool:
        """Accept ``s`` unless it repeats an earlier puzzle; True when accepted."""
        if self.seen(s):
            return False
        self.shapes.append(s)
        return True

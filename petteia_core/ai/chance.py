"""Expectimax for Kubeia (tournament Petteia moved by two dice).

A decision node is a position with its roll: the side to move picks the best of its legal moves.
After a move the next roll is unknown: a chance node averages the 21 distinct rolls (doubles 1/36,
the others 2/36). After a double (the hand of Zeus) the same side moves again, so the chance node
belongs to the same player and its value is not negated.

Depth is counted in decisions: depth 1 scores each move by the static evaluation of the result;
depth 2 adds every roll of the next player and that player's best answer. At the root only the
``width`` most promising moves (by the one-decision score) get the deeper look.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from ..custodian import Position
from ..errors import GameStateError
from .evaluate import WIN
from .levels import Level
from .movegen import split_moves
from .search import Aborted, child_result, evaluator_for, result_score

#: The 21 distinct rolls (higher die first) and their probabilities out of 36.
ROLLS: tuple[tuple[tuple[int, int], int], ...] = tuple(
    ((hi, lo), 1 if hi == lo else 2) for hi in range(6, 0, -1) for lo in range(hi, 0, -1)
)


class ChanceSearcher:
    def __init__(self, root: Position, level: Level, *, should_stop: Callable[[], bool] | None = None,
                 node_limit: int | None = None) -> None:
        if root.dice is None:
            raise GameStateError("Kubeia: roll the dice before asking the computer for a move")
        self.root = root
        self.level = level
        self.ev = evaluator_for(root)
        self.evaluate = self.ev.evaluate
        self.nodes = 0
        self.hard_limit = 2 * (node_limit if node_limit is not None else level.nodes)
        self.deadline = time.perf_counter() + level.time_cap
        self.should_stop = should_stop
        self.stopped = False

    def _check(self) -> None:
        if self.nodes >= self.hard_limit or time.perf_counter() >= self.deadline:
            raise Aborted
        if self.should_stop is not None and self.should_stop():
            self.stopped = True
            raise Aborted

    def moves(self, pos: Position) -> list[tuple[int, int]]:
        caps, quiet = split_moves(pos)
        caps.sort(reverse=True)
        return [(f, t) for _, f, t in caps] + quiet

    def after_value(self, pos: Position, child: Position, depth: int, ply: int) -> int:
        """Value for ``pos.turn`` of the move that led to ``child``, looking ``depth`` decisions on."""
        self.nodes += 1
        if not self.nodes & 127:
            self._check()
        res = child_result(child, 0)
        me = pos.turn
        if res is not None:
            return result_score(res, me, ply + 1)
        if depth <= 1:
            v = self.evaluate(child)
        else:
            v = self.chance(child, depth - 1, ply + 1)
        return v if child.turn == me else -v

    def chance(self, pos: Position, depth: int, ply: int) -> int:
        """Expected value for ``pos.turn`` over the rolls, each followed by the best decision."""
        total = 0
        for roll, weight in ROLLS:
            total += weight * self.decision(pos.with_dice(roll), depth, ply)
        return total // 36

    def decision(self, pos: Position, depth: int, ply: int) -> int:
        best = -WIN - 1
        for f, t in self.moves(pos):
            v = self.after_value(pos, pos.after(f, t), depth, ply)
            if v > best:
                best = v
        if best == -WIN - 1:  # cannot happen: a position with a move for every roll, or a finished game
            return -(WIN - ply)
        return best

    def run(self, rng) -> tuple[tuple[int, int], int, int, list[tuple[tuple[int, int], int]]]:
        """(best move, score, depth reached, [(move, score)] of the root moves at depth 1)."""
        root = self.root
        moves = self.moves(root)
        caps = len(split_moves(root)[0])
        head, tail = moves[:caps], moves[caps:]
        rng.shuffle(tail)
        moves = head + tail
        shallow = []
        for m in moves:
            shallow.append((self.after_value(root, root.after(*m), 1, 0), m))
        ranked = sorted(shallow, key=lambda s: -s[0])
        best_score, best_move = ranked[0]
        depth = 1
        if self.level.kubeia_depth >= 2 and self.level.kubeia_width > 0 and abs(best_score) < WIN - 1000:
            try:
                deep_best = None
                for score1, m in ranked[: self.level.kubeia_width]:
                    v = self.after_value(root, root.after(*m), 2, 0)
                    if deep_best is None or v > deep_best[0]:
                        deep_best = (v, m)
                best_score, best_move = deep_best  # type: ignore[misc]
                depth = 2
            except Aborted:
                pass
        return best_move, best_score, depth, [(m, s) for s, m in shallow]

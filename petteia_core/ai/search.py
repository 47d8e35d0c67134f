"""Alpha-beta search for the custodian games without dice (classic, vagi, Poleis, tournament).

Negamax with principal-variation search, iterative deepening, a transposition table, captures first
(most valuable victim), killer and history heuristics for quiet moves, late-move reductions and a
quiescence search on captures (and the Basileus's breakthrough). Threefold repetition is tracked
along the searched line and the game history; a position repeated in search is scored as the
stall adjudication it leads to.

Effort is counted in nodes, so a search is reproducible; wall time and ``should_stop`` only abort.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable

from ..custodian import Position
from ..result import Result
from .evaluate import WIN, WIN_THRESHOLD, Evaluator
from .levels import NODE_COST, Level
from .movegen import breakthrough_move, can_move, capture_moves, split_moves

INF = WIN + 1
EXACT, LOWER, UPPER = 0, 1, 2
QMAX = 6
#: From this quiescence depth on, only the QNARROW most valuable captures are tried.
QWIDE, QNARROW = 2, 4
_DECISIVE = ("rout", "decimation", "breakthrough", "one piece", "no pieces")

_EVALUATORS: dict[object, Evaluator] = {}


def evaluator_for(pos: Position) -> Evaluator:
    """The shared (cached) evaluator of a ruleset."""
    ev = _EVALUATORS.get(pos.rules)
    if ev is None:
        ev = _EVALUATORS[pos.rules] = Evaluator(pos.rules, pos.geo)
    return ev


class Aborted(Exception):
    """The search ran out of budget or was cancelled."""


def result_score(res: Result, me: int, ply: int) -> int:
    """Score of a finished game for side ``me``, preferring quick wins and slow losses."""
    if res.winner is None:
        return 0
    return WIN - ply if (res.winner == "w") == (me == 0) else -(WIN - ply)


def child_result(child: Position, repeated: int) -> Result | None:
    """The end of the game in ``child`` (siege excepted when the child still has moves).

    ``repeated`` is how many times the child's position already occurred (game and search line):
    at 2 it is the third occurrence (the rules' end), at 1 the search scores it as that end too.
    """
    res = child.terminal_without_siege(repeated >= 2)
    if res is None:
        if repeated:
            if not can_move(child):
                return child.stuck_result()
            return child.adjudicate()
        return None
    if res.reason not in _DECISIVE and not can_move(child):
        return child.stuck_result()
    return res


class Searcher:
    """One search from a root position."""

    def __init__(
        self,
        root: Position,
        level: Level,
        *,
        should_stop: Callable[[], bool] | None = None,
        history: Iterable[Position] = (),
        node_limit: int | None = None,
    ) -> None:
        self.root = root
        self.level = level
        self.ev = evaluator_for(root)
        self.evaluate = self.ev.evaluate
        self.rules = root.rules
        self.repetition = root.rules.repetition
        self.mandatory = root.rules.mandatory_capture
        self.army = root.rules.army_victories
        self.tt: dict[tuple, tuple[int, int, int, tuple[int, int] | None]] = {}
        self.qtt: dict[tuple, tuple[int, int]] = {}
        self.killers: list[list[tuple[int, int] | None]] = [[None, None] for _ in range(256)]
        self.hist: dict[tuple[int, int, int], int] = {}
        self.nodes = 0
        if node_limit is None:
            default_cost = NODE_COST["tournament"] if root.rules.army_victories else 1.0
            node_limit = int(level.nodes / NODE_COST.get(root.rules.name, default_cost))
        # An iteration starts only while under 40 % of the budget; one that passes 125 % is cut short.
        self.soft_limit = (node_limit * 2) // 5
        self.hard_limit = (node_limit * 5) // 4
        self.deadline = time.perf_counter() + level.time_cap
        self.should_stop = should_stop
        self.use_q = level.quiescence
        self.max_depth = level.max_depth
        self.stall_window = root.rules.stall_limit - 40
        self.rep: dict[tuple, int] = {}
        if self.repetition:
            for p in history:
                k = p.key()
                self.rep[k] = self.rep.get(k, 0) + 1
        self.stopped = False

    # ------------------------------------------------------------------ bookkeeping
    def _check(self) -> None:
        if self.nodes >= self.hard_limit or time.perf_counter() >= self.deadline:
            raise Aborted
        if self.should_stop is not None and self.should_stop():
            self.stopped = True
            raise Aborted

    def tt_key(self, pos: Position) -> tuple:
        q = pos.quiet if pos.quiet >= self.stall_window else 0
        return (pos.occ, pos.hop, pos.bas, pos.vag, pos.turn, pos.hand, pos.passive, q, pos.dux, pos.bound,
                pos.again)

    def ordered_placements(self, pos: Position, moves: list[tuple[int, int]]) -> list[tuple[int, int]]:
        """Poleis placements, best first by the static score of the result, cut to the level's width."""
        return [(f, t) for _, f, t in self.scored_placements(pos, moves)[: self.level.placement_width]]

    def scored_placements(self, pos: Position, moves: list[tuple[int, int]]) -> list[tuple[int, int, int]]:
        """(static score of the result for the opponent, frm, to), best for the mover first."""
        ev = self.evaluate
        self.nodes += len(moves)
        me = pos.turn
        out = []
        for f, t in moves:
            child = pos.after(f, t)
            out.append((ev(child) if child.turn != me else -ev(child), f, t))  # Bell: two placements a turn
        return sorted(out)

    # ------------------------------------------------------------------ quiescence
    def qsearch(self, pos: Position, alpha: int, beta: int, ply: int, qd: int) -> int:
        self.nodes += 1
        if not self.nodes & 255:
            self._check()
        if pos.placing:
            return self.evaluate(pos)
        key = (pos.occ, pos.hop, pos.bas, pos.vag, pos.turn, pos.passive, pos.dux, pos.bound, pos.again)
        hit = self.qtt.get(key)
        if hit is not None:
            flag, score = hit
            if score > WIN_THRESHOLD:
                score -= ply
            elif score < -WIN_THRESHOLD:
                score += ply
            if flag == EXACT or (flag == LOWER and score >= beta) or (flag == UPPER and score <= alpha):
                return score
        alpha0 = alpha
        best = self._qsearch(pos, alpha, beta, ply, qd)
        stored = best + ply if best > WIN_THRESHOLD else (best - ply if best < -WIN_THRESHOLD else best)
        flag = UPPER if best <= alpha0 else (LOWER if best >= beta else EXACT)
        self.qtt[key] = (flag, stored)
        return best

    def _qsearch(self, pos: Position, alpha: int, beta: int, ply: int, qd: int) -> int:
        if not can_move(pos):
            return result_score(pos.stuck_result(), pos.turn, ply)
        caps = capture_moves(pos)
        forced = bool(caps) and self.mandatory
        if forced:
            best = -INF
            stand = None
            if qd >= QMAX:
                return self.evaluate(pos)
        else:
            if self.army and breakthrough_move(pos) is not None:
                return WIN - ply - 1
            best = stand = self.evaluate(pos)
            if best >= beta or not caps or qd >= QMAX:
                return best
            if best > alpha:
                alpha = best
        caps.sort(reverse=True)
        if qd >= QWIDE and len(caps) > QNARROW:
            caps = caps[:QNARROW]
        me = pos.turn
        for value, f, t in caps:
            if stand is not None and value < 100_000 and stand + value + 150 <= alpha:
                continue  # delta pruning: even this capture cannot lift the score to alpha
            child = pos.after(f, t)
            res = child.terminal_without_siege()
            if res is not None:
                if res.reason not in _DECISIVE and not can_move(child):
                    res = child.stuck_result()
                score = result_score(res, me, ply + 1)
            elif child.turn == me:  # Bell: the capturing piece moves again
                score = self.qsearch(child, alpha, beta, ply + 1, qd + 1)
            else:
                score = -self.qsearch(child, -beta, -alpha, ply + 1, qd + 1)
            if score > best:
                best = score
                if score > alpha:
                    alpha = score
                    if alpha >= beta:
                        break
        return best

    # ------------------------------------------------------------------ main search
    def negamax(self, pos: Position, depth: int, alpha: int, beta: int, ply: int, pv_node: bool) -> int:
        if depth <= 0:
            if self.use_q:
                return self.qsearch(pos, alpha, beta, ply, 0)
            self.nodes += 1
            return self.evaluate(pos)
        self.nodes += 1
        if not self.nodes & 255:
            self._check()
        key = self.tt_key(pos)
        entry = self.tt.get(key)
        tt_move = None
        if entry is not None:
            edepth, flag, escore, tt_move = entry
            if edepth >= depth and not pv_node:
                if escore > WIN_THRESHOLD:
                    escore -= ply
                elif escore < -WIN_THRESHOLD:
                    escore += ply
                if flag == EXACT:
                    return escore
                if flag == LOWER:
                    if escore >= beta:
                        return escore
                elif escore <= alpha:
                    return escore
        caps, quiet = split_moves(pos)
        # Generating moves costs about as much as visiting a few nodes: count it, so that the node
        # budget measures work (open boards with many slides would otherwise run long).
        self.nodes += (len(caps) + len(quiet)) >> 3
        if not caps and not quiet:
            return result_score(pos.stuck_result(), pos.turn, ply)  # no legal move
        if depth == 1 and pos.placing and pos.hand[pos.turn] + pos.hand[1 - pos.turn] > 1:
            # The next position is still a placement: its value is its static score.
            return -self.scored_placements(pos, quiet)[0][0]
        alpha0 = alpha
        best = -INF
        best_move = None
        me = pos.turn
        rep = self.rep if self.repetition else None
        killers = self.killers[ply]
        hist = self.hist
        searched = 0
        for stage in range(4):
            if stage == 0:
                batch = [tt_move] if tt_move is not None else []
            elif stage == 1:
                caps.sort(reverse=True)
                batch = [(f, t) for _, f, t in caps if (f, t) != tt_move]
            elif stage == 2:
                batch = [k for k in killers if k is not None and k != tt_move and k in quiet]
            else:
                if pos.placing:
                    rest = self.ordered_placements(pos, quiet)
                else:
                    rest = sorted(quiet, key=lambda m: hist.get((me, m[0], m[1]), 0), reverse=True)
                batch = [m for m in rest if m != tt_move and m not in killers]
            for move in batch:
                if stage == 0 and move not in quiet and all(move != (f, t) for _, f, t in caps):
                    continue  # a stale table move (should not happen; be safe)
                f, t = move
                child = pos.after(f, t)
                ckey = None
                if rep is not None:
                    ckey = child.key()
                    seen = rep.get(ckey, 0)
                    res = child_result(child, seen)
                else:
                    seen = 0
                    res = child_result(child, 0)
                if res is not None:
                    score = result_score(res, me, ply + 1)
                else:
                    if rep is not None:
                        rep[ckey] = 1
                    try:
                        if child.turn == me:  # Bell: an extra move or a second placement
                            score = self.negamax(child, depth - 1, alpha, beta, ply + 1, pv_node)
                        elif searched == 0:
                            score = -self.negamax(child, depth - 1, -beta, -alpha, ply + 1, pv_node)
                        else:
                            reduce = 1 if (stage == 3 and depth >= 3 and searched >= 4 and not pv_node) else 0
                            score = -self.negamax(child, depth - 1 - reduce, -alpha - 1, -alpha, ply + 1, False)
                            if score > alpha and reduce:
                                score = -self.negamax(child, depth - 1, -alpha - 1, -alpha, ply + 1, False)
                            if alpha < score < beta:
                                score = -self.negamax(child, depth - 1, -beta, -alpha, ply + 1, True)
                    finally:
                        if rep is not None:
                            del rep[ckey]
                searched += 1
                if score > best:
                    best = score
                    best_move = move
                    if score > alpha:
                        alpha = score
                        if alpha >= beta:
                            if stage >= 2:
                                if killers[0] != move:
                                    killers[1] = killers[0]
                                    killers[0] = move
                                hk = (me, f, t)
                                hist[hk] = hist.get(hk, 0) + depth * depth
                            break
            else:
                continue
            break
        stored = best
        if stored > WIN_THRESHOLD:
            stored += ply
        elif stored < -WIN_THRESHOLD:
            stored -= ply
        flag = UPPER if best <= alpha0 else (LOWER if best >= beta else EXACT)
        self.tt[key] = (depth, flag, stored, best_move)
        return best

    # ------------------------------------------------------------------ root
    def root_moves(self, rng) -> list[tuple[int, int, int]]:
        """Root moves as (capture value, frm, to): captures by value, then quiet moves shuffled."""
        caps, quiet = split_moves(self.root)
        caps.sort(key=lambda c: -c[0])
        quiet = list(quiet)
        rng.shuffle(quiet)
        if self.root.placing:
            quiet = self.ordered_placements(self.root, quiet)
        return [*caps, *((0, f, t) for f, t in quiet)]

    def child_score(self, child: Position, depth: int, alpha: int, beta: int) -> int:
        """Score of a root child for the root's side to move."""
        rep = self.rep if self.repetition else None
        me = self.root.turn
        if rep is not None:
            ckey = child.key()
            res = child_result(child, rep.get(ckey, 0))
        else:
            res = child_result(child, 0)
        if res is not None:
            return result_score(res, me, 1)
        if rep is not None:
            rep[ckey] = rep.get(ckey, 0) + 1
        try:
            if child.turn == me:  # Bell: an extra move or a second placement
                if depth <= 1 and not self.use_q:
                    self.nodes += 1
                    return self.evaluate(child)
                return self.negamax(child, depth - 1, alpha, beta, 1, True)
            if depth <= 1 and not self.use_q:
                self.nodes += 1
                return -self.evaluate(child)
            return -self.negamax(child, depth - 1, -beta, -alpha, 1, True)
        finally:
            if rep is not None:
                rep[ckey] -= 1
                if not rep[ckey]:
                    del rep[ckey]

    def score_all(self, moves: list[tuple[int, int, int]], depth: int, slack: int) -> list[int]:
        """Scores of every root move at ``depth`` (for the levels that choose at random).

        Scores within ``slack`` of the best so far are exact; the others are only upper bounds below
        that window (enough to leave them out of the choice).
        """
        out = []
        best = -INF
        for _, f, t in moves:
            low = best - slack if best > -WIN_THRESHOLD else -INF
            v = self.child_score(self.root.after(f, t), depth, low, INF)
            out.append(v)
            if v > best:
                best = v
        return out

    def iterate(self, moves: list[tuple[int, int, int]]) -> tuple[tuple[int, int], int, int, list]:
        """Iterative deepening; returns (best move, score, completed depth, pv)."""
        order = [(f, t) for _, f, t in moves]
        best_move, best_score, done = order[0], -INF, 0
        pv: list[tuple[int, int]] = [best_move]
        for depth in range(1, self.max_depth + 1):
            if depth > 1 and self.nodes >= self.soft_limit:
                break
            alpha = -INF
            cur_best, cur_score = None, -INF
            scores: dict[tuple[int, int], int] = {}
            try:
                for i, (f, t) in enumerate(order):
                    child = self.root.after(f, t)
                    if i == 0:
                        score = self.child_score(child, depth, -INF, INF)
                    else:
                        score = self.child_score(child, depth, alpha, alpha + 1)
                        if score > alpha:
                            score = self.child_score(child, depth, alpha, INF)
                    scores[(f, t)] = score
                    if score > cur_score:
                        cur_best, cur_score = (f, t), score
                        alpha = score
            except Aborted:
                # A move that beat the first one in this deeper iteration is proven better.
                if cur_best is not None:
                    best_move, best_score = cur_best, cur_score
                    if cur_best != pv[0]:
                        pv = [best_move]
                break
            best_move, best_score, done = cur_best, cur_score, depth  # type: ignore[assignment]
            pv = self.principal_variation(best_move, depth)
            order.sort(key=lambda m: -scores.get(m, -INF))
            order.remove(best_move)
            order.insert(0, best_move)
            if abs(best_score) > WIN_THRESHOLD:
                break  # a forced result: the shortest win (or longest loss) at this depth
        return best_move, best_score, done, pv

    def principal_variation(self, first: tuple[int, int], depth: int) -> list[tuple[int, int]]:
        pv = [first]
        pos = self.root.after(*first)
        seen = {pos.key()}
        for _ in range(depth - 1):
            entry = self.tt.get(self.tt_key(pos))
            if entry is None or entry[3] is None or pos.result is not None:
                break
            move = entry[3]
            if move not in pos.legal_pairs():
                break
            pv.append(move)
            pos = pos.after(*move)
            if pos.key() in seen:
                break
            seen.add(pos.key())
        return pv

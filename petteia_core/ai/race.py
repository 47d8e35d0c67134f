"""The computer opponent for Ludus duodecim scriptorum (RULES.md §7).

A turn is chosen among ``legal_turns()`` of the current roll by a race evaluation of the position it
leaves (seen by the side that has just moved, the opponent to roll next):

* pip count: the points every piece still has to travel to leave the board (pieces in hand or on
  the bar count the whole track); borne-off pieces count nothing;
* blots (single pieces) exposed to the enemy pieces behind them within 1–12 points (and to the
  pieces waiting to enter), weighted by the chance of a roll hitting that distance and by what a
  hit costs (the blot's progress);
* blocks (points with two or more pieces), worth more in front of enemy pieces;
* enemy blots within reach of our pieces (a small bonus), pieces stuck on the bar.

Levels 1–4 choose on this one-turn score, with less noise (and fewer overlooked hits) at each level;
level 5 looks at the best few turns again through every roll of the opponent and the opponent's best
answer (2-ply expectimax). Effort is deterministic (counted in evaluations).
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable

from ..errors import GameStateError
from .choice import SearchResult, dice_picker, pick
from .evaluate import WIN
from .levels import Level

TRACK = 36
PIECES = 15
#: Rolls (of 36) that hit a blot at distance 1..12 with no blocks in between (backgammon table).
SHOTS = (0, 11, 12, 14, 15, 15, 17, 6, 6, 5, 3, 2, 3)
#: Rolls (of 36) that let a piece waiting to enter land on A1..A6 directly, or with both dice on A7..A12.
ENTRY_SHOTS = SHOTS
PIP = 10  # points per pip
#: The levels' dice noise is in Kubeia points (a piece = 100); turns here differ by more points.
NOISE_SCALE = 9.0

ROLLS = tuple(((hi, lo), 1 if hi == lo else 2) for hi in range(6, 0, -1) for lo in range(hi, 0, -1))
#: Level 5's look through the replies, in shares of the level's node budget (nodes: turns generated).
#: No new candidate turn is started past SOFT_SHARE; one that passes HARD_SHARE is dropped (the
#: candidates finished so far decide). A Duodecim node costs more than a search node (CPython about
#: 30k a second, Pyodide 14k): with doubles and many pieces to enter, the replies of six candidates
#: reached 46k nodes, 1.6 s in CPython and about 3 s in the browser, before these limits.
SOFT_SHARE = 0.4
HARD_SHARE = 0.6


class _OutOfBudget(Exception):
    pass


def evaluate_state(pts: tuple[int, ...], bar: int, hand: int, off: int, obar: int, ohand: int) -> int:
    """Score for the side that has just moved (its pieces positive in ``pts``), enemy to roll."""
    if off >= PIECES:
        return WIN
    own_pip = (bar + hand) * (TRACK + 1)
    opp_pip = (obar + ohand) * (TRACK + 1)
    blocks = 0
    own_blots = []
    opp_blots = []
    opp_positions = []
    own_positions = []
    for i in range(TRACK):
        v = pts[i]
        if v > 0:
            own_pip += v * (TRACK - i)
            own_positions.append(i)
            if v == 1:
                own_blots.append(i)
            else:
                blocks += 1
        elif v < 0:
            opp_pip -= v * (TRACK - i)
            opp_positions.append(i)
            if v == -1:
                opp_blots.append(i)
    score = (opp_pip - own_pip) * PIP
    # Our blots, shot at by enemy pieces behind them (and by enemy pieces still to enter).
    waiting = obar + ohand
    for b in own_blots:
        shots = 0
        for j in opp_positions:
            d = b - j
            if d <= 0:
                break
            if d <= 12:
                shots += SHOTS[d]
        if waiting and b < 12:
            shots += SHOTS[b + 1]
        if shots:
            shots = min(shots, 30)
            # A hit costs the blot's progress (it must come round again) and a tempo.
            score -= shots * ((b + 1) * PIP + 60) // 36
    # Enemy blots within reach of our pieces behind them (we roll after the enemy: half weight).
    for b in opp_blots:
        shots = 0
        for j in own_positions:
            d = b - j
            if d <= 0:
                break
            if d <= 12:
                shots += SHOTS[d]
        if (bar or hand) and b < 12:
            shots += SHOTS[b + 1]
        if shots:
            score += min(shots, 30) * ((b + 1) * PIP + 60) // 72
    # Blocks: points the enemy cannot land on, more useful with enemy pieces behind them.
    if blocks:
        for i in range(TRACK):
            if pts[i] >= 2:
                near = 0
                for j in opp_positions:
                    if j >= i:
                        break
                    if i - j <= 12:
                        near = 1
                        break
                score += 25 + 35 * near
    score -= 40 * bar
    score += 30 * obar
    return score


def _mover_index(pos) -> int:
    return 0 if pos.turn == "w" else 1


def _final_states(pos, dice) -> list[tuple[tuple, tuple]]:
    """(turn, state after it) for every legal turn; state = (pts, bar, hand, off, obar, rem) of the mover."""
    tree = pos.turn_tree(dice)
    return list(tree.turns)


def choose_turn(pos, lv: Level, *, seed: int = 0, should_stop: Callable[[], bool] | None = None,
                t0: float | None = None):
    """The computer's turn for a Duodecim position with its roll (SearchResult.move is a Turn)."""

    t0 = time.perf_counter() if t0 is None else t0
    if pos.is_over:
        raise GameStateError("the game is over")
    if pos.dice is None:
        raise GameStateError("Duodecim: roll the dice before asking the computer for a turn")
    rng = random.Random(f"{seed}:duodecim:{pos.to_string()}")
    me = _mover_index(pos)
    ohand = pos.hand[1 - me]
    finals = _final_states(pos, pos.dice)
    nodes = len(finals)
    scored = []
    for turn, s in finals:
        pts, bar, hand, off, obar, _rem = s
        scored.append(evaluate_state(pts, bar, hand, off, obar, ohand))
    turns = [t for t, _ in finals]
    if len(turns) == 1:
        return SearchResult(turns[0], scored[0], 1, nodes, (turns[0],), time.perf_counter() - t0, lv.number)
    randomised = lv.dice_noise > 0 or lv.dice_miss > 0
    if randomised:
        hits = {t for t in turns if any(step.hit for step in t)}
        i = pick(rng, turns, scored, dice_picker(lv, NOISE_SCALE), hits)
        return SearchResult(turns[i], scored[i], 1, nodes, (turns[i],), time.perf_counter() - t0, lv.number,
                            False, tuple(zip(turns, scored)))
    order = sorted(range(len(turns)), key=lambda k: -scored[k])
    best = order[0]
    best_score = scored[best]
    depth = 1
    stopped = False
    width = lv.duodecim_width
    if width and abs(best_score) < WIN - 1000:
        deadline = t0 + lv.time_cap
        soft, hard = int(lv.nodes * SOFT_SHARE), int(lv.nodes * HARD_SHARE)
        deep: list[tuple[int, int]] = []
        try:
            for k in order[:width]:
                if deep and nodes >= soft:
                    break  # out of budget (deterministic): the best of the turns looked at so far
                turn, s = finals[k]
                if s[3] >= PIECES:
                    deep.append((WIN, k))
                    continue
                after = pos.after(s)
                total = 0
                for roll, weight in ROLLS:
                    if should_stop is not None and should_stop():
                        stopped = True
                        raise TimeoutError
                    if time.perf_counter() > deadline:
                        raise TimeoutError
                    replies = after.turn_tree(roll).turns
                    nodes += len(replies)
                    if nodes >= hard:
                        raise _OutOfBudget
                    their_hand = after.hand[me]  # our hand, seen by the opponent
                    reply_best = -WIN - 1
                    for _t, rs in replies:
                        p2, b2, h2, o2, ob2, _r2 = rs
                        v = evaluate_state(p2, b2, h2, o2, ob2, their_hand)
                        if v > reply_best:
                            reply_best = v
                    total += weight * -reply_best
                deep.append((total // 36, k))
        except (TimeoutError, _OutOfBudget):
            pass  # the candidate being weighed is dropped; those finished still count
        if deep:
            v, best = max(deep, key=lambda e: (e[0], -order.index(e[1])))
            best_score = v
            depth = 2
    return SearchResult(turns[best], int(best_score), depth, nodes, (turns[best],), time.perf_counter() - t0,
                        lv.number, stopped)


def expected_reply(pos, state: tuple) -> int:
    """The worth, for the side to move in ``pos``, of the turn ending in ``state`` (from
    ``pos.turn_tree``): the average over the opponent's 36 rolls of the opponent's best answer, by
    :func:`evaluate_state` (the game review's look at a turn; level 5 weighs its candidates alike)."""
    if state[3] >= PIECES:
        return WIN
    me = _mover_index(pos)
    after = pos.after(state)
    their_hand = after.hand[me]  # our hand, seen by the opponent
    total = 0
    for roll, weight in ROLLS:
        reply_best = -WIN - 1
        for _t, rs in after.turn_tree(roll).turns:
            p2, b2, h2, o2, ob2, _r2 = rs
            v = evaluate_state(p2, b2, h2, o2, ob2, their_hand)
            if v > reply_best:
                reply_best = v
        total += weight * -reply_best
    return total // 36

"""Mining self-play games for puzzles with exactly one winning first move.

Games are seeded playouts (``random.Random`` seeded with ``"<seed>:<ruleset>:<game>"``): the mover
captures when it can with probability ``greed``, otherwise plays a random legal move; the result is
the same on every machine. Every position met is tried against the ruleset's goals (hardest first);
the first goal with a unique solution that is still wanted (see ``quota``) becomes a puzzle, proved
by the solver, with its themes tagged from the line and a difficulty from 1 to 5 (longer goals,
decoy captures, a sacrifice and a quiet first move make it harder). :func:`try_goals` also applies
the quality filters of :mod:`.quality`: no trivial position (one legal move), no repeat of an
accepted puzzle up to the board's symmetries, no near-duplicate.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator

from ..custodian import Position
from ..geometry import bits
from ..latrunculi import newly_bound, path_of
from . import Puzzle, verify
from .quality import Deduper, is_trivial, shape
from .solver import (CustodianSolver, Goal, SearchBudgetExceeded, can_capture, duodecim_winning, pair_of,
                     solve_custodian)

SIDE = {0: "White", 1: "Black", "w": "White", "b": "Black"}
NUMBER = {1: "a piece", 2: "two pieces", 3: "three pieces"}

#: Goals tried per ruleset, hardest first.
GOALS: dict[str, tuple[Goal, ...]] = {
    "classic": (Goal("win", 2), Goal("capture", 3), Goal("capture", 2), Goal("win", 1), Goal("save"),
                Goal("capture", 1)),
    "vagi": (Goal("win", 2), Goal("capture", 3), Goal("capture", 2), Goal("win", 1), Goal("save"),
             Goal("capture", 1)),
    "poleis": (Goal("save"), Goal("win", 2), Goal("capture", 3), Goal("capture", 2), Goal("win", 1),
               Goal("capture", 1)),
    "tournament": (Goal("rout", 2), Goal("siege", 2), Goal("win", 2), Goal("capture", 3), Goal("capture", 2),
                   Goal("rout", 1), Goal("win", 1), Goal("save"), Goal("capture", 1)),
    "kubeia": (Goal("capture", 3), Goal("capture", 2), Goal("rout", 1), Goal("win", 1), Goal("capture", 1)),
    "duodecim": (Goal("hit", 2), Goal("hit_safe", 1), Goal("safe"), Goal("hit", 1)),
    # Ludus latrunculorum (RULES.md §9): captures, wins and defences; Bell has no defence puzzle
    # (a capture earns an extra move, so "leave no capture" would not be the opponent's turn);
    # Schädler captures in two stages, so its puzzles bind (a removal is no puzzle).
    **{name: (Goal("win", 2), Goal("capture", 3), Goal("capture", 2), Goal("win", 1), Goal("save"),
              Goal("capture", 1))
       for name in ("latrunculi-quintana", "latrunculi-kowalski", "latrunculi-kowalski-11x10", "latrunculi-piso")},
    **{name: (Goal("win", 2), Goal("capture", 3), Goal("capture", 2), Goal("win", 1), Goal("capture", 1))
       for name in ("latrunculi-bell", "latrunculi-bell-7x8")},
    **{name: (Goal("win", 2), Goal("bind", 3), Goal("bind", 2), Goal("win", 1), Goal("bind", 1))
       for name in ("latrunculi-schaedler", "latrunculi-schaedler-1994")},
}


def goal_text(goal: Goal, side) -> str:
    who = SIDE[side]
    k, n = goal.kind, goal.n
    moves = "in one move" if n == 1 else f"in {n} moves"
    if k == "capture":
        return f"{who} to move: capture {NUMBER[n] if n > 1 else 'a piece'} with one move."
    if k == "rout":
        return f"{who} to move: capture the enemy Basileus {moves}, whatever the defence (rout)."
    if k == "siege":
        return f"{who} to move: leave the opponent without a legal move {moves} (siege)."
    if k == "win":
        return f"{who} to move: win {moves}, whatever the defence."
    if k == "save":
        return f"{who} to move: play so that the opponent has no capture at all."
    if k == "bind":
        return f"{who} to move: bind {('an enemy counter', 'two enemy counters', 'three enemy counters')[min(n, 3) - 1]} with one move."
    if k == "hit":
        return f"{who} to play: hit {'two blots' if n > 1 else 'a blot'} with this roll."
    if k == "safe":
        return f"{who} to play: leave no blot within direct shot (1–6 points) of an enemy piece."
    return f"{who} to play: hit a blot and leave no blot of your own within direct shot."


def clean(p: Position) -> Position:
    """The position with fresh counters (no quiet/passive count, move 1), as puzzles store it."""
    return Position.make(p.rules, *p.occ, hop=p.hop, bas=p.bas, vag=p.vag, dux=p.dux, bound=p.bound,
                         turn=p.turn, hand=p.hand, dice=p.dice)


def other_side_to_move(p: Position) -> Position:
    """``p`` with the other side to move (what it could do if it were its turn)."""
    return Position.make(p.rules, *p.occ, hop=p.hop, bas=p.bas, vag=p.vag, dux=p.dux, bound=p.bound,
                         turn=1 - p.turn, hand=p.hand, dice=p.dice)


def tag_custodian(p: Position, goal: Goal, line: list[str]) -> tuple[list[str], int]:
    """Themes and difficulty of a solved custodian puzzle."""
    themes: set[str] = set()
    corners = {0, p.width - 1, p.width * (p.height - 1), p.width * p.height - 1}
    pos = p
    most = 0
    last_to = None
    final = None
    for i, text in enumerate(line):
        f, t = pair_of(pos, text)
        caps = pos.captures_of(f, t)[0]
        if i % 2 == 0:
            most = max(most, caps.bit_count())
            if path_of(t):
                themes.add("jump chain")
            if newly_bound(pos, pos.after(f, t)):
                themes.add("binding")
            for c in bits(caps):
                if c in corners and p.rules.corner_capture or corner_anvil(p, c, int(t)):
                    themes.add("corner capture")
                if pos.bas >> c & 1:
                    themes.add("basileus enclosure")
                if pos.vag >> c & 1:
                    themes.add("vagus trap")
            last_to = t
        elif last_to is not None and caps >> last_to & 1 and pos.rules.mandatory_capture:
            themes.add("sacrifice")
        pos = pos.after(f, t)
        final = pos
    if most:
        themes.add(("single capture", "double capture", "triple capture")[min(most, 3) - 1])
    r = final.result if final is not None else None
    if r is not None and r.reason in ("siege", "breakthrough", "decimation", "one piece"):
        themes.add(r.reason)
    if goal.kind == "save":
        themes.add("placement trap" if p.placing else "defence")
    # difficulty
    if goal.kind in ("capture", "bind"):
        d = goal.n + ("jump chain" in themes)
    elif goal.kind == "save":
        d = 3 if p.placing else 2
    else:
        d = 2 * goal.moves - 1
    s = CustodianSolver(p, goal)
    decoys = sum(1 for x in s.pairs(p) if p.captures_of(*x)[0]) - (1 if most else 0)
    if decoys >= 2 or len(p.legal_pairs()) > 60:
        d += 1
    if "sacrifice" in themes:
        d += 1
    if goal.moves > 1 and not p.captures_of(*pair_of(p, line[0]))[0]:
        d += 1  # a quiet first move is harder to find than a capture
    return sorted(themes), max(1, min(5, d))


def corner_anvil(p: Position, victim: int, landing: int) -> bool:
    """Whether ``victim`` was taken against a corner (Bell's corner anvil): it stands next to a
    corner along the edge and the captor landed on its other side."""
    if not p.rules.corner_anvil:
        return False
    w, h = p.width, p.height
    for corner in (0, w - 1, w * (h - 1), w * h - 1):
        beside = abs(victim - corner) == w or (abs(victim - corner) == 1 and victim // w == corner // w)
        if beside and landing == 2 * victim - corner:
            return True
    return False


def _custodian_games(ruleset: str, seed: int, greed: float, max_plies: int) -> Iterator[tuple[int, int, Position]]:
    game = 0
    while True:
        rng = random.Random(f"{seed}:{ruleset}:{game}")
        p = Position.start(ruleset)
        for ply in range(max_plies):
            if p.rules.dice:
                p = p.with_dice((rng.randint(1, 6), rng.randint(1, 6)))
            if p.result is not None:
                break
            ps = sorted(p.legal_pairs())
            if not ps:
                break
            yield game, ply, p
            if p.placing:
                x = _place(p, ps, rng)
            else:
                cand = p.capture_candidates()
                caps = [x for x in ps if cand >> x[1] & 1 and p.captures_of(*x)[0]]
                x = rng.choice(caps) if caps and rng.random() < greed else rng.choice(ps)
            p = p.after(*x)
        game += 1


def _place(p: Position, ps: list, rng: random.Random) -> tuple[int, int]:
    """A Poleis placement: mostly one that would leave the opponent no capture if movement began now."""
    if rng.random() < 0.15:
        return rng.choice(ps)
    m = p.turn
    safe = []
    for x in ps:
        occ = list(p.occ)
        occ[m] |= 1 << x[1]
        q = Position.make(p.rules, occ[0], occ[1], vag=p.vag, turn=1 - m, hand=(0, 0))
        if not can_capture(q):
            safe.append(x)
    return rng.choice(safe or ps)


#: A quota key: a goal, or a goal with a theme its puzzles must carry.
QuotaKey = Goal | tuple[Goal, str]


def _goal_of(key: QuotaKey) -> Goal:
    return key[0] if isinstance(key, tuple) else key


def _theme_of(key: QuotaKey) -> str | None:
    return key[1] if isinstance(key, tuple) else None


def goal_order(ruleset: str, quota: dict[QuotaKey, int]) -> list[Goal]:
    """The goals of ``quota``: those of :data:`GOALS` in its order (hardest first), then any others."""
    goals = list(dict.fromkeys(_goal_of(k) for k in quota))
    known = [g for g in GOALS.get(ruleset, ()) if g in goals]
    return known + sorted((g for g in goals if g not in known), key=lambda g: (-g.moves, g.kind, -g.n))


def opponent_mobility(p: Position) -> int:
    """How many legal moves the opponent of the side to move would have if it were its turn."""
    return len(other_side_to_move(p).legal_pairs())


def opponent_threatens(p: Position) -> bool:
    """Whether the opponent of the side to move could capture if it were its turn (a threat to parry)."""
    return can_capture(other_side_to_move(p))


def try_goals(ruleset: str, q: Position, want: dict[QuotaKey, int], dedup: Deduper, *, source: str,
              budget: int | None = None, siege_mobility: int = 8,
              accept: Callable[[Puzzle], bool] | None = None,
              poleis_defence: bool = False) -> tuple[QuotaKey, Puzzle] | None:
    """The first wanted goal that ``q`` poses with a unique, proved solution, as a puzzle (id left blank).

    Quality filters: a position whose side to move has only one legal move is skipped
    (:func:`~.quality.is_trivial`), and so is a puzzle that repeats an accepted one
    (:class:`~.quality.Deduper`). Siege goals are only searched when the opponent is already short of
    moves (at most ``siege_mobility``); ``budget`` bounds each proof search (in solver nodes).
    ``accept``, when given, must also say yes to the proved puzzle (a pass that wants harder ones).

    In Poleis the save goal is tried during the placement (the last placement: a *placement trap*)
    and, only with ``poleis_defence``, after it too: a *defence* puzzle, posed only where the
    opponent threatens a capture (:func:`opponent_threatens`), so that the one saving move parries
    a real threat. (Off by default: the passes that made the stored puzzles did not try it.)
    """
    if is_trivial(q):
        return None
    mobility = None
    for goal in goal_order(ruleset, want):
        keys = [k for k in want if _goal_of(k) == goal and want[k] > 0]
        if not keys:
            continue
        placement_goal = goal.kind == "save" and ruleset == "poleis"
        if q.placing != placement_goal:
            if not (poleis_defence and placement_goal and not q.placing):
                continue
            if not opponent_threatens(q):
                continue  # nothing to defend against: not a defence puzzle
        if q.rules.dice and (goal.moves > 1 or (goal.kind == "save" and q.dice[0] == q.dice[1])):
            continue  # Kubeia: one move (the next roll is unknown); no defence puzzle on a double
        if goal.kind == "siege":
            mobility = opponent_mobility(q) if mobility is None else mobility
            if mobility > siege_mobility:
                continue
        try:
            sol = solve_custodian(q, goal, budget)
        except SearchBudgetExceeded:
            continue
        if sol is None:
            continue
        line, alts = sol
        if goal.kind == "save" and q.after(*pair_of(q, line[0])).result is not None:
            continue  # the move wins outright: not a defence puzzle
        themes, diff = tag_custodian(q, goal, line)
        key = next((k for k in keys if _theme_of(k) is None or _theme_of(k) in themes), None)
        if key is None:
            continue
        pz = Puzzle(id="", ruleset=ruleset, position=q.to_string(), goal=goal, goal_text=goal_text(goal, q.turn),
                    solution=line, themes=themes, difficulty=diff, source=source, alternatives=alts)
        if verify(pz):
            continue
        if accept is not None and not accept(pz):
            continue
        if not dedup.add(shape(ruleset, q, goal, line[0])):
            continue
        return key, pz
    return None


def generate_custodian(ruleset: str, seed: int, quota: dict[QuotaKey, int], *, greed: float = 0.5,
                       max_plies: int = 160, min_ply: int = 6, max_games: int = 400, stride: int = 1,
                       prefix: str | None = None, per_game: int = 3, gap: int = 8,
                       dedup: Deduper | None = None, budget: int | None = None,
                       accept: Callable[[Puzzle], bool] | None = None,
                       poleis_defence: bool = False) -> list[Puzzle]:
    """Puzzles of ``ruleset`` mined from seeded playouts until every goal's quota is met (or out of games).

    ``dedup`` may hold puzzles accepted earlier (the stored collection), which are then not repeated;
    ``accept`` and ``poleis_defence`` are passed on to :func:`try_goals`.
    """
    want = dict(quota)
    out: list[Puzzle] = []
    seen: set[str] = set()
    taken: dict[int, list[int]] = {}
    dedup = Deduper() if dedup is None else dedup
    for game, ply, p in _custodian_games(ruleset, seed, greed, max_plies):
        if game >= max_games or not any(v > 0 for v in want.values()):
            break
        got = taken.setdefault(game, [])
        if len(got) >= per_game or (got and ply - got[-1] < gap):
            continue
        if ply < min_ply and not p.placing:
            continue
        if p.again >= 0:
            continue  # Bell: the capturer's extra move is owed (not a puzzle's start)
        if p.placing and not (ruleset == "poleis" and p.hand == (0, 1)):
            continue
        if ply % stride:
            continue
        q = clean(p)
        text = q.to_string()
        if text in seen:
            continue
        seen.add(text)
        found = try_goals(ruleset, q, want, dedup, budget=budget, accept=accept, poleis_defence=poleis_defence,
                          source=f"generated from self-play seed {seed} (playout {game}, ply {ply})")
        if found is None:
            continue
        key, pz = found
        pz.id = f"{prefix or ruleset}-{len(out) + 1:03d}"
        want[key] -= 1
        out.append(pz)
        got.append(ply)
    return out


def generate_duodecim(seed: int, quota: dict[Goal, int], *, max_games: int = 60, max_turns: int = 200,
                      prefix: str = "duodecim") -> list[Puzzle]:
    """Duodecim puzzles from seeded random self-play: a roll with exactly one turn meeting a goal."""
    from ..duodecim import DuodecimPosition

    want = dict(quota)
    out: list[Puzzle] = []
    seen: set[tuple[str, tuple]] = set()
    for game in range(max_games):
        if not any(v > 0 for v in want.values()):
            break
        rng = random.Random(f"{seed}:duodecim:{game}")
        pos = DuodecimPosition.start()
        for ply in range(max_turns):
            if pos.is_over:
                break
            dice = (rng.randint(1, 6), rng.randint(1, 6))
            dice = (max(dice), min(dice))
            turns = pos.legal_turns(dice)
            key = (pos.to_string(), dice)
            if ply >= 4 and key not in seen and turns and turns != [()] and len(turns) >= 3:
                seen.add(key)
                for goal in GOALS["duodecim"]:
                    if want.get(goal, 0) <= 0:
                        continue
                    win = duodecim_winning(pos, dice, goal)
                    if len(win) != 1:
                        continue
                    turn = next(iter(win.values()))
                    themes = ["hit"] if goal.kind in ("hit", "hit_safe") else []
                    if goal.kind in ("safe", "hit_safe"):
                        themes.append("safe play")
                    diff = {"hit": 1, "safe": 2, "hit_safe": 3}[goal.kind] + (goal.n > 1)
                    diff += len(turns) > 15
                    pz = Puzzle(
                        id=f"{prefix}-{len(out) + 1:03d}", ruleset="duodecim", position=pos.to_string(),
                        roll=f"{dice[0]}{dice[1]}", goal=goal, goal_text=goal_text(goal, pos.turn),
                        solution=[pos.turn_text(turn, dice)], themes=themes, difficulty=min(5, diff),
                        source=f"generated from self-play seed {seed} (random game {game}, turn {ply})",
                    )
                    if verify(pz):
                        continue
                    want[goal] -= 1
                    out.append(pz)
                    break
            turn = rng.choice(turns)
            pos = pos.apply(turn, dice)
    return out

"""The puzzle solver: which moves reach a goal, and a proof that a stored puzzle is sound.

Custodian games (classic, vagi, Poleis, tournament, Kubeia)
-----------------------------------------------------------
The solver side is the side to move in the puzzle position. Goal kinds (``Goal.kind``, ``Goal.n``):

* ``capture`` — capture at least ``n`` pieces with this one move (and not lose by it);
* ``rout`` — capture the enemy Basileus within ``n`` own moves, whatever the defence;
* ``siege`` — win by siege within ``n`` own moves;
* ``win`` — win (any result reason) within ``n`` own moves;
* ``save`` — after this move the opponent has no capturing move at all (``n`` is 1).
  In Poleis, played as the last placement, this is the *placement trap* puzzle; once every piece
  is placed, a *defence* as in the other games;
* ``bind`` — Ludus latrunculorum after Schädler: bind at least ``n`` enemy counters with this one
  move (a step, or a jump chain that binds after every jump).

The latrunculi reconstructions are custodian rulesets too. Bell's extra move after a capture leaves
the capturer to move again: the one-move goals judge the capturing move itself, and a longer goal is
never proved through an extra move (the search treats it as a defence that escapes).

A proof is a depth-limited AND/OR search on the engine's own :class:`~petteia_core.custodian.Position`
(bitboards): at the solver's nodes *some* move must reach the goal, at the defender's nodes *every*
legal move must be met. Moves that could end the game at once are found cheaply (landing squares
where a capture is possible, Basileus moves to the far row, the one square that could complete a
siege) and only those are played out at the last solver move; captures are tried first elsewhere
so that refutations come quickly. Repetition is not considered (the lines are at most a few moves
long and start from a fresh position string). Kubeia puzzles are one move long (the next roll is
unknown), judged with the roll stored in the position (``dice=``).

Ludus duodecim scriptorum
-------------------------
The puzzle gives a position and a roll; the answer is a whole turn. Kinds: ``hit`` (hit at least
``n`` blots), ``safe`` (leave no blot within direct shot), ``hit_safe`` (both). A blot of the mover
is *within direct shot* when an enemy piece stands 1–6 points behind it on the track, or when the
enemy has pieces waiting to enter (hand or bar) and the blot stands on A1–A6. Turns are compared by
the position they lead to, so two orders of the same steps are one answer.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..custodian import Position
from ..geometry import bits
from ..latrunculi import newly_bound
from ..moves import Move
from ..notation import parse_move

CUSTODIAN_KINDS = ("capture", "rout", "siege", "win", "save", "bind")
#: The goals met (or missed) by the first move alone.
ONE_MOVE_KINDS = ("capture", "save", "bind")
DUODECIM_KINDS = ("hit", "safe", "hit_safe")
KINDS = CUSTODIAN_KINDS + DUODECIM_KINDS


@dataclass(frozen=True)
class Goal:
    kind: str
    n: int = 1

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ValueError(f"unknown goal kind {self.kind!r}; kinds are {', '.join(KINDS)}")
        if self.n < 1:
            raise ValueError("a goal needs n >= 1")

    @property
    def moves(self) -> int:
        """How many solver moves the goal allows (1 for the one-move kinds)."""
        return self.n if self.kind in ("rout", "siege", "win") else 1


# ===================================================================== custodian games
Pair = tuple[int, int]


def _key(p: Position) -> tuple:
    return (p.key(), p.passive, p.quiet, p.dice)


class SearchBudgetExceeded(Exception):
    """The solver visited more nodes than its budget allowed (the generator then skips the position)."""


class CustodianSolver:
    """Depth-limited proof search for the goals of one solver side (the side to move at the root)."""

    def __init__(self, root: Position, goal: Goal, budget: int | None = None) -> None:
        if goal.kind not in CUSTODIAN_KINDS:
            raise ValueError(f"{goal.kind!r} is not a goal of the custodian games")
        self.root, self.goal = root, goal
        self.side = root.turn
        self.letter = "wb"[self.side]
        self.memo: dict[tuple, bool] = {}
        self.nodes = 0
        self.budget = budget

    # ------------------------------------------------------------ predicates
    def success(self, p: Position) -> bool | None:
        """True/False when ``p`` is a finished game (won for the solver in the goal's way or not)."""
        r = p.result
        if r is None:
            return None
        if r.winner != self.letter:
            return False
        kind = self.goal.kind
        if kind == "rout":
            return r.reason == "rout"
        if kind == "siege":
            return r.reason == "siege"
        return True

    def pairs(self, p: Position) -> list[Pair]:
        """Legal (from, to) pairs of ``p``, captures first (then by square, for determinism)."""
        if p.result is not None:
            return []
        ps = p.legal_pairs()
        cand = p.capture_candidates()
        caps = [m for m in ps if cand >> m[1] & 1 and p.captures_of(*m)[0]]
        if not caps:
            return sorted(ps)
        cs = set(caps)
        return sorted(caps) + sorted(m for m in ps if m not in cs)

    def finishing_candidates(self, p: Position, ps: list[Pair]) -> list[Pair]:
        """A superset of the moves of ``p`` after which the game may be over at once."""
        r = p.rules
        if r.jumps != "none" or r.binding or r.extra_move:
            return ps  # latrunculi's jumps, binding and removals, and Bell's extra move, defeat the quick tests below
        kind = self.goal.kind
        geo, m = p.geo, p.turn
        opp = p.occ[1 - m]
        out = []
        cand = p.capture_candidates()
        if kind == "rout":
            near = geo.adjacent(opp & p.bas)
            return [x for x in ps if near >> x[1] & 1 and p.captures_of(*x)[0]]
        far = geo.row_masks[p.height - 1 if m == 0 else 0] if p.rules.army_victories else 0
        occ = p.occ[0] | p.occ[1]
        empty = geo.full & ~occ
        movers = opp & ~p.vag if not p.rules.dice else opp
        free = empty & geo.adjacent(movers)
        nfree = free.bit_count()
        for x in ps:
            f, t = x
            if cand >> t & 1 and p.captures_of(f, t)[0]:
                out.append(x)
            elif f >= 0 and far and p.bas >> f & 1 and far >> t & 1 and kind == "win":
                out.append(x)
            elif nfree == 0 or (nfree == 1 and free >> t & 1):
                out.append(x)  # may complete a siege
        return out

    # ------------------------------------------------------------ search
    def wins(self, p: Position, n: int) -> bool:
        """Can the solver (to move in ``p``) reach the goal within ``n`` own moves against any defence?"""
        k = (_key(p), n)
        hit = self.memo.get(k)
        if hit is not None:
            return hit
        self.nodes += 1
        if self.budget is not None and self.nodes > self.budget:
            raise SearchBudgetExceeded(f"more than {self.budget} nodes")
        ps = self.pairs(p)
        ok = False
        first = self.finishing_candidates(p, ps)
        for x in first:
            if self.success(p.after(*x)):
                ok = True
                break
        if not ok and n > 1:
            for x in ps:
                child = p.after(*x)
                s = self.success(child)
                if s is not None:
                    if s:
                        ok = True
                        break
                    continue
                if self.defended(child, n - 1) is None:
                    ok = True
                    break
        self.memo[k] = ok
        return ok

    def defended(self, child: Position, n: int) -> Pair | None:
        """A defence of ``child`` (defender to move) after which the goal is not reached in ``n``; None if none."""
        if child.turn == self.side:  # a double in Kubeia: not searched further
            return (-2, -2)
        for d in self.pairs(child):
            g = child.after(*d)
            s = self.success(g)
            if s is not None:
                if s:
                    continue
                return d
            if g.turn != self.side or not self.wins(g, n):
                return d
        return None

    def resistance(self, child: Position, n: int) -> list[tuple[int, Pair]]:
        """For each defence of ``child``: how many solver moves the quickest win then needs (0: the game is already won)."""
        out = []
        for d in self.pairs(child):
            g = child.after(*d)
            if self.success(g):
                out.append((0, d))
                continue
            for k in range(1, n + 1):
                if self.wins(g, k):
                    out.append((k, d))
                    break
            else:
                out.append((n + 1, d))
        return out

    def winning_pairs(self, p: Position, n: int) -> list[Pair]:
        """Every move of ``p`` that reaches the goal within ``n`` solver moves."""
        kind = self.goal.kind
        ps = self.pairs(p)
        out = []
        for x in ps:
            child = p.after(*x)
            s = self.success(child)
            if kind == "capture":
                if p.captures_of(*x)[0].bit_count() >= self.goal.n and s is not False:
                    out.append(x)
                continue
            if kind == "save":
                if child.turn != self.side and (s is True or (s is None and not can_capture(child))):
                    out.append(x)
                continue
            if kind == "bind":
                if newly_bound(p, child).bit_count() >= self.goal.n and s is not False:
                    out.append(x)
                continue
            if s is not None:
                if s:
                    out.append(x)
                continue
            if n > 1 and self.defended(child, n - 1) is None:
                out.append(x)
        return sorted(out)


def can_capture(p: Position) -> bool:
    """Whether the side to move in ``p`` has a capturing move (Kubeia: with any roll)."""
    if p.placing:
        return False
    if p.rules.dice:
        return any(_captures_with_roll(p.with_dice((hi, lo))) for hi in range(1, 7) for lo in range(1, hi + 1))
    return _captures_with_roll(p)


def _captures_with_roll(p: Position) -> bool:
    """Whether the side to move in ``p`` (with its roll, in Kubeia) has a capturing move."""
    cand = p.capture_candidates()
    return any(cand >> t & 1 and p.captures_of(f, t)[0] for f, t in p.generate()[0])


def move_of(p: Position, pair: Pair) -> Move:
    """The Move of a legal pair (with its captures; latrunculi: its chain and the counters it binds)."""
    return p.move_of(*pair)


def text_of(p: Position, pair: Pair) -> str:
    return move_of(p, pair).text(p.width)


def pair_of(p: Position, text: str) -> Pair:
    """The (from, to) pair of the move written ``text`` in ``p`` (a placement from -1, a removal from -2,
    a jump chain's ``to`` with its squares)."""
    return p.pair_of(parse_move(text, p))


def solve_custodian(p: Position, goal: Goal, budget: int | None = None) -> tuple[list[str], dict[int, list[str]]] | None:
    """The solution line (solver moves and longest-resisting defences) and alternatives per ply.

    None when the goal cannot be reached or the first move is not unique. With a ``budget`` (search
    nodes), :class:`SearchBudgetExceeded` is raised when the proof needs more.
    """
    s = CustodianSolver(p, goal, budget)
    n = goal.moves
    line: list[str] = []
    alts: dict[int, list[str]] = {}
    pos = p
    remaining = n
    while True:
        win = s.winning_pairs(pos, remaining)
        if not win:
            return None
        if not line and len(win) != 1:
            return None
        main = win[0]
        if len(win) > 1:
            alts[len(line)] = [text_of(pos, x) for x in win[1:]]
        line.append(text_of(pos, main))
        child = pos.after(*main)
        if goal.kind in ONE_MOVE_KINDS or s.success(child):
            return line, alts
        res = s.resistance(child, remaining - 1)
        best = max(k for k, _ in res)
        if best == 0 or best > remaining - 1:
            return None
        d = next(d for k, d in res if k == best)
        line.append(text_of(child, d))
        pos = child.after(*d)
        remaining = best


def verify_custodian(p: Position, goal: Goal, line: list[str], alts: dict[int, list[str]]) -> list[str]:
    """Problems with a stored custodian puzzle (empty list: it is sound)."""
    problems: list[str] = []
    s = CustodianSolver(p, goal)
    pos = p
    remaining = goal.moves
    if goal.kind in ("rout", "siege", "win") and goal.n > 1 and s.wins(p, goal.n - 1):
        problems.append(f"the goal is reached in fewer than {goal.n} moves")
    if not line or len(line) % 2 == 0:
        return problems + ["the line must end with a solver move"]
    for i in range(0, len(line), 2):
        win = s.winning_pairs(pos, remaining)
        try:
            main = pair_of(pos, line[i])
            accepted = {main} | {pair_of(pos, a) for a in alts.get(i, [])}
        except Exception as exc:  # noqa: BLE001 - report any notation problem
            return problems + [f"ply {i + 1}: {exc}"]
        if set(win) != accepted:
            extra = [text_of(pos, x) for x in win if x not in accepted]
            missing = [text_of(pos, x) for x in accepted if x not in win]
            if extra:
                problems.append(f"ply {i + 1}: other winning moves {extra}")
            if missing:
                problems.append(f"ply {i + 1}: {missing} do not reach the goal")
            return problems
        child = pos.after(*main)
        if i == len(line) - 1:
            if goal.kind not in ONE_MOVE_KINDS and not s.success(child):
                problems.append("the line stops before the goal is reached")
            return problems
        if goal.kind in ONE_MOVE_KINDS or s.success(child):
            return problems + ["the line goes on after the goal is reached"]
        res = s.resistance(child, remaining - 1)
        best = max(k for k, _ in res)
        try:
            d = pair_of(child, line[i + 1])
        except Exception as exc:  # noqa: BLE001
            return problems + [f"ply {i + 2}: {exc}"]
        mine = next(k for k, x in res if x == d)
        if best > remaining - 1:
            return problems + [f"ply {i + 2}: a defence escapes: {text_of(child, next(x for k, x in res if k == best))}"]
        if mine != best:
            problems.append(f"ply {i + 2}: {line[i + 1]} is not the longest defence ({best} moves needed after "
                            f"{text_of(child, next(x for k, x in res if k == best))})")
        pos = child.after(*d)
        remaining = mine
    return problems


# ===================================================================== Duodecim scripta
def duodecim_blots_in_shot(pos, mover: str) -> list[int]:
    """Track indices of ``mover``'s blots within direct shot in ``pos`` (see the module docstring)."""
    sign = 1 if mover == "w" else -1
    i = 0 if mover == "w" else 1
    pts = [v * sign for v in pos.points]
    waiting = pos.hand[1 - i] + pos.bar[1 - i]
    out = []
    for idx, v in enumerate(pts):
        if v != 1:
            continue
        if waiting and idx <= 5:
            out.append(idx)
            continue
        if any(pts[j] < 0 for j in range(max(0, idx - 6), idx)):
            out.append(idx)
    return out


def duodecim_winning(pos, dice, goal: Goal) -> dict[str, tuple]:
    """Resulting position string → the turn, for every legal turn of ``dice`` that meets ``goal``."""
    out = {}
    for turn in pos.legal_turns(dice):
        hits = sum(1 for st in turn if st.hit)
        after = pos.apply(turn, dice)
        ok_hit = hits >= goal.n
        ok_safe = not duodecim_blots_in_shot(after, pos.turn)
        ok = {"hit": ok_hit, "safe": ok_safe, "hit_safe": ok_hit and ok_safe}[goal.kind]
        if ok:
            out[after.to_string()] = turn
    return out


def verify_duodecim(pos, dice, goal: Goal, line: list[str], alts: dict[int, list[str]]) -> list[str]:
    if len(line) != 1:
        return ["a Duodecim puzzle is one turn"]
    win = duodecim_winning(pos, dice, goal)
    accepted = {}
    for t in [line[0], *alts.get(0, [])]:
        try:
            rolled = pos.with_dice(dice)
            accepted[rolled.apply(rolled.parse_turn(t)).to_string()] = t
        except Exception as exc:  # noqa: BLE001 - any notation problem makes the puzzle unsound
            return [f"{t!r}: {exc}"]
    problems = []
    extra = [pos.turn_text(v, dice) for k, v in win.items() if k not in accepted]
    missing = [t for k, t in accepted.items() if k not in win]
    if extra:
        problems.append(f"other winning turns {extra}")
    if missing:
        problems.append(f"{missing} do not reach the goal")
    return problems

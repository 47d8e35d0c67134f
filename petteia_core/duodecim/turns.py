"""Turn generation for Duodecim scripta: single-die steps, the turn tree and the rules of §7 that
choose the legal turns among all step sequences (duties first, then as many dice as possible,
then the higher die)."""

from __future__ import annotations

from collections.abc import Sequence

from ..errors import IllegalMoveError, NotationError
from .notation import Dice, Step, StepText, Turn
from .track import A12, E_START, ENTER, OFF, PIECES, TRACK_LEN, point_name

_SIDE_NAME = {"w": "White", "b": "Black"}

# A search state, always seen from the side to move (its pieces positive, the enemy's negative):
# (points, bar, hand, off, enemy bar, remaining dice)
TurnState = tuple[tuple[int, ...], int, int, int, int, tuple[int, ...]]


def _successors(state: TurnState) -> list[tuple[Step, TurnState]]:
    """Every single-die step from ``state`` with the child state it leads to."""
    pts, bar, hand, off, obar, rem = state
    if off == PIECES or not rem:
        return []
    out: list[tuple[Step, TurnState]] = []
    lowest = -1
    can_bear = False
    if not bar:
        lowest = next((i for i in range(TRACK_LEN) if pts[i] > 0), TRACK_LEN)
        can_bear = hand == 0 and lowest >= E_START
    limit = A12 if hand else TRACK_LEN - 1
    for d in sorted(set(rem), reverse=True):
        k = rem.index(d)
        nrem = rem[:k] + rem[k + 1:]
        if bar or hand:  # enter (from the bar first) on A<d>
            t = d - 1
            v = pts[t]
            if v >= -1:
                p = list(pts)
                hit = v == -1
                p[t] = 1 if hit else v + 1
                child = (tuple(p), bar - 1 if bar else 0, hand if bar else hand - 1, off, obar + hit, nrem)
                out.append((Step(ENTER, t, d, hit), child))
            if bar:
                continue  # every hit piece re-enters before anything else moves
        for i in range(lowest, TRACK_LEN):
            if pts[i] <= 0:
                continue
            t = i + d
            if t < TRACK_LEN:
                if t > limit:
                    break  # opening phase: no piece goes past A12
                v = pts[t]
                if v < -1:
                    continue  # blocked: two or more enemy pieces
                p = list(pts)
                p[i] -= 1
                hit = v == -1
                p[t] = 1 if hit else v + 1
                out.append((Step(i, t, d, hit), (tuple(p), 0, hand, off, obar + hit, nrem)))
            elif can_bear and (t == OFF or i == lowest):
                p = list(pts)
                p[i] -= 1
                out.append((Step(i, OFF, d, False), (tuple(p), 0, hand, off + 1, obar, nrem)))
    return out


class TurnTree:
    """All step sequences for one roll, deduplicated by the state after each step."""

    def __init__(self, root: TurnState, dice: Dice) -> None:
        self.root = root
        self.dice = dice
        double = dice[0] == dice[1]
        self.ndice = 4 if double else 2
        self.children: dict[TurnState, list[tuple[Step, TurnState]]] = {}
        self.layers: list[dict[TurnState, tuple[TurnState, Step] | None]] = [{root: None}]
        frontier = [root]
        while frontier:
            nxt: dict[TurnState, tuple[TurnState, Step] | None] = {}
            for s in frontier:
                succ = _successors(s)
                self.children[s] = succ
                for step, c in succ:
                    if c not in nxt:
                        nxt[c] = (s, step)
            if not nxt:
                break
            self.layers.append(nxt)
            frontier = list(nxt)
        # which sequences are legal turns
        hand0, bar0 = root[2], root[1]
        self.duty = hand0 > 0  # opening phase: at least one piece must enter
        cands = []
        for k, layer in enumerate(self.layers):
            for s in layer:
                if not self.duty or s[2] < hand0 or s[1] < bar0:
                    cands.append((self.ndice if s[3] == PIECES else k, s))
        if not cands:
            self.best = 0
            finals = [root]  # the roll is void
        else:
            self.best = max(n for n, _ in cands)
            finals = [s for n, s in cands if n == self.best]
            if self.best == 1 and not double:
                higher = [s for s in finals if s[5] == (dice[1],)]
                if higher:
                    finals = higher
        self.finals = set(finals)
        self.turns: list[tuple[Turn, TurnState]] = []
        seen = set()
        for s in finals:
            key = s[:5]
            if key not in seen:
                seen.add(key)
                self.turns.append((self.path(s), s))
        self._good: set[TurnState] | None = None

    def path(self, s: TurnState) -> Turn:
        k = len(self.root[5]) - len(s[5])
        steps = []
        while k > 0:
            parent, step = self.layers[k][s]  # type: ignore[misc]
            steps.append(step)
            s = parent
            k -= 1
        return tuple(reversed(steps))

    def good(self) -> set[TurnState]:
        """States from which a legal turn can still be completed."""
        if self._good is None:
            good = set(self.finals)
            for layer in reversed(self.layers):
                for s in layer:
                    if s not in good and any(c in good for _, c in self.children.get(s, ())):
                        good.add(s)
            self._good = good
        return self._good

    def walk(self, prefix: Sequence[Step]) -> TurnState:
        s = self.root
        for n, step in enumerate(prefix, 1):
            for cand, c in self.children.get(s, ()):
                if cand.frm == step.frm and cand.to == step.to and cand.die == step.die:
                    s = c
                    break
            else:
                raise IllegalMoveError(f"step {n} ({step.text()}) is not possible after the steps before it")
        return s

    def resolve(self, steps: Sequence[StepText | Step]) -> tuple[Turn, TurnState] | None:
        """The legal turn these steps describe (dice worked out), or None."""

        def rec(s: TurnState, k: int, path: list[Step]) -> tuple[Turn, TurnState] | None:
            if k == len(steps):
                return (tuple(path), s) if s in self.finals else None
            want = steps[k]
            for step, c in self.children.get(s, ()):
                if step.frm != want.frm or step.to != want.to:
                    continue
                if isinstance(want, Step):
                    if step.die != want.die:
                        continue
                elif want.hit is not None and step.hit != want.hit:
                    continue
                path.append(step)
                found = rec(c, k + 1, path)
                if found:
                    return found
                path.pop()
            return None

        return rec(self.root, 0, [])

    def explain(self, steps: Sequence[StepText | Step], side: str) -> str:
        """Why ``steps`` are not a legal turn (for NotationError messages)."""
        states = [self.root]
        for n, want in enumerate(steps, 1):
            nxt = []
            for s in states:
                for step, c in self.children.get(s, ()):
                    if step.frm == want.frm and step.to == want.to:
                        if isinstance(want, Step) and step.die != want.die:
                            continue
                        if isinstance(want, StepText) and want.hit and not step.hit:
                            return f"{want.text} is marked as a hit, but there is no blot to hit there"
                        nxt.append(c)
            if not nxt:
                label = want.text if isinstance(want, StepText) else want.text()
                return f"step {n} ({label}) is not possible: " + _step_problem(states[0], want.frm, want.to, side)
            states = nxt
        if self.duty and not any(s[2] < self.root[2] or s[1] < self.root[1] for s in states):
            if self.finals == {self.root}:
                return "no piece can enter, so the roll is void: play the roll alone"
            return "in the opening phase at least one piece must enter every turn"
        used = max(self.ndice if s[3] == PIECES else len(self.root[5]) - len(s[5]) for s in states)
        if used < self.best:
            return (f"this plays {used} {'die' if used == 1 else 'dice'}, but {self.best} can be played: "
                    "as many dice as possible must be used")
        if self.best == 1 and used == 1:
            return f"only one die can be played, and it must be the higher one ({self.dice[0]})"
        return "not a legal turn"


def _step_problem(s: TurnState, frm: int, to: int, side: str) -> str:
    pts, bar, hand, _off, _obar, rem = s
    if not rem:
        return "no dice are left"
    if frm == ENTER:
        if not bar and not hand:
            return "no piece is waiting to enter"
        if to > 5:
            return f"a piece enters on A1–A6 (the die's value), not {point_name(to)}"
        if to + 1 not in rem:
            return f"entering on {point_name(to)} needs a {to + 1}, and no such die is left"
        return f"{point_name(to)} is blocked by two or more enemy pieces"
    if bar:
        return "every hit piece must re-enter before another piece moves"
    if pts[frm] <= 0:
        return f"there is no piece of {_SIDE_NAME[side]} on {point_name(frm)}"
    if to == OFF:
        if hand or any(pts[i] > 0 for i in range(E_START)):
            return "bearing off starts only when every piece not yet borne off stands on E6–E1"
        return (f"a piece on {point_name(frm)} bears off with a {TRACK_LEN - frm}, or with a higher die "
                "only from the highest occupied point")
    if to <= frm:
        return "pieces move only forward along the track"
    if to - frm not in rem:
        return f"that is {to - frm} points, and no such die is left"
    if hand and to > A12:
        return "in the opening phase no piece may go past A12"
    return f"{point_name(to)} is blocked by two or more enemy pieces"

"""An independent, deliberately slow move generator for Ludus latrunculorum (RULES.md §9), for
cross-checking the engine's perft numbers.

Written from RULES.md alone, square by square on a dict board (no bitboards, no engine code but
the options object, which is plain data): placements (Bell: two a turn by the count of counters on
the board, the dux last), steps and slides, the dux's jump, Schädler's jump chains with binding
after every landing, freeing judged on the board, removals, the 2001 entry rule after the landing,
custodian and corner capture, Bell's corner anvil and extra move.
"""

from __future__ import annotations

from dataclasses import dataclass

COLS = "ΑΒΓΔΕΖΗΘΙΚΛΜ"
DIRS = ((1, 0), (-1, 0), (0, 1), (0, -1))


@dataclass(frozen=True)
class State:
    board: tuple  # sorted ((col, row), side, kind) with kind "P", "D" or "A"
    side: str
    hand: tuple[int, int]
    again: tuple[int, int] | None
    quiet: int

    def grid(self) -> dict:
        return {sq: (s, k) for sq, s, k in self.board}


def parse(rules, text: str) -> State:
    """Read a position string (written independently of petteia_core.fen)."""
    words = text.split()
    rows = words[0].split("/")
    grid = {}
    for i, row in enumerate(rows):
        r = len(rows) - 1 - i
        c, j = 0, 0
        while j < len(row):
            if row[j].isdigit():
                k = j
                while k < len(row) and row[k].isdigit():
                    k += 1
                c += int(row[j:k])
                j = k
                continue
            grid[(c, r)] = ("w" if row[j].isupper() else "b", row[j].upper())
            c += 1
            j += 1
    fields = dict(w.split("=") for w in words[2:])
    if "hand" in fields:
        a, b = fields["hand"].split(",")
        hand = (int(a), int(b))
    elif not grid and rules.setup == "hand":
        hand = (rules.pieces_per_side, rules.pieces_per_side)
    else:
        hand = (0, 0)
    again = None
    if "again" in fields:
        again = (COLS.index(fields["again"][0]), int(fields["again"][1:]) - 1)
    return make(grid, words[1], hand, again, int(fields.get("quiet", 0)))


def make(grid: dict, side: str, hand, again, quiet) -> State:
    return State(tuple(sorted((sq, s, k) for sq, (s, k) in grid.items())), side, tuple(hand), again, quiet)


def other(side: str) -> str:
    return "b" if side == "w" else "w"


class Oracle:
    def __init__(self, rules) -> None:
        self.r = rules
        self.w, self.h = rules.width, rules.height
        self.corners = {(0, 0), (self.w - 1, 0), (0, self.h - 1), (self.w - 1, self.h - 1)}

    def on(self, sq) -> bool:
        return 0 <= sq[0] < self.w and 0 <= sq[1] < self.h

    # ------------------------------------------------------------------ moves
    def moves(self, s: State) -> list[tuple]:
        g = s.grid()
        empty = [(c, r) for r in range(self.h) for c in range(self.w) if (c, r) not in g]
        if s.hand != (0, 0):
            return [("place", sq) for sq in empty]
        out = []
        mine = [sq for sq, (side, kind) in g.items() if side == s.side and kind != "A"]
        if s.again is not None:
            mine = [s.again]
        for frm in mine:
            for dc, dr in DIRS:
                k = 1
                while True:
                    to = (frm[0] + k * dc, frm[1] + k * dr)
                    if not self.on(to) or to in g:
                        break
                    out.append(("move", (frm, to)))
                    if self.r.reach == "step":
                        break
                    k += 1
            if self.r.jumps == "dux" and g[frm][1] == "D":
                for dc, dr in DIRS:
                    over, to = (frm[0] + dc, frm[1] + dr), (frm[0] + 2 * dc, frm[1] + 2 * dr)
                    if self.on(to) and over in g and g[over][0] != s.side and to not in g:
                        out.append(("move", (frm, to)))
            if self.r.jumps == "chains":
                self.chains(g, s.side, (frm,), out)
        if self.r.entry_rule:
            out = [m for m in out if len(m[1]) > 2 or not self.refused(g, s.side, m[1][0], m[1][1])]
        if self.r.binding and s.again is None:
            out += [("remove", sq) for sq, (side, kind) in g.items() if side != s.side and kind == "A"]
        return out

    def chains(self, g: dict, side: str, path: tuple, out: list) -> None:
        here = path[-1]
        for dc, dr in DIRS:
            over, to = (here[0] + dc, here[1] + dr), (here[0] + 2 * dc, here[1] + 2 * dr)
            if not self.on(to) or over not in g or to in g or to in path:
                continue
            if self.r.entry_rule and self.refused(g, side, here, to):
                continue
            g2, _ = self.land(g, side, here, to)
            out.append(("move", (*path, to)))
            self.chains(g2, side, (*path, to), out)

    def refused(self, g: dict, side: str, frm, to) -> bool:
        """2001: landing between two enemy pieces that binds nothing."""
        def enemy(sq):
            return sq in g and g[sq][0] != side
        flanked = (enemy((to[0] - 1, to[1])) and enemy((to[0] + 1, to[1]))) or \
            (enemy((to[0], to[1] - 1)) and enemy((to[0], to[1] + 1)))
        return flanked and not self.land(g, side, frm, to)[1]

    def land(self, g: dict, side: str, frm, to) -> tuple[dict, list]:
        """Schädler: the board after a step or jump frm->to, with binding and freeing; newly bound."""
        g = dict(g)
        g[to] = g.pop(frm)
        newly = []
        for dc, dr in DIRS:
            n1, n2 = (to[0] + dc, to[1] + dr), (to[0] + 2 * dc, to[1] + 2 * dr)
            if g.get(n1, (None, None)) == (other(side), "P") and g.get(n2) == (side, "P"):
                newly.append(n1)
        for sq in newly:
            g[sq] = (other(side), "A")
        return self.free(g), newly

    def free(self, g: dict) -> dict:
        def free_enemy(sq, me):
            return sq in g and g[sq][0] != me and g[sq][1] != "A"
        loose = []
        for (c, r), (me, kind) in g.items():
            if kind == "A":
                held = (free_enemy((c - 1, r), me) and free_enemy((c + 1, r), me)) or \
                    (free_enemy((c, r - 1), me) and free_enemy((c, r + 1), me))
                if not held:
                    loose.append((c, r))
        g = dict(g)
        for sq in loose:
            g[sq] = (g[sq][0], "P")
        return g

    # ------------------------------------------------------------------ playing
    def play(self, s: State, move: tuple) -> State:
        g = s.grid()
        hand, quiet = list(s.hand), s.quiet
        me = 0 if s.side == "w" else 1
        if move[0] == "place":
            kind = "D" if self.r.dux != "none" and hand[me] == 1 else "P"
            g[move[1]] = (s.side, kind)
            hand[me] -= 1
            nxt = other(s.side)
            counters = sum(1 for side, k in g.values() if side == s.side and k == "P")
            if self.r.placement_per_turn == 2 and kind == "P" and counters % 2 == 1:
                nxt = s.side
            if hand == [0, 0]:
                nxt = self.r.first_player
            elif not hand[0 if nxt == "w" else 1]:
                nxt = other(nxt)
            return make(g, nxt, hand, None, quiet)
        if move[0] == "remove":
            del g[move[1]]
            return make(self.free(g), other(s.side), hand, None, 0)
        path = move[1]
        if self.r.binding:
            for a, b in zip(path, path[1:]):
                g = self.land(g, s.side, a, b)[0]
            return make(g, other(s.side), hand, None, quiet + 1)
        frm, to = path
        g[to] = g.pop(frm)
        caps = set()
        for dc, dr in DIRS:
            n1, n2 = (to[0] + dc, to[1] + dr), (to[0] + 2 * dc, to[1] + 2 * dr)
            if n1 in g and g[n1][0] != s.side and not (self.r.dux == "immune" and g[n1][1] == "D"):
                if (n2 in g and g[n2][0] == s.side) or (self.r.corner_anvil and n2 in self.corners):
                    caps.add(n1)
        if self.r.corner_capture:
            for c in self.corners:
                nbs = [(c[0] + dc, c[1] + dr) for dc, dr in DIRS if self.on((c[0] + dc, c[1] + dr))]
                if to in nbs and c in g and g[c][0] != s.side and not (self.r.dux == "immune" and g[c][1] == "D"):
                    partner = [n for n in nbs if n != to][0]
                    if partner in g and g[partner][0] == s.side:
                        caps.add(c)
        for sq in caps:
            del g[sq]
        if not caps:
            return make(g, other(s.side), hand, None, quiet + 1)
        nxt, again = other(s.side), None
        if self.r.extra_move and any(side != s.side for side, _ in g.values()):
            trial = make(g, s.side, hand, to, 0)
            if self.moves(trial):
                nxt, again = s.side, to
        return make(g, nxt, hand, again, 0)

    def over(self, s: State) -> bool:
        """Ended by any rule but a player's having no move (perft counts those as 0 moves)."""
        if s.hand != (0, 0):
            return False
        counts = [sum(1 for _, side, _ in s.board if side == x) for x in "wb"]
        if self.r.no_pieces_loss and min(counts) == 0:
            return True
        if self.r.one_piece_loss and min(counts) <= 1:
            return True
        return s.quiet >= self.r.stall_limit

    def perft(self, s: State, depth: int) -> int:
        """Leaves ``depth`` plies below ``s`` (no repetition: too shallow to repeat three times)."""
        if depth == 0:
            return 1
        moves = self.moves(s)
        if depth == 1:
            return len(moves)
        total = 0
        for mv in moves:
            child = self.play(s, mv)
            if not self.over(child):
                total += self.perft(child, depth - 1)
        return total

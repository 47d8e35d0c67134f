"""Static evaluation of custodian positions, in points (one plain piece = 100).

All terms are bitboard operations on whole masks (no per-square loops except for the Basileus):

* material by kind: plain piece / Peltast, Hoplite; ordinarius vs vagus (vagi, Poleis);
* the rulesets' sudden deaths: one piece left (classic, vagi), the last Peltast or Hoplite
  (decimation), the Basileus's ring (enclosure = rout) and its advance (breakthrough);
* mobility (number of slides), isolated pieces (no friendly piece on the eight squares around:
  Aristotle's "isolated piece", azux), pieces "in the jaws" (an enemy on one side, an empty
  square on the other), refusal-of-battle count.

``evaluate(pos)`` scores from the point of view of the side to move.
"""

from __future__ import annotations

from ..custodian import Position
from ..geometry import Geometry
from ..options import RuleOptions

WIN = 1_000_000
#: Scores above this are wins found by search (WIN minus the distance in plies).
WIN_THRESHOLD = WIN - 10_000


class Evaluator:
    """Evaluation for one ruleset; caches scores by piece placement."""

    TEMPO = 8

    def __init__(self, rules: RuleOptions, geo: Geometry) -> None:
        self.rules, self.geo = rules, geo
        w, h = geo.width, geo.height
        self.w, self.h = w, h
        self.full, self.nf, self.nl = geo.full, geo.not_first_col, geo.not_last_col
        self.army = rules.army_victories
        self.vagi = rules.vagi
        self.latrunculi = rules.extended
        corner_sqs = (0, w - 1, w * (h - 1), w * h - 1)
        #: Squares next to a corner (Bell: the corner is an anvil there; Kowalski, Piso: corner capture).
        self.by_corner = sum(geo.neighbours[c] for c in corner_sqs)
        self.corners = sum(1 << c for c in corner_sqs)
        self.cache: dict[tuple, int] = {}
        # Basileus tables (tournament): rows advanced, squares ahead in the column, far row.
        self.ahead = ([0] * geo.n, [0] * geo.n)
        for sq in range(geo.n):
            r, c = divmod(sq, w)
            self.ahead[0][sq] = sum(1 << (rr * w + c) for rr in range(r + 1, h))
            self.ahead[1][sq] = sum(1 << (rr * w + c) for rr in range(0, r))
        self.far = (geo.row_masks[h - 1], geo.row_masks[0])
        adv = [0, 0, 6, 16, 32, 60, 110, 200, 300, 400, 500, 600]
        self.advance = (
            [adv[sq // w] for sq in range(geo.n)],
            [adv[h - 1 - sq // w] for sq in range(geo.n)],
        )
        center = []
        for sq in range(geo.n):
            r, c = divmod(sq, w)
            dr = min(r, h - 1 - r)
            dc = min(c, w - 1 - c)
            center.append(min(dr, dc, 2))
        # Edge rows/columns (distance 0 from an edge) are easier to shut in.
        self.edge = sum(1 << sq for sq in range(geo.n) if center[sq] == 0)

    # ------------------------------------------------------------------ helpers
    def mobility(self, movers: int, empty: int, target: int | None = None) -> int:
        """Number of slides of ``movers`` over ``empty`` squares (destinations in ``target`` if given)."""
        if not movers:
            return 0
        w, nf, nl = self.w, self.nf, self.nl
        total = 0
        cur = movers
        while True:
            cur = (cur << 1) & nf & empty
            if not cur:
                break
            total += (cur & target).bit_count() if target is not None else cur.bit_count()
        cur = movers
        while True:
            cur = (cur >> 1) & nl & empty
            if not cur:
                break
            total += (cur & target).bit_count() if target is not None else cur.bit_count()
        cur = movers
        while True:
            cur = (cur << w) & empty
            if not cur:
                break
            total += (cur & target).bit_count() if target is not None else cur.bit_count()
        cur = movers
        while True:
            cur = (cur >> w) & empty
            if not cur:
                break
            total += (cur & target).bit_count() if target is not None else cur.bit_count()
        return total

    def adj8(self, m: int) -> int:
        """Squares among the eight around some square of ``m`` (a square of ``m`` only if it has a
        neighbour in ``m``)."""
        w, nf, nl, full = self.w, self.nf, self.nl, self.full
        side = ((m << 1) & nf) | ((m >> 1) & nl)
        row = m | side
        return side | ((row << w) & full) | (row >> w)

    def jaws(self, own: int, opp: int, empty: int) -> int:
        """Own pieces with an enemy on one side and an empty square on the other (in a line)."""
        w, nf, nl, full = self.w, self.nf, self.nl, self.full
        return own & (
            (((opp << 1) & nf) & ((empty >> 1) & nl))
            | (((opp >> 1) & nl) & ((empty << 1) & nf))
            | (((opp << w) & full) & (empty >> w))
            | ((opp >> w) & ((empty << w) & full))
        )

    # ------------------------------------------------------------------ evaluation
    def evaluate(self, pos: Position) -> int:
        """Score for the side to move."""
        key = (pos.occ, pos.hop, pos.bas, pos.vag, pos.hand, pos.dux, pos.bound)
        s = self.cache.get(key)
        if s is None:
            s = self._army(pos) if self.army else (self._latrunculi(pos) if self.latrunculi else self._plain(pos))
            if len(self.cache) > 300_000:
                self.cache.clear()
            self.cache[key] = s
        if self.rules.refusal_limit is not None and (pos.passive[0] or pos.passive[1]):
            pen = (0, 10, 45, 45, 45)
            s += pen[min(pos.passive[1], 4)] - pen[min(pos.passive[0], 4)]
        if self.rules.stall_limit - pos.quiet < 12:
            # An adjudication is near: the side with more pieces is about to win it.
            diff = pos.occ[0].bit_count() - pos.occ[1].bit_count()
            s += 40 * (diff > 0) - 40 * (diff < 0)
        return (s if pos.turn == 0 else -s) + self.TEMPO

    def _plain(self, pos: Position) -> int:
        """Classic, vagi, Poleis: White-relative score."""
        white, black = pos.occ
        vag = pos.vag
        empty = self.full & ~(white | black)
        score = 0
        for side, own, opp in ((0, white, black), (1, black, white)):
            n = own.bit_count() + pos.hand[side]
            v = 0
            if self.vagi:
                vagi = own & vag
                nv = vagi.bit_count()
                v += 100 * n - 22 * nv
                v += 2 * self.mobility(own & ~vag, empty)
                v += 2 * self.mobility(vagi, empty, self.geo.adjacent(opp))
            else:
                v += 100 * n + 2 * self.mobility(own, empty)
            if n <= 3 and not pos.hand[side]:
                v -= (0, 0, 120, 40)[n]
            if own:
                v -= 12 * (own & ~self.adj8(own)).bit_count()
                v -= 14 * self.jaws(own, opp, empty).bit_count()
                v -= 3 * (own & self.edge).bit_count()
            score += v if side == 0 else -v
        return score

    def _army(self, pos: Position) -> int:
        """Tournament and Kubeia: White-relative score."""
        white, black = pos.occ
        hop, bas = pos.hop, pos.bas
        strong = hop | bas
        occ = white | black
        empty = self.full & ~occ
        geo = self.geo
        score = 0
        for side, own, opp in ((0, white, black), (1, black, white)):
            pel = own & ~strong
            hp = own & hop
            np_, nh = pel.bit_count(), hp.bit_count()
            v = 100 * np_ + 125 * nh
            # Decimation: the last Peltasts / Hoplites are worth much more.
            v -= (600, 220, 80, 25)[np_] if np_ < 4 else 0
            v -= (600, 220, 80, 25)[nh] if nh < 4 else 0
            v += (3 * self.mobility(own, empty)) // 2
            v -= 8 * (own & ~self.adj8(own)).bit_count()
            jw = self.jaws(pel, opp, empty) | self.jaws(hp, opp & strong, empty)
            v -= 12 * jw.bit_count()
            king = own & bas
            if king:
                ksq = king.bit_length() - 1
                ring = geo.neighbours[ksq]
                size = geo.edge_count[ksq]
                held = (ring & opp).bit_count()
                free = size - held
                if free <= 1:
                    # One square from enclosure: dangerous unless one of our pieces holds it.
                    v -= 90 if ring & empty else 45
                elif free == 2:
                    v -= 30
                v -= 6 * (self.adj8(king) & opp & strong).bit_count()
                v += 4 * (ring & own).bit_count()
                v += self.advance[side][ksq]
                if not self.ahead[side][ksq] & occ:
                    v += 120  # an open file to the enemy back row: breakthrough threat
            score += v if side == 0 else -v
        return score

    def steps(self, movers: int, empty: int) -> int:
        """Number of one-square steps of ``movers`` onto ``empty`` squares."""
        w, nf, nl, full = self.w, self.nf, self.nl, self.full
        return (((movers << 1) & nf & empty).bit_count() + ((movers >> 1) & nl & empty).bit_count()
                + ((movers << w) & full & empty).bit_count() + ((movers >> w) & empty).bit_count())

    def _latrunculi(self, pos: Position) -> int:
        """Ludus latrunculorum (RULES.md §9): White-relative score.

        Counters 100 (a bound one 30: it waits to be removed), Bell's dux 160; Kowalski's immune dux
        counts by its freedom (the game is lost by being shut in); mobility, pieces in the jaws,
        isolated pieces, pieces by a corner (corner capture, Bell's anvil); the last pieces.
        """
        r = self.rules
        white, black = pos.occ
        dux, bound = pos.dux, pos.bound
        empty = self.full & ~(white | black)
        step = r.reach == "step"
        score = 0
        for side, own, opp in ((0, white, black), (1, black, white)):
            free = own & ~bound
            n = own.bit_count() + pos.hand[side]
            v = 100 * (free & ~dux).bit_count() + 30 * (own & bound).bit_count() + 100 * pos.hand[side]
            if r.dux == "plain":
                v += 60 * (own & dux).bit_count()
            mob = self.steps(free, empty) if step else self.mobility(free, empty)
            v += (4 if step else 2) * mob
            if not pos.hand[side]:
                if r.no_move == "loses" and mob < 4:
                    v -= (400, 150, 60, 20)[mob]  # siege is near
                counters = (own & ~dux).bit_count()
                if r.one_piece_loss and n <= 3:
                    v -= (0, 0, 120, 40)[n]
                elif r.no_pieces_loss and n <= 2:
                    v -= (0, 150, 50)[n]
                if own & dux and r.dux == "immune":
                    ring = self.geo.neighbours[(own & dux).bit_length() - 1]
                    v -= 25 * (ring & opp).bit_count() + 10 * (ring & own).bit_count()
                    v -= 20 * max(0, 3 - counters)
            if own:
                v -= 12 * (own & ~self.adj8(own)).bit_count()
                v -= 14 * self.jaws(free & ~(dux if r.dux == "immune" else 0), opp & ~bound, empty).bit_count()
                if r.corner_anvil or r.corner_capture:
                    v -= 10 * (own & (self.by_corner if r.corner_anvil else self.corners)).bit_count()
            score += v if side == 0 else -v
        return score

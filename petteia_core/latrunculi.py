"""The mechanics Ludus latrunculorum adds to the custodian engine (RULES.md §8, §9).

:class:`~petteia_core.custodian.Position` hands its move generation, captures and moves to these
functions when its rules have a latrunculi option on (``RuleOptions.extended``); the other rulesets
never come here. The mechanics:

* placement 1 or 2 a turn, the dux last and alone (Bell);
* steps or slides; the dux's jump over an adjacent enemy (Bell); jump chains over any piece, never
  onto a square twice, with binding after every jump (Schädler);
* custodian capture with an immune dux (Kowalski), corner capture, the corner as an anvil (Bell);
* binding, freeing and removal turns, the 2001 entry rule (Schädler);
* the extra move of the capturing piece (Bell), owed in the position as ``again``.

Moves are pairs ``(frm, to)`` as everywhere in the engine: ``frm`` = :data:`PLACE` for a
placement, :data:`REMOVE` for a removal (``to`` is the bound piece taken). A chain of two or more
jumps ends on a :class:`Chain`, an ``int`` (the landing square) that also carries the squares stood
on between, so that two chains with the same ends are different moves.

>>> from petteia_core import Position
>>> p = Position.from_string("latrunculi-schaedler-1994", "8/8/8/8/2p5/1p1p4/1P6/P7 w")
>>> [m.text(8) for m in p.legal_moves() if m.frm == 9 and m.to != 10 and m.to > 9]
['Β2-Β4-Δ4-Δ2', 'Β2-Β4', 'Β2-Β4-Δ4']
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .geometry import Geometry, bits

if TYPE_CHECKING:
    from .custodian import Position

#: ``frm`` of a placement pair and of a removal pair.
PLACE, REMOVE = -1, -2


class Chain(int):
    """The landing square of a jump chain of two or more jumps, with the squares stood on between.

    >>> Chain(27, (9,)) == 27, Chain(27, (9,)) == Chain(27, (9,)), int(Chain(27, (9,)))
    (False, True, 27)
    """

    path: tuple[int, ...]

    def __new__(cls, square: int, path: tuple[int, ...]) -> Chain:
        obj = super().__new__(cls, square)
        obj.path = path
        return obj

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Chain) and int(self) == int(other) and self.path == other.path

    def __ne__(self, other: object) -> bool:
        return not self == other

    def __hash__(self) -> int:
        return hash((int(self), self.path))

    def __repr__(self) -> str:
        return f"Chain({int(self)}, {self.path})"


def path_of(to: int) -> tuple[int, ...]:
    """The squares a move stands on between its start and ``to`` (empty but for a chain)."""
    return to.path if isinstance(to, Chain) else ()


def _shifts(geo: Geometry) -> tuple[tuple[int, int, bool], ...]:
    """(shift, mask of allowed results, up) for the four directions: E, W, N, S."""
    return ((1, geo.not_first_col, True), (1, geo.not_last_col, False), (geo.width, geo.full, True),
            (geo.width, geo.full, False))


def _between(geo: Geometry, pieces: int) -> int:
    """Squares with a piece of ``pieces`` on both sides, in their row or in their column."""
    w, nf, nl, full = geo.width, geo.not_first_col, geo.not_last_col, geo.full
    row = ((pieces << 1) & nf) & ((pieces >> 1) & nl)
    col = ((pieces << w) & full) & (pieces >> w)
    return row | col


# ----------------------------------------------------------------------------- binding (Schädler)
def bind(geo: Geometry, own: int, opp: int, bound: int, left: int, to: int) -> tuple[int, int]:
    """Binding after a move from ``left`` lands on ``to`` (own includes the lander), then freeing:
    (newly bound, bound).

    Every free enemy counter next to ``to`` with a free counter of the mover beyond it becomes bound;
    then every bound counter not between two free enemy counters in its row or column goes free, all
    at once, judged on the board after the binding.
    """
    free_own, free_opp = own & ~bound, opp & ~bound
    newly = 0
    for b1, b2 in geo.capture_pairs[to]:
        if free_opp & b1 and free_own & b2:
            newly |= b1
    if not bound:
        return newly, newly  # held by the lander and its partners, all free
    if not newly and not geo.neighbours[left] & bound:
        return 0, bound  # no binder left and none was bound: nothing goes free
    return newly, unheld_freed(geo, own, opp, bound | newly)


def unheld_freed(geo: Geometry, white: int, black: int, bound: int) -> int:
    """``bound`` without the counters that no longer stand between two free enemy counters."""
    held = (bound & white & _between(geo, black & ~bound)) | (bound & black & _between(geo, white & ~bound))
    return held


# ----------------------------------------------------------------------------- generation
def generate(pos: Position) -> list[tuple[int, int]]:
    """Every legal pair of ``pos`` (placements, steps or slides, jumps, chains, removals)."""
    r, geo = pos.rules, pos.geo
    m = pos.turn
    own, opp = pos.occ[m], pos.occ[1 - m]
    occ = own | opp
    empty = geo.full & ~occ
    if pos.placing:
        return [(PLACE, sq) for sq in bits(empty)]
    movers = own & ~pos.bound
    if pos.again >= 0:
        movers &= 1 << pos.again
    moves: list[tuple[int, int]] = []
    append = moves.append
    longest = 1 if r.reach == "step" else max(geo.width, geo.height) - 1
    for step, keep, up in _shifts(geo):
        cur, shift = movers, 0
        for _ in range(longest):
            shift += step
            cur = ((cur << step) if up else (cur >> step)) & keep & empty
            if not cur:
                break
            dest = cur
            while dest:
                low = dest & -dest
                to = low.bit_length() - 1
                append((to - shift, to) if up else (to + shift, to))
                dest ^= low
    flanked = _between(geo, opp) if r.entry_rule else 0
    if flanked:
        moves = [mv for mv in moves if not (flanked >> mv[1] & 1 and _entry_refused(pos, mv))]
    if r.jumps == "dux":
        dux = movers & pos.dux
        if dux:
            for step, keep, up in _shifts(geo):
                over = ((dux << step) if up else (dux >> step)) & keep & opp
                land = ((over << step) if up else (over >> step)) & keep & empty
                for to in bits(land):
                    moves.append((to - 2 * step, to) if up else (to + 2 * step, to))
    elif r.jumps == "chains":
        jumpers = 0  # counters with at least one jump
        for step, keep, up in _shifts(geo):
            if up:
                jumpers |= ((((empty >> step) & occ) >> step) & movers) if keep == geo.full else \
                    (((((empty & keep) >> step) & occ & keep) >> step) & movers)
            else:
                jumpers |= ((((empty << step) & geo.full & occ) << step) & geo.full & movers) if keep == geo.full \
                    else (((((empty & keep) << step) & occ & keep) << step) & movers)
        for frm in bits(jumpers):
            moves.extend(_chains(pos, frm, flanked))
    if r.binding and pos.again < 0:
        moves.extend((REMOVE, sq) for sq in bits(opp & pos.bound))
    return moves


def _entry_refused(pos: Position, move: tuple[int, int]) -> bool:
    """2001 entry rule for a step or slide onto a square between two enemies (chains check every
    landing as they are found): refused unless the landing binds."""
    frm, to = move
    opp = pos.occ[1 - pos.turn]
    own = pos.occ[pos.turn] ^ (1 << frm) ^ (1 << to)
    return not bind(pos.geo, own, opp, pos.bound, frm, to)[0]


def _chains(pos: Position, frm: int, flanked: int) -> list[tuple[int, int]]:
    """Every jump chain of the free counter on ``frm`` (each prefix is a move of its own); with the
    2001 rule, a landing on a ``flanked`` square must bind."""
    geo = pos.geo
    m = pos.turn
    opp = pos.occ[1 - m]
    occ_others = (pos.occ[0] | pos.occ[1]) & ~(1 << frm)
    out: list[tuple[int, int]] = []

    def walk(sq: int, own: int, bound: int, seen: int, path: tuple[int, ...]) -> None:
        for over, land in geo.capture_pairs[sq]:
            if not occ_others & over or (occ_others | seen) & land:
                continue
            land = land.bit_length() - 1
            own2 = own ^ (1 << sq) ^ (1 << land)
            newly, bound2 = bind(geo, own2, opp, bound, sq, land)
            if flanked >> land & 1 and not newly:
                continue
            out.append((frm, Chain(land, path) if path else land))
            walk(land, own2, bound2, seen | (1 << land), (*path, land))

    walk(frm, pos.occ[m], pos.bound, 1 << frm, ())
    return out


def has_move(pos: Position) -> bool:
    """Whether the side to move has a legal move."""
    return bool(pos.generate()[0])


# ----------------------------------------------------------------------------- captures
def captures_of(pos: Position, frm: int, to: int) -> tuple[int, int]:
    """(captured mask, stationary partner mask) of a pair; a removal captures its bound piece."""
    r, geo = pos.rules, pos.geo
    if frm == PLACE or r.binding:
        return ((1 << to) if frm == REMOVE else 0), 0
    m = pos.turn
    fbit, tbit = 1 << frm, 1 << to
    own = (pos.occ[m] & ~fbit) | tbit
    opp = pos.occ[1 - m]
    if pos.rules.dux == "immune":
        opp &= ~pos.dux
    anvil = own | corners(geo) if r.corner_anvil else own
    caps = partners = 0
    for b1, b2 in geo.capture_pairs[to]:
        if opp & b1 and anvil & b2:
            caps |= b1
            partners |= b2 & own
    if r.corner_capture:
        for cb, ob in geo.corner_pairs[to]:
            if opp & cb and own & ob:
                caps |= cb
                partners |= ob
    return caps, partners


def corners(geo: Geometry) -> int:
    """The four corner squares."""
    w, n = geo.width, geo.n
    return (1 << 0) | (1 << (w - 1)) | (1 << (n - w)) | (1 << (n - 1))


def capture_candidates(pos: Position) -> int:
    """Landing squares where a move might capture (or the bound enemies a removal takes): a superset."""
    geo, r = pos.geo, pos.rules
    opp = pos.occ[1 - pos.turn]
    if r.binding:
        return opp & pos.bound
    own = pos.occ[pos.turn] | (corners(geo) if r.corner_anvil else 0)
    w, nf, nl = geo.width, geo.not_first_col, geo.not_last_col
    cand = (
        ((opp >> 1) & nl & ((own >> 2) & nl & (nl >> 1)))
        | ((opp << 1) & nf & ((own << 2) & nf & (nf << 1)))
        | ((opp >> w) & (own >> 2 * w))
        | ((opp << w) & (own << 2 * w) & geo.full)
    )
    if r.corner_capture:
        cand |= geo.corner_neighbours
    return cand


# ----------------------------------------------------------------------------- making moves
def after(pos: Position, frm: int, to: int) -> Position:
    """The position after the legal pair ``frm``→``to``."""
    r, geo = pos.rules, pos.geo
    m = pos.turn
    occ = list(pos.occ)
    dux, bound, hand, quiet = pos.dux, pos.bound, pos.hand, pos.quiet
    again = -1
    turn = 1 - m
    tbit = 1 << to
    if frm == PLACE:
        if r.dux != "none" and hand[m] == 1:
            dux |= tbit  # the dux is the last piece placed
        occ[m] |= tbit
        hand = (hand[0] - 1, hand[1]) if m == 0 else (hand[0], hand[1] - 1)
        turn = _next_placer(pos, m, hand)
    elif frm == REMOVE:
        occ[1 - m] &= ~tbit
        bound = unheld_freed(geo, occ[0], occ[1], bound & ~tbit)
        quiet = 0
    elif r.binding:
        sq = frm
        own, opp = occ[m], occ[1 - m]
        for land in (*path_of(to), to):
            own ^= (1 << sq) | (1 << land)
            bound = bind(geo, own, opp, bound, sq, land)[1]
            sq = land
        occ[m] = own
        quiet += 1
    else:
        fbit = 1 << frm
        caps = captures_of(pos, frm, to)[0]
        occ[m] ^= fbit | tbit
        if dux & fbit:
            dux ^= fbit | tbit
        if caps:
            occ[1 - m] &= ~caps
            dux &= ~caps
            quiet = 0
            if r.extra_move and occ[1 - m]:
                again, turn = to, m
        else:
            quiet += 1
    move_no = pos.move_no + 1 if (m == 1 and turn == 0) else pos.move_no
    child = pos.make(r, occ[0], occ[1], dux=dux, bound=bound, again=again, turn=turn, hand=hand,
                     quiet=quiet, move_no=move_no, mover=m)
    if again >= 0 and not child.generate()[0]:
        # The capturing piece cannot move: the turn ends.
        child = pos.make(r, occ[0], occ[1], dux=dux, bound=bound, turn=1 - m, hand=hand, quiet=quiet,
                         move_no=pos.move_no + 1 if m == 1 else pos.move_no, mover=m)
    return child


def _next_placer(pos: Position, m: int, hand: tuple[int, int]) -> int:
    """Who places next: the same side for the first of a pair (Bell), else the other; when all the
    pieces stand, the first player moves."""
    r = pos.rules
    if hand == (0, 0):
        return 0 if r.first_player == "w" else 1
    if r.placement_per_turn == 2 and hand[m]:
        counters_left = hand[m] - (1 if r.dux != "none" else 0)
        counters = r.pieces_per_side - (1 if r.dux != "none" else 0)
        if counters_left > 0 and (counters - counters_left) % 2 == 1:
            return m
    if not hand[1 - m]:
        return m
    return 1 - m


def newly_bound(pos: Position, child: Position) -> int:
    """The enemy counters the move from ``pos`` to ``child`` leaves bound that were not bound before."""
    return child.bound & pos.occ[1 - pos.turn] & ~pos.bound

"""Where a move of a custodian game may capture, and what it captures (RULES.md §1, §5).

The functions take the position first and are bound as methods of
:class:`~petteia_core.custodian.Position` (``pos.captures_of(frm, to)``); rulesets with latrunculi
options hand over to :mod:`petteia_core.latrunculi`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .latrunculi import capture_candidates as latrunculi_candidates, captures_of as latrunculi_captures

if TYPE_CHECKING:
    from .custodian import Position


def capture_candidates(pos: Position) -> int:
    """Landing squares where a move of the side to move might capture (a superset, cheap)."""
    if pos.rules.extended:
        return latrunculi_candidates(pos)
    geo = pos.geo
    own, opp = pos.occ[pos.turn], pos.occ[1 - pos.turn]
    w, nf, nl = geo.width, geo.not_first_col, geo.not_last_col
    cand = (
        ((opp >> 1) & nl & ((own >> 2) & nl & (nl >> 1)))
        | ((opp << 1) & nf & ((own << 2) & nf & (nf << 1)))
        | ((opp >> w) & (own >> 2 * w))
        | ((opp << w) & (own << 2 * w) & geo.full)
    )
    if pos.rules.corner_capture:
        cand |= geo.corner_neighbours
    if pos.rules.army_victories:
        cand |= geo.adjacent(opp & pos.bas)
    return cand


def captures_of(pos: Position, frm: int, to: int) -> tuple[int, int]:
    """(captured mask, stationary partner mask) of the slide or placement ``frm``→``to``."""
    r, geo = pos.rules, pos.geo
    if r.extended:
        return latrunculi_captures(pos, frm, to)
    if frm < 0:
        return 0, 0
    m = pos.turn
    fbit, tbit = 1 << frm, 1 << to
    own = (pos.occ[m] & ~fbit) | tbit
    opp = pos.occ[1 - m]
    hop, bas = pos.hop, pos.bas
    strong_kinds = hop | bas
    if strong_kinds & fbit:
        strong_kinds = (strong_kinds & ~fbit) | tbit
    caps = partners = 0
    mover_strong = bool(strong_kinds & tbit)
    for b1, b2 in geo.capture_pairs[to]:
        if opp & b1 and own & b2 and not bas & b1:
            if r.hoplite_capture_class and hop & b1 and not (mover_strong or strong_kinds & b2):
                continue
            caps |= b1
            partners |= b2
    if r.corner_capture:
        for cb, ob in geo.corner_pairs[to]:
            if opp & cb and own & ob and not bas & cb:
                if r.hoplite_capture_class and hop & cb and not (mover_strong or strong_kinds & ob):
                    continue
                caps |= cb
                partners |= ob
    if r.army_victories:
        king = geo.adjacent(tbit) & opp & bas
        if king:
            ksq = king.bit_length() - 1
            ring = geo.neighbours[ksq]
            if ring & own == ring:
                ok = True
                if r.basileus_capture_class:
                    need = 2 if geo.edge_count[ksq] == 4 else 1
                    own_hop = (hop & ~fbit) | (tbit if hop & fbit else 0)
                    own_bas = (bas & ~fbit) | (tbit if bas & fbit else 0)
                    ok = (ring & own_hop & own).bit_count() >= need or bool(ring & own_bas & own)
                if ok:
                    caps |= king
                    partners |= ring & ~tbit
    return caps, partners

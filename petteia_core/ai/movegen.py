"""Move generation helpers for search: captures first, without building Move objects.

The engine's own generator (:meth:`Position.generate`) gives every slide; these helpers split them
into captures (with a value for ordering) and quiet moves, and find the captures of a position
cheaply (from the few squares where a capture can happen) for the quiescence search.
"""

from __future__ import annotations

from functools import lru_cache

from ..custodian import Position
from ..geometry import Geometry


@lru_cache(maxsize=None)
def rays(width: int, height: int) -> tuple[tuple[tuple[int, ...], ...], ...]:
    """For every square, the four lines of squares going away from it (E, W, N, S)."""
    out = []
    for sq in range(width * height):
        r, c = divmod(sq, width)
        out.append((
            tuple(r * width + cc for cc in range(c + 1, width)),
            tuple(r * width + cc for cc in range(c - 1, -1, -1)),
            tuple(rr * width + c for rr in range(r + 1, height)),
            tuple(rr * width + c for rr in range(r - 1, -1, -1)),
        ))
    return tuple(out)


def capture_value(pos: Position, caps: int) -> int:
    """Ordering value of a captured mask (the Basileus first, then Hoplites, then the rest)."""
    return (100 * caps.bit_count() + 25 * (caps & pos.hop).bit_count() + 100_000 * (caps & pos.bas).bit_count()
            + 60 * (caps & pos.dux).bit_count())


def split_moves(pos: Position) -> tuple[list[tuple[int, int, int]], list[tuple[int, int]]]:
    """(captures as (value, frm, to), quiet moves) of the side to move, after mandatory capture.

    Together they are exactly ``pos.legal_pairs()``.
    """
    moves = pos.generate()[0]
    if pos.placing:
        return [], moves
    cand = pos.capture_candidates()
    caps: list[tuple[int, int, int]] = []
    quiet: list[tuple[int, int]] = []
    cap_of = pos.captures_of
    for m in moves:
        if cand >> m[1] & 1:
            c = cap_of(m[0], m[1])[0]
            if c:
                caps.append((capture_value(pos, c), m[0], m[1]))
                continue
        quiet.append(m)
    if caps and pos.rules.mandatory_capture:
        return caps, []
    return caps, quiet


def capture_moves(pos: Position) -> list[tuple[int, int, int]]:
    """The capturing moves (value, frm, to) of the side to move, found from the target squares."""
    if pos.placing:
        return []
    if pos.rules.extended:  # steps, jumps, removals: from the full list
        return split_moves(pos)[0]
    r = pos.rules
    geo: Geometry = pos.geo
    me = pos.turn
    own, opp = pos.occ[me], pos.occ[1 - me]
    occ = own | opp
    targets = pos.capture_candidates() & ~occ & geo.full
    if not targets:
        return []
    hop, bas = pos.hop, pos.bas
    if r.dice:
        hi, lo = pos.dice  # type: ignore[misc]
        limit_plain, limit_hop = hi, lo
    else:
        hi = lo = 0
        longest = max(r.width, r.height)
        limit_plain = longest
        limit_hop = r.hoplite_range if r.hoplite_range is not None else longest
    attack = geo.adjacent(opp) if r.vagi else 0
    vag = pos.vag
    line = rays(geo.width, geo.height)
    out: list[tuple[int, int, int]] = []
    cap_of = pos.captures_of
    t_mask = targets
    while t_mask:
        low = t_mask & -t_mask
        t = low.bit_length() - 1
        t_mask ^= low
        for ray in line[t]:
            k = 0
            for s in ray:
                k += 1
                if occ >> s & 1:
                    if own >> s & 1:
                        if hop >> s & 1:
                            ok = k <= limit_hop
                        elif bas >> s & 1:
                            ok = k <= lo or k == hi if r.dice else k <= limit_plain
                        else:
                            ok = k <= limit_plain
                        if ok and r.vagi and vag >> s & 1 and not attack >> t & 1:
                            ok = False
                        if ok:
                            c = cap_of(s, t)[0]
                            if c:
                                out.append((capture_value(pos, c), s, t))
                    break
    return out


def can_move(pos: Position) -> bool:
    """Whether the side to move has any legal move (cheap in the usual case)."""
    if pos.placing:
        return True
    if pos.rules.extended:
        return pos.has_any_move()
    own = pos.occ[pos.turn]
    empty = pos.geo.full & ~(pos.occ[0] | pos.occ[1])
    free = pos.geo.adjacent(empty) & own
    if pos.rules.vagi:
        if free & ~pos.vag:
            return True
        return bool(pos.generate()[0])
    return bool(free)


def breakthrough_move(pos: Position) -> tuple[int, int] | None:
    """A slide of the mover's Basileus onto the enemy back row along an empty column (tournament)."""
    me = pos.turn
    king = pos.occ[me] & pos.bas
    if not king:
        return None
    geo = pos.geo
    w, h = geo.width, geo.height
    ksq = king.bit_length() - 1
    r, c = divmod(ksq, w)
    occ = pos.occ[0] | pos.occ[1]
    if me == 0:
        path = range(r + 1, h)
        dest = (h - 1) * w + c
    else:
        path = range(r - 1, -1, -1)
        dest = c
    dist = 0
    for rr in path:
        dist += 1
        if occ >> (rr * w + c) & 1:
            return None
    if dist == 0:
        return None
    if pos.rules.dice:
        hi, lo = pos.dice  # type: ignore[misc]
        if not (dist <= lo or dist == hi):
            return None
    return (ksq, dest)

"""Composed puzzles: seeded random sparse positions (endgames) tried against the goals.

Self-play rarely reaches the endings where a siege, a corner capture or a Basileus enclosure is on
the board, so this module samples such positions directly. Sample ``k`` of seed ``s`` uses
``random.Random("<s>:compose:<ruleset>:<k>")``, so the collection is the same on every machine.

The sampler (see :data:`MODES`) often crowds the defender (the side not to move) into a corner or
puts attackers round one of its pieces: the shapes of the sieges, corner captures and Basileus
enclosures the puzzles are looking for. Every candidate then goes through
:func:`~.generator.try_goals` (unique first move, proved line, quality filters).
"""

from __future__ import annotations

import random
from collections.abc import Callable

from ..custodian import Position
from ..options import get_rules
from . import Puzzle
from .generator import QuotaKey, try_goals
from .quality import Deduper


def _region(w: int, h: int, corner: int, size: int) -> list[int]:
    """The squares of the ``size``×``size`` block at ``corner`` (0..3: SW, SE, NW, NE)."""
    cols = range(size) if corner in (0, 2) else range(w - size, w)
    rows = range(size) if corner in (0, 1) else range(h - size, h)
    return [r * w + c for r in rows for c in cols]


#: Sampling modes and their weights: open board, a piece in a corner, a pocket (siege), a Basileus hunt.
MODES = (("open", 3), ("corner", 3), ("pocket", 3), ("king", 2))
#: The same with triple-capture set-ups (three victims round one landing square).
MODES_TRIPLE = MODES + (("triple", 3),)


def _neighbours(w: int, h: int, sq: int) -> list[int]:
    r, c = divmod(sq, w)
    return [rr * w + cc for rr, cc in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)) if 0 <= rr < h and 0 <= cc < w]


def sample_position(ruleset: str, rng: random.Random, *, mode: str | None = None,
                    modes: tuple[tuple[str, int], ...] = MODES) -> Position | None:
    """A random sparse position of ``ruleset`` (None when the draw is unusable: game over, bad army).

    ``mode`` (drawn from ``modes`` when None) shapes the draw: ``corner`` puts a defending piece
    in a corner with an attacker beside it; ``triple`` puts three defenders round an empty square,
    each with an attacker behind it, and an attacker able to slide onto that square; ``pocket`` crowds the whole defending army into a corner
    block and seals most of its border with attackers; ``king`` (tournament) puts attackers round
    the defending Basileus; ``open`` scatters both armies.
    """
    rules = get_rules(ruleset)
    w, h = rules.width, rules.height
    if mode is None:
        mode = rng.choices([m for m, _ in modes], [k for _, k in modes])[0]
    turn = rng.randrange(2)
    att, dfn = turn, 1 - turn
    army = rules.army_victories
    n_att = rng.randint(4, 9) if army else rng.randint(3, 6)
    n_def = rng.randint(3, 6) if army else rng.randint(2, 5)
    free = set(range(w * h))
    placed: dict[int, list[int]] = {att: [], dfn: []}
    fixed: dict[int, str] = {}  # square -> piece kind forced by the mode (army games)

    def put(side: int, squares, k: int) -> list[int]:
        pool = sorted(free & set(squares))
        got = rng.sample(pool, max(0, min(k, len(pool))))
        for sq in got:
            free.discard(sq)
            placed[side].append(sq)
        return got

    corners = [0, w - 1, w * (h - 1), w * h - 1]
    if mode == "corner":
        c = rng.choice(corners)
        put(dfn, [c], 1)
        if army:
            fixed[c] = rng.choice("PH")
        beside = _neighbours(w, h, c)
        rng.shuffle(beside)
        put(att, beside[:1], 1)
        if rng.random() < 0.6:  # a second victim beside the closing square: a double capture
            gap = beside[1]
            d = gap - c
            put(dfn, [gap + d], 1)
            put(att, [gap + 2 * d], 1)
        ring = [s for s in range(w * h) if abs(s // w - c // w) + abs(s % w - c % w) <= 4]
        put(att, ring, rng.randint(1, 3))
        put(dfn, ring, rng.randint(0, 2))
    elif mode == "pocket":
        corner = rng.randrange(4)
        size = rng.choice((2, 2, 3))
        block = _region(w, h, corner, size)
        n_def = rng.randint(3 if army else 2, min(6, len(block)))
        put(dfn, block, n_def)
        border = sorted({n for s in block for n in _neighbours(w, h, s)} - set(block))
        put(att, border, len(border) - rng.randint(0, 2))
        n_att = max(n_att, len(placed[att]) + rng.randint(0, 2))
    elif mode == "triple":
        land = rng.choice([r * w + c for r in range(2, h - 2) for c in range(2, w - 2)])
        steps = [1, -1, w, -w]
        come = steps.pop(rng.randrange(4))
        free.discard(land)
        free.discard(land + come)
        for d in steps:
            put(dfn, [land + d], 1)
            put(att, [land + 2 * d], 1)
        line = [land + j * come for j in range(2, 6)]
        line = [sq for sq in line if 0 <= sq < w * h and (abs(come) == w or sq // w == land // w)]
        put(att, line[:rng.randint(1, len(line))][-1:], 1)
        free.add(land)
        free.add(land + come)
    elif mode == "king" and army:
        k = rng.choice([s for s in range(w * h) if s // w in (0, h - 1) or s % w in (0, w - 1)] + list(range(w * h)))
        put(dfn, [k], 1)
        fixed[k] = "B"
        around = _neighbours(w, h, k)
        for sq in put(att, around, len(around) - rng.randint(1, 2)):
            fixed[sq] = rng.choice("HHB")
    put(dfn, range(w * h), n_def - len(placed[dfn]))
    put(att, range(w * h), n_att - len(placed[att]))
    occ = [0, 0]
    hop = bas = vag = 0
    for side, squares in placed.items():
        for sq in squares:
            occ[side] |= 1 << sq
        if army:
            kinds = {sq: fixed[sq] for sq in squares if sq in fixed}
            if list(kinds.values()).count("B") > 1:
                return None
            rest = [sq for sq in squares if sq not in kinds]
            need = [k for k in "BHP" if k not in kinds.values()]
            if len(rest) < len(need):
                return None
            pool = need + [rng.choice("HP") for _ in rest[len(need):]]
            rng.shuffle(pool)
            kinds.update(zip(rest, pool))
            for sq, kind in kinds.items():
                hop |= (kind == "H") << sq
                bas |= (kind == "B") << sq
        elif rules.vagi:
            for sq in squares:
                vag |= (rng.random() < 0.35) << sq
    dice = None
    if rules.dice:
        a, b = rng.randint(1, 6), rng.randint(1, 6)
        dice = (max(a, b), min(a, b))
    p = Position.make(rules, occ[0], occ[1], hop=hop, bas=bas, vag=vag, turn=turn, dice=dice)
    if p.result is not None:
        return None
    return p


def generate_composed(ruleset: str, seed: int, quota: dict[QuotaKey, int], *, samples: int = 2000,
                      dedup: Deduper | None = None, budget: int | None = 200_000, siege_mobility: int = 8,
                      prefix: str | None = None, log: Callable[[str], None] | None = None,
                      modes: tuple[tuple[str, int], ...] = MODES,
                      accept: Callable[[Puzzle], bool] | None = None) -> list[Puzzle]:
    """Puzzles of ``ruleset`` from composed sparse positions until ``quota`` is met or ``samples`` are used.

    ``log``, when given, receives a progress line every 100 samples; ``accept``, when given, must say
    yes to a proved puzzle too (:func:`~.generator.try_goals`).
    """
    want = dict(quota)
    out: list[Puzzle] = []
    dedup = Deduper() if dedup is None else dedup
    seen: set[str] = set()
    for k in range(samples):
        if not any(v > 0 for v in want.values()):
            break
        if log is not None and k % 100 == 0:
            log(f"{ruleset}: sample {k}, {len(out)} puzzles, still wanted {sum(max(0, v) for v in want.values())}")
        rng = random.Random(f"{seed}:compose:{ruleset}:{k}")
        p = sample_position(ruleset, rng, modes=modes)
        if p is None:
            continue
        text = p.to_string()
        if text in seen:
            continue
        seen.add(text)
        found = try_goals(ruleset, p, want, dedup, budget=budget, siege_mobility=siege_mobility, accept=accept,
                          source=f"composed endgame: seeded random position (seed {seed}, sample {k})")
        if found is None:
            continue
        key, pz = found
        pz.id = f"{prefix or ruleset}-c{len(out) + 1:03d}"
        want[key] -= 1
        out.append(pz)
    return out

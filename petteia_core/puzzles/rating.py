"""Puzzle ratings: measured difficulty and the engine's own attempts, on a Glicko-like scale.

A puzzle's rating says how strong a solver must be to find its answer at the first try about half
the time, on the same scale as the reader's rating in the trainer (Glicko-2 in the browser, start
1500). It is computed, not guessed, in three steps (``python -m site_scripts.generate.rate_puzzles``
regenerates ``data/ratings.json``; the trainer page explains it for readers):

1. **Features** (:func:`features`), measured on the puzzle position:

   * ``moves`` — the solver's moves in the line (1–3);
   * ``tries`` — *plausible tries the solver refutes*: first moves that look good but do not reach
     the goal. A move is plausible when it captures, or when the engine's shallow search (one move
     and the captures after it; Kubeia: one move with its roll; Duodecim: the race evaluation of
     the whole turn) scores it within :data:`PLAUSIBLE_MARGIN` points (a piece is 100) of its
     favourite. The puzzle solver proves each of them wrong (the accepted set is exact);
   * ``rank`` — how far the answer is from what the shallow search prefers: the number of
     other moves it scores at least as high as the best accepted move (0: it likes the answer best);
   * ``pieces`` — pieces on the board (Duodecim: on the track and waiting).

2. **Self-solving** (:func:`self_solve`): the computer's levels 1, 2 and 3 play the solver's side
   from the puzzle position, :data:`SEEDS` seeded runs a level (reproducible: the levels choose
   with ``random.Random(seed)``); the defence is the stored line's (or, after an equally good
   move off the line, the solver's longest). A run *solves* when every move it plays is accepted.

3. **Rating** (:func:`rate_collection`): a puzzle of rating *R* is solved by a player of rating
   *r* with the Elo probability ``E = 1 / (1 + 10 ** ((R - r) / 400))``; the three levels are
   players whose strengths are measured from the same runs. First, puzzles and levels are fitted
   together (a Rasch model, by alternating Newton steps): each puzzle's rating is the most likely
   *R* from its runs alone under a wide prior N(1500, 350²) (the prior only keeps *R* finite when
   every run succeeds or fails), each level's rating the most likely *r* given those puzzles, and
   the levels' average is held at :data:`LEVEL_MEAN` (an Elo scale needs one fixed point; this one
   puts an average level-2 player near 1300). Second, a least-squares fit of those ratings on the features
   (``moves - 1``, ``log2(1 + tries)``, ``log2(1 + rank)``, ``pieces / 10``) gives each puzzle a
   prior mean from its features; the fit's residual spread is the prior's width (at least
   :data:`MIN_PRIOR_SD`). Third, the rating is the most likely *R* under that prior and the runs
   (a few safeguarded Newton steps), rounded to 10 and kept in [:data:`LOW`, :data:`HIGH`]. The fitted weights
   are stored beside the ratings, so :func:`rating_from` recomputes any stored rating from its
   stored features and runs.

Everything here is deterministic and cheap: the whole collection's features and runs take seconds.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import asdict, dataclass, field

from . import Puzzle

#: The levels that try each puzzle, and the ratings the joint fit starts from (it measures them).
LEVEL_RATINGS: dict[int, float] = {1: 1000.0, 2: 1300.0, 3: 1600.0}
#: The fitted levels' average rating: the fixed point of the scale.
LEVEL_MEAN = 1300.0
#: Alternating rounds of the joint fit of puzzles and levels.
ROUNDS = 30
#: Seeds of the runs of each level (levels 1 and 2 choose at random; level 3 only breaks ties).
SEEDS: tuple[int, ...] = (1, 2, 3, 4, 5, 6, 7, 8)
#: A move within this many points of the shallow search's favourite is a plausible try.
PLAUSIBLE_MARGIN = 30
#: The scale's ends and the first step's prior.
LOW, HIGH = 800.0, 2200.0
WIDE_MEAN, WIDE_SD = 1500.0, 350.0
MIN_PRIOR_SD = 120.0
#: Names of the fitted prior's terms, in order (after the constant).
TERMS = ("moves", "tries", "rank", "pieces")


@dataclass(frozen=True)
class Features:
    """Measured difficulty of one puzzle (see the module docstring)."""

    moves: int
    tries: int
    rank: int
    pieces: int

    def terms(self) -> list[float]:
        """The prior's regressors: 1, moves − 1, log2(1 + tries), log2(1 + rank), pieces / 10."""
        return [1.0, float(self.moves - 1), math.log2(1 + self.tries), math.log2(1 + self.rank), self.pieces / 10]


@dataclass
class Runs:
    """Self-solve results: level → [solved?, one per seed]."""

    by_level: dict[int, list[bool]] = field(default_factory=dict)

    def rate(self, levels: Iterable[int] = (1, 2, 3)) -> float:
        """Share of the runs of ``levels`` that solved the puzzle."""
        xs = [ok for lv in levels for ok in self.by_level.get(lv, [])]
        return sum(xs) / len(xs) if xs else 0.0


# ------------------------------------------------------------------ 1. features
def _accepted(p: Puzzle, ply: int) -> list[str]:
    return [p.solution[ply], *p.alternatives.get(ply, [])]


def _custodian_scores(pos) -> list[tuple[tuple[int, int], int, bool]]:
    """(move, shallow score for the mover, captures?) for every legal move of a custodian position."""
    import dataclasses

    from ..ai.levels import LEVELS, for_ruleset

    if pos.rules.dice:
        from ..ai.chance import ChanceSearcher

        s = ChanceSearcher(pos, LEVELS[3], node_limit=10**9)
        out = []
        for f, t in pos.legal_pairs():
            v = s.after_value(pos, pos.after(f, t), 1, 0)
            out.append(((f, t), v, bool(pos.captures_of(f, t)[0])))
        return out
    from ..ai.search import Searcher

    lv = dataclasses.replace(for_ruleset(LEVELS[3], pos.rules.name), max_depth=1, quiescence=True, time_cap=60.0)
    s = Searcher(pos, lv, history=[pos], node_limit=10**9)
    pairs = sorted(pos.legal_pairs())
    scores = s.score_all([(0, f, t) for f, t in pairs], 1, 10**9)
    return [((f, t), v, bool(pos.captures_of(f, t)[0])) for (f, t), v in zip(pairs, scores)]


def features(p: Puzzle) -> Features:
    """The measured :class:`Features` of puzzle ``p``."""
    moves = (len(p.solution) + 1) // 2
    if p.ruleset == "duodecim":
        return _duodecim_features(p, moves)
    from .solver import pair_of

    pos = p.start()
    accepted = {pair_of(pos, t) for t in _accepted(p, 0)}
    scored = _custodian_scores(pos)
    best = max(v for _, v, _ in scored)
    answer = max(v for m, v, _ in scored if m in accepted)
    tries = sum(1 for m, v, cap in scored if m not in accepted and (cap or v >= best - PLAUSIBLE_MARGIN))
    rank = sum(1 for m, v, _ in scored if m not in accepted and v >= answer)
    pieces = (pos.occ[0] | pos.occ[1]).bit_count() + sum(pos.hand)
    return Features(moves, tries, rank, pieces)


def _duodecim_features(p: Puzzle, moves: int) -> Features:
    from ..ai.race import evaluate_state
    from ..duodecim.notation import normalize_dice

    pos = p.start()
    dice = normalize_dice(p.roll)
    rolled = pos.with_dice(dice)
    accepted = {rolled.apply(rolled.parse_turn(t)).to_string() for t in _accepted(p, 0)}
    me = 0 if rolled.turn == "w" else 1
    ohand = rolled.hand[1 - me]
    results: dict[str, tuple[int, bool]] = {}
    for turn, s in rolled.turn_tree(dice).turns:  # (turn, the mover's state after it), as the race AI scores them
        pts, bar, hand, off, obar, _rem = s
        key = rolled.apply(turn).to_string()
        v = evaluate_state(pts, bar, hand, off, obar, ohand)
        hit = any(st.hit for st in turn)
        old = results.get(key)
        results[key] = (max(v, old[0]) if old else v, hit or (old[1] if old else False))
    best = max(v for v, _ in results.values())
    answer = max(results[k][0] for k in accepted)
    tries = sum(1 for k, (v, hit) in results.items() if k not in accepted and (hit or v >= best - PLAUSIBLE_MARGIN))
    rank = sum(1 for k, (v, _) in results.items() if k not in accepted and v >= answer)
    pieces = sum(abs(x) for x in pos.points) + sum(pos.hand) + sum(pos.bar)
    return Features(moves, tries, rank, pieces)


# ------------------------------------------------------------------ 2. self-solving
def solves(p: Puzzle, level: int, seed: int) -> bool:
    """Whether the computer at ``level`` (seeded with ``seed``) finds every move of puzzle ``p``."""
    from ..ai import choose_move

    if p.ruleset == "duodecim":
        from ..duodecim.notation import normalize_dice

        rolled = p.start().with_dice(normalize_dice(p.roll))
        accepted = {rolled.apply(rolled.parse_turn(t)).to_string() for t in _accepted(p, 0)}
        turn = choose_move(rolled, level, seed=seed).move
        return rolled.apply(turn).to_string() in accepted
    from .solver import CustodianSolver, pair_of

    pos = p.start()
    solver = CustodianSolver(pos, p.goal)
    history = [pos]
    ply = 0
    on_line = True  # the stored line's accepted moves apply only while the moves follow it
    while ply < len(p.solution):
        remaining = (len(p.solution) - ply + 1) // 2
        if on_line:
            accepted = [pair_of(pos, t) for t in _accepted(p, ply)]
        else:
            accepted = solver.winning_pairs(pos, remaining)
        pair = choose_move(pos, level, seed=seed, history=history).pair
        if pair not in accepted:
            return False
        child = pos.after(*pair)
        ply += 1
        if ply >= len(p.solution) or child.result is not None:
            return True
        if on_line and pair == accepted[0]:
            reply = pair_of(child, p.solution[ply])
        else:  # an equally good move off the line: the solver's longest defence, as in the trainer
            on_line = False
            res = solver.resistance(child, remaining - 1)
            longest = max(k for k, _ in res)
            reply = next(x for k, x in res if k == longest)
        pos = child.after(*reply)
        history += [child, pos]
        ply += 1
    return True


def self_solve(p: Puzzle, levels: Sequence[int] = tuple(LEVEL_RATINGS), seeds: Sequence[int] = SEEDS) -> Runs:
    """Every level's seeded runs at puzzle ``p``."""
    return Runs({lv: [solves(p, lv, s) for s in seeds] for lv in levels})


# ------------------------------------------------------------------ 3. the rating
def expected(puzzle_rating: float, player_rating: float) -> float:
    """Elo probability that a player of ``player_rating`` solves a puzzle of ``puzzle_rating``."""
    return 1.0 / (1.0 + 10 ** ((puzzle_rating - player_rating) / 400.0))


def most_likely(runs: Runs, mean: float, sd: float, levels: dict[int, float] = LEVEL_RATINGS) -> float:
    """The rating *R* maximising prior N(mean, sd²) × the runs' likelihood, the levels playing at
    ``levels``. The log-posterior is concave, so its slope falls as *R* rises and is zero once:
    Newton's steps towards that zero, each kept inside a bracket of it (a step that would leave the
    bracket is a bisection instead). Plain Newton steps from the mean can fly off where the runs
    disagree with the prior (a puzzle that level 3 always solves and levels 1-2 never, with a high
    prior mean: far from the levels the likelihood's curvature vanishes).
    """
    k = math.log(10) / 400.0
    obs = [(levels[lv], ok) for lv, oks in runs.by_level.items() for ok in oks]
    # Each run moves the slope by less than k, so the zero lies within sd² k n of the mean.
    reach = sd**2 * k * len(obs) + 1.0
    lo, hi = mean - reach, mean + reach
    r = mean
    for _ in range(200):
        grad = -(r - mean) / sd**2
        hess = -1.0 / sd**2
        for rl, ok in obs:
            e = expected(r, rl)  # the chance of a solve falls as r rises: d/dr log E = -k (1 - E)
            grad += -k * (1 - e) if ok else k * e
            hess -= k * k * e * (1 - e)
        if grad > 0:
            lo = r
        else:
            hi = r
        new = r - grad / hess
        if not lo < new < hi:
            new = (lo + hi) / 2
        step, r = new - r, new
        if abs(step) < 1e-6:
            break
    return r


def level_strength(level: int, rated: Sequence[tuple[float, Runs]], start: float) -> float:
    """The most likely rating of ``level`` given puzzles of known rating and their runs (Newton)."""
    k = math.log(10) / 400.0
    obs = [(r, ok) for r, runs in rated for ok in runs.by_level.get(level, [])]
    x = start
    for _ in range(50):
        grad, hess = 0.0, -1e-9
        for r, ok in obs:
            e = expected(r, x)  # rises with x: d/dx log E = k (1 - E)
            grad += k * (1 - e) if ok else -k * e
            hess -= k * k * e * (1 - e)
        step = grad / hess
        x -= step
        if abs(step) < 1e-6:
            break
    return x


def fit_levels(measured: dict[str, tuple[Features, Runs]]) -> tuple[dict[int, float], dict[str, float]]:
    """Puzzles (wide prior) and levels fitted together: (level → rating, puzzle id → rating)."""
    levels = dict(LEVEL_RATINGS)
    ids = sorted(measured)
    first: dict[str, float] = {}
    for _ in range(ROUNDS):
        first = {pid: most_likely(measured[pid][1], WIDE_MEAN, WIDE_SD, levels) for pid in ids}
        rated = [(first[pid], measured[pid][1]) for pid in ids]
        new = {lv: level_strength(lv, rated, levels[lv]) for lv in levels}
        shift = LEVEL_MEAN - sum(new.values()) / len(new)
        new = {lv: r + shift for lv, r in new.items()}
        moved = max(abs(new[lv] - levels[lv]) for lv in levels)
        levels = new
        if moved < 0.01:
            break
    levels = {lv: round(r, 1) for lv, r in levels.items()}
    first = {pid: most_likely(measured[pid][1], WIDE_MEAN, WIDE_SD, levels) for pid in ids}
    return levels, first


def clamp_round(r: float) -> int:
    """``r`` kept on the scale and rounded to 10."""
    return int(round(min(HIGH, max(LOW, r)) / 10.0) * 10)


def fit_prior(rows: Sequence[tuple[Features, float]]) -> tuple[list[float], float]:
    """Least-squares weights of the feature terms for target ratings, and the residual spread."""
    xs = [f.terms() for f, _ in rows]
    ys = [y for _, y in rows]
    n = len(xs[0])
    a = [[sum(x[i] * x[j] for x in xs) + (1e-6 if i == j else 0.0) for j in range(n)] for i in range(n)]
    b = [sum(x[i] * y for x, y in zip(xs, ys)) for i in range(n)]
    w = _solve(a, b)
    resid = [y - sum(wi * xi for wi, xi in zip(w, x)) for x, y in zip(xs, ys)]
    dof = max(1, len(ys) - n)
    sd = math.sqrt(sum(e * e for e in resid) / dof)
    return w, sd


def _solve(a: list[list[float]], b: list[float]) -> list[float]:
    """Solve a small linear system by Gaussian elimination with partial pivoting."""
    n = len(b)
    m = [row[:] + [b[i]] for i, row in enumerate(a)]
    for c in range(n):
        piv = max(range(c, n), key=lambda r: abs(m[r][c]))
        m[c], m[piv] = m[piv], m[c]
        for r in range(c + 1, n):
            f = m[r][c] / m[c][c]
            for k in range(c, n + 1):
                m[r][k] -= f * m[c][k]
    x = [0.0] * n
    for r in range(n - 1, -1, -1):
        x[r] = (m[r][n] - sum(m[r][k] * x[k] for k in range(r + 1, n))) / m[r][r]
    return x


@dataclass(frozen=True)
class Model:
    """The fitted prior: weights of :meth:`Features.terms` and the prior's width."""

    weights: tuple[float, ...]
    sd: float
    #: The levels' fitted ratings, as (level, rating) pairs.
    levels: tuple[tuple[int, float], ...] = tuple(LEVEL_RATINGS.items())

    def prior_mean(self, f: Features) -> float:
        return sum(w * x for w, x in zip(self.weights, f.terms()))


def rating_from(f: Features, runs: Runs, model: Model) -> int:
    """The stored rating of a puzzle with features ``f`` and runs ``runs`` under ``model``."""
    return clamp_round(most_likely(runs, model.prior_mean(f), model.sd, dict(model.levels)))


def rate_collection(measured: dict[str, tuple[Features, Runs]]) -> tuple[dict[str, int], Model]:
    """Ratings of every puzzle (id → rating) and the fitted :class:`Model` (see the module docstring)."""
    levels, first = fit_levels(measured)
    weights, sd = fit_prior([(measured[pid][0], y) for pid, y in sorted(first.items())])
    model = Model(tuple(round(w, 3) for w in weights), round(max(MIN_PRIOR_SD, sd), 1), tuple(sorted(levels.items())))
    return {pid: rating_from(f, runs, model) for pid, (f, runs) in measured.items()}, model


# ------------------------------------------------------------------ statistics (benchmark, tests)
def pearson(xs: Sequence[float], ys: Sequence[float]) -> float:
    """Pearson's correlation coefficient of two equally long samples."""
    n = len(xs)
    mx, my = sum(xs) / n, sum(ys) / n
    sxy = sum((x - mx) * (y - my) for x, y in zip(xs, ys))
    sxx = sum((x - mx) ** 2 for x in xs)
    syy = sum((y - my) ** 2 for y in ys)
    return sxy / math.sqrt(sxx * syy) if sxx and syy else 0.0


def ranks(xs: Sequence[float]) -> list[float]:
    """Ranks from 1, ties sharing their mean rank."""
    order = sorted(range(len(xs)), key=lambda i: xs[i])
    out = [0.0] * len(xs)
    i = 0
    while i < len(order):
        j = i
        while j + 1 < len(order) and xs[order[j + 1]] == xs[order[i]]:
            j += 1
        for k in range(i, j + 1):
            out[order[k]] = (i + j) / 2 + 1
        i = j + 1
    return out


def spearman(xs: Sequence[float], ys: Sequence[float]) -> float:
    """Spearman's rank correlation (Pearson's on the ranks)."""
    return pearson(ranks(xs), ranks(ys))


# ------------------------------------------------------------------ the stored sidecar
def puzzle_key(p: Puzzle) -> str:
    """A hash of what puzzle ``p``'s measurements depend on (its data, the levels and the seeds)."""
    import hashlib
    import json

    text = json.dumps([p.position, p.roll, p.goal.kind, p.goal.n, p.solution,
                       sorted(p.alternatives.items()), sorted(LEVEL_RATINGS.items()), list(SEEDS)])
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def to_record(f: Features, runs: Runs, rating: int) -> dict:
    """One puzzle's entry in ``ratings.json``."""
    return {"rating": rating, "features": asdict(f),
            "runs": {str(lv): "".join("1" if ok else "0" for ok in oks) for lv, oks in sorted(runs.by_level.items())}}


def from_record(d: dict) -> tuple[Features, Runs, int]:
    """(features, runs, rating) of one stored entry."""
    f = Features(**d["features"])
    runs = Runs({int(lv): [c == "1" for c in s] for lv, s in d["runs"].items()})
    return f, runs, int(d["rating"])


def model_from(d: dict) -> Model:
    """The :class:`Model` stored in ``ratings.json`` (its ``model`` object)."""
    return Model(tuple(float(w) for w in d["weights"]), float(d["sd"]),
                 tuple(sorted((int(k), float(v)) for k, v in d["levels"].items())))


_stored: dict | None = None


def stored_ratings() -> dict:
    """The shipped ``data/ratings.json`` ({"model": ..., "puzzles": {id: entry}}), or empty."""
    global _stored
    if _stored is None:
        import json
        from importlib import resources

        f = resources.files(__package__).joinpath("data").joinpath("ratings.json")
        _stored = json.loads(f.read_text(encoding="utf-8")) if f.is_file() else {"puzzles": {}}
    return _stored


def rating_of(puzzle_id: str) -> int | None:
    """The stored rating of ``puzzle_id`` (None when the sidecar has none)."""
    e = stored_ratings()["puzzles"].get(puzzle_id)
    return int(e["rating"]) if e else None


"""The statistics of a self-play run: rates with Wilson 95 % intervals, quartiles, Ludii-style metrics.

Definitions (the page "Which rules make the best game?" explains them to readers):

* **balance**: the first and the second player's win rates; **drawishness**: the draw rate (draws by a
  rule of the game; games stopped by the move cap are *unfinished*, counted apart);
* **completion**: the share of games ended by a rule of the game and not by the move cap;
* **length**: plies (single moves) per game: median and quartiles;
* **branching factor**: the mean number of legal moves over all positions played;
* **captures**: pieces captured per game (mean);
* **drama**: lead changes per game: how often the side ahead in material changes (equal material
  is ignored: White ahead, level, White ahead again is no change);
* **decisiveness**: how often the side ahead in material after move 20 of each side (ply 40) wins,
  among the games in which someone was ahead then.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Any

from .play import CAP, LEAD_PLY, GameRow

#: z for a two-sided 95 % interval.
Z95 = 1.959963984540054


def wilson(successes: int, trials: int, z: float = Z95) -> tuple[float, float, float]:
    """The proportion and its Wilson score interval: ``(p, low, high)``; (0, 0, 1) for no trials.

    >>> [round(x, 3) for x in wilson(5, 10)]
    [0.5, 0.237, 0.763]
    """
    if trials <= 0:
        return (0.0, 0.0, 1.0)
    p = successes / trials
    denom = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denom
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denom
    return (p, max(0.0, centre - half), min(1.0, centre + half))


def quantile(values: Sequence[float], q: float) -> float:
    """The ``q`` quantile of sorted-able ``values`` by linear interpolation (the median for 0.5).

    >>> quantile([1, 2, 3, 4], 0.5), quantile([1, 2, 3, 4], 0.25)
    (2.5, 1.75)
    """
    xs = sorted(values)
    if not xs:
        return 0.0
    pos = (len(xs) - 1) * q
    lo = math.floor(pos)
    hi = min(lo + 1, len(xs) - 1)
    return xs[lo] + (xs[hi] - xs[lo]) * (pos - lo)


def _rate(successes: int, trials: int) -> dict[str, float | int]:
    p, low, high = wilson(successes, trials)
    return {"count": successes, "rate": round(p, 4), "low": round(low, 4), "high": round(high, 4)}


def mean_interval(values: Sequence[float]) -> dict[str, float]:
    """Mean and a normal-approximation 95 % interval of the mean (t ≈ z; fine from ~30 games)."""
    n = len(values)
    if n == 0:
        return {"mean": 0.0, "low": 0.0, "high": 0.0}
    m = sum(values) / n
    sd = math.sqrt(sum((v - m) ** 2 for v in values) / (n - 1)) if n > 1 else 0.0
    half = Z95 * sd / math.sqrt(n)
    return {"mean": round(m, 3), "low": round(m - half, 3), "high": round(m + half, 3)}


def length_histogram(plies: Iterable[int], width: int = 20) -> list[list[int]]:
    """Game lengths in bins of ``width`` plies: ``[[bin start, games], ...]``, empty bins included."""
    counts = Counter(p // width for p in plies)
    if not counts:
        return []
    return [[b * width, counts.get(b, 0)] for b in range(min(counts), max(counts) + 1)]


def summarise(rows: Sequence[GameRow]) -> dict[str, Any]:
    """Every figure of a run (JSON-ready); rates come with their Wilson 95 % interval."""
    n = len(rows)
    first = sum(r.winner == "first" for r in rows)
    second = sum(r.winner == "second" for r in rows)
    unfinished = sum(r.reason == CAP for r in rows)
    draws = n - first - second - unfinished
    plies = [r.plies for r in rows]
    total_plies = sum(plies)
    led = [r for r in rows if r.leader is not None]
    reasons = Counter(r.reason for r in rows)
    return {
        "games": n,
        "first_player_wins": first,
        "second_player_wins": second,
        "draws": draws,
        "unfinished": unfinished,
        "reasons": dict(sorted(reasons.items(), key=lambda kv: (-kv[1], kv[0]))),
        "first_player_win_rate": _rate(first, n),
        "second_player_win_rate": _rate(second, n),
        "draw_rate": _rate(draws, n),
        "completion": _rate(n - unfinished, n),
        "length": {
            "median": quantile(plies, 0.5), "q1": quantile(plies, 0.25), "q3": quantile(plies, 0.75),
            "min": min(plies, default=0), "max": max(plies, default=0), "histogram": length_histogram(plies),
        },
        "branching_factor": round(sum(r.moves_seen for r in rows) / total_plies, 2) if total_plies else 0.0,
        "captures_per_game": mean_interval([r.captures for r in rows]),
        "lead_changes_per_game": mean_interval([r.lead_changes for r in rows]),
        "decisiveness": {**_rate(sum(r.winner == r.leader for r in led), len(led)), "games": len(led),
                         "ply": LEAD_PLY},
    }


# ----------------------------------------------------------------- tests of a difference
def two_sided_p(z: float) -> float:
    """The two-sided p-value of a standard normal statistic ``z``.

    >>> round(two_sided_p(1.959963984540054), 3)
    0.05
    """
    return math.erfc(abs(z) / math.sqrt(2))


def two_proportions(x1: int, n1: int, x2: int, n2: int) -> dict[str, float]:
    """Do two rates differ? ``x1`` of ``n1`` against ``x2`` of ``n2``.

    ``difference`` is p1 − p2 with Newcombe's 95 % interval (from the two Wilson intervals; good
    with few games and rates near 0 or 1); ``p`` is the pooled two-proportion z-test's two-sided
    p-value (1 when the pooled rate is 0 or 1: nothing to tell apart).

    >>> t = two_proportions(30, 100, 50, 100)
    >>> round(t["difference"], 2), round(t["low"], 3), round(t["high"], 3), round(t["p"], 4)
    (-0.2, -0.326, -0.064, 0.0039)
    """
    p1, l1, u1 = wilson(x1, n1)
    p2, l2, u2 = wilson(x2, n2)
    d = p1 - p2
    low = d - math.sqrt((p1 - l1) ** 2 + (u2 - p2) ** 2)
    high = d + math.sqrt((u1 - p1) ** 2 + (p2 - l2) ** 2)
    pooled = (x1 + x2) / (n1 + n2) if n1 + n2 else 0.0
    se = math.sqrt(pooled * (1 - pooled) * (1 / n1 + 1 / n2)) if n1 and n2 else 0.0
    p = two_sided_p(d / se) if se > 0 else 1.0
    return {"difference": d, "low": low, "high": high, "p": p}


def two_means(m1: dict[str, float], m2: dict[str, float]) -> dict[str, float]:
    """Do two means differ? Each is a :func:`mean_interval` (its standard error is read back from
    its 95 % interval); a z-test on the difference (Welch's, with z for t: fine from ~30 games)."""
    se1 = (m1["high"] - m1["low"]) / (2 * Z95)
    se2 = (m2["high"] - m2["low"]) / (2 * Z95)
    d = m1["mean"] - m2["mean"]
    se = math.sqrt(se1 * se1 + se2 * se2)
    p = two_sided_p(d / se) if se > 0 else (1.0 if d == 0 else 0.0)
    return {"difference": d, "low": d - Z95 * se, "high": d + Z95 * se, "p": p}


def binomial_p(k: int, n: int) -> float:
    """Exact two-sided p-value of ``k`` successes in ``n`` fair coin tosses (the sign test).

    >>> round(binomial_p(15, 20), 4), binomial_p(10, 20)
    (0.0414, 1.0)
    """
    if n == 0:
        return 1.0
    tail = min(k, n - k)
    p = 2 * sum(math.comb(n, i) for i in range(tail + 1)) / 2 ** n
    return min(1.0, p)


def first_move_value(first_wins: int, second_wins: int) -> dict[str, float]:
    """The value of moving first: of the games someone won, the share the first player won, its
    Wilson interval, and the sign test's p-value against a fair 50 %."""
    n = first_wins + second_wins
    p, low, high = wilson(first_wins, n)
    return {"share": round(p, 4), "low": round(low, 4), "high": round(high, 4), "games": n,
            "p": round(binomial_p(first_wins, n), 6)}


def holm(p_values: Sequence[float], alpha: float = 0.05) -> list[bool]:
    """Which of several tests are significant at family-wise level ``alpha`` (Holm–Bonferroni):
    many comparisons on one page must not find differences by chance.

    >>> holm([0.01, 0.04, 0.03, 0.5])
    [True, False, False, False]
    """
    order = sorted(range(len(p_values)), key=lambda i: p_values[i])
    real = [False] * len(p_values)
    for rank, i in enumerate(order):
        if p_values[i] > alpha / (len(p_values) - rank):
            break
        real[i] = True
    return real

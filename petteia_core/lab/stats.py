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

"""Puzzle ratings (petteia_core.puzzles.rating, data/ratings.json, issue #14)."""

from __future__ import annotations

import pytest

from petteia_core.puzzles import RULESETS, load_puzzles
from petteia_core.puzzles.rating import (
    HIGH, LEVEL_RATINGS, LOW, SEEDS, Features, Runs, expected, features, fit_prior, from_record, model_from,
    most_likely, pearson, puzzle_key, rate_collection, rating_from, rating_of, self_solve, solves, spearman,
    stored_ratings,
)

STORED = stored_ratings()
PUZZLES = {p.id: p for p in load_puzzles()}


def test_every_puzzle_is_rated_from_its_current_data():
    assert set(STORED["puzzles"]) == set(PUZZLES)
    stale = [pid for pid, e in STORED["puzzles"].items() if e["key"] != puzzle_key(PUZZLES[pid])]
    assert not stale, f"ratings.json is stale for {stale[:5]}: run python -m site_scripts.generate.rate_puzzles"
    assert STORED["seeds"] == list(SEEDS)
    assert set(map(int, STORED["levels"])) == set(LEVEL_RATINGS)
    assert STORED["levels"] == STORED["model"]["levels"]


def test_stored_ratings_follow_the_formula():
    """Every stored rating is the formula's output for its stored features and runs."""
    model = model_from(STORED["model"])
    for pid, e in STORED["puzzles"].items():
        f, runs, r = from_record(e)
        assert LOW <= r <= HIGH and r % 10 == 0
        assert rating_from(f, runs, model) == r, pid
    ratings, refit = rate_collection({pid: from_record(e)[:2] for pid, e in STORED["puzzles"].items()})
    assert refit == model
    assert ratings == {pid: e["rating"] for pid, e in STORED["puzzles"].items()}


# One puzzle of every game, and the longest lines: features and runs measured again match the file.
SAMPLE = sorted({next(pid for pid in PUZZLES if PUZZLES[pid].ruleset == g) for g in RULESETS}
                | {max(PUZZLES, key=lambda i: (len(PUZZLES[i].solution), i))})


@pytest.mark.parametrize("pid", SAMPLE)
def test_measurements_are_reproducible(pid):
    p = PUZZLES[pid]
    f, runs, _r = from_record(STORED["puzzles"][pid])
    assert features(p) == f
    assert self_solve(p) == runs


def test_the_rating_reaches_the_trainer():
    from petteia_core.web.puzzle import puzzle_list

    listed = {s["id"]: s["rating"] for s in puzzle_list()["puzzles"]}
    assert listed == {pid: e["rating"] for pid, e in STORED["puzzles"].items()}
    assert rating_of("classic-001") == STORED["puzzles"]["classic-001"]["rating"]
    assert rating_of("no-such-puzzle") is None


def test_more_solves_mean_a_lower_rating():
    def runs(k: int) -> Runs:  # k of 8 runs solved at every level
        return Runs({lv: [True] * k + [False] * (8 - k) for lv in LEVEL_RATINGS})

    rs = [most_likely(runs(k), 1500, 300) for k in range(9)]
    assert all(a > b for a, b in zip(rs, rs[1:]))
    # Half the runs of a level of rating x solved, nothing else: the rating is near x.
    assert abs(most_likely(Runs({2: [True, False] * 20}), 1300, 10_000) - 1300) < 1


def test_the_most_likely_rating_where_the_runs_disagree_with_the_prior():
    """Level 3 always solves it, levels 1 and 2 never, and the features' prior says hard: the most likely
    rating is near 1490, where plain Newton steps from the prior's mean flew off (past 10 000, stored
    as 2200 for six classic puzzles)."""
    import math

    runs = Runs({1: [False] * 8, 2: [False] * 8, 3: [True] * 8})
    levels, mean, sd = {1: 1052.5, 2: 1319.3, 3: 1528.2}, 1964.0, 322.4

    def log_posterior(r: float) -> float:
        return -((r - mean) / sd) ** 2 / 2 + sum(
            math.log(expected(r, levels[lv]) if ok else 1 - expected(r, levels[lv]))
            for lv, oks in runs.by_level.items() for ok in oks)

    best = max(range(800, 2600), key=log_posterior)
    assert abs(most_likely(runs, mean, sd, levels) - best) <= 1 and 1400 < best < 1600


def test_a_level_solves_a_puzzle_of_its_own_rating_half_the_time():
    assert expected(1300, 1300) == pytest.approx(0.5)
    assert expected(1700, 1300) == pytest.approx(1 / 11)


def test_the_prior_fit_recovers_known_weights():
    rows = []
    for moves in (1, 2, 3):
        for tries in (0, 1, 3, 7):
            for rank in (0, 1, 3):
                for pieces in (10, 20, 40):
                    f = Features(moves, tries, rank, pieces)
                    t = f.terms()
                    rows.append((f, 900 + 150 * t[1] + 40 * t[2] + 80 * t[3] + 10 * t[4]))
    w, sd = fit_prior(rows)
    assert w == pytest.approx([900, 150, 40, 80, 10], abs=1e-3)
    assert sd == pytest.approx(0, abs=1e-3)


def test_correlations():
    assert pearson([1, 2, 3], [2, 4, 6]) == pytest.approx(1)
    assert spearman([1, 2, 3, 4], [10, 9, 1, 0]) == pytest.approx(-1)
    assert spearman([1, 1, 2], [1, 1, 2]) == pytest.approx(1)


def test_runs_are_judged_move_by_move(monkeypatch):
    """A level that plays the line solves; one that plays any other first move fails."""
    import petteia_core.ai as ai
    from petteia_core.ai.choice import SearchResult
    from petteia_core.notation import parse_move

    p = PUZZLES[max((i for i in PUZZLES if PUZZLES[i].ruleset == "classic"), key=lambda i: len(PUZZLES[i].solution))]
    assert len(p.solution) >= 3
    line = {}
    pos = p.start()
    for k, text in enumerate(p.solution):
        line[pos.to_string()] = parse_move(text, pos)
        pos = pos.play(parse_move(text, pos))
    wrong = next(m for m in p.start().legal_moves() if m.text(8) not in [p.solution[0], *p.alternatives.get(0, [])])

    def following(position, level, **kw):
        return SearchResult(line[position.to_string()], 0, 1, 1)

    monkeypatch.setattr(ai, "choose_move", following)
    assert solves(p, 1, 1)
    monkeypatch.setattr(ai, "choose_move", lambda position, level, **kw: SearchResult(wrong, 0, 1, 1))
    assert not solves(p, 3, 1)


def test_level_strengths_are_measured_from_the_runs():
    """The joint fit: a level that solves more puzzles is rated higher; the levels average LEVEL_MEAN."""
    from petteia_core.puzzles.rating import LEVEL_MEAN, fit_levels

    levels = {int(k): v for k, v in STORED["levels"].items()}
    assert levels[1] < levels[2] < levels[3]
    assert sum(levels.values()) / 3 == pytest.approx(LEVEL_MEAN, abs=0.2)
    # Fabricated runs: level 3 solves every puzzle, level 1 none, level 2 half.
    f = Features(1, 1, 1, 10)
    fake = {f"p-{i}": (f, Runs({1: [False] * 4, 2: [i % 2 == 0] * 4, 3: [True] * 4})) for i in range(20)}
    lv, first = fit_levels(fake)
    assert lv[1] < lv[2] < lv[3]
    assert all(first["p-0"] < first["p-1"] for _ in [0])  # a puzzle level 2 solved is rated lower


@pytest.mark.no_pyodide  # reads the site's page, which the Pyodide run does not have
def test_the_trainer_page_gives_the_levels_ratings_of_the_stored_fit():
    """docs/puzzles/index.md says where the tries put each level; adding puzzles moves them, so the
    page is checked against ratings.json (rounded to 10, as the page writes them)."""
    import json
    import re
    from pathlib import Path

    root = Path(__file__).resolve().parents[1]
    levels = json.loads((root / "petteia_core/puzzles/data/ratings.json").read_text(encoding="utf-8"))["levels"]
    page = " ".join((root / "docs/puzzles/index.md").read_text(encoding="utf-8").split())
    said = re.search(r"level 1 at about (\d+), level 2 at (\d+) and level 3 at (\d+)", page)
    assert said, "the page no longer says where the levels stand"
    assert [int(x) for x in said.groups()] == [round(levels[k], -1) for k in ("1", "2", "3")]

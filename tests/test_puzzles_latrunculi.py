"""Ludus latrunculorum puzzles (issue #30): enough proved puzzles for every reconstruction, the
Schädler goal of binding, Bell's extra move kept out of the one-move goals, and a puzzle position
that keeps its dux and its bound counters."""

from __future__ import annotations

import copy
from collections import Counter

import pytest

from petteia_core import Position
from petteia_core.options import LATRUNCULI
from petteia_core.puzzles import PETTEIA, RULESETS, Goal, Puzzle, load_puzzles, verify
from petteia_core.puzzles.generator import clean, generate_custodian
from petteia_core.puzzles.solver import CustodianSolver, solve_custodian
from petteia_core.web import puzzle as catalogue
from petteia_core.web.puzzle_words import goal_clause, refute

ROMAN = [p for p in load_puzzles() if p.ruleset in LATRUNCULI]


def test_every_reconstruction_has_fifteen_proved_puzzles():
    per = Counter(p.ruleset for p in ROMAN)
    assert set(LATRUNCULI) <= set(RULESETS)
    assert all(per[r] >= 15 for r in LATRUNCULI), per
    assert sum(per.values()) >= 60
    themes = {t for p in ROMAN if p.ruleset.startswith("latrunculi-schaedler") for t in p.themes}
    assert {"binding", "jump chain"} <= themes


@pytest.mark.parametrize("ruleset", sorted(LATRUNCULI))
def test_a_moved_first_move_is_noticed(ruleset):
    for p in [q for q in ROMAN if q.ruleset == ruleset][:4]:
        bad = copy.deepcopy(p)
        pos = bad.start()
        wrong = next(m.text(pos.width) for m in pos.legal_moves() if m.text(pos.width) != p.solution[0])
        bad.solution = [wrong] + bad.solution[1:]
        assert verify(bad), p.id


# A step to Δ4 binds the black counters on Γ4 and Ε4 (White stands on Β4 and Ζ4 beyond them).
BIND_TWO = "p6p/8/8/8/1Pp1pP2/3P4/8/P7 w"


def test_the_bind_goal_finds_the_one_move_that_binds_two():
    p = Position.from_string("latrunculi-schaedler-1994", BIND_TWO)
    line, alts = solve_custodian(p, Goal("bind", 2))
    assert line == ["Δ3-Δ4*Γ4*Ε4"] and alts == {}
    assert solve_custodian(p, Goal("bind", 3)) is None
    puzzle = Puzzle(id="t", ruleset="latrunculi-schaedler-1994", position=BIND_TWO, goal=Goal("bind", 2),
                    goal_text="White to move: bind two enemy counters with one move.", solution=line, themes=["binding"])
    assert verify(puzzle) == []
    puzzle.goal = Goal("bind", 1)  # binding one: more than one move does it, so the line is not unique
    assert verify(puzzle)


def test_a_move_that_binds_too_few_is_explained():
    p = Position.from_string("latrunculi-schaedler-1994", BIND_TWO)
    puzzle = Puzzle(id="t", ruleset="latrunculi-schaedler-1994", position=BIND_TWO, goal=Goal("bind", 2),
                    goal_text="", solution=["Δ3-Δ4*Γ4*Ε4"])
    quiet = next(m for m in p.legal_moves() if m.text(8) == "Α1-Α2")
    why, reply = refute(puzzle, p, quiet, 1)
    assert why == "Α1-Α2 binds nothing: the goal is to bind 2 counters." and reply is None
    assert goal_clause("bind", 2) == "bind two enemy counters with one move."


def test_a_capture_that_earns_bells_extra_move_is_no_defence():
    """Bell: the capturer moves again, so "leave the opponent no capture" is not met by a capture."""
    p = Position.from_string("latrunculi-bell", "d5D1/8/8/8/8/1pP5/2p5/1P6 w")
    solver = CustodianSolver(p, Goal("save"))
    capture = next(m for m in p.legal_moves() if m.captures)
    assert p.play(capture).turn == p.turn  # the extra move is owed
    assert (capture.frm, capture.to) not in solver.winning_pairs(p, 1)


def test_a_puzzle_position_keeps_its_dux_and_bound_counters():
    kowalski = Position.from_string("latrunculi-kowalski", "pppppppppppp/5d6/12/12/12/12/6D5/PPPPPPPPPPPP w")
    assert clean(kowalski).to_string() == kowalski.to_string()
    schaedler = Position.from_string("latrunculi-schaedler-1994", "p6p/8/8/8/1PaPpP2/8/8/P7 b")
    assert clean(schaedler).to_string() == schaedler.to_string()
    # Kowalski's dux is never captured: every stored position has both (the generator once lost them).
    kowalski = [p.position.split()[0] for p in ROMAN if p.ruleset.startswith("latrunculi-kowalski")]
    assert kowalski and all("D" in board and "d" in board for board in kowalski)


def test_the_generator_gives_proved_latrunculi_puzzles_deterministically():
    quota = {Goal("bind", 1): 2}
    a = generate_custodian("latrunculi-schaedler-1994", 5, quota, max_games=3, budget=20_000)
    assert a and all(verify(p) == [] for p in a)
    assert [p.to_dict() for p in a] == [p.to_dict() for p in generate_custodian(
        "latrunculi-schaedler-1994", 5, quota, max_games=3, budget=20_000)]


def test_the_daily_puzzle_stays_with_petteia():
    assert {catalogue.get_puzzle(catalogue.daily_id(f"2026-{m:02d}-{d:02d}")).ruleset
            for m in (1, 6) for d in range(1, 29)} <= set(PETTEIA)

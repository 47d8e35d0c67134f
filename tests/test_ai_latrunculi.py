"""The computer in the Ludus latrunculorum reconstructions (RULES.md §9): legal moves at every level,
wins it must see (Bell's extra move, Schädler's removal), the end on the count (Piso) and review.
Timings are measured by ``python -m site_scripts.bench.latrunculi_speed``, never asserted here."""

import pytest

from support import layout
from petteia_core import Game, Position
from petteia_core.ai import choose_move
from petteia_core.ai.review import review_move
from petteia_core.options import LATRUNCULI


@pytest.mark.parametrize("ruleset", list(LATRUNCULI))
def test_every_level_plays_a_legal_move_in_placement_and_movement(ruleset):
    import random

    rng = random.Random(7)
    pos = Position.start(ruleset)
    for _ in range(40):
        pos = pos.after(*rng.choice(pos.legal_pairs()))
    for p in (Position.start(ruleset), pos):
        for level in (1, 2, 3, 4, 5):
            res = choose_move(p, level, seed=1, node_limit=1500)
            assert p.is_legal(res.move), (ruleset, level, res.move)


def test_bell_search_follows_the_extra_move_to_the_win():
    # Ε3-Ε2 takes Δ2 and the extra move Ε2-Ζ2 takes Η2, Black's last piece.
    p = Position.from_string("latrunculi-bell", layout("latrunculi-bell", "w", P="Ε3 Γ2 Θ2 Α8 Β8", p="Δ2 Η2"))
    res = choose_move(p, 5, seed=0)
    assert res.move.text(8) == "Ε3-Ε2xΔ2"
    after = p.play(res.move)
    assert choose_move(after, 5, seed=0).move.text(8) == "Ε2-Ζ2xΗ2"


def test_schaedler_removes_the_last_but_one_piece():
    p = Position.from_string("latrunculi-schaedler", layout("latrunculi-schaedler", "w", P="Δ4 Δ2 Α8", a="Δ3", p="Θ8"))
    assert choose_move(p, 3, seed=0).move.text(8) == "xΔ3"


def test_piso_search_scores_no_legal_move_on_the_count():
    # White to move can shut Black in; with more pieces that wins (Piso ends on the count).
    p = Position.from_string("latrunculi-piso", layout("latrunculi-piso", "w", P="Β2 Γ1 Ε5 Ε4", p="Α1 Θ8 Η8"))
    res = choose_move(p, 4, seed=0)
    assert p.is_legal(res.move)


def test_kowalski_level_5_walls_in_a_dux():
    # Black's lone dux on Α1 has one free square left; White closes it: Black cannot move and loses.
    ruleset = "latrunculi-kowalski"
    p = Position.from_string(ruleset, layout(ruleset, "w", P="Β1 Α5 Μ1", D="Μ8", d="Α1"))
    res = choose_move(p, 5, seed=0)
    after = p.play(res.move)
    assert after.result is not None and after.result.reason == "siege" and after.result.winner == "w"


def test_review_judges_a_chain_and_a_removal():
    ruleset = "latrunculi-schaedler-1994"
    g = Game(ruleset, layout(ruleset, "w", P="Β2 Δ2 Α8 Θ1", p="Β3 Γ4 Θ8 Δ3 Η8"))
    g.play("Β2-Β4-Δ4*Δ3")
    review = review_move(g, 0, depth=2)
    assert review.move == "Β2-Β4-Δ4*Δ3" and review.best


@pytest.mark.parametrize("ruleset", ["latrunculi-bell", "latrunculi-schaedler", "latrunculi-kowalski-11x10"])
def test_selfplay_plays_the_reconstructions_and_its_records_reimport(ruleset):
    import argparse

    from petteia_core.selfplay_cli import statistics

    ns = argparse.Namespace(ruleset=ruleset, option=[], games=2, level=1, seed=3, jobs=1, max_plies=60,
                            records=None, log=None, json=True)
    summary, records = statistics(ns)
    assert summary["games"] == 2 and len(records) == 2
    for record in records:
        assert Game.from_record(record).rules.name == ruleset


def test_analyse_reads_a_latrunculi_record(tmp_path, capsys):
    from petteia_core.cli import main

    g = Game("latrunculi-bell", layout("latrunculi-bell", "w", P="Ε3 Γ2 Θ2 Α8 Β8", p="Δ2 Η2 Α1"))
    g.play("Ε3-Ε2xΔ2")
    g.play("Ε2-Ε1")
    path = tmp_path / "game.txt"
    path.write_text(g.record(), encoding="utf-8")
    assert main(["analyse", "latrunculi-bell", str(path), "--depth", "2"]) == 0
    out = capsys.readouterr().out
    assert "Ε3-Ε2xΔ2" in out and "Ε2-Ε1" in out

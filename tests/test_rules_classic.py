"""RULES.md §2: Classic Petteia (id ``classic``)."""

import dataclasses

import pytest

from support import after, board, layout, mv, pos, sq, squares_of, texts
from petteia_core import Game, Position, get_rules


def test_start_position():
    p = Position.start("classic")
    assert (p.width, p.height) == (8, 8)
    assert p.to_string() == "pppppppp/8/8/8/8/8/8/PPPPPPPP w"
    assert squares_of(p, "P") == {f"{c}1" for c in "ΑΒΓΔΕΖΗΘ"}
    assert squares_of(p, "p") == {f"{c}8" for c in "ΑΒΓΔΕΖΗΘ"}
    assert p.side_to_move == "w"
    assert len(p.legal_moves()) == 48  # 8 files × 6 squares up
    assert p.result is None


def test_the_players_may_choose_who_starts():
    rules = dataclasses.replace(get_rules("classic"), first_player="b")
    p = Position.start(rules)
    assert p.side_to_move == "b"
    assert all(p.letter_at(m.frm) == "p" for m in p.legal_moves())


def test_no_corner_capture_in_classic():
    # Black Α1 in the corner; White closes Β1 and Α2: nothing happens (custodian capture only).
    p = pos("classic", layout("classic", "w", P="Ε2 Β1 Θ5", p="Α1 Η8 Η7"))
    m = mv(p, "Ε2-Α2")
    assert m.captures == (), board(p)
    assert p.play(m).letter_at(sq("Α1")) == "p"


def test_player_who_cannot_move_loses():
    # Black Α8, Β8 shut in by White Γ8, Α7, Β7; Black to move cannot move: White wins (siege).
    p = pos("classic", layout("classic", "b", P="Γ8 Α7 Β7", p="Α8 Β8"))
    assert p.legal_moves() == [], board(p)
    assert str(p.result) == "1-0 (siege)"
    assert p.result.winner == "w"


def test_a_move_that_leaves_the_opponent_without_moves_wins():
    # White Γ6-Γ8 shuts Black in: after the move Black cannot move.
    p = pos("classic", layout("classic", "w", P="Γ6 Α7 Β7 Θ1", p="Α8 Β8"))
    g = Game("classic", p)
    g.play("Γ6-Γ8")
    assert str(g.result) == "1-0 (siege)", board(g.position)
    assert g.legal_moves() == []


def test_white_with_no_move_loses_too():
    p = pos("classic", layout("classic", "w", p="Γ1 Α2 Β2", P="Α1 Β1"))
    assert str(p.result) == "0-1 (siege)"


def test_reduced_to_a_single_piece_loses():
    # Black has two pieces; White captures one: Black is left with one and loses.
    p = pos("classic", layout("classic", "w", P="Ζ4 Δ6 Α1", p="Δ5 Θ8"))
    g = Game("classic", p)
    g.play("Ζ4-Δ4xΔ5")
    assert str(g.result) == "1-0 (one piece)", board(g.position)
    assert g.position.legal_moves() == []


def test_two_pieces_left_is_not_a_loss():
    p = pos("classic", layout("classic", "w", P="Ζ4 Δ6 Α1", p="Δ5 Θ8 Η8"))
    q = after(p, "Ζ4-Δ4xΔ5")
    assert q.result is None and q.count(1) == 2


def test_a_position_with_one_piece_is_already_lost():
    p = pos("classic", layout("classic", "w", P="Α1", p="Θ8 Η8"))
    assert str(p.result) == "0-1 (one piece)"
    assert p.legal_moves() == []


@pytest.mark.parametrize(
    "white, black, expected",
    [("Α1 Β1 Γ1", "Θ8 Η8", "1-0 (stalled)"), ("Α1 Β1", "Θ8 Η8 Ζ8", "0-1 (stalled)"), ("Α1 Β1", "Θ8 Η8", "½-½ (stalled)")],
)
def test_stalled_game_more_pieces_wins_equal_is_a_draw(white, black, expected):
    p = pos("classic", layout("classic", "w", "quiet=99", P=white, p=black))
    assert p.result is None
    q = after(p, "Α1-Α2")
    assert q.quiet == 100
    assert str(q.result) == expected, board(q)


def test_start_moves_are_the_pawn_pushes():
    p = Position.start("classic")
    assert "Δ1-Δ7" in texts(p) and "Δ1-Δ8" not in texts(p)

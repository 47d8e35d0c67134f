"""RULES.md §4: Poleis (id ``poleis``): vagi rules with a placement phase of 16 pieces each."""

import dataclasses
import random

import pytest

from support import after, board, layout, mv, pos, sq, squares_of
from petteia_core import Game, NotationError, Position, get_rules

BLACK_FIRST = dataclasses.replace(get_rules("poleis"), first_player="b")


def test_start_is_an_empty_board_with_sixteen_in_each_hand():
    p = Position.start("poleis")
    assert p.occ == (0, 0)
    assert p.hand == (16, 16)
    assert p.placing and p.side_to_move == "w"
    moves = p.legal_moves()
    assert len(moves) == 64 and all(m.is_placement for m in moves)
    assert p.result is None


def test_placement_is_written_at_square():
    p = Position.start("poleis")
    m = mv(p, "@Δ4")
    assert m.is_placement and m.to == sq("Δ4")
    assert m.text(8) == "@Δ4"
    q = p.play(m)
    assert q.letter_at(sq("Δ4")) == "O" and q.hand == (15, 16) and q.side_to_move == "b"
    with pytest.raises(NotationError):
        mv(q, "@Δ4")  # occupied
    with pytest.raises(NotationError):
        mv(q, "Δ4-Δ5")  # still placing


def test_no_capture_during_placement():
    # Black Δ5 sits between White Δ6 and the empty Δ4; White places on Δ4: no capture.
    text = layout("poleis", "w", "hand=13,14", O="Δ6 Α1 Β1", o="Δ5 Θ8")
    p = pos("poleis", text)
    m = mv(p, "@Δ4")
    assert m.captures == ()
    q = p.play(m)
    assert q.letter_at(sq("Δ5")) == "o", board(q)
    # a piece placed between two enemies is not captured either (only moves capture)
    p = pos("poleis", layout("poleis", "b", "hand=14,14", O="Γ4 Ε4", o="Θ8 Η8"))
    q = after(p, "@Δ4")
    assert q.letter_at(sq("Δ4")) == "o"


def test_no_turning_during_placement():
    # a placement far from any enemy does not make a vagus
    p = pos("poleis", layout("poleis", "w", "hand=15,15", O="Α1", o="Θ8"))
    q = after(p, "@Δ4")
    assert q.letter_at(sq("Δ4")) == "O", board(q)
    assert not q.vag


def _fill(game, count):
    """Place ``count`` pieces on the first empty squares (row by row), as legal placements."""
    for _ in range(count):
        p = game.position
        empties = [m for m in p.legal_moves() if m.is_placement]
        game.play(empties[0])


def test_movement_starts_with_the_first_player_after_all_32_placements():
    g = Game("poleis")
    _fill(g, 31)
    assert g.position.placing and g.position.side_to_move == "b" and g.position.hand == (0, 1)
    _fill(g, 1)
    p = g.position
    assert not p.placing and p.hand == (0, 0)
    assert p.side_to_move == "w"
    assert p.count(0) == 16 and p.count(1) == 16
    assert all(not m.is_placement for m in p.legal_moves())
    with pytest.raises(NotationError):
        mv(p, "@Δ8")


def test_first_player_is_a_parameter():
    assert get_rules("poleis").first_player == "w"
    p = Position.start(BLACK_FIRST)
    assert p.side_to_move == "b"
    g = Game(BLACK_FIRST)
    _fill(g, 1)
    assert g.position.hand == (16, 15) and g.position.side_to_move == "w"
    _fill(g, 31)
    assert not g.position.placing
    assert g.position.side_to_move == "b"  # movement starts with the first player (Black)


def test_loss_conditions_apply_only_in_the_movement_phase():
    # during placement: one piece on the board (or none) is not a loss
    p = pos("poleis", layout("poleis", "b", "hand=15,16", O="Δ4"))
    assert p.result is None and p.legal_moves()
    # during placement a player whose placed pieces are all shut in still places
    p = pos("poleis", layout("poleis", "w", "hand=14,13", O="Α1 Β1", o="Α2 Β2 Γ1"))
    assert p.result is None
    assert all(m.is_placement for m in p.legal_moves())
    # the same board in the movement phase: White cannot move and loses
    p = pos("poleis", layout("poleis", "w", "hand=0,0", O="Α1 Β1", o="Α2 Β2 Γ1"))
    assert str(p.result) == "0-1 (siege)"
    p = pos("poleis", layout("poleis", "w", "hand=0,0", O="Α1", o="Α8 Β8"))
    assert str(p.result) == "0-1 (one piece)"


def test_quiet_count_starts_with_the_movement_phase():
    g = Game("poleis")
    _fill(g, 32)
    assert g.position.quiet == 0
    quiet = [m for m in g.legal_moves() if not m.captures]
    g.play(quiet[0])
    assert g.position.quiet == 1


def test_stall_counts_only_movement_moves():
    # a long placement phase never ends the game as stalled
    g = Game("poleis", rng=random.Random(1))
    rng = random.Random(5)
    for _ in range(32):
        g.play(rng.choice(g.legal_moves()))
        assert g.result is None or not g.position.placing
    assert not g.position.placing and g.position.quiet == 0


def test_placement_in_a_movement_ruleset_is_rejected():
    p = Position.start("classic")
    with pytest.raises(NotationError):
        mv(p, "@Δ4")


def test_poleis_uses_the_vagi_rules_in_the_movement_phase():
    p = pos("poleis", layout("poleis", "w", "hand=0,0", O="Α1 Θ1", o="Α8 Θ8"))
    q = after(p, "Α1-Α2")
    assert q.letter_at(sq("Α2")) == "V"
    p = pos("poleis", layout("poleis", "w", "hand=0,0", V="Δ4", O="Α1", o="Ζ5 Θ8"))
    assert {m.text(8) for m in p.legal_moves() if m.frm == sq("Δ4")} == {"Δ4-Ζ4"}
    p = pos("poleis", layout("poleis", "w", "hand=0,0", V="Ζ4 Δ6", O="Α1", o="Δ5 Θ8 Η8"))
    q = after(p, "Ζ4-Δ4xΔ5")
    assert squares_of(q, "O") == {"Δ4", "Δ6", "Α1"}


@pytest.mark.parametrize("text", ["8/8/8/8/8/8/8/O7 b hand=15,0", "8/8/8/8/8/8/8/o7 w hand=0,15"])
def test_the_side_to_move_never_places_a_piece_it_does_not_have(text):
    # Placement alternates (RULES.md §4), so a placement position whose side to move has an empty
    # hand cannot arise; the engine must reject it, never produce a negative hand.
    from petteia_core import PositionError

    try:
        p = pos("poleis", text)
    except PositionError:
        return
    for m in p.legal_moves():
        q = p.play(m)
        assert min(q.hand) >= 0, f"{text}: {m.text(8)} gives {q.to_string()}"

"""RULES.md §3: Petteia with ordinarii and vagi (id ``vagi``, seed 003).

Letters: ``O``/``o`` ordinarius, ``V``/``v`` vagus (White upper case).
"""

import pytest

from support import after, board, layout, mv, pos, sq, squares_of, texts
from petteia_core import Game, NotationError, Position


def vp(side="w", fields="", **pieces):
    return pos("vagi", layout("vagi", side, fields, **pieces))


def test_start_all_ordinarii_white_first():
    p = Position.start("vagi")
    assert p.to_string() == "oooooooo/8/8/8/8/8/8/OOOOOOOO w"
    assert len(p.legal_moves()) == 48


def test_ordinarius_that_does_not_attack_turns_into_a_vagus():
    p = Position.start("vagi")
    q = after(p, "Α1-Α3")
    assert q.letter_at(sq("Α3")) == "V", board(q)
    assert q.to_string() == "oooooooo/8/8/8/8/V7/8/1OOOOOOO b quiet=1"


def test_black_ordinarius_turns_too():
    q = after(Position.start("vagi"), "Α1-Α3", "Θ8-Θ5")
    assert q.letter_at(sq("Θ5")) == "v"


def test_attack_without_capture_keeps_an_ordinarius():
    # Δ1-Δ4 lands next to Black Ε4 (no partner behind it): an attack, no capture, stays O.
    p = vp(O="Δ1 Α1", o="Ε4 Θ8")
    m = mv(p, "Δ1-Δ4")
    assert m.captures == ()
    assert p.play(m).letter_at(sq("Δ4")) == "O", board(p.play(m))


def test_attack_is_judged_before_the_captured_piece_is_removed():
    # Ζ4-Δ4 captures Δ5 (Δ6 behind it). After the removal no enemy touches Δ4, but the move was an
    # attack (judged right after landing), so the mover stays an ordinarius.
    p = vp(O="Ζ4 Δ6 Α1", o="Δ5 Θ8 Η8")
    q = after(p, "Ζ4-Δ4xΔ5")
    assert q.letter_at(sq("Δ4")) == "O", board(q)
    assert q.letter_at(sq("Δ5")) is None


def test_vagus_may_only_attack():
    # White vagus Δ4; Black Ζ5 (neighbours Ε5 Η5 Ζ4 Ζ6) and Θ8. From Δ4 only Ζ4 touches an enemy.
    p = vp(V="Δ4", O="Α1", o="Ζ5 Θ8")
    assert {t for t in texts(p) if t.startswith("Δ4-")} == {"Δ4-Ζ4"}, board(p)
    with pytest.raises(NotationError, match="vagus"):
        mv(p, "Δ4-Δ6")


def test_vagus_attack_without_capture_stays_a_vagus():
    p = vp(V="Δ4", O="Α1", o="Ζ5 Θ8")
    q = after(p, "Δ4-Ζ4")
    assert q.letter_at(sq("Ζ4")) == "V", board(q)


def test_vagus_with_no_attacking_move_cannot_move():
    # White vagi Α1 and Θ1 see only row 1 and their columns; nothing there touches Black.
    p = vp(V="Α1 Θ1", o="Δ5 Ε8")
    assert p.legal_moves() == [], board(p)
    assert str(p.result) == "0-1 (siege)"
    # The same squares as ordinarii can move freely.
    p = vp(V="Α1", O="Θ1", o="Δ5 Ε8")
    assert {m.frm for m in p.legal_moves()} == {sq("Θ1")}
    assert p.result is None


def test_a_move_that_leaves_the_opponent_only_stuck_vagi_wins_by_siege():
    # Black vagi Α8, Θ8 can only attack. White's last attacker leaves: Black has no move.
    p = vp(O="Β5 Ε1", v="Α8 Θ8")
    # Black vagus Α8 can reach Α5 (next to Β5), so Black has a move now; White moves Β5 away to a
    # square no black vagus line touches: Δ5 (neighbours Γ5, Ε5, Δ4, Δ6; Ε1's are Δ1, Ζ1, Ε2 — none
    # on row 8 or on columns Α, Θ).
    assert "Α8-Α5" in texts(p.play((sq("Ε1"), sq("Ε2"))))
    g = Game("vagi", p)
    g.play("Β5-Δ5")
    assert str(g.result) == "1-0 (siege)", board(g.position)


def test_capturing_vagus_and_its_stationary_partner_are_turned_back():
    # White vagus Ζ4 moves to Δ4 and captures Δ5 with the stationary vagus Δ6 as partner.
    # Both become ordinarii; the uninvolved vagus Α1 stays a vagus.
    p = vp(V="Ζ4 Δ6 Α1", o="Δ5 Θ8 Η8")
    q = after(p, "Ζ4-Δ4xΔ5")
    assert q.letter_at(sq("Δ4")) == "O", board(q)
    assert q.letter_at(sq("Δ6")) == "O"
    assert q.letter_at(sq("Α1")) == "V"


def test_ordinarius_capture_turns_back_every_vagus_partner():
    # Ordinarius Δ1-Δ4 takes Γ4 (vagus partner Β4) and Ε4 (ordinarius partner Ζ4).
    p = vp(O="Δ1 Ζ4", V="Β4 Η1", o="Γ4 Ε4 Θ8 Η8")
    q = after(p, "Δ1-Δ4xΓ4xΕ4")
    assert squares_of(q, "O") == {"Δ1", "Δ4", "Ζ4", "Β4"} - {"Δ1"}, board(q)
    assert squares_of(q, "V") == {"Η1"}


def test_black_vagi_are_turned_back_too():
    p = vp("b", O="Δ5 Α1 Β1", v="Ζ4 Δ6")
    q = after(p, "Ζ4-Δ4xΔ5")
    assert squares_of(q, "o") == {"Δ4", "Δ6"}, board(q)


def test_reduced_to_one_piece_loses():
    p = vp(O="Ζ4 Δ6 Α1", o="Δ5 Θ8")
    g = Game("vagi", p)
    g.play("Ζ4-Δ4xΔ5")
    assert str(g.result) == "1-0 (one piece)"


def test_reduced_to_no_piece_by_a_triple_capture_loses():
    p = vp(O="Δ1 Β4 Ζ4 Δ6", o="Γ4 Ε4 Δ5")
    g = Game("vagi", p)
    g.play("Δ1-Δ4xΓ4xΕ4xΔ5")
    assert g.position.count(1) == 0
    assert str(g.result) == "1-0 (one piece)", board(g.position)


@pytest.mark.parametrize(
    "white, black, expected",
    [
        # more pieces wins
        ({"O": "Α1 Β1 Γ1"}, {"o": "Α8 Θ8"}, "1-0 (stalled)"),
        # equal pieces: after Α1-Α2 (a quiet move, Α1 becomes a vagus) White has 1 ordinarius
        ({"O": "Α1 Θ1"}, {"o": "Α8", "v": "Θ8"}, "½-½ (stalled)"),
        ({"O": "Α1 Θ1"}, {"v": "Α8 Θ8"}, "1-0 (stalled)"),
        ({"O": "Α1 Θ1"}, {"o": "Α8 Θ8"}, "0-1 (stalled)"),
    ],
)
def test_stalled_tiebreak_pieces_then_ordinarii_then_draw(white, black, expected):
    p = vp("w", "quiet=99", **white, **black)
    assert p.result is None
    q = after(p, "Α1-Α2")
    assert q.letter_at(sq("Α2")) == "V"
    assert str(q.result) == expected, board(q)


def test_vagi_round_trip_in_position_strings():
    text = layout("vagi", "b", "quiet=7 move=12", O="Α1 Γ3", V="Δ4", o="Ε5", v="Ζ6 Θ8")
    assert pos("vagi", text).to_string() == text

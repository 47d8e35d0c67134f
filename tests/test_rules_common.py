"""RULES.md §1: movement and custodian capture, common to every custodian game.

Most positions use the classic ruleset (8×8, plain pieces ``P``/``p``); the same movement and
capture rules are then checked on every custodian ruleset where the setup allows.
"""

import pytest

from support import after, board, layout, mv, name, pos, sq, squares_of, texts
from petteia_core import NotationError, Position

# ----------------------------------------------------------------------------- movement


def test_a_piece_slides_orthogonally_any_distance_over_empty_squares():
    # White Δ4 alone in the middle (Α1 and two black pieces so the game is not over).
    p = pos("classic", layout("classic", "w", P="Δ4 Α1", p="Θ8 Η8"))
    from_d4 = {t for t in texts(p) if t.startswith("Δ4-")}
    expected = {f"Δ4-{c}4" for c in "ΑΒΓΕΖΗΘ"} | {f"Δ4-Δ{r}" for r in (1, 2, 3, 5, 6, 7, 8)}
    assert from_d4 == expected, board(p)


def test_no_jumping_and_one_piece_per_square():
    # White Δ4, own piece on Δ6, enemy on Ζ4: Δ4 reaches Δ5 (not Δ6+) and Ε4 (not Ζ4+).
    p = pos("classic", layout("classic", "w", P="Δ4 Δ6", p="Ζ4 Θ8"))
    from_d4 = {t for t in texts(p) if t.startswith("Δ4-")}
    assert from_d4 == {"Δ4-Δ5", "Δ4-Ε4", "Δ4-Δ3", "Δ4-Δ2", "Δ4-Δ1", "Δ4-Γ4", "Δ4-Β4", "Δ4-Α4"}, board(p)
    for bad in ("Δ4-Δ6", "Δ4-Δ7", "Δ4-Ζ4", "Δ4-Η4"):
        with pytest.raises(NotationError):
            mv(p, bad)


def test_no_diagonal_moves_and_the_message_says_why():
    p = pos("classic", layout("classic", "w", P="Δ4 Α1", p="Θ8 Η8"))
    with pytest.raises(NotationError, match="diagonal"):
        mv(p, "Δ4-Ε5")


def test_no_passing_every_move_changes_the_square_and_the_turn():
    p = Position.start("classic")
    for m in p.legal_moves():
        assert m.frm != m.to
        assert p.play(m).side_to_move == "b"
    with pytest.raises(NotationError):
        mv(p, "Δ1-Δ1")


def test_only_the_side_to_move_moves():
    p = Position.start("classic")
    with pytest.raises(NotationError, match="not White's"):
        mv(p, "Δ8-Δ5")


def test_blocked_piece_has_no_moves_but_others_do():
    # White Α1 shut in by Β1 (own) and Α2 (enemy): only Β1 moves (up or right).
    p = pos("classic", layout("classic", "w", P="Α1 Β1", p="Α2 Θ8"))
    assert not any(t.startswith("Α1-") for t in texts(p)), board(p)
    assert any(t.startswith("Β1-") for t in texts(p))


# ----------------------------------------------------------------------------- custodian capture


@pytest.mark.parametrize(
    "white, black, move, captured",
    [
        # landing square S, enemy on S+d, own piece on S+2d, in each of the four directions
        ("Ζ4 Δ6", "Δ5 Θ8 Η8", "Ζ4-Δ4", "Δ5"),  # up
        ("Ζ4 Δ2", "Δ3 Θ8 Η8", "Ζ4-Δ4", "Δ3"),  # down
        ("Δ1 Β4", "Γ4 Θ8 Η8", "Δ1-Δ4", "Γ4"),  # left
        ("Δ1 Ζ4", "Ε4 Θ8 Η8", "Δ1-Δ4", "Ε4"),  # right
    ],
)
def test_custodian_capture_in_each_direction(white, black, move, captured):
    p = pos("classic", layout("classic", "w", P=white, p=black))
    m = mv(p, move)
    assert [name(c) for c in m.captures] == [captured], board(p)
    q = p.play(m)
    assert q.letter_at(sq(captured)) is None
    assert q.count(1) == p.count(1) - 1 and q.count(0) == p.count(0)


def test_black_captures_too():
    p = pos("classic", layout("classic", "b", P="Δ5 Α1 Β1", p="Ζ4 Δ6"))
    q = after(p, "Ζ4-Δ4xΔ5")
    assert q.letter_at(sq("Δ5")) is None and q.count(0) == 2


def test_two_enemies_in_a_row_are_not_captured():
    # Black Δ5 and Δ6 between White landing on Δ4 and White Δ7.
    p = pos("classic", layout("classic", "w", P="Ζ4 Δ7", p="Δ5 Δ6 Θ8"))
    m = mv(p, "Ζ4-Δ4")
    assert m.captures == (), board(p)
    assert p.play(m).count(1) == 3


def test_the_board_edge_is_not_hostile():
    # Black Α4 between White landing on Β4 and the edge; black Δ1 between Ε1... and the bottom edge.
    p = pos("classic", layout("classic", "w", P="Β1 Η4", p="Α4 Δ8 Θ8"))
    assert mv(p, "Β1-Β4").captures == (), board(p)
    p = pos("classic", layout("classic", "w", P="Η2 Α5", p="Δ1 Θ8"))
    assert mv(p, "Η2-Δ2").captures == ()  # Δ1 sits between Δ2 and the bottom edge


def test_false_capture_a_piece_may_move_between_two_enemies_unharmed():
    # White moves Δ1-Δ4 between Black Γ4 and Ε4: nothing is captured, both stay.
    p = pos("classic", layout("classic", "w", P="Δ1 Α1", p="Γ4 Ε4 Θ8"))
    q = after(p, "Δ1-Δ4")
    assert q.letter_at(sq("Δ4")) == "P", board(q)
    assert q.count(0) == 2 and q.count(1) == 3
    # ... and no Black reply captures it (Δ3 and Δ5 hold no black partner).
    assert all(sq("Δ4") not in m.captures for m in q.legal_moves())


def test_only_the_mover_captures():
    # White moves Θ1-Θ2 while a white piece already sits between two black ones (Γ4 / Ε4 around
    # Δ4): nobody is captured; and a black move elsewhere does not capture Δ4 either.
    p = pos("classic", layout("classic", "w", P="Δ4 Θ1", p="Γ4 Ε4 Α8"))
    q = after(p, "Θ1-Θ2")
    assert q.letter_at(sq("Δ4")) == "P"
    q = after(q, "Α8-Α7")
    assert q.letter_at(sq("Δ4")) == "P", board(q)


def test_pre_existing_sandwich_is_not_captured_by_an_unrelated_move():
    # Black Ζ5 already stands between White Ε5 and Η5; a White move that does not land next to it
    # captures nothing: captures are judged around the landing square only.
    p = pos("classic", layout("classic", "w", P="Ε5 Η5 Α1", p="Ζ5 Θ8"))
    q = after(p, "Α1-Α2")
    assert q.letter_at(sq("Ζ5")) == "p", board(q)
    # Moving a captor away and back does capture (the move closes the sandwich).
    p = pos("classic", layout("classic", "w", P="Ε5 Η4 Α1", p="Ζ5 Θ8"))
    assert [name(c) for c in mv(p, "Η4-Η5").captures] == ["Ζ5"]


def test_three_captures_at_once_are_removed_together():
    # White Δ1-Δ4 lands between Γ4 (Β4 behind), Ε4 (Ζ4 behind) and Δ5 (Δ6 behind).
    p = pos("classic", layout("classic", "w", P="Δ1 Β4 Ζ4 Δ6", p="Γ4 Ε4 Δ5 Θ8 Η8"))
    m = mv(p, "Δ1-Δ4xΓ4xΕ4xΔ5")
    assert {name(c) for c in m.captures} == {"Γ4", "Ε4", "Δ5"}, board(p)
    q = p.play(m)
    assert squares_of(q, "p") == {"Θ8", "Η8"}
    assert squares_of(q, "P") == {"Δ4", "Β4", "Ζ4", "Δ6"}
    assert q.side_to_move == "b"


def test_capture_is_judged_on_the_board_right_after_landing():
    # Black Ε4 is sandwiched by the landing (Δ4) and Ζ4; Black Γ4 only by Δ4 and Β4.
    # Removing one captured piece never changes whether another is captured, and pieces not next
    # to the landing square (the Θ4 black piece, "behind" Ζ4) are untouched.
    p = pos("classic", layout("classic", "w", P="Δ1 Β4 Ζ4", p="Γ4 Ε4 Θ4 Η8"))
    q = after(p, "Δ1-Δ4xΓ4xΕ4")
    assert squares_of(q, "p") == {"Θ4", "Η8"}, board(q)


def test_wrong_capture_list_is_rejected():
    p = pos("classic", layout("classic", "w", P="Ζ4 Δ6", p="Δ5 Θ8 Η8"))
    with pytest.raises(NotationError):
        mv(p, "Ζ4-Δ4xΔ3")
    with pytest.raises(NotationError):
        mv(p, "Ζ4-Δ4xΔ5xΓ4")
    p2 = pos("classic", layout("classic", "w", P="Ζ4 Δ7", p="Δ5 Θ8 Η8"))
    with pytest.raises(NotationError):
        mv(p2, "Ζ4-Δ4xΔ5")  # no capture here


# ----------------------------------------------------------------------------- all custodian rulesets

_PLAIN = {"classic": ("P", "p"), "vagi": ("O", "o"), "poleis": ("O", "o")}


@pytest.mark.parametrize("ruleset", ["classic", "vagi", "poleis"])
def test_custodian_capture_and_false_capture_on_every_8x8_ruleset(ruleset):
    W, B = _PLAIN[ruleset]
    p = pos(ruleset, layout(ruleset, "w", **{W: "Ζ4 Δ6 Α1", B: "Δ5 Θ8 Η8"}))
    assert [name(c) for c in mv(p, "Ζ4-Δ4").captures] == ["Δ5"]
    p = pos(ruleset, layout(ruleset, "w", **{W: "Δ1 Α1", B: "Γ4 Ε4 Θ8"}))
    q = after(p, "Δ1-Δ4")
    assert q.count(0) == 2 and q.count(1) == 3
    p = pos(ruleset, layout(ruleset, "w", **{W: "Ζ4 Δ7 Α1", B: "Δ5 Δ6 Θ8"}))
    assert mv(p, "Ζ4-Δ4").captures == ()


@pytest.mark.parametrize("ruleset", ["tournament", "kubeia"])
def test_peltast_custodian_capture_on_the_big_board(ruleset):
    # Peltasts: Α1.. Peltast Ζ4 slides to Δ4 and takes Δ5 against Δ6.
    fields = "dice=66" if ruleset == "kubeia" else ""
    text = layout(ruleset, "w", fields, P="Ζ4 Δ6 Α1", H="Μ1", B="Ζ1", p="Δ5 Α8", h="Μ8", b="Η8")
    p = pos(ruleset, text)
    m = mv(p, "Ζ4-Δ4")
    assert [name(c, 12) for c in m.captures] == ["Δ5"], board(p)

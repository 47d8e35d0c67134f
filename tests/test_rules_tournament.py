"""RULES.md §5: Petteia pros skiamachian (id ``tournament``), 12×8.

Letters: ``P`` Peltast, ``H`` Hoplite, ``B`` Basileus (White upper case). Columns
Α Β Γ Δ Ε Ζ Η Θ Ι Κ Λ Μ; White's back row is 1, Black's is 8.
"""

import dataclasses

import pytest

from support import after, board, layout, mv, name, pos, squares_of, texts
from petteia_core import Game, NotationError, Position, get_rules

T = "tournament"
W = 12


def tp(side="w", fields="", **pieces):
    return pos(T, layout(T, side, fields, **pieces))


def s12(square):
    from support import sq

    return sq(square, 12)


def caps(p, move):
    return {name(c, W) for c in mv(p, move).captures}


# ----------------------------------------------------------------------------- setup


def test_setup_squares():
    p = Position.start(T)
    assert (p.width, p.height) == (12, 8)
    assert p.to_string() == "hhhhhhhhhhhh/pppppppppppp/6b5/12/12/5B6/PPPPPPPPPPPP/HHHHHHHHHHHH w"
    cols = "ΑΒΓΔΕΖΗΘΙΚΛΜ"
    assert squares_of(p, "H") == {f"{c}1" for c in cols}
    assert squares_of(p, "P") == {f"{c}2" for c in cols}
    assert squares_of(p, "B") == {"Ζ3"}
    assert squares_of(p, "h") == {f"{c}8" for c in cols}
    assert squares_of(p, "p") == {f"{c}7" for c in cols}
    assert squares_of(p, "b") == {"Η6"}
    assert p.side_to_move == "w" and p.result is None
    assert len(p.legal_moves()) == 57


def test_mirrored_setup_is_an_option():
    rules = dataclasses.replace(get_rules(T), basileus_squares=("Η3", "Ζ6"))
    p = Position.start(rules)
    assert squares_of(p, "B") == {"Η3"} and squares_of(p, "b") == {"Ζ6"}
    assert squares_of(Position.start(T), "B") == {"Ζ3"}  # the default is unchanged


# ----------------------------------------------------------------------------- movement

# Reserve pieces so that both armies are complete (no decimation, no rout) and out of the way.
RESERVE_W = dict(H="Μ1", B="Λ1")
RESERVE_B = dict(p="Μ8", h="Λ8", b="Κ8")


def test_hoplite_moves_at_most_six_squares():
    p = tp(H="Α1 Μ1", P="Μ2", B="Λ1", **RESERVE_B)
    dests = {t for t in texts(p) if t.startswith("Α1-")}
    assert dests == {f"Α1-Α{r}" for r in range(2, 8)} | {f"Α1-{c}1" for c in "ΒΓΔΕΖΗ"}, board(p)
    with pytest.raises(NotationError, match="at most 6"):
        mv(p, "Α1-Α8")
    with pytest.raises(NotationError, match="at most 6"):
        mv(p, "Α1-Θ1")


@pytest.mark.parametrize("letter", ["P", "B"])
def test_peltast_and_basileus_move_any_distance(letter):
    pieces = {"P": "Α1 Μ3", "H": "Μ1", "B": "Λ1"}
    if letter == "B":
        pieces = {"P": "Μ3 Μ2", "H": "Λ1", "B": "Α1"}
    p = tp(**pieces, p="Μ8", h="Λ8", b="Κ7")
    dests = {t for t in texts(p) if t.startswith("Α1-")}
    assert {"Α1-Α8", "Α1-Κ1"} <= dests, board(p)
    assert len(dests) == 7 + 9


# ----------------------------------------------------------------------------- captures


def test_peltast_captured_by_any_two_enemies():
    # H mover + H partner, P + P, B + P, P + B: all take the Peltast on Δ5.
    for mover, partner in (("H", "H"), ("P", "P"), ("B", "P"), ("P", "B")):
        pieces = {"P": "Α3", "H": "Α2", "B": "Α4"}
        pieces = {k: v for k, v in pieces.items() if k not in (mover, partner)}
        extra = {mover: "Ζ4"}
        if partner == mover:
            extra = {mover: "Ζ4 Δ6"}
        else:
            extra[partner] = "Δ6"
        for k, v in pieces.items():
            extra[k] = (extra.get(k, "") + " " + v).strip()
        p = tp(**extra, p="Δ5 Μ8", h="Λ8", b="Κ8")
        assert caps(p, "Ζ4-Δ4") == {"Δ5"}, (mover, partner, board(p))


@pytest.mark.parametrize(
    "white, captured",
    [
        (dict(P="Ζ4 Δ6", H="Α1", B="Μ1"), False),  # two Peltasts cannot take a Hoplite
        (dict(H="Ζ4", P="Δ6", B="Μ1"), True),  # the moving Hoplite
        (dict(P="Ζ4", H="Δ6", B="Μ1"), True),  # the stationary partner is a Hoplite
        (dict(B="Ζ4", P="Δ6 Α1", H="Μ1"), True),  # the moving Basileus
        (dict(P="Ζ4", B="Δ6", H="Μ1"), True),  # the stationary partner is the Basileus
    ],
)
def test_hoplite_needs_a_hoplite_or_the_basileus_among_its_captors(white, captured):
    p = tp(**white, h="Δ5 Λ8", p="Μ8", b="Κ8")
    assert caps(p, "Ζ4-Δ4") == ({"Δ5"} if captured else set()), board(p)
    q = after(p, "Ζ4-Δ4")
    assert (q.letter_at(s12("Δ5")) is None) == captured


def test_black_captures_hoplites_by_the_same_class_rule():
    p = tp("b", p="Ζ5 Δ3", h="Μ8", b="Κ8", H="Δ4 Α1", P="Μ1", B="Λ1")
    assert caps(p, "Ζ5-Δ5") == set(), board(p)
    p = tp("b", p="Δ3 Μ8", h="Ζ5", b="Κ8", H="Δ4 Α1", P="Μ1", B="Λ1")
    assert caps(p, "Ζ5-Δ5") == {"Δ4"}


@pytest.mark.parametrize(
    "black_corner, white, captured",
    [
        ("p", dict(P="Α2 Ε1", H="Μ2", B="Λ2"), True),  # Peltast: any two
        ("h", dict(P="Α2 Ε1", H="Μ2", B="Λ2"), False),  # Hoplite: two Peltasts do not take it
        ("h", dict(H="Α2", P="Ε1 Μ2", B="Λ2"), True),  # ... a stationary Hoplite does
        ("h", dict(P="Α2 Μ2", H="Ε1", B="Λ2"), True),  # ... and so does a moving one
        ("h", dict(P="Α2 Μ2", B="Ε1", H="Λ2"), True),  # ... or the moving Basileus
    ],
)
def test_corner_capture(black_corner, white, captured):
    # Black piece in the corner Α1; White holds Α2 and closes Β1 with Ε1-Β1.
    black = {"p": "Μ8", "h": "Λ8", "b": "Κ8"}
    black[black_corner] = black[black_corner] + " Α1"
    p = tp(**white, **black)
    assert caps(p, "Ε1-Β1") == ({"Α1"} if captured else set()), board(p)


def test_corner_capture_in_every_corner_and_by_black():
    # Black closes Λ1 against White Peltast in Μ1 (partner Μ2).
    p = tp("b", P="Μ1 Α5", H="Α3", B="Α4", p="Λ5 Μ2", h="Λ8", b="Κ8")
    assert caps(p, "Λ5-Λ1") == {"Μ1"}, board(p)
    # White closes Μ7 against Black Peltast in Μ8 (partner Λ8).
    p = tp(P="Λ8 Μ3", H="Α1", B="Β1", p="Μ8 Α7", h="Α8", b="Γ8")
    assert caps(p, "Μ3-Μ7") == {"Μ8"}, board(p)
    # Α8: White closes Β8 (partner Α7).
    p = tp(P="Α7 Β3", H="Μ1", B="Λ1", p="Α8 Μ7", h="Μ8", b="Κ8")
    assert caps(p, "Β3-Β8") == {"Α8"}, board(p)


def test_corner_capture_needs_the_move_to_close_it():
    # Α1 already shut by White Β1 and Α2: an unrelated White move captures nothing.
    p = tp(P="Β1 Α2 Ε5", H="Μ2", B="Λ2", p="Α1 Μ8", h="Λ8", b="Κ8")
    q = after(p, "Ε5-Ε4")
    assert q.letter_at(s12("Α1")) == "p", board(q)


def test_no_corner_capture_of_a_piece_next_to_the_corner():
    # Black Β1 (not in the corner) with White on Α1... only custodian capture applies.
    p = tp(P="Α1 Ε2", H="Μ2", B="Λ2", p="Β1 Μ8", h="Λ8", b="Κ8")
    assert caps(p, "Ε2-Β2") == set(), board(p)


def test_basileus_is_not_captured_custodially():
    # Black Basileus Δ5 between two White Hoplites after the move: not captured.
    p = tp(H="Ζ4 Δ6", P="Α1", B="Μ1", b="Δ5", p="Μ8", h="Λ8")
    m = mv(p, "Ζ4-Δ4")
    assert m.captures == (), board(p)
    assert after(p, "Ζ4-Δ4").letter_at(s12("Δ5")) == "b"
    # nor by corner capture: Black Basileus in the corner Α8, White Peltasts close Β8 and Α7
    p = tp(P="Α7 Β3 Μ1", H="Μ2", B="Λ2", b="Α8", p="Μ8", h="Λ8")
    assert caps(p, "Β3-Β8") == set(), board(p)


ENCLOSE_OPEN = [
    # stationary White pieces on Δ5, Ζ5, Ε6 around the Black Basileus on Ε5; mover Ε1-Ε4.
    (dict(H="Δ5 Ζ5", P="Ε6 Ε1", B="Μ1"), True),  # two Hoplites
    (dict(H="Δ5 Μ1", P="Ζ5 Ε6 Ε1", B="Λ1"), False),  # one Hoplite is not enough in the open
    (dict(H="Δ5 Ε1", P="Ζ5 Ε6", B="Μ1"), True),  # the moving Hoplite is the second one
    (dict(P="Δ5 Ζ5 Ε6 Ε1", H="Μ1", B="Λ1"), False),  # Peltasts only
    (dict(B="Δ5", P="Ζ5 Ε6 Ε1", H="Μ1"), True),  # the (stationary) White Basileus
    (dict(B="Ε1", P="Δ5 Ζ5 Ε6", H="Μ1"), True),  # the moving White Basileus
]


@pytest.mark.parametrize("white, captured", ENCLOSE_OPEN)
def test_basileus_enclosure_in_the_open(white, captured):
    p = tp(**white, b="Ε5", p="Μ8", h="Λ8")
    g = Game(T, p)
    m = g.play("Ε1-Ε4")
    assert ({name(c, W) for c in m.captures} == {"Ε5"}) == captured, board(p)
    assert (str(g.result) == "1-0 (rout)") == captured
    if not captured:
        assert g.result is None


@pytest.mark.parametrize(
    "white, captured",
    [
        (dict(H="Α4", P="Β5 Ε6", B="Μ1"), True),  # one Hoplite is enough on the edge
        (dict(P="Α4 Β5 Ε6", H="Μ1", B="Λ1"), False),
        (dict(B="Α4", P="Β5 Ε6", H="Μ1"), True),
    ],
)
def test_basileus_enclosure_on_the_edge(white, captured):
    # Black Basileus on the left edge Α5 (neighbours Α4, Β5, Α6); White closes Α6 with Ε6-Α6.
    p = tp(**white, b="Α5", p="Μ8", h="Λ8")
    g = Game(T, p)
    m = g.play("Ε6-Α6")
    assert ({name(c, W) for c in m.captures} == {"Α5"}) == captured, board(p)
    assert (g.result is not None and g.result.reason == "rout") == captured


@pytest.mark.parametrize(
    "white, captured",
    [
        (dict(H="Α7", P="Β3", B="Μ1"), True),  # one Hoplite in a corner
        (dict(P="Α7 Β3", H="Μ1", B="Λ1"), False),
        (dict(B="Α7", P="Β3", H="Μ1"), True),
        (dict(P="Α7", H="Β3", B="Μ1"), True),  # the moving Hoplite
    ],
)
def test_basileus_enclosure_in_a_corner(white, captured):
    # Black Basileus in the corner Α8 (neighbours Β8, Α7); White closes Β8 with Β3-Β8.
    p = tp(**white, b="Α8", p="Μ8", h="Λ8")
    g = Game(T, p)
    m = g.play("Β3-Β8")
    assert ({name(c, W) for c in m.captures} == {"Α8"}) == captured, board(p)
    assert (str(g.result) == "1-0 (rout)") == captured


def test_enclosure_must_be_completed_by_the_move():
    # The ring around Ε5 is already closed (two Hoplites); an unrelated White move does not take it.
    p = tp(H="Δ5 Ζ5", P="Ε6 Ε4 Α1", B="Μ1", b="Ε5", p="Μ8", h="Λ8")
    assert p.result is None
    g = Game(T, p)
    g.play("Α1-Α2")
    assert g.position.letter_at(s12("Ε5")) == "b", board(g.position)
    assert g.result is None


def test_enclosure_needs_every_neighbour_to_be_an_enemy():
    # One of the four neighbours is a Black piece: no capture.
    p = tp(H="Δ5 Ζ5", P="Ε1", B="Μ1", b="Ε5", p="Ε6 Μ8", h="Λ8")
    assert caps(p, "Ε1-Ε4") == set(), board(p)


def test_black_routs_white_too():
    # White Basileus on Ε4 (neighbours Δ4, Ζ4, Ε3, Ε5): Black Hoplites Δ4, Ζ4, Peltast Ε3; a
    # Black Peltast closes Ε5 from Θ5.
    p = tp("b", H="Μ1 Μ2", P="Α1", B="Ε4", h="Δ4 Ζ4", p="Ε3 Θ5", b="Μ8")
    g = Game(T, p)
    g.play("Θ5-Ε5")
    assert str(g.result) == "0-1 (rout)", board(g.position)


# ----------------------------------------------------------------------------- mandatory capture


def test_mandatory_capture_any_capturing_move_allowed_non_capturing_forbidden():
    # Three different captures are available: Ζ4-Δ4xΔ5, Α2-Α6xΑ7 and Δ6-Α6xΑ7.
    p = tp(P="Ζ4 Δ6 Α2", H="Μ1 Α8", B="Λ1", p="Δ5 Α7", h="Λ8", b="Κ8")
    legal = texts(p)
    assert legal == {"Ζ4-Δ4xΔ5", "Α2-Α6xΑ7", "Δ6-Α6xΑ7"}, board(p)
    for text in legal:
        after(p, text)  # each is playable
    with pytest.raises(NotationError, match="mandatory"):
        mv(p, "Μ1-Μ2")
    with pytest.raises(NotationError, match="mandatory"):
        mv(p, "Ζ4-Ζ5")


def test_without_a_capture_every_move_is_allowed():
    p = tp(P="Ζ4 Δ7 Α3", H="Μ1", B="Λ1", p="Δ5 Μ8", h="Λ8", b="Κ8")
    assert all(not m.captures for m in p.legal_moves())
    assert "Μ1-Μ2" in texts(p)


def test_mandatory_capture_is_an_option():
    rules = dataclasses.replace(get_rules(T), mandatory_capture=False)
    text = layout(T, "w", P="Ζ4 Δ6 Α2", H="Μ1 Α8", B="Λ1", p="Δ5 Α7", h="Λ8", b="Κ8")
    p = pos(rules, text)
    assert "Μ1-Μ2" in texts(p)
    assert "Ζ4-Δ4xΔ5" in texts(p)


# ----------------------------------------------------------------------------- the seed's sacrifice

SACRIFICE = layout(T, "w", P="Β2 Ζ5 Θ5 Η4", H="Ε1 Ζ1", B="Λ6", p="Η6 Α6", h="Μ8", b="Η5")


def test_sacrifice_position_is_legal_and_quiet():
    p = pos(T, SACRIFICE)
    assert p.result is None, board(p)
    assert all(not m.captures for m in p.legal_moves())
    assert "Β2-Β6" in texts(p)
    assert pos(T, SACRIFICE).to_string() == SACRIFICE


def test_the_seeds_sacrifice_combination():
    g = Game(T, SACRIFICE)
    m1 = g.play("Β2-Β6")
    assert m1.captures == ()
    # Black must capture, and the only capture is the Peltast from Η6 to Γ6 (partner Α6).
    assert [m.text(W) for m in g.legal_moves()] == ["Η6-Γ6xΒ6"], board(g.position)
    with pytest.raises(NotationError, match="mandatory"):
        g.play("Η6-Η7")
    m2 = g.play("Η6-Γ6xΒ6")
    assert g.position.letter_at(s12("Β6")) is None and g.position.letter_at(s12("Η6")) is None
    assert g.result is None
    # Η6 is free: the White Basileus goes Λ6-Η6 and encloses the Black Basileus on Η5.
    assert "Λ6-Η6xΗ5" in [m.text(W) for m in g.legal_moves()]
    m3 = g.play("Λ6-Η6xΗ5")
    assert [name(c, W) for c in m3.captures] == ["Η5"]
    assert str(g.result) == "1-0 (rout)", board(g.position)
    assert [m.text(W) for m in (m1, m2, m3)] == ["Β2-Β6", "Η6-Γ6xΒ6", "Λ6-Η6xΗ5"]


def test_the_sacrifice_works_because_capture_is_mandatory():
    rules = dataclasses.replace(get_rules(T), mandatory_capture=False)
    p = after(pos(rules, SACRIFICE), "Β2-Β6")
    assert len(p.legal_moves()) > 1 and "Η6-Η7" in texts(p)


# ----------------------------------------------------------------------------- end conditions


def test_rout_wins_before_decimation():
    # Ε1-Ε4 encloses the Black Basileus on Ε5 (two Hoplites among the enclosers): rout.
    p = tp(H="Δ5 Ζ5 Θ3", P="Ε6 Ε1", B="Μ1", b="Ε5", h="Θ4", p="Μ8")
    g = Game(T, p)
    g.play("Ε1-Ε4")
    assert str(g.result) == "1-0 (rout)"
    # Both at once: Ε1-Ε4 encloses Ε5 and takes the last Black Hoplite Δ4 (against Γ4).
    p = tp(H="Δ5 Ζ5 Ε1", P="Ε6 Γ4", B="Μ1", b="Ε5", h="Δ4", p="Μ8")
    m = mv(p, "Ε1-Ε4")
    assert {name(c, W) for c in m.captures} == {"Ε5", "Δ4"}, board(p)
    g = Game(T, p)
    g.play(m)
    assert str(g.result) == "1-0 (rout)"


@pytest.mark.parametrize(
    "black, last",
    [(dict(p="Δ5", h="Λ8 Κ8", b="Μ8"), "Peltast"), (dict(h="Δ5", p="Λ8 Κ8", b="Μ8"), "Hoplite")],
)
def test_decimation_last_peltast_or_last_hoplite(black, last):
    p = tp(H="Ζ4 Δ6", P="Α1", B="Μ1", **black)
    g = Game(T, p)
    g.play("Ζ4-Δ4xΔ5")
    assert str(g.result) == "1-0 (decimation)", (last, board(g.position))


def test_position_without_a_peltast_is_decided():
    p = tp("b", H="Α1", B="Μ1", p="Μ8", h="Λ8", b="Κ8")
    assert str(p.result) == "0-1 (decimation)"


@pytest.mark.parametrize(
    "side, pieces, move, expected",
    [
        ("w", dict(B="Γ1", P="Α1", H="Μ1", p="Μ8", h="Λ8", b="Κ8"), "Γ1-Γ8", "1-0 (breakthrough)"),
        ("b", dict(B="Γ1", P="Α1", H="Μ1", p="Μ8", h="Λ8", b="Ε8"), "Ε8-Ε1", "0-1 (breakthrough)"),
    ],
)
def test_breakthrough(side, pieces, move, expected):
    p = tp(side, **pieces)
    g = Game(T, p)
    g.play(move)
    assert str(g.result) == expected, board(g.position)


def test_own_back_row_is_not_a_breakthrough():
    p = tp(B="Γ3", P="Α2", H="Μ2", p="Μ8", h="Λ8", b="Κ8")
    assert after(p, "Γ3-Γ1").result is None


def test_siege_the_opponent_has_no_legal_move():
    # Black Α8 p, Β8 h, Γ8 b are shut in by Α7, Β7, Γ7 and the Peltast arriving on Δ8.
    p = tp(P="Α7 Γ7 Δ1", H="Β7", B="Μ1", p="Α8", h="Β8", b="Γ8")
    assert all(not m.captures for m in p.legal_moves()), board(p)
    g = Game(T, p)
    g.play("Δ1-Δ8")
    assert str(g.result) == "1-0 (siege)", board(g.position)


# Refusal of battle. White: passive pieces Α1 (P), Β1 (H), Γ1 (B) far from Black; the active Peltast
# Ι4 can reach Ι7 next to the Black Peltast Ι8. Black: Ι8 p, Κ8 h, Λ8 b.
REFUSAL = dict(P="Α1 Ι4", H="Β1", B="Γ1", p="Ι8", h="Κ8", b="Λ8")


def refusal(side="w", passive="2,0", extra="", **changes):
    pieces = dict(REFUSAL, **changes)
    fields = f"passive={passive}" + (" " + extra if extra else "")
    return tp(side, fields, **pieces)


def test_active_and_passive_pieces():
    p = refusal(passive="0,0")
    active = {name(s, W) for s in range(96) if p.active_pieces() >> s & 1}
    assert active == {"Ι4"}, board(p)


def test_third_passive_move_loses_by_refusal_of_battle():
    g = Game(T, refusal(passive="2,0"))
    g.play("Α1-Α2")
    assert g.position.passive == (3, 0)
    assert str(g.result) == "0-1 (refusal of battle)", board(g.position)


def test_refusal_count_goes_up_by_one():
    g = Game(T, refusal(passive="1,0"))
    g.play("Α1-Α2")
    assert g.position.passive == (2, 0) and g.result is None
    g = Game(T, refusal(passive="0,0"))
    g.play("Β1-Β2")
    assert g.position.passive == (1, 0)


def test_moving_an_active_piece_resets_the_count_wherever_it_lands():
    for move in ("Ι4-Ι7", "Ι4-Ι3", "Ι4-Θ4"):
        g = Game(T, refusal(passive="2,0"))
        g.play(move)
        assert g.position.passive == (0, 0), move
        assert g.result is None


def test_with_no_active_piece_any_move_resets_the_count():
    # Without Ι4, White has no active piece: the passive move is not a refusal.
    g = Game(T, refusal(passive="2,0", P="Α1 Α3"))
    assert g.position.active_pieces() == 0
    g.play("Α1-Α2")
    assert g.position.passive == (0, 0) and g.result is None


def test_black_refuses_battle_too():
    g = Game(T, refusal("b", passive="0,2"))
    g.play("Λ8-Λ7")
    assert str(g.result) == "1-0 (refusal of battle)", board(g.position)


def test_a_piece_touching_an_enemy_that_cannot_reach_another_contact_square_is_passive():
    # White Peltast Δ4 touches Black Δ5 but none of its destinations touches a Black piece.
    p = refusal(passive="2,0", P="Α1 Ι4 Δ4", p="Ι8 Δ5")
    assert not (p.active_pieces() >> s12("Δ4")) & 1, board(p)
    g = Game(T, p)
    g.play("Δ4-Δ3")
    assert str(g.result) == "0-1 (refusal of battle)"


def test_a_touching_piece_that_can_reach_another_contact_square_is_active():
    # Black Ζ3 makes Ζ4 (reachable from Δ4 along row 4) a contact square.
    p = refusal(passive="2,0", P="Α1 Ι4 Δ4", p="Ι8 Δ5 Ζ3")
    assert (p.active_pieces() >> s12("Δ4")) & 1, board(p)
    g = Game(T, p)
    g.play("Δ4-Δ3")
    assert g.position.passive == (0, 0) and g.result is None


def test_activity_is_judged_before_the_mandatory_capture_filter():
    # Ζ4-Δ4xΔ5 is the only legal move (mandatory capture), yet Ι4 is still an active piece.
    p = refusal(passive="0,0", P="Α1 Ι4 Ζ4 Δ6", p="Ι8 Δ5")
    assert texts(p) == {"Ζ4-Δ4xΔ5"}, board(p)
    active = {name(s, W) for s in range(96) if p.active_pieces() >> s & 1}
    assert {"Ι4", "Ζ4"} <= active


def test_breakthrough_wins_on_what_would_be_the_third_refusal():
    # The White Basileus Γ1 is passive; Γ1-Γ8 would be the third passive move, but it is a
    # breakthrough, which comes first in the list.
    p = refusal(passive="2,0")
    assert not (p.active_pieces() >> s12("Γ1")) & 1
    g = Game(T, p)
    g.play("Γ1-Γ8")
    assert str(g.result) == "1-0 (breakthrough)", board(g.position)


def test_refusal_comes_before_superiority():
    # The third passive move is also the 100th quiet move: refusal of battle decides (White loses
    # although White has more pieces).
    g = Game(T, refusal(passive="2,0", extra="quiet=99"))
    g.play("Α1-Α2")
    assert str(g.result) == "0-1 (refusal of battle)"


@pytest.mark.parametrize(
    "pieces, expected",
    [
        (dict(P="Α1 Α2", H="Β1", B="Γ1", p="Μ8", h="Λ8", b="Κ8"), "1-0 (superiority)"),
        (dict(P="Α1", H="Β1", B="Γ1", p="Μ8 Μ7", h="Λ8", b="Κ8"), "0-1 (superiority)"),
        (dict(P="Α1", H="Β1", B="Γ1", p="Μ8", h="Λ8", b="Κ8"), "½-½ (equal forces)"),
    ],
)
def test_superiority_or_equal_forces_after_100_quiet_moves(pieces, expected):
    g = Game(T, tp("w", "quiet=99", **pieces))
    assert g.result is None
    g.play("Α1-Α3" if "Α2" not in pieces["P"] else "Α2-Α3")
    assert g.position.quiet == 100
    assert str(g.result) == expected
    g = Game(T, tp("w", "quiet=98", **pieces))
    g.play("Β1-Β2")
    assert g.result is None


def test_no_repetition_rule():
    g = Game(T, tp(P="Α1", H="Β1", B="Γ1", p="Μ8", h="Λ8", b="Κ8"))
    for _ in range(4):
        for move in ("Α1-Α2", "Μ8-Μ7", "Α2-Α1", "Μ7-Μ8"):
            g.play(move)
    assert g.repetitions() >= 3
    assert g.result is None


def test_resignation_and_agreement():
    g = Game(T)
    g.play("Α2-Α3")
    r = g.resign()  # Black, to move, resigns
    assert str(r) == "1-0 (resignation)" and str(g.result) == r.__str__()
    with pytest.raises(NotationError):
        g.play("Α7-Α6")
    g.undo()
    assert g.result is None
    assert str(g.resign("w")) == "0-1 (resignation)"
    g.undo()
    assert str(g.agree_draw()) == "½-½ (agreement)"
    assert g.legal_moves() == []

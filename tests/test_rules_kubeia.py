"""RULES.md §6: Kubeia pros skiamachian (id ``kubeia``): tournament rules moved by two dice."""

import dataclasses
import itertools
import random

import pytest

from support import board, layout, mv, name, pos, texts
from petteia_core import Game, NotationError, Position, get_rules

K = "kubeia"
W = 12


def kp(side="w", fields="", **pieces):
    return pos(K, layout(K, side, fields, **pieces))


def s12(square):
    from support import sq

    return sq(square, 12)


ALL_ROLLS = [(a, b) for a, b in itertools.product(range(1, 7), repeat=2) if a >= b]


def reference_slides(p, hi, lo):
    """Every (from, to) a piece of the side to move may slide to with roll (hi, lo), written
    independently of the engine from RULES.md §6 (no capture filter)."""
    out = set()
    own = p.occ[p.turn]
    allp = p.occ[0] | p.occ[1]
    for s in range(W * 8):
        if not own >> s & 1:
            continue
        letter = p.letter_at(s).upper()
        if letter == "P":
            ok = set(range(1, hi + 1))
        elif letter == "H":
            ok = set(range(1, lo + 1))
        else:
            ok = set(range(1, lo + 1)) | {hi}
        r, c = divmod(s, W)
        for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1)):
            d, rr, cc = 0, r, c
            while True:
                d += 1
                rr, cc = rr + dr, cc + dc
                if not (0 <= rr < 8 and 0 <= cc < W) or allp >> (rr * W + cc) & 1:
                    break
                if d in ok:
                    out.add((s, rr * W + cc))
    return out


NO_MANDATORY = dataclasses.replace(get_rules(K), mandatory_capture=False)


@pytest.mark.parametrize("roll", ALL_ROLLS, ids=lambda r: f"{r[0]}{r[1]}")
def test_dice_distances_for_every_roll(roll):
    # Peltast 1..high, Hoplite 1..low, Basileus 1..low or exactly high, on an open board.
    text = layout(K, "w", "dice=%d%d" % roll, P="Β2 Ι5", H="Ε2 Δ6", B="Θ2", p="Μ8 Α8", h="Λ8", b="Κ8")
    p = pos(NO_MANDATORY, text)
    got = {(m.frm, m.to) for m in p.legal_moves()}
    assert got == reference_slides(p, *roll), board(p)
    # the tournament preset gives the same moves here (no capture is possible)
    q = pos(K, text)
    assert all(not m.captures for m in q.legal_moves())
    assert {(m.frm, m.to) for m in q.legal_moves()} == got


def test_dice_examples_roll_52():
    p = kp("w", "dice=52", P="Β2", H="Ε2", B="Θ2", p="Μ8", h="Λ8", b="Κ8")
    moves = texts(p)
    assert "Β2-Β7" in moves and "Β2-Β8" not in moves  # Peltast up to 5
    assert "Ε2-Ε4" in moves and "Ε2-Ε5" not in moves  # Hoplite up to 2
    assert {t for t in moves if t.startswith("Θ2-Θ")} == {"Θ2-Θ3", "Θ2-Θ4", "Θ2-Θ7", "Θ2-Θ1"}  # Hermes
    with pytest.raises(NotationError, match="roll 52"):
        mv(p, "Θ2-Θ5")


def test_roll_is_written_higher_die_first():
    g = Game(K)
    assert g.roll((3, 6)) == (6, 3)
    g.play("Α2-Α4")
    assert "1) 63 Α2-Α4" in g.record()
    assert Position.from_string(K, Position.start(K).to_string() + " dice=36").dice == (6, 3)


def test_hand_of_zeus_the_same_player_moves_again_and_doubles_may_follow():
    g = Game(K)
    g.roll("33")
    g.play("Η2-Η5")
    assert g.position.side_to_move == "w" and g.needs_roll
    assert g.position.move_no == 1
    g.roll("22")
    g.play("Α2-Α4")
    assert g.position.side_to_move == "w"
    g.roll("21")
    g.play("Β2-Β3")
    assert g.position.side_to_move == "b"
    g.roll("66")
    g.play("Α7-Α5")
    assert g.position.side_to_move == "b"
    g.roll("54")
    g.play("Β7-Β5")
    assert g.position.side_to_move == "w" and g.position.move_no == 2
    assert g.result is None
    rec = g.record()
    assert "1) 33 Η2-Η5 22 Α2-Α4 21 Β2-Β3, 66 Α7-Α5 54 Β7-Β5" in rec.replace("\n", " ")
    again = Game.from_record(rec)
    assert again.position == g.position
    assert again.history == g.history


def test_three_passive_moves_in_one_hand_of_zeus_lose():
    # Every extra move counts for refusal of battle: with the Peltast Η2 active (roll 33 reaches Η5,
    # next to the Black Basileus), three passive moves in a row lose even within one turn.
    g = Game(K)
    for roll, move in (("33", "Α2-Α4"), ("22", "Β2-Β4"), ("21", "Γ2-Γ4")):
        g.roll(roll)
        g.play(move)
    assert g.position.passive[0] == 3
    assert str(g.result) == "0-1 (refusal of battle)"


def test_extra_moves_count_for_the_quiet_count():
    pieces = dict(P="Α1", H="Β1", B="Γ1", p="Μ8", h="Λ8", b="Κ8")
    g = Game(K, kp("w", "quiet=98", **pieces))
    g.roll("11")
    g.play("Α1-Α2")
    assert g.position.quiet == 99 and g.result is None and g.position.side_to_move == "w"
    g.roll("21")
    g.play("Α2-Α3")
    assert g.position.quiet == 100
    assert str(g.result) == "½-½ (equal forces)"


# Refusal: White's passive pieces Α1 P, Β1 H, Γ1 B; Ι6 P is active on any roll (Ι7 touches Ι8).
REFUSAL = dict(P="Α1 Ι6", H="Β1", B="Γ1", p="Ι8", h="Κ8", b="Λ8")


def test_extra_moves_count_for_refusal_of_battle():
    g = Game(K, kp("w", "passive=1,0", **REFUSAL))
    g.roll("11")
    g.play("Α1-Α2")
    assert g.position.passive == (2, 0) and g.result is None
    assert g.position.side_to_move == "w"
    g.roll("21")
    g.play("Α2-Α3")
    assert str(g.result) == "0-1 (refusal of battle)", board(g.position)


def test_activity_is_judged_for_the_current_roll():
    # Ι4 reaches Ι7 (next to Ι8) only with a Peltast move of 3 or more.
    pieces = dict(REFUSAL, P="Α1 Ι4")
    p = kp("w", "passive=2,0 dice=21", **pieces)
    assert p.active_pieces() == 0, board(p)
    g = Game(K, p)
    g.play("Α1-Α2")
    assert g.position.passive == (0, 0) and g.result is None
    p = kp("w", "passive=2,0 dice=31", **pieces)
    assert (p.active_pieces() >> s12("Ι4")) & 1
    g = Game(K, p)
    g.play("Α1-Α2")
    assert str(g.result) == "0-1 (refusal of battle)"


def test_mandatory_capture_is_judged_for_the_current_roll():
    # Ζ4-Δ4 (two squares) captures Δ5 against Δ6.
    pieces = dict(P="Ζ4 Δ6", H="Α1", B="Μ1", p="Δ5 Μ8", h="Λ8", b="Κ8")
    p = kp("w", "dice=11", **pieces)
    assert all(not m.captures for m in p.legal_moves()), board(p)
    assert "Α1-Α2" in texts(p)
    p = kp("w", "dice=21", **pieces)
    assert texts(p) == {"Ζ4-Δ4xΔ5"}
    with pytest.raises(NotationError, match="mandatory"):
        mv(p, "Α1-Α2")


def test_siege_means_no_piece_can_move_at_all():
    # White Α1 H, Β1 P, Α2 B are shut in by Black Γ1, Β2, Α3 (and each other).
    pieces = dict(H="Α1", P="Β1", B="Α2", p="Γ1 Β2 Μ8", h="Α3", b="Κ8")
    p = kp("w", "", **pieces)
    assert str(p.result) == "0-1 (siege)", board(p)
    g = Game(K, p)
    assert not g.needs_roll and g.legal_moves() == []
    # One free piece: never a siege, whatever the roll (it can always move one square).
    free = dict(pieces, P="Β1 Ε4")
    for roll in ALL_ROLLS:
        q = kp("w", "dice=%d%d" % roll, **free)
        assert q.result is None and q.legal_moves(), roll


def test_cannot_move_on_the_extra_roll_of_a_hand_of_zeus_loses_by_siege():
    # After a double, the same player rolls again. (A player's own move never blocks the moved
    # piece, which can always step back to where it came from, so this is set up directly: White is
    # to move again after a double and has no movable piece.)
    pieces = dict(H="Α1", P="Β1", B="Α2", p="Γ1 Β2 Μ8", h="Α3", b="Κ8")
    p = kp("w", "move=5", **pieces)
    assert str(p.result) == "0-1 (siege)"
    g = Game(K, p)
    with pytest.raises(NotationError):
        g.roll("11")


def test_siege_after_a_move_of_the_opponent():
    # Black shuts White in with Δ5-Γ1? Black Peltast Γ5 moves down to Γ1 (4 squares, roll 44).
    pieces = dict(H="Α1", P="Β1 Μ3", B="Α2", p="Γ5 Β2 Μ8", h="Α3", b="Κ8")
    g = Game(K, kp("b", "dice=54", **pieces))
    g.play("Γ5-Γ1")
    # White still has the free Peltast Μ3: not a siege.
    assert g.result is None
    pieces = dict(H="Α1", P="Β1", B="Α2", p="Γ5 Β2 Μ8 Μ1", h="Α3", b="Κ8")
    g = Game(K, kp("b", "dice=54", **pieces))
    g.play("Γ5-Γ1")
    assert str(g.result) == "0-1 (siege)", board(g.position)


# ----------------------------------------------------------------------------- the seed's sample game

SEED_ORIGINAL = "1) 63 Α2-Α4, 32 Η6-Ζ6; 2) 31 Α1-Α3, 42 Κ7-Κ5; 3) 11 Β1-Α1, 53 Α7-Α5; 4) 65 Α1-Α2, 0-1 (renitenza)"
SEED_CORRECTED = "1) 63 Α2-Α4, 32 Η6-Ζ6; 2) 32 Α1-Α3, 42 Κ7-Κ5; 3) 21 Β1-Α1, 53 Α7-Α5; 4) 65 Α1-Α2, 0-1"


def test_seed_sample_game_is_rejected_at_the_hoplite_move_on_roll_31():
    with pytest.raises(NotationError) as exc:
        Game.from_record(SEED_ORIGINAL, K)
    msg = str(exc.value)
    assert "Α1-Α3" in msg and "31" in msg


def test_corrected_sample_game_imports_and_ends_by_refusal_of_battle():
    g = Game.from_record(SEED_CORRECTED, K)
    assert str(g.result) == "0-1 (refusal of battle)"
    assert [m.text(W) for m in g.history] == [
        "Α2-Α4", "Η6-Ζ6", "Α1-Α3", "Κ7-Κ5", "Β1-Α1", "Α7-Α5", "Α1-Α2",
    ]
    # White's count of passive moves: 0 after Α2-Α4 (an active Peltast), then 1, 2, 3.
    whites = [p.passive[0] for p in g.positions[1::2]]
    assert whites == [0, 1, 2, 3]
    # With the seed's Italian reason word the record imports too.
    g2 = Game.from_record(SEED_CORRECTED + " (renitenza)", K)
    assert g2.result == g.result
    # ... and exports and re-imports to the same game.
    g3 = Game.from_record(g.record())
    assert g3.history == g.history and g3.position == g.position and g3.result == g.result


def test_double_roll_notation_parses():
    text = "1) 63 Α2-Α4, 32 Η6-Ζ6; 2) 32 Α1-Α3, 42 Κ7-Κ5; 3) 11 Β1-Α1 65 Α1-Α2, 53 Α7-Α5"
    g = Game.from_record(text, K)
    assert [m.text(W) for m in g.history][4:] == ["Β1-Α1", "Α1-Α2", "Α7-Α5"]
    assert g.position.side_to_move == "w" and g.position.move_no == 4
    assert "3) 11 Β1-Α1 65 Α1-Α2, 53 Α7-Α5" in g.record()
    assert Game.from_record(g.record()).position == g.position


def test_a_double_without_its_extra_move_is_rejected():
    # the seed's "3) 11 Β1-Α1, 53 Α7-Α5": after a double White must move again, so Α7-Α5 (a Black
    # piece) cannot follow.
    text = "1) 63 Α2-Α4, 32 Η6-Ζ6; 2) 32 Α1-Α3, 42 Κ7-Κ5; 3) 11 Β1-Α1, 53 Α7-Α5"
    with pytest.raises(NotationError):
        Game.from_record(text, K)


@pytest.mark.parametrize(
    "word, reason",
    [
        ("renitenza", "refusal of battle"), ("assedio", "siege"), ("decimazione", "decimation"),
        ("superiorità", "superiority"), ("sbando", "rout"), ("sfondamento", "breakthrough"),
        ("abbandono", "resignation"), ("parità", "equal forces"), ("accordo", "agreement"),
    ],
)
def test_italian_result_words(word, reason):
    from petteia_core.notation import parse_result

    assert parse_result("0-1", word) == ("0-1", reason)


def test_italian_resignation_and_agreement_import():
    g = Game.from_record("1) 63 Α2-Α4, 0-1 (abbandono)", K)
    assert str(g.result) == "0-1 (resignation)"
    g = Game.from_record("1) 63 Α2-Α4, 32 Η6-Ζ6; ½-½ (accordo)", K)
    assert str(g.result) == "½-½ (agreement)"
    with pytest.raises(NotationError):
        Game.from_record("1) 63 Α2-Α4, ½-½ (parità)", K)  # the game is not over by the rules


def test_random_dice_come_from_the_injected_rng():
    g1, g2 = Game(K, rng=random.Random(7)), Game(K, rng=random.Random(7))
    for _ in range(6):
        g1.roll(), g2.roll()  # asking for the moves does not roll
        m1 = random.Random(len(g1.history)).choice(g1.legal_moves())
        m2 = random.Random(len(g2.history)).choice(g2.legal_moves())
        g1.play(m1)
        g2.play(m2)
    assert g1.record() == g2.record()


def test_kubeia_uses_tournament_captures():
    # a Hoplite needs a Hoplite or the Basileus among its captors, as in the tournament game
    p = kp("w", "dice=22", P="Ζ4 Δ6", H="Α1", B="Μ1", h="Δ5 Λ8", p="Μ8", b="Κ8")
    assert {m.text(W) for m in p.legal_moves() if m.frm == s12("Ζ4")} >= {"Ζ4-Δ4"}
    assert mv(p, "Ζ4-Δ4").captures == ()
    p = kp("w", "dice=22", H="Ζ4 Α1", P="Δ6", B="Μ1", h="Δ5 Λ8", p="Μ8", b="Κ8")
    assert [name(c, W) for c in mv(p, "Ζ4-Δ4").captures] == ["Δ5"]

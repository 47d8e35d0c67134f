"""Ludus latrunculorum (RULES.md §9): every rule and Decision of the eight reconstructions.

Each test sets up the smallest board that shows one rule, so that breaking the rule breaks it.
"""

import pytest

from support import layout
from petteia_core import Game, PetteiaError, Position, PositionError
from petteia_core.errors import IllegalMoveError, InvalidNotationError
from petteia_core.notation import parse_move

Q, K, K11 = "latrunculi-quintana", "latrunculi-kowalski", "latrunculi-kowalski-11x10"
BELL, BELL7, PISO = "latrunculi-bell", "latrunculi-bell-7x8", "latrunculi-piso"
S01, S94 = "latrunculi-schaedler", "latrunculi-schaedler-1994"


def P(ruleset, side="w", fields="", **pieces) -> Position:
    return Position.from_string(ruleset, layout(ruleset, side, fields, **pieces))


def texts(p: Position) -> set[str]:
    return {m.text(p.width) for m in p.legal_moves()}


def play(p: Position, *moves: str) -> Position:
    for text in moves:
        p = p.play(parse_move(text, p))
    return p


# ----------------------------------------------------------------------------- §9.1 Quintana
def test_quintana_slides_and_captures_by_custodian_without_a_corner_rule():
    p = P(Q, P="Α6 Δ4 Α4 Β1", p="Δ5 Α1 Θ8")
    moves = texts(p)
    assert "Α6-Δ6xΔ5" in moves and "Α4-Α2" in moves  # Α4-Α2 closes the corner Α1 but takes nothing
    assert "Α6-Θ6" in moves  # a slide of seven squares


def test_quintana_one_piece_does_not_lose_but_no_pieces_does():
    p = P(Q, P="Α6 Δ4", p="Δ5 Θ8")
    after = play(p, "Α6-Δ6xΔ5")
    assert after.result is None and after.count("b") == 1
    last = P(Q, P="Α6 Δ4", p="Δ5")
    res = play(last, "Α6-Δ6xΔ5").result
    assert (res.score, res.reason) == ("1-0", "no pieces")


def test_quintana_no_legal_move_loses_by_siege():
    res = P(Q, P="Α1", p="Α2 Β1").result
    assert (res.score, res.reason) == ("0-1", "siege")


def test_quintana_stalls_after_100_quiet_moves_and_at_the_third_repetition():
    p = P(Q, fields="quiet=99", P="Α1 Β1", p="Θ8")
    res = play(p, "Α1-Α2").result
    assert (res.score, res.reason) == ("1-0", "stalled")
    g = Game(Q, layout(Q, "w", P="Α1", p="Θ8"))
    for move in ("Α1-Α2", "Θ8-Θ7", "Α2-Α1", "Θ7-Θ8") * 2:
        g.play(move)
    assert (g.result.score, g.result.reason) == ("½-½", "stalled")


# ----------------------------------------------------------------------------- §9.2 Kowalski
def test_kowalski_dux_is_never_captured_but_captures():
    p = P(K, P="Α6 Δ4 Μ1", p="Μ8", d="Δ5")
    assert "Α6-Δ6" in texts(p) and not any(m.captures for m in p.legal_moves())
    q = P(K, P="Α6 Μ1", D="Δ4", p="Δ5 Μ8")
    assert "Α6-Δ6xΔ5" in texts(q)  # the dux is the other captor


def test_kowalski_corner_capture_takes_counters_only():
    p = P(K, P="Β1 Α3", p="Α1 Μ8")
    assert "Α3-Α2xΑ1" in texts(p)
    q = P(K, P="Β1 Α3", d="Α1", p="Μ8")
    assert "Α3-Α2" in texts(q) and not any(m.captures for m in q.legal_moves())


def test_kowalski_a_walled_in_dux_cannot_move_and_its_side_loses():
    p = P(K, D="Α1", p="Α2 Β1", d="Μ8")
    res = p.result
    assert (res.score, res.reason) == ("0-1", "siege")
    alone = P(K, D="Δ4", p="Α2 Β1", d="Μ8")
    assert alone.result is None  # loss never by count: a lone dux plays on


def test_kowalski_11x10_has_two_digit_rows():
    p = P(K11, P="Α5", D="Ζ1", p="Λ3", d="Ζ10")
    assert "Α5-Α10" in texts(p)
    assert p.to_string() == "5d5/11/11/11/11/P10/11/10p/11/5D5 w"
    assert play(p, "a5-a10").letter_at(99) == "P"


# ----------------------------------------------------------------------------- §9.3 Bell
def test_bell_places_two_counters_a_turn_then_the_duces_alone():
    g = Game(BELL)
    squares = [f"{c}{r}" for r in range(1, 9) for c in "ΑΒΓΔΕΖΗΘ"]
    sides = []
    for i in range(32):
        sides.append(g.position.side_to_move)
        g.play("@" + squares[i])
    assert "".join(sides) == "wwbb" * 8
    assert g.position.side_to_move == "w" and g.position.hand == (1, 1)
    g.play("@" + squares[32])
    assert g.position.letter_at(32) == "D" and g.position.side_to_move == "b"
    g.play("@" + squares[33])
    assert g.position.letter_at(33) == "d" and g.position.side_to_move == "w" and not g.position.placing
    assert g.record().splitlines()[1] == "1) @Α1 @Β1, @Γ1 @Δ1;"


def test_bell_counters_step_and_the_dux_steps_or_jumps_an_enemy():
    p = P(BELL, P="Δ4 Ε3", D="Γ3", p="Γ4 Θ8", d="Α8")
    moves = texts(p)
    assert {m for m in moves if m.startswith("Δ4")} == {"Δ4-Δ5", "Δ4-Δ3", "Δ4-Ε4"}  # one square; Γ4 is taken
    assert "Γ3-Γ5" in moves  # over the enemy counter
    assert "Γ3-Ε3" not in moves and "Γ3-Ζ3" not in moves  # not over its own piece
    after = play(p, "Γ3-Γ5")
    assert after.letter_at(26) == "p"  # Γ4: the jump took nothing


def test_bell_dux_captures_after_a_jump_and_is_captured_like_a_counter():
    p = P(BELL, D="Δ4", P="Δ8 Α1", p="Δ5 Δ7", d="Θ8")
    assert "Δ4-Δ6xΔ7" in texts(p)
    q = P(BELL, P="Δ4 Γ6 Α1", p="Θ1", d="Δ5")
    assert "Γ6-Δ6xΔ5" in texts(q)


@pytest.mark.parametrize("corner", [None, "p", "P"])
def test_bell_corner_is_an_anvil_whatever_stands_on_it(corner):
    pieces = {"P": "Δ1 Θ4", "p": "Β1 Θ8"}
    if corner:
        pieces[corner] += " Α1"
    p = P(BELL, **pieces)
    assert "Δ1-Γ1xΒ1" in texts(p)


def test_bell_other_edge_squares_and_a_piece_in_the_corner_are_safe():
    p = P(BELL, P="Δ2 Β2 Θ4", p="Δ1 Α1 Θ8")
    moves = texts(p)
    assert "Β2-Β1" in moves  # Α1 stands in the corner: nothing lies beyond it
    assert "Δ2-Ε2" in moves and not any(m.captures for m in p.legal_moves())
    q = P(BELL, P="Δ2 Θ4", p="Γ1 Θ8")
    assert "Δ2-Δ1" in texts(q) and not any(m.captures for m in q.legal_moves())  # Β1 is no anvil


def test_bell_extra_move_is_compulsory_and_only_for_the_capturing_piece():
    p = P(BELL, P="Ε2 Γ1 Α8", p="Δ1 Ζ5 Θ8")
    after = play(p, "Ε2-Ε1xΔ1")
    assert after.side_to_move == "w" and after.again == 4
    assert after.to_string().endswith("again=Ε1")
    assert {m.frm for m in after.legal_moves()} == {4}
    with pytest.raises(IllegalMoveError, match="must make its extra move"):
        parse_move("Α8-Α7", after)
    done = play(after, "Ε1-Ε2")
    assert done.side_to_move == "b" and done.again == -1


def test_bell_an_extra_move_that_captures_earns_another():
    p = P(BELL, P="Ε3 Γ2 Θ2 Α8", p="Δ2 Η2 Θ8")
    once = play(p, "Ε3-Ε2xΔ2")
    assert once.side_to_move == "w" and once.again == 12
    assert "Ε2-Ζ2xΗ2" in texts(once)
    twice = play(once, "Ε2-Ζ2xΗ2")
    assert twice.side_to_move == "w" and twice.again == 13 and twice.quiet == 0


def test_bell_records_keep_the_extra_move_in_the_half_move():
    g = Game(BELL, layout(BELL, "w", P="Ε2 Γ1 Α8", p="Δ1 Ζ5 Θ8"))
    g.play("Ε2-Ε1xΔ1")
    g.play("Ε1-Δ1")
    g.play("Ζ5-Ζ4")
    record = g.record()
    assert "1) Ε2-Ε1xΔ1 Ε1-Δ1, Ζ5-Ζ4" in record
    again = Game.from_record(record)
    assert again.position == g.position


def test_bell_thirty_quiet_moves_end_on_the_count_and_there_is_no_repetition_rule():
    p = P(BELL, fields="quiet=29", P="Α1 Γ1", p="Θ8")
    res = play(p, "Α1-Α2").result
    assert (res.score, res.reason) == ("1-0", "superiority")
    q = P(BELL, fields="quiet=29", P="Α1", p="Θ8")
    res = play(q, "Α1-Α2").result
    assert (res.score, res.reason) == ("½-½", "equal forces")
    g = Game(BELL, layout(BELL, "w", P="Α1", p="Θ8"))
    for move in ("Α1-Α2", "Θ8-Θ7", "Α2-Α1", "Θ7-Θ8") * 3:
        g.play(move)
    assert g.result is None and g.position.quiet == 12


def test_bell_taking_the_last_piece_wins():
    res = play(P(BELL, P="Ε2 Γ1", p="Δ1"), "Ε2-Ε1xΔ1").result
    assert (res.score, res.reason) == ("1-0", "no pieces")


def test_bell_7x8_is_seven_columns_wide():
    p = Position.start(BELL7)
    assert p.width == 7 and p.height == 8 and len(p.legal_pairs()) == 56


# ----------------------------------------------------------------------------- §9.4 Piso
def test_piso_places_one_at_a_time_then_steps():
    g = Game(PISO)
    g.play("@Α1")
    assert g.position.side_to_move == "b" and g.position.hand == (19, 20)
    p = P(PISO, P="Δ4 Α1", p="Θ8 Θ7")
    assert {m for m in texts(p) if m.startswith("Δ4")} == {"Δ4-Δ5", "Δ4-Δ3", "Δ4-Γ4", "Δ4-Ε4"}


def test_piso_corner_capture_and_one_piece():
    p = P(PISO, P="Β1 Β2 Ε5", p="Α1 Θ8")
    assert "Β2-Α2xΑ1" in texts(p)
    res = play(p, "Β2-Α2xΑ1").result
    assert (res.score, res.reason) == ("1-0", "one piece")


def test_piso_no_legal_move_ends_on_the_count():
    more = P(PISO, P="Α1 Θ8", p="Α2 Β1 Η8 Θ7")
    res = more.result
    assert (res.score, res.reason) == ("0-1", "superiority")
    equal = P(PISO, P="Α1 Β1 Α2 Β2", p="Γ1 Γ2 Α3 Β3")
    res = equal.result
    assert (res.score, res.reason) == ("½-½", "equal forces")


def test_piso_back_and_forth_ends_at_the_third_repetition():
    g = Game(PISO, layout(PISO, "w", P="Δ4 Ζ4", p="Α8 Θ8"))
    for move in ("Δ4-Δ5", "Α8-Α7", "Δ5-Δ4", "Α7-Α8") * 2:
        assert g.result is None
        g.play(move)
    assert (g.result.score, g.result.reason) == ("½-½", "stalled")


# ----------------------------------------------------------------------------- §9.5 Schädler
def test_schaedler_a_step_binds_and_a_bound_counter_cannot_move():
    p = P(S01, P="Δ4 Γ2 Α8", p="Δ3 Θ8")
    move = parse_move("Γ2-Δ2", p)
    assert move.text(8) == "Γ2-Δ2*Δ3" and move.captures == ()
    after = p.play(move)
    assert after.letter_at(19) == "a" and after.count("b") == 2
    assert not any(m.frm == 19 for m in after.legal_moves())


def test_schaedler_a_bound_counter_does_not_bind_and_only_the_mover_binds():
    p = P(S94, A="Δ4", p="Γ4 Ε4 Δ3 Θ8", P="Γ2 Α8")
    after = play(p, "Γ2-Δ2")
    assert after.letter_at(19) == "p"  # Δ3: its other neighbour Δ4 is bound
    q = P(S94, "w", P="Δ3 Α1", p="Γ4 Ε4 Θ8")
    assert play(q, "Δ3-Δ4").letter_at(27) == "P"  # stepping between two enemies binds nobody


def test_schaedler_removal_takes_a_bound_enemy_and_resets_the_count():
    p = P(S01, fields="quiet=7", P="Δ4 Δ2 Α8", a="Δ3", p="Θ8 Η8")
    assert "xΔ3" in texts(p)
    after = play(p, "xΔ3")
    assert after.letter_at(19) is None and after.quiet == 0 and after.side_to_move == "b"
    assert play(P(S01, fields="quiet=7", P="Δ4 Δ2 Α8", a="Δ3", p="Θ8 Η8"), "Α8-Α7").quiet == 8
    with pytest.raises(IllegalMoveError, match="no bound enemy counter"):
        parse_move("xΘ8", p)


def test_schaedler_chains_jump_any_piece_stop_anywhere_and_never_come_back():
    # Β2 could jump Β3, Γ4, Δ3, Γ2 in a ring back to Β2: the last jump is not allowed.
    # Two rings, one each way; Β2-Β4-Δ4-Δ2 and Β2-Δ2 end on the same square by different paths.
    p = P(S94, P="Β2 Γ2 Θ1", p="Β3 Γ4 Δ3 Θ8")
    chains = {m.text(8) for m in p.legal_moves() if m.frm == 9 and (m.path or abs(m.to - 9) in (2, 16))}
    assert chains == {"Β2-Β4", "Β2-Β4-Δ4", "Β2-Β4-Δ4-Δ2", "Β2-Δ2", "Β2-Δ2-Δ4", "Β2-Δ2-Δ4-Β4"}
    assert all(m.to != 9 for m in p.legal_moves())
    after = play(p, "Β2-Β4-Δ4-Δ2")
    assert after.count("b") == 4 and after.count("w") == 3  # jumps take nothing


def test_schaedler_binding_after_each_jump_of_a_chain():
    # Landing on Β4 binds Β5 (with Β6); going on to Δ4 binds Δ5 (with Δ6) and frees Β5 at once,
    # since its binder has left.
    p = P(S94, P="Β2 Β6 Δ6 Α8", p="Β3 Γ4 Β5 Δ5 Θ8")
    assert parse_move("Β2-Β4", p).text(8) == "Β2-Β4*Β5"
    move = parse_move("Β2-Β4-Δ4", p)
    assert move.text(8) == "Β2-Β4-Δ4*Δ5"
    after = p.play(move)
    assert after.letter_at(35) == "a" and after.letter_at(33) == "p"


def test_schaedler_freeing_when_the_binder_is_bound():
    # White holds Δ3 between Δ2 and Δ4; Black binds Δ4 (Γ4 and now Ε4): Δ3 goes free at once.
    q = P(S01, "b", P="Δ2 Δ4 Α8", a="Δ3", p="Γ4 Ε5 Θ8")
    after = play(q, "Ε5-Ε4")
    assert after.letter_at(27) == "A" and after.letter_at(19) == "p"


def test_schaedler_freeing_when_a_binder_moves_away():
    p = P(S01, P="Δ2 Δ4 Α8", a="Δ3", p="Θ8 Η8")
    after = play(p, "Δ2-Γ2")
    assert after.letter_at(19) == "p"


def test_schaedler_case_i_held_in_row_and_column_loses_one_pair_and_stays_bound():
    p = P(S01, P="Δ3 Δ5 Γ4 Ε4 Α8", a="Δ4", p="Θ8 Η8")
    after = play(p, "Δ5-Δ6")
    assert after.letter_at(27) == "a"  # still between Γ4 and Ε4 (Ludii would free it)


def test_schaedler_case_ii_jumping_over_a_bound_enemy_does_not_free_it():
    p = P(S94, P="Δ3 Γ4 Ε4 Α8", a="Δ4", p="Θ8 Η8")
    after = play(p, "Δ3-Δ5")
    assert after.letter_at(27) == "a"  # Ludii frees it


def test_schaedler_2001_entry_rule_binds_or_refuses():
    refused = P(S01, P="Δ3 Α8", p="Γ4 Ε4 Θ8")
    assert "Δ3-Δ4" not in texts(refused)
    with pytest.raises(IllegalMoveError, match="only if the landing binds"):
        parse_move("Δ3-Δ4", refused)
    allowed = P(S01, P="Δ3 Β4 Α8", p="Γ4 Ε4 Θ8")
    assert "Δ3-Δ4*Γ4" in texts(allowed)
    assert "Δ3-Δ4" in texts(P(S94, P="Δ3 Α8", p="Γ4 Ε4 Θ8"))


def test_schaedler_2001_rule_is_judged_after_the_landing():
    # Ludii judges before the jump and counts the start square Δ2 as Δ3's other binder.
    p = P(S01, P="Δ2 Α8", p="Δ3 Γ4 Ε4 Θ8")
    assert "Δ2-Δ4" not in texts(p)
    assert "Δ2-Δ4" in texts(P(S94, P="Δ2 Α8", p="Δ3 Γ4 Ε4 Θ8"))


def test_schaedler_2001_rule_holds_for_every_landing_of_a_chain():
    p = P(S01, P="Β2 Α8", p="Β3 Γ4 Θ8 Ε4")
    moves = texts(p)
    assert "Β2-Β4" in moves and "Β2-Β4-Δ4" not in moves  # Δ4 lies between Γ4 and Ε4 and binds nothing


def test_schaedler_ends_at_one_piece_and_in_siege():
    res = play(P(S01, P="Δ4 Δ2 Α8", a="Δ3", p="Θ8"), "xΔ3").result
    assert (res.score, res.reason) == ("1-0", "one piece")
    stuck = P(S01, P="Α1 Β1", p="Α2 Α3 Β2 Β3 Γ1 Δ1")
    res = stuck.result
    assert (res.score, res.reason) == ("0-1", "siege")


def test_schaedler_2001_lets_the_players_agree_on_16_to_24():
    assert Position.from_string(S01, "8/8/8/8/8/8/8/8 w hand=24,24").hand == (24, 24)
    with pytest.raises(PositionError, match="at most 24"):
        Position.from_string(S01, "8/8/8/8/8/8/8/8 w hand=25,25")
    with pytest.raises(PositionError, match="16 a side"):
        Position.from_string(S94, "8/8/8/8/8/8/8/8 w hand=20,20")
    g = Game(S01, "8/8/8/8/8/8/8/8 w hand=20,20")
    g.play("@Α1")
    assert Game.from_record(g.record()).position == g.position


# ----------------------------------------------------------------------------- §9.0 position strings
@pytest.mark.parametrize("ruleset,text,message", [
    (Q, "8/8/8/8/8/8/8/3D4 w", "latrunculi-quintana has no dux"),
    (PISO, "8/8/8/8/3p4/3A4/3p4/P7 w", "latrunculi-piso has no binding"),
    (K11, "pppppdppppp/12/11/11/11/11/11/11/11/PPPPPDPPPPP w", "empty run 12 must be 1–11"),
    (K11, "pppppdppppp/10/11/11/11/11/11/11/11/PPPPPDPPPPP w", "covers 10 squares, expected 11"),
    (K11, "pppppdppppp/11/11/11/11/11/11/11/PPPPPDPPPPP w", "9 rows separated by '/', latrunculi-kowalski-11x10 needs 10"),
    (K, "pppppppppppp/5d6/12/12/12/12/5DD5/PPPPPPPPPPP1 w", "White has 2 duces"),
    (K, "pppppppppppp/5d6/12/12/12/PPPPPPPPPPPP/6D5/PPPPPPPPPPPP w", "White has 25 pieces"),
    (PISO, "8/8/8/8/8/8/8/8 w hand=21,20", "White has 0 pieces on the board and 21 in hand"),
    (BELL, "8/8/8/8/8/8/8/D7 b hand=16,17", "White's dux stands on the board but White still has pieces in hand"),
    (Q, "8/8/8/8/8/8/8/P6p w again=Α1", "has no extra move"),
    (BELL, "8/8/8/8/8/8/8/P6p w again=Θ1", "must be the side to move's"),
    (S01, "8/8/8/8/8/3a4/3P4/P6p w", "the bound counter on Δ3 does not stand between two free enemy counters"),
])
def test_malformed_latrunculi_positions_say_what_is_wrong(ruleset, text, message):
    with pytest.raises(PositionError, match=message):
        Position.from_string(ruleset, text)


@pytest.mark.parametrize("ruleset,text", [
    (K11, "5d5/11/11/11/11/P10/11/10p/11/5D5 w quiet=3 move=2"),
    (BELL, "8/8/8/8/8/8/8/2P1P2p w quiet=0 again=Ε1".replace(" quiet=0", "")),
    (S01, "8/8/8/8/3P4/3a4/3P4/P6p b quiet=4"),
    (BELL, "p7/8/8/8/8/8/8/P7 w hand=15,16"),
])
def test_latrunculi_position_strings_round_trip(ruleset, text):
    assert Position.from_string(ruleset, text).to_string() == text


# ----------------------------------------------------------------------------- records and the command line
ALL = (Q, K, K11, BELL, BELL7, PISO, S01, S94)


@pytest.mark.parametrize("ruleset", ALL)
def test_records_round_trip_and_refuse_another_reconstruction(ruleset):
    import random

    rng = random.Random(ruleset)
    g = Game(ruleset)
    for _ in range(60):
        if g.result is not None:
            break
        g.play(rng.choice(g.legal_moves()))
    record = g.record()
    assert record.startswith(f'[Ruleset "{ruleset}"]')
    again = Game.from_record(record)
    assert again.positions == g.positions and again.history == g.history
    other = PISO if ruleset != PISO else Q
    with pytest.raises(InvalidNotationError, match=f"the record is a game of {ruleset}, not of {other}"):
        Game.from_record(record, other)


def test_a_record_of_one_reconstruction_replayed_as_another_names_the_move():
    g = Game(Q)
    g.play("Α2-Α5")
    body = g.record().split("\n", 1)[1]
    with pytest.raises(PetteiaError, match="Α2-Α5"):
        Game.from_record(f'[Ruleset "{BELL}"]\n' + body)


def run(capsys, *argv):
    from petteia_core.cli import main

    code = main(list(argv))
    out = capsys.readouterr()
    return code, out.out.splitlines(), out.err


def test_cli_perft_moves_and_replay(capsys):
    assert run(capsys, "perft", K11, "2") == (0, ["7348"], "")
    code, lines, _ = run(capsys, "moves", S01, "--position", "8/8/8/8/3P4/3a4/3P4/P6p w")
    assert code == 0 and "xΔ3" in lines
    code, lines, _ = run(capsys, "replay", BELL, "--position", "7p/8/8/8/8/8/4P3/2Pp4 w", "Ε2-Ε1xΔ1", "Ε1-Δ1")
    assert code == 0 and lines == ["7p/8/8/8/8/8/8/2PP4 b quiet=1"]
    code, lines, _ = run(capsys, "replay", Q, "--position", "8/8/8/8/8/p7/1p6/P1p5 w", "Α1-Β1", "Α3-Α1xΒ1")
    assert code == 0 and lines == ["8/8/8/8/8/8/1p6/p1p5 w move=2", "0-1 (no pieces)"]
    code, lines, err = run(capsys, "moves", Q, "--position", "8/8/8/8/8/8/8/3D4 w")
    assert code == 2 and "has no dux" in err


def test_cli_replay_prints_the_new_result_word(capsys):
    code, lines, _ = run(capsys, "replay", BELL, "--position", "8/8/8/8/8/8/4P3/2Pp4 w", "Ε2-Ε1xΔ1")
    assert code == 0 and lines[-1] == "1-0 (no pieces)"


def test_a_chain_move_object_is_legal_and_plays_its_own_path():
    from petteia_core.moves import Move

    p = P(S94, P="Β2 Γ2 Θ1", p="Β3 Γ4 Δ3 Θ8")
    long_way = Move(9, 11, (), (25, 27))
    short_way = Move(9, 11)  # Β2-Δ2, a single jump over Γ2
    assert p.is_legal(long_way) and p.is_legal(short_way)
    assert not p.is_legal(Move(9, 11, (), (27,)))
    assert p.play(long_way) == p.play(short_way)  # both end on Δ2, binding nothing
    g = Game(S94, p.to_string())
    assert g.play(long_way).text(8) == "Β2-Β4-Δ4-Δ2"


def test_bell_no_legal_move_at_the_start_of_a_turn_loses():
    res = P(BELL, P="Α1", p="Α2 Β1 Θ8").result
    assert (res.score, res.reason) == ("0-1", "siege")


def test_captures_are_never_compulsory():
    p = P(Q, P="Α6 Δ4", p="Δ5 Θ8")
    assert any(m.captures for m in p.legal_moves()) and any(not m.captures for m in p.legal_moves())


def test_schaedler_2001_flanking_counts_bound_enemies_too():
    # Γ4 is bound (held in its column by Γ3 and Γ5); Δ4 between it and Ε4 is still "between two enemies".
    p = P(S01, P="Δ3 Γ3 Γ5 Α8", a="Γ4", p="Ε4 Θ8")
    assert "Δ3-Δ4" not in texts(p)  # Δ4 lies between the bound Γ4 and the free Ε4; it binds nothing


def test_a_latrunculi_variant_records_its_options():
    from petteia_core.options import variant

    rules = variant(BELL, {"stall_limit": "50", "corner_anvil": "false"})
    g = Game(rules)
    g.play("@Α1")
    record = g.record()
    assert '[Options "corner_anvil=false stall_limit=50"]' in record or \
        '[Options "stall_limit=50 corner_anvil=false"]' in record
    again = Game.from_record(record)
    assert again.rules == rules and again.position == g.position
    with pytest.raises(PetteiaError, match="jumps dux needs a dux"):
        variant(BELL, {"dux": "none"})
    with pytest.raises(PetteiaError, match="binding and jumps chains go together"):
        variant(S01, {"jumps": "none"})


@pytest.mark.parametrize("ruleset", ALL)
def test_random_games_keep_strings_and_notation_consistent(ruleset):
    """Along seeded random games: every position string reads back to the same position, every
    legal move has its own text, and that text (also in lowercase Latin) parses back to the move."""
    import random

    latin = str.maketrans(dict(zip("ΑΒΓΔΕΖΗΘΙΚΛΜ", "abcdefghijkl")))
    for seed in range(2):
        rng = random.Random(f"{ruleset}:{seed}")
        p = Position.start(ruleset)
        for _ in range(90):
            if p.result is not None:
                break
            assert Position.from_string(ruleset, p.to_string()) == p
            moves = p.legal_moves()
            written = [m.text(p.width) for m in moves]
            assert len(set(written)) == len(written)
            move = rng.choice(moves)
            assert parse_move(move.text(p.width), p) == move
            assert parse_move(move.text(p.width).translate(latin), p) == move
            p = p.play(move)


def test_a_wrong_bound_claim_is_refused():
    p = P(S01, P="Δ4 Γ2 Α8", p="Δ3 Θ8")
    with pytest.raises(IllegalMoveError, match="binds Δ3, not Δ5"):
        parse_move("Γ2-Δ2*Δ5", p)

"""RULES.md §1 "Board and names" and "Notation": square names, moves, records, results."""

import dataclasses
import random

import pytest

from support import layout, mv, pos, sq
from petteia_core import Game, NotationError, Position, get_rules, parse_square
from petteia_core.board import square_name
from petteia_core.notation import parse_result

GREEK = "ΑΒΓΔΕΖΗΘΙΚΛΜ"
LOWER = "abcdefghijkl"
TRANSLIT = ["A", "B", "G", "D", "E", "Z", "H", "TH", "I", "K", "L", "M"]


# ----------------------------------------------------------------------------- squares


@pytest.mark.parametrize("col", range(12))
def test_three_ways_to_name_each_column(col):
    for row in (1, 8):
        expected = (row - 1) * 12 + col
        assert parse_square(f"{GREEK[col]}{row}", 12, 8) == expected
        assert parse_square(f"{LOWER[col]}{row}", 12, 8) == expected
        assert parse_square(f"{TRANSLIT[col]}{row}", 12, 8) == expected
        assert square_name(expected, 12) == f"{GREEK[col]}{row}"


@pytest.mark.parametrize(
    "lower, upper, lower_means, upper_means",
    [("g", "G", "Η", "Γ"), ("h", "H", "Θ", "Η"), ("k", "K", "Λ", "Κ"), ("l", "L", "Μ", "Λ")],
)
def test_the_latin_schemes_differ_for_g_h_k_l(lower, upper, lower_means, upper_means):
    p = Position.start("tournament")
    assert mv(p, f"{lower}2-{lower}4").text(12) == f"{lower_means}2-{lower_means}4"
    assert mv(p, f"{upper}2-{upper}4").text(12) == f"{upper_means}2-{upper_means}4"


def test_capital_h_is_eta_never_the_eighth_column():
    assert parse_square("H1", 8, 8) == sq("Η1") == 6
    assert parse_square("TH1", 8, 8) == sq("Θ1") == 7
    assert parse_square("h1", 8, 8) == 7


def test_squares_off_the_board_are_rejected():
    for bad in ("Δ9", "Δ0", "Ι1", "i1", "I1", "Ν1", "X1", "Δ", "4", "", "ΔΔ4", "Δ4a"):
        with pytest.raises(NotationError):
            parse_square(bad, 8, 8)
    with pytest.raises(NotationError, match="off the board"):
        parse_square("Δ9", 8, 8)
    with pytest.raises(NotationError, match="unknown column"):
        parse_square("Ι1", 8, 8)


# ----------------------------------------------------------------------------- moves

# Classic: White Ε3-Ε5 captures Δ5 (against Γ5) and Ε6 (against Ε7): the RULES.md example.
EXAMPLE = layout("classic", "w", P="Ε3 Γ5 Ε7", p="Δ5 Ε6 Θ8")


@pytest.mark.parametrize("text", ["Ε3-Ε5xΔ5xΕ6", "E3-E5xD5xE6", "e3-e5xd5xe6", "Ε3-Ε5", "E3-E5", "e3-e5",
                                  "Ε3–Ε5×Δ5×Ε6", " Ε3 - Ε5 x Δ5 x Ε6 ", "Ε3-Ε5xΕ6xΔ5", "E3-E5XD5XE6"])
def test_the_rules_example_in_every_input_form_is_echoed_in_greek(text):
    p = pos("classic", EXAMPLE)
    m = mv(p, text)
    assert m.text(8) == "Ε3-Ε5xΔ5xΕ6"


@pytest.mark.parametrize("text", ["e3-E5", "E3-e5", "e3-e5xD5", "E3-E5xd5", "d1-TH1"])
def test_mixed_lower_and_upper_latin_is_rejected_naming_both_schemes(text):
    p = pos("classic", EXAMPLE)
    with pytest.raises(NotationError) as exc:
        mv(p, text)
    msg = str(exc.value)
    assert "a–l" in msg or "lowercase" in msg
    assert "A B G D E Z H TH" in msg or "transliteration" in msg


def test_written_captures_must_match():
    p = pos("classic", EXAMPLE)
    for bad in ("Ε3-Ε5xΔ5", "Ε3-Ε5xΕ6", "Ε3-Ε5xΔ5xΕ6xΖ5", "Ε3-Ε5xΔ4xΕ6"):
        with pytest.raises(NotationError, match="captures"):
            mv(p, bad)


@pytest.mark.parametrize(
    "ruleset, text, move, reason",
    [
        ("classic", None, "Δ1-Ε2", "diagonal"),
        ("classic", None, "Δ1-Δ8", "occupied"),
        ("classic", None, "Δ3-Δ4", "no piece"),
        ("classic", None, "Δ8-Δ5", "not White's"),
        ("classic", layout("classic", "w", P="Δ1 Α1", p="Δ3 Θ8"), "Δ1-Δ5", "blocked"),
        ("tournament", layout("tournament", "w", H="Α1", P="Μ2", B="Λ1", p="Μ8", h="Λ8", b="Κ8"),
         "Α1-Α8", "at most 6"),
        ("vagi", layout("vagi", "w", V="Δ4", O="Α1", o="Ζ5 Θ8"), "Δ4-Δ6", "vagus"),
        ("kubeia", layout("kubeia", "w", "dice=21", P="Α1", H="Μ1", B="Λ1", p="Μ8", h="Λ8", b="Κ8"),
         "Α1-Α5", "roll 21"),
        ("tournament", layout("tournament", "w", P="Ζ4 Δ6 Α1", H="Μ1", B="Λ1", p="Δ5 Μ8", h="Λ8", b="Κ8"),
         "Α1-Α2", "mandatory"),
        ("classic", layout("classic", "b", P="Γ8 Α7 Β7", p="Α8 Β8"), "Α8-Α7", "over"),
        ("poleis", None, "Δ1-Δ2", "placed"),
        ("classic", None, "@Δ4", "placed"),
        ("classic", None, "Δ1Δ4", "from-to"),
    ],
)
def test_bad_moves_explain_why(ruleset, text, move, reason):
    p = pos(ruleset, text) if text else Position.start(ruleset)
    with pytest.raises(NotationError, match=reason):
        mv(p, move)


def test_game_play_rejects_illegal_moves_and_keeps_the_position():
    g = Game("classic")
    before = g.position
    with pytest.raises(NotationError):
        g.play("Δ1-Ε2")
    with pytest.raises(NotationError):
        g.play(Position.start("classic").legal_moves()[0].__class__(sq("Δ1"), sq("Ε2")))
    assert g.position == before and g.history == []


# ----------------------------------------------------------------------------- records


def _random_game(ruleset, seed, plies=60, rules=None):
    rng = random.Random(seed)
    g = Game(rules or ruleset, rng=random.Random(seed + 1))
    for _ in range(plies):
        if g.result is not None:
            break
        if g.needs_roll:
            g.roll()  # asking for the moves does not roll
        g.play(rng.choice(g.legal_moves()))
    return g


@pytest.mark.parametrize("ruleset", ["classic", "vagi", "poleis", "tournament", "kubeia"])
def test_record_export_import_gives_the_same_game(ruleset):
    for seed in range(3):
        g = _random_game(ruleset, seed, plies=80)
        text = g.record()
        h = Game.from_record(text)
        assert h.history == g.history
        assert h.positions == g.positions
        assert h.position.to_string() == g.position.to_string()
        assert h.result == g.result
        assert h.record() == text


def test_kubeia_record_has_every_roll():
    g = _random_game("kubeia", 11, plies=30)
    text = g.record()
    h = Game.from_record(text)
    rolls_g = [p.dice for p in g.positions[:-1]]
    rolls_h = [p.dice for p in h.positions[:-1]]
    assert rolls_g == rolls_h and all(r is not None for r in rolls_g)


def test_record_from_a_set_up_position():
    start = layout("classic", "b", "move=25", P="Ζ5 Δ6 Α1 Β1", p="Ζ4 Θ8 Η8")
    g = Game("classic", start)
    g.play("Θ8-Θ7")
    g.play("Α1-Α2")
    text = g.record()
    assert f'[Position "{start}"]' in text
    assert "25) ..., Θ8-Θ7;" in text and "26) Α1-Α2" in text
    h = Game.from_record(text)
    assert h.position == g.position


def test_record_numbered_pairs_and_black_alone():
    text = '[Ruleset "classic"]\n1) Α1-Α3, Θ8-Θ6; 2) Β1-Β3, Η8-Η6;\n3) Α3-Α4'
    g = Game.from_record(text)
    assert len(g.history) == 5
    assert g.record() == text.replace("; 2)", ";\n2)")
    start = layout("classic", "b", "move=25", P="Α1 Β1", p="Η8 Θ8")
    g = Game.from_record(f'[Ruleset "classic"]\n[Position "{start}"]\n25) ..., Θ8-Θ5')
    assert g.position.side_to_move == "w" and g.position.move_no == 26
    g = Game.from_record(f'[Ruleset "classic"]\n[Position "{start}"]\n25) …, Θ8-Θ5')
    assert g.position.move_no == 26


def test_record_with_latin_moves_imports():
    g = Game.from_record("1) d1-d4, e8-e5; 2) D4-D3, E5-E6", "classic")
    assert [m.text(8) for m in g.history] == ["Δ1-Δ4", "Ε8-Ε5", "Δ4-Δ3", "Ε5-Ε6"]


@pytest.mark.parametrize(
    "score, reason, expected",
    [("1-0", "siege", ("1-0", "siege")), ("0-1", "refusal of battle", ("0-1", "refusal of battle")),
     ("½-½", "equal forces", ("½-½", "equal forces")), ("1/2-1/2", "agreement", ("½-½", "agreement")),
     ("1-0", None, ("1-0", None))],
)
def test_result_formats(score, reason, expected):
    assert parse_result(score, reason) == expected


def test_result_line_in_records():
    g = Game("classic", layout("classic", "w", P="Ζ4 Δ6 Α1", p="Δ5 Θ8"))
    g.play("Ζ4-Δ4xΔ5")
    lines = g.record().splitlines()
    assert lines[-1] == "1-0 (one piece)"
    assert lines[-2] == "1) Ζ4-Δ4xΔ5"
    g = Game("classic")
    g.play("Α1-Α2")
    g.agree_draw()
    assert g.record().splitlines()[-1] == "½-½ (agreement)"
    assert Game.from_record(g.record()).result == g.result
    g = Game("classic")
    g.resign()
    assert g.record().splitlines()[-1] == "0-1 (resignation)"
    assert str(Game.from_record(g.record()).result) == "0-1 (resignation)"
    h = Game.from_record('[Ruleset "classic"]\n1) Α1-Α2 1/2-1/2')
    assert str(h.result) == "½-½ (agreement)"


def test_bad_records_are_rejected_with_a_reason():
    with pytest.raises(NotationError, match="ruleset"):
        Game.from_record("1) Α1-Α2")
    with pytest.raises(NotationError, match="Α1-Α9"):
        Game.from_record("1) Α1-Α9", "classic")
    with pytest.raises(NotationError):
        Game.from_record('[Ruleset "classic"]\n1) Α1-Α2 1-0 2) Θ8-Θ7')  # result in the middle
    with pytest.raises(NotationError, match="reason"):
        Game.from_record('[Ruleset "classic"]\n1) Α1-Α2, 1-0 (checkmate)')
    # the record says the wrong winner of a finished game
    text = f'[Ruleset "classic"]\n[Position "{layout("classic", "w", P="Ζ4 Δ6 Α1", p="Δ5 Θ8")}"]\n1) Ζ4-Δ4xΔ5 0-1'
    with pytest.raises(NotationError):
        Game.from_record(text)
    with pytest.raises(NotationError):
        Game.from_record("1) Α2-Α4", "kubeia")  # no roll


@pytest.mark.parametrize("ruleset", ["classic", "poleis"])
def test_record_of_a_game_where_black_started_imports_to_the_same_game(ruleset):
    # RULES.md §2 lets the players choose who starts, §4 takes the first player as a parameter:
    # the record must carry it, or importing it replays the moves with the wrong colours.
    rules = dataclasses.replace(get_rules(ruleset), first_player="b")
    g = Game(rules)
    for move in (["Δ8-Δ5", "Α1-Α2"] if ruleset == "classic" else ["@Δ4", "@Δ5"]):
        g.play(move)
    text = g.record()
    h = Game.from_record(text)
    assert h.position.to_string() == g.position.to_string(), text

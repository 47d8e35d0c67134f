"""DESIGN.md "Position string (custodian games)": exact round trips and clear errors."""

import random

import pytest

from support import CUSTODIAN, layout, pos
from petteia_core import Game, PetteiaError, Position, PositionError

STARTS = {
    "classic": "pppppppp/8/8/8/8/8/8/PPPPPPPP w",
    "vagi": "oooooooo/8/8/8/8/8/8/OOOOOOOO w",
    "poleis": "8/8/8/8/8/8/8/8 w",
    "tournament": "hhhhhhhhhhhh/pppppppppppp/6b5/12/12/5B6/PPPPPPPPPPPP/HHHHHHHHHHHH w",
    "kubeia": "hhhhhhhhhhhh/pppppppppppp/6b5/12/12/5B6/PPPPPPPPPPPP/HHHHHHHHHHHH w",
}


@pytest.mark.parametrize("ruleset", CUSTODIAN)
def test_start_position_strings(ruleset):
    start = Position.start(ruleset)
    assert start.to_string() == STARTS[ruleset]
    parsed = pos(ruleset, STARTS[ruleset])
    assert parsed == start
    assert parsed.to_string() == STARTS[ruleset]
    assert hash(parsed) == hash(start)


def test_poleis_empty_board_means_full_hands():
    assert pos("poleis", "8/8/8/8/8/8/8/8 w").hand == (16, 16)
    p = pos("poleis", "8/8/8/8/8/8/8/8 w hand=0,0")
    assert p.hand == (0, 0) and p.to_string() == "8/8/8/8/8/8/8/8 w hand=0,0"


@pytest.mark.parametrize(
    "ruleset, text",
    [
        ("classic", "p6p/8/3P4/8/8/8/8/P6P b quiet=12 move=40"),
        ("vagi", "o6v/8/3V4/2o5/8/8/8/O6O w quiet=3 move=7"),
        ("poleis", "8/8/3o4/3O4/8/8/8/8 w hand=15,15 move=2"),
        ("poleis", "8/8/3o4/3V4/8/8/8/8 b quiet=4"),  # movement phase: no hand field
        ("tournament", "h10b/12/12/5P6/6p5/12/12/B10H b quiet=5 passive=2,1 move=33"),
        ("kubeia", "h10b/12/12/5P6/6p5/12/12/B10H w dice=63 quiet=5 passive=0,2 move=3"),
        ("kubeia", "h10b/12/12/5P6/6p5/12/12/B10H w dice=11"),
    ],
)
def test_hand_written_strings_round_trip_exactly(ruleset, text):
    p = pos(ruleset, text)
    assert p.to_string() == text
    assert pos(ruleset, p.to_string()) == p


def test_fields_are_read():
    p = pos("kubeia", "h10b/12/12/5P6/6p5/12/12/B10H b dice=36 quiet=5 passive=1,2 move=33")
    assert p.dice == (6, 3)  # higher die first
    assert (p.quiet, p.passive, p.move_no, p.side_to_move) == (5, (1, 2), 33, "b")
    p = pos("poleis", "8/8/3o4/3O4/8/8/8/8 w hand=15,15")
    assert p.hand == (15, 15)


@pytest.mark.parametrize("ruleset", CUSTODIAN)
def test_random_positions_round_trip_exactly(ruleset):
    rng = random.Random(hash(ruleset) & 0xFFFF)
    for game_no in range(4):
        g = Game(ruleset, rng=random.Random(game_no))
        for _ in range(120):
            if g.result is not None:
                break
            if g.needs_roll:
                g.roll()  # asking for the moves does not roll
            g.play(rng.choice(g.legal_moves()))
        for p in g.positions:
            text = p.to_string()
            q = Position.from_string(ruleset, text)
            assert q == p, text
            assert q.to_string() == text
            assert q.piece_map() == p.piece_map()


# ----------------------------------------------------------------------------- bad strings

BAD = [
    # (ruleset, text, what the message must name)
    ("classic", "", "side to move"),
    ("classic", "pppppppp/8/8/8/8/8/8/PPPPPPPP", "side to move"),
    ("classic", "pppppppp/8/8/8/8/8/PPPPPPPP w", "7 rows"),
    ("classic", "pppppppp/8/8/8/8/8/8/8/PPPPPPPP w", "9 rows"),
    ("tournament", "pppppppp/8/8/8/8/8/8/PPPPPPPP w", "12"),
    ("classic", "ppppppppp/8/8/8/8/8/8/PPPPPPPP w", "rank 8"),
    ("classic", "ppppppp/8/8/8/8/8/8/PPPPPPPP w", "rank 8"),
    ("classic", "pppppppp/8/8/44/8/8/8/PPPPPPPP w", "rank 5"),
    ("classic", "pppppppp/8/8/8/9/8/8/PPPPPPPP w", "rank 4"),
    ("classic", "pppppppp/8/8/8/0/8/8/PPPPPPPP w", "rank 4"),
    ("classic", "pppppppp/8/8/7P1/8/8/8/PPPPPPP1 w", "rank 5"),
    ("classic", "pppppppp//8/8/8/8/8/PPPPPPPP w", "rank 7"),
    ("classic", "pppppppp/8/8/8/8/8/8/PPPPPPPX w", "'X'"),
    ("classic", "pppppppp/8/8/8/8/8/8/PPPPPPPO w", "'O'"),
    ("vagi", "pppppppp/8/8/8/8/8/8/PPPPPPPP w", "'p'"),
    ("tournament", "hhhhhhhhhhhh/pppppppppppp/6b5/12/12/5B6/PPPPPPPPPPPP/HHHHHHHHHHHV w", "'V'"),
    ("classic", "pppppppp/8/8/8/8/8/P7/PPPPPPPP w", "9"),  # nine white pieces
    ("vagi", "oooooooo/8/8/8/8/8/V7/OOOOOOOO w", "9"),
    ("tournament", "hhhhhhhhhhhh/pppppppppppp/6b5/12/12/5B5P/PPPPPPPPPPPP/HHHHHHHHHHHH w", "13 Peltasts"),
    ("tournament", "hhhhhhhhhhhh/pppppppppppp/6b5/12/12/5B5H/PPPPPPPPPPPP/HHHHHHHHHHHH w", "13 Hoplites"),
    ("tournament", "hhhhhhhhhhhh/pppppppppppp/6b5/12/12/5B4B1/PPPPPPPPPPP1/HHHHHHHHHHHH w", "Basileus"),
    ("kubeia", "hhhhhhhhhhhh/pppppppppppp/b5b5/12/12/5B6/PPPPPPPPPPPP/HHHHHHHHHHHH w", "Basileus"),
    ("classic", "pppppppp/8/8/8/8/8/8/PPPPPPPP x", "side to move"),
    ("classic", "pppppppp/8/8/8/8/8/8/PPPPPPPP W", "side to move"),
    ("classic", "pppppppp/8/8/8/8/8/8/PPPPPPPP w foo=1", "foo"),
    ("classic", "pppppppp/8/8/8/8/8/8/PPPPPPPP w quiet", "quiet"),
    ("classic", "pppppppp/8/8/8/8/8/8/PPPPPPPP w quiet=-1", "quiet"),
    ("classic", "pppppppp/8/8/8/8/8/8/PPPPPPPP w quiet=x", "quiet"),
    ("classic", "pppppppp/8/8/8/8/8/8/PPPPPPPP w quiet=1 quiet=2", "quiet"),
    ("classic", "pppppppp/8/8/8/8/8/8/PPPPPPPP w move=0", "move"),
    ("classic", "pppppppp/8/8/8/8/8/8/PPPPPPPP w dice=63", "dice"),
    ("tournament", "hhhhhhhhhhhh/pppppppppppp/6b5/12/12/5B6/PPPPPPPPPPPP/HHHHHHHHHHHH w dice=63", "dice"),
    ("kubeia", "hhhhhhhhhhhh/pppppppppppp/6b5/12/12/5B6/PPPPPPPPPPPP/HHHHHHHHHHHH w dice=73", "dice"),
    ("kubeia", "hhhhhhhhhhhh/pppppppppppp/6b5/12/12/5B6/PPPPPPPPPPPP/HHHHHHHHHHHH w dice=631", "dice"),
    ("kubeia", "hhhhhhhhhhhh/pppppppppppp/6b5/12/12/5B6/PPPPPPPPPPPP/HHHHHHHHHHHH w dice=6", "dice"),
    ("classic", "pppppppp/8/8/8/8/8/8/PPPPPPPP w passive=1,0", "passive"),
    ("tournament", "hhhhhhhhhhhh/pppppppppppp/6b5/12/12/5B6/PPPPPPPPPPPP/HHHHHHHHHHHH w passive=1", "passive"),
    ("tournament", "hhhhhhhhhhhh/pppppppppppp/6b5/12/12/5B6/PPPPPPPPPPPP/HHHHHHHHHHHH w passive=1,2,3", "passive"),
    ("classic", "pppppppp/8/8/8/8/8/8/PPPPPPPP w hand=1,1", "hand"),
    ("poleis", "8/8/8/8/8/8/8/8 w hand=17,16", "hand"),
    ("poleis", "O7/8/8/8/8/8/8/8 w hand=16,16", "16"),
    ("poleis", "8/8/8/8/8/8/8/8 w hand=a,b", "hand"),
    ("poleis", "V7/8/8/8/8/8/8/8 b hand=15,16", "vagus"),
]


@pytest.mark.parametrize("ruleset, text, what", BAD, ids=[f"{r}:{t[-24:]}" for r, t, _ in BAD])
def test_bad_position_strings_raise_position_error_naming_the_problem(ruleset, text, what):
    with pytest.raises(PositionError) as exc:
        Position.from_string(ruleset, text)
    assert what in str(exc.value), str(exc.value)


@pytest.mark.parametrize(
    "text",
    [
        "²7p/8/8/8/8/8/8/PPPPPPPP w",  # a superscript digit is not a run of empty squares
        "pppppppp/8/8/8/8/8/8/PPPPPPPP w quiet=²",
        "pppppppp/8/8/8/8/8/8/PPPPPPPP\tw\tfoo",
    ],
)
def test_odd_characters_raise_position_error_too(text):
    # PositionError is the one exception type for bad position strings (errors.py: every bad input
    # raises a subclass of PetteiaError) — never a bare ValueError from int().
    with pytest.raises(PositionError):
        Position.from_string("classic", text)


def test_non_text_raises_position_error():
    with pytest.raises(PositionError):
        Position.from_string("classic", None)
    with pytest.raises(PositionError):
        Position.from_string("classic", 42)


def test_position_error_is_a_petteia_error():
    assert issubclass(PositionError, PetteiaError)


def test_unknown_ruleset_is_a_petteia_error():
    with pytest.raises(PetteiaError, match="unknown ruleset"):
        Position.from_string("chess", STARTS["classic"])


def test_layout_helper_agrees_with_the_engine():
    # the test-side encoder writes exactly what the engine writes
    text = layout("tournament", "b", "quiet=3", P="Α1 Μ8", H="Ζ4", B="Λ2", p="Β2", h="Μ1", b="Η6")
    assert pos("tournament", text).to_string() == text

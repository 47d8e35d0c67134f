"""The public engine surface: is_legal, the three kinds of errors, reads that never roll the
dice, one type for the side to move, and position_svg."""

from __future__ import annotations

import random

import pytest

from petteia_core import Game, Position
from petteia_core.duodecim import DuodecimGame, DuodecimPosition
from petteia_core.errors import (
    GameStateError, IllegalMoveError, InvalidNotationError, NotationError, PetteiaError,
)
from petteia_core.render import board_svg, duodecim_svg, position_svg
from petteia_core.result import Result
from petteia_core.side import SIDES

RULESETS = ["classic", "vagi", "poleis", "tournament", "kubeia"]


@pytest.mark.parametrize("ruleset", RULESETS)
def test_is_legal_agrees_with_the_legal_moves(ruleset):
    rng = random.Random(ruleset)
    g = Game(ruleset, rng=random.Random(1))
    for _ in range(40):
        if g.result is not None:
            break
        if g.needs_roll:
            g.roll()
        pos = g.position
        legal = pos.legal_moves()
        pairs = {(-1 if m.frm is None else m.frm, m.to) for m in legal}
        assert pairs == set(pos.legal_pairs())
        assert all(pos.is_legal(m) and g.is_legal(m) and g.is_legal(m.text(pos.width)) for m in legal)
        n = pos.width * pos.height
        for frm in range(-1, n, 7):
            for to in range(0, n, 5):
                assert pos.is_legal((frm, to)) == ((frm, to) in pairs)
        move = rng.choice(legal)
        if move.captures:  # a Move naming the wrong captures is not legal
            assert not pos.is_legal(type(move)(move.frm, move.to, ()))
        g.play(move)


def test_legal_moves_never_rolls_the_dice():
    g = Game("kubeia", rng=random.Random(3))
    assert g.needs_roll
    with pytest.raises(GameStateError, match="roll the dice first"):
        g.legal_moves()
    assert g.needs_roll and g.position.dice is None and not g.is_legal("Α2-Α4")
    g.roll("21")
    assert g.position.dice == (2, 1) and g.legal_moves() and g.is_legal("Α2-Α4")


def test_duodecim_queries_never_roll_the_dice():
    g = DuodecimGame(rng=random.Random(3))
    for query in (g.legal_turns, g.legal_steps):
        with pytest.raises(GameStateError, match="roll the dice first"):
            query()
    assert g.needs_roll and not g.is_legal("@A6 @A3")
    assert g.roll("63") == (6, 3)
    assert g.legal_turns() and g.is_legal("@A6 @A3") and g.is_legal("63 @A6 @A3")
    assert not g.is_legal("52 @A5 @A2") and not g.is_legal("@A1")


def test_the_three_kinds_of_errors_are_still_notation_errors():
    g = Game("classic")
    cases = [
        (InvalidNotationError, lambda: g.play("Ω1-Ω2")),
        (InvalidNotationError, lambda: g.play("Α1")),
        (IllegalMoveError, lambda: g.play("Α1-Β2")),
        (IllegalMoveError, lambda: g.play("Α1-Α3xΒ3")),
        (GameStateError, g.undo),
        (GameStateError, g.redo),
        (GameStateError, g.roll),
    ]
    for kind, action in cases:
        with pytest.raises(kind) as info:
            action()
        assert isinstance(info.value, NotationError) and isinstance(info.value, PetteiaError)
        assert isinstance(info.value, ValueError)
    g.resign()
    with pytest.raises(GameStateError, match="the game is over"):
        g.play("Α1-Α3")
    with pytest.raises(GameStateError):
        DuodecimGame().undo()
    with pytest.raises(IllegalMoveError):
        DuodecimGame().play("63 @A1")


def test_a_replayed_line_keeps_the_kind_of_its_error():
    with pytest.raises(IllegalMoveError, match=r"move 1 \('Α1-Β2', word 1\)"):
        Game("classic").replay(["Α1-Β2"])
    with pytest.raises(InvalidNotationError, match="needs its roll"):
        Game("kubeia").replay(["Α2-Α4"])


def test_one_side_type():
    assert Position.start("classic").side_to_move == "w"
    assert DuodecimPosition.start().side_to_move == "w"
    assert Position.start("poleis").after(-1, 0).side_to_move == "b"
    assert Result.win("b", "siege").winner == "b" and Result.win("w", "siege").score == "1-0"
    with pytest.raises(ValueError):
        Result.win(0, "siege")  # the bitboard index is not a side
    assert set(SIDES) == {"w", "b"}
    assert Position.start("classic").count("w") == Position.start("classic").count(0) == 8


def test_position_svg_draws_what_the_plain_functions_draw():
    pos = Position.from_string("tournament", "hh1h1hhh1h1h/1p1p1ppp1pp1/p5p3B1/5PbP4/6H5/12/1P1P4P3/H1H1H1H2H1H w")
    svg = position_svg(pos, last=(13, 61), marks={61: "mark"}, arrows=[(13, 61)], flipped=True, attic=True,
                       board_id="x", title="T", caption="c")
    assert svg == board_svg(12, 8, pos.piece_map(), highlights={61: "mark"}, arrows=[(13, 61)],
                            last_move=(13, 61), flipped=True, attic_rows=True, board_id="x", title="T",
                            caption="c", army=True)
    classic = Position.start("classic")
    move = classic.legal_moves()[0]
    assert position_svg(classic, last=move) == board_svg(8, 8, classic.piece_map(), last_move=(move.frm, move.to), army=False)
    duo = DuodecimPosition.from_string("2,1w,2,1w,6/6/6/6/6 b hand=13,15 dice=52")
    assert position_svg(duo, marks={"A3": "to"}) == duodecim_svg(
        duo.points_map(), bar=duo.bar, off=duo.off, hand=duo.hand, dice=(5, 2), highlights={"A3": "to"})
    with pytest.raises(ValueError, match="Duodecim"):
        position_svg(duo, flipped=True)

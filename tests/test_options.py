"""RULES.md §8: every custodian ruleset is a preset of one RuleOptions; variants are replace(...)."""

import dataclasses

import pytest

from support import after, board, layout, mv, name, pos, texts
from petteia_core import PetteiaError, Position, RULESETS, RuleOptions, get_rules

CLASSIC = get_rules("classic")
VAGI = get_rules("vagi")
TOURNAMENT = get_rules("tournament")


def test_presets_are_the_named_rulesets():
    assert set(RULESETS) == {"classic", "vagi", "poleis", "tournament", "kubeia"}
    for key, rules in RULESETS.items():
        assert isinstance(rules, RuleOptions) and rules.name == key
        assert get_rules(key) is rules
        assert get_rules(rules) is rules


def test_preset_values_follow_the_rules():
    c = get_rules("classic")
    assert (c.width, c.height, c.pieces_per_side, c.setup) == (8, 8, 8, "rows")
    assert not c.corner_capture and not c.mandatory_capture and not c.vagi and not c.dice
    assert c.one_piece_loss and c.repetition and c.stall_limit == 100 and c.tiebreak == "pieces"
    assert c.first_player == "w"
    v = get_rules("vagi")
    assert v.vagi and v.one_piece_loss and v.tiebreak == "pieces_then_ordinarii" and v.setup == "rows"
    p = get_rules("poleis")
    assert p.vagi and p.setup == "hand" and p.pieces_per_side == 16 and p.first_player == "w"
    assert p.tiebreak == "pieces_then_ordinarii"
    t = get_rules("tournament")
    assert (t.width, t.height, t.setup) == (12, 8, "army")
    assert t.corner_capture and t.mandatory_capture and t.hoplite_range == 6
    assert t.hoplite_capture_class and t.basileus_capture_class and t.army_victories
    assert t.refusal_limit == 3 and not t.repetition and t.stall_limit == 100
    assert t.stall_reasons == ("superiority", "equal forces") and t.basileus_squares == ("Ζ3", "Η6")
    assert not t.dice and not t.one_piece_loss
    k = get_rules("kubeia")
    assert k.dice and dataclasses.replace(k, dice=False, name="tournament") == t


def test_options_are_immutable():
    with pytest.raises(dataclasses.FrozenInstanceError):
        CLASSIC.corner_capture = True  # type: ignore[misc]


def test_unknown_ruleset():
    with pytest.raises(PetteiaError, match="unknown ruleset"):
        get_rules("checkers")


def test_classic_with_corner_capture():
    rules = dataclasses.replace(CLASSIC, corner_capture=True)
    text = layout("classic", "w", P="Ε2 Β1 Θ5", p="Α1 Η8 Η7")
    assert mv(pos(rules, text), "Ε2-Α2").text(8) == "Ε2-Α2xΑ1"
    assert mv(pos("classic", text), "Ε2-Α2").captures == ()  # the preset is unchanged


def test_classic_with_mandatory_capture():
    rules = dataclasses.replace(CLASSIC, mandatory_capture=True)
    text = layout("classic", "w", P="Ζ4 Δ6 Α1", p="Δ5 Θ8 Η8")
    assert texts(pos(rules, text)) == {"Ζ4-Δ4xΔ5"}
    assert len(texts(pos("classic", text))) > 1


def test_loss_at_one_piece_is_an_option():
    rules = dataclasses.replace(CLASSIC, one_piece_loss=False)
    p = pos(rules, layout("classic", "w", P="Α1", p="Θ8 Η8"))
    assert p.result is None and p.legal_moves()


def test_stall_limit_is_an_option():
    rules = dataclasses.replace(CLASSIC, stall_limit=10)
    p = pos(rules, layout("classic", "w", "quiet=9", P="Α1 Β1 Γ1", p="Θ8 Η8"))
    assert str(after(p, "Α1-Α2").result) == "1-0 (stalled)"


def test_board_size_and_pieces_are_options():
    rules = dataclasses.replace(CLASSIC, width=10, height=10, pieces_per_side=10, name="classic10")
    p = Position.start(rules)
    assert p.to_string() == "pppppppppp/10/10/10/10/10/10/10/10/PPPPPPPPPP w"
    assert len(p.legal_moves()) == 10 * 8


def test_hoplite_range_and_classes_are_options():
    # unlimited Hoplite
    rules = dataclasses.replace(TOURNAMENT, hoplite_range=None)
    text = layout("tournament", "w", H="Α1 Μ1", P="Μ2", B="Λ1", p="Μ8", h="Λ8", b="Κ8")
    assert "Α1-Α8" in texts(pos(rules, text))
    assert "Α1-Α8" not in texts(pos("tournament", text))
    # without the Hoplite class rule two Peltasts take a Hoplite
    rules = dataclasses.replace(TOURNAMENT, hoplite_capture_class=False)
    text = layout("tournament", "w", P="Ζ4 Δ6", H="Α1", B="Μ1", h="Δ5 Λ8", p="Μ8", b="Κ8")
    assert [name(c, 12) for c in mv(pos(rules, text), "Ζ4-Δ4").captures] == ["Δ5"]
    # without the Basileus class rule four Peltasts enclose the Basileus
    rules = dataclasses.replace(TOURNAMENT, basileus_capture_class=False)
    text = layout("tournament", "w", P="Δ5 Ζ5 Ε6 Ε1", H="Μ1", B="Λ1", b="Ε5", p="Μ8", h="Λ8")
    assert [name(c, 12) for c in mv(pos(rules, text), "Ε1-Ε4").captures] == ["Ε5"]
    assert mv(pos("tournament", text), "Ε1-Ε4").captures == ()


def test_tournament_without_corner_capture():
    rules = dataclasses.replace(TOURNAMENT, corner_capture=False)
    text = layout("tournament", "w", P="Α2 Ε1", H="Μ2", B="Λ2", p="Α1 Μ8", h="Λ8", b="Κ8")
    assert mv(pos(rules, text), "Ε1-Β1").captures == ()


def test_refusal_rule_is_an_option():
    rules = dataclasses.replace(TOURNAMENT, refusal_limit=None)
    text = layout("tournament", "w", P="Α1 Ι4", H="Β1", B="Γ1", p="Ι8", h="Κ8", b="Λ8")
    p = pos(rules, text)
    q = p
    for m in ("Α1-Α2", "Λ8-Λ7", "Α2-Α1", "Λ7-Λ8", "Α1-Α2"):
        q = after(q, m)
    assert q.result is None, board(q)


def test_first_player_option_for_every_ruleset():
    for key, rules in RULESETS.items():
        p = Position.start(dataclasses.replace(rules, first_player="b"))
        assert p.side_to_move == "b", key


def test_mirrored_basileus_option():
    rules = dataclasses.replace(TOURNAMENT, basileus_squares=("Η3", "Ζ6"))
    assert Position.start(rules).to_string() == (
        "hhhhhhhhhhhh/pppppppppppp/5b6/12/12/6B5/PPPPPPPPPPPP/HHHHHHHHHHHH w"
    )


# The vagi rule must compose with the other movement options (RULES.md §8: "a reader can compose
# variants"): a vagus may only attack whatever else moves the pieces.
VAGUS = layout("vagi", "w", V="Δ4", O="Α1", o="Ζ5 Θ8")


def test_vagi_rule_holds_with_a_hoplite_range_option():
    rules = dataclasses.replace(VAGI, hoplite_range=3, name="vagi-range")
    p = pos(rules, VAGUS)
    assert {t for t in texts(p) if t.startswith("Δ4-")} == {"Δ4-Ζ4"}, board(p)


def test_vagi_rule_holds_with_dice():
    rules = dataclasses.replace(VAGI, dice=True, name="vagi-dice")
    p = pos(rules, VAGUS + " dice=66")
    assert {t for t in texts(p) if t.startswith("Δ4-")} == {"Δ4-Ζ4"}, board(p)

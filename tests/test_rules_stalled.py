"""RULES.md §1 "Stalled games": 100 single moves without a capture, or threefold repetition."""

import pytest

from support import board, layout
from petteia_core import Game


STALL_REASONS = ("stalled", "superiority", "equal forces")


def _quiet_walk(game, plies):
    """Play ``plies`` non-capturing moves that never revisit a position (no repetition)."""
    seen = {game.position.key()}
    for _ in range(plies):
        assert game.result is None
        p = game.position
        for m in p.legal_moves():
            child = p.play(m)
            ends = child.result is not None and child.result.reason not in STALL_REASONS
            if not m.captures and not ends and child.key() not in seen:
                break
        else:  # pragma: no cover - the test position always has a fresh quiet move
            raise AssertionError("no fresh quiet move\n" + board(p))
        game.play(m)
        seen.add(game.position.key())


@pytest.mark.parametrize("ruleset", ["classic", "tournament"])
def test_one_hundred_single_moves_without_capture_end_the_game_ninety_nine_do_not(ruleset):
    if ruleset == "classic":
        text = layout("classic", "w", P="Α1 Β1 Γ1", p="Η8 Θ8")
        expected = "1-0 (stalled)"
    else:
        # armies far apart on the big board, White with one piece more
        text = layout(ruleset, "w", P="Α1 Α2", H="Β1", B="Γ1", p="Μ8", h="Λ8", b="Κ8")
        expected = "1-0 (superiority)"
    g = Game(ruleset, text)
    _quiet_walk(g, 99)
    assert g.position.quiet == 99
    assert g.result is None, board(g.position)
    _quiet_walk(g, 1)
    assert g.position.quiet == 100
    assert str(g.result) == expected
    assert g.legal_moves() == []


def test_a_capture_resets_the_count():
    text = layout("classic", "w", "quiet=99", P="Ζ4 Δ6 Α1", p="Δ5 Θ8 Η8")
    g = Game("classic", text)
    g.play("Ζ4-Δ4xΔ5")
    assert g.position.quiet == 0 and g.result is None


def test_threefold_repetition_classic():
    # White Α1 shuffles to Α2 and back while Black Θ8 does the same: the start position (White to
    # move) occurs for the third time after eight plies. White has more pieces: 1-0 (stalled).
    g = Game("classic", layout("classic", "w", P="Α1 Γ3 Δ3", p="Θ8 Η6"))
    cycle = ["Α1-Α2", "Θ8-Θ7", "Α2-Α1", "Θ7-Θ8"]
    for i, move in enumerate(cycle * 2):
        assert g.result is None, i
        g.play(move)
    assert g.repetitions() == 3
    assert str(g.result) == "1-0 (stalled)"
    assert g.legal_moves() == []


def test_second_occurrence_is_not_yet_a_repetition():
    g = Game("classic", layout("classic", "w", P="Α1 Γ3", p="Θ8 Η6"))
    for move in ["Α1-Α2", "Θ8-Θ7", "Α2-Α1", "Θ7-Θ8"]:
        g.play(move)
    assert g.repetitions() == 2 and g.result is None


def test_repetition_needs_the_same_side_to_move():
    # White cycles through three squares (Α1→Α2→Α3→Α1), Black through two (Θ8↔Θ7): the pieces
    # stand as at the start after 6 plies... with the same side to move only every 12 plies.
    g = Game("classic", layout("classic", "w", P="Α1 Γ3", p="Θ8 Η6"))
    white, black = ["Α1-Α2", "Α2-Α3", "Α3-Α1"], ["Θ8-Θ7", "Θ7-Θ8"]
    arrangement = g.position.occ
    same_pieces_other_side = 0
    for i in range(12):
        g.play(white[i % 3])
        if g.position.occ == arrangement:
            same_pieces_other_side += 1
        assert g.result is None
        g.play(black[i % 2])
        if i < 11:
            assert g.result is None, i
    assert same_pieces_other_side >= 1  # the pieces stood as at the start with Black to move
    assert g.repetitions() == 3  # start, after 6 moves, after 12 moves, White to move each time
    assert str(g.result) == "½-½ (stalled)"


def test_threefold_repetition_vagi_uses_the_ordinarii_tiebreak():
    # White vagus shuffles Γ5↔Δ5 (each an attack on Γ6/Δ6); Black vagus Θ2↔Θ3 (attacks on Θ1/Η3).
    # 4 pieces each; White has 2 ordinarii, Black 3: Black wins the stalled game.
    text = layout("vagi", "w", V="Γ5 Α1", O="Θ1 Η3", o="Γ6 Δ6 Α8", v="Θ2")
    g = Game("vagi", text)
    for move in ["Γ5-Δ5", "Θ2-Θ3", "Δ5-Γ5", "Θ3-Θ2"] * 2:
        assert g.result is None, board(g.position)
        g.play(move)
    assert g.position.vag.bit_count() == 3  # nobody turned: attacks keep vagi vagi
    assert str(g.result) == "0-1 (stalled)", board(g.position)


def test_tournament_and_kubeia_have_no_repetition_rule_but_classic_vagi_poleis_do():
    from petteia_core import get_rules

    assert get_rules("classic").repetition and get_rules("vagi").repetition and get_rules("poleis").repetition
    assert not get_rules("tournament").repetition and not get_rules("kubeia").repetition
    assert {get_rules(r).stall_limit for r in ("classic", "vagi", "poleis", "tournament", "kubeia")} == {100}

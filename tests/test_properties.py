"""Property-based tests (hypothesis) over random playouts of every custodian ruleset.

Each example is one random game: hypothesis draws the seed that picks the moves (and the dice).
"""

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from support import CUSTODIAN, board
from petteia_core import Game, Position
from petteia_core.perft import perft

SETTINGS = settings(
    max_examples=25, deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow]
)
seeds = st.integers(min_value=0, max_value=2**32 - 1)
rulesets = st.sampled_from(CUSTODIAN)


def playout(ruleset, seed, plies=90):
    """A random game of ``ruleset``: moves and dice both come from ``seed``."""
    rng = random.Random(seed)
    g = Game(ruleset, rng=random.Random(seed ^ 0x5EED))
    for _ in range(plies):
        if g.result is not None:
            break
        if g.needs_roll:
            g.roll()  # asking for the moves does not roll
        g.play(rng.choice(g.legal_moves()))
    return g


def adjacent(a, b, width):
    ra, ca = divmod(a, width)
    rb, cb = divmod(b, width)
    return abs(ra - rb) + abs(ca - cb) == 1


@SETTINGS
@given(ruleset=rulesets, seed=seeds)
def test_position_strings_round_trip(ruleset, seed):
    g = playout(ruleset, seed)
    for p in g.positions:
        text = p.to_string()
        q = Position.from_string(ruleset, text)
        assert q == p and q.to_string() == text, text


@SETTINGS
@given(ruleset=rulesets, seed=seeds)
def test_undo_restores_exactly_and_redo_replays(ruleset, seed):
    g = playout(ruleset, seed, plies=60)
    positions = g.positions
    strings = [p.to_string() for p in positions]
    moves = g.history
    for i in range(len(moves) - 1, -1, -1):
        g.undo()
        assert g.position == positions[i]
        assert g.position.to_string() == strings[i]
        assert g.history == moves[:i]
    for i, m in enumerate(moves):
        assert g.redo() == m
        assert g.position == positions[i + 1]


@SETTINGS
@given(ruleset=rulesets, seed=seeds)
def test_captures_remove_only_enemy_pieces_and_exactly_the_listed_ones(ruleset, seed):
    g = playout(ruleset, seed)
    ps = g.positions
    for before, move, after in zip(ps, g.history, ps[1:]):
        w = before.width
        me, them = before.turn, 1 - before.turn
        bmap, amap = before.piece_map(), after.piece_map()
        mine = lambda m, side: {s for s, ch in m.items() if ch.isupper() == (side == 0)}  # noqa: E731
        assert len(move.captures) <= 3
        for c in move.captures:
            assert c in mine(bmap, them), (move.text(w), board(before))
            assert adjacent(c, move.to, w)
        # the opponent loses exactly the captured pieces, nothing else changes on their side
        assert mine(amap, them) == mine(bmap, them) - set(move.captures), move.text(w)
        for s in mine(amap, them):
            assert amap[s] == bmap[s]
        # the mover keeps every piece: one moved (or one placed)
        expected = (mine(bmap, me) - ({move.frm} if move.frm is not None else set())) | {move.to}
        assert mine(amap, me) == expected
        if move.frm is not None:
            assert amap[move.to].upper() in ("O", "V") or amap[move.to] == bmap[move.frm]
        assert after.count(them) == before.count(them) - len(move.captures)


@SETTINGS
@given(ruleset=rulesets, seed=seeds)
def test_moves_are_straight_slides_over_empty_squares(ruleset, seed):
    g = playout(ruleset, seed, plies=60)
    for before, move in zip(g.positions, g.history):
        w = before.width
        occupied = set(before.piece_map())
        assert move.to not in occupied
        if move.frm is None:
            assert before.placing
            continue
        fr, fc = divmod(move.frm, w)
        tr, tc = divmod(move.to, w)
        assert (fr == tr) != (fc == tc)
        dr, dc = (tr > fr) - (tr < fr), (tc > fc) - (tc < fc)
        r, c = fr + dr, fc + dc
        while (r, c) != (tr, tc):
            assert r * w + c not in occupied
            r, c = r + dr, c + dc


@SETTINGS
@given(ruleset=rulesets, seed=seeds)
def test_records_reimport_to_the_same_game(ruleset, seed):
    g = playout(ruleset, seed)
    text = g.record()
    h = Game.from_record(text)
    assert h.history == g.history
    assert h.positions == g.positions
    assert h.result == g.result
    assert h.record() == text


@SETTINGS
@given(ruleset=rulesets, seed=seeds)
def test_perft_1_equals_the_number_of_legal_moves(ruleset, seed):
    g = playout(ruleset, seed, plies=40)
    for p in g.positions[::4]:
        if p.rules.dice:
            p = p.with_dice(p.dice or (5, 2))
            assert perft(p, 1, [p.dice]) == len(p.legal_moves())
        else:
            assert perft(p, 1) == len(p.legal_moves())


@SETTINGS
@given(ruleset=st.sampled_from(["tournament", "kubeia"]), seed=seeds)
def test_mandatory_capture_all_or_nothing(ruleset, seed):
    g = playout(ruleset, seed, plies=60)
    for p in g.positions:
        if p.rules.dice and p.dice is None:
            continue
        moves = p.legal_moves()
        if any(m.captures for m in moves):
            assert all(m.captures for m in moves)


@SETTINGS
@given(ruleset=rulesets, seed=seeds)
def test_game_over_means_no_moves(ruleset, seed):
    g = playout(ruleset, seed, plies=400)
    if g.result is not None:
        assert g.legal_moves() == []
        assert g.result.score in ("1-0", "0-1", "½-½")


@pytest.mark.parametrize("ruleset", CUSTODIAN)
def test_a_long_random_game_stays_consistent(ruleset):
    g = playout(ruleset, 2024, plies=300)
    assert Game.from_record(g.record()).position == g.position

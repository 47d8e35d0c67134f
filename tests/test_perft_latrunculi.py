"""Perft tables of the Ludus latrunculorum reconstructions (RULES.md §9), cross-checked with an
independent square-by-square generator (tests/latrunculi_oracle.py) written from RULES.md alone.

perft counts one ply per placement, per move (a whole jump chain is one move), per removal and
per Bell extra move; a finished game has no moves. Mid-game positions come from seeded random
games (their strings are fixed here).
"""

import pytest

from latrunculi_oracle import Oracle, parse
from petteia_core import Position, get_rules
from petteia_core.perft import perft

START = {
    "latrunculi-quintana": [32, 944, 37796],
    "latrunculi-kowalski": [81, 6285, 537761],
    "latrunculi-kowalski-11x10": [88, 7348, 697340],
    "latrunculi-bell": [64, 4032, 249984],  # 64 x 63 (White places two) x 62
    "latrunculi-bell-7x8": [56, 3080, 166320],
    "latrunculi-piso": [64, 4032, 249984],
    "latrunculi-schaedler": [64, 4032, 249984],
    "latrunculi-schaedler-1994": [64, 4032, 249984],
}

#: (ruleset, position, perft 1-3, oracle depth): the oracle recounts up to that depth.
MIDGAME = [
    ("latrunculi-quintana", "pp2pppp/ppp1ppP1/4PPP1/2pP1P1p/P3pP1p/4P2p/1P4P1/P3P2P w quiet=16 move=24",
     [71, 2421, 165037], 3),
    ("latrunculi-quintana", "1ppp1ppp/3p3p/p4pP1/Ppp5/2P1P2P/1PP5/P4P2/P1PP1PP1 w quiet=3 move=41",
     [68, 3312, 223747], 2),
    ("latrunculi-kowalski", "2p3p2pp1/12/4p7/p1Pp2PP4/3Dp1P2P1P/11P/dp3p1p3p/PP1P1P5P w quiet=46 move=24",
     [72, 6348, 477818], 2),
    ("latrunculi-kowalski", "pp8p1/2dp5p2/6p2p1p/PPP8p/12/1p1P1P6/2D3P3Pp/2PPp3PP1P w quiet=80 move=41",
     [85, 8114, 702249], 2),
    ("latrunculi-kowalski-11x10", "p3P5p/2p8/3p4p2/11/5dP2P1/10P/2PP3P3/p1p7p/7p3/PPP1D6 w quiet=9 move=24",
     [109, 12357, 1332302], 2),
    ("latrunculi-kowalski-11x10", "p3d2p1p1/p3P3P2/11/11/2P1P1p4/3p4P2/p2p7/1p9/2pP5D1/1P4P2PP w quiet=80 move=41",
     [96, 9910, 982204], 2),
    ("latrunculi-bell", "p7/8/8/5P2/8/1P6/8/8 b hand=15,16", [61, 3660, 215940], 3),
    ("latrunculi-bell", "2p3p1/pp1pP1PP/P1p1Pp1P/3p1PP1/1p4P1/2pppPD1/PP2P2P/PP1p3p w quiet=4 move=15",
     [30, 911, 23200], 3),
    ("latrunculi-bell", "1PpP1P1p/PP3p1p/P1P1D1p1/p1pp1P2/pPp1Pd2/1P3p1p/pPp1pP1P/2P2P2 w move=10 again=Θ2",
     [2, 68, 1944], 3),
    ("latrunculi-bell", "PPpP3P/pP1ppP2/1P2pP1P/1p1P1p2/2pp4/1P2p2p/5P1p/1PpP1PpP b hand=1,3 move=8",
     [34, 1122, 35904], 3),
    ("latrunculi-bell-7x8", "p4pp/PPpP1pp/1PPP1pP/5pP/pp2P1p/P1P1p1P/2pd1pP/pp2PD1 w quiet=1 move=15",
     [23, 491, 10011], 3),
    ("latrunculi-bell-7x8", "1pP1PP1/pp3P1/pp1pp1p/DP2Ppd/P1PPppp/P2P1PP/ppp4/2PP1P1 w move=11 again=Δ1",
     [2, 35, 958], 3),
    ("latrunculi-piso", "PPpp3p/PP1PPP2/1p2PP1P/1p1p1p2/2pp4/1p2p2P/5p1P/1ppP1pPP w hand=5,5 move=16",
     [34, 1122, 35904], 3),
    ("latrunculi-piso", "2ppP1Pp/pp2P2P/P1pPp1pP/2pPPpp1/Pp2P3/1P4pp/p2PPP1p/Ppp1PP1P w quiet=1 move=24",
     [28, 838, 24073], 3),
    ("latrunculi-schaedler", "p1p3Pp/2p1P1pp/Pp2pP1P/1Pp2ppP/P7/2PPp1P1/1p2PP1p/Pp2Pp1P w quiet=14 move=24",
     [51, 2398, 123500], 2),
    ("latrunculi-schaedler", "P1P3p1/p1p1Pp2/1p1p1p2/1Ppp1P2/P2P2PP/pPPp1paa/6PP/1pP1Pp2 w quiet=12 move=31",
     [40, 1827, 77037], 3),
    ("latrunculi-schaedler", "pp2PaP1/p2PPP2/PppPP2P/1Pp4p/p2P4/p3PP2/1pApppP1/P2p2p1 w quiet=48 move=41",
     [46, 1787, 82916], 3),
    ("latrunculi-schaedler-1994", "PPpp3p/PP1PPP2/1p2PP1P/1p1p1p2/2pp4/1p2p2P/5p1P/1ppP1pPP w hand=1,1 move=16",
     [34, 1122, 45344], 3),
    ("latrunculi-schaedler-1994", "pP1pP2P/pP1A2P1/p1PpppP1/A5P1/p3p3/1pPP2pp/p4p1P/PPP1p3 w quiet=9 move=41",
     [44, 1970, 89163], 3),
]


@pytest.mark.parametrize("ruleset", list(START))
def test_perft_from_the_start(ruleset):
    start = Position.start(ruleset)
    assert [perft(start, d) for d in (1, 2, 3)] == START[ruleset]


def test_the_start_positions_are_those_of_rules_9():
    assert Position.start("latrunculi-quintana").to_string() == "pppppppp/pppppppp/8/8/8/8/PPPPPPPP/PPPPPPPP w"
    assert Position.start("latrunculi-kowalski").to_string() == "pppppppppppp/5d6/12/12/12/12/6D5/PPPPPPPPPPPP w"
    assert Position.start("latrunculi-kowalski-11x10").to_string() == \
        "pppppdppppp/11/11/11/11/11/11/11/11/PPPPPDPPPPP w"
    for name, width, hand in (("latrunculi-bell", 8, 17), ("latrunculi-bell-7x8", 7, 17), ("latrunculi-piso", 8, 20),
                              ("latrunculi-schaedler", 8, 16), ("latrunculi-schaedler-1994", 8, 16)):
        start = Position.start(name)
        assert start.to_string() == "/".join([str(width)] * 8) + " w" and start.hand == (hand, hand)


@pytest.mark.parametrize("ruleset,text,expected,checked", MIDGAME, ids=[f"{r}-{i}" for i, (r, *_) in enumerate(MIDGAME)])
def test_perft_in_the_middle_game(ruleset, text, expected, checked):
    p = Position.from_string(ruleset, text)
    assert p.to_string() == text
    assert [perft(p, d) for d in (1, 2, 3)] == expected
    oracle = Oracle(get_rules(ruleset))
    state = parse(get_rules(ruleset), text)
    assert [oracle.perft(state, d) for d in range(1, checked + 1)] == expected[:checked]


@pytest.mark.parametrize("ruleset", ["latrunculi-quintana", "latrunculi-bell", "latrunculi-schaedler"])
def test_the_oracle_agrees_from_the_start(ruleset):
    r = get_rules(ruleset)
    assert [Oracle(r).perft(parse(r, Position.start(r).to_string()), d) for d in (1, 2)] == START[ruleset][:2]


@pytest.mark.parametrize("ruleset,text,depth", [
    ("latrunculi-piso", "p6p/8/8/8/8/8/8/P6P w", 5),
    ("latrunculi-piso", "8/8/8/8/8/8/8/Pp4Pp w", 5),
    ("latrunculi-bell-7x8", "p5d/7/7/7/7/7/7/D5P w", 5),
])
def test_deeper_perft_agrees_with_the_oracle_on_small_positions(ruleset, text, depth):
    p = Position.from_string(ruleset, text)
    r = get_rules(ruleset)
    assert perft(p, depth) == Oracle(r).perft(parse(r, text), depth)

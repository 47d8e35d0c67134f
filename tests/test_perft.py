"""Perft regression (move-generator counts from the start positions) and the command line."""

import os
import subprocess
import sys

import pytest

from support import layout, pos
from petteia_core import Game, Position
from petteia_core.cli import main
from petteia_core.perft import perft

KUBEIA_ROLLS = [(6, 3), (5, 2), (1, 1), (4, 4)]

EXPECTED = {
    "classic": [48, 2136, 112874],
    "vagi": [48, 2136, 93348],
    "poleis": [64, 4032, 249984],
    "tournament": [57, 3054, 177130],
}


@pytest.mark.parametrize("ruleset", list(EXPECTED))
@pytest.mark.parametrize("depth", [1, 2, 3])
def test_perft_from_the_start(ruleset, depth):
    assert perft(Position.start(ruleset), depth) == EXPECTED[ruleset][depth - 1]


def test_perft_depth_zero_is_one():
    assert perft(Position.start("classic"), 0) == 1


@pytest.mark.slow
def test_perft_classic_depth_4():
    assert perft(Position.start("classic"), 4) == 5_673_664


@pytest.mark.slow
def test_perft_kubeia_depth_4_with_fixed_rolls():
    assert perft(Position.start("kubeia"), 4, KUBEIA_ROLLS) == 2_587_056


def test_perft_kubeia_shallow_is_consistent_with_legal_moves():
    start = Position.start("kubeia")
    first = start.with_dice((6, 3))
    assert perft(start, 1, KUBEIA_ROLLS) == len(first.legal_moves())
    total = sum(
        len(first.play(m).with_dice((5, 2)).legal_moves()) for m in first.legal_moves()
    )
    assert perft(start, 2, KUBEIA_ROLLS) == total


def test_perft_of_a_finished_game_is_zero():
    over = pos("classic", layout("classic", "b", P="Γ8 Α7 Β7", p="Α8 Β8"))
    assert over.result is not None
    assert perft(over, 1) == 0 and perft(over, 3) == 0


def test_perft_counts_no_moves_after_a_game_ending_move():
    # Ζ4-Δ4xΔ5 leaves Black one piece: that branch has no moves below it.
    p = pos("classic", layout("classic", "w", P="Ζ4 Δ6 Α1", p="Δ5 Θ8"))
    below = 0
    for m in p.legal_moves():
        child = p.play(m)
        below += len(child.legal_moves())
    assert perft(p, 2) == below
    assert perft(p, 1) == len(p.legal_moves())


# ----------------------------------------------------------------------------- command line (in process)


def run(capsys, *argv):
    code = main(list(argv))
    out = capsys.readouterr()
    return code, out.out.splitlines(), out.err


def test_cli_perft_prints_the_count_on_its_last_line(capsys):
    code, lines, _ = run(capsys, "perft", "classic", "2")
    assert code == 0 and lines[-1] == "2136"
    code, lines, _ = run(capsys, "perft", "kubeia", "2", "--dice", "63,52")
    assert code == 0 and lines[-1] == str(perft(Position.start("kubeia"), 2, KUBEIA_ROLLS[:2]))
    text = layout("classic", "w", P="Ζ4 Δ6 Α1", p="Δ5 Θ8")
    code, lines, _ = run(capsys, "perft", "classic", "1", "--position", text)
    assert lines[-1] == str(len(pos("classic", text).legal_moves()))


def test_cli_moves_prints_greek_moves(capsys):
    code, lines, _ = run(capsys, "moves", "classic")
    assert code == 0 and len(lines) == 48
    assert "Δ1-Δ7" in lines and all("-" in ln for ln in lines)
    text = layout("classic", "w", P="Ζ4 Δ6 Α1", p="Δ5 Θ8 Η8")
    code, lines, _ = run(capsys, "moves", "classic", "--position", text)
    assert "Ζ4-Δ4xΔ5" in lines
    code, lines, _ = run(capsys, "moves", "kubeia", "--dice", "21")
    assert code == 0 and set(lines) == {m.text(12) for m in Position.start("kubeia").with_dice((2, 1)).legal_moves()}
    code, lines, _ = run(capsys, "moves", "poleis")
    assert len(lines) == 64 and lines[0].startswith("@")


def test_cli_replay_prints_the_position_and_the_result(capsys):
    code, lines, _ = run(capsys, "replay", "classic", "Α1-Α3", "Θ8-Θ6")
    assert code == 0 and lines == ["ppppppp1/8/7p/8/8/P7/8/1PPPPPPP w quiet=2 move=2"]
    assert Position.from_string("classic", lines[0]) == Game.from_record("1) Α1-Α3, Θ8-Θ6", "classic").position
    words = "63 Α2-Α4 32 Η6-Ζ6 32 Α1-Α3 42 Κ7-Κ5 21 Β1-Α1 53 Α7-Α5 65 Α1-Α2".split()
    code, lines, _ = run(capsys, "replay", "kubeia", *words)
    assert code == 0 and lines[-1] == "0-1 (refusal of battle)"
    assert Position.from_string("kubeia", lines[-2]).passive == (3, 0)
    code, lines, _ = run(capsys, "replay", "poleis", "@Δ4", "@Δ5")
    assert lines == ["8/8/8/3o4/3O4/8/8/8 w hand=15,15 move=2"]


def test_cli_replay_from_a_position_as_documented(capsys):
    # DESIGN.md: python -m petteia_core replay RULESET [--position TEXT] MOVE ...
    text = layout("classic", "w", P="Ζ4 Δ6 Α1", p="Δ5 Θ8")
    code, lines, _ = run(capsys, "replay", "classic", "--position", text, "Ζ4-Δ4xΔ5")
    assert code == 0
    assert lines == ["7p/8/3P4/8/3P4/8/8/P7 b", "1-0 (one piece)"]


def test_cli_errors_exit_2_with_a_message(capsys):
    code, _, err = run(capsys, "replay", "classic", "Α1-Β2")
    assert code == 2 and err.startswith("error:") and "diagonal" in err
    code, _, err = run(capsys, "perft", "classic", "1", "--position", "garbage w")
    assert code == 2 and "error:" in err
    code, _, err = run(capsys, "perft", "kubeia", "3", "--dice", "63")
    assert code == 2 and "error:" in err


@pytest.mark.no_pyodide
def test_cli_as_a_subprocess():
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    env = dict(os.environ, PYTHONPATH=root + os.pathsep + os.environ.get("PYTHONPATH", ""), PYTHONIOENCODING="utf-8")
    out = subprocess.run(
        [sys.executable, "-m", "petteia_core", "perft", "tournament", "2"],
        capture_output=True, text=True, cwd=root, env=env, check=True,
    )
    assert out.stdout.splitlines()[-1] == "3054"
    out = subprocess.run(
        [sys.executable, "-m", "petteia_core", "moves", "tournament"],
        capture_output=True, text=True, cwd=root, env=env, check=True, encoding="utf-8",
    )
    assert len(out.stdout.splitlines()) == 57 and "Ζ3-Ζ6" in out.stdout.splitlines()

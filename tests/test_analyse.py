"""The game review (petteia_core.ai.review) and its command, ``python -m petteia_core analyse``."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from petteia_core import Game
from petteia_core.ai.review import THRESHOLDS, mark_for, review_game, review_move
from petteia_core.duodecim import DuodecimGame

ROOT = Path(__file__).resolve().parent.parent

# White's second move puts Β3 beside Black's Α3: Black captures it with Γ8-Γ3xΒ3 at once.
BLUNDER = '[Ruleset "classic"]\n1) Α1-Α2, Α8-Α3;\n2) Β1-Β3'
# The engine's own first choice (depth 3).
BEST = '[Ruleset "classic"]\n1) Δ1-Δ6'
# Level 1 against itself, dice seeded; 5... Η7-Η6 lets Ι5-Κ5 take Λ5 with the roll 21.
KUBEIA = """[Ruleset "kubeia"]
1) 53 Δ2-Δ4, 63 Α7-Α6;
2) 66 Λ2-Λ5 65 Λ5-Ι5, 41 Α6-Α4;
3) 62 Μ2-Μ6, 21 Η6-Θ6;
4) 31 Γ2-Γ5, 42 Λ7-Λ5;
5) 54 Μ1-Μ5, 51 Η7-Η6;
6) 21 Ι5-Κ5xΛ5"""
# Level 1 against itself; 5. 62 is a void roll (White cannot move); 6... leaves blots to be hit.
DUODECIM = """[Ruleset "duodecim"]
1) 52 @A5 @A2, 52 @A5* @A2*;
2) 53 @A5* @A3, 64 @A6 @A4;
3) 51 A5-A10 @A1, 51 @A5 A5-A6;
4) 43 @A4* @A3, 52 @A5 @A2;
5) 62, 54 @A5 @A4*;
6) 54 @A4* A4-A9, 64 @A4 A5-A11;"""


def analyse(tmp_path: Path, record: str | bytes | None, ruleset: str = "classic", *extra: str,
            name: str = "game.txt") -> subprocess.CompletedProcess:
    path = tmp_path / name
    if isinstance(record, bytes):
        path.write_bytes(record)
    elif record is not None:
        path.write_text(record, encoding="utf-8")
    env = dict(os.environ, PYTHONPATH=str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""),
               PYTHONIOENCODING="utf-8")
    return subprocess.run([sys.executable, "-m", "petteia_core", "analyse", ruleset, str(path), *extra],
                          cwd=ROOT, capture_output=True, text=True, timeout=300, env=env)


def move_lines(out: str) -> list[list[str]]:
    """The move lines, split in columns: number, played (+ symbol), mark, best, before, after."""
    rows = []
    for line in out.splitlines():
        if line.startswith("#") or not line.strip():
            continue
        rows.append(line)
    return rows


def columns(line: str) -> dict[str, str]:
    number, rest = line.split(maxsplit=1)
    played, rest = rest[:29].strip(), rest[29:]
    mark, rest = rest[:12].strip(), rest[12:]
    best, before, after = rest[:22].strip(), *rest[22:].split()
    return {"number": number, "played": played, "mark": mark, "best": best, "before": before, "after": after}


# ------------------------------------------------------------------ the marks
def test_the_thresholds_are_in_pieces_and_ordered():
    assert [m for m, _ in THRESHOLDS] == ["blunder", "mistake", "inaccuracy"]
    least = [v for _, v in THRESHOLDS]
    assert least == sorted(least, reverse=True) and 0 < least[-1] < 1 <= least[0] + 0.2
    assert mark_for(0) == "good" and mark_for(least[0]) == "blunder" and mark_for(least[-1] - 0.01) == "good"


def test_a_move_that_lets_a_piece_be_taken_at_once_is_a_blunder():
    game = Game.from_record(BLUNDER)
    r = review_move(game, 2)
    assert (r.move, r.mark, r.symbol) == ("Β1-Β3", "blunder", "??")
    assert r.best != r.move and r.best_pair != r.pair
    assert r.loss >= THRESHOLDS[0][1] and r.before - r.after == pytest.approx(r.loss, abs=0.011)
    assert r.after < 0 < r.before  # White stood better; after the blunder Black does


def test_a_blunder_says_why_with_the_answer_that_punishes_it():
    """Issue #34: the review named the better move but not why; now the opponent's best answer to
    the move played, and the pieces it takes (Γ8-Γ3xΒ3 takes the piece Β1-Β3 put beside Α3)."""
    game = Game.from_record(BLUNDER)
    r = review_move(game, 2)
    assert (r.reply, r.reply_captures) == ("Γ8-Γ3xΒ3", 1)
    assert review_move(Game.from_record(BEST), 0).reply == ""  # the best move needs no why


def test_the_engines_own_choice_is_good_and_its_own_best():
    game = Game.from_record(BEST)
    r = review_move(game, 0)
    assert (r.mark, r.best, r.loss) == ("good", "Δ1-Δ6", 0.0)
    assert r.before == r.after


# ------------------------------------------------------------------ the command
@pytest.mark.no_pyodide
def test_analyse_prints_one_line_per_move_and_marks_the_blunder(tmp_path):
    done = analyse(tmp_path, BLUNDER)
    assert done.returncode == 0, done.stderr
    rows = [columns(line) for line in move_lines(done.stdout)]
    assert [r["number"] for r in rows] == ["1.", "1...", "2."]
    last = rows[2]
    assert last["played"] == "Β1-Β3 ??" and last["mark"] == "blunder"
    assert last["best"] not in ("", "Β1-Β3")
    assert float(last["before"]) - float(last["after"]) >= THRESHOLDS[0][1]
    assert "blunder 0.8+" in done.stdout and "depth 3" in done.stdout
    assert done.stderr == ""


@pytest.mark.no_pyodide
def test_analyse_a_best_move(tmp_path):
    done = analyse(tmp_path, BEST)
    assert done.returncode == 0, done.stderr
    [row] = [columns(line) for line in move_lines(done.stdout)]
    assert row == {"number": "1.", "played": "Δ1-Δ6", "mark": "good", "best": "Δ1-Δ6",
                   "before": row["before"], "after": row["before"]}


@pytest.mark.no_pyodide
def test_analyse_takes_a_depth(tmp_path):
    done = analyse(tmp_path, BLUNDER, "classic", "--depth", "1")
    assert done.returncode == 0, done.stderr
    assert "depth 1" in done.stdout and len(move_lines(done.stdout)) == 3
    bad = analyse(tmp_path, BLUNDER, "classic", "--depth", "9")
    assert bad.returncode == 2 and "depth" in bad.stderr and "Traceback" not in bad.stderr


@pytest.mark.no_pyodide
def test_analyse_a_kubeia_game_on_the_rolls_thrown(tmp_path):
    done = analyse(tmp_path, KUBEIA, "kubeia")
    assert done.returncode == 0, done.stderr
    rows = [columns(line) for line in move_lines(done.stdout)]
    assert len(rows) == len(Game.from_record(KUBEIA).history) == 12
    for r in rows:  # every move and every best move with the roll thrown
        roll = r["played"].split()[0]
        assert len(roll) == 2 and r["best"].startswith(roll + " ")
    assert [r["number"] for r in rows[2:4]] == ["2.", "2."]  # the double: White moves again
    assert rows[10]["played"] == "51 Η7-Η6 ??" and rows[10]["mark"] == "blunder"
    assert rows[11]["mark"] == "good" and rows[11]["best"] == "21 Ι5-Κ5xΛ5"
    assert "every roll of the reply" in done.stdout


@pytest.mark.no_pyodide
def test_analyse_a_duodecim_game(tmp_path):
    done = analyse(tmp_path, DUODECIM, "duodecim")
    assert done.returncode == 0, done.stderr
    rows = [columns(line) for line in move_lines(done.stdout)]
    assert len(rows) == 12
    assert rows[8]["played"] == "62" and rows[8]["mark"] == "good" and rows[8]["best"] == "62"  # a void roll
    assert rows[11]["played"].startswith("64 @A4 A5-A11") and rows[11]["mark"] in ("mistake", "blunder")
    assert rows[11]["best"].startswith("64 ") and rows[11]["best"] != "64 @A4 A5-A11"
    marks = {r["mark"] for r in rows}
    assert marks <= {"good", "inaccuracy", "mistake", "blunder"} and "good" in marks


def test_review_game_yields_every_move_of_a_duodecim_game():
    game = DuodecimGame.from_record(DUODECIM)
    reviews = list(review_game(game))
    assert [r.ply for r in reviews] == list(range(12))
    assert all(r.loss >= 0 for r in reviews)
    assert [r.side for r in reviews[:4]] == ["w", "b", "w", "b"]


def test_analyse_in_process(tmp_path, capsys):
    """The command's main(), as Pyodide runs it (no subprocess there)."""
    from petteia_core.cli import main

    path = tmp_path / "blunder.txt"
    path.write_text(BLUNDER, encoding="utf-8")
    assert main(["analyse", "classic", str(path)]) == 0
    rows = [columns(line) for line in move_lines(capsys.readouterr().out)]
    assert rows[2]["mark"] == "blunder"
    assert main(["analyse", "classic", str(tmp_path / "missing.txt")]) == 2
    assert "no such file" in capsys.readouterr().err


# ------------------------------------------------------------------ bad record files
@pytest.mark.no_pyodide
@pytest.mark.parametrize(
    "record, ruleset, words",
    [
        (None, "classic", ["no such file"]),
        ("", "classic", ["empty"]),
        (b"\xff\xfe\x00\x81garbage", "classic", ["not a text file"]),
        ("hello, world! 42", "classic", ["move 1", "'hello'"]),
        ('[Ruleset "classic"]\n1) Α1-Α2, Α8-Α3;\n2) Α2-Β3, Β8-Β4', "classic", ["move 2", "'Α2-Β3'", "diagonally"]),
        ('[Ruleset "classic"]\n1) Α1-Α2, Α8-Α3;\n2) Β1-Β3, Α3-Α1', "classic", ["move 2", "'Α3-Α1'"]),
        ('[Ruleset "classic"]\n1) Α1-Α2', "vagi", ["'classic'", "not of 'vagi'"]),
        ('[Ruleset "kubeia"]\n1) Δ2-Δ4', "kubeia", ["move 1", "roll"]),
        ('[Ruleset "duodecim"]\n1) 52 @A5 @A9', "duodecim", ["turn 1", "@A9"]),
        ('[Ruleset "classic"]\n', "classic", ["no moves"]),
    ],
)
def test_a_bad_record_file_gets_a_clear_error(tmp_path, record, ruleset, words):
    done = analyse(tmp_path, record, ruleset)
    assert done.returncode == 2, done.stdout
    assert done.stderr.startswith("error: "), done.stderr
    assert "Traceback" not in done.stderr and done.stdout == ""
    for word in words:
        assert word in done.stderr, done.stderr
    assert len(done.stderr.splitlines()) == 1


@pytest.mark.no_pyodide
def test_the_play_page_states_the_thresholds_the_review_uses():
    page = (ROOT / "docs" / "play" / "index.md").read_text(encoding="utf-8")
    least = dict(THRESHOLDS)
    rows = {
        "inaccuracy": f"| ?! | inaccuracy | {least['inaccuracy']:g} to {least['mistake']:g} of a piece |",
        "mistake": f"| ? | mistake | {least['mistake']:g} to {least['blunder']:g} of a piece |",
        "blunder": f"| ?? | blunder | {least['blunder']:g} of a piece or more",
        "good": f"| (none) | good | less than {least['inaccuracy']:g} of a piece |",
    }
    for mark, row in rows.items():
        assert row in page, mark
    from petteia_core.ai.review import DUODECIM_PIECE

    assert f'a "piece" means {DUODECIM_PIECE // 10} points of progress' in page

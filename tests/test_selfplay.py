"""Self-play statistics (issue #15): ``python -m petteia_core selfplay`` and petteia_core.lab.

Reproducible from a fixed seed, the same whatever the number of processes; every record it writes
re-imports to its game with the same result; the ``--option`` parser refuses unknown or inconsistent
options with a clear message.
"""

from __future__ import annotations

import argparse
import json
import math
import re
import subprocess
import sys
from pathlib import Path

import pytest

from petteia_core import Game, PetteiaError, get_rules
from petteia_core.lab import CAP, play_game, run_games, summarise, wilson
from petteia_core.lab.stats import quantile
from petteia_core.options import option_changes, variant
from petteia_core.selfplay_cli import rules_of, statistics

ROOT = Path(__file__).resolve().parent.parent


def args(ruleset: str = "classic", *options: str, games: int = 4, level: int = 1, seed: int = 7,
         jobs: int = 1, max_plies: int | None = 60, records: str | None = None) -> argparse.Namespace:
    return argparse.Namespace(ruleset=ruleset, option=list(options), games=games, level=level, seed=seed,
                              jobs=jobs, max_plies=max_plies, records=records, log=None, json=True)


# ----------------------------------------------------------------- statistics
def test_wilson_interval_matches_the_formula():
    p, low, high = wilson(0, 20)
    assert p == 0 and low == 0 and 0.16 < high < 0.17  # the "rule of three"-like upper bound
    p, low, high = wilson(20, 20)
    assert p == 1 and high == 1 and 0.83 < low < 0.84
    p, low, high = wilson(30, 100)
    assert math.isclose(low, 0.2189, abs_tol=1e-3) and math.isclose(high, 0.3958, abs_tol=1e-3)


def test_quartiles():
    assert quantile([5, 1, 3], 0.5) == 3
    assert quantile([1, 2, 3, 4, 5], 0.25) == 2 and quantile([1, 2, 3, 4, 5], 0.75) == 4


def test_figures_of_a_run_add_up():
    rows = run_games(get_rules("classic"), 1, 6, seed=3, max_plies=120)
    s = summarise(rows)
    assert s["games"] == 6
    assert s["first_player_wins"] + s["second_player_wins"] + s["draws"] + s["unfinished"] == 6
    assert sum(s["reasons"].values()) == 6
    assert s["unfinished"] == s["reasons"].get(CAP, 0)
    assert s["completion"]["count"] == 6 - s["unfinished"]
    assert s["length"]["q1"] <= s["length"]["median"] <= s["length"]["q3"] <= 120
    assert s["branching_factor"] > 1
    assert s["decisiveness"]["games"] <= 6


def test_a_game_with_dice_and_one_with_placements_play_to_the_cap_or_an_end():
    for name in ("kubeia", "poleis"):
        row = play_game(get_rules(name), 1, seed=1, index=2, max_plies=50)
        assert row.plies <= 50 and row.moves_seen >= row.plies
        assert (row.reason == CAP) == (row.plies == 50 and row.score == "*")


# ----------------------------------------------------------------- reproducible
def test_a_fixed_seed_gives_the_same_statistics_and_records():
    a, rec_a = statistics(args(seed=11, games=3))
    b, rec_b = statistics(args(seed=11, games=3))
    assert a == b and rec_a == rec_b
    c, rec_c = statistics(args(seed=12, games=3))
    assert rec_c != rec_a  # another seed, other games


@pytest.mark.no_pyodide  # processes
def test_the_number_of_processes_does_not_change_the_result():
    one = statistics(args("kubeia", seed=5, jobs=1, games=4, max_plies=40))
    two = statistics(args("kubeia", seed=5, jobs=2, games=4, max_plies=40))
    assert json.dumps(one, ensure_ascii=False) == json.dumps(two, ensure_ascii=False)


@pytest.mark.no_pyodide  # a log file
def test_an_interrupted_run_resumes_from_its_log(tmp_path):
    log = tmp_path / "run.jsonl"
    rules = get_rules("vagi")
    first = run_games(rules, 1, 2, seed=9, max_plies=40, log=log)
    assert len(log.read_text().splitlines()) == 2
    again = run_games(rules, 1, 3, seed=9, max_plies=40, log=log)  # plays only game 2
    assert len(log.read_text().splitlines()) == 3
    assert again[:2] == first and again == run_games(rules, 1, 3, seed=9, max_plies=40)


# ----------------------------------------------------------------- records
@pytest.mark.parametrize("ruleset, options", [
    ("classic", ()), ("classic", ("corner_capture=true",)), ("vagi", ()), ("poleis", ()),
    ("tournament", ("basileus_capture_class=false",)), ("kubeia", ()),
])
def test_every_record_reimports_to_its_game_with_the_same_result(ruleset, options):
    out, records = statistics(args(ruleset, *options, games=3, max_plies=100, seed=2))
    rules = rules_of(ruleset, list(options))
    assert len(records) == 3
    for text in records:
        game = Game.from_record(text)
        assert game.rules == rules
        assert game.record() == text
        ended = text.rstrip().splitlines()[-1]
        if game.result is None:
            assert not ended.startswith(("1-0", "0-1", "½-½"))
        else:
            assert ended == str(game.result)


@pytest.mark.no_pyodide  # subprocess and files
def test_command_line_writes_records_and_json(tmp_path):
    path = tmp_path / "games.txt"
    run = subprocess.run(
        [sys.executable, "-m", "petteia_core", "selfplay", "classic", "--option", "mandatory_capture=true",
         "--games", "3", "--level", "1", "--seed", "4", "--max-plies", "80", "--records", str(path), "--json"],
        capture_output=True, text=True, cwd=ROOT, timeout=120,
    )
    assert run.returncode == 0, run.stderr
    out = json.loads(run.stdout)
    for key in ("ruleset", "games", "first_player_wins", "second_player_wins", "draws", "reasons"):
        assert key in out
    assert out["ruleset"] == "classic" and out["options"] == "mandatory_capture=true" and out["games"] == 3
    games = path.read_text(encoding="utf-8").strip().split("\n\n")
    assert len(games) == 3
    assert all(g.startswith('[Ruleset "classic"]\n[Options "mandatory_capture=true"]') for g in games)
    table = subprocess.run(
        [sys.executable, "-m", "petteia_core", "selfplay", "vagi", "--games", "2", "--level", "1",
         "--max-plies", "30"], capture_output=True, text=True, cwd=ROOT, timeout=120,
    )
    assert table.returncode == 0 and "first player (w) wins" in table.stdout and "completion" in table.stdout


# ----------------------------------------------------------------- options
def test_options_map_onto_rule_options_with_their_types():
    r = rules_of("tournament", ["hoplite_range=none", "corner_capture=no", "refusal_limit=4"])
    assert r.hoplite_range is None and r.corner_capture is False and r.refusal_limit == 4
    assert r.name == "tournament"
    assert option_changes(r) == {"corner_capture": False, "hoplite_range": None, "refusal_limit": 4}
    assert rules_of("classic", []) is get_rules("classic")
    assert rules_of("classic", ["width=6 pieces_per_side=6"]).width == 6


@pytest.mark.parametrize("ruleset, options, message", [
    ("classic", ["castling=true"], "unknown option 'castling'; options are: width"),
    ("classic", ["corner_capture=maybe"], "option corner_capture is true or false, not 'maybe'"),
    ("tournament", ["hoplite_range=far"], "option hoplite_range is a whole number (or none), not 'far'"),
    ("classic", ["setup=square"], "option setup is one of rows, army, hand"),
    ("classic", ["corner_capture"], "an option is written NAME=VALUE"),
    ("classic", ["corner_capture=true", "corner_capture=false"], "option corner_capture is given twice"),
    ("classic", ["dice=true"], "inconsistent options: dice needs setup army"),
    ("tournament", ["vagi=true"], "inconsistent options: vagi needs setup rows or hand"),
    ("classic", ["width=6"], "pieces_per_side must equal the width (6)"),
    ("classic", ["tiebreak=pieces_then_ordinarii"], "needs vagi"),
    ("tournament", ["basileus_squares=Ζ3,Ζ3"], "two different squares"),
    ("tournament", ["refusal_limit=0"], "refusal_limit is 1 or more"),
    ("classic", ["stall_limit=1"], "stall_limit is 2 or more"),
    ("checkers", [], "unknown ruleset 'checkers'"),
    ("duodecim", ["hits=false"], "duodecim has no rule options"),
])
def test_option_parser_refuses_with_a_clear_message(ruleset, options, message):
    with pytest.raises(PetteiaError, match=re.escape(message)):
        rules_of(ruleset, options)


def test_presets_pass_the_consistency_check():
    for name in ("classic", "vagi", "poleis", "tournament", "kubeia"):
        assert variant(name, {}) is get_rules(name)
        assert variant(name, {"first_player": "b"}).first_player == "b"


@pytest.mark.no_pyodide  # subprocess
def test_command_line_error_is_one_clear_line():
    run = subprocess.run(
        [sys.executable, "-m", "petteia_core", "selfplay", "classic", "--option", "vagi=yes",
         "--option", "setup=army", "--games", "2", "--level", "1"],
        capture_output=True, text=True, cwd=ROOT, timeout=60,
    )
    assert run.returncode == 2
    assert run.stderr.startswith("error: inconsistent options:") and run.stdout == ""
    assert "Traceback" not in run.stderr


def test_record_of_a_variant_reimports_with_its_options():
    rules = variant("classic", {"corner_capture": "true", "stall_limit": "40"})
    g = Game(rules)
    g.play("Α1-Α3")
    text = g.record()
    assert text.splitlines()[1] == '[Options "corner_capture=true stall_limit=40"]'
    assert Game.from_record(text).rules == rules
    assert Game.from_record(text, "classic").rules == rules
    assert Game.from_record(text, rules).rules == rules
    with pytest.raises(PetteiaError, match="does not match"):
        Game.from_record(text, variant("classic", {"corner_capture": "true"}))
    with pytest.raises(PetteiaError, match="unknown option"):
        Game.from_record('[Ruleset "classic"]\n[Options "castling=true"]\n1) Α1-Α3')


# ----------------------------------------------------------------- Duodecim scripta (issue #32)
def test_duodecim_self_play_is_reproducible_and_its_records_replay():
    from petteia_core.duodecim import DuodecimGame
    from petteia_core.lab.race import first_roll, pips_to_go

    out, records = statistics(args("duodecim", games=2, level=2, seed=3, max_plies=400))
    assert out["ruleset"] == "duodecim" and out["options"] == "" and out["first_player"] == "w"
    assert statistics(args("duodecim", games=2, level=2, seed=3, max_plies=400)) == (out, records)
    assert out["first_player_wins"] + out["second_player_wins"] + out["unfinished"] == 2 and out["draws"] == 0
    for text in records:
        game = DuodecimGame.from_record(text)
        assert game.record() == text and first_roll(text) is not None
        if game.result is not None:
            assert pips_to_go(game.position)[0 if game.result.winner == "w" else 1] == 0
    hits = sum(sum(turn.text().count("*") for turn in DuodecimGame.from_record(t).history) for t in records)
    assert math.isclose(out["captures_per_game"]["mean"], hits / 2, abs_tol=1e-3)


@pytest.mark.no_pyodide  # processes
def test_duodecim_plays_the_same_in_two_processes():
    one = statistics(args("duodecim", games=4, level=1, seed=6, max_plies=60))
    two = statistics(args("duodecim", games=4, level=1, seed=6, max_plies=60, jobs=2))
    assert json.dumps(one) == json.dumps(two)

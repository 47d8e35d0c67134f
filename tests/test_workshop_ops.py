"""The workshop's Python (issue #15 part 3): the rules of a variant in words, the worker's ops for
the workshop page (a variant's game, its rule text, quick self-play one game per call) and their
refusals, and records of workshop games that re-import to the same game."""

from __future__ import annotations

import argparse
import json
import re

import pytest

from petteia_core import web
from petteia_core.lab import play_game, summarise
from petteia_core.lab.rule_text import rule_lines, rule_text
from petteia_core.options import ALL_OPTION_NAMES, OPTION_NAMES, RULESETS, variant
from petteia_core.selfplay_cli import add_parser, statistics
from petteia_core.web.workshop import SELFPLAY_CAP, SELFPLAY_LEVEL

pytestmark = pytest.mark.usefixtures("fresh_sessions")


def call(op, **args):
    return json.loads(web.call(json.dumps({"op": op, "args": args})))


# ----------------------------------------------------------------- the rules in words
# (preset, changes, the topic whose sentence changes, words the new sentence has)
ONE_CHANGE = [
    ("classic", {"width": "12", "pieces_per_side": "12"}, {"board", "setup"}, "12 columns"),
    ("tournament", {"height": "10"}, {"board"}, "10 rows"),
    ("classic", {"setup": "hand", "pieces_per_side": "10"}, {"setup"}, "puts them down one at a time"),
    ("vagi", {"setup": "hand", "pieces_per_side": "16"}, {"setup"}, "holds 16 pieces"),
    ("poleis", {"pieces_per_side": "12"}, {"setup"}, "holds 12 pieces"),
    ("tournament", {"basileus_squares": "Η3,Ζ6"}, {"setup"}, "Η3 for White and Ζ6 for Black"),
    ("classic", {"first_player": "b"}, {"first"}, "Black plays first"),
    ("poleis", {"first_player": "b"}, {"first"}, "Black plays first"),
    ("tournament", {"hoplite_range": "2"}, {"moves"}, "a Hoplite at most 2 squares"),
    ("tournament", {"hoplite_range": "none"}, {"moves"}, "a Hoplite any distance"),
    ("tournament", {"dice": "true"}, {"moves"}, "Two dice are thrown"),
    ("classic", {"corner_capture": "true"}, {"corner"}, "in a corner is captured"),
    ("tournament", {"corner_capture": "false"}, {"corner"}, "cannot be captured"),
    ("classic", {"mandatory_capture": "true"}, {"mandatory"}, "you must"),
    ("tournament", {"mandatory_capture": "false"}, {"mandatory"}, "never have to capture"),
    ("tournament", {"hoplite_capture_class": "false"}, {"hoplite_class"}, "by any two enemy pieces"),
    ("tournament", {"basileus_capture_class": "false"}, {"basileus_class"}, "Any enemy pieces may surround"),
    ("classic", {"vagi": "true"}, {"vagi"}, "vagus"),
    ("vagi", {"vagi": "false", "tiebreak": "pieces"}, {"vagi", "stall"}, "no vagi"),
    ("classic", {"one_piece_loss": "false"}, {"losing"}, "cannot move loses."),
    ("tournament", {"one_piece_loss": "true"}, {"losing"}, "one piece or none"),
    ("tournament", {"army_victories": "false"}, {"army_victories"}, "no win by the Basileus"),
    ("classic", {"refusal_limit": "2"}, {"refusal"}, "2 times in a row loses"),
    ("tournament", {"refusal_limit": "none"}, {"refusal"}, "as long as you like"),
    ("classic", {"stall_limit": "40"}, {"stall"}, "After 40 moves"),
    ("classic", {"repetition": "false"}, {"repetition"}, "does not end the game"),
    ("tournament", {"repetition": "true"}, {"repetition"}, "third time"),
]


def test_every_option_the_form_offers_has_a_sentence():
    covered = {name for _, changes, _, _ in ONE_CHANGE for name in changes}
    assert covered == set(OPTION_NAMES)


@pytest.mark.parametrize("preset,changes,topics,words", ONE_CHANGE,
                         ids=[f"{p}-{'-'.join(c)}" for p, c, _, _ in ONE_CHANGE])
def test_a_changed_option_changes_its_own_sentence_only(preset, changes, topics, words):
    before = {line.topic: line.text for line in rule_lines(RULESETS[preset])}
    after = rule_lines(variant(preset, changes))
    changed = {line.topic for line in after if line.changed}
    assert changed == topics
    for line in after:
        if line.topic in topics:
            assert line.text != before[line.topic]
        else:
            assert line.text == before[line.topic], line.topic
    assert any(words in line.text for line in after if line.topic in topics), [l.text for l in after]


@pytest.mark.parametrize("preset", list(RULESETS))
def test_a_preset_is_one_plain_sentence_per_rule_and_nothing_changed(preset):
    lines = rule_lines(RULESETS[preset])
    assert not any(line.changed for line in lines)
    army = RULESETS[preset].setup == "army"
    topics = [line.topic for line in lines]
    assert ("basileus_class" in topics) == army and ("vagi" in topics) == (not army)
    assert len(topics) == len(set(topics))
    for line in lines:
        assert line.text[0].isupper() and line.text.endswith(".") and "{" not in line.text
        assert "_" not in line.text  # no option names in the reader's sentences
        assert len(line.text) < 260


def test_a_new_setup_changes_what_a_capture_takes():
    army = rule_lines(variant("classic", {"setup": "army", "pieces_per_side": "17"}))
    capture = next(line for line in army if line.topic == "capture")
    assert capture.changed and "Basileus" in capture.text


def test_rule_text_marks_the_changes():
    text = rule_text(variant("classic", {"corner_capture": "true", "stall_limit": "60"}))
    marked = [row for row in text.splitlines() if row.startswith("* ")]
    assert len(marked) == 2 and "corner" in marked[0] and "60 moves" in marked[1]


# ----------------------------------------------------------------- the worker's ops
def test_rule_text_op_names_the_preset_and_the_changes():
    reply = call("rule_text", ruleset="classic", options={"corner_capture": "yes", "repetition": "true"})
    assert reply["ok"] and reply["ruleset"] == "classic"
    assert reply["options"] == "corner_capture=true"  # options as the preset has them are no change
    assert reply["title"] == "Classic Petteia, with 1 change"
    assert reply["values"]["corner_capture"] == "true" and set(reply["values"]) == set(ALL_OPTION_NAMES)
    assert [r["topic"] for r in reply["rules"] if r["changed"]] == ["corner"]
    assert call("rule_text", ruleset="tournament")["title"] == "Tournament Petteia"


@pytest.mark.parametrize("args,message", [
    ({"ruleset": "classic", "options": {"corner": "true"}}, "unknown option 'corner'"),
    ({"ruleset": "classic", "options": {"corner_capture": "maybe"}}, "option corner_capture is true or false, not 'maybe'"),
    ({"ruleset": "classic", "options": {"dice": "true"}}, "dice needs setup army"),
    ({"ruleset": "tournament", "options": {"vagi": "true"}}, "vagi needs setup rows or hand"),
    ({"ruleset": "classic", "options": {"width": "12"}}, "pieces_per_side must equal the width (12)"),
    ({"ruleset": "classic", "options": {"stall_limit": "1"}}, "stall_limit is 2 or more"),
    ({"ruleset": "duodecim"}, "unknown preset 'duodecim'"),
    ({"ruleset": "chess"}, "unknown preset 'chess'"),
    ({"ruleset": "classic", "options": {"corner_capture": True}}, "options are given as {name: text}"),
    ({"ruleset": "classic", "options": ["corner_capture=true"]}, "options are given as {name: text}"),
])
def test_bad_options_are_refused_with_a_clear_message(args, message):
    reply = call("rule_text", **args)
    assert reply == {"ok": False, "error": reply["error"], "problems": reply["problems"]} and message in reply["error"], reply


# (preset, options, the options a problem names, words of its sentence) — issue #34, 8: the page
# shows these beside the control the reader changed, without the engine's option names.
READER_PROBLEMS = [
    ("classic", {"dice": "true"}, ["setup", "dice"], "dice mean nothing with this setup"),
    ("classic", {"hoplite_range": "2"}, ["setup", "hoplite_range"], "Hoplite moves mean nothing"),
    ("tournament", {"vagi": "true"}, ["vagi", "setup"], "Choose a row of pieces each or pieces placed by hand"),
    ("classic", {"setup": "hand", "pieces_per_side": "40"}, ["pieces_per_side"], "each side has 1 to 32 pieces"),
    ("classic", {"width": "12"}, ["pieces_per_side"], "12 pieces each on this board"),
    ("classic", {"stall_limit": "1"}, ["stall_limit"], "At least 2 moves without a capture"),
    # Ludus latrunculorum's presets (issue #30)
    ("latrunculi-bell", {"jumps": "chains"}, ["binding", "jumps"], "Binding and chains of jumps go together"),
    ("latrunculi-bell", {"dux": "none"}, ["jumps", "dux"], "Only a dux can make the dux's jump"),
    ("latrunculi-kowalski", {"dux": "none"}, ["dux"], "has a dux on the board"),
    ("latrunculi-quintana", {"dux": "plain"}, ["dux"], "has no dux"),
    ("latrunculi-quintana", {"width": "7"}, ["board"], "set position"),
    ("latrunculi-kowalski", {"one_piece_loss": "true"}, ["dux", "one_piece_loss"], "never captured"),
    ("latrunculi-piso", {"no_pieces_loss": "true"}, ["one_piece_loss", "no_pieces_loss"], "choose one of the two"),
    ("latrunculi-piso", {"entry_rule": "true"}, ["entry_rule", "binding"], "needs binding on"),
    ("latrunculi-schaedler", {"pieces_per_side": "30"}, ["pieces_per_side"], "at most 24 pieces each"),
    ("latrunculi-schaedler-1994", {"extra_move": "true"}, ["binding", "extra_move"], "the extra move mean nothing"),
    ("latrunculi-quintana", {"refusal_limit": "3"}, ["refusal_limit"], "Refusal of battle is not counted"),
]


@pytest.mark.parametrize("preset,options,names,words", READER_PROBLEMS)
def test_a_bad_combination_is_said_in_a_readers_words(preset, options, names, words):
    reply = call("rule_text", ruleset=preset, options=options)
    assert reply["ok"] is False
    [problem] = reply["problems"]
    assert problem["options"] == names and words in problem["text"], problem
    assert not re.search(r"[a-z]+_[a-z]+|needs setup", problem["text"]), problem["text"]
    assert "_" not in problem["text"]


def test_a_problem_the_reader_words_do_not_know_keeps_the_engines_sentence():
    reply = call("rule_text", ruleset="classic", options={"corner": "true"})
    assert reply["problems"] == [] and "unknown option 'corner'" in reply["error"]


def test_a_workshop_game_is_a_variant_and_a_bad_one_leaves_the_board_as_it_was():
    opened = call("open", kind="game", board_id="w", ruleset="classic",
                  options={"corner_capture": "true", "first_player": "b"}, computer="w")
    assert opened["ok"] and opened["turn"] == "b" and opened["computer"] == "w"
    assert '[Options "corner_capture=true first_player=b"]' in opened["record"]
    assert web.sessions.get("w").game.rules == variant("classic", {"corner_capture": "true", "first_player": "b"})
    played = call("play", board_id="w", **{"frm": opened["moves"][0]["from"], "to": opened["moves"][0]["to"]})
    assert played["ok"] and played["ply"] == 1
    refused = call("open", kind="game", board_id="w", ruleset="classic", options={"vagi": "true", "dice": "true"})
    assert not refused["ok"] and "dice needs setup army" in refused["error"]
    assert call("view", board_id="w") == played  # the board kept its game
    assert "Options" not in call("open", kind="game", board_id="p", ruleset="classic")["record"]
    assert call("open", kind="game", board_id="d", ruleset="duodecim", options={})["error"] == \
        "Ludus duodecim scriptorum has no rule options"


def test_new_game_of_a_variant_keeps_its_rules():
    call("open", kind="game", board_id="w", ruleset="vagi", options={"corner_capture": "true"})
    rules = web.sessions.get("w").game.rules
    call("think", board_id="w", level=1, seed=1)
    reset = call("reset", board_id="w")
    assert reset["ply"] == 0 and web.sessions.get("w").game.rules == rules


def test_a_workshop_record_reimports_to_the_same_game():
    options = {"width": "12", "pieces_per_side": "12", "mandatory_capture": "true", "first_player": "b"}
    call("open", kind="game", board_id="w", ruleset="classic", options=options)
    for k in range(6):
        state = call("think", board_id="w", level=1, seed=k)
    record = state["record"]
    assert re.search(r'\[Options "[^"]*mandatory_capture=true', record)
    loaded = call("load", board_id="again", record=record)
    assert loaded["ok"]
    for key in ("position", "ply", "record", "turn", "moves_list", "width"):
        assert loaded[key] == state[key], key
    assert web.sessions.get("again").game.rules == web.sessions.get("w").game.rules


# ----------------------------------------------------------------- quick self-play
def run(run_id="r", games=3, seed=11, ruleset="vagi", options=None):
    started = call("selfplay_start", run_id=run_id, ruleset=ruleset, options=options, games=games, seed=seed)
    assert started["ok"] and started["played"] == 0 and started["summary"]["games"] == 0
    replies = [call("selfplay_next", run_id=run_id) for _ in range(games)]
    return started, replies


def test_self_play_one_game_a_call_with_the_figures_so_far():
    started, replies = run(games=3, options={"corner_capture": "true"})
    assert (started["level"], started["cap"], started["games"], started["done"]) == (SELFPLAY_LEVEL, SELFPLAY_CAP, 3, False)
    assert [r["played"] for r in replies] == [1, 2, 3] and [r["done"] for r in replies] == [False, False, True]
    assert [r["summary"]["games"] for r in replies] == [1, 2, 3]
    assert "record" not in replies[0]["row"]
    rules = variant("vagi", {"corner_capture": "true"})
    rows = [play_game(rules, SELFPLAY_LEVEL, 11, i, max_plies=SELFPLAY_CAP) for i in range(3)]
    assert replies[-1]["summary"] == json.loads(json.dumps(summarise(rows)))
    assert [r["row"]["plies"] for r in replies] == [row.plies for row in rows]
    assert call("selfplay_next", run_id="r")["error"] == "the run has played all its 3 games"


def test_a_fixed_seed_self_play_batch_is_reproducible():
    _, first = run(run_id="a", games=4, seed=5, ruleset="classic")
    _, again = run(run_id="b", games=4, seed=5, ruleset="classic")
    _, other = run(run_id="c", games=4, seed=6, ruleset="classic")
    assert [r["row"] for r in first] == [r["row"] for r in again]
    assert first[-1]["summary"] == again[-1]["summary"]
    assert [r["row"] for r in first] != [r["row"] for r in other]


def test_a_run_without_a_seed_says_the_seed_it_drew():
    started = call("selfplay_start", run_id="r", ruleset="classic", games=10)
    assert started["ok"] and isinstance(started["seed"], int)


def test_a_cancelled_run_is_forgotten():
    call("selfplay_start", run_id="r", ruleset="classic", games=10, seed=1)
    call("selfplay_next", run_id="r")
    assert call("selfplay_stop", run_id="r") == {"ok": True}
    assert call("selfplay_next", run_id="r")["error"] == "no self-play run 'r' is under way"
    assert call("selfplay_stop", run_id="r") == {"ok": True}


@pytest.mark.parametrize("args,message", [
    ({"games": 0}, "a run has 1 to 100 games, not 0"),
    ({"games": 101}, "a run has 1 to 100 games, not 101"),
    ({"games": "10"}, "a run has 1 to 100 games"),
    ({"seed": -1}, "seed must be a whole number from 0"),
    ({"seed": True}, "seed must be a whole number from 0"),
    ({"options": {"vagi": "true", "setup": "army", "pieces_per_side": "17"}}, "vagi needs setup rows or hand"),
    ({"run_id": ""}, "a self-play run needs a non-empty id"),
])
def test_self_play_refusals(args, message):
    reply = call("selfplay_start", **{"run_id": "r", "ruleset": "classic", "games": 10, **args})
    assert not reply["ok"] and message in reply["error"], reply



def test_the_command_line_of_a_run_plays_the_same_games():
    _, replies = run(games=3, seed=4, ruleset="classic", options={"corner_capture": "true", "stall_limit": "60"})
    command = replies[-1]["command"]
    assert command == ("python -m petteia_core selfplay classic --option corner_capture=true --option stall_limit=60 "
                       f"--games 3 --level {SELFPLAY_LEVEL} --seed 4 --max-plies {SELFPLAY_CAP}")
    parser = argparse.ArgumentParser()
    add_parser(parser.add_subparsers(dest="command"))
    out, _ = statistics(parser.parse_args(command.split()[3:]))
    assert {k: out[k] for k in replies[-1]["summary"]} == replies[-1]["summary"]

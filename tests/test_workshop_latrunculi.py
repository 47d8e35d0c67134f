"""The workshop's Ludus latrunculorum presets (issue #30) and its rules in other languages.

* Every rule of every latrunculi preset, and of variants that change one option each, is read
  against its options by an oracle written apart from petteia_core/lab/rule_sentences.py: a sentence
  that says the wrong thing (Bell's pieces sliding, Kowalski's Hoplites) fails here.
* A preset's changed option marks the rule it changes, and only that one.
* Quick self-play plays the reconstructions.
* In Italian and Ukrainian the workshop's rules in words (the ``rule_text`` op) have no English
  sentence: every line comes from the engine's catalog.
"""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from petteia_core import web
from petteia_core.lab.rule_text import rule_lines
from petteia_core.options import LATRUNCULI, PRESETS, RuleOptions, variant
from petteia_core.web.workshop import SELFPLAY_CAP

pytestmark = pytest.mark.usefixtures("fresh_sessions")


def call(op, **args):
    return json.loads(web.call(json.dumps({"op": op, "args": args})))


# ----------------------------------------------------------------- an oracle of the rules
def _start_counts(r: RuleOptions) -> tuple[int, set[int], str | None]:
    """White's counters, the rows they stand on, and White's dux square's row, from the position string."""
    rows = r.start_position.split()[0].split("/")
    counters, on_rows, dux = 0, set(), None
    for k, text in enumerate(rows):
        row = r.height - k
        counters += text.count("P")
        if "P" in text:
            on_rows.add(row)
        if "D" in text:
            dux = row
    return counters, on_rows, dux


def expected(r: RuleOptions) -> dict[str, tuple[list[str], list[str]]]:
    """topic -> (words the sentence must have, words it must not have), from the options alone."""
    e: dict[str, tuple[list[str], list[str]]] = {}
    e["board"] = ([f"{r.width} columns and {r.height} rows"], [])
    has_dux = r.dux != "none"
    if r.setup == "given":
        n, on_rows, dux_row = _start_counts(r)
        must = [f"{n} counters", "two back rows" if on_rows == {1, 2} else "own back row"]
        e["setup"] = (must + (["dux", "for White", "for Black"] if dux_row else []),
                      ["empty", "Hoplite", "Basileus"] + ([] if dux_row else ["dux"]))
    else:
        per = "two at a time" if r.placement_per_turn == 2 else "one at a time"
        other = "one at a time" if r.placement_per_turn == 2 else "two at a time"
        held = f"holds {r.pieces_per_side - 1} counters and a dux" if has_dux else f"holds {r.pieces_per_side} pieces"
        must = ["starts empty", held, per] + (["dux last", ] if has_dux and r.placement_per_turn == 1 else [])
        must += [f"up to {r.pieces_max}"] if r.pieces_max else []
        e["setup"] = (must + (["nothing is bound"] if r.binding else ["nothing is captured"]),
                      [other, "Hoplite"] + ([] if r.pieces_max else ["agree"]))
    e["first"] = (["White plays first" if r.first_player == "w" else "Black plays first"], [])
    moves_must, moves_not = [], ["Hoplite", "Peltast", "dice"]
    moves_must.append("step" if r.reach == "step" else "slide")
    moves_not.append("slide" if r.reach == "step" else "steps to")
    if r.jumps == "chains":
        moves_must += ["jumps over a piece next to it (of either colour, free or bound)", "never onto a square",
                       "free counter"]
    elif r.jumps == "dux":
        moves_must += ["the dux may jump over an enemy piece", "captures nothing"]
    else:
        moves_not.append("jumps over")
    if has_dux:
        moves_must.append("dux")
    e["moves"] = (moves_must, moves_not)
    if r.binding:
        e["capture"] = (["bound", "free counter of yours", "only the player who moves binds"], ["You capture"])
    else:
        e["capture"] = (["You capture an enemy piece", "between two enemies safely"], ["bound", "Basileus"])
    if has_dux:
        e["dux"] = (["never captured"] if r.dux == "immune" else ["captured like any other piece"],
                    ["never"] if r.dux == "plain" else [])
    if r.binding:
        e["corner"] = (["cannot be bound"], ["captured"])
    else:
        must, no = [], []
        (must if r.corner_anvil else no).append("corner square helps")
        if r.corner_capture:
            must.append("is captured when an enemy piece closes the second")
        else:
            must.append("in a corner cannot be captured")
        e["corner"] = (must, no)
        if r.binding is False:
            pass
    if r.binding:
        e["removal"] = (["take one bound enemy counter off"], [])
        e["freeing"] = (["between two free enemy counters", "free again"], [])
        e["entry"] = (["only if stopping there binds"] if r.entry_rule else ["stays free"], [])
    if r.extra_move:
        e["extra_move"] = (["must move again at once"], ["does not"])
    e["mandatory"] = (["never have to"], ["must"])
    losing_must, losing_not = [], []
    if r.one_piece_loss:
        losing_must.append("one piece or none")
    if r.no_pieces_loss:
        losing_must.append("last piece is taken")
    if not (r.one_piece_loss or r.no_pieces_loss):
        losing_not += ["one piece", "last piece"]
    if r.no_move == "count":
        losing_must.append("cannot move, the game ends: the player with more pieces wins")
        losing_not.append("move loses")
    else:
        losing_must.append("can neither move nor take a bound counter off loses" if r.binding else "cannot move loses")
        losing_not.append("more pieces")
    e["losing"] = (losing_must, losing_not)
    stall_must = [f"After {r.stall_limit} ", "more pieces wins", "equal is a draw"]
    stall_not = ["ordinarii"]
    if r.binding:
        stall_must.append("without a bound counter taken off")
    else:
        stall_must.append("without a capture")
    (stall_must if r.extra_move else stall_not).append("extra moves too")
    e["stall"] = (stall_must, stall_not)
    e["repetition"] = (["third time"] if r.repetition else ["does not end the game"], [])
    return e


def check_against_options(r: RuleOptions) -> None:
    lines = rule_lines(r)
    want = expected(r)
    got = {line.topic: line.text for line in lines}
    # rules shown for a variant's preset (a rule turned off still says so) may come in addition
    base = PRESETS[r.name]
    extra = set(got) - set(want)
    assert extra <= {"dux", "extra_move"} and all(
        (t == "dux" and base.dux != "none") or (t == "extra_move" and base.extra_move) for t in extra), extra
    assert set(want) <= set(got), set(want) - set(got)
    for topic, (must, must_not) in want.items():
        text = got[topic]
        for words in must:
            assert words in text, (r.name, topic, words, text)
        for words in must_not:
            assert words not in text, (r.name, topic, words, text)
    for line in lines:
        assert line.text[0].isupper() and line.text.endswith(".") and "{" not in line.text and "_" not in line.text
    assert "extra_move" not in got or ("does not earn" in got["extra_move"]) != r.extra_move


@pytest.mark.parametrize("preset", list(LATRUNCULI))
def test_each_rule_of_a_latrunculi_preset_says_its_options(preset):
    check_against_options(LATRUNCULI[preset])
    assert not any(line.changed for line in rule_lines(LATRUNCULI[preset]))


# One option changed on each preset (where it fits), the changed rules marked and read again.
ONE_CHANGE = [
    ("latrunculi-quintana", {"first_player": "b"}, {"first"}),
    ("latrunculi-quintana", {"reach": "step"}, {"moves"}),
    ("latrunculi-quintana", {"corner_capture": "true"}, {"corner"}),
    ("latrunculi-quintana", {"no_pieces_loss": "false"}, {"losing"}),
    ("latrunculi-quintana", {"no_pieces_loss": "false", "one_piece_loss": "true"}, {"losing"}),
    ("latrunculi-quintana", {"no_move": "count"}, {"losing"}),
    ("latrunculi-quintana", {"stall_limit": "60"}, {"stall"}),
    ("latrunculi-quintana", {"extra_move": "true"}, {"extra_move", "stall"}),
    ("latrunculi-kowalski", {"dux": "plain"}, {"dux"}),
    ("latrunculi-kowalski", {"jumps": "dux"}, {"moves"}),
    ("latrunculi-kowalski", {"corner_capture": "false", "corner_anvil": "true"}, {"corner"}),
    ("latrunculi-kowalski", {"reach": "step"}, {"moves"}),
    ("latrunculi-kowalski-11x10", {"repetition": "false"}, {"repetition"}),
    ("latrunculi-kowalski-11x10", {"dux": "plain", "no_pieces_loss": "true"}, {"dux", "losing"}),
    ("latrunculi-bell", {"extra_move": "false"}, {"extra_move", "stall"}),
    ("latrunculi-bell", {"placement_per_turn": "1"}, {"setup"}),
    ("latrunculi-bell", {"reach": "slide"}, {"moves"}),
    ("latrunculi-bell", {"corner_anvil": "false"}, {"corner"}),
    ("latrunculi-bell", {"corner_capture": "true"}, {"corner"}),
    ("latrunculi-bell", {"dux": "immune", "no_pieces_loss": "false"}, {"dux", "losing"}),
    ("latrunculi-bell", {"jumps": "none", "dux": "none"}, {"setup", "moves", "dux"}),
    ("latrunculi-bell", {"stall_limit": "50", "repetition": "true"}, {"stall", "repetition"}),
    ("latrunculi-bell-7x8", {"width": "8"}, {"board"}),
    ("latrunculi-bell-7x8", {"pieces_per_side": "13"}, {"setup"}),
    ("latrunculi-piso", {"no_move": "loses"}, {"losing"}),
    ("latrunculi-piso", {"placement_per_turn": "2"}, {"setup"}),
    ("latrunculi-piso", {"pieces_per_side": "12", "width": "12"}, {"board", "setup"}),
    ("latrunculi-piso", {"dux": "plain"}, {"setup", "moves", "dux"}),
    ("latrunculi-piso", {"extra_move": "true"}, {"extra_move", "stall"}),
    ("latrunculi-schaedler", {"entry_rule": "false"}, {"entry"}),
    ("latrunculi-schaedler", {"pieces_per_side": "20"}, {"setup"}),
    ("latrunculi-schaedler", {"reach": "slide"}, {"moves"}),
    ("latrunculi-schaedler", {"one_piece_loss": "false", "no_pieces_loss": "true"}, {"losing"}),
    ("latrunculi-schaedler-1994", {"entry_rule": "true"}, {"entry"}),
    ("latrunculi-schaedler-1994", {"binding": "false", "jumps": "none"}, {"setup", "moves", "capture", "corner",
                                                                          "mandatory", "losing", "stall"}),
    ("latrunculi-schaedler-1994", {"no_move": "count"}, {"losing"}),
]


@pytest.mark.parametrize("preset,changes,topics", ONE_CHANGE, ids=[f"{p}-{'-'.join(c)}" for p, c, _ in ONE_CHANGE])
def test_a_changed_option_is_marked_and_said_right(preset, changes, topics):
    rules = variant(preset, changes)
    check_against_options(rules)
    before = {line.topic: line.text for line in rule_lines(LATRUNCULI[preset])}
    after = rule_lines(rules)
    assert {line.topic for line in after if line.changed} == topics
    for line in after:
        if not line.changed:
            assert line.text == before[line.topic]


def test_every_latrunculi_option_the_form_offers_is_changed_above():
    offered = {"width", "pieces_per_side", "first_player", "placement_per_turn", "reach", "jumps", "dux",
               "corner_capture", "corner_anvil", "binding", "entry_rule", "extra_move", "one_piece_loss",
               "no_pieces_loss", "no_move", "stall_limit", "repetition"}
    assert offered <= {name for _, changes, _ in ONE_CHANGE for name in changes}


def test_the_preset_wording_of_the_issue():
    """Issue #30's two wrong sentences: Bell's pieces step and are put down two at a time;
    Kowalski has counters and a dux."""
    bell = {line.topic: line.text for line in rule_lines(LATRUNCULI["latrunculi-bell"])}
    assert "slide" not in bell["moves"] and "step" in bell["moves"]
    assert "two at a time" in bell["setup"] and "one at a time" not in bell["setup"]
    kowalski = " ".join(line.text for line in rule_lines(LATRUNCULI["latrunculi-kowalski"]))
    assert not any(word in kowalski for word in ("Hoplite", "Peltast", "Basileus"))
    assert "Η2 for White and on Ζ7 for Black" in kowalski


# ----------------------------------------------------------------- the ops
@pytest.mark.parametrize("preset", list(LATRUNCULI))
def test_the_workshop_starts_from_each_reconstruction(preset):
    reply = call("rule_text", ruleset=preset)
    assert reply["ok"] and reply["ruleset"] == preset and reply["options"] == ""
    assert not any(rule["changed"] for rule in reply["rules"])
    # the form's values (every option) come back to the same preset
    again = call("rule_text", ruleset=preset, options=reply["values"])
    assert again["ok"] and again["options"] == "" and again["title"] == reply["title"]


def test_a_changed_option_of_a_reconstruction_is_marked_in_the_op():
    reply = call("rule_text", ruleset="latrunculi-bell", options={"extra_move": "false"})
    assert reply["ok"] and reply["options"] == "extra_move=false"
    assert reply["title"] == "Latrunculi: Bell 8×8, with 1 change"
    assert [r["topic"] for r in reply["rules"] if r["changed"]] == ["extra_move", "stall"]
    assert next(r for r in reply["rules"] if r["changed"])["text"] == "A capture does not earn another move."


@pytest.mark.parametrize("preset,options", [("latrunculi-bell", {"extra_move": "false"}),
                                            ("latrunculi-schaedler", None), ("latrunculi-kowalski", None)])
def test_quick_self_play_plays_a_reconstruction(preset, options):
    started = call("selfplay_start", run_id="lat", ruleset=preset, options=options, games=2, seed=7)
    assert started["ok"], started
    assert started["command"].startswith(f"python -m petteia_core selfplay {preset}")
    replies = [call("selfplay_next", run_id="lat") for _ in range(2)]
    assert [r["played"] for r in replies] == [1, 2] and replies[-1]["done"]
    assert all(0 < r["row"]["plies"] <= SELFPLAY_CAP for r in replies)
    assert replies[-1]["summary"]["games"] == 2


def test_a_workshop_game_of_a_reconstruction_variant():
    opened = call("open", kind="game", board_id="wl", ruleset="latrunculi-piso", options={"placement_per_turn": "2"})
    assert opened["ok"] and '[Options "placement_per_turn=2"]' in opened["record"]
    first = opened["moves"][0]
    played = call("play", board_id="wl", frm=first["from"], to=first["to"])
    assert played["ok"] and played["turn"] == "w"  # two placements a turn


def test_the_lab_needs_no_web_package_for_its_rules_in_words():
    code = ("import sys, petteia_core.lab.rule_text as t; from petteia_core.options import PRESETS; "
            "t.rule_text(PRESETS['latrunculi-bell']); "
            "assert not [m for m in sys.modules if m.startswith('petteia_core.web')], 'web imported'")
    subprocess.run([sys.executable, "-c", code], check=True)


# ----------------------------------------------------------------- other languages
babel = pytest.importorskip("babel", reason="the catalogs are compiled with Babel")

#: Variants whose sentences, with the presets', cover every rule sentence of the catalog.
VARIANTS = [
    ("classic", {"setup": "hand", "pieces_per_side": "10", "placement_per_turn": "2"}),
    ("classic", {"mandatory_capture": "true", "refusal_limit": "2", "repetition": "false", "first_player": "b"}),
    ("tournament", {"hoplite_range": "none", "dice": "true", "hoplite_capture_class": "false",
                    "basileus_capture_class": "false", "army_victories": "false"}),
    ("vagi", {"vagi": "false", "tiebreak": "pieces", "one_piece_loss": "false"}),
    ("latrunculi-bell", {"placement_per_turn": "1", "corner_capture": "true", "reach": "slide"}),
    ("latrunculi-bell", {"jumps": "none", "dux": "none", "extra_move": "false"}),
    ("latrunculi-piso", {"one_piece_loss": "false", "no_pieces_loss": "true"}),
    ("latrunculi-piso", {"one_piece_loss": "false"}),
    ("latrunculi-schaedler-1994", {"placement_per_turn": "2", "reach": "slide", "mandatory_capture": "true",
                                   "one_piece_loss": "false", "no_pieces_loss": "true"}),
    ("latrunculi-schaedler-1994", {"one_piece_loss": "false"}),
]
CASES = [(p, None) for p in PRESETS] + VARIANTS


@pytest.fixture(scope="module")
def english_lines():
    web.set_language("en")
    return {i: [r["text"] for r in call("rule_text", ruleset=p, options=o)["rules"]] for i, (p, o) in enumerate(CASES)}


@pytest.fixture
def language():
    from site_scripts.build.languages import compile_engine_catalogs

    localedir = compile_engine_catalogs()
    yield lambda lang: web.set_language(lang, localedir=localedir)
    web.set_language("en")


@pytest.mark.parametrize("lang", ["it", "uk"])
def test_the_rules_in_words_speak_the_language(language, english_lines, lang):
    language(lang)
    english = {text for lines in english_lines.values() for text in lines}
    for i, (preset, options) in enumerate(CASES):
        reply = call("rule_text", ruleset=preset, options=options)
        assert reply["ok"], (preset, options, reply)
        lines = [r["text"] for r in reply["rules"]]
        assert len(lines) == len(english_lines[i])
        for text, en in zip(lines, english_lines[i]):
            assert text != en and text not in english, (lang, preset, options, text)
            assert "{" not in text and not any(w in text for w in (" the ", " piece", " counter", " moves ")), text
    assert web.language() == lang


def test_every_rule_sentence_of_the_catalog_is_translated():
    """Each msgid of lab/rule_sentences.py has its Italian and Ukrainian translation (all plural forms)."""
    from babel.messages.pofile import read_po

    from site_scripts.build.engine_catalog import LOCALE, TEMPLATE

    with TEMPLATE.open("rb") as f:
        template = read_po(f)
    ours = [m.id for m in template if m.id and any("rule_sentences.py" in path for path, _ in m.locations)]
    assert len(ours) > 60
    for lang in ("it", "uk"):
        with (LOCALE / lang / "LC_MESSAGES" / "petteia.po").open("rb") as f:
            catalog = read_po(f, locale=lang)
        for msgid in ours:
            message = catalog.get(msgid)
            assert message is not None and not message.fuzzy, (lang, msgid)
            forms = message.string if isinstance(message.string, tuple) else (message.string,)
            assert forms and all(forms), (lang, msgid)

"""The JSON contract of the facade: for every op and every kind of session, the keys and types of
its reply (a refusal is ``{"ok": false, "error": str}`` and nothing else)."""

from __future__ import annotations

import itertools
import json
import re

import pytest

from petteia_core import web
from petteia_core.web.puzzle import get_puzzle

pytestmark = pytest.mark.usefixtures("fresh_sessions")

N = (type(None),)
MOVE = {"from": (int, *N), "to": int, "captures": list, "text": str}
RESULT = {"score": str, "reason": str, "winner": (str, *N), "text": str}
LINE = {"moves": list, "length": int, "ply": (int, *N), "text": str}
ROW = {"number": int, "w": (dict, *N), "b": (dict, *N)}
CUSTODIAN = {
    "ok": bool, "kind": str, "board_id": str, "ruleset": str, "position": str, "turn": str, "width": int,
    "height": int, "flipped": bool, "dice": (list, *N), "svg": str, "moves": list, "last_move": (dict, *N),
    "result": (dict, *N), "description": str, "status": str, "ply": int, "puzzle": (dict, *N), "can_undo": bool,
    "can_redo": bool, "redo_move": (dict, *N), "line": (dict, *N), "moves_list": list, "record": str,
    "can_draw": bool, "computer": (str, *N), "hints": int, "restricted": (dict, *N), "latrunculi": (dict, *N),
}
#: What a Ludus latrunculorum move adds to MOVE, and its board to the state (``latrunculi``).
LAT_MOVE = {"path": list, "bound": list, "removal": bool}
LATRUNCULI = {"hand": list, "placing": bool, "again": (int, *N), "dux": list, "bound": list, "removals": list,
              "text": str}
TRAINER = {
    "id": str, "ruleset": str, "game": str, "goal": str, "kind": str, "themes": list, "theme_names": list, "difficulty": int, "rating": (int, *N),
    "source": str, "roll": (str, *N), "side": str, "plies": int, "status": str, "text": str, "ply": int,
    "refutation": (dict, *N), "your_turn": bool, "solved_by": (str, *N), "attempt": dict,
}
#: What a puzzle attempt counts as (petteia_core.web.attempt): the trainer records it.
ATTEMPT = {"result": (str, *N), "rated": bool, "first_try": bool, "outcome": (str, *N)}
PUZZLE = {**CUSTODIAN, "trainer": dict}
STEP = {"from": str, "to": str, "die": int, "hit": bool, "text": str}
DUODECIM = {
    "ok": bool, "kind": str, "board_id": str, "ruleset": str, "position": str, "turn": str, "dice": (list, *N),
    "svg": str, "steps": list, "prefix": list, "complete": bool, "void": bool, "hand": list, "bar": list,
    "off": list, "moves": list, "last_move": (dict, *N), "last_turn": (dict, *N), "moves_list": list,
    "record": str, "result": (dict, *N), "description": str, "status": str, "ply": int, "can_undo": bool, "can_redo": bool,
    "can_draw": bool, "puzzle": N, "computer": (str, *N),
}
#: A Duodecim puzzle is a Duodecim board played one die at a time (no list of turns: it would mark the answer).
DUODECIM_PUZZLE = {**DUODECIM, "trainer": dict}
STATES = {"custodian": CUSTODIAN, "line": CUSTODIAN, "puzzle": PUZZLE, "duodecim": DUODECIM,
          "duodecim-puzzle": DUODECIM_PUZZLE}
ERROR = {"ok": bool, "error": str}
THOUGHT = {"depth": int, "nodes": int, "ms": int, "stopped": bool}
AT = {"ok": bool, "ply": int, "svg": str, "description": str}
HINT = {"ok": bool, "step": int, "from": (int, *N), "to": (int, *N), "text": str, "attempt": dict}
TURN_CHECK = {"ok": bool, "correct": bool, "text": str}
CLOSED = {"ok": bool, "board_id": str}
REVIEW = {
    "ok": bool, "ply": int, "number": int, "side": str, "move": str, "best": str, "mark": str, "symbol": str,
    "before": float, "after": float, "loss": float, "depth": int, "pair": (list, *N), "best_pair": (list, *N),
    "reply": str, "reply_captures": int, "svg": str, "text": str, "plies": int, "better": bool,
}

# The sacrifice line of test_web.py (tournament Petteia).
SACRIFICE = "hh1h1hhh1h1h/1p1p1ppp1pp1/p5p3B1/5PbP4/6H5/12/1P1P4P3/H1H1H1H2H1H w"
SACRIFICE_LINE = ["Β2-Β6", "Η6-Γ6xΒ6", "Λ6-Η6xΗ5"]
CAPTURE = "6pp/8/8/8/8/1pP5/8/P7 w"

# How each kind of session is opened for the contract: (op, args).
OPENERS = {
    "custodian": ("open", {"kind": "game", "ruleset": "classic", "seed": 1}),
    "line": ("open", {"ruleset": "tournament", "position": SACRIFICE, "line": SACRIFICE_LINE}),
    "puzzle": ("open", {"kind": "puzzle", "puzzle_id": "classic-035"}),
    "duodecim": ("open", {"kind": "game", "ruleset": "duodecim", "seed": 1}),
    "duodecim-puzzle": ("open", {"kind": "puzzle", "puzzle_id": "duodecim-001"}),
}
_ids = itertools.count()


def call(op, **args):
    return json.loads(web.call(json.dumps({"op": op, "args": args})))


def shape(reply, schema, extra=None, where="reply"):
    """Assert ``reply`` has exactly the keys of ``schema`` (plus ``extra``), each of its type."""
    schema = {**schema, **(extra or {})}
    assert set(reply) == set(schema), f"{where}: keys {sorted(set(reply) ^ set(schema))} differ"
    for key, types in schema.items():
        types = types if isinstance(types, tuple) else (types,)
        value = reply[key]
        assert isinstance(value, types) and not (isinstance(value, bool) and bool not in types), \
            f"{where}[{key!r}] is {value!r}"


def state_shape(reply, kind, extra=None, where="state"):
    assert reply["ok"] is True, reply
    shape(reply, STATES[kind], extra, where)
    if kind in ("custodian", "line", "puzzle"):
        lat = LAT_MOVE if reply["ruleset"].startswith("latrunculi-") else None
        for m in reply["moves"]:
            shape(m, MOVE, lat, where=f"{where} move")
        for key in ("last_move", "redo_move"):
            if reply[key] is not None:
                shape(reply[key], MOVE, lat, where=f"{where} {key}")
        if lat is not None and reply["latrunculi"] is not None:
            shape(reply["latrunculi"], LATRUNCULI, where=f"{where} latrunculi")
        if reply["line"] is not None:
            shape(reply["line"], LINE, where=f"{where} line")
        for row in reply["moves_list"]:
            shape(row, ROW, where=f"{where} row")
    if kind in ("duodecim", "duodecim-puzzle"):
        for st in reply["steps"]:
            shape(st, STEP, where=f"{where} step")
    if kind in ("puzzle", "duodecim-puzzle"):
        extra_t = {"shown": bool} if "shown" in reply["trainer"] else {}
        if kind == "duodecim-puzzle":
            if reply["trainer"]["status"] == "shown":
                extra_t["solution"] = str  # the answer only once it is shown
            assert set(reply["trainer"]) == set(TRAINER) - {"refutation", "solved_by"} | set(extra_t)
        else:
            shape(reply["trainer"], TRAINER, extra_t, where=f"{where} trainer")
        shape(reply["trainer"]["attempt"], ATTEMPT, where=f"{where} attempt")
    if reply.get("result") is not None:
        shape(reply["result"], RESULT, where=f"{where} result")


def error_shape(reply, where="reply"):
    assert reply["ok"] is False, f"{where}: expected a refusal, got {sorted(reply)}"
    shape(reply, ERROR, where=where)
    assert reply["error"]


def opened(kind):
    op, args = OPENERS[kind]
    board_id = f"{kind}-{next(_ids)}"
    state = call(op, board_id=board_id, **args)
    state_shape(state, kind, where=f"{op} {kind}")
    return board_id, state


def a_turn(board_id):
    """A legal whole Duodecim turn in notation, for ``play``."""
    game = web.sessions.get(board_id).game
    game.roll()
    return game.position.turn_text(game.legal_turns()[0])


def args_for(verb, kind, board_id, state):
    """Arguments that make sense for ``verb`` on this board."""
    if verb == "review":
        if kind in web.SESSION_OPS["review"]:  # a game with one move to review
            call("play", board_id=board_id, **args_for("play", kind, board_id, state))
        return {"ply": 0}
    if verb == "play":
        if not state.get("moves") and kind in ("custodian", "line", "puzzle"):
            return {"notation": "Α1-Α9"}
        if kind == "duodecim":
            return {"notation": a_turn(board_id)}
        if kind == "duodecim-puzzle":
            return {"notation": get_puzzle("duodecim-001").solution[0]}
        m = state["moves"][0]
        return {"frm": m["from"], "to": m["to"]}
    if verb == "think":
        return {"level": 1, "seed": 0}
    if verb == "step":
        st = state["steps"][0] if state.get("steps") else {"from": "enter", "to": "A1", "die": 1}
        return {"frm": st["from"], "to": st["to"], "die": st["die"]}
    return {
        "line_goto": {"ply": 1}, "at": {"ply": 0}, "resign": {"side": "w"}, "lose_on_time": {"side": "w"}, "offer_draw": {"level": 1, "side": "w"},
        "set_computer": {"computer": "b"}, "flip": {"flipped": True},
    }.get(verb, {})


#: (verb, kind) pairs that answer with a refusal although the kind has the verb.
REFUSED = {("think", "puzzle"), ("think", "duodecim-puzzle"), ("commit", "duodecim-puzzle"),
           ("offer_draw", "duodecim"), ("agree_draw", "duodecim"), ("commit", "duodecim")}
#: What a verb adds to the state.
EXTRA = {"think": {"thought": dict}, "suggest": {"suggestion": dict}, "offer_draw": {"draw": dict}, "step": {"said": str}, "commit": {"said": str}}
#: Verbs whose reply is not a board's state.
OTHER = {"at": AT, "hint": HINT, "moves": {"ok": bool, "moves": list}, "review": REVIEW}


@pytest.mark.parametrize("kind", list(STATES))
@pytest.mark.parametrize("verb", list(web.SESSION_OPS))
def test_every_session_op_on_every_kind(verb, kind):
    board_id, state = opened(kind)
    reply = call(verb, board_id=board_id, **args_for(verb, kind, board_id, state))
    where = f"{verb} on {kind}"
    if kind not in web.SESSION_OPS[verb] or (verb, kind) in REFUSED:
        error_shape(reply, where)
        return
    if verb in OTHER:
        shape(reply, OTHER[verb], where=where)
    elif verb in ("solution", "show_solution"):
        state_shape(reply, kind, where=where)
        assert reply["trainer"]["shown"] is True
    else:
        state_shape(reply, kind, EXTRA.get(verb), where)
        if verb == "think":
            shape(reply["thought"], THOUGHT, where=f"{where} thought")
        if verb == "offer_draw":
            shape(reply["draw"], {"accepted": bool, "score": int}, where=f"{where} draw")
    # The board is still there and answers view in the same shape.
    if kind in web.SESSION_OPS[verb]:
        state_shape(call("view", board_id=board_id), kind, where=f"view after {verb} on {kind}")


def test_every_verb_of_the_protocol_is_answered_by_every_kind():
    for verb in web.VERBS:
        if verb in ("open", "close"):
            continue
        assert web.SESSION_OPS[verb] == web.KINDS, verb


@pytest.mark.parametrize("kind", list(STATES))
def test_open_and_close_every_kind(kind):
    board_id, _ = opened(kind)
    shape(call("close", board_id=board_id), CLOSED, where="close")
    error_shape(call("view", board_id=board_id), "view after close")
    shape(call("close", board_id=board_id), CLOSED, where="close twice")  # no error: the page left


def test_open_a_page_board_and_a_page_puzzle():
    s = call("open", board_id="page", ruleset="classic")
    state_shape(s, "custodian")
    s = call("open", board_id="page-puzzle", ruleset="classic", position=CAPTURE, solution="Α1-Α3xΒ3, Η8-Η3, Γ3-Γ8")
    state_shape(s, "puzzle")
    shape(s["puzzle"], {"status": str, "text": str}, where="page puzzle")
    error_shape(call("open", board_id="bad", ruleset="chess"))
    error_shape(call("open", board_id="bad", kind="lab"))


def test_load_replaces_a_game_by_its_record():
    board_id, state = opened("custodian")
    state_shape(call("load", board_id=board_id, record=state["record"]), "custodian", where="load")
    duo_id, duo = opened("duodecim")
    state_shape(call("load", board_id=duo_id, record=duo["record"]), "duodecim", where="load duodecim")
    error_shape(call("load", board_id=board_id, record="hello"))


def test_the_collections_ops():
    listed = call("puzzle_list")
    shape(listed, {"ok": bool, "puzzles": list, "total": int, "rulesets": list, "opening": list, "themes": list})
    for p in listed["puzzles"][:3]:
        shape(p, {k: v for k, v in TRAINER.items()
                  if k not in ("status", "text", "ply", "refutation", "your_turn", "solved_by", "attempt")})
    daily = call("puzzle_daily", date="2025-03-14")
    shape(daily, {"ok": bool, "id": str, "date": str, "puzzle": dict})
    right = call("puzzle_turn", puzzle_id="duodecim-001", turn="@A2 A6-A9*")
    shape(right, TURN_CHECK, {"solution": str})
    error_shape(call("puzzle_turn", puzzle_id="duodecim-001", turn="Z9-Z1"))
    error_shape(call("puzzle_daily", date="yesterday"))


def test_the_older_names_are_gone():
    """One name per op: the play page's game_* and the trainer's puzzle_* names are refused."""
    board_id, state = opened("custodian")
    m = state["moves"][0]
    for name in ("game_play", "puzzle_play", "legal"):
        error_shape(call(name, board_id=board_id, frm=m["from"], to=m["to"]))
    assert not any(n.startswith("game_") for n in web.OPS)


def test_an_unknown_op_or_a_bad_argument_is_a_refusal():
    error_shape(call("nope"))
    board_id, _ = opened("custodian")
    error_shape(call("view", board_id=board_id, colour="blue"))
    error_shape(call("view"))


def test_the_front_end_asks_for_ops_by_their_one_name():
    """The pages call every op by its name in the op table, never by an older alias."""
    from pathlib import Path

    from petteia_core.web.ops import OPS

    js = Path(__file__).resolve().parent.parent / "docs" / "assets" / "js"
    if not js.is_dir():
        pytest.skip("the front end's files are not here (the core tests' run inside Pyodide)")
    asked = set()
    for path in js.glob("*.js"):
        asked |= set(re.findall(r"\b(?:call|ask|request|command)\(\s*\"([a-z_]+)\"", path.read_text(encoding="utf-8")))
    assert asked, "no op found in the front end"
    assert asked <= set(OPS), f"unknown ops: {sorted(asked - set(OPS))}"


def test_poleis_placement_says_where_and_how_many_are_left():
    """#34 (friction): Poleis' placement phase said only "White to move (you)" over 64 dots."""
    s = call("open", kind="game", board_id="poleis-place", ruleset="poleis", computer="b")
    assert s["status"] == "White to move (you). Place a piece on an empty square (16 left).", s["status"]
    first = next(m for m in s["moves"] if m["from"] is None)
    s = call("play", board_id="poleis-place", frm=None, to=first["to"])
    assert "Place a piece on an empty square (16 left)." in s["status"], s["status"]  # Black's turn, 16 of Black's
    c = call("open", kind="game", board_id="classic-no-place", ruleset="classic")
    assert "Place a piece" not in c["status"]

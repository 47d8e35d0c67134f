"""What a live board needs to answer its first move before Python has loaded in the browser.

The build knows every live board's position, so it writes, as a few KB of JSON in the figure's
``data-first``: the legal moves of the shown position (from, to, captures, notation), the status
line after a move (one template, from petteia_core.web.words, with the moves that end the game
spelled out), and for a page's puzzle the worker's own answer to each first move. The page plays
the move at once (fence-board.js, game-driver.js); when Python is ready it plays the same move in
the worker and shows the worker's state, which agrees.

Boards that start with the computer's turn, Kubeia (its first roll is thrown in the browser),
Poleis placements, Duodecim scripta (a turn is played one die at a time) and Ludus latrunculorum
(extra moves, chains, removals) wait for Python as before.
"""

from __future__ import annotations

import json
from typing import Any

from petteia_core import Game
from petteia_core.web import words
from petteia_core.web.ops import close, run

#: The one field of the template the page fills in: the move's notation.
MOVE = "{move}"


def first_move_data(spec: Any, extra: dict[str, str]) -> dict[str, Any] | None:
    """``data-first`` of a fence (a FenceSpec with its ``extra`` data), or None when it waits for Python."""
    if spec.mode not in ("explore", "puzzle", "play") or spec.ruleset in ("kubeia", "duodecim"):
        return None
    if spec.ruleset.startswith("latrunculi-"):
        return None  # a Bell extra move or second placement is the same side's: the template cannot say it
    game = Game(spec.ruleset, spec.position)
    turn = words.side(game.position.turn)
    side = (extra.get("side") or "w")[0].lower()
    if spec.mode == "play" and turn != side:
        return None  # the computer moves first
    if game.result is not None:
        return None
    other = "b" if turn == "w" else "w"
    data: dict[str, Any] = {
        "turn": turn,
        "moves": [],
        "status": words.status_sentence(other, last=words.last_move_sentence(MOVE)),
    }
    width = game.position.width
    ends: dict[str, str] = {}
    legal = game.legal_moves()
    if any(move.frm is None for move in legal):
        return None  # Poleis placements: the piece comes from the hand, which the picture does not draw
    for move in legal:
        text = move.text(width)
        data["moves"].append([move.frm, move.to, list(move.captures), text])
        game.play(move)
        result = game.result
        game.undo()
        if result is not None:  # this move ends the game: its own status line
            sentence = words.result_sentence(result.score, result.reason, result.winner, brief=True)
            ends[text] = words.status_sentence(other, result=sentence, last=words.last_move_sentence(text))
    if ends:
        data["ends"] = ends
    solution = extra.get("solution")
    if spec.mode == "puzzle" and solution:
        data["puzzle"] = _puzzle_answers(spec, solution, data["moves"])
    return data


def _puzzle_answers(spec: Any, solution: str, moves: list[list[Any]]) -> dict[str, Any]:
    """The worker's answer to each first move of a page's puzzle: refused (with why) or accepted
    (with its status line and the reply it plays), keyed "from-to"."""
    answers: dict[str, Any] = {}
    board_id = f"build-first-{spec.board_id or 'puzzle'}"
    for frm, to, _caps, _text in moves:
        state = run("open", {"board_id": board_id, "ruleset": spec.ruleset, "position": spec.position,
                             "solution": solution, "flipped": spec.flip})
        reply = run("play", {"board_id": board_id, "frm": frm, "to": to})
        if reply["ply"] == state["ply"]:
            answers[f"{frm}-{to}"] = {"ok": False, "status": reply["status"]}
        else:
            last = reply["last_move"]
            answers[f"{frm}-{to}"] = {
                "ok": True, "status": reply["status"],
                "reply": [last["from"], last["to"], last["captures"], last["text"]] if reply["ply"] > state["ply"] + 1 else None,
            }
        close(board_id)
    return answers


def data_attribute(spec: Any, extra: dict[str, str]) -> str | None:
    data = first_move_data(spec, extra)
    return None if data is None else json.dumps(data, ensure_ascii=False, separators=(",", ":"))

"""The parts every reply is made of (moves, turns, results, the move list) and the small replies."""

from __future__ import annotations

from typing import Any

from ...duodecim import ENTER, OFF, point_name
from ...moves import Move
from ..words import result_sentence


# ------------------------------------------------------------------ parts
def move_dict(move: Move, width: int, *, latrunculi: bool = False) -> dict[str, Any]:
    """A custodian move for the page: its squares, captures and notation. A Ludus latrunculorum
    move adds the squares a jump chain stands on between (``path``), the enemy pieces it binds
    (``bound``) and whether it is a removal turn (``removal``: ``from`` None, ``to`` the piece
    taken); ``from`` None without ``removal`` is a placement."""
    out = {"from": move.frm, "to": move.to, "captures": list(move.captures), "text": move.text(width)}
    if latrunculi:
        out.update(path=list(move.path), bound=list(move.bound), removal=move.removal)
    return out


def latrunculi_dict(pos: Any, legal: list[Move], turn: str) -> dict[str, Any] | None:
    """What a Ludus latrunculorum board adds (None for the other games): the pieces in hand, the
    placement phase, the piece owing a Bell extra move, the dux and the bound pieces, the bound
    pieces a removal may take now, and the turn in words."""
    if not pos.rules.extended:
        return None
    from ...geometry import bits
    from ..latrunculi_words import turn_sentence

    removals = [m.to for m in legal if m.removal]
    return {
        "hand": list(pos.hand), "placing": pos.placing, "again": pos.again if pos.again >= 0 else None,
        "dux": list(bits(pos.dux)), "bound": list(bits(pos.bound)), "removals": removals,
        "text": turn_sentence(pos, turn, removals) if legal else "",
    }


def latrunculi_plies(plies: list[tuple[int, str, str]]) -> list[tuple[int, str, str, int]]:
    """A latrunculi game's plies with a side's consecutive plies of one move number (Bell's second
    placement and extra moves) in one half-move, as its record writes them; each with the plies
    played after it."""
    out: list[tuple[int, str, str, int]] = []
    for k, (number, side, text) in enumerate(plies):
        if out and out[-1][:2] == (number, side):
            out[-1] = (number, side, f"{out[-1][2]} {text}", k + 1)
        else:
            out.append((number, side, text, k + 1))
    return out


def step_dict(step: Any) -> dict[str, Any]:
    """One die of a Duodecim turn for the page."""
    return {
        "from": "enter" if step.frm == ENTER else point_name(step.frm),
        "to": "off" if step.to == OFF else point_name(step.to),
        "die": step.die,
        "hit": bool(step.hit),
        "text": step.text(),
    }


def turn_dict(played: Any) -> dict[str, Any]:
    """The last Duodecim turn for the page: its side, roll, steps and the dice it could not use."""
    dice = [played.dice[0]] * 4 if played.dice[0] == played.dice[1] else list(played.dice)
    for step in played.steps:
        dice.remove(step.die)
    return {"side": played.side, "dice": list(played.dice), "steps": [step_dict(s) for s in played.steps],
            "unused": dice}


def pairs(plies: list[tuple[int, str, str]] | list[tuple[int, str, str, int]]) -> list[dict[str, Any]]:
    """[(number, side, text[, ply])] -> [{number, w: {ply, text}|None, b: ...}] (ply = plies after
    it: by default its place in the list)."""
    rows: list[dict[str, Any]] = []
    for k, (number, side, text, *after) in enumerate(plies):
        if not rows or rows[-1]["number"] != number or rows[-1][side] is not None or (side == "w" and rows[-1]["b"]):
            rows.append({"number": number, "w": None, "b": None})
        rows[-1][side] = {"ply": after[0] if after else k + 1, "text": text}
    return rows


def result_dict(result: Any, *, brief: bool = False) -> dict[str, Any] | None:
    """A game's result for the page (None while it goes on), with its sentence."""
    if result is None:
        return None
    return {"score": result.score, "reason": result.reason, "winner": result.winner,
            "text": result_sentence(result.score, result.reason, result.winner, brief=brief)}


def thought(found: Any) -> dict[str, Any]:
    """How hard the computer looked, for the page: depth, nodes, milliseconds, stopped early or not."""
    return {"depth": found.depth, "nodes": found.nodes, "ms": round(found.elapsed * 1000), "stopped": found.stopped}


def with_thought(state: dict[str, Any], found: Any) -> dict[str, Any]:
    """A state after the computer's move, with how hard it looked."""
    state["thought"] = thought(found)
    return state


def with_suggestion(state: dict[str, Any], move: Move, width: int) -> dict[str, Any]:
    """A state with "Show a good move"'s move."""
    state["suggestion"] = move_dict(move, width)
    return state


def with_draw(state: dict[str, Any], accepted: bool, score: int) -> dict[str, Any]:
    """A state after a draw offer, with the computer's answer and its evaluation."""
    state["draw"] = {"accepted": accepted, "score": score}
    return state


def with_said(state: dict[str, Any], said: str) -> dict[str, Any]:
    """A Duodecim state with what the step or turn did, for the spoken line."""
    state["said"] = said
    return state


def line_dict(texts: list[str], length: int, ply: int | None, text: str) -> dict[str, Any]:
    """A board's line for the page: its moves, where the game stands in it and a sentence."""
    return {"moves": texts, "length": length, "ply": ply, "text": text}


def at_reply(ply: int, svg: str, description: str) -> dict[str, Any]:
    """A read-only picture of an earlier position (``at``)."""
    return {"ok": True, "ply": ply, "svg": svg, "description": description}


def hint_reply(step: int, frm: int | None, to: int | None, text: str, attempt: dict[str, Any]) -> dict[str, Any]:
    """A puzzle's hint: its step (1: the piece, 2: the move), the squares to mark, a sentence and
    the attempt (a hint ends the first try)."""
    return {"ok": True, "step": step, "from": frm, "to": to, "text": text, "attempt": attempt}


def closed_reply(board_id: str) -> dict[str, Any]:
    return {"ok": True, "board_id": board_id}


def moves_reply(moves: list[dict[str, Any]]) -> dict[str, Any]:
    """The legal moves (``moves``) as a reply."""
    return {"ok": True, "moves": moves}


def error_reply(message: str) -> dict[str, Any]:
    return {"ok": False, "error": message}

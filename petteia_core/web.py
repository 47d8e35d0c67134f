"""The JSON facade that the browser's Web Worker calls (through Pyodide).

Pure Python, standard library only, no I/O. Games are kept by board id (one per interactive board
on a page). Every operation returns a JSON-able ``dict`` describing the whole state of that board,
so the page never has to know the rules: it swaps in ``svg``, offers ``moves`` and reads
``description`` aloud.

    open(board_id, ruleset, position=None)      start (or restart) a board
    moves(board_id)                             legal moves only
    play(board_id, frm, to) / play(board_id, notation="Β2-Β6")
    undo(board_id) / redo(board_id) / reset(board_id) / flip(board_id) / view(board_id)

From JavaScript use :func:`call` (one JSON string in, one JSON string out; errors come back as
``{"ok": false, "error": "..."}`` instead of exceptions, so nothing crosses the FFI but text).
"""

from __future__ import annotations

import json
from typing import Any

from .board import square_name
from .errors import PetteiaError
from .game import Game
from .moves import Move
from .render import board_svg, describe_pieces

__all__ = ["call", "close", "flip", "moves", "open", "play", "redo", "reset", "undo", "view"]

_SIDE_NAMES = {"w": "White", "b": "Black"}


class _Board:
    """One interactive board: its game, the position it started from and how it is shown."""

    __slots__ = ("board_id", "ruleset", "start", "game", "flipped", "caption")

    def __init__(self, board_id: str, ruleset: str, start: str | None, flipped: bool, caption: str | None):
        self.board_id = board_id
        self.ruleset = ruleset
        self.start = start
        self.flipped = flipped
        self.caption = caption
        self.game = Game(ruleset, start)


_boards: dict[str, _Board] = {}


# ------------------------------------------------------------------------------------ helpers
def _side(turn: int | str) -> str:
    """The engine gives the side to move as 0/1 (or 'w'/'b'); the facade always says 'w'/'b'."""
    if turn in (0, "w"):
        return "w"
    if turn in (1, "b"):
        return "b"
    raise ValueError(f"unknown side {turn!r}")


def _move_dict(move: Move, width: int) -> dict[str, Any]:
    return {
        "from": move.frm,
        "to": move.to,
        "captures": list(move.captures),
        "text": move.text(width),
    }


def _move_words(move: Move, width: int) -> str:
    """A move in words for screen readers: 'Β2-Β6, captured Γ6' or 'placed on Δ4'."""
    if move.frm is None:
        words = f"placed on {square_name(move.to, width)}"
    else:
        words = f"{square_name(move.frm, width)}-{square_name(move.to, width)}"
    if move.captures:
        words += ", captured " + ", ".join(square_name(c, width) for c in move.captures)
    return words


def _result_text(score: str, reason: str, winner: str | None) -> str:
    if winner is None:
        return f"Draw ({reason}), {score}."
    return f"{_SIDE_NAMES[_side(winner)]} wins ({reason}), {score}."


def _get(board_id: str) -> _Board:
    try:
        return _boards[board_id]
    except KeyError:
        raise PetteiaError(f"no board {board_id!r} is open") from None


def _state(board: _Board) -> dict[str, Any]:
    game = board.game
    pos = game.position
    width, height = pos.width, pos.height
    pieces = pos.piece_map()
    result = game.result
    # legal_moves() rolls the dice when a Kubeia turn needs it, so ask before reading pos.dice.
    legal = game.legal_moves() if result is None else []
    pos = game.position
    history = game.history
    last = history[-1] if history else None
    highlights = {c: "capture" for c in last.captures} if last is not None else {}
    svg = board_svg(
        width,
        height,
        pieces,
        highlights=highlights,
        last_move=(last.frm if last.frm is not None else last.to, last.to) if last is not None else None,
        flipped=board.flipped,
        caption=board.caption,
        board_id=board.board_id,
    )
    turn = _side(pos.turn)
    parts = []
    if result is None:
        parts.append(f"{_SIDE_NAMES[turn]} to move.")
        dice = getattr(pos, "dice", None)
        if dice:
            parts.append(f"Dice: {dice[0]} and {dice[1]}.")
    else:
        parts.append(f"Game over: {_result_text(result.score, result.reason, result.winner)}")
    parts.append(describe_pieces(pieces, width))
    hand = getattr(pos, "hand", (0, 0))
    if hand and any(hand):
        parts.append(f"In hand: White {hand[0]}, Black {hand[1]}.")
    if last is not None:
        parts.append(f"Last move: {_move_words(last, width)}.")
    return {
        "ok": True,
        "board_id": board.board_id,
        "ruleset": board.ruleset,
        "position": pos.to_string(),
        "turn": turn,
        "width": width,
        "height": height,
        "flipped": board.flipped,
        "dice": list(pos.dice) if getattr(pos, "dice", None) else None,
        "svg": svg,
        "moves": [_move_dict(m, width) for m in legal],
        "last_move": _move_dict(last, width) if last is not None else None,
        "result": (
            {"score": result.score, "reason": result.reason, "text": _result_text(result.score, result.reason, result.winner)}
            if result is not None
            else None
        ),
        "description": " ".join(parts),
        "ply": len(history),
        "can_undo": game.can_undo,
        "can_redo": game.can_redo,
    }


# ------------------------------------------------------------------------------------ operations
def open(  # noqa: A001 - the facade's verbs are the worker's vocabulary
    board_id: str,
    ruleset: str = "classic",
    position: str | None = None,
    *,
    flipped: bool = False,
    caption: str | None = None,
) -> dict[str, Any]:
    """Start (or restart) board ``board_id`` from ``position`` (None = the ruleset's start)."""
    if not isinstance(board_id, str) or not board_id:
        raise PetteiaError("a board needs a non-empty id")
    position = position.strip() if isinstance(position, str) and position.strip() else None
    board = _Board(board_id, ruleset, position, bool(flipped), caption)
    _boards[board_id] = board
    return _state(board)


def view(board_id: str) -> dict[str, Any]:
    """The current state of a board, unchanged."""
    return _state(_get(board_id))


def moves(board_id: str) -> list[dict[str, Any]]:
    """The legal moves of the side to move (empty when the game is over)."""
    return _state(_get(board_id))["moves"]


def play(board_id: str, frm: int | None = None, to: int | None = None, notation: str | None = None) -> dict[str, Any]:
    """Play a legal move given by squares (``frm`` None = placement) or by ``notation``."""
    board = _get(board_id)
    game = board.game
    if notation is not None:
        game.play(notation)
    else:
        if to is None:
            raise PetteiaError("play needs a destination square or a move in notation")
        width = game.position.width
        for move in game.legal_moves():
            if move.frm == frm and move.to == to:
                game.play(move)
                break
        else:
            frm_name = "hand" if frm is None else square_name(frm, width)
            raise PetteiaError(f"{frm_name}-{square_name(to, width)} is not a legal move here")
    return _state(board)


def undo(board_id: str) -> dict[str, Any]:
    board = _get(board_id)
    if board.game.can_undo:
        board.game.undo()
    return _state(board)


def redo(board_id: str) -> dict[str, Any]:
    board = _get(board_id)
    if board.game.can_redo:
        board.game.redo()
    return _state(board)


def reset(board_id: str) -> dict[str, Any]:
    """Back to the board's starting position; the history is dropped."""
    board = _get(board_id)
    board.game = Game(board.ruleset, board.start)
    return _state(board)


def flip(board_id: str, flipped: bool | None = None) -> dict[str, Any]:
    """Turn the board round (or set which side is at the bottom)."""
    board = _get(board_id)
    board.flipped = (not board.flipped) if flipped is None else bool(flipped)
    return _state(board)


def close(board_id: str) -> dict[str, Any]:
    """Forget a board (its page was left)."""
    _boards.pop(board_id, None)
    return {"ok": True, "board_id": board_id}


_OPS = {
    "open": open, "view": view, "moves": moves, "play": play, "undo": undo, "redo": redo,
    "reset": reset, "flip": flip, "close": close,
}


def call(request: str) -> str:
    """One JSON request ``{"op": ..., "args": {...}}`` in, one JSON reply out.

    Errors in the request or illegal moves come back as ``{"ok": false, "error": message}``.
    """
    try:
        req = json.loads(request)
        op = _OPS[req["op"]]
        reply = op(**req.get("args", {}))
        if isinstance(reply, list):
            reply = {"ok": True, "moves": reply}
    except (PetteiaError, ValueError, KeyError, TypeError) as exc:
        message = str(exc) if not isinstance(exc, KeyError) else f"unknown operation or missing field {exc}"
        reply = {"ok": False, "error": message}
    return json.dumps(reply, ensure_ascii=False)

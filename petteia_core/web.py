"""The JSON facade that the browser's Web Worker calls (through Pyodide).

Pure Python, standard library only, no I/O. Games are kept by board id (one per interactive board
on a page). Every operation returns a JSON-able ``dict`` describing the whole state of that board,
so the page never has to know the rules: it swaps in ``svg``, offers ``moves`` and reads
``description`` aloud.

    open(board_id, ruleset, position=None)      start (or restart) a board
    moves(board_id)                             legal moves only
    play(board_id, frm, to) / play(board_id, notation="Β2-Β6")
    think(board_id, level=3)                    the computer plays a move (play mode)
    set_stop_check(fn)                          how a running ``think`` learns it should move now
    undo(board_id) / redo(board_id) / reset(board_id) / flip(board_id) / view(board_id)
    line_goto(board_id, ply)                    stand ``ply`` moves into the board's line

A board opened with a ``line`` (a fence's ``moves:``) keeps it as redo history: redo plays the
line's next move while the game follows it, and reset goes back to its start (see web_line).

From JavaScript use :func:`call` (one JSON string in, one JSON string out; errors come back as
``{"ok": false, "error": "..."}`` instead of exceptions, so nothing crosses the FFI but text).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from .board import square_name
from .errors import PetteiaError
from .game import Game
from .moves import Move
from .render import board_svg, describe_pieces
from .web_line import line_game, line_state, on_line, parse_line

__all__ = [
    "call", "close", "flip", "line_goto", "moves", "open", "play", "redo", "reset", "set_stop_check", "think", "undo",
    "view",
]

_SIDE_NAMES = {"w": "White", "b": "Black"}


class _Board:
    """One interactive board: its game, the position it started from and how it is shown."""

    __slots__ = (
        "board_id", "ruleset", "start", "game", "flipped", "caption", "attic", "arrows", "highlights", "last",
        "solution", "feedback", "line", "line_moves",
    )

    def __init__(self, board_id: str, ruleset: str, start: str | None, flipped: bool, caption: str | None):
        self.board_id = board_id
        self.ruleset = ruleset
        self.start = start
        self.flipped = flipped
        self.caption = caption
        self.game = Game(ruleset, start)
        # The page's own marks (arrows, highlights, a last move): shown until the first move.
        self.attic = False
        self.arrows: list[tuple[int, int]] = []
        self.highlights: dict[int, str] = {}
        self.last: tuple[int, int] | None = None
        # Puzzle mode: the solution line (Moves, the reader's and the replies) and the verdict
        # on the reader's last attempt.
        self.solution: list[Move] = []
        self.feedback: dict[str, str] | None = None
        # A line of play to step through (notation, rolls included) and its moves; empty if none.
        self.line: list[str] = []
        self.line_moves: list[Move] = []


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


def _puzzle_state(board: _Board) -> dict[str, Any]:
    ply = len(board.game.history)
    solved = ply >= len(board.solution)
    if solved:
        return {"status": "solved", "text": "Solved!"}
    if board.feedback is not None:
        return board.feedback
    return {"status": "todo", "text": "Find the best move."}


def _state(board: _Board) -> dict[str, Any]:
    game = board.game
    pos = game.position
    width, height = pos.width, pos.height
    pieces = pos.piece_map()
    result = game.result
    if result is None and game.needs_roll:
        game.roll()  # a Kubeia turn starts with its roll (legal_moves() no longer rolls)
    legal = game.legal_moves() if result is None else []
    pos = game.position
    history = game.history
    last = history[-1] if history else None
    line = line_state(game, board.line_moves, board.line)
    # On the line, redo plays the line's next move (see redo), whatever was taken back last.
    following = line is not None and line["ply"] is not None and line["ply"] < len(board.line_moves)
    next_move = board.line_moves[line["ply"]] if following else game.next_redo
    if last is not None:
        highlights = {c: "capture" for c in last.captures}
        arrows: list[tuple[int, int]] = []
        last_pair = (last.frm if last.frm is not None else last.to, last.to)
    else:
        highlights, arrows, last_pair = dict(board.highlights), list(board.arrows), board.last
    svg = board_svg(
        width,
        height,
        pieces,
        highlights=highlights,
        arrows=arrows,
        last_move=last_pair,
        flipped=board.flipped,
        attic_rows=board.attic,
        caption=board.caption,
        board_id=board.board_id,
    )
    turn = _side(pos.turn)
    parts = [line["text"]] if line else []
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
        "puzzle": _puzzle_state(board) if board.solution else None,
        "can_undo": game.can_undo,
        "can_redo": game.can_redo or following,
        # What redo would play (the page animates it) and the board's line, if it has one.
        "redo_move": _move_dict(next_move, width) if next_move is not None else None,
        "line": line,
    }


# ------------------------------------------------------------------------------------ operations
def open(  # noqa: A001 - the facade's verbs are the worker's vocabulary
    board_id: str,
    ruleset: str = "classic",
    position: str | None = None,
    *,
    flipped: bool = False,
    caption: str | None = None,
    attic: bool = False,
    arrows: list | None = None,
    highlights: dict | None = None,
    last: list | None = None,
    solution: str | None = None,
    line: list[str] | str | None = None,
) -> dict[str, Any]:
    """Start (or restart) board ``board_id`` from ``position`` (None = the ruleset's start).

    ``arrows`` ([[from, to], ...]), ``highlights`` ({square: kind}) and ``last`` ([from, to]) are
    the page's marks on the starting position (squares as indices), drawn until a move is made.
    ``solution`` (puzzles): the winning line in notation, moves separated by commas or spaces,
    the opponent's replies included; the reader must find each of their moves, and the replies
    are played for them.
    ``line`` (explore boards): a line of play, a list of moves in notation (each preceded by its
    roll in Kubeia, ``"22 Α2-Α4"``), kept as redo history so the reader can step through it.
    """
    if not isinstance(board_id, str) or not board_id:
        raise PetteiaError("a board needs a non-empty id")
    if ruleset == "duodecim":
        # A race game with dice and multi-step turns: it needs its own front end (not yet written).
        raise PetteiaError("live Duodecim scripta boards are not supported yet")
    position = position.strip() if isinstance(position, str) and position.strip() else None
    board = _Board(board_id, ruleset, position, bool(flipped), caption)
    board.attic = bool(attic)
    board.arrows = [(int(a), int(b)) for a, b in (arrows or [])]
    board.highlights = {int(k): str(v) for k, v in (highlights or {}).items()}
    board.last = (int(last[0]), int(last[1])) if last else None
    board.line = parse_line(line)
    if board.line:
        if solution:
            raise PetteiaError("a board has either a puzzle solution or a line to step through, not both")
        board.game, board.line_moves = line_game(ruleset, position, board.line, 0)
    if solution:
        scratch = Game(ruleset, position)
        # Move numbers ("1)", "12.") and the "..." of a Black move alone are not moves.
        words = [w for w in solution.replace(",", " ").replace(";", " ").split() if w.strip(".…")]
        for word in [w for w in words if not (w[0].isdigit() and w.rstrip(".)").isdigit())]:
            try:
                board.solution.append(scratch.play(word))
            except PetteiaError as exc:
                raise PetteiaError(f"the puzzle's solution does not play: {exc}") from None
    _state(board)  # draw once now, so bad marks fail here with a clear message
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
    if board.solution and len(game.history) < len(board.solution):
        return _puzzle_try(board, frm, to, notation)
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
    if board.line_moves and on_line(game, board.line_moves):
        # The reader played the line's move: keep the rest of the line (and its rolls) ahead.
        _goto(board, len(game.history))
    return _state(board)


def _puzzle_try(board: _Board, frm: int | None, to: int | None, notation: str | None) -> dict[str, Any]:
    """A puzzle move: the solution's move is played (and the reply after it); any other legal
    move is refused with a word of feedback, leaving the position as it was."""
    game = board.game
    expected = board.solution[len(game.history)]
    if notation is not None:
        from .notation import parse_move

        move = parse_move(notation, game.position)
    else:
        move = next((m for m in game.legal_moves() if m.frm == frm and m.to == to), None)
        if move is None:
            width = game.position.width
            raise PetteiaError(f"{'hand' if frm is None else square_name(frm, width)}-{square_name(to, width)} is not a legal move here")
    if move != expected:
        board.feedback = {"status": "wrong", "text": f"{move.text(game.position.width)} is not the answer: try again."}
        return _state(board)
    board.feedback = {"status": "right", "text": f"Yes: {move.text(game.position.width)}."}
    game.play(move)
    if len(game.history) < len(board.solution) and game.result is None:
        reply = board.solution[len(game.history)]
        game.play(reply)
        board.feedback = {"status": "right", "text": f"Yes. The reply: {reply.text(game.position.width)}. Go on."}
    return _state(board)


_stop_check: Callable[[], bool] | None = None


def set_stop_check(check: Callable[[], bool] | None) -> None:
    """Install ``check()``, polled while the computer thinks: once it returns True the search ends
    and the best move found so far is played (the page's "Move now"). The browser worker installs
    one that lets the worker read the page's messages (docs/assets/js/worker.js); None removes it."""
    global _stop_check
    _stop_check = check


def stop_check() -> Callable[[], bool] | None:
    """The installed stop check (None: a search always runs to its end)."""
    return _stop_check


def thought(found: Any) -> dict[str, Any]:
    """How hard the computer looked, for the page: depth, nodes, milliseconds, stopped early or not."""
    return {"depth": found.depth, "nodes": found.nodes, "ms": round(found.elapsed * 1000), "stopped": found.stopped}


def think(board_id: str, level: int = 3, seed: int = 0, node_limit: int | None = None) -> dict[str, Any]:
    """The computer plays one move for the side to move (petteia_core.ai, ``level`` 1–5).

    ``node_limit`` replaces the level's node budget (tests and benchmarks)."""
    from .ai import choose_move  # imported on first use: explore-only pages never pay for it

    board = _get(board_id)
    game = board.game
    if game.result is not None:
        raise PetteiaError(f"the game is over: {game.result}")
    if game.needs_roll:
        game.roll()
    found = choose_move(game.position, int(level), seed=int(seed), history=game.positions,
                        should_stop=_stop_check, node_limit=None if node_limit is None else int(node_limit))
    game.play(found.move)
    state = _state(board)
    state["thought"] = thought(found)
    return state


def undo(board_id: str) -> dict[str, Any]:
    board = _get(board_id)
    if board.game.can_undo:
        board.game.undo()
    board.feedback = None
    return _state(board)


def redo(board_id: str) -> dict[str, Any]:
    """Replay the move taken back; while the game follows the board's line, its next move."""
    board = _get(board_id)
    ply = len(board.game.history)
    if board.line_moves and on_line(board.game, board.line_moves) and ply < len(board.line_moves):
        _goto(board, ply + 1)
    elif board.game.can_redo:
        board.game.redo()
    return _state(board)


def reset(board_id: str) -> dict[str, Any]:
    """Back to the board's starting position; the history is dropped."""
    board = _get(board_id)
    board.feedback = None
    if board.line_moves:
        _goto(board, 0)
    else:
        board.game = Game(board.ruleset, board.start)
    return _state(board)


def _goto(board: _Board, ply: int) -> None:
    board.game, _ = line_game(board.ruleset, board.start, board.line, ply)


def line_goto(board_id: str, ply: int) -> dict[str, Any]:
    """Stand ``ply`` moves into the board's line (0 = its start), the rest of it ahead as redo."""
    board = _get(board_id)
    if not board.line_moves:
        raise PetteiaError("this board has no line to step through")
    _goto(board, int(ply))
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
    "open": open, "view": view, "moves": moves, "legal": moves, "play": play, "think": think, "undo": undo, "redo": redo,
    "reset": reset, "flip": flip, "close": close, "line_goto": line_goto,
}


def _register_play_ops() -> None:
    """The play page's game_* operations live in web_play (kept apart to keep this module small)."""
    from . import web_play

    _OPS.update(web_play.OPS)


_register_play_ops()


def _register_puzzle_ops() -> None:
    """The puzzle trainer's puzzle_* operations live in web_puzzles."""
    from . import web_puzzles

    _OPS.update(web_puzzles.OPS)


_register_puzzle_ops()


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

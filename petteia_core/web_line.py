"""A board's line of play (a fence's ``moves:``), stepped through on a live board.

The line is kept as the game's redo history, so "back" is an undo and "forward" a redo; the
facade asks here whether the game still follows the line and rebuilds it when the reader
returns to it. Rolls (Kubeia) are part of the line: each move is made with the roll written
before it.
"""

from __future__ import annotations

from typing import Any

from .board import square_name
from .errors import PetteiaError
from .game import Game
from .moves import Move


def parse_line(line: Any) -> list[str]:
    """The line as the page sends it: a list of moves in notation, each with its roll in Kubeia."""
    if line is None:
        return []
    if isinstance(line, str):
        line = [w for w in line.split(",") if w.strip()]
    if not isinstance(line, (list, tuple)) or not all(isinstance(w, str) for w in line):
        raise PetteiaError("a line is a list of moves in notation, e.g. ['Β2-Β6', 'Η6-Γ6xΒ6']")
    return [w.strip() for w in line if w.strip()]


def line_game(ruleset: str, start: str | None, line: list[str], ply: int) -> tuple[Game, list[Move]]:
    """A game from ``start`` standing ``ply`` moves into ``line``, the rest of it as redo history.

    Returns the game and the line's moves. Raises :class:`PetteiaError` if the line does not play.
    """
    game = Game(ruleset, start)
    try:
        game.replay([word for entry in line for word in entry.split()])
    except PetteiaError as exc:
        raise PetteiaError(f"the board's line does not play: {exc}") from None
    moves = game.history
    if not 0 <= ply <= len(moves):
        raise PetteiaError(f"the line has {len(moves)} moves: no move {ply}")
    for _ in range(len(moves) - ply):
        game.undo()
    return game, moves


def on_line(game: Game, moves: list[Move]) -> bool:
    """True while every move played so far is the line's move."""
    history = game.history
    return len(history) <= len(moves) and history == moves[: len(history)]


def _words(move: Move, width: int) -> str:
    """'Η6-Γ6xΒ6, captures Β6' (the notation, then the captured squares in words)."""
    text = move.text(width)
    if move.captures:
        text += ", captures " + ", ".join(square_name(c, width) for c in move.captures)
    return text


def line_state(game: Game, moves: list[Move], texts: list[str]) -> dict[str, Any] | None:
    """What the page needs to show the line: its moves, where the game stands and a sentence."""
    if not moves:
        return None
    n = len(moves)
    following = on_line(game, moves)
    ply = len(game.history) if following else None
    if ply is None:
        sentence = "Off the line: the start button returns to it."
    elif ply == 0:
        sentence = f"Start of the line ({n} move{'s' if n != 1 else ''})."
    else:
        width = game.position.width
        first = texts[ply - 1].split()[0] if ply <= len(texts) else ""
        throw = f"throw {first[0]}-{first[1]}, " if len(first) == 2 and first.isdigit() else ""
        sentence = f"Line move {ply} of {n}: {throw}{_words(moves[ply - 1], width)}."
    return {"moves": texts, "length": n, "ply": ply, "text": sentence}

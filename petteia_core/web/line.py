"""A board's line of play (a fence's ``moves:``), stepped through on a live board.

The line is kept as the game's redo history, so "back" is an undo and "forward" a redo; while
the game follows the line, redo plays the line's next move (whatever was taken back last), reset
goes back to the line's start and ``line_goto`` stands anywhere in it. Rolls (Kubeia) are part of
the line: each move is made with the roll written before it.
"""

from __future__ import annotations

from typing import Any

from ..errors import PetteiaError
from ..game import Game
from ..moves import Move
from .reply import line_dict
from .custodian import CustodianSession
from .i18n import gettext as _, ngettext
from .words import line_move_words


def parse_line(line: Any) -> list[str]:
    """The line as the page sends it: a list of moves in notation, each with its roll in Kubeia."""
    if line is None:
        return []
    if isinstance(line, str):
        line = [w for w in line.split(",") if w.strip()]
    if not isinstance(line, (list, tuple)) or not all(isinstance(w, str) for w in line):
        raise PetteiaError(_("a line is a list of moves in notation, e.g. ['Β2-Β6', 'Η6-Γ6xΒ6']"))
    return [w.strip() for w in line if w.strip()]


def line_game(ruleset: str, start: str | None, line: list[str], ply: int) -> tuple[Game, list[Move]]:
    """A game from ``start`` standing ``ply`` moves into ``line``, the rest of it as redo history.

    Returns the game and the line's moves. Raises :class:`PetteiaError` if the line does not play.
    """
    game = Game(ruleset, start)
    try:
        game.replay([word for entry in line for word in entry.split()])
    except PetteiaError as exc:
        raise PetteiaError(_("the board's line does not play: {error}").format(error=exc)) from None
    moves = game.history
    if not 0 <= ply <= len(moves):
        raise PetteiaError(_("the line has {n} moves: no move {ply}").format(n=len(moves), ply=ply))
    for _undone in range(len(moves) - ply):
        game.undo()
    return game, moves


def on_line(game: Game, moves: list[Move]) -> bool:
    """True while every move played so far is the line's move."""
    history = game.history
    return len(history) <= len(moves) and history == moves[: len(history)]


def line_state(game: Game, moves: list[Move], texts: list[str]) -> dict[str, Any] | None:
    """What the page needs to show the line: its moves, where the game stands and a sentence."""
    if not moves:
        return None
    n = len(moves)
    ply = len(game.history) if on_line(game, moves) else None
    if ply is None:
        sentence = _("Off the line: the start button returns to it.")
    elif ply == 0:
        sentence = ngettext("Start of the line ({n} move).", "Start of the line ({n} moves).", n).format(n=n)
    else:
        width = game.position.width
        first = texts[ply - 1].split()[0] if ply <= len(texts) else ""
        move = line_move_words(moves[ply - 1], width)
        if len(first) == 2 and first.isdigit():
            sentence = _("Line move {ply} of {n}: throw {a}-{b}, {move}.").format(
                ply=ply, n=n, a=first[0], b=first[1], move=move)
        else:
            sentence = _("Line move {ply} of {n}: {move}.").format(ply=ply, n=n, move=move)
    return line_dict(texts, n, ply, sentence)


class LineSession(CustodianSession):
    """A page's board with a line to step through (its moves kept as the game's redo history)."""

    kind = "line"

    def __init__(self, board_id: str, ruleset: str, start: str | None, line: list[str], **options: Any) -> None:
        game, moves = line_game(ruleset, start, line, 0)
        super().__init__(board_id, ruleset, game, start=start, **options)
        self.line = line
        self.line_moves = moves

    def goto(self, ply: int) -> None:
        self.game = line_game(self.ruleset, self.start, self.line, ply)[0]

    def following(self) -> bool:
        """Whether the game is on the line with some of it still ahead."""
        return on_line(self.game, self.line_moves) and len(self.game.history) < len(self.line_moves)

    def line_info(self) -> tuple[dict[str, Any] | None, Move | None, bool]:
        line = line_state(self.game, self.line_moves, self.line)
        following = line is not None and line["ply"] is not None and line["ply"] < len(self.line_moves)
        next_move = self.line_moves[line["ply"]] if following else self.game.next_redo
        return line, next_move, following

    def after_move(self) -> None:
        if on_line(self.game, self.line_moves):
            # The reader played the line's move: keep the rest of the line (and its rolls) ahead.
            self.goto(len(self.game.history))

    def redo_one(self) -> None:
        """Replay the move taken back; while the game follows the line, its next move."""
        if self.following():
            self.goto(len(self.game.history) + 1)
        else:
            super().redo_one()

    def reset(self) -> dict[str, Any]:
        self.goto(0)
        return self.after_change()

    def line_goto(self, ply: Any) -> dict[str, Any]:
        """Stand ``ply`` moves into the board's line (0 = its start), the rest of it ahead as redo."""
        self.goto(int(ply))
        return self.after_change()

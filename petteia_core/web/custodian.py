"""The custodian games' session (classic, vagi, Poleis, tournament, Kubeia): a fence's board in
a page, and the play page's game, with the computer's side when it plays one.

Its state carries everything a page may show: the SVG, the legal moves, the last move, the result
in words, a description for screen readers, the move list (numbered pairs) and the game record.
A page's board (``brief``) says a result shortly ('White wins (rout), 1-0.'), the play page with
its reason ('Black wins: White resigned (0-1).').
"""

from __future__ import annotations

from typing import Any

from ..board import square_name
from ..errors import PetteiaError
from ..game import Game
from ..moves import Move
from .reply import custodian_at, custodian_state, with_draw, with_suggestion, with_thought
from .i18n import gettext as _
from .session import GameSession, position_after, search
from .words import game_over
from .words import side as side_of


class CustodianSession(GameSession):
    """One custodian board: its game, the position it started from and how it is shown.

    ``arrows`` ([(from, to)]), ``highlights`` ({square: kind}) and ``last`` ((from, to)) are the
    page's marks on the starting position, drawn until a move is made.
    """

    kind = "custodian"

    def __init__(self, board_id: str, ruleset: str, game: Game, *, start: str | None = None,
                 flipped: bool = False, caption: str | None = None, attic: bool = False,
                 arrows: Any = None, highlights: Any = None, last: Any = None,
                 computer: str | None = None, brief: bool = True) -> None:
        super().__init__(board_id, computer)
        self.hints = 0  # "Show a good move" used so far (kept in the record's tags: with_hints)
        self.suggested: tuple[int, int, int] | None = None  # (from, to, ply) of the last hint, until a move
        self.ruleset = ruleset
        self.start = start
        self.game = game
        self.flipped = bool(flipped)
        self.caption = caption
        self.attic = bool(attic)
        self.arrows = [(int(a), int(b)) for a, b in (arrows or [])]
        self.highlights = {int(k): str(v) for k, v in (highlights or {}).items()}
        self.last = (int(last[0]), int(last[1])) if last else None
        self.brief = brief

    # ------------------------------------------------------------------ the protocol's hooks
    def movers(self) -> list[str]:
        game = self.game
        return [side_of(before.turn) for before in game.positions[: len(game.history)]]

    def turn(self) -> str:
        return side_of(self.game.position.turn)

    def mid_turn(self) -> bool:
        movers = self.movers()
        return self.game.rules.extended and bool(movers) and movers[-1] == self.turn()

    def undo_one(self) -> None:
        if self.game.can_undo:
            self.game.undo()

    def redo_one(self) -> None:
        if self.game.can_redo:
            self.game.redo()

    def line_info(self) -> tuple[dict[str, Any] | None, Move | None, bool]:
        """(the line shown with the state, the move redo would play, whether redo follows a line);
        a board without a line has (None, the game's next redo, False)."""
        return None, self.game.next_redo, False

    def record(self) -> str:
        """The game record, with the hints used ("Show a good move") as a tag."""
        return with_hints(self.game.record(), self.hints)

    # ------------------------------------------------------------------ the state
    def ready(self) -> None:
        """A Kubeia turn starts with its roll (legal_moves() does not roll)."""
        if self.game.needs_roll:
            self.game.roll()

    def state(self) -> dict[str, Any]:
        return custodian_state(self)

    # ------------------------------------------------------------------ the verbs
    def suggest(self, level: int = 4, seed: int = 0) -> dict[str, Any]:
        """"Show a good move": the move the computer at ``level`` would play for the reader, drawn
        as an arrow until a move is made (``suggestion`` in the reply) and counted in the record."""
        game = self.game
        if game.result is not None:
            raise PetteiaError(game_over(game.result))
        if self.computer is not None and self.turn() == self.computer:
            raise PetteiaError(_("it is the computer's turn: a good move is shown on yours"))
        if not isinstance(level, int) or not 1 <= level <= 5:
            raise PetteiaError(f"level must be 1 to 5, not {level!r}")
        self.ready()
        found = search(game.position, level, seed, None, history=game.positions)
        move = found.move
        self.hints += 1
        self.suggested = (move.frm if move.frm is not None else move.to, move.to, len(game.history))
        return with_suggestion(self.after_change(), move, game.position.width)

    def find_move(self, frm: Any, to: Any, notation: str | None) -> Move:
        """The legal move given by squares (``frm`` None = placement) or by ``notation``."""
        game = self.game
        if notation is not None:
            from ..notation import parse_move

            return parse_move(notation, game.position)
        if to is None:
            raise PetteiaError(_("play needs a destination square or a move in notation"))
        for move in game.legal_moves():
            if move.frm == frm and move.to == to:
                return move
        width = game.position.width
        if frm is None:
            raise PetteiaError(_("hand-{to} is not a legal move here").format(to=square_name(to, width)))
        raise PetteiaError(_("{frm}-{to} is not a legal move here").format(
            frm=square_name(frm, width), to=square_name(to, width)))

    def play(self, frm: Any = None, to: Any = None, notation: str | None = None) -> dict[str, Any]:
        self.readers_input()
        if notation is not None:
            self.game.play(notation)
        else:
            self.game.play(self.find_move(frm, to, None))
        self.after_move()
        return self.after_change()

    def after_move(self) -> None:
        """What a board does once the reader has moved (a line keeps its rest ahead)."""

    def think(self, level: int = 3, seed: int = 0, node_limit: int | None = None) -> dict[str, Any]:
        """The computer plays one move for the side to move (petteia_core.ai, ``level`` 1–5).

        ``node_limit`` replaces the level's node budget (tests and benchmarks)."""
        self.computers_turn()
        game = self.game
        self.ready()
        found = search(game.position, level, seed, node_limit, history=game.positions)
        game.play(found.move)
        return with_thought(self.after_change(), found)

    def reset(self) -> dict[str, Any]:
        """Back to the board's starting position; the history is dropped (a variant stays one)."""
        self.game = Game(self.game.rules, self.start)
        return self.after_change()

    def flip(self, flipped: bool | None = None) -> dict[str, Any]:
        """Turn the board round (or set which side is at the bottom)."""
        self.flipped = (not self.flipped) if flipped is None else bool(flipped)
        return self.state()

    def at(self, ply: Any) -> dict[str, Any]:
        """A read-only picture of the position after ``ply`` plies (0: the start)."""
        ply = int(ply)
        pos, last = position_after(self.game, ply)
        return custodian_at(self, ply, pos, last)

    def offer_draw(self, level: int = 3, side: str | None = None) -> dict[str, Any]:
        """The computer (the side not offering: by default the side not to move) answers a draw offer.

        It accepts when its evaluation of the position is about equal or worse for itself.
        """
        game = self.game
        if game.result is not None:
            raise PetteiaError(game_over(game.result))
        from ..ai.evaluate import Evaluator

        pos = game.position
        offerer = side or pos.side_to_move
        score = Evaluator(pos.rules, pos.geo).evaluate(pos)  # for the side to move
        mine = -score if side_of(pos.turn) == offerer else score  # for the computer
        accepted = mine <= 60
        if accepted:
            game.agree_draw()
        return with_draw(self.after_change(), accepted, mine)

    def agree_draw(self) -> dict[str, Any]:
        """Two players on one device: the other player said yes."""
        self.game.agree_draw()
        return self.after_change()


# ------------------------------------------------------------------ hints in the record
HINTS_TAG = "Hints"


def with_hints(record: str, hints: int) -> str:
    """``record`` with a ``[Hints "N"]`` tag after its other tags when the reader used N > 0
    hints ("Show a good move"): a game played with help says so wherever its record goes."""
    if hints <= 0:
        return record
    lines = record.split("\n")
    at = 0
    while at < len(lines) and lines[at].startswith("["):
        at += 1
    return "\n".join([*lines[:at], f'[{HINTS_TAG} "{hints}"]', *lines[at:]])


def hints_from(record: str) -> int:
    """The hints a record's ``[Hints "N"]`` tag says were used (0 without the tag)."""
    from ..notation import tokenize_record

    value = tokenize_record(record)[0].get(HINTS_TAG.lower())
    if value is None:
        return 0
    if not value.strip().isdigit():
        raise PetteiaError(_('the record\'s [Hints "{value}"] tag must be a whole number of hints').format(value=value))
    return int(value)

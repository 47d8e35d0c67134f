"""Ludus duodecim scriptorum's session: a game played one die at a time (``step``, ``unstep``,
``commit``), on the play page and on a page's explorable board.

``rolls`` are the rolls of the game's first turns (turn k uses ``rolls[k]``; later turns roll at
random); ``marks`` (point -> highlight kind) are drawn while no step has been played.
"""

from __future__ import annotations

from typing import Any

from ..duodecim import POINT_NAMES, DuodecimGame
from ..duodecim.notation import normalize_dice
from ..errors import PetteiaError
from ..render import HIGHLIGHT_KINDS
from .reply import duodecim_at, duodecim_state, step_dict, with_said, with_thought
from .i18n import gettext as _
from .session import GameSession, position_after, search
from .words import NO_DRAWS, game_over, step_sentence, turn_played


def check_rolls(rolls: Any, game: DuodecimGame) -> tuple:
    """Check ``rolls`` (["63", [5, 3], ...]): the first must agree with a roll the position shows."""
    if not isinstance(rolls, (list, tuple)):
        raise PetteiaError(f"rolls must be a list of rolls such as ['63', '52'], not {rolls!r}")
    out = tuple(normalize_dice(r) for r in rolls)
    shown = game.position.dice
    if out and shown is not None and out[0] != shown:
        raise PetteiaError(f"the first roll {''.join(map(str, out[0]))} is not the position's roll "
                           f"{''.join(map(str, shown))}")
    return out


def check_marks(highlights: Any) -> dict[str, str]:
    """Check ``highlights`` ({"A8": "from", ...}): Duodecim point names and render's kinds."""
    if not isinstance(highlights, dict):
        raise PetteiaError(f"highlights must map points to kinds, not {highlights!r}")
    marks = {}
    for point, kind in highlights.items():
        name = str(point).upper()
        if name not in POINT_NAMES:
            raise PetteiaError(f"{point!r} is not a Duodecim point (A1-A12, B1-B6, C1-C6, D1-D6, E1-E6)")
        if kind not in HIGHLIGHT_KINDS:
            raise PetteiaError(f"unknown highlight {kind!r} (kinds: {', '.join(HIGHLIGHT_KINDS)})")
        marks[name] = kind
    return marks


def after_steps(pos, prefix: list) -> Any:
    """The position after the first steps of a turn (the board shows them before the turn ends)."""
    return pos.after(pos.turn_tree().walk(prefix))


class DuodecimSession(GameSession):
    """A Duodecim game played one die at a time: ``prefix`` holds the steps chosen so far."""

    kind = "duodecim"

    def __init__(self, board_id: str, game: DuodecimGame, rolls: tuple = (), marks: dict | None = None,
                 computer: str | None = None) -> None:
        super().__init__(board_id, computer)
        self.game = game
        self.prefix: list = []
        self.rolls = tuple(rolls)
        self.marks = dict(marks or {})

    # ------------------------------------------------------------------ the protocol's hooks
    def movers(self) -> list[str]:
        return [played.side for played in self.game.history]

    def turn(self) -> str:
        return self.game.position.turn

    def pending(self) -> bool:
        return bool(self.prefix)

    def undo_one(self) -> None:
        if self.prefix:
            self.prefix = []
        elif self.game.can_undo:
            self.game.undo()

    def redo_one(self) -> None:
        if self.game.can_redo:
            self.game.redo()
            self.prefix = []

    # ------------------------------------------------------------------ the state
    def ready(self) -> None:
        """Roll for the turn to play, if it has no roll yet (the line's rolls first)."""
        game = self.game
        if game.result is None:
            k = len(game.history)
            game.roll(self.rolls[k] if game.needs_roll and k < len(self.rolls) else None)

    def shown_position(self) -> Any:
        """The position the board shows: the game's, with the steps chosen so far played."""
        pos = self.game.position
        if self.prefix and self.game.result is None:
            return after_steps(pos, self.prefix)
        return pos

    def state(self) -> dict[str, Any]:
        return duodecim_state(self)

    # ------------------------------------------------------------------ the verbs
    def play(self, frm: Any = None, to: Any = None, notation: str | None = None) -> dict[str, Any]:
        """A whole turn in notation (one die at a time: :meth:`step`)."""
        self.readers_input()
        if notation is None:
            raise PetteiaError(_("a Duodecim turn is played with step, or as text in notation"))
        self.game.play(notation)
        self.prefix = []
        return self.after_change()

    def think(self, level: int = 3, seed: int = 0, node_limit: int | None = None) -> dict[str, Any]:
        self.computers_turn()
        game = self.game
        game.roll()
        found = search(game.position, level, seed, node_limit)
        game.play(found.move)
        self.prefix = []
        return with_thought(self.after_change(), found)

    def reset(self) -> dict[str, Any]:
        self.game = DuodecimGame(self.game.start_position.with_dice(None))
        self.prefix = []
        return self.after_change()

    def flip(self, flipped: bool | None = None) -> dict[str, Any]:
        return self.state()  # the race track reads the same way for both players

    def step(self, frm: Any, to: Any, die: Any = None) -> dict[str, Any]:
        """Play one die, ``frm`` a point name or "enter", ``to`` a point name or "off".

        When the steps make a whole turn (no die left to use), the turn is played.
        """
        game = self.game
        if game.result is not None:
            raise PetteiaError(game_over(game.result))
        self.readers_input()
        pos = game.position
        for step in game.legal_steps(self.prefix):
            sd = step_dict(step)
            if sd["from"] == frm and sd["to"] == to and (die is None or int(die) == step.die):
                waiting = after_steps(pos, self.prefix).bar[0 if pos.turn == "w" else 1] > 0
                self.prefix.append(step)
                break
        else:
            raise PetteiaError(_("{frm}-{to} is not a legal step here").format(frm=frm, to=to))
        if not game.legal_steps(self.prefix) and pos.is_turn_complete(self.prefix):
            game.play(tuple(self.prefix))
            self.prefix = []
        state = self.after_change()
        return with_said(state, step_sentence(pos.turn, pos.dice, sd, waiting=waiting, after=state))

    def unstep(self) -> dict[str, Any]:
        self.readers_input()
        if self.prefix:
            self.prefix.pop()
        return self.after_change()

    def commit(self) -> dict[str, Any]:
        """Play the chosen steps as the turn (no steps: a void roll, if nothing can move)."""
        game = self.game
        self.readers_input()
        pos = game.position
        if not pos.is_turn_complete(self.prefix):
            raise PetteiaError(_("the turn is not finished: every die that can be used must be used"))
        void = not self.prefix
        game.play(tuple(self.prefix))
        self.prefix = []
        state = self.after_change()
        if void:
            return with_said(state, step_sentence(pos.turn, pos.dice, None, waiting=False, after=state))
        return with_said(state, turn_played(pos.turn, state["last_move"]["text"], state["status"]))

    def at(self, ply: Any) -> dict[str, Any]:
        """A read-only picture of the position after ``ply`` turns (0: the start)."""
        ply = int(ply)
        pos, last = position_after(self.game, ply)
        return duodecim_at(self, ply, pos, last)

    def offer_draw(self, level: int = 3, side: str | None = None) -> dict[str, Any]:
        raise PetteiaError(_(NO_DRAWS))

    def agree_draw(self) -> dict[str, Any]:
        raise PetteiaError(_(NO_DRAWS))

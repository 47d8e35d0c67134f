"""The one protocol every live board answers, and the one registry that keeps them.

A *session* is one board of a page (a fence's board, the play page's game, a trainer puzzle) kept
under the board id the page chose. Every kind answers the same verbs (:data:`VERBS`): it returns
its whole state as a JSON-able dict, built once per request by :meth:`Session.state`, or raises
:class:`PetteiaError` with a sentence for the reader when the verb means nothing for it. Verbs that
only one kind has (Duodecim's ``step``, a line's ``line_goto``, a puzzle's ``hint``, a game's
``resign``…) are methods of that kind alone; :mod:`.ops` says which.

A game against the computer is a session with a ``computer`` side (:class:`GameSession`): the
reader's input is refused on the computer's turn, ``think`` on the reader's, and undo/redo take
back or replay whole exchanges.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from ..errors import PetteiaError
from .i18n import gettext as _
from .reply import closed_reply
from .words import COMPUTERS_TURN, NEEDS_ID, game_over

#: The verbs every kind of session answers.
VERBS = ("open", "view", "play", "undo", "redo", "reset", "flip", "think", "close")


class Session:
    """One live board. Subclasses fill in :meth:`state` and the verbs."""

    #: The kind of session, as the op table names it.
    kind = "session"

    def __init__(self, board_id: str) -> None:
        if not isinstance(board_id, str) or not board_id:
            raise PetteiaError(_(NEEDS_ID))
        self.board_id = board_id

    # The reply of every verb that changes nothing (petteia_core.web.reply builds it; it never changes
    # the game); the verbs that change the game answer with :meth:`after_change`.
    def state(self) -> dict[str, Any]:
        raise NotImplementedError

    def ready(self) -> None:
        """Make the game ready for its next turn (a roll for a game played with dice)."""

    def after_change(self) -> dict[str, Any]:
        """The reply of a verb that changed the game: its next turn made ready, then its state."""
        self.ready()
        return self.state()

    def view(self) -> dict[str, Any]:
        return self.state()

    def play(self, frm: Any = None, to: Any = None, notation: str | None = None) -> dict[str, Any]:
        raise PetteiaError(_("this board takes no moves"))

    def undo(self) -> dict[str, Any]:
        return self.state()

    def redo(self) -> dict[str, Any]:
        return self.state()

    def reset(self) -> dict[str, Any]:
        return self.after_change()

    def flip(self, flipped: bool | None = None) -> dict[str, Any]:
        return self.state()

    def think(self, level: int = 3, seed: int = 0, node_limit: int | None = None) -> dict[str, Any]:
        raise PetteiaError(_("the computer does not play on this board"))

    def moves(self) -> list[dict[str, Any]]:
        """The legal moves of the side to move (empty when none can be played here)."""
        return self.state().get("moves", [])

    def close(self) -> dict[str, Any]:
        return closed_reply(self.board_id)


class Registry:
    """The open sessions by board id: one registry for every kind."""

    def __init__(self) -> None:
        self._sessions: dict[str, Session] = {}

    def get(self, board_id: Any) -> Session:
        try:
            return self._sessions[board_id]
        except (KeyError, TypeError):
            raise PetteiaError(_("no board {id} is open").format(id=repr(board_id))) from None

    def put(self, session: Session) -> Session:
        self._sessions[session.board_id] = session
        return session

    def pop(self, board_id: str) -> Session | None:
        return self._sessions.pop(board_id, None)

    def clear(self) -> None:
        self._sessions.clear()

    def __contains__(self, board_id: object) -> bool:
        return board_id in self._sessions

    def __len__(self) -> int:
        return len(self._sessions)


#: The registry of the worker (one per Python process).
sessions = Registry()


# ------------------------------------------------------------------ the computer's search
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


def search(position: Any, level: Any, seed: Any, node_limit: Any, history: Any = None) -> Any:
    """The computer's choice in ``position`` (petteia_core.ai, imported on first use: pages that
    only explore never pay for it)."""
    from ..ai import choose_move

    return choose_move(position, int(level), seed=int(seed), history=history, should_stop=_stop_check,
                       node_limit=None if node_limit is None else int(node_limit))


# ------------------------------------------------------------------ games against the computer
def check_side(value: Any, what: str) -> str | None:
    if value in (None, "", "none"):
        return None
    if value not in ("w", "b"):
        raise PetteiaError(f"{what} must be 'w', 'b' or None, not {value!r}")
    return value


def rng(seed: Any) -> random.Random | None:
    """The dice's random source: seeded for tests and replays, the system's otherwise."""
    if seed is None:
        return None
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise PetteiaError(f"seed must be a whole number, not {seed!r}")
    return random.Random(seed)


def position_after(game: Any, ply: Any) -> tuple[Any, Any]:
    """The position after ``ply`` plies of ``game`` (0: the start) and the ply that led to it (None
    at the start); PetteiaError when the game has no such position."""
    ply = int(ply)
    if not 0 <= ply < len(game.positions):
        raise PetteiaError(_("the game has no position after {ply} moves").format(ply=ply))
    return game.positions[ply], (game.history[ply - 1] if ply else None)


class GameSession(Session):
    """A game that the computer may play one side of (``computer``: "w", "b" or None).

    Subclasses say who made each ply (:meth:`movers`), whose turn it is (:meth:`turn`), and take
    back or replay one ply (:meth:`undo_one`, :meth:`redo_one`); this class turns those into the
    reader's undo and redo, which take back and replay whole exchanges against the computer.
    """

    def __init__(self, board_id: str, computer: str | None = None) -> None:
        super().__init__(board_id)
        self.computer = computer

    game: Any

    # -- what the subclasses say
    def movers(self) -> list[str]:
        raise NotImplementedError

    def turn(self) -> str:
        raise NotImplementedError

    def undo_one(self) -> None:
        raise NotImplementedError

    def redo_one(self) -> None:
        raise NotImplementedError

    def mid_turn(self) -> bool:
        """Whether the side to move is in the middle of its turn (Ludus latrunculorum: Bell's
        second placement or extra move): undo against the computer goes back to its start."""
        return False

    def pending(self) -> bool:
        """Whether a turn is half chosen (Duodecim's steps): undo drops it first."""
        return False

    # -- the computer's side
    def readers_input(self) -> None:
        """Refuse a move, step or pass made on the computer's turn (a late click, a second tab)."""
        if self.computer is not None and self.turn() == self.computer:
            raise PetteiaError(_(COMPUTERS_TURN))

    def computers_turn(self) -> None:
        """Refuse ``think`` on the reader's turn when the computer plays one side."""
        if self.game.result is not None:
            raise PetteiaError(game_over(self.game.result))
        if self.computer is not None and self.turn() != self.computer:
            raise PetteiaError(_("it is your turn, not the computer's"))

    def forced_result(self) -> bool:
        """Whether the game ended by resignation, agreement or on time (undo withdraws it, no move is taken back)."""
        result = self.game.result
        return result is not None and result.reason in ("resignation", "agreement", "time")

    def readers_undo(self) -> bool:
        """Against the computer: whether the history holds a move of the reader's to take back."""
        return any(mover != self.computer for mover in self.movers())

    def can_undo(self) -> bool:
        if self.computer is None:
            return bool(self.game.can_undo) or self.pending()
        return self.pending() or self.forced_result() or self.readers_undo()

    def set_computer(self, computer: str | None = None) -> dict[str, Any]:
        """Who the computer plays from now on ("w", "b", or None: two players on one device)."""
        self.computer = check_side(computer, "computer")
        return self.state()

    # -- the verbs
    def undo(self) -> dict[str, Any]:
        """Take back one ply (a half-chosen turn first), or withdraw a resignation or an agreed draw.

        Against the computer, the reader's last move and every reply after it: the reader is to
        move again; when the reader has made no move yet, nothing changes."""
        if self.computer is None or self.pending() or self.forced_result():
            self.undo_one()
        elif self.readers_undo():
            while True:
                mover = self.movers()[-1]
                self.undo_one()
                if mover != self.computer and not self.mid_turn():
                    break
        return self.after_change()

    def redo(self) -> dict[str, Any]:
        """Replay the ply taken back; against the computer, the reader's move and the replies after it."""
        self.redo_one()
        if self.computer is not None:
            while self.game.can_redo and self.game.result is None and (self.turn() == self.computer or self.mid_turn()):
                self.redo_one()
        return self.after_change()

    def resign(self, side: str | None = None) -> dict[str, Any]:
        self.game.resign(side)
        return self.after_change()

    def lose_on_time(self, side: Any = None) -> dict[str, Any]:
        """``side`` ("w" or "b") ran out of time on the play page's clock: the other side wins, '0-1 (time)'."""
        if side not in ("w", "b"):
            raise PetteiaError(f"side must be 'w' or 'b', not {side!r}")
        self.game.lose_on_time(side)
        return self.after_change()

    def review(self, ply: Any = 0, depth: Any = None) -> dict[str, Any]:
        """The game review of move ``ply`` (0: the first): its mark, the better move, the
        evaluations and a picture (petteia_core.web.review; the same engine as ``analyse``)."""
        from .review import review

        return review(self, ply, depth)

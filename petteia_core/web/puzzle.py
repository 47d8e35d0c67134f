"""Puzzles on live boards: the trainer's sessions (one per puzzle opened) and a page's
``mode: puzzle`` board, in one model; the collection is :mod:`.collection`, the Duodecim puzzles
:mod:`.duodecim_puzzle`, the rules of an attempt :mod:`.attempt`.

The reader must find the solver's moves of the puzzle's line; the replies are played for them
(the stored line's defence, or the solver's longest one after an equally good alternative). A
wrong move is played on the board with the reply that refutes it (found by the puzzle solver),
and ``retry`` (or ``undo``) takes both back; a page's puzzle (``refuse``) refuses it with a word
instead, the position unchanged. Every state says who finished the puzzle (``solved_by``:
"reader", "solution" or None), so the trainer records a solve only when the reader found the
moves. Input that is not a move (an unknown id, a Duodecim turn that cannot be played) is an
error, never a wrong answer, and is echoed back shortened. The trainer opens every puzzle under a
new board id, so a late request of the previous puzzle can never reach the new one.
"""

from __future__ import annotations

from typing import Any

from ..board import square_name
from ..errors import PetteiaError
from ..game import Game
from ..notation import parse_move
from ..puzzles import Puzzle
from ..puzzles.solver import CustodianSolver, move_of
from .attempt import Attempt
from .collection import daily_id, get_puzzle, puzzle_daily, puzzle_list, puzzle_unknown, summary
from .custodian import CustodianSession
from .duodecim_puzzle import DuodecimPuzzleSession
from .i18n import gettext as _
from .puzzle_words import FIND_MOVE, SOLVED, TRY_AGAIN, refute, solved_sentence
from .reply import hint_reply, puzzle_state, refutation_dict, with_shown
from .session import Session
from .words import PUZZLE_IS_YOURS

__all__ = [
    "DuodecimPuzzleSession", "PuzzleSession", "daily_id", "get_puzzle", "open_puzzle", "page_puzzle", "puzzle_daily",
    "puzzle_list", "puzzle_unknown", "summary",
]


def _remaining(p: Puzzle, ply: int) -> int:
    """Solver moves left in the line from solver ply ``ply`` (this one included)."""
    return (len(p.solution) - ply + 1) // 2


# ------------------------------------------------------------------------------ sessions
class PuzzleSession(CustodianSession):
    """A custodian puzzle on a live board (the trainer's, or a page's with ``refuse``).

    ``tried``: an earlier try of this puzzle missed (an assignment's puzzle opened again)."""

    kind = "puzzle"

    def __init__(self, board_id: str, puzzle: Puzzle, *, refuse: bool = False, tried: bool = False,
                 **options: Any) -> None:
        super().__init__(board_id, puzzle.ruleset, Game(puzzle.ruleset, puzzle.position),
                         start=puzzle.position, **options)
        self.puzzle = puzzle
        self.refuse = refuse
        self.attempt = Attempt(tried)  # the reader's try: it outlives Try again and the solution's replay
        self.restart()

    def restart(self) -> None:
        self.ply = 0  # plies of the solution played so far
        self.wrong = 0  # plies on the board after self.ply (a wrong move and its refutation)
        self.status = "todo"
        self.text = _(FIND_MOVE)
        self.reply: dict[str, Any] | None = None
        self.hint_step = 0
        self.solved_by: str | None = None  # "reader" or "solution", once solved

    @property
    def solved(self) -> bool:
        return self.status != "wrong" and self.ply >= len(self.puzzle.solution)

    def accepted(self, ply: int) -> list[str]:
        return [self.puzzle.solution[ply], *self.puzzle.alternatives.get(ply, [])]

    def state(self) -> dict[str, Any]:
        return puzzle_state(self, summary(self.puzzle))

    def after_change(self) -> dict[str, Any]:
        if self.solved and self.status != "solved":
            self.status, self.text = "solved", _(SOLVED)
        return super().after_change()

    # ------------------------------------------------------------------ the verbs
    def play(self, frm: Any = None, to: Any = None, notation: str | None = None) -> dict[str, Any]:
        """The reader's move at a solver ply: the line goes on, or the move is refuted."""
        p = self.puzzle
        if self.refuse and self.solved:
            return super().play(frm, to, notation)  # a page's solved puzzle: the reader plays on
        if self.wrong:
            raise PetteiaError(_("take the wrong move back first (Try again)"))
        if self.status == "shown":
            raise PetteiaError(_("the solution is being shown"))
        if self.ply >= len(p.solution):
            raise PetteiaError(_("the puzzle is solved"))
        game = self.game
        pos = game.position
        width = pos.width
        move = self.find_move(frm, to, notation)
        accepted = [parse_move(t, pos) for t in self.accepted(self.ply)]
        self.hint_step = 0
        if move not in accepted:
            why, refutation = refute(p, pos, move, _remaining(p, self.ply))
            self.status, self.text = "wrong", why
            self.attempt.wrong()
            if self.refuse:
                return self.after_change()  # the position stays as it was
            game.play(move)
            self.wrong = 1
            if refutation is not None and game.result is None:
                game.play(refutation)
                self.wrong = 2
            self.reply = refutation_dict(refutation, width) if refutation is not None else None
            return self.after_change()
        on_line = move == accepted[0]
        game.play(move)
        self.ply += 1
        self.reply = None
        self.status, self.text = "right", _("Yes: {move}.").format(move=move.text(width))
        if self.ply < len(p.solution) and game.result is None:
            if on_line:
                answer = parse_move(p.solution[self.ply], game.position)
            else:  # an equally good move off the stored line: the solver finds the longest defence
                solver = CustodianSolver(pos, p.goal)
                res = solver.resistance(game.position, _remaining(p, self.ply + 1))
                best = max(k for k, _x in res)
                answer = move_of(game.position, next(x for k, x in res if k == best))
            game.play(answer)
            self.ply += 1
            self.text = _("Yes: {move}. The reply: {reply}. Go on.").format(
                move=move.text(width), reply=answer.text(width))
        else:
            self.ply = len(p.solution)
            self.solved_by = "reader"
            self.attempt.solve()
            self.status, self.text = "solved", solved_sentence(p, move.text(width))
        return self.after_change()

    def retry(self) -> dict[str, Any]:
        """Take back the wrong move (and its refutation): the board is as before it."""
        game = self.game
        while self.wrong and game.can_undo:
            game.undo()
            self.wrong -= 1
        self.wrong = 0
        self.status, self.text, self.reply = "todo", _(TRY_AGAIN), None
        return self.after_change()

    def undo(self) -> dict[str, Any]:
        """A wrong move: as :meth:`retry`; else the reader's last move and the reply after it."""
        if self.wrong or self.status == "wrong":
            return self.retry()
        game = self.game
        n = len(self.puzzle.solution)
        if game.can_undo:
            game.undo()
            while game.can_undo and len(game.history) < n and len(game.history) % 2 == 1:
                game.undo()
        self.ply = min(len(game.history), n)
        self.status, self.text, self.reply, self.solved_by = "todo", _(FIND_MOVE), None, None
        self.attempt.take_back()
        return self.after_change()

    def redo(self) -> dict[str, Any]:
        """Replay the exchange taken back."""
        game = self.game
        if self.wrong or not game.can_redo:
            return self.state()
        n = len(self.puzzle.solution)
        game.redo()
        while game.can_redo and len(game.history) < n and len(game.history) % 2 == 1:
            game.redo()
        self.ply = min(len(game.history), n)
        self.status, self.text = ("solved", _(SOLVED)) if self.ply >= n else ("todo", _(FIND_MOVE))
        return self.after_change()

    def reset(self) -> dict[str, Any]:
        self.game = Game(self.ruleset, self.start)
        self.restart()
        return self.after_change()

    def think(self, level: int = 3, seed: int = 0, node_limit: int | None = None) -> dict[str, Any]:
        raise PetteiaError(_(PUZZLE_IS_YOURS))

    def hint(self) -> dict[str, Any]:
        """Hints in two steps: first the piece to move, then also its destination."""
        p = self.puzzle
        if self.status in ("wrong", "shown") or self.ply >= len(p.solution):
            raise PetteiaError(_("no hint now"))
        pos = self.game.position
        move = parse_move(p.solution[self.ply], pos)
        self.hint_step = min(self.hint_step + 1, 2)
        self.attempt.hint()
        width = pos.width
        to = None
        if self.hint_step == 2:
            to = move.to
            frm = square_name(move.frm, width) if move.frm is not None else _("hand")
            text = _("{move}: the piece on {frm} goes to {to}.").format(
                move=move.text(width), frm=frm, to=square_name(move.to, width))
        elif move.frm is None:
            text = _("Place a piece.")
        else:
            text = _("Move the piece on {square}.").format(square=square_name(move.frm, width))
        return hint_reply(self.hint_step, move.frm, to, text, self.attempt.as_dict())

    def show_solution(self) -> dict[str, Any]:
        """"Show solution": the attempt is missed and the board goes back to the puzzle's start;
        :meth:`solution` then plays the solution one move at a time."""
        self.attempt.show()
        return with_shown(self.reset())

    def solution(self) -> dict[str, Any]:
        """Play the next move of the stored solution (for "Show solution")."""
        p = self.puzzle
        self.attempt.show()
        if self.status == "wrong":
            self.retry()
        if self.ply >= len(p.solution):
            return self.state()
        game = self.game
        game.play(parse_move(p.solution[self.ply], game.position))
        self.ply += 1
        self.status = "shown" if self.ply < len(p.solution) else "solved"
        if self.status == "solved":
            self.solved_by = "solution"
        self.text = _("The solution: {moves}.").format(moves=", ".join(p.solution[:self.ply]))
        return with_shown(self.after_change())


def page_puzzle(board_id: str, ruleset: str, position: str | None, solution: str) -> Puzzle:
    """A page's ``mode: puzzle`` board as a puzzle: its line (the replies included), no goal.

    Move numbers ("1)", "12.") and the "..." of a Black move alone are not moves.
    """
    scratch = Game(ruleset, position)
    start = scratch.position.to_string()
    texts = []
    found = [w for w in solution.replace(",", " ").replace(";", " ").split() if w.strip(".…")]
    for word in [w for w in found if not (w[0].isdigit() and w.rstrip(".)").isdigit())]:
        try:
            before = scratch.position
            texts.append(scratch.play(word).text(before.width))
        except PetteiaError as exc:
            raise PetteiaError(_("the puzzle's solution does not play: {error}").format(error=exc)) from None
    return Puzzle(id=board_id, ruleset=ruleset, position=start, goal=None, goal_text="", solution=texts)


def open_puzzle(board_id: str, puzzle_id: str, tried: bool = False) -> Session:
    """The trainer's session for the stored puzzle ``puzzle_id`` (``tried``: the reader missed it
    before, an assignment's puzzle opened again, so a solve now is no first try)."""
    p = get_puzzle(puzzle_id)
    if p.ruleset == "duodecim":
        return DuodecimPuzzleSession(board_id, p, tried=tried)
    return PuzzleSession(board_id, p, flipped=summary(p)["side"] == "b", tried=tried)

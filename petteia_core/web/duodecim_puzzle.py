"""The Duodecim trainer puzzles: one whole turn, chosen from the list or written.

Input that is not a turn (empty, too long, or a turn that cannot be played) is an error, never a
wrong answer; a playable turn is checked against the puzzle's goal by the solver.
"""

from __future__ import annotations

from typing import Any

from ..errors import PetteiaError
from ..puzzles import Puzzle
from .reply import duodecim_puzzle_state, hint_reply, turn_check, with_shown
from .attempt import Attempt
from .i18n import gettext as _, ngettext
from .collection import get_puzzle, summary
from .puzzle_words import CHOOSE_TURN, turn_fails
from .session import Session
from .words import PUZZLE_IS_YOURS

MAX_TURN_CHARS = 80  # the longest Duodecim turn is about 40 characters


def _start(p: Puzzle) -> tuple[Any, tuple[int, int]]:
    """The puzzle's position and its roll."""
    from ..duodecim.notation import normalize_dice

    return p.start(), normalize_dice(p.roll)


class DuodecimPuzzleSession(Session):
    """A Duodecim trainer puzzle: one whole turn, chosen from the list or written (``play``)."""

    kind = "duodecim-puzzle"

    def __init__(self, board_id: str, puzzle: Puzzle, tried: bool = False) -> None:
        super().__init__(board_id)
        self.puzzle = puzzle
        self.attempt = Attempt(tried)
        self.status = "todo"
        self.text = _(CHOOSE_TURN)
        self.hint_step = 0

    def state(self) -> dict[str, Any]:
        pos, dice = _start(self.puzzle)
        turns = sorted({pos.turn_text(t, dice) for t in pos.legal_turns(dice)})
        return duodecim_puzzle_state(self, summary(self.puzzle), pos.with_dice(dice), turns)

    def play(self, frm: Any = None, to: Any = None, notation: str | None = None) -> dict[str, Any]:
        """Is ``notation`` (a whole turn) an answer? The board does not change; the attempt does."""
        correct, text, solution = check_turn(self.puzzle, notation)
        if correct:
            self.attempt.solve()
        else:
            self.attempt.wrong()
        return turn_check(correct, text, solution, self.attempt.as_dict())

    def hint(self) -> dict[str, Any]:
        """Hints in two steps: the turn's first step, then the whole turn."""
        steps = self.puzzle.solution[0].split(" ")[1:]
        self.hint_step = min(self.hint_step + 1, 2)
        self.attempt.hint()
        text = (_("start with {step}.").format(step=steps[0]) if self.hint_step == 1
                else _("{steps}.").format(steps=" ".join(steps)))
        return hint_reply(self.hint_step, None, None, text, self.attempt.as_dict())

    def show_solution(self) -> dict[str, Any]:
        """"Show solution": the attempt is missed, the answer is said."""
        self.attempt.show()
        self.status, self.text = "shown", _("The solution: {moves}.").format(moves=self.puzzle.solution[0])
        return with_shown(self.state())

    def think(self, level: int = 3, seed: int = 0, node_limit: int | None = None) -> dict[str, Any]:
        raise PetteiaError(_(PUZZLE_IS_YOURS))


def check_turn(p: Puzzle, turn: Any) -> tuple[bool, str, str | None]:
    """(whether ``turn`` answers ``p``, the sentence, the solution when it does)."""
    from ..duodecim import POINT_NAMES
    from ..puzzles.solver import duodecim_blots_in_shot, duodecim_winning

    if p.ruleset != "duodecim":
        raise PetteiaError(_("{id} is not a Duodecim scripta puzzle").format(id=p.id))
    pos, dice = _start(p)
    parsed, after = _playable_turn(pos, dice, turn)
    shown = pos.turn_text(parsed, dice)
    if after.to_string() in duodecim_winning(pos, dice, p.goal):
        return True, _("Solved! {turn}").format(turn=shown), p.solution[0]
    hits = sum(1 for st in parsed if st.hit)
    blots = [POINT_NAMES[i] for i in duodecim_blots_in_shot(after, pos.turn)]
    return False, turn_fails(shown, p.goal.kind, p.goal.n, hits, blots), None


def puzzle_turn(puzzle_id: str, turn: Any, board_id: str | None = None) -> dict[str, Any]:
    """Duodecim: is ``turn`` (a whole turn in notation, the roll optional) an answer?

    ``board_id`` is accepted and not needed (the trainer asks its session with ``play``, which
    also keeps the attempt). A turn that cannot be played raises PetteiaError: it is not an
    answer, right or wrong.
    """
    correct, text, solution = check_turn(get_puzzle(puzzle_id), turn)
    return turn_check(correct, text, solution)


def _playable_turn(pos: Any, dice: Any, turn: Any) -> tuple[Any, Any]:
    """The reader's ``turn`` parsed and played: (steps, position after), or a PetteiaError that
    says why it is not a turn (so that a typo is never counted as a wrong answer)."""
    text = turn.strip() if isinstance(turn, str) else ""
    if not text:
        raise PetteiaError(_("Write the turn first: write it like “@A6 A4-B2”, or choose it from the list."))
    if len(text) > MAX_TURN_CHARS:
        raise PetteiaError(ngettext(
            "That is not a turn ({n} character): write it like “@A6 A4-B2”, or choose it from the list.",
            "That is not a turn ({n} characters): write it like “@A6 A4-B2”, or choose it from the list.",
            len(text)).format(n=len(text)))
    roll = "".join(str(d) for d in dice)
    if not text.startswith(roll) and not text.split()[0].isdigit():
        text = f"{roll} {text}"
    rolled = pos.with_dice(dice)
    try:
        parsed = rolled.parse_turn(text)
        return parsed, rolled.apply(parsed)
    except (PetteiaError, ValueError) as exc:
        raise PetteiaError(_("That turn cannot be played: {error}. Nothing was counted: try again.").format(
            error=str(exc).rstrip("."))) from None

"""The Duodecim trainer puzzles: one whole turn, played on the board one die at a time.

The reader plays the puzzle's roll step by step as on the play page (``step``, ``unstep``); once the
steps make a whole turn, the turn is checked against the puzzle's goal by the solver, and the board
shows the position it reached: solved, or wrong (``retry`` takes the steps back). No list of legal
turns is sent (it would mark the answer), and the solution is in a state only once shown. A whole
turn may also be written (``play`` with ``notation``). Input that is not a turn (empty, too long,
or a turn that cannot be played) is an error, never a wrong answer.
"""

from __future__ import annotations

from typing import Any

from ..duodecim import DuodecimGame
from ..errors import PetteiaError
from ..puzzles import Puzzle
from .duodecim import DuodecimSession
from .reply import duodecim_puzzle_state, hint_reply, turn_check, with_said, with_shown, step_dict
from .attempt import Attempt
from .i18n import gettext as _, ngettext
from .collection import get_puzzle, summary
from .puzzle_words import CHOOSE_TURN, TRY_TURN, turn_fails
from .words import PUZZLE_IS_YOURS, step_sentence

MAX_TURN_CHARS = 80  # the longest Duodecim turn is about 40 characters


def _start(p: Puzzle) -> tuple[Any, tuple[int, int]]:
    """The puzzle's position and its roll."""
    from ..duodecim.notation import normalize_dice

    return p.start(), normalize_dice(p.roll)


class DuodecimPuzzleSession(DuodecimSession):
    """A Duodecim trainer puzzle: the puzzle's roll played on the board one die at a time."""

    kind = "duodecim-puzzle"

    def __init__(self, board_id: str, puzzle: Puzzle, tried: bool = False) -> None:
        pos, dice = _start(puzzle)
        super().__init__(board_id, DuodecimGame(pos.with_dice(dice)), rolls=(dice,))
        self.puzzle = puzzle
        self.dice = dice
        self.attempt = Attempt(tried)
        self.status = "todo"  # todo | solved | wrong | shown
        self.text = _(CHOOSE_TURN)
        self.hint_step = 0

    def ready(self) -> None:
        """The puzzle's roll is in its position: nothing to roll."""

    def state(self) -> dict[str, Any]:
        return duodecim_puzzle_state(self, summary(self.puzzle))

    def _open(self) -> None:
        """Steps are played only while the turn is being found."""
        if self.status == "solved":
            raise PetteiaError(_("The puzzle is solved: press “Next puzzle” for another."))
        if self.status in ("wrong", "shown"):
            raise PetteiaError(_("take the turn back first (Try again)"))

    def _judge(self) -> None:
        """The steps make a whole turn: is it an answer? The board keeps showing it."""
        correct, text = judge_turn(self.puzzle, tuple(self.prefix))
        if correct:
            self.attempt.solve()
            self.status = "solved"
        else:
            self.attempt.wrong()
            self.status = "wrong"
        self.text = text

    def step(self, frm: Any, to: Any, die: Any = None) -> dict[str, Any]:
        """Play one die of the puzzle's roll; the last one checks the whole turn."""
        self._open()
        pos = self.game.position
        for st in self.game.legal_steps(self.prefix):
            sd = step_dict(st)
            if sd["from"] == frm and sd["to"] == to and (die is None or int(die) == st.die):
                self.prefix.append(st)
                break
        else:
            raise PetteiaError(_("{frm}-{to} is not a legal step here").format(frm=frm, to=to))
        if not self.game.legal_steps(self.prefix) and pos.is_turn_complete(self.prefix):
            self._judge()
        state = self.after_change()
        return with_said(state, step_sentence(pos.turn, pos.dice, sd, waiting=False, after=state))

    def unstep(self) -> dict[str, Any]:
        self._open()
        if self.prefix:
            self.prefix.pop()
        return self.after_change()

    def commit(self) -> dict[str, Any]:
        """End the turn with the steps chosen (when they already make a whole turn)."""
        self._open()
        if not self.game.position.is_turn_complete(self.prefix):
            raise PetteiaError(_("the turn is not finished: every die that can be used must be used"))
        self._judge()
        return self.after_change()

    def undo(self) -> dict[str, Any]:
        """Take back the last step (or, after a wrong turn, the whole turn: Try again)."""
        if self.status in ("wrong", "shown"):
            return self.retry()
        return self.unstep()

    def redo(self) -> dict[str, Any]:
        return self.state()

    def reset(self) -> dict[str, Any]:
        return self.retry()

    def retry(self) -> dict[str, Any]:
        """Take back the wrong turn (or the steps so far): the board is at the puzzle's start."""
        if self.status == "solved":
            return self.state()
        self.prefix = []
        self.status = "todo"
        self.text = _(TRY_TURN)
        return self.after_change()

    def play(self, frm: Any = None, to: Any = None, notation: str | None = None) -> dict[str, Any]:
        """A whole turn written in notation: played on the board and checked."""
        self._open()
        parsed = _playable_turn(self.game.position, self.dice, notation)
        self.prefix = list(parsed)
        self._judge()
        return self.after_change()

    def hint(self) -> dict[str, Any]:
        """Hints in two steps: the turn's first step, then the whole turn."""
        steps = self.puzzle.solution[0].split(" ")[1:]
        self.hint_step = min(self.hint_step + 1, 2)
        self.attempt.hint()
        text = (_("start with {step}.").format(step=steps[0]) if self.hint_step == 1
                else _("{steps}.").format(steps=" ".join(steps)))
        return hint_reply(self.hint_step, None, None, text, self.attempt.as_dict())

    def show_solution(self) -> dict[str, Any]:
        """"Show solution": the attempt is missed, the solution's turn is played on the board."""
        self.attempt.show()
        self.prefix = list(_playable_turn(self.game.position, self.dice, self.puzzle.solution[0]))
        self.status, self.text = "shown", _("The solution: {moves}.").format(moves=self.puzzle.solution[0])
        return with_shown(self.after_change())

    def think(self, level: int = 3, seed: int = 0, node_limit: int | None = None) -> dict[str, Any]:
        raise PetteiaError(_(PUZZLE_IS_YOURS))


def judge_turn(p: Puzzle, steps: Any) -> tuple[bool, str]:
    """Whether the whole turn ``steps`` answers ``p``, and the sentence that says so."""
    from ..duodecim import POINT_NAMES
    from ..puzzles.solver import duodecim_blots_in_shot, duodecim_winning

    pos, dice = _start(p)
    after = pos.with_dice(dice).apply(steps)
    shown = pos.turn_text(steps, dice)
    if after.to_string() in duodecim_winning(pos, dice, p.goal):
        return True, _("Solved! Your turn: {turn}.").format(turn=shown)
    hits = sum(1 for st in steps if st.hit)
    blots = [POINT_NAMES[i] for i in duodecim_blots_in_shot(after, pos.turn)]
    return False, turn_fails(shown, p.goal.kind, p.goal.n, hits, blots)


def check_turn(p: Puzzle, turn: Any) -> tuple[bool, str, str | None]:
    """(whether ``turn`` answers ``p``, the sentence, the solution when it does)."""
    if p.ruleset != "duodecim":
        raise PetteiaError(_("{id} is not a Duodecim scripta puzzle").format(id=p.id))
    pos, dice = _start(p)
    correct, text = judge_turn(p, _playable_turn(pos, dice, turn))
    return correct, text, p.solution[0] if correct else None


def puzzle_turn(puzzle_id: str, turn: Any, board_id: str | None = None) -> dict[str, Any]:
    """Duodecim: is ``turn`` (a whole turn in notation, the roll optional) an answer?

    ``board_id`` is accepted and not needed (the trainer asks its session with ``play``, which
    also keeps the attempt). A turn that cannot be played raises PetteiaError: it is not an
    answer, right or wrong.
    """
    correct, text, solution = check_turn(get_puzzle(puzzle_id), turn)
    return turn_check(correct, text, solution)


def _playable_turn(pos: Any, dice: Any, turn: Any) -> Any:
    """The reader's ``turn`` parsed (its steps), or a PetteiaError that says why it is not a turn
    (so that a typo is never counted as a wrong answer)."""
    text = turn.strip() if isinstance(turn, str) else ""
    if not text:
        raise PetteiaError(_("Write the turn first: write it like “@A6 A4-B2”, or play it on the board."))
    if len(text) > MAX_TURN_CHARS:
        raise PetteiaError(ngettext(
            "That is not a turn ({n} character): write it like “@A6 A4-B2”, or play it on the board.",
            "That is not a turn ({n} characters): write it like “@A6 A4-B2”, or play it on the board.",
            len(text)).format(n=len(text)))
    roll = "".join(str(d) for d in dice)
    if not text.startswith(roll) and not text.split()[0].isdigit():
        text = f"{roll} {text}"
    rolled = pos.with_dice(dice)
    try:
        parsed = rolled.parse_turn(text)
        rolled.apply(parsed)
        return parsed
    except (PetteiaError, ValueError) as exc:
        raise PetteiaError(_("That turn cannot be played: {error}. Nothing was counted: try again.").format(
            error=str(exc).rstrip("."))) from None

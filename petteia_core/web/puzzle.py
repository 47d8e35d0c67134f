"""Puzzles: the trainer's collection (list, puzzle of the day, a session per puzzle) and a page's
``mode: puzzle`` board, in one model.

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

import hashlib
from typing import Any

from ..board import square_name
from ..errors import PetteiaError
from ..game import Game
from ..notation import parse_move
from ..puzzles import THEMES, Puzzle, current_id, load_puzzles
from ..puzzles.rating import rating_of
from ..puzzles.solver import CustodianSolver, move_of
from .words import RULESET_NAMES, plural
from .custodian import CustodianSession
from .session import Session

ECHO_CHARS = 32  # at most this much of the reader's input is repeated in a message
MAX_TURN_CHARS = 80  # the longest Duodecim turn is about 40 characters

_cache: dict[str, Puzzle] = {}


def clip(text: str, limit: int = ECHO_CHARS) -> str:
    """``text`` shortened to ``limit`` characters (with an ellipsis), for echoing input back."""
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _all() -> dict[str, Puzzle]:
    if not _cache:
        for p in load_puzzles():
            _cache[p.id] = p
    return _cache


def get_puzzle(puzzle_id: str) -> Puzzle:
    """The stored puzzle ``puzzle_id``; a clear error for a bad or unknown id."""
    if not isinstance(puzzle_id, str) or not puzzle_id.strip():
        raise PetteiaError("no puzzle id given")
    p = _all().get(current_id(puzzle_id.strip()))
    if p is None:
        raise PetteiaError(f"there is no puzzle {clip(puzzle_id.strip())!r} in the collection")
    return p


def summary(p: Puzzle) -> dict[str, Any]:
    return {
        "id": p.id,
        "ruleset": p.ruleset,
        "game": RULESET_NAMES.get(p.ruleset, p.ruleset),
        "goal": p.goal_text,
        "kind": p.goal.kind if p.goal is not None else "line",
        "themes": list(p.themes),
        "difficulty": p.difficulty,
        "rating": rating_of(p.id),
        "source": p.source,
        "roll": p.roll,
        "side": p.position.split()[1] if len(p.position.split()) > 1 else "w",
        "plies": len(p.solution),
    }


# ------------------------------------------------------------------------------ the collection
def puzzle_list(ruleset: str | None = None, theme: str | None = None, difficulty: int | str | None = None) -> dict[str, Any]:
    """Summaries of the puzzles matching every filter given (empty filters match all)."""
    diff = int(difficulty) if difficulty not in (None, "") else None
    out = [
        summary(p) for p in _all().values()
        if (not ruleset or p.ruleset == ruleset) and (not theme or theme in p.themes)
        and (diff is None or p.difficulty == diff)
    ]
    return {
        "ok": True,
        "puzzles": out,
        "total": len(_all()),
        "rulesets": [{"id": k, "name": v} for k, v in RULESET_NAMES.items()],
        "themes": [t for t in THEMES if any(t in p.themes for p in _all().values())],
    }


def daily_id(date: str) -> str:
    """The puzzle of the day for ``date`` (``YYYY-MM-DD``): the same for everyone on that date.

    Chosen among the board puzzles (not Duodecim) by a hash of the date.
    """
    if not isinstance(date, str) or len(date) != 10 or date[4] != "-" or date[7] != "-":
        raise PetteiaError(f"a date looks like 2025-03-14, not {date!r}")
    ids = sorted(i for i, p in _all().items() if p.ruleset != "duodecim")
    n = int.from_bytes(hashlib.sha256(f"petteia-daily-{date}".encode()).digest()[:8], "big")
    return ids[n % len(ids)]


def puzzle_daily(date: str) -> dict[str, Any]:
    pid = daily_id(date)
    return {"ok": True, "id": pid, "date": date, "puzzle": summary(_all()[pid])}


# ------------------------------------------------------------------------------ why a move fails
def _remaining(p: Puzzle, ply: int) -> int:
    """Solver moves left in the line from solver ply ``ply`` (this one included)."""
    return (len(p.solution) - ply + 1) // 2


def refute(p: Puzzle, pos, move, remaining: int) -> tuple[str, Any]:
    """Why ``move`` (not a solution move) fails in ``pos``: (explanation, the refuting reply or None)."""
    width = pos.width
    goal = p.goal
    text = move.text(width)
    if goal is None:
        return f"{text} is not the answer: try again.", None
    child = pos.play(move)
    solver = CustodianSolver(pos, goal)
    if goal.kind == "capture":
        k = len(move.captures)
        if k < goal.n:
            got = "captures nothing" if k == 0 else f"captures only {plural(k, 'piece')}"
            return f"{text} {got}: the goal is to capture {plural(goal.n, 'piece')}.", None
        return f"{text} captures, but it loses the game.", None
    r = child.result
    if r is not None and solver.success(child) is False:
        return f"{text} ends the game, but not as the goal asks ({r.reason}).", None
    if child.turn == solver.side:
        return f"{text} does not reach the goal.", None
    if pos.rules.dice:
        # Kubeia: the reply depends on the next roll; name one that refutes.
        if goal.kind == "save":
            for hi in range(6, 0, -1):
                for lo in range(hi, 0, -1):
                    rolled = child.with_dice((hi, lo))
                    for d in solver.pairs(rolled):
                        if rolled.captures_of(*d)[0]:
                            reply = move_of(rolled, d)
                            return (f"After {text}, a roll of {hi}{lo} lets the reply {reply.text(width)} capture.", None)
        return f"{text} does not reach the goal.", None
    if goal.kind == "save":
        best = None
        for d in solver.pairs(child):
            caps = child.captures_of(*d)[0].bit_count()
            if caps and (best is None or caps > best[0]):
                best = (caps, d)
        if best is not None:
            reply = move_of(child, best[1])
            return (f"After {text}, the reply {reply.text(width)} captures {plural(best[0], 'piece')}: "
                    "the goal was to leave no capture."), reply
        return f"{text} does not meet the goal.", None
    res = solver.resistance(child, remaining - 1) if remaining > 1 else None
    if res:
        best_k = max(k for k, _ in res)
        d = next(x for k, x in res if k == best_k)
    else:
        ps = solver.pairs(child)
        if not ps:
            return f"{text} does not reach the goal.", None
        d = ps[0]
    reply = move_of(child, d)
    goal_word = {"rout": "capture the Basileus", "siege": "win by siege", "win": "win"}.get(goal.kind, "reach the goal")
    return (f"After {text}, the reply {reply.text(width)} holds: you can no longer {goal_word} "
            "in the moves the puzzle allows."), reply


# ------------------------------------------------------------------------------ sessions
class PuzzleSession(CustodianSession):
    """A custodian puzzle on a live board (the trainer's, or a page's with ``refuse``)."""

    kind = "puzzle"

    def __init__(self, board_id: str, puzzle: Puzzle, *, refuse: bool = False, **options: Any) -> None:
        super().__init__(board_id, puzzle.ruleset, Game(puzzle.ruleset, puzzle.position),
                         start=puzzle.position, **options)
        self.puzzle = puzzle
        self.refuse = refuse
        self.restart()

    def restart(self) -> None:
        self.ply = 0  # plies of the solution played so far
        self.wrong = 0  # plies on the board after self.ply (a wrong move and its refutation)
        self.status = "todo"
        self.text = "Find the best move."
        self.reply: dict[str, Any] | None = None
        self.hint_step = 0
        self.solved_by: str | None = None  # "reader" or "solution", once solved

    @property
    def solved(self) -> bool:
        return self.status != "wrong" and self.ply >= len(self.puzzle.solution)

    def accepted(self, ply: int) -> list[str]:
        return [self.puzzle.solution[ply], *self.puzzle.alternatives.get(ply, [])]

    def state(self) -> dict[str, Any]:
        state = super().state()
        p = self.puzzle
        if self.solved:
            self.status, self.text = "solved", self.text if self.status == "solved" else "Solved!"
        state["trainer"] = {
            **summary(p),
            "status": self.status,
            "text": self.text,
            "ply": self.ply,
            "refutation": self.reply,
            "your_turn": self.status in ("todo", "right") and self.ply < len(p.solution),
            "solved_by": self.solved_by if self.status == "solved" else None,
        }
        # A page's board says how the reader is doing in its own status line.
        state["puzzle"] = {"status": self.status, "text": self.text} if self.refuse else None
        if self.refuse:
            state["status"] = f"{self.text} {state['status']}"
        if self.wrong or self.status == "shown" or (self.status == "solved" and not self.refuse):
            state["moves"] = []  # nothing to play until "Try again" / the next puzzle
        return state

    # ------------------------------------------------------------------ the verbs
    def play(self, frm: Any = None, to: Any = None, notation: str | None = None) -> dict[str, Any]:
        """The reader's move at a solver ply: the line goes on, or the move is refuted."""
        p = self.puzzle
        if self.refuse and self.solved:
            return super().play(frm, to, notation)  # a page's solved puzzle: the reader plays on
        if self.wrong:
            raise PetteiaError("take the wrong move back first (Try again)")
        if self.status == "shown":
            raise PetteiaError("the solution is being shown")
        if self.ply >= len(p.solution):
            raise PetteiaError("the puzzle is solved")
        game = self.game
        pos = game.position
        width = pos.width
        move = self.find_move(frm, to, notation)
        accepted = [parse_move(t, pos) for t in self.accepted(self.ply)]
        self.hint_step = 0
        if move not in accepted:
            why, reply = refute(p, pos, move, _remaining(p, self.ply))
            self.status, self.text = "wrong", why
            if self.refuse:
                return self.state()  # the position stays as it was
            game.play(move)
            self.wrong = 1
            if reply is not None and game.result is None:
                game.play(reply)
                self.wrong = 2
            self.reply = {"text": reply.text(width), "from": reply.frm, "to": reply.to} if reply is not None else None
            return self.state()
        on_line = move == accepted[0]
        game.play(move)
        self.ply += 1
        self.reply = None
        self.status, self.text = "right", f"Yes: {move.text(width)}."
        if self.ply < len(p.solution) and game.result is None:
            if on_line:
                reply = parse_move(p.solution[self.ply], game.position)
            else:  # an equally good move off the stored line: the solver finds the longest defence
                solver = CustodianSolver(pos, p.goal)
                res = solver.resistance(game.position, _remaining(p, self.ply + 1))
                best = max(k for k, _ in res)
                reply = move_of(game.position, next(x for k, x in res if k == best))
            game.play(reply)
            self.ply += 1
            self.text = f"Yes: {move.text(width)}. The reply: {reply.text(width)}. Go on."
        else:
            self.ply = len(p.solution)
            self.solved_by = "reader"
            goal = p.goal_text.split(": ", 1)[-1]
            self.status, self.text = "solved", f"Solved! {move.text(width)} — {goal}" if goal else "Solved!"
        return self.state()

    def retry(self) -> dict[str, Any]:
        """Take back the wrong move (and its refutation): the board is as before it."""
        game = self.game
        while self.wrong and game.can_undo:
            game.undo()
            self.wrong -= 1
        self.wrong = 0
        self.status, self.text, self.reply = "todo", "Try again: find the best move.", None
        return self.state()

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
        self.status, self.text, self.reply, self.solved_by = "todo", "Find the best move.", None, None
        return self.state()

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
        self.status, self.text = ("solved", "Solved!") if self.ply >= n else ("todo", "Find the best move.")
        return self.state()

    def reset(self) -> dict[str, Any]:
        self.game = Game(self.ruleset, self.start)
        self.restart()
        return self.state()

    def think(self, level: int = 3, seed: int = 0, node_limit: int | None = None) -> dict[str, Any]:
        raise PetteiaError("a puzzle is for you to solve: ask for a hint or the solution")

    def hint(self) -> dict[str, Any]:
        """Hints in two steps: first the piece to move, then also its destination."""
        p = self.puzzle
        if self.status in ("wrong", "shown") or self.ply >= len(p.solution):
            raise PetteiaError("no hint now")
        pos = self.game.position
        move = parse_move(p.solution[self.ply], pos)
        self.hint_step = min(self.hint_step + 1, 2)
        width = pos.width
        out: dict[str, Any] = {"ok": True, "step": self.hint_step, "from": move.frm, "to": None}
        if move.frm is None:
            out["text"] = "Place a piece."
        else:
            out["text"] = f"Move the piece on {square_name(move.frm, width)}."
        if self.hint_step == 2:
            out["to"] = move.to
            frm = square_name(move.frm, width) if move.frm is not None else "hand"
            out["text"] = f"{move.text(width)}: the piece on {frm} goes to {square_name(move.to, width)}."
        return out

    def solution(self) -> dict[str, Any]:
        """Play the next move of the stored solution (for "Show solution")."""
        p = self.puzzle
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
        self.text = f"The solution: {', '.join(p.solution[:self.ply])}."
        state = self.state()
        state["trainer"]["shown"] = True
        return state


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
            raise PetteiaError(f"the puzzle's solution does not play: {exc}") from None
    return Puzzle(id=board_id, ruleset=ruleset, position=start, goal=None, goal_text="", solution=texts)


# ------------------------------------------------------------------------------ Duodecim
def _duodecim(p: Puzzle):
    from ..duodecim.notation import normalize_dice

    return p.start(), normalize_dice(p.roll)


class DuodecimPuzzleSession(Session):
    """A Duodecim trainer puzzle: one whole turn, chosen from the list or written (``play``)."""

    kind = "duodecim-puzzle"

    def __init__(self, board_id: str, puzzle: Puzzle) -> None:
        super().__init__(board_id)
        self.puzzle = puzzle

    def state(self) -> dict[str, Any]:
        from ..render import duodecim_svg

        p = self.puzzle
        pos, dice = _duodecim(p)
        turns = sorted({pos.turn_text(t, dice) for t in pos.legal_turns(dice)})
        svg = duodecim_svg(pos.points_map(), bar=tuple(pos.bar), off=tuple(pos.off), hand=tuple(pos.hand),
                           dice=dice, board_id="trainer-duodecim")
        return {"ok": True, "board_id": self.board_id,
                "trainer": {**summary(p), "status": "todo", "text": "Choose the whole turn.", "ply": 0,
                            "solution": p.solution[0]},
                "svg": svg, "turns": turns, "duodecim": True}

    def play(self, frm: Any = None, to: Any = None, notation: str | None = None) -> dict[str, Any]:
        """Is ``notation`` (a whole turn) an answer? The board does not change."""
        return puzzle_turn(self.puzzle.id, notation)

    def think(self, level: int = 3, seed: int = 0, node_limit: int | None = None) -> dict[str, Any]:
        raise PetteiaError("a puzzle is for you to solve: ask for a hint or the solution")


def open_puzzle(board_id: str, puzzle_id: str) -> Session:
    """The trainer's session for the stored puzzle ``puzzle_id``."""
    p = get_puzzle(puzzle_id)
    if p.ruleset == "duodecim":
        return DuodecimPuzzleSession(board_id, p)
    return PuzzleSession(board_id, p, flipped=summary(p)["side"] == "b")


def puzzle_turn(puzzle_id: str, turn: Any, board_id: str | None = None) -> dict[str, Any]:
    """Duodecim: is ``turn`` (a whole turn in notation, the roll optional) an answer?

    ``board_id`` (the page's puzzle session) is accepted and not needed: the puzzle is one turn.
    A turn that cannot be played raises PetteiaError: it is not an answer, right or wrong.
    """
    from ..duodecim import POINT_NAMES
    from ..puzzles.solver import duodecim_blots_in_shot, duodecim_winning

    p = get_puzzle(puzzle_id)
    if p.ruleset != "duodecim":
        raise PetteiaError(f"{p.id} is not a Duodecim scripta puzzle")
    pos, dice = _duodecim(p)
    parsed, after = _playable_turn(pos, dice, turn)
    win = duodecim_winning(pos, dice, p.goal)
    shown = pos.turn_text(parsed, dice)
    if after.to_string() in win:
        return {"ok": True, "correct": True, "text": f"Solved! {shown}", "solution": p.solution[0]}
    hits = sum(1 for st in parsed if st.hit)
    blots = duodecim_blots_in_shot(after, pos.turn)
    reasons = []
    if p.goal.kind in ("hit", "hit_safe") and hits < p.goal.n:
        reasons.append("it hits no blot" if hits == 0 else f"it hits only {plural(hits, 'blot')}")
    if p.goal.kind in ("safe", "hit_safe") and blots:
        names = ", ".join(POINT_NAMES[i] for i in blots)
        reasons.append(f"it leaves a blot within direct shot on {names}")
    why = " and ".join(reasons) or "it does not meet the goal"
    return {"ok": True, "correct": False, "text": f"{shown} fails: {why}."}


def _playable_turn(pos, dice, turn: Any):
    """The reader's ``turn`` parsed and played: (steps, position after), or a PetteiaError that
    says why it is not a turn (so that a typo is never counted as a wrong answer)."""
    example = "write it like “@A6 A4-B2”, or choose it from the list"
    text = turn.strip() if isinstance(turn, str) else ""
    if not text:
        raise PetteiaError(f"Write the turn first: {example}.")
    if len(text) > MAX_TURN_CHARS:
        raise PetteiaError(f"That is not a turn ({len(text)} characters): {example}.")
    roll = "".join(str(d) for d in dice)
    if not text.startswith(roll) and not text.split()[0].isdigit():
        text = f"{roll} {text}"
    rolled = pos.with_dice(dice)
    try:
        parsed = rolled.parse_turn(text)
        return parsed, rolled.apply(parsed)
    except (PetteiaError, ValueError) as exc:
        raise PetteiaError(f"That turn cannot be played: {str(exc).rstrip('.')}. Nothing was counted: try again.") from None

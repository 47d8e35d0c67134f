"""The puzzle trainer's JSON facade (docs/puzzles/, docs/assets/js/trainer.js): list, serve and
check the stored puzzles. Standard library only, no I/O; registered into :mod:`petteia_core.web`'s
operations (``puzzle_*``), so the page calls them through ``web.call`` like any other.

    puzzle_list(ruleset=None, theme=None, difficulty=None)   summaries, filtered
    puzzle_daily(date="YYYY-MM-DD")                           the puzzle of the day (deterministic)
    puzzle_open(board_id, puzzle_id)                          a live board at the puzzle position
    puzzle_play(board_id, frm, to)                            the reader's move: right, wrong (why), solved
    puzzle_retry(board_id)                                    back to before the wrong move
    puzzle_hint(board_id)                                     the piece and the square of the next move
    puzzle_step(board_id)                                     play the next move of the solution
    puzzle_reset(board_id)                                    back to the puzzle position
    puzzle_turn(puzzle_id, turn)                              Duodecim: check a whole turn
    puzzle_close(board_id)                                    forget a puzzle session

The computer's replies are the stored line's defences. A wrong move is played on the board with
the reply that refutes it (found by the puzzle solver), and ``puzzle_retry`` takes both back.
Every state says who finished the puzzle (``solved_by``: "reader", "solution" or None), so the
page records a solve only when the reader found the moves. Input that is not a move (an unknown
id, a Duodecim turn that cannot be played) is an error, never a wrong answer, and is echoed back
shortened. The page opens every puzzle under a new board id, so a late request of the previous
puzzle can never reach the new one.
"""

from __future__ import annotations

import hashlib
from typing import Any

from .board import square_name
from .errors import PetteiaError
from .notation import parse_move
from .puzzles import THEMES, Puzzle, load_puzzles
from .puzzles.solver import CustodianSolver

__all__ = ["OPS", "clip", "daily_id", "get_puzzle", "summary"]

RULESET_NAMES = {
    "classic": "Classic Petteia",
    "vagi": "Ordinarii and vagi",
    "poleis": "Poleis",
    "tournament": "Tournament Petteia",
    "kubeia": "Kubeia",
    "duodecim": "Ludus duodecim scriptorum",
}

_cache: dict[str, Puzzle] = {}

ECHO_CHARS = 32  # at most this much of the reader's input is repeated in a message
MAX_TURN_CHARS = 80  # the longest Duodecim turn is about 40 characters


def clip(text: str, limit: int = ECHO_CHARS) -> str:
    """``text`` shortened to ``limit`` characters (with an ellipsis), for echoing input back."""
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _web():
    """petteia_core.web (imported late: it registers this module's operations when it loads)."""
    from . import web

    return web


def _all() -> dict[str, Puzzle]:
    if not _cache:
        for p in load_puzzles():
            _cache[p.id] = p
    return _cache


def get_puzzle(puzzle_id: str) -> Puzzle:
    """The stored puzzle ``puzzle_id``; a clear error for a bad or unknown id."""
    if not isinstance(puzzle_id, str) or not puzzle_id.strip():
        raise PetteiaError("no puzzle id given")
    p = _all().get(puzzle_id.strip())
    if p is None:
        raise PetteiaError(f"there is no puzzle {clip(puzzle_id.strip())!r} in the collection")
    return p


def summary(p: Puzzle) -> dict[str, Any]:
    return {
        "id": p.id,
        "ruleset": p.ruleset,
        "game": RULESET_NAMES.get(p.ruleset, p.ruleset),
        "goal": p.goal_text,
        "kind": p.goal.kind,
        "themes": list(p.themes),
        "difficulty": p.difficulty,
        "source": p.source,
        "roll": p.roll,
        "side": p.position.split()[1] if len(p.position.split()) > 1 else "w",
        "plies": len(p.solution),
    }


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


# ------------------------------------------------------------------------------ sessions
class _Session:
    __slots__ = ("puzzle", "ply", "wrong", "status", "text", "reply", "hint", "solved_by")

    def __init__(self, puzzle: Puzzle) -> None:
        self.puzzle = puzzle
        self.ply = 0  # plies of the solution played so far
        self.wrong = 0  # plies on the board after self.ply (a wrong move and its refutation)
        self.status = "todo"
        self.text = "Find the best move."
        self.reply: dict[str, Any] | None = None
        self.hint = 0
        self.solved_by: str | None = None  # "reader" or "solution", once solved


_sessions: dict[str, _Session] = {}


def _session(board_id: str) -> _Session:
    s = _sessions.get(board_id)
    if s is None:
        raise PetteiaError(f"no puzzle is open on board {board_id!r}")
    return s


def _state(board_id: str) -> dict[str, Any]:
    s = _session(board_id)
    state = _web().view(board_id)
    p = s.puzzle
    if s.status != "wrong" and s.ply >= len(p.solution):
        s.status, s.text = "solved", s.text if s.status == "solved" else "Solved!"
    state["trainer"] = {
        **summary(p),
        "status": s.status,
        "text": s.text,
        "ply": s.ply,
        "refutation": s.reply,
        "your_turn": s.status in ("todo", "right") and s.ply < len(p.solution),
        "solved_by": s.solved_by if s.status == "solved" else None,
    }
    if s.status in ("wrong", "solved", "shown"):
        state["moves"] = []  # nothing to play until "Try again" / the next puzzle
    return state


def puzzle_open(board_id: str, puzzle_id: str) -> dict[str, Any]:
    p = get_puzzle(puzzle_id)
    if p.ruleset == "duodecim":
        return _duodecim_open(p)
    side = summary(p)["side"]
    _web().open(board_id, p.ruleset, p.position, flipped=side == "b")
    _sessions[board_id] = _Session(p)
    return _state(board_id)


def _accepted(p: Puzzle, ply: int) -> list[str]:
    return [p.solution[ply], *p.alternatives.get(ply, [])]


def _remaining(p: Puzzle, ply: int) -> int:
    """Solver moves left in the line from solver ply ``ply`` (this one included)."""
    return (len(p.solution) - ply + 1) // 2


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def _refute(p: Puzzle, pos, move, remaining: int) -> tuple[str, Any]:
    """Why ``move`` (not a solution move) fails in ``pos``: (explanation, the refuting reply or None)."""
    width = pos.width
    goal = p.goal
    text = move.text(width)
    child = pos.after(-1 if move.frm is None else move.frm, move.to)
    solver = CustodianSolver(pos, goal)
    if goal.kind == "capture":
        k = len(move.captures)
        if k < goal.n:
            got = "captures nothing" if k == 0 else f"captures only {_plural(k, 'piece')}"
            return f"{text} {got}: the goal is to capture {_plural(goal.n, 'piece')}.", None
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
                            reply = _move_of(rolled, d)
                            return (f"After {text}, a roll of {hi}{lo} lets the reply {reply.text(width)} capture.", None)
        return f"{text} does not reach the goal.", None
    if goal.kind == "save":
        best = None
        for d in solver.pairs(child):
            caps = child.captures_of(*d)[0].bit_count()
            if caps and (best is None or caps > best[0]):
                best = (caps, d)
        if best is not None:
            reply = _move_of(child, best[1])
            return (f"After {text}, the reply {reply.text(width)} captures {_plural(best[0], 'piece')}: "
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
    reply = _move_of(child, d)
    goal_word = {"rout": "capture the Basileus", "siege": "win by siege", "win": "win"}.get(goal.kind, "reach the goal")
    return (f"After {text}, the reply {reply.text(width)} holds: you can no longer {goal_word} "
            "in the moves the puzzle allows."), reply


def _move_of(pos, pair):
    from .puzzles.solver import move_of

    return move_of(pos, pair)


def puzzle_play(board_id: str, frm: int | None = None, to: int | None = None, notation: str | None = None) -> dict[str, Any]:
    """The reader's move at a solver ply: the line goes on, or the move is refuted on the board."""
    s = _session(board_id)
    p = s.puzzle
    if s.status == "wrong":
        raise PetteiaError("take the wrong move back first (Try again)")
    if s.status == "shown":
        raise PetteiaError("the solution is being shown")
    if s.ply >= len(p.solution):
        raise PetteiaError("the puzzle is solved")
    board = _web()._get(board_id)
    game = board.game
    pos = game.position
    width = pos.width
    if notation is not None:
        move = parse_move(notation, pos)
    else:
        move = next((m for m in game.legal_moves() if m.frm == frm and m.to == to), None)
        if move is None:
            name = "hand" if frm is None else square_name(frm, width)
            raise PetteiaError(f"{name}-{square_name(to, width)} is not a legal move here")
    accepted = [parse_move(t, pos) for t in _accepted(p, s.ply)]
    s.hint = 0
    if move not in accepted:
        why, reply = _refute(p, pos, move, _remaining(p, s.ply))
        game.play(move)
        s.wrong = 1
        if reply is not None and game.result is None:
            game.play(reply)
            s.wrong = 2
        s.status, s.text = "wrong", why
        s.reply = {"text": reply.text(width), "from": reply.frm, "to": reply.to} if reply is not None else None
        return _state(board_id)
    on_line = move == accepted[0]
    game.play(move)
    s.ply += 1
    s.reply = None
    s.status, s.text = "right", f"Yes: {move.text(width)}."
    if s.ply < len(p.solution) and game.result is None:
        if on_line:
            reply = parse_move(p.solution[s.ply], game.position)
        else:  # an equally good move off the stored line: the solver finds the longest defence
            solver = CustodianSolver(pos, p.goal)
            res = solver.resistance(game.position, _remaining(p, s.ply + 1))
            best = max(k for k, _ in res)
            reply = _move_of(game.position, next(x for k, x in res if k == best))
        game.play(reply)
        s.ply += 1
        s.text = f"Yes: {move.text(width)}. The reply: {reply.text(width)}. Go on."
    else:
        s.ply = len(p.solution)
        s.solved_by = "reader"
        s.status, s.text = "solved", f"Solved! {move.text(width)} — {p.goal_text.split(': ', 1)[-1]}"
    return _state(board_id)


def puzzle_retry(board_id: str) -> dict[str, Any]:
    """Take back the wrong move (and its refutation): the board is as before it."""
    s = _session(board_id)
    game = _web()._get(board_id).game
    while s.wrong and game.can_undo:
        game.undo()
        s.wrong -= 1
    s.wrong = 0
    s.status, s.text, s.reply = "todo", "Try again: find the best move.", None
    return _state(board_id)


def puzzle_hint(board_id: str) -> dict[str, Any]:
    """Hints in two steps: first the piece to move, then also its destination."""
    s = _session(board_id)
    p = s.puzzle
    if s.status in ("wrong", "shown") or s.ply >= len(p.solution):
        raise PetteiaError("no hint now")
    pos = _web()._get(board_id).game.position
    move = parse_move(p.solution[s.ply], pos)
    s.hint = min(s.hint + 1, 2)
    width = pos.width
    out: dict[str, Any] = {"ok": True, "step": s.hint, "from": move.frm, "to": None}
    if move.frm is None:
        out["text"] = "Place a piece."
    else:
        out["text"] = f"Move the piece on {square_name(move.frm, width)}."
    if s.hint == 2:
        out["to"] = move.to
        out["text"] = f"{move.text(width)}: the piece on {square_name(move.frm, width) if move.frm is not None else 'hand'} goes to {square_name(move.to, width)}."
    return out


def puzzle_step(board_id: str) -> dict[str, Any]:
    """Play the next move of the stored solution (for "Show solution")."""
    s = _session(board_id)
    p = s.puzzle
    if s.status == "wrong":
        puzzle_retry(board_id)
    if s.ply >= len(p.solution):
        return _state(board_id)
    game = _web()._get(board_id).game
    move = parse_move(p.solution[s.ply], game.position)
    game.play(move)
    s.ply += 1
    s.status = "shown" if s.ply < len(p.solution) else "solved"
    if s.status == "solved":
        s.solved_by = "solution"
    s.text = f"The solution: {', '.join(p.solution[:s.ply])}."
    state = _state(board_id)
    state["trainer"]["shown"] = True
    return state


def puzzle_reset(board_id: str) -> dict[str, Any]:
    s = _session(board_id)
    _web().reset(board_id)
    _sessions[board_id] = _Session(s.puzzle)
    return _state(board_id)


def puzzle_close(board_id: str) -> dict[str, Any]:
    _sessions.pop(board_id, None)
    return _web().close(board_id)


# ------------------------------------------------------------------------------ Duodecim
def _duodecim(p: Puzzle):
    from .duodecim.notation import normalize_dice

    return p.start(), normalize_dice(p.roll)


def _duodecim_open(p: Puzzle) -> dict[str, Any]:
    from .render import duodecim_svg

    pos, dice = _duodecim(p)
    turns = sorted({pos.turn_text(t, dice) for t in pos.legal_turns(dice)})
    svg = duodecim_svg(pos.points_map(), bar=tuple(pos.bar), off=tuple(pos.off), hand=tuple(pos.hand),
                       dice=dice, board_id="trainer-duodecim")
    return {"ok": True, "trainer": {**summary(p), "status": "todo", "text": "Choose the whole turn.", "ply": 0,
                        "solution": p.solution[0]},
            "svg": svg, "turns": turns, "duodecim": True}


def puzzle_turn(puzzle_id: str, turn: str, board_id: str | None = None) -> dict[str, Any]:
    """Duodecim: is ``turn`` (a whole turn in notation, the roll optional) an answer?

    ``board_id`` (the page's puzzle session) is accepted and not needed: the puzzle is one turn.
    A turn that cannot be played raises PetteiaError: it is not an answer, right or wrong.
    """
    from .puzzles.solver import duodecim_blots_in_shot, duodecim_winning

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
        reasons.append("it hits no blot" if hits == 0 else f"it hits only {_plural(hits, 'blot')}")
    if p.goal.kind in ("safe", "hit_safe") and blots:
        names = ", ".join(_duo_point(i) for i in blots)
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


def _duo_point(idx: int) -> str:
    from .duodecim import POINT_NAMES

    return POINT_NAMES[idx]


OPS = {
    "puzzle_list": puzzle_list, "puzzle_daily": puzzle_daily, "puzzle_open": puzzle_open,
    "puzzle_play": puzzle_play, "puzzle_retry": puzzle_retry, "puzzle_hint": puzzle_hint,
    "puzzle_step": puzzle_step, "puzzle_reset": puzzle_reset, "puzzle_close": puzzle_close,
    "puzzle_turn": puzzle_turn,
}

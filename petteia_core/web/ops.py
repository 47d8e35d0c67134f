"""The op table: every operation the worker can ask for, and :func:`call`, its one entry.

Verbs that act on a session (:data:`SESSION_OPS`) name the kinds of session that answer them;
the verbs of :data:`~.session.VERBS` are answered by every kind. ``open``, ``load`` and ``branch``
make a session, ``close`` forgets one; ``puzzle_list``, ``puzzle_daily`` and ``puzzle_turn`` read the
puzzle collection and need no board; ``rule_text`` and ``selfplay_start/next/stop`` are the
workshop's (:mod:`.workshop`). Every op has one name: the pages ask for each by it.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from ..custodian import Position
from ..duodecim import DuodecimGame
from ..errors import PetteiaError
from ..game import Game
from ..options import ALL_RULESETS, get_rules
from .reply import closed_reply, error_reply, moves_reply
from .custodian import CustodianSession, hints_from
from .duodecim import DuodecimSession, check_marks, check_rolls
from .duodecim_puzzle import puzzle_turn
from .i18n import gettext_noop as N_, gettext as _, set_language
from .line import LineSession, parse_line
from .puzzle import PuzzleSession, open_puzzle, page_puzzle, puzzle_daily, puzzle_list, puzzle_unknown
from .session import Session, check_side, rng, sessions
from .words import NEEDS_ID
from .workshop import rule_text, selfplay_next, selfplay_start, selfplay_stop, workshop_rules

#: The kinds of session.
KINDS = ("custodian", "line", "puzzle", "duodecim", "duodecim-puzzle")
_GAMES = ("custodian", "line", "duodecim")

#: verb -> the kinds of session that answer it.
SESSION_OPS: dict[str, tuple[str, ...]] = {
    "view": KINDS, "play": KINDS, "undo": KINDS, "redo": KINDS, "reset": KINDS, "flip": KINDS,
    "think": KINDS, "moves": KINDS,
    "step": ("duodecim", "duodecim-puzzle"), "unstep": ("duodecim", "duodecim-puzzle"),
    "commit": ("duodecim", "duodecim-puzzle"),
    "line_goto": ("line",),
    "hint": ("puzzle", "duodecim-puzzle"), "solution": ("puzzle",), "retry": ("puzzle", "duodecim-puzzle"),
    "show_solution": ("puzzle", "duodecim-puzzle"), "suggest": ("custodian",),
    "review": ("custodian", "duodecim"),
    "at": _GAMES, "resign": _GAMES, "offer_draw": _GAMES, "agree_draw": _GAMES, "set_computer": _GAMES,
    "lose_on_time": _GAMES,
}


# ------------------------------------------------------------------ making sessions
def _board(board_id: str, ruleset: str = "classic", position: str | None = None, *, flipped: bool = False,
           caption: str | None = None, attic: bool = False, arrows: list | None = None,
           highlights: dict | None = None, last: list | None = None, solution: str | None = None,
           line: list[str] | str | None = None) -> Session:
    """A page's board (a ``petteia`` fence): explore, play, a line to step through, or a puzzle.

    ``arrows`` ([[from, to], ...]), ``highlights`` ({square: kind}) and ``last`` ([from, to]) are
    the page's marks on the starting position (squares as indices), drawn until a move is made.
    ``solution`` (puzzles): the winning line in notation, the replies included; the reader must
    find each of their moves (a wrong one is refused), and the replies are played for them.
    ``line``: a list of moves in notation (each preceded by its roll in Kubeia, ``"22 Α2-Α4"``),
    kept as redo history so the reader can step through it.
    """
    if not isinstance(board_id, str) or not board_id:
        raise PetteiaError(_(NEEDS_ID))
    if ruleset == "duodecim":
        raise PetteiaError(_("a page's Duodecim scripta board opens as a game (op open with kind 'game')"))
    position = position.strip() if isinstance(position, str) and position.strip() else None
    marks = {"flipped": flipped, "caption": caption, "attic": attic, "arrows": arrows, "highlights": highlights,
             "last": last}
    moves = parse_line(line)
    if moves and solution:
        raise PetteiaError(_("a board has either a puzzle solution or a line to step through, not both"))
    if moves:
        return LineSession(board_id, ruleset, position, moves, **marks)
    if solution:
        return PuzzleSession(board_id, page_puzzle(board_id, ruleset, position, solution), refuse=True, **marks)
    return CustodianSession(board_id, ruleset, Game(ruleset, position), start=position, **marks)


def _install(board_id: str, ruleset: str, game: Any, computer: str | None, rolls: tuple = (),
             marks: dict | None = None) -> Session:
    if ruleset == "duodecim":
        return DuodecimSession(board_id, game, rolls, marks, computer=computer)
    start = game.start_position
    start = start.with_dice(None) if game.rules.dice else start
    return CustodianSession(board_id, ruleset, game, start=start.to_string(), computer=computer, brief=False)


def _game(board_id: str, ruleset: str = "classic", first: str | None = None, position: str | None = None,
          rolls: list | None = None, highlights: dict | None = None, computer: str | None = None,
          seed: int | None = None, options: dict | None = None) -> Session:
    """A new game of ``ruleset`` (the play page's, the workshop's, or a page's Duodecim board).

    ``first`` ("w"/"b") who moves (or places, in Poleis) first (default: as the rules say);
    ``computer`` the side the computer plays (None: two players); ``seed`` seeds the dice;
    ``options`` ({name: text}) makes a variant of the preset ``ruleset`` (the workshop). Duodecim
    only: ``rolls`` fixes the rolls of the first turns, ``highlights`` marks points until the first
    step is played.
    """
    computer = check_side(computer, "computer")
    dice = rng(seed)
    if not isinstance(board_id, str) or not board_id:
        raise PetteiaError(_(NEEDS_ID))
    if ruleset not in ALL_RULESETS:
        raise PetteiaError(f"unknown ruleset {ruleset!r} (rulesets: {', '.join(ALL_RULESETS)})")
    if first not in (None, "w", "b"):
        raise PetteiaError(f"first must be 'w' or 'b', not {first!r}")
    if options is not None and ruleset == "duodecim":
        raise PetteiaError(_("Ludus duodecim scriptorum has no rule options"))
    if ruleset == "duodecim":
        game = DuodecimGame(position, rng=dice)
        return _install(board_id, ruleset, game, computer, check_rolls(rolls or [], game), check_marks(highlights or {}))
    if rolls or highlights:
        raise PetteiaError("rolls and highlights are options of Duodecim scripta games only")
    rules = get_rules(ruleset) if options is None else workshop_rules(ruleset, options)
    if position is None:
        start = Position.start(rules).to_string().split()
        start[1] = first or start[1]
        position = " ".join(start)
    return _install(board_id, ruleset, Game(rules, position, rng=dice), computer)


def _puzzle(board_id: str, puzzle_id: str, tried: bool = False) -> Session:
    """A trainer puzzle; ``tried``: the reader missed it before (an assignment's puzzle opened again),
    so a solve now is no first try."""
    if not isinstance(board_id, str) or not board_id:
        raise PetteiaError(_(NEEDS_ID))
    return open_puzzle(board_id, puzzle_id, bool(tried))


_OPENERS: dict[str, Callable[..., Session]] = {"board": _board, "game": _game, "puzzle": _puzzle}


def open(board_id: str, *args: Any, kind: str = "board", **options: Any) -> dict[str, Any]:  # noqa: A001
    """Open a session under ``board_id`` (replacing whatever was there): ``kind`` "board" (a page's
    board), "game" (the play page's game, or a page's Duodecim board) or "puzzle" (the trainer)."""
    opener = _OPENERS.get(kind)
    if opener is None:
        raise PetteiaError(f"unknown kind of board {kind!r} (kinds: {', '.join(_OPENERS)})")
    session = opener(board_id, *args, **options)
    state = session.after_change()  # built once; bad marks fail here, before the board is kept
    sessions.put(session)
    return state


def load(board_id: str, record: str, computer: str | None = None, seed: int | None = None,
         dice: str | list | None = None) -> dict[str, Any]:
    """Replace the game of ``board_id`` by the game of ``record`` (text as written by ``record``).

    ``dice`` (Kubeia, Duodecim scripta): the roll already thrown for the side to move, which a
    record does not hold ("63" or [6, 3]); the game goes on with it instead of a new roll (the play
    page restarting its worker). A record that does not read, or dice that are not a roll of two
    dice for a game that waits for one, raise PetteiaError with the reason; the board keeps its game.
    """
    computer = check_side(computer, "computer")
    thrower = rng(seed)
    if not isinstance(board_id, str) or not board_id:
        raise PetteiaError(_(NEEDS_ID))
    if not isinstance(record, str) or not record.strip():
        raise PetteiaError(_("the record is empty"))
    text = record.strip()
    ruleset = None
    for row in text.splitlines():
        row = row.strip()
        if row.lower().startswith("[ruleset"):
            ruleset = row.split('"')[1].strip().lower() if row.count('"') >= 2 else None
    if ruleset is None:
        raise PetteiaError(_('the record does not say its ruleset: it should begin with [Ruleset "classic"] or similar'))
    if ruleset not in ALL_RULESETS:
        raise PetteiaError(_("unknown ruleset {ruleset} in the record (rulesets: {rulesets})").format(
            ruleset=repr(ruleset), rulesets=", ".join(ALL_RULESETS)))
    try:
        game = DuodecimGame.from_record(text, rng=thrower) if ruleset == "duodecim" else Game.from_record(text, rng=thrower)
    except (PetteiaError, ValueError) as exc:
        raise PetteiaError(_("this record cannot be read: {error}").format(error=exc)) from None
    if dice is not None:
        _keep_roll(game, dice)
    session = _install(board_id, ruleset, game, computer)
    if isinstance(session, CustodianSession):
        session.hints = hints_from(text)
    state = session.after_change()
    sessions.put(session)
    return state


def _keep_roll(game: Any, dice: Any) -> None:
    """Give the side to move of ``game`` the roll ``dice`` (see :func:`load`)."""
    if not getattr(game.rules, "dice", True):
        raise PetteiaError(_("{ruleset} is not played with dice").format(ruleset=game.rules.name))
    if not game.needs_roll:
        raise PetteiaError(_("this game does not wait for a roll (it is over, or the roll is in its position)"))
    if isinstance(dice, list):
        dice = tuple(dice)
    if not isinstance(dice, (str, tuple)):
        raise PetteiaError(_("dice must be a roll such as '63' or [6, 3], not {dice}").format(dice=repr(dice)))
    try:
        game.roll(dice)
    except (PetteiaError, ValueError, TypeError) as exc:
        raise PetteiaError(_("dice {dice} are not a roll of two dice 1–6: {error}").format(
            dice=repr(dice), error=exc)) from None


def branch(board_id: str, new_id: str, ply: Any, computer: str | None = None, seed: int | None = None) -> dict[str, Any]:
    """"Try again from here": a new game under ``new_id``, the game of ``board_id`` up to its
    position after ``ply`` moves (with the roll thrown there), ``computer`` playing one side.
    The reviewed game stays open under its own id until the page closes it."""
    from .review import cut

    computer = check_side(computer, "computer")
    dice = rng(seed)
    if not isinstance(new_id, str) or not new_id or new_id == board_id:
        raise PetteiaError(_("the new game needs a board id of its own"))
    source = sessions.get(board_id)
    if source.kind not in ("custodian", "duodecim"):
        raise PetteiaError(_("only a game can be tried again from one of its positions"))
    session = _install(new_id, source.ruleset if source.kind == "custodian" else "duodecim",
                       cut(source.game, ply, dice), computer)
    state = session.after_change()
    sessions.put(session)
    return state


def close(board_id: str) -> dict[str, Any]:
    """Forget a board (its page was left); closing a board that is not open is no error."""
    session = sessions.pop(board_id)
    return session.close() if session is not None else closed_reply(board_id)


#: What the reader is told when a board does not answer a verb (default: the verb's name).
_ONE_DIE = N_("only a Duodecim scripta game is played one die at a time")
_REFUSALS = {
    "line_goto": N_("this board has no line to step through"),
    "step": _ONE_DIE,
    "unstep": _ONE_DIE,
    "commit": _ONE_DIE,
    "hint": N_("only a puzzle gives hints"),
    "solution": N_("only a puzzle has a solution to show"),
    "show_solution": N_("only a puzzle has a solution to show"),
    "retry": N_("only a puzzle takes a wrong move back with Try again"),
    "suggest": N_("a good move is shown on the board games with squares (not Duodecim scripta)"),
}


def _session_op(verb: str) -> Callable[..., Any]:
    kinds = SESSION_OPS[verb]

    def op(board_id: str, *args: Any, **kwargs: Any) -> Any:
        session = sessions.get(board_id)
        if session.kind not in kinds:
            if verb in _REFUSALS:
                raise PetteiaError(_(_REFUSALS[verb]))
            raise PetteiaError(_("a {kind} board has no {verb}").format(kind=session.kind, verb=repr(verb)))
        return getattr(session, verb)(*args, **kwargs)

    op.__name__ = op.__qualname__ = verb
    op.__doc__ = f"``{verb}`` on the session ``board_id`` (kinds: {', '.join(kinds)})."
    return op


#: op name -> function (keyword arguments from the request's ``args``).
OPS: dict[str, Callable[..., Any]] = {
    "open": open, "load": load, "close": close, "branch": branch,
    **{verb: _session_op(verb) for verb in SESSION_OPS},
    "puzzle_list": puzzle_list, "puzzle_daily": puzzle_daily, "puzzle_turn": puzzle_turn,
    "puzzle_unknown": puzzle_unknown, "set_language": set_language,
    "rule_text": rule_text, "selfplay_start": selfplay_start, "selfplay_next": selfplay_next,
    "selfplay_stop": selfplay_stop,
}

def run(name: str, args: dict[str, Any] | None = None) -> Any:
    """The op ``name`` with ``args``; raises on errors."""
    return OPS[name](**dict(args or {}))


def call(request: str) -> str:
    """One JSON request ``{"op": ..., "args": {...}}`` in, one JSON reply out.

    Errors in the request or illegal moves come back as ``{"ok": false, "error": message}``.
    """
    try:
        req = json.loads(request)
        answer = run(req["op"], req.get("args", {}))
        if isinstance(answer, list):
            answer = moves_reply(answer)
    except (PetteiaError, ValueError, KeyError, TypeError) as exc:
        message = str(exc) if not isinstance(exc, KeyError) else f"unknown operation or missing field {exc}"
        answer = error_reply(message)
    return json.dumps(answer, ensure_ascii=False)

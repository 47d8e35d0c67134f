"""The "Play against the computer" page's operations (registered in :mod:`petteia_core.web`).

Every operation is named ``game_*`` and works for all six rulesets: the custodian games keep using
the board registry and state of :mod:`petteia_core.web` (so the ordinary live-board code drives
them), Duodecim scripta gets a small step-by-step wrapper here. Each state also carries the move
list (numbered pairs), the game record and the result in plain words.

    game_open(board_id, ruleset, first="w", position=None, computer=None, seed=None)    a new game
        (``computer``: the side the computer plays, or None for two players: the reader's input is
        then refused on the computer's turn, ``game_think`` on the reader's, and undo/redo take
        back or replay whole exchanges; ``seed``: the dice come from ``random.Random(seed)``)
        (Duodecim also takes ``rolls``, the rolls of the first turns, and ``highlights``, marks
        drawn until the first step: a page's explorable board opens its fence this way)
    game_load(board_id, record, computer=None, seed=None)    a game from its record (the current
        game is kept on errors)
    game_set_computer(board_id, computer)    who the computer plays from now on (None: two players)
    game_play / game_think / game_undo / game_redo / game_reset / game_view / game_flip
    game_step(board_id, frm, to) / game_unstep / game_commit    Duodecim: one die at a time
    game_at(board_id, ply)               a read-only picture of the position after ``ply`` plies
    game_resign(board_id, side) / game_offer_draw(board_id, level) / game_agree_draw(board_id)
"""

from __future__ import annotations

import random
from typing import Any

from . import web
from .custodian import Position
from .duodecim import ENTER, OFF, POINT_NAMES, DuodecimGame, point_name
from .duodecim.notation import normalize_dice
from .errors import PetteiaError
from .game import Game
from .options import ALL_RULESETS
from .render import HIGHLIGHT_KINDS, board_svg, describe_pieces, duodecim_svg

_NAMES = {"w": "White", "b": "Black"}

#: Why a game ended, in plain words ({winner} / {loser} are side names).
_REASON_WORDS = {
    "siege": "{loser} is hemmed in and cannot move",
    "one piece": "{loser} is down to a single piece",
    "stalled": "too many moves without a capture; the side with more pieces wins",
    "rout": "{loser}'s army is routed",
    "decimation": "{loser} has lost too many pieces",
    "breakthrough": "{winner} has broken through the enemy lines",
    "refusal of battle": "{loser} refused battle too many times in a row",
    "superiority": "the game stalled and {winner} has more pieces",
    "equal forces": "the game stalled with equal forces",
    "resignation": "{loser} resigned",
    "agreement": "the players agreed to a draw",
    "borne off": "{winner} has borne off all fifteen pieces",
}


def result_words(score: str, reason: str, winner: str | None) -> str:
    """'Black wins: White resigned (0-1).' / 'Draw: the players agreed to a draw (½-½).'"""
    win = _NAMES.get(winner or "", "")
    lose = _NAMES["b" if winner == "w" else "w"] if winner else ""
    why = _REASON_WORDS.get(reason, reason).format(winner=win, loser=lose)
    head = f"{win} wins" if winner else "Draw"
    return f"{head}: {why} ({score})."


def _result(result) -> dict[str, Any] | None:
    if result is None:
        return None
    return {"score": result.score, "reason": result.reason, "winner": result.winner,
            "text": result_words(result.score, result.reason, result.winner)}


def _pairs(plies: list[tuple[int, str, str]]) -> list[dict[str, Any]]:
    """[(number, side, text)] -> [{number, w: {ply, text}|None, b: ...}] (ply = plies after it)."""
    rows: list[dict[str, Any]] = []
    for k, (number, side, text) in enumerate(plies):
        if not rows or rows[-1]["number"] != number or rows[-1][side] is not None or (side == "w" and rows[-1]["b"]):
            rows.append({"number": number, "w": None, "b": None})
        rows[-1][side] = {"ply": k + 1, "text": text}
    return rows


# ------------------------------------------------------------------ custodian games
def _custodian_extra(board: web._Board, state: dict[str, Any]) -> dict[str, Any]:
    game = board.game
    plies = []
    for before, move in zip(game.positions, game.history):
        text = move.text(before.width)
        if before.dice:
            text = f"{max(before.dice)}{min(before.dice)} {text}"
        plies.append((before.move_no, web._side(before.turn), text))
    state.update(
        kind="custodian",
        moves_list=_pairs(plies),
        record=game.record(),
        result=_result(game.result),
        can_draw=game.result is None,
    )
    return state


def _kind(board_id: str) -> str:
    return "duodecim" if board_id in _duo else "custodian"


# ------------------------------------------------------------------ who plays which side
#: board id -> the side the computer plays ("w"/"b"), or None when two people play.
_computer: dict[str, str | None] = {}


def _check_side(side: Any, what: str) -> str | None:
    if side in (None, "", "none"):
        return None
    if side not in ("w", "b"):
        raise PetteiaError(f"{what} must be 'w', 'b' or None, not {side!r}")
    return side


def _rng(seed: Any) -> random.Random | None:
    """The dice's random source: seeded for tests and replays, the system's otherwise."""
    if seed is None:
        return None
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise PetteiaError(f"seed must be a whole number, not {seed!r}")
    return random.Random(seed)


def _movers(board_id: str) -> list[str]:
    """The side that made each ply of the game, in order."""
    if board_id in _duo:
        return [played.side for played in _duo[board_id].game.history]
    game = web._get(board_id).game
    return [web._side(before.turn) for before in game.positions[: len(game.history)]]


def _turn(board_id: str) -> str:
    if board_id in _duo:
        return _duo[board_id].game.position.turn
    return web._side(web._get(board_id).game.position.turn)


def _readers_input(board_id: str) -> None:
    """Refuse a move, step or pass made on the computer's turn (a late click, a second tab)."""
    if _computer.get(board_id) is not None and _turn(board_id) == _computer[board_id]:
        raise PetteiaError("it is the computer's turn: wait for its move")


def _readers_undo(board_id: str) -> bool:
    """Against the computer: whether the history holds a move of the reader's to take back."""
    computer = _computer.get(board_id)
    return any(side != computer for side in _movers(board_id))


# ------------------------------------------------------------------ Duodecim scripta
class _Duo:
    """A Duodecim game played one die at a time: ``prefix`` holds the steps chosen so far.

    ``rolls`` are the rolls of the game's first turns (turn k uses ``rolls[k]``; later turns roll
    at random); ``marks`` (point -> highlight kind) are drawn while no step has been played.
    """

    def __init__(self, board_id: str, game: DuodecimGame, rolls: tuple = (), marks: dict | None = None):
        self.board_id = board_id
        self.game = game
        self.prefix: list = []
        self.rolls = tuple(rolls)
        self.marks = dict(marks or {})


_duo: dict[str, _Duo] = {}


def _step_dict(step) -> dict[str, Any]:
    return {
        "from": "enter" if step.frm == ENTER else point_name(step.frm),
        "to": "off" if step.to == OFF else point_name(step.to),
        "die": step.die,
        "hit": bool(step.hit),
        "text": step.text(),
    }


def _turn_dict(played) -> dict[str, Any]:
    """The last turn for the page: its side, roll, steps and the dice it could not use."""
    dice = [played.dice[0]] * 4 if played.dice[0] == played.dice[1] else list(played.dice)
    for step in played.steps:
        dice.remove(step.die)
    return {"side": played.side, "dice": list(played.dice), "steps": [_step_dict(s) for s in played.steps],
            "unused": dice}


def _duo_state(d: _Duo) -> dict[str, Any]:
    game = d.game
    result = game.result
    if result is None:
        k = len(game.history)
        game.roll(d.rolls[k] if game.needs_roll and k < len(d.rolls) else None)
    pos = game.position
    shown = pos
    if d.prefix and result is None:
        shown = pos.after(pos.turn_tree().walk(d.prefix))
    steps = game.legal_steps(d.prefix) if result is None else []
    complete = result is None and pos.is_turn_complete(d.prefix)
    hist = game.history
    highlights: dict[str, str] = {}
    if d.prefix:
        for s in d.prefix:
            if s.to != OFF:
                highlights[point_name(s.to)] = "to"
    elif hist and hist[-1].steps:
        for s in hist[-1].steps:
            if s.to != OFF:
                highlights[point_name(s.to)] = "to"
    elif not hist:
        highlights = dict(d.marks)
    svg = duodecim_svg(
        shown.points_map(), bar=shown.bar, off=shown.off, hand=shown.hand,
        dice=pos.dice if result is None else None, highlights=highlights, board_id=d.board_id,
        title="Duodecim scripta board",
    )
    first = game.start_position.turn
    plies = []
    for k, played in enumerate(hist):
        plies.append((1 + (k + (1 if first == "b" else 0)) // 2, played.side, played.text()))
    turn = pos.turn
    if result is None:
        desc = f"{_NAMES[turn]} to move. Dice: {pos.dice[0]} and {pos.dice[1]}."
        if d.prefix:
            desc += " Steps so far: " + " ".join(s.text() for s in d.prefix) + "."
    else:
        desc = "Game over: " + result_words(result.score, result.reason, result.winner)
    desc += (f" White: {shown.hand[0]} to enter, {shown.bar[0]} hit, {shown.off[0]} borne off."
             f" Black: {shown.hand[1]} to enter, {shown.bar[1]} hit, {shown.off[1]} borne off.")
    return {
        "ok": True,
        "kind": "duodecim",
        "board_id": d.board_id,
        "ruleset": "duodecim",
        "position": pos.to_string(),
        "turn": turn,
        "dice": list(pos.dice) if pos.dice and result is None else None,
        "svg": svg,
        "steps": [_step_dict(s) for s in steps],
        "prefix": [s.text() for s in d.prefix],
        "complete": complete,
        "void": result is None and not d.prefix and not steps,
        "hand": list(shown.hand), "bar": list(shown.bar), "off": list(shown.off),
        "moves": [],
        "last_move": {"text": hist[-1].text()} if hist else None,
        "last_turn": _turn_dict(hist[-1]) if hist else None,
        "moves_list": _pairs(plies),
        "record": game.record(),
        "result": _result(result),
        "description": desc,
        "ply": len(hist),
        "can_undo": game.can_undo or bool(d.prefix),
        "can_redo": game.can_redo,
        "can_draw": False,  # a race game has no draws
        "puzzle": None,
    }


def _get_duo(board_id: str) -> _Duo:
    try:
        return _duo[board_id]
    except KeyError:
        raise PetteiaError(f"no board {board_id!r} is open") from None


# ------------------------------------------------------------------ operations
def _state(board_id: str) -> dict[str, Any]:
    if board_id in _duo:
        state = _duo_state(_duo[board_id])
    else:
        board = web._get(board_id)
        state = _custodian_extra(board, web._state(board))
    computer = _computer.get(board_id)
    state["computer"] = computer
    if computer is not None:
        # Undo takes back the reader's last move with the computer's replies; with none, nothing.
        prefix = bool(state.get("prefix"))
        state["can_undo"] = prefix or _forced_result(board_id) or _readers_undo(board_id)
    return state


def _install(board_id: str, ruleset: str, game, rolls: tuple = (), marks: dict | None = None,
             computer: str | None = None) -> dict[str, Any]:
    """Make ``game`` the game of ``board_id`` (replacing whatever was there)."""
    web._boards.pop(board_id, None)
    _duo.pop(board_id, None)
    _computer[board_id] = computer
    if ruleset == "duodecim":
        _duo[board_id] = _Duo(board_id, game, rolls, marks)
    else:
        start = game.start_position
        start = start.with_dice(None) if game.rules.dice else start
        board = web._Board(board_id, ruleset, start.to_string(), False, None)
        board.game = game
        web._boards[board_id] = board
    return _state(board_id)


def _duo_rolls(rolls: Any, game: DuodecimGame) -> tuple:
    """Check ``rolls`` (["63", [5, 3], ...]): the first must agree with a roll the position shows."""
    if not isinstance(rolls, (list, tuple)):
        raise PetteiaError(f"rolls must be a list of rolls such as ['63', '52'], not {rolls!r}")
    out = tuple(normalize_dice(r) for r in rolls)
    shown = game.position.dice
    if out and shown is not None and out[0] != shown:
        raise PetteiaError(f"the first roll {''.join(map(str, out[0]))} is not the position's roll "
                           f"{''.join(map(str, shown))}")
    return out


def _duo_marks(highlights: Any) -> dict[str, str]:
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


def game_open(board_id: str, ruleset: str = "classic", first: str = "w", position: str | None = None,
              rolls: list | None = None, highlights: dict | None = None, computer: str | None = None,
              seed: int | None = None) -> dict[str, Any]:
    """A new game of ``ruleset``; ``first`` ("w"/"b") who moves (or places, in Poleis) first;
    ``computer`` the side the computer plays (None: two players); ``seed`` seeds the dice.

    Duodecim only: ``rolls`` fixes the rolls of the first turns, ``highlights`` marks points
    until the first step is played.
    """
    computer = _check_side(computer, "computer")
    rng = _rng(seed)
    if not isinstance(board_id, str) or not board_id:
        raise PetteiaError("a board needs a non-empty id")
    if ruleset not in ALL_RULESETS:
        raise PetteiaError(f"unknown ruleset {ruleset!r} (rulesets: {', '.join(ALL_RULESETS)})")
    if first not in ("w", "b"):
        raise PetteiaError(f"first must be 'w' or 'b', not {first!r}")
    if ruleset == "duodecim":
        game = DuodecimGame(position, rng=rng)
        return _install(board_id, ruleset, game, _duo_rolls(rolls or [], game), _duo_marks(highlights or {}),
                        computer)
    if rolls or highlights:
        raise PetteiaError("rolls and highlights are options of Duodecim scripta games only")
    if position is None:
        start = Position.start(ruleset).to_string().split()
        start[1] = first
        position = " ".join(start)
    return _install(board_id, ruleset, Game(ruleset, position, rng=rng), computer=computer)


def game_load(board_id: str, record: str, computer: str | None = None, seed: int | None = None) -> dict[str, Any]:
    """Replace the game of ``board_id`` by the game of ``record`` (text as written by ``record``).

    A record that does not read raises PetteiaError with the reason, and the board keeps its game.
    """
    computer = _check_side(computer, "computer")
    rng = _rng(seed)
    if not isinstance(record, str) or not record.strip():
        raise PetteiaError("the record is empty")
    text = record.strip()
    ruleset = None
    for line in text.splitlines():
        line = line.strip()
        if line.lower().startswith("[ruleset"):
            ruleset = line.split('"')[1].strip().lower() if line.count('"') >= 2 else None
    if ruleset is None:
        raise PetteiaError('the record does not say its ruleset: it should begin with [Ruleset "classic"] or similar')
    if ruleset not in ALL_RULESETS:
        raise PetteiaError(f"unknown ruleset {ruleset!r} in the record (rulesets: {', '.join(ALL_RULESETS)})")
    try:
        if ruleset == "duodecim":
            game = DuodecimGame.from_record(text, rng=rng)
        else:
            game = Game.from_record(text, rng=rng)
    except (PetteiaError, ValueError) as exc:
        raise PetteiaError(f"this record cannot be read: {exc}") from None
    return _install(board_id, ruleset, game, computer=computer)


def game_set_computer(board_id: str, computer: str | None = None) -> dict[str, Any]:
    """Who the computer plays from now on ("w", "b", or None: two players on one device)."""
    _state(board_id)  # the board must exist
    _computer[board_id] = _check_side(computer, "computer")
    return _state(board_id)


def game_view(board_id: str) -> dict[str, Any]:
    return _state(board_id)


def game_play(board_id: str, frm: int | None = None, to: int | None = None, notation: str | None = None) -> dict[str, Any]:
    _state(board_id)  # the board must exist
    _readers_input(board_id)
    if board_id in _duo:
        d = _duo[board_id]
        if notation is None:
            raise PetteiaError("a Duodecim turn is played with game_step, or as text in notation")
        d.game.play(notation)
        d.prefix = []
        return _state(board_id)
    web.play(board_id, frm, to, notation)
    return _state(board_id)


def game_think(board_id: str, level: int = 3, seed: int = 0, node_limit: int | None = None) -> dict[str, Any]:
    """The computer plays for the side to move; ``thought`` says how hard it looked and whether it was
    stopped early (web.set_stop_check)."""
    computer = _computer.get(board_id)
    if computer is not None and _turn(board_id) != computer and _game(board_id).result is None:
        raise PetteiaError("it is your turn, not the computer's")
    if board_id in _duo:
        from .ai import choose_move

        d = _duo[board_id]
        game = d.game
        if game.result is not None:
            raise PetteiaError(f"the game is over: {game.result}")
        game.roll()
        found = choose_move(game.position, int(level), seed=int(seed), should_stop=web.stop_check(),
                            node_limit=None if node_limit is None else int(node_limit))
        game.play(found.move)
        d.prefix = []
        state = _state(board_id)
        state["thought"] = web.thought(found)
        return state
    thought = web.think(board_id, level, seed, node_limit)["thought"]
    state = _state(board_id)
    state["thought"] = thought
    return state


def game_undo(board_id: str) -> dict[str, Any]:
    """Take back one ply (Duodecim: the chosen steps of the turn in progress first), or withdraw a
    resignation or an agreed draw.

    Against the computer, the reader's last move and every reply after it: the reader is to move
    again; when the reader has made no move yet, nothing changes."""
    computer = _computer.get(board_id)
    if computer is None or (board_id in _duo and _duo[board_id].prefix) or _forced_result(board_id):
        _undo_one(board_id)
    elif _readers_undo(board_id):
        while True:
            mover = _movers(board_id)[-1]
            _undo_one(board_id)
            if mover != computer:
                break
    return _state(board_id)


def _forced_result(board_id: str) -> bool:
    """Whether the game ended by resignation or agreement (undo withdraws it, no move is taken back)."""
    result = _game(board_id).result
    return result is not None and result.reason in ("resignation", "agreement")


def _undo_one(board_id: str) -> None:
    if board_id in _duo:
        d = _duo[board_id]
        if d.prefix:
            d.prefix = []
        elif d.game.can_undo:
            d.game.undo()
        return
    web.undo(board_id)


def game_redo(board_id: str) -> dict[str, Any]:
    """Replay the ply taken back; against the computer, the reader's move and the replies after it."""
    _redo_one(board_id)
    computer = _computer.get(board_id)
    if computer is not None:
        while _game(board_id).can_redo and _game(board_id).result is None and _turn(board_id) == computer:
            _redo_one(board_id)
    return _state(board_id)


def _redo_one(board_id: str) -> None:
    if board_id in _duo:
        d = _duo[board_id]
        if d.game.can_redo:
            d.game.redo()
            d.prefix = []
        return
    web.redo(board_id)


def game_reset(board_id: str) -> dict[str, Any]:
    if board_id in _duo:
        d = _duo[board_id]
        d.game = DuodecimGame(d.game.start_position.with_dice(None))
        d.prefix = []
        return _state(board_id)
    web.reset(board_id)
    return _state(board_id)


def game_flip(board_id: str, flipped: bool | None = None) -> dict[str, Any]:
    if board_id in _duo:
        return _state(board_id)  # the race track reads the same way for both players
    web.flip(board_id, flipped)
    return _state(board_id)


def game_step(board_id: str, frm: str, to: str, die: int | None = None) -> dict[str, Any]:
    """Duodecim: play one die, ``frm`` a point name or "enter", ``to`` a point name or "off".

    When the steps make a whole turn (no die left to use), the turn is played.
    """
    d = _get_duo(board_id)
    game = d.game
    if game.result is not None:
        raise PetteiaError(f"the game is over: {game.result}")
    _readers_input(board_id)
    for step in game.legal_steps(d.prefix):
        sd = _step_dict(step)
        if sd["from"] == frm and sd["to"] == to and (die is None or int(die) == step.die):
            d.prefix.append(step)
            break
    else:
        raise PetteiaError(f"{frm}-{to} is not a legal step here")
    if not game.legal_steps(d.prefix) and game.position.is_turn_complete(d.prefix):
        return game_commit(board_id)
    return _state(board_id)


def game_unstep(board_id: str) -> dict[str, Any]:
    d = _get_duo(board_id)
    _readers_input(board_id)
    if d.prefix:
        d.prefix.pop()
    return _state(board_id)


def game_commit(board_id: str) -> dict[str, Any]:
    """Duodecim: play the chosen steps as the turn (no steps: a void roll, if nothing can move)."""
    d = _get_duo(board_id)
    game = d.game
    _readers_input(board_id)
    if not game.position.is_turn_complete(d.prefix):
        raise PetteiaError("the turn is not finished: every die that can be used must be used")
    game.play(tuple(d.prefix))
    d.prefix = []
    return _state(board_id)


def _game(board_id: str):
    return _duo[board_id].game if board_id in _duo else web._get(board_id).game


def game_at(board_id: str, ply: int) -> dict[str, Any]:
    """A read-only picture of the position after ``ply`` plies (0: the start)."""
    game = _game(board_id)
    positions, hist = game.positions, game.history
    ply = int(ply)
    if not 0 <= ply < len(positions):
        raise PetteiaError(f"the game has no position after {ply} moves")
    pos = positions[ply]
    if board_id in _duo:
        svg = duodecim_svg(pos.points_map(), bar=pos.bar, off=pos.off, hand=pos.hand,
                           board_id=f"{board_id}-at", title=f"Position after {ply} turns")
        text = f"Position after turn {ply}: " + (hist[ply - 1].text() if ply else "the start") + "."
        return {"ok": True, "ply": ply, "svg": svg, "description": text}
    board = web._get(board_id)
    last = hist[ply - 1] if ply else None
    pieces = pos.piece_map()
    svg = board_svg(
        pos.width, pos.height, pieces,
        highlights={c: "capture" for c in last.captures} if last else {},
        last_move=((last.frm if last.frm is not None else last.to), last.to) if last else None,
        flipped=board.flipped, board_id=f"{board_id}-at",
    )
    words = web._move_words(last, pos.width) if last else "the start"
    text = f"Position after move {ply} ({words}). " + describe_pieces(pieces, pos.width)
    return {"ok": True, "ply": ply, "svg": svg, "description": text}


def game_resign(board_id: str, side: str | None = None) -> dict[str, Any]:
    _game(board_id).resign(side)
    return _state(board_id)


def game_offer_draw(board_id: str, level: int = 3, side: str | None = None) -> dict[str, Any]:
    """The computer (the side not offering: by default the side not to move) answers a draw offer.

    It accepts when its evaluation of the position is about equal or worse for itself.
    """
    if board_id in _duo:
        raise PetteiaError("Duodecim scripta has no draws")
    game = web._get(board_id).game
    if game.result is not None:
        raise PetteiaError(f"the game is over: {game.result}")
    from .ai.evaluate import Evaluator

    pos = game.position
    offerer = side or pos.side_to_move
    score = Evaluator(pos.rules, pos.geo).evaluate(pos)  # for the side to move
    mine = -score if web._side(pos.turn) == offerer else score  # for the computer
    accepted = mine <= 60
    if accepted:
        game.agree_draw()
    state = _state(board_id)
    state["draw"] = {"accepted": accepted, "score": mine}
    return state


def game_agree_draw(board_id: str) -> dict[str, Any]:
    """Two players on one device: the other player said yes."""
    if board_id in _duo:
        raise PetteiaError("Duodecim scripta has no draws")
    web._get(board_id).game.agree_draw()
    return _state(board_id)


def game_close(board_id: str) -> dict[str, Any]:
    _duo.pop(board_id, None)
    _computer.pop(board_id, None)
    web._boards.pop(board_id, None)
    return {"ok": True, "board_id": board_id}


OPS = {
    name: fn for name, fn in globals().items()
    if name.startswith("game_") and callable(fn)
}

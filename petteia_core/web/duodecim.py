"""Ludus duodecim scriptorum's session: a game played one die at a time (``step``, ``unstep``,
``commit``), on the play page and on a page's explorable board.

``rolls`` are the rolls of the game's first turns (turn k uses ``rolls[k]``; later turns roll at
random); ``marks`` (point -> highlight kind) are drawn while no step has been played.
"""

from __future__ import annotations

from typing import Any

from ..duodecim import ENTER, OFF, POINT_NAMES, DuodecimGame, point_name
from ..duodecim.notation import normalize_dice
from ..errors import PetteiaError
from ..render import HIGHLIGHT_KINDS, duodecim_svg
from .words import SIDE_NAMES, result_sentence, status_sentence, step_sentence
from .session import GameSession, pairs, position_after, search, thought


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


def step_dict(step) -> dict[str, Any]:
    return {
        "from": "enter" if step.frm == ENTER else point_name(step.frm),
        "to": "off" if step.to == OFF else point_name(step.to),
        "die": step.die,
        "hit": bool(step.hit),
        "text": step.text(),
    }


def turn_dict(played) -> dict[str, Any]:
    """The last turn for the page: its side, roll, steps and the dice it could not use."""
    dice = [played.dice[0]] * 4 if played.dice[0] == played.dice[1] else list(played.dice)
    for step in played.steps:
        dice.remove(step.die)
    return {"side": played.side, "dice": list(played.dice), "steps": [step_dict(s) for s in played.steps],
            "unused": dice}


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

    def state(self) -> dict[str, Any]:
        self.ready()
        game = self.game
        result = game.result
        pos = game.position
        shown = pos
        if self.prefix and result is None:
            shown = after_steps(pos, self.prefix)
        steps = game.legal_steps(self.prefix) if result is None else []
        complete = result is None and pos.is_turn_complete(self.prefix)
        hist = game.history
        highlights: dict[str, str] = {}
        if self.prefix:
            for s in self.prefix:
                if s.to != OFF:
                    highlights[point_name(s.to)] = "to"
        elif hist and hist[-1].steps:
            for s in hist[-1].steps:
                if s.to != OFF:
                    highlights[point_name(s.to)] = "to"
        elif not hist:
            highlights = dict(self.marks)
        svg = duodecim_svg(
            shown.points_map(), bar=shown.bar, off=shown.off, hand=shown.hand,
            dice=pos.dice if result is None else None, highlights=highlights, board_id=self.board_id,
            title="Duodecim scripta board",
        )
        first = game.start_position.turn
        plies = [(1 + (k + (1 if first == "b" else 0)) // 2, played.side, played.text()) for k, played in enumerate(hist)]
        turn = pos.turn
        result_dict = None
        if result is None:
            desc = f"{SIDE_NAMES[turn]} to move. Dice: {pos.dice[0]} and {pos.dice[1]}."
            if self.prefix:
                desc += " Steps so far: " + " ".join(s.text() for s in self.prefix) + "."
        else:
            text = result_sentence(result.score, result.reason, result.winner)
            result_dict = {"score": result.score, "reason": result.reason, "winner": result.winner, "text": text}
            desc = "Game over: " + text
        desc += (f" White: {shown.hand[0]} to enter, {shown.bar[0]} hit, {shown.off[0]} borne off."
                 f" Black: {shown.hand[1]} to enter, {shown.bar[1]} hit, {shown.off[1]} borne off.")
        return {
            "ok": True,
            "kind": "duodecim",
            "board_id": self.board_id,
            "ruleset": "duodecim",
            "position": pos.to_string(),
            "turn": turn,
            "dice": list(pos.dice) if pos.dice and result is None else None,
            "svg": svg,
            "steps": [step_dict(s) for s in steps],
            "prefix": [s.text() for s in self.prefix],
            "complete": complete,
            "void": result is None and not self.prefix and not steps,
            "hand": list(shown.hand), "bar": list(shown.bar), "off": list(shown.off),
            "moves": [],
            "last_move": {"text": hist[-1].text()} if hist else None,
            "last_turn": turn_dict(hist[-1]) if hist else None,
            "moves_list": pairs(plies),
            "record": game.record(),
            "result": result_dict,
            "description": desc,
            "status": status_sentence(
                turn, result=result_dict["text"] if result_dict else None, computer=self.computer,
                dice=pos.dice if result is None else None,
                extra=(f"Steps so far: {' '.join(s.text() for s in self.prefix)}." if self.prefix
                       else "No piece can move: the roll is void." if result is None and not steps else ""),
                last=f"Last turn: {SIDE_NAMES[hist[-1].side]} {hist[-1].text()}." if hist else ""),
            "ply": len(hist),
            "can_undo": self.can_undo(),
            "can_redo": game.can_redo,
            "can_draw": False,  # a race game has no draws
            "puzzle": None,
            "computer": self.computer,
        }

    # ------------------------------------------------------------------ the verbs
    def play(self, frm: Any = None, to: Any = None, notation: str | None = None) -> dict[str, Any]:
        """A whole turn in notation (one die at a time: :meth:`step`)."""
        self.ready()
        self.readers_input()
        if notation is None:
            raise PetteiaError("a Duodecim turn is played with step, or as text in notation")
        self.game.play(notation)
        self.prefix = []
        return self.state()

    def think(self, level: int = 3, seed: int = 0, node_limit: int | None = None) -> dict[str, Any]:
        self.computers_turn()
        game = self.game
        game.roll()
        found = search(game.position, level, seed, node_limit)
        game.play(found.move)
        self.prefix = []
        state = self.state()
        state["thought"] = thought(found)
        return state

    def reset(self) -> dict[str, Any]:
        self.game = DuodecimGame(self.game.start_position.with_dice(None))
        self.prefix = []
        return self.state()

    def flip(self, flipped: bool | None = None) -> dict[str, Any]:
        return self.state()  # the race track reads the same way for both players

    def step(self, frm: Any, to: Any, die: Any = None) -> dict[str, Any]:
        """Play one die, ``frm`` a point name or "enter", ``to`` a point name or "off".

        When the steps make a whole turn (no die left to use), the turn is played.
        """
        game = self.game
        if game.result is not None:
            raise PetteiaError(f"the game is over: {game.result}")
        self.readers_input()
        pos = game.position
        for step in game.legal_steps(self.prefix):
            sd = step_dict(step)
            if sd["from"] == frm and sd["to"] == to and (die is None or int(die) == step.die):
                waiting = after_steps(pos, self.prefix).bar[0 if pos.turn == "w" else 1] > 0
                self.prefix.append(step)
                break
        else:
            raise PetteiaError(f"{frm}-{to} is not a legal step here")
        if not game.legal_steps(self.prefix) and pos.is_turn_complete(self.prefix):
            game.play(tuple(self.prefix))
            self.prefix = []
        state = self.state()
        state["said"] = step_sentence(pos.turn, pos.dice, sd, waiting=waiting, after=state)
        return state

    def unstep(self) -> dict[str, Any]:
        self.readers_input()
        if self.prefix:
            self.prefix.pop()
        return self.state()

    def commit(self) -> dict[str, Any]:
        """Play the chosen steps as the turn (no steps: a void roll, if nothing can move)."""
        game = self.game
        self.readers_input()
        pos = game.position
        if not pos.is_turn_complete(self.prefix):
            raise PetteiaError("the turn is not finished: every die that can be used must be used")
        void = not self.prefix
        game.play(tuple(self.prefix))
        self.prefix = []
        state = self.state()
        if void:
            state["said"] = step_sentence(pos.turn, pos.dice, None, waiting=False, after=state)
        else:
            state["said"] = f"{SIDE_NAMES[pos.turn]} plays {state['last_move']['text']}. {state['status']}"
        return state

    def at(self, ply: Any) -> dict[str, Any]:
        """A read-only picture of the position after ``ply`` turns (0: the start)."""
        ply = int(ply)
        pos, last = position_after(self.game, ply)
        svg = duodecim_svg(pos.points_map(), bar=pos.bar, off=pos.off, hand=pos.hand,
                           board_id=f"{self.board_id}-at", title=f"Position after {ply} turns")
        text = f"Position after turn {ply}: " + (last.text() if last else "the start") + "."
        return {"ok": True, "ply": ply, "svg": svg, "description": text}

    def offer_draw(self, level: int = 3, side: str | None = None) -> dict[str, Any]:
        raise PetteiaError("Duodecim scripta has no draws")

    def agree_draw(self) -> dict[str, Any]:
        raise PetteiaError("Duodecim scripta has no draws")

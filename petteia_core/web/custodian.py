"""The custodian games' session (classic, vagi, Poleis, tournament, Kubeia): a fence's board in
a page, and the play page's game, with the computer's side when it plays one.

Its state carries everything a page may show: the SVG, the legal moves, the last move, the result
in words, a description for screen readers, the move list (numbered pairs) and the game record.
A page's board (``brief``) says a result shortly ('White wins (rout), 1-0.'), the play page with
its reason ('Black wins: White resigned (0-1).').
"""

from __future__ import annotations

from typing import Any

from ..board import square_name
from ..errors import PetteiaError
from ..game import Game
from ..moves import Move
from ..render import board_svg, describe_pieces
from .words import SIDE_NAMES, move_words, result_sentence, status_sentence
from .words import side as side_of
from .session import GameSession, move_dict, pairs, position_after, search, thought


class CustodianSession(GameSession):
    """One custodian board: its game, the position it started from and how it is shown.

    ``arrows`` ([(from, to)]), ``highlights`` ({square: kind}) and ``last`` ((from, to)) are the
    page's marks on the starting position, drawn until a move is made.
    """

    kind = "custodian"

    def __init__(self, board_id: str, ruleset: str, game: Game, *, start: str | None = None,
                 flipped: bool = False, caption: str | None = None, attic: bool = False,
                 arrows: Any = None, highlights: Any = None, last: Any = None,
                 computer: str | None = None, brief: bool = True) -> None:
        super().__init__(board_id, computer)
        self.hints = 0  # "Show a good move" used so far (kept in the record's tags: with_hints)
        self.suggested: tuple[int, int, int] | None = None  # (from, to, ply) of the last hint, until a move
        self.ruleset = ruleset
        self.start = start
        self.game = game
        self.flipped = bool(flipped)
        self.caption = caption
        self.attic = bool(attic)
        self.arrows = [(int(a), int(b)) for a, b in (arrows or [])]
        self.highlights = {int(k): str(v) for k, v in (highlights or {}).items()}
        self.last = (int(last[0]), int(last[1])) if last else None
        self.brief = brief

    # ------------------------------------------------------------------ the protocol's hooks
    def movers(self) -> list[str]:
        game = self.game
        return [side_of(before.turn) for before in game.positions[: len(game.history)]]

    def turn(self) -> str:
        return side_of(self.game.position.turn)

    def undo_one(self) -> None:
        if self.game.can_undo:
            self.game.undo()

    def redo_one(self) -> None:
        if self.game.can_redo:
            self.game.redo()

    def line_info(self) -> tuple[dict[str, Any] | None, Move | None, bool]:
        """(the line shown with the state, the move redo would play, whether redo follows a line);
        a board without a line has (None, the game's next redo, False)."""
        return None, self.game.next_redo, False

    def result_dict(self) -> dict[str, Any] | None:
        result = self.game.result
        if result is None:
            return None
        return {"score": result.score, "reason": result.reason, "winner": result.winner,
                "text": result_sentence(result.score, result.reason, result.winner, brief=self.brief)}

    # ------------------------------------------------------------------ the state
    def state(self) -> dict[str, Any]:
        game = self.game
        pos = game.position
        width, height = pos.width, pos.height
        pieces = pos.piece_map()
        result = game.result
        if result is None and game.needs_roll:
            game.roll()  # a Kubeia turn starts with its roll (legal_moves() does not roll)
        legal = game.legal_moves() if result is None else []
        pos = game.position
        history = game.history
        last = history[-1] if history else None
        line, next_move, following = self.line_info()
        if last is not None:
            highlights = {c: "capture" for c in last.captures}
            arrows: list[tuple[int, int]] = []
            last_pair = (last.frm if last.frm is not None else last.to, last.to)
        else:
            highlights, arrows, last_pair = dict(self.highlights), list(self.arrows), self.last
        if self.suggested is not None and self.suggested[2] == len(history):
            arrows = [*arrows, self.suggested[:2]]  # "Show a good move", until a move is made
        svg = board_svg(width, height, pieces, highlights=highlights, arrows=arrows, last_move=last_pair,
                        flipped=self.flipped, attic_rows=self.attic, caption=self.caption, board_id=self.board_id)
        turn = side_of(pos.turn)
        result_dict = self.result_dict()
        dice = getattr(pos, "dice", None)
        parts = [line["text"]] if line else []
        if result_dict is None:
            parts.append(f"{SIDE_NAMES[turn]} to move.")
            if dice:
                parts.append(f"Dice: {dice[0]} and {dice[1]}.")
        else:
            parts.append(f"Game over: {result_dict['text']}")
        parts.append(describe_pieces(pieces, width))
        hand = getattr(pos, "hand", (0, 0))
        if hand and any(hand):
            parts.append(f"In hand: White {hand[0]}, Black {hand[1]}.")
        if last is not None:
            parts.append(f"Last move: {move_words(last, width)}.")
        plies = []
        for before, move in zip(game.positions, history):
            text = move.text(before.width)
            if before.dice:
                text = f"{max(before.dice)}{min(before.dice)} {text}"
            plies.append((before.move_no, side_of(before.turn), text))
        return {
            "ok": True,
            "kind": "custodian",
            "board_id": self.board_id,
            "ruleset": self.ruleset,
            "position": pos.to_string(),
            "turn": turn,
            "width": width,
            "height": height,
            "flipped": self.flipped,
            "dice": list(dice) if dice else None,
            "svg": svg,
            "moves": [move_dict(m, width) for m in legal],
            "last_move": move_dict(last, width) if last is not None else None,
            "result": result_dict,
            "description": " ".join(parts),
            "status": status_sentence(
                turn, result=result_dict["text"] if result_dict else None, computer=self.computer, dice=dice,
                last=f"Last move {last.text(width)}." if last is not None else ""),
            "ply": len(history),
            "puzzle": None,
            "can_undo": self.can_undo(),
            "can_redo": game.can_redo or following,
            # What redo would play (the page animates it) and the board's line, if it has one.
            "redo_move": move_dict(next_move, width) if next_move is not None else None,
            "line": line,
            "moves_list": pairs(plies),
            "record": with_hints(game.record(), self.hints),
            "hints": self.hints,
            "can_draw": result is None,
            "computer": self.computer,
        }

    # ------------------------------------------------------------------ the verbs
    def suggest(self, level: int = 4, seed: int = 0) -> dict[str, Any]:
        """"Show a good move": the move the computer at ``level`` would play for the reader, drawn
        as an arrow until a move is made (``suggestion`` in the reply) and counted in the record."""
        game = self.game
        if game.result is not None:
            raise PetteiaError(f"the game is over: {game.result}")
        if self.computer is not None and self.turn() == self.computer:
            raise PetteiaError("it is the computer's turn: a good move is shown on yours")
        if not isinstance(level, int) or not 1 <= level <= 5:
            raise PetteiaError(f"level must be 1 to 5, not {level!r}")
        if game.needs_roll:
            game.roll()
        found = search(game.position, level, seed, None, history=game.positions)
        move = found.move
        self.hints += 1
        self.suggested = (move.frm if move.frm is not None else move.to, move.to, len(game.history))
        state = self.state()
        state["suggestion"] = move_dict(move, game.position.width)
        return state

    def find_move(self, frm: Any, to: Any, notation: str | None) -> Move:
        """The legal move given by squares (``frm`` None = placement) or by ``notation``."""
        game = self.game
        if notation is not None:
            from ..notation import parse_move

            return parse_move(notation, game.position)
        if to is None:
            raise PetteiaError("play needs a destination square or a move in notation")
        for move in game.legal_moves():
            if move.frm == frm and move.to == to:
                return move
        width = game.position.width
        frm_name = "hand" if frm is None else square_name(frm, width)
        raise PetteiaError(f"{frm_name}-{square_name(to, width)} is not a legal move here")

    def play(self, frm: Any = None, to: Any = None, notation: str | None = None) -> dict[str, Any]:
        self.readers_input()
        if notation is not None:
            self.game.play(notation)
        else:
            self.game.play(self.find_move(frm, to, None))
        self.after_move()
        return self.state()

    def after_move(self) -> None:
        """What a board does once the reader has moved (a line keeps its rest ahead)."""

    def think(self, level: int = 3, seed: int = 0, node_limit: int | None = None) -> dict[str, Any]:
        """The computer plays one move for the side to move (petteia_core.ai, ``level`` 1–5).

        ``node_limit`` replaces the level's node budget (tests and benchmarks)."""
        self.computers_turn()
        game = self.game
        if game.needs_roll:
            game.roll()
        found = search(game.position, level, seed, node_limit, history=game.positions)
        game.play(found.move)
        state = self.state()
        state["thought"] = thought(found)
        return state

    def reset(self) -> dict[str, Any]:
        """Back to the board's starting position; the history is dropped (a variant stays one)."""
        self.game = Game(self.game.rules, self.start)
        return self.state()

    def flip(self, flipped: bool | None = None) -> dict[str, Any]:
        """Turn the board round (or set which side is at the bottom)."""
        self.flipped = (not self.flipped) if flipped is None else bool(flipped)
        return self.state()

    def at(self, ply: Any) -> dict[str, Any]:
        """A read-only picture of the position after ``ply`` plies (0: the start)."""
        ply = int(ply)
        pos, last = position_after(self.game, ply)
        pieces = pos.piece_map()
        svg = board_svg(
            pos.width, pos.height, pieces,
            highlights={c: "capture" for c in last.captures} if last else {},
            last_move=((last.frm if last.frm is not None else last.to), last.to) if last else None,
            flipped=self.flipped, board_id=f"{self.board_id}-at",
        )
        said = move_words(last, pos.width) if last else "the start"
        text = f"Position after move {ply} ({said}). " + describe_pieces(pieces, pos.width)
        return {"ok": True, "ply": ply, "svg": svg, "description": text}

    def offer_draw(self, level: int = 3, side: str | None = None) -> dict[str, Any]:
        """The computer (the side not offering: by default the side not to move) answers a draw offer.

        It accepts when its evaluation of the position is about equal or worse for itself.
        """
        game = self.game
        if game.result is not None:
            raise PetteiaError(f"the game is over: {game.result}")
        from ..ai.evaluate import Evaluator

        pos = game.position
        offerer = side or pos.side_to_move
        score = Evaluator(pos.rules, pos.geo).evaluate(pos)  # for the side to move
        mine = -score if side_of(pos.turn) == offerer else score  # for the computer
        accepted = mine <= 60
        if accepted:
            game.agree_draw()
        state = self.state()
        state["draw"] = {"accepted": accepted, "score": mine}
        return state

    def agree_draw(self) -> dict[str, Any]:
        """Two players on one device: the other player said yes."""
        self.game.agree_draw()
        return self.state()


# ------------------------------------------------------------------ hints in the record
HINTS_TAG = "Hints"


def with_hints(record: str, hints: int) -> str:
    """``record`` with a ``[Hints "N"]`` tag after its other tags when the reader used N > 0
    hints ("Show a good move"): a game played with help says so wherever its record goes."""
    if hints <= 0:
        return record
    lines = record.split("\n")
    at = 0
    while at < len(lines) and lines[at].startswith("["):
        at += 1
    return "\n".join([*lines[:at], f'[{HINTS_TAG} "{hints}"]', *lines[at:]])


def hints_from(record: str) -> int:
    """The hints a record's ``[Hints "N"]`` tag says were used (0 without the tag)."""
    from ..notation import tokenize_record

    value = tokenize_record(record)[0].get(HINTS_TAG.lower())
    if value is None:
        return 0
    if not value.strip().isdigit():
        raise PetteiaError(f'the record\'s [Hints "{value}"] tag must be a whole number of hints')
    return int(value)

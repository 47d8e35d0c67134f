"""The state of a custodian game (Petteia, Poleis, Ludus latrunculorum) and of a puzzle on it."""

from __future__ import annotations

from typing import Any

from ...board import square_name
from ...moves import Move
from ...render import describe_pieces, position_svg
from ..words import (
    board_description, last_move_sentence, move_words, placement_sentence, position_after_move, restricted_sentence,
    status_sentence,
)
from ..words import side as side_of
from .parts import move_dict, latrunculi_dict, latrunculi_plies, pairs, result_dict, at_reply


def _army(position: Any) -> bool:
    return position.rules.setup == "army"


def restricted(pos: Any, legal: list[Move], width: int) -> dict[str, Any] | None:
    """When a rule keeps pieces that could otherwise move from moving (a compulsory capture; in
    Kubeia, the roll): the pieces that may move, and the sentence that says why. None otherwise."""
    if not legal or pos.placing:
        return None
    if pos.rules.extended and pos.again >= 0:  # Bell: only the capturing piece moves again
        from ..latrunculi_words import turn_sentence

        return {"from": [pos.again], "text": turn_sentence(pos, side_of(pos.turn), [])}
    froms = sorted({m.frm for m in legal if m.frm is not None})
    could = {f for f, _t in pos.generate()[0] if f >= 0}
    capture = pos.rules.mandatory_capture and all(m.captures for m in legal)
    if not capture and not pos.dice:
        return None
    if capture and could <= set(froms):
        return None  # every piece that could move may: nothing is held back
    names = [square_name(sq, width) for sq in froms]
    return {"from": froms, "text": restricted_sentence(names, capture=capture, dice=pos.dice)}


# ------------------------------------------------------------------ a custodian board
def custodian_state(session: Any) -> dict[str, Any]:
    """The state of a custodian board (a page's board, a line, the play page's game)."""
    game = session.game
    pos = game.position
    width = pos.width
    pieces = pos.piece_map()
    result = game.result
    legal = game.legal_moves() if result is None and not game.needs_roll else []
    history = game.history
    last = history[-1] if history else None
    line, next_move, following = session.line_info()
    if last is not None:
        marks: dict[int, str] = {c: "capture" for c in last.captures}
        arrows: list[tuple[int, int]] = []
        last_pair = (last.frm if last.frm is not None else last.to, last.to)
    else:
        marks, arrows, last_pair = dict(session.highlights), list(session.arrows), session.last
    suggested = session.suggested
    if suggested is not None and suggested[2] == len(history):
        arrows = [*arrows, suggested[:2]]  # "Show a good move", until a move is made
    svg = position_svg(pos, last=last_pair, marks=marks, arrows=arrows, flipped=session.flipped,
                       attic=session.attic, caption=session.caption, board_id=session.board_id)
    turn = side_of(pos.turn)
    result_d = result_dict(result, brief=session.brief)
    dice = getattr(pos, "dice", None)
    hand = getattr(pos, "hand", (0, 0))
    description = board_description(
        line=line["text"] if line else None, turn=turn, dice=dice,
        result=result_d["text"] if result_d else None,
        pieces=describe_pieces(pieces, width, army=_army(pos), latrunculi=pos.rules.extended),
        hand=tuple(hand) if hand and any(hand) else None,
        last=move_words(last, width) if last is not None else None)
    plies = []
    for before, move in zip(game.positions, history):
        text = move.text(before.width)
        if before.dice:
            text = f"{max(before.dice)}{min(before.dice)} {text}"
        plies.append((before.move_no, side_of(before.turn), text))
    lat = pos.rules.extended
    lat_d = latrunculi_dict(pos, legal, turn)
    extra = lat_d["text"] if lat_d else ""
    if not lat and result_d is None and any(m.frm is None for m in legal):  # Poleis' placement phase
        extra = placement_sentence(hand[0 if turn == "w" else 1])
    return {
        "ok": True,
        "kind": "custodian",
        "board_id": session.board_id,
        "ruleset": session.ruleset,
        "position": pos.to_string(),
        "turn": turn,
        "width": width,
        "height": pos.height,
        "flipped": session.flipped,
        "dice": list(dice) if dice else None,
        "svg": svg,
        "moves": [move_dict(m, width, latrunculi=lat) for m in legal],
        "last_move": move_dict(last, width, latrunculi=lat) if last is not None else None,
        "result": result_d,
        "description": description,
        "status": status_sentence(
            turn, result=result_d["text"] if result_d else None, computer=session.computer, dice=dice,
            extra=extra,
            last=last_move_sentence(last.text(width)) if last is not None else ""),
        "ply": len(history),
        "puzzle": None,
        "can_undo": session.can_undo(),
        "can_redo": game.can_redo or following,
        # What redo would play (the page animates it) and the board's line, if it has one.
        "redo_move": move_dict(next_move, width, latrunculi=lat) if next_move is not None else None,
        "line": line,
        "moves_list": pairs(latrunculi_plies(plies) if lat else plies),
        "record": session.record(),
        "hints": session.hints,
        "can_draw": result is None,
        "computer": session.computer,
        "restricted": restricted(pos, legal, width),
        "latrunculi": lat_d,
    }


def custodian_at(session: Any, ply: int, pos: Any, last: Move | None) -> dict[str, Any]:
    """A read-only picture of a custodian game's position after ``ply`` plies."""
    svg = position_svg(
        pos, marks={c: "capture" for c in last.captures} if last else {},
        last=((last.frm if last.frm is not None else last.to), last.to) if last else None,
        flipped=session.flipped, board_id=f"{session.board_id}-at")
    pieces = describe_pieces(pos.piece_map(), pos.width, army=_army(pos), latrunculi=pos.rules.extended)
    said = move_words(last, pos.width) if last else None
    return at_reply(ply, svg, position_after_move(ply, said, pieces))




def puzzle_state(session: Any, summary: dict[str, Any]) -> dict[str, Any]:
    """A custodian puzzle's state: the board's, with how the reader is doing (``trainer``)."""
    state = custodian_state(session)
    solved = session.status == "solved"
    state["trainer"] = {
        **summary,
        "status": session.status,
        "text": session.text,
        "ply": session.ply,
        "refutation": session.reply,
        "your_turn": session.status in ("todo", "right") and session.ply < len(session.puzzle.solution),
        "solved_by": session.solved_by if solved else None,
        "attempt": session.attempt.as_dict(),
    }
    # A page's board says how the reader is doing in its own status line.
    state["puzzle"] = {"status": session.status, "text": session.text} if session.refuse else None
    if session.refuse:
        state["status"] = f"{session.text} {state['status']}"
    if session.wrong or session.status == "shown" or (solved and not session.refuse):
        state["moves"] = []  # nothing to play until "Try again" / the next puzzle
    return state


def refutation_dict(move: Move, width: int) -> dict[str, Any]:
    """The reply that refutes a wrong move, for the page to draw."""
    return {"text": move.text(width), "from": move.frm, "to": move.to}


def with_shown(state: dict[str, Any]) -> dict[str, Any]:
    """A puzzle's state as "Show solution" answers it (the trainer's ``shown``)."""
    state["trainer"]["shown"] = True
    return state

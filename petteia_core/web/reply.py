"""The one reply builder: every state a session sends the page is made here, and only here are its
keys named (tests/test_web_contract.py holds the contract).

A builder reads a session and never changes it: it rolls no dice and plays no move (the verbs that
change a game make its next turn ready before they answer, :meth:`.session.Session.after_change`).
Pictures are drawn by :func:`petteia_core.render.position_svg` from the positions themselves, so a
live board draws its pieces as the rules have them, like a board drawn at build time.
"""

from __future__ import annotations

from typing import Any

from ..duodecim import ENTER, OFF, point_name
from ..board import square_name
from ..moves import Move
from ..render import describe_pieces, position_svg
from .words import (
    board_description, duodecim_board_title, duodecim_description, last_move_sentence, last_turn_sentence,
    move_words, position_after_move, position_after_turn, position_after_turns_title, puzzle_source, restricted_sentence,
    result_sentence, status_sentence, steps_so_far, void_roll,
)
from .words import side as side_of


# ------------------------------------------------------------------ parts
def move_dict(move: Move, width: int, *, latrunculi: bool = False) -> dict[str, Any]:
    """A custodian move for the page: its squares, captures and notation. A Ludus latrunculorum
    move adds the squares a jump chain stands on between (``path``), the enemy pieces it binds
    (``bound``) and whether it is a removal turn (``removal``: ``from`` None, ``to`` the piece
    taken); ``from`` None without ``removal`` is a placement."""
    out = {"from": move.frm, "to": move.to, "captures": list(move.captures), "text": move.text(width)}
    if latrunculi:
        out.update(path=list(move.path), bound=list(move.bound), removal=move.removal)
    return out


def latrunculi_dict(pos: Any, legal: list[Move], turn: str) -> dict[str, Any] | None:
    """What a Ludus latrunculorum board adds (None for the other games): the pieces in hand, the
    placement phase, the piece owing a Bell extra move, the dux and the bound pieces, the bound
    pieces a removal may take now, and the turn in words."""
    if not pos.rules.extended:
        return None
    from ..geometry import bits
    from .latrunculi_words import turn_sentence

    removals = [m.to for m in legal if m.removal]
    return {
        "hand": list(pos.hand), "placing": pos.placing, "again": pos.again if pos.again >= 0 else None,
        "dux": list(bits(pos.dux)), "bound": list(bits(pos.bound)), "removals": removals,
        "text": turn_sentence(pos, turn, removals) if legal else "",
    }


def _latrunculi_plies(plies: list[tuple[int, str, str]]) -> list[tuple[int, str, str, int]]:
    """A latrunculi game's plies with a side's consecutive plies of one move number (Bell's second
    placement and extra moves) in one half-move, as its record writes them; each with the plies
    played after it."""
    out: list[tuple[int, str, str, int]] = []
    for k, (number, side, text) in enumerate(plies):
        if out and out[-1][:2] == (number, side):
            out[-1] = (number, side, f"{out[-1][2]} {text}", k + 1)
        else:
            out.append((number, side, text, k + 1))
    return out


def step_dict(step: Any) -> dict[str, Any]:
    """One die of a Duodecim turn for the page."""
    return {
        "from": "enter" if step.frm == ENTER else point_name(step.frm),
        "to": "off" if step.to == OFF else point_name(step.to),
        "die": step.die,
        "hit": bool(step.hit),
        "text": step.text(),
    }


def turn_dict(played: Any) -> dict[str, Any]:
    """The last Duodecim turn for the page: its side, roll, steps and the dice it could not use."""
    dice = [played.dice[0]] * 4 if played.dice[0] == played.dice[1] else list(played.dice)
    for step in played.steps:
        dice.remove(step.die)
    return {"side": played.side, "dice": list(played.dice), "steps": [step_dict(s) for s in played.steps],
            "unused": dice}


def pairs(plies: list[tuple[int, str, str]] | list[tuple[int, str, str, int]]) -> list[dict[str, Any]]:
    """[(number, side, text[, ply])] -> [{number, w: {ply, text}|None, b: ...}] (ply = plies after
    it: by default its place in the list)."""
    rows: list[dict[str, Any]] = []
    for k, (number, side, text, *after) in enumerate(plies):
        if not rows or rows[-1]["number"] != number or rows[-1][side] is not None or (side == "w" and rows[-1]["b"]):
            rows.append({"number": number, "w": None, "b": None})
        rows[-1][side] = {"ply": after[0] if after else k + 1, "text": text}
    return rows


def result_dict(result: Any, *, brief: bool = False) -> dict[str, Any] | None:
    """A game's result for the page (None while it goes on), with its sentence."""
    if result is None:
        return None
    return {"score": result.score, "reason": result.reason, "winner": result.winner,
            "text": result_sentence(result.score, result.reason, result.winner, brief=brief)}


def thought(found: Any) -> dict[str, Any]:
    """How hard the computer looked, for the page: depth, nodes, milliseconds, stopped early or not."""
    return {"depth": found.depth, "nodes": found.nodes, "ms": round(found.elapsed * 1000), "stopped": found.stopped}


def with_thought(state: dict[str, Any], found: Any) -> dict[str, Any]:
    """A state after the computer's move, with how hard it looked."""
    state["thought"] = thought(found)
    return state


def with_suggestion(state: dict[str, Any], move: Move, width: int) -> dict[str, Any]:
    """A state with "Show a good move"'s move."""
    state["suggestion"] = move_dict(move, width)
    return state


def with_draw(state: dict[str, Any], accepted: bool, score: int) -> dict[str, Any]:
    """A state after a draw offer, with the computer's answer and its evaluation."""
    state["draw"] = {"accepted": accepted, "score": score}
    return state


def with_said(state: dict[str, Any], said: str) -> dict[str, Any]:
    """A Duodecim state with what the step or turn did, for the spoken line."""
    state["said"] = said
    return state


def line_dict(texts: list[str], length: int, ply: int | None, text: str) -> dict[str, Any]:
    """A board's line for the page: its moves, where the game stands in it and a sentence."""
    return {"moves": texts, "length": length, "ply": ply, "text": text}


def at_reply(ply: int, svg: str, description: str) -> dict[str, Any]:
    """A read-only picture of an earlier position (``at``)."""
    return {"ok": True, "ply": ply, "svg": svg, "description": description}


def hint_reply(step: int, frm: int | None, to: int | None, text: str, attempt: dict[str, Any]) -> dict[str, Any]:
    """A puzzle's hint: its step (1: the piece, 2: the move), the squares to mark, a sentence and
    the attempt (a hint ends the first try)."""
    return {"ok": True, "step": step, "from": frm, "to": to, "text": text, "attempt": attempt}


def closed_reply(board_id: str) -> dict[str, Any]:
    return {"ok": True, "board_id": board_id}


def moves_reply(moves: list[dict[str, Any]]) -> dict[str, Any]:
    """The legal moves (``moves``) as a reply."""
    return {"ok": True, "moves": moves}


def error_reply(message: str) -> dict[str, Any]:
    return {"ok": False, "error": message}


def _army(position: Any) -> bool:
    return position.rules.setup == "army"


def restricted(pos: Any, legal: list[Move], width: int) -> dict[str, Any] | None:
    """When a rule keeps pieces that could otherwise move from moving (a compulsory capture; in
    Kubeia, the roll): the pieces that may move, and the sentence that says why. None otherwise."""
    if not legal or pos.placing:
        return None
    if pos.rules.extended and pos.again >= 0:  # Bell: only the capturing piece moves again
        from .latrunculi_words import turn_sentence

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
            extra=lat_d["text"] if lat_d else "",
            last=last_move_sentence(last.text(width)) if last is not None else ""),
        "ply": len(history),
        "puzzle": None,
        "can_undo": session.can_undo(),
        "can_redo": game.can_redo or following,
        # What redo would play (the page animates it) and the board's line, if it has one.
        "redo_move": move_dict(next_move, width, latrunculi=lat) if next_move is not None else None,
        "line": line,
        "moves_list": pairs(_latrunculi_plies(plies) if lat else plies),
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


# ------------------------------------------------------------------ the puzzle collection
def puzzle_summary(p: Any, *, game: str, goal: str, rating: int | None) -> dict[str, Any]:
    """What the trainer shows of a puzzle (in the list, and in every state of its session)."""
    return {
        "id": p.id,
        "ruleset": p.ruleset,
        "game": game,
        "goal": goal,
        "kind": p.goal.kind if p.goal is not None else "line",
        "themes": list(p.themes),
        "difficulty": p.difficulty,
        "rating": rating,
        "source": puzzle_source(p.source),
        "roll": p.roll,
        "side": p.position.split()[1] if len(p.position.split()) > 1 else "w",
        "plies": len(p.solution),
    }


def collection_reply(puzzles: list[dict[str, Any]], *, total: int, rulesets: dict[str, str],
                     themes: list[str]) -> dict[str, Any]:
    """The puzzles matching the trainer's filters, with the filters' choices."""
    return {"ok": True, "puzzles": puzzles, "total": total,
            "rulesets": [{"id": k, "name": name} for k, name in rulesets.items()], "themes": themes}


def daily_reply(puzzle_id: str, date: str, summary: dict[str, Any]) -> dict[str, Any]:
    return {"ok": True, "id": puzzle_id, "date": date, "puzzle": summary}


def unknown_reply(unknown: list[str], text: str) -> dict[str, Any]:
    """The ids the collection lacks, and their list as the reader is told it."""
    return {"ok": True, "unknown": unknown, "text": text}


# ------------------------------------------------------------------ a puzzle on a custodian board
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


# ------------------------------------------------------------------ Duodecim
def duodecim_state(session: Any) -> dict[str, Any]:
    """The state of a Duodecim game, the steps of the turn being chosen drawn on the board."""
    game = session.game
    prefix = session.prefix
    result = game.result
    pos = game.position
    shown = session.shown_position()
    steps = game.legal_steps(prefix) if result is None and pos.dice else []
    complete = result is None and pos.dice is not None and pos.is_turn_complete(prefix)
    hist = game.history
    marks: dict[str, str] = {}
    if prefix:
        marks = {point_name(s.to): "to" for s in prefix if s.to != OFF}
    elif hist and hist[-1].steps:
        marks = {point_name(s.to): "to" for s in hist[-1].steps if s.to != OFF}
    elif not hist:
        marks = dict(session.marks)
    dice = pos.dice if result is None else None
    svg = position_svg(shown.with_dice(dice), marks=marks, board_id=session.board_id,
                       title=duodecim_board_title())
    first = game.start_position.turn
    plies = [(1 + (k + (1 if first == "b" else 0)) // 2, played.side, played.text()) for k, played in enumerate(hist)]
    turn = pos.turn
    result_d = result_dict(result)
    so_far = " ".join(s.text() for s in prefix)
    description = duodecim_description(
        turn=turn, dice=dice, so_far=so_far, result=result_d["text"] if result_d else None,
        hand=shown.hand, bar=shown.bar, off=shown.off)
    if prefix:
        extra = steps_so_far(so_far)
    elif result is None and not steps:
        extra = void_roll()
    else:
        extra = ""
    return {
        "ok": True,
        "kind": "duodecim",
        "board_id": session.board_id,
        "ruleset": "duodecim",
        "position": pos.to_string(),
        "turn": turn,
        "dice": list(dice) if dice else None,
        "svg": svg,
        "steps": [step_dict(s) for s in steps],
        "prefix": [s.text() for s in prefix],
        "complete": complete,
        "void": result is None and not prefix and not steps,
        "hand": list(shown.hand), "bar": list(shown.bar), "off": list(shown.off),
        "moves": [],
        "last_move": {"text": hist[-1].text()} if hist else None,
        "last_turn": turn_dict(hist[-1]) if hist else None,
        "moves_list": pairs(plies),
        "record": game.record(),
        "result": result_d,
        "description": description,
        "status": status_sentence(
            turn, result=result_d["text"] if result_d else None, computer=session.computer, dice=dice, extra=extra,
            last=last_turn_sentence(hist[-1].side, hist[-1].text()) if hist else ""),
        "ply": len(hist),
        "can_undo": session.can_undo(),
        "can_redo": game.can_redo,
        "can_draw": False,  # a race game has no draws
        "puzzle": None,
        "computer": session.computer,
    }


def duodecim_at(session: Any, ply: int, pos: Any, last: Any) -> dict[str, Any]:
    """A read-only picture of a Duodecim game's position after ``ply`` turns."""
    svg = position_svg(pos.with_dice(None), board_id=f"{session.board_id}-at",
                       title=position_after_turns_title(ply))
    return at_reply(ply, svg, position_after_turn(ply, last.text() if last else None))


def duodecim_puzzle_state(session: Any, summary: dict[str, Any]) -> dict[str, Any]:
    """A Duodecim trainer puzzle: the board's state (the steps played so far drawn), with how the
    reader is doing (``trainer``). No steps are offered once the turn is checked or shown."""
    state = duodecim_state(session)
    status = session.status
    state["trainer"] = {
        **summary, "status": status, "text": session.text, "ply": len(session.prefix),
        "your_turn": status == "todo", "attempt": session.attempt.as_dict(),
    }
    if status != "todo":
        state["steps"], state["void"] = [], False
    if status == "shown":
        state["trainer"]["solution"] = session.puzzle.solution[0]
    return state


def turn_check(correct: bool, text: str, solution: str | None = None,
               attempt: dict[str, Any] | None = None) -> dict[str, Any]:
    """Whether a whole Duodecim turn answers its puzzle (the solution comes with a right answer;
    the attempt when a session asked)."""
    out: dict[str, Any] = {"ok": True, "correct": correct, "text": text}
    if solution is not None:
        out["solution"] = solution
    if attempt is not None:
        out["attempt"] = attempt
    return out


# ------------------------------------------------------------------ the game review
def review_reply(judged: dict[str, Any], *, svg: str, text: str, plies: int, better: bool) -> dict[str, Any]:
    """One reviewed move: the review's figures (petteia_core.ai.review), a picture and a sentence."""
    out = dict(judged)
    out.update(ok=True, svg=svg, text=text, plies=plies, better=better)
    return out

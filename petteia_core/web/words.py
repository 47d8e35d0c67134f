"""Every word the boards say, in one place: side names, ruleset names, level names, moves and
results in words. The facade builds its sentences from here, and the build writes the parts the
front end needs into ``docs/assets/vendor/words.mjs`` (:func:`front_end`, written by
``site_scripts/vendor.py``), so play.js and trainer.js import them instead of keeping copies.
"""

from __future__ import annotations

from typing import Any

from ..board import square_name
from ..moves import Move

#: The two sides, as the facade names them ("w"/"b").
SIDE_NAMES = {"w": "White", "b": "Black"}

#: The rulesets in the order the pages offer them, with their names.
RULESET_NAMES = {
    "classic": "Classic Petteia",
    "vagi": "Ordinarii and vagi",
    "poleis": "Poleis",
    "tournament": "Tournament Petteia",
    "kubeia": "Kubeia",
    "duodecim": "Ludus duodecim scriptorum",
}

#: Why a game ended, in plain words ({winner} / {loser} are side names).
REASON_WORDS = {
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
    "time": "{loser}'s time ran out",
}


def side(turn: int | str) -> str:
    """The engine gives the side to move as 0/1 (or 'w'/'b'); the facade always says 'w'/'b'."""
    if turn in (0, "w"):
        return "w"
    if turn in (1, "b"):
        return "b"
    raise ValueError(f"unknown side {turn!r}")


def side_name(turn: int | str) -> str:
    return SIDE_NAMES[side(turn)]


def level_names() -> dict[int, str]:
    """The computer's levels by number (petteia_core.ai.LEVELS; imported only when asked)."""
    from ..ai.levels import LEVELS

    return {n: lv.name for n, lv in LEVELS.items()}


def result_sentence(score: str, reason: str, winner: str | None, *, brief: bool = False) -> str:
    """A result in words.

    The play page's sentence says why: 'Black wins: White resigned (0-1).'; a page's board
    (``brief``) names the reason only: 'White wins (rout), 1-0.'.
    """
    if brief:
        if winner is None:
            return f"Draw ({reason}), {score}."
        return f"{side_name(winner)} wins ({reason}), {score}."
    win = SIDE_NAMES.get(winner or "", "")
    lose = SIDE_NAMES["b" if winner == "w" else "w"] if winner else ""
    why = REASON_WORDS.get(reason, reason).format(winner=win, loser=lose)
    head = f"{win} wins" if winner else "Draw"
    return f"{head}: {why} ({score})."


def status_sentence(turn: str, *, result: str | None = None, computer: str | None = None,
                    dice: tuple[int, int] | list[int] | None = None, extra: str = "", last: str = "") -> str:
    """The status line under a board, one sentence for every kind of board.

    ``result``: the result's sentence ('Game over. White wins: …'); ``computer``: the side the computer
    plays, if it plays one ('White to move (you).'); ``extra``: what the turn has so far
    ('Steps so far: A8-A11*.'); ``last``: the last move or turn ('Last move Α1-Α3.').

    >>> status_sentence("w", dice=(5, 3), last="Last move Α1-Α3.")
    'White to move. Dice: 5–3. Last move Α1-Α3.'
    >>> status_sentence("b", computer="b")
    'Black to move (the computer).'
    """
    if result is not None:
        parts = [f"Game over. {result}"]
    else:
        who = "" if computer is None else (" (the computer)" if computer == turn else " (you)")
        parts = [f"{side_name(turn)} to move{who}."]
        if dice:
            parts.append(f"Dice: {dice[0]}–{dice[1]}.")
        if extra:
            parts.append(extra)
    if last:
        parts.append(last)
    return " ".join(parts)


def and_list(items: list[str]) -> str:
    """'5', '5 and 3', '6, 6 and 6'."""
    return items[0] if len(items) == 1 else f"{', '.join(items[:-1])} and {items[-1]}"


def step_sentence(side: str, dice: tuple[int, int] | list[int], step: dict[str, Any] | None, *, waiting: bool,
                  after: dict[str, Any]) -> str:
    """What one die of a Duodecim turn did, for the spoken line: the step (``None``: a void roll,
    passed), then what follows in ``after`` (the new state): the next roll, the result, or how
    many choices the next die has.

    >>> after = {"result": None, "prefix": ["A8-A11*"], "steps": [{}, {}]}
    >>> step_sentence("w", (5, 3), {"from": "A8", "to": "A11", "die": 3, "hit": True}, waiting=False, after=after)
    'White moves A8-A11 with the 3, hitting the black piece there: it must come back in. Next step: 2 choices.'
    """
    who, other = side_name(side), side_name("b" if side == "w" else "w").lower()
    if step is None:
        text = f"{who} cannot move with {dice[0]} and {dice[1]}: the roll is void."
    else:
        if step["from"] == "enter":
            text = f"{who} {'brings a hit piece back' if waiting else 'enters a piece'} on {step['to']}"
        elif step["to"] == "off":
            text = f"{who} bears a piece off from {step['from']}"
        else:
            text = f"{who} moves {step['from']}-{step['to']}"
        text += f" with the {step['die']}"
        text += f", hitting the {other} piece there: it must come back in." if step["hit"] else "."
    if after["result"]:
        return f"{text} {after['result']['text']}"
    turn = after.get("last_turn")
    if step is None or after["prefix"] == []:
        lost = [str(d) for d in (turn or {}).get("unused", [])]
        if lost and turn["steps"]:
            text += f" The {and_list(lost)} cannot be used and {'is' if len(lost) == 1 else 'are'} lost."
        d = after["dice"]
        text += f" {side_name(after['turn'])} rolls {d[0]} and {d[1]}."
        if after["void"]:
            text += " No piece can move: the roll is void."
        return text
    return f"{text} Next step: {plural(len(after['steps']), 'choice')}."


def move_words(move: Move, width: int) -> str:
    """A move in words for screen readers: 'Β2-Β6, captured Γ6' or 'placed on Δ4'."""
    if move.frm is None:
        words = f"placed on {square_name(move.to, width)}"
    else:
        words = f"{square_name(move.frm, width)}-{square_name(move.to, width)}"
    if move.captures:
        words += ", captured " + ", ".join(square_name(c, width) for c in move.captures)
    return words


def line_move_words(move: Move, width: int) -> str:
    """A move of a board's line: 'Η6-Γ6xΒ6, captures Β6' (the notation, then the captures)."""
    text = move.text(width)
    if move.captures:
        text += ", captures " + ", ".join(square_name(c, width) for c in move.captures)
    return text


def plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def front_end() -> dict[str, Any]:
    """What the front end imports (docs/assets/vendor/words.mjs): sides, rulesets, levels and the
    game review's marks (symbol and least loss in pieces, petteia_core.ai.review)."""
    from ..ai.review import MARKS, THRESHOLDS  # build time only: the worker's start never imports the AI

    least = dict(THRESHOLDS)
    return {
        "SIDES": dict(SIDE_NAMES),
        "RULESETS": dict(RULESET_NAMES),
        "LEVELS": {str(n): name for n, name in level_names().items()},
        "MARKS": {mark: {"symbol": symbol, "least": least.get(mark, 0)} for mark, symbol in MARKS.items()},
    }


def front_end_module() -> str:
    """:func:`front_end` as an ES module (one named export per table)."""
    import json

    lines = ["// Generated by site_scripts/vendor.py from petteia_core/web/words.py: do not edit."]
    for name, table in front_end().items():
        lines.append(f"export const {name} = Object.freeze({json.dumps(table, ensure_ascii=False)});")
    return "\n".join(lines) + "\n"

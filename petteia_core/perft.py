"""Perft: count the leaf positions of the legal-move tree, the standard check of a move generator.

A finished game has no moves. With dice (Kubeia), ply k uses roll k of ``rolls``. The threefold
repetition rule is tracked along the path, as in a real game starting from ``position`` (not in
the Ludus latrunculorum reconstructions: RULES.md §9.0 counts their perft without it).
"""

from __future__ import annotations

from collections.abc import Sequence

from .custodian import Position


def perft(position: Position, depth: int, rolls: Sequence[tuple[int, int]] | None = None) -> int:
    """Number of leaf positions ``depth`` plies below ``position``."""
    seen: dict[tuple, int] = {position.key(): 1}
    if position.result is not None:
        return 0 if depth else 1
    return _perft(position, depth, list(rolls or ()), 0, seen)


def _perft(pos: Position, depth: int, rolls: list, ply: int, seen: dict) -> int:
    if depth == 0:
        return 1
    if pos.rules.dice:
        if ply >= len(rolls):
            raise ValueError(f"perft needs a roll for ply {ply + 1}")
        pos = pos.with_dice(rolls[ply])
    pairs = pos.legal_pairs()
    if depth == 1:
        return len(pairs)
    total = 0
    # Ludus latrunculorum counts without the repetition rule (RULES.md §9.0, perft); a third
    # occurrence needs eight plies, so this changes counts from depth 9 only.
    repetition = pos.rules.repetition and not pos.rules.extended
    for pair in pairs:
        child = pos.after(*pair)
        key = child.key() if repetition else None
        count = seen.get(key, 0) + 1 if repetition else 0
        if child.terminal_without_siege(repeated=count >= 3) is not None:
            continue
        if repetition:
            seen[key] = count
        total += _perft(child, depth - 1, rolls, ply + 1, seen)
        if repetition:
            if count == 1:
                del seen[key]
            else:
                seen[key] = count - 1
    return total

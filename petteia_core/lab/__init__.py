"""The rules lab: the computer plays a ruleset (or a variant, RULES.md §8) against itself, and the
statistics say what kind of game it makes (issue #15).

* :mod:`.play` – one seeded self-play game and what the statistics need from it (:class:`GameRow`);
* :mod:`.race` – the same for Ludus duodecim scriptorum, the race game (turns, hits, the race's lead);
* :mod:`.variety` – seeded opening variety for the levels without randomness (3–5);
* :mod:`.run` – many games, in one or more processes or on a Dask cluster (:mod:`.cluster`, the
  optional extra ``lab``), resumable from a JSON-lines log;
* :mod:`.stats` – the figures: win rates with Wilson 95 % intervals, length quartiles, branching
  factor, captures, lead changes (drama), decisiveness; tests that two variants differ.

The command line is ``python -m petteia_core selfplay`` (:mod:`petteia_core.selfplay_cli`).
"""

from __future__ import annotations

from .play import CAP, LEAD_PLY, MAX_PLIES, GameRow, game_seed, play_game
from .run import run_games, run_key
from .stats import summarise, wilson

__all__ = ["CAP", "LEAD_PLY", "MAX_PLIES", "GameRow", "game_seed", "play_game", "run_games", "run_key",
           "summarise", "wilson"]

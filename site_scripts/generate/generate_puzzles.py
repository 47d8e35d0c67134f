"""Generate the puzzle collection (petteia_core/puzzles/data/<ruleset>.json).

Two batches per ruleset:

* *mined* puzzles (ids ``<ruleset>-NNN``), found in seeded self-play by
  :func:`~petteia_core.puzzles.generator.generate_custodian` / ``generate_duodecim`` with
  :data:`PLAN`. Their ids are linked from lessons and tests, so once written they are kept as
  stored (``--remine`` regenerates them from scratch and renumbers them); the quality filters still
  drop any that are trivial (one legal move);
* *composed* puzzles (ids ``<ruleset>-cNNN``), from seeded random endgame positions by
  :func:`~petteia_core.puzzles.compose.generate_composed` with :data:`COMPOSE`, regenerated on every
  run and deduplicated against the mined ones (mirror images and near-duplicates);
* the *extension* (ids ``<ruleset>-eNNN``), :data:`EXTEND`'s passes (composed or mined with seeds of
  their own), regenerated on every run and deduplicated against everything before them. Its ids
  follow the order of generation, so a pass appended later adds ids and renames none (the
  composed batch is numbered in graded order: a pass added to :data:`COMPOSE` renumbers it).

Deterministic: the same stored mined batch, seeds and quotas always give the same files. Every
puzzle written has been proved by the solver (:func:`petteia_core.puzzles.verify`).

Run: ``nice -n 19 python site_scripts/generate/generate_puzzles.py`` (all rulesets, two processes), or
``--ruleset classic``; ``--check`` only verifies the stored files and prints the counts. With
``--journal DIR`` every finished composed or extension pass is appended to ``DIR/<ruleset>.jsonl``,
and a rerun with the same ``DIR`` (after an interruption) reads those passes back instead of
generating them again: a pass is reused only if its settings, the puzzles before it and the
package's sources are the same (see :func:`pass_key`).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import multiprocessing
import sys
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

from petteia_core.puzzles import RULESETS, Goal, Puzzle, load_puzzles, verify
from petteia_core.puzzles.compose import MODES_TRIPLE, generate_composed
from petteia_core.puzzles.generator import generate_custodian, generate_duodecim, goal_text
from petteia_core.puzzles.quality import Deduper, is_trivial, shape

DATA = ROOT / "petteia_core" / "puzzles" / "data"
SEED = 2024

G = Goal
#: Goal -> how many puzzles of it; plus generator settings per ruleset.
PLAN: dict[str, tuple[dict[Goal, int], dict]] = {
    "classic": ({G("win", 2): 10, G("capture", 3): 3, G("capture", 2): 10, G("win", 1): 10, G("save"): 10,
                 G("capture", 1): 12}, {"max_games": 120}),
    "vagi": ({G("win", 2): 6, G("capture", 3): 2, G("capture", 2): 6, G("win", 1): 6, G("save"): 5,
              G("capture", 1): 10}, {"max_games": 300}),
    "poleis": ({G("save"): 8, G("win", 2): 4, G("capture", 3): 2, G("capture", 2): 6, G("win", 1): 4,
                G("capture", 1): 4}, {"max_games": 150}),
    "tournament": ({G("rout", 2): 6, G("siege", 2): 2, G("win", 2): 4, G("capture", 3): 3, G("capture", 2): 8,
                    G("rout", 1): 6, G("win", 1): 6, G("save"): 6, G("capture", 1): 6},
                   {"max_games": 40, "stride": 2, "per_game": 4}),
    "kubeia": ({G("capture", 3): 2, G("capture", 2): 10, G("rout", 1): 8, G("win", 1): 6, G("capture", 1): 10},
               {"max_games": 300, "stride": 1}),
    "duodecim": ({G("hit", 2): 6, G("hit_safe", 1): 8, G("safe"): 6, G("hit", 1): 6}, {"max_games": 30}),
    # Ludus latrunculorum (RULES.md §9): about twenty a reconstruction, mined from its own playouts.
    **{name: ({G("win", 2): 2, G("capture", 3): 1, G("capture", 2): 5, G("win", 1): 3, G("save"): 4,
               G("capture", 1): 5}, {"max_games": 80, "budget": 40_000})
       for name in ("latrunculi-quintana", "latrunculi-piso")},
    # Kowalski's immune dux makes wins rare in playouts: more captures and defences instead.
    **{name: ({G("win", 2): 1, G("capture", 3): 1, G("capture", 2): 6, G("win", 1): 2, G("save"): 6,
               G("capture", 1): 8}, {"max_games": 160, "budget": 40_000})
       for name in ("latrunculi-kowalski", "latrunculi-kowalski-11x10")},
    **{name: ({G("win", 2): 2, G("capture", 3): 2, G("capture", 2): 6, G("win", 1): 3, G("capture", 1): 7},
              {"max_games": 80, "budget": 40_000})
       for name in ("latrunculi-bell", "latrunculi-bell-7x8")},
    **{name: ({G("win", 2): 1, (G("bind", 2), "jump chain"): 2, G("bind", 3): 2, G("bind", 2): 6, G("win", 1): 2,
               (G("bind", 1), "jump chain"): 3, G("bind", 1): 5}, {"max_games": 100, "budget": 40_000})
       for name in ("latrunculi-schaedler", "latrunculi-schaedler-1994")},
}


#: Composed endgame puzzles per ruleset: passes of (quota, options); a quota key is a goal or a goal with
#: a theme its puzzles must carry. Pass ``i`` uses seed ``SEED + i``.
COMPOSE: dict[str, list[tuple[dict, dict]]] = {
    "classic": [({G("siege", 3): 3, G("siege", 2): 3, G("win", 3): 4, G("win", 2): 3, G("save"): 2,
                  G("capture", 2): 2}, {"samples": 1500})],
    "vagi": [({G("siege", 3): 2, G("siege", 2): 2, G("win", 3): 2, G("capture", 3): 1}, {"samples": 1200})],
    "tournament": [
        ({G("rout", 2): 5, G("siege", 2): 3, G("win", 2): 5, (G("capture", 2), "corner capture"): 5,
          (G("win", 2), "corner capture"): 2, G("capture", 3): 3, G("save"): 5, G("rout", 1): 3},
         {"samples": 1500, "budget": 40_000, "modes": MODES_TRIPLE}),
        # sieges: the defending army crowded into a corner pocket
        ({G("siege", 3): 1, G("siege", 2): 3, G("siege", 1): 2},
         {"samples": 400, "budget": 40_000, "modes": (("pocket", 1),), "siege_mobility": 6}),
    ],
    "kubeia": [({(G("capture", 2), "corner capture"): 6, G("capture", 3): 3, G("capture", 2): 5, G("rout", 1): 5,
                 G("win", 1): 4, G("save"): 5}, {"samples": 3000, "modes": MODES_TRIPLE})],
    # Schädler: jump chains that bind, and the last stage (bind, then remove the counter), on sparse
    # boards; a binding chain is rarely the only answer in a crowded middle game.
    **{name: [({(G("bind", 2), "jump chain"): 2, (G("bind", 1), "jump chain"): 3, (G("win", 2), "jump chain"): 2,
                G("win", 2): 2, G("win", 1): 2, G("bind", 2): 2}, {"samples": 20000, "budget": 40_000})]
       for name in ("latrunculi-schaedler", "latrunculi-schaedler-1994")},
}


#: The extension to at least 500 puzzles (classic 120, vagi 60, Poleis 50, tournament 100, Kubeia 80,
#: Duodecim 60), aimed at the themes and goals each game lacked: passes of (how, quota, options),
#: ``how`` being "compose" or "mine"; pass ``i`` uses seed ``SEED + 100 + i``. Append, never edit.
#: Options beyond the generators' own: ``"hard": n`` keeps only puzzles :func:`not_the_obvious_move`
#: accepts, ``"solved": (least, most)`` only those :func:`solved_by_the_levels` accepts;
#: ``"poleis_defence": True`` (mined Poleis) also tries the save goal after the placement.
EXTEND: dict[str, list[tuple[str, dict, dict]]] = {
    "classic": [("compose", {G("win", 2): 8, G("win", 3): 4, G("capture", 2): 10, (G("capture", 1), "triple capture"): 3,
                             (G("capture", 2), "double capture"): 6, G("capture", 1): 8, G("save"): 8, G("siege", 2): 4,
                             G("siege", 3): 4, G("win", 1): 6}, {"samples": 4000, "modes": MODES_TRIPLE}),
                ("compose", {G("capture", 1): 3, G("capture", 2): 3, G("win", 2): 2}, {"samples": 1500})],
    "vagi": [("compose", {G("win", 2): 3, (G("capture", 1), "triple capture"): 2, G("capture", 2): 4, G("capture", 1): 4,
                          G("save"): 3, G("siege", 2): 2, G("win", 1): 3, (G("capture", 1), "vagus trap"): 3},
              {"samples": 4000, "modes": MODES_TRIPLE}),
             ("compose", {G("capture", 1): 4, G("capture", 2): 3, G("win", 1): 2}, {"samples": 2000})],
    "poleis": [("mine", {G("save"): 4, G("win", 2): 4, G("capture", 3): 2, G("capture", 2): 5, G("win", 1): 4,
                         G("capture", 1): 5}, {"max_games": 400}),
               ("mine", {(G("save"), "defence"): 3, G("win", 1): 2}, {"max_games": 400, "min_ply": 24}),
               ("mine", {G("capture", 1): 3, G("capture", 2): 3, G("win", 1): 2}, {"max_games": 400}),
               # Defences after the placement (the pass above that asked for them could not find any: the
               # generator tried Poleis saves only in the placement). Where the opponent threatens a
               # capture, the one move that leaves it none; one a playout.
               ("mine", {(G("save"), "defence"): 8}, {"max_games": 200, "per_game": 1, "poleis_defence": True})],
    "tournament": [("compose", {G("rout", 2): 6, G("win", 2): 6, (G("capture", 2), "corner capture"): 5,
                                (G("capture", 1), "triple capture"): 3, G("capture", 2): 6, G("capture", 1): 8,
                                G("save"): 6, G("rout", 1): 6, G("win", 1): 6, (G("win", 2), "sacrifice"): 3,
                                G("siege", 2): 3},
                    {"samples": 3000, "budget": 40_000, "modes": MODES_TRIPLE}),
                   ("compose", {G("capture", 1): 4, G("capture", 2): 4, G("win", 1): 3, G("save"): 3},
                    {"samples": 1500, "budget": 40_000})],
    "kubeia": [("compose", {(G("capture", 2), "corner capture"): 4, (G("capture", 1), "triple capture"): 3,
                            G("capture", 2): 6, G("capture", 1): 8, G("rout", 1): 6, G("win", 1): 6, G("save"): 6,
                            # (never met: a Kubeia puzzle is one move, so no reply to sacrifice to)
                            (G("capture", 2), "sacrifice"): 3, G("siege", 1): 3},
                {"samples": 5000, "modes": MODES_TRIPLE}),
               ("compose", {G("capture", 1): 6, G("capture", 2): 4, G("win", 1): 3, G("rout", 1): 3, G("save"): 3},
                {"samples": 6000}),
               # Harder ones: most Kubeia puzzles are one easy capture that every level finds.
               ("compose", {G("capture", 1): 6, G("capture", 2): 5, G("win", 1): 4, G("rout", 1): 3, G("save"): 4},
                {"samples": 12000, "hard": 3, "modes": MODES_TRIPLE}),
               # The middle of the scale, still nearly empty (puzzles every level solves sit at the floor;
               # the pass above added the hardest): kept when levels 1-3 solve 15-85 % of their runs. A
               # single capture or a rout is never missed (the levels capture when they can), so none asked.
               ("compose", {(G("capture", 2), "corner capture"): 4, G("capture", 2): 8, G("capture", 3): 2,
                            G("save"): 12, G("win", 1): 6, G("siege", 1): 4},
                {"samples": 10000, "solved": (0.15, 0.85), "modes": MODES_TRIPLE}),
               # Defences in the middle game, on a full board (mined: the composed puzzles are endgames).
               ("mine", {(G("save"), "defence"): 6}, {"max_games": 80, "solved": (0.15, 0.85)}),
               # More of the middle, from the sampler's other shapes (no triple set-ups), none near the floor.
               ("compose", {(G("capture", 2), "corner capture"): 2, G("capture", 2): 6, G("save"): 10, G("win", 1): 4,
                            G("siege", 1): 3}, {"samples": 10000, "solved": (0.15, 0.7)})],
    "duodecim": [("mine", {G("hit", 2): 8, G("hit_safe", 1): 10, G("safe"): 8, G("hit", 1): 8}, {"max_games": 120}),
                 ("mine", {G("hit", 2): 3, G("hit_safe", 1): 3, G("safe"): 3, G("hit", 1): 3}, {"max_games": 120})],
}


def seed_puzzle() -> Puzzle:
    """The worked example of seed 000 (RULES.md §5): the sacrifice Β2-Β6 forcing Η6-Γ6xΒ6."""
    return Puzzle(
        id="tournament-000", ruleset="tournament", position="h11/10h1/p5p3B1/5HbH4/6P5/12/1P10/12 w",
        goal=Goal("rout", 2), goal_text=goal_text(Goal("rout", 2), 0),
        solution=["Β2-Β6", "Η6-Γ6xΒ6", "Λ6-Η6xΗ5"], themes=["basileus enclosure", "sacrifice", "single capture"],
        difficulty=3, source="sacrifice combination worked in Petteia pros skiamachian (Italian tournament rules after M. W. Callen)",
    )


def mine(ruleset: str) -> list[Puzzle]:
    """The mined batch regenerated from scratch (ids renumbered in graded order)."""
    quota, opts = PLAN[ruleset]
    if ruleset == "duodecim":
        out = generate_duodecim(SEED, quota, **opts)
    else:
        out = generate_custodian(ruleset, SEED, quota, **opts)
    if ruleset == "tournament":
        out.insert(0, seed_puzzle())
    out.sort(key=lambda p: (p.difficulty, p.id))
    for i, p in enumerate(out):  # ids in graded order
        if p.id != "tournament-000":  # the worked example keeps its id (once tournament-seed-000)
            p.id = f"{ruleset}-{i + 1:03d}"
    return out


def is_extension(p: Puzzle) -> bool:
    """Whether ``p`` is of the extension batch (``<ruleset>-eNNN``), which every run makes anew."""
    return p.id.rsplit("-", 1)[-1].startswith("e")


def stored_mined(ruleset: str) -> tuple[list[Puzzle], list[str]]:
    """The stored mined batch without trivial puzzles, and the ids dropped as trivial."""
    kept, dropped = [], []
    for p in load_puzzles(ruleset):
        if p.source.startswith("composed") or is_extension(p):
            continue
        if p.ruleset != "duodecim" and is_trivial(p.start()):
            dropped.append(p.id)
        else:
            kept.append(p)
    return kept, dropped


def _log(text: str) -> None:
    print(text, file=sys.stderr, flush=True)


#: The package's sources (the rules, the generator, the solver, the levels that the ``solved`` filter
#: asks): a journal's pass is reused only while they are unchanged.
SOURCES = sorted((ROOT / "petteia_core").rglob("*.py"))


def pass_key(ruleset: str, batch: str, index: int, settings: tuple, before: list[Puzzle]) -> str:
    """What a pass's output depends on: its settings and seed, the puzzles before it (which it must not
    repeat), the package's sources (:data:`SOURCES`) and the parts of this script that run a pass (not
    the tables: a pass appended to :data:`EXTEND` leaves the journal's earlier passes good)."""
    import inspect

    h = hashlib.sha256()
    for f in SOURCES:
        h.update(str(f.relative_to(ROOT)).encode() + b"\0" + f.read_bytes())
    for fn in (build, extension, not_the_obvious_move, solved_by_the_levels):
        h.update(inspect.getsource(fn).encode())
    h.update(repr((FILTER_SEEDS, ruleset, batch, index, settings, [(p.id, p.position, p.roll) for p in before])).encode())
    return h.hexdigest()[:24]


class Journal:
    """Finished passes of one ruleset's run, one JSON line each (``--journal``), read back on a rerun."""

    def __init__(self, path: Path | None) -> None:
        self.path = path
        self.done: dict[str, list[Puzzle]] = {}
        if path is not None and path.is_file():
            for line in path.read_text(encoding="utf-8").splitlines():
                try:
                    e = json.loads(line)
                    self.done[e["key"]] = [Puzzle.from_dict(d) for d in e["puzzles"]]
                except (ValueError, KeyError):
                    continue  # a line cut short by an interruption

    def run(self, key: str, what: str, make: Callable[[], list[Puzzle]]) -> list[Puzzle]:
        """The pass's puzzles: read back when the journal has them, else made and recorded."""
        if key in self.done:
            _log(f"{what}: read back from the journal ({len(self.done[key])} puzzles)")
            return self.done[key]
        t = time.process_time()
        batch = make()
        if self.path is not None:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            with self.path.open("a", encoding="utf-8") as out:
                out.write(json.dumps({"key": key, "pass": what, "cpu": round(time.process_time() - t, 1),
                                      "puzzles": [p.to_dict() for p in batch]}, ensure_ascii=False) + "\n")
        return batch


def build(ruleset: str, remine: bool = False, journal: Journal | None = None) -> tuple[list[Puzzle], list[str]]:
    """The collection of ``ruleset``: the mined batch, then the composed batch; and the ids dropped."""
    journal = Journal(None) if journal is None else journal
    mined, dropped = (mine(ruleset), []) if remine else stored_mined(ruleset)
    if ruleset not in COMPOSE:
        return mined + extension(ruleset, mined, journal), dropped
    dedup = Deduper()
    for p in mined:
        dedup.add(shape(ruleset, p.start(), p.goal, p.solution[0]))
    composed = []
    for i, (quota, opts) in enumerate(COMPOSE[ruleset]):
        before = mined + [p for _, _, p in composed]
        key = pass_key(ruleset, "compose", i, (quota, opts, SEED + i), before)
        batch = journal.run(key, f"{ruleset}: composed pass {i}",
                            lambda: generate_composed(ruleset, SEED + i, quota, dedup=dedup, log=_log, **opts))
        for p in batch:
            dedup.add(shape(ruleset, p.start(), p.goal, p.solution[0]))
        composed.extend((i, k, p) for k, p in enumerate(batch))
    composed = [p for _, _, p in sorted(composed, key=lambda x: (x[2].difficulty, x[0], x[1]))]
    for i, p in enumerate(composed):
        p.id = f"{ruleset}-c{i + 1:03d}"
    return mined + composed + extension(ruleset, mined + composed, journal), dropped


def not_the_obvious_move(min_tries: int) -> Callable[[Puzzle], bool]:
    """A pass's filter for harder puzzles, from the rating's measured features
    (:func:`petteia_core.puzzles.rating.features`): the engine's shallow search does not like the
    answer best, or at least ``min_tries`` plausible first moves are wrong. Those are the puzzles the
    weak levels miss."""
    from petteia_core.puzzles.rating import features

    def accept(p: Puzzle) -> bool:
        f = features(p)
        return f.rank >= 1 or f.tries >= min_tries

    return accept


#: Seeds of the runs that :func:`solved_by_the_levels` makes: not the rating's own
#: (:data:`petteia_core.puzzles.rating.SEEDS`), so the rating measures the puzzles it keeps afresh.
FILTER_SEEDS = (101, 102, 103, 104)


def solved_by_the_levels(least: float, most: float) -> Callable[[Puzzle], bool]:
    """A pass's filter by the computer's own attempts, which the rating is made of: levels 1-3 try
    the puzzle (:func:`petteia_core.puzzles.rating.self_solve`, seeds :data:`FILTER_SEEDS`), and it
    is kept when the share of their runs that solve it lies between ``least`` and ``most``. The
    features' filter (:func:`not_the_obvious_move`) let through Kubeia puzzles that every level
    solves every time (rated at the floor); ``least`` > 0 aims a pass at the middle of the scale."""
    from petteia_core.puzzles.rating import self_solve

    def accept(p: Puzzle) -> bool:
        return least <= self_solve(p, seeds=FILTER_SEEDS).rate() <= most

    return accept


def extension(ruleset: str, before: list[Puzzle], journal: Journal | None = None) -> list[Puzzle]:
    """:data:`EXTEND`'s puzzles of ``ruleset``, none repeating ``before`` (ids in generation order)."""
    journal = Journal(None) if journal is None else journal
    dedup = Deduper()
    seen: set[tuple[str, str | None]] = set()
    for p in before:
        if ruleset == "duodecim":
            seen.add((p.position, p.roll))
        else:
            dedup.add(shape(ruleset, p.start(), p.goal, p.solution[0]))
    out: list[Puzzle] = []
    for i, (how, quota, settings) in enumerate(EXTEND.get(ruleset, [])):
        seed = SEED + 100 + i
        opts = dict(settings)
        hard = opts.pop("hard", None)
        if hard is not None:
            opts["accept"] = not_the_obvious_move(hard)
        solved = opts.pop("solved", None)
        if solved is not None:
            opts["accept"] = solved_by_the_levels(*solved)

        def make() -> list[Puzzle]:
            if how == "compose":
                return generate_composed(ruleset, seed, quota, dedup=dedup, log=_log, **opts)
            if ruleset == "duodecim":
                return [p for p in generate_duodecim(seed, quota, **opts) if (p.position, p.roll) not in seen]
            return generate_custodian(ruleset, seed, quota, dedup=dedup, **opts)

        key = pass_key(ruleset, "extend", i, (how, quota, settings, seed), before + out)
        batch = journal.run(key, f"{ruleset}: extension pass {i} ({how})", make)
        for p in batch:
            if ruleset != "duodecim":
                dedup.add(shape(ruleset, p.start(), p.goal, p.solution[0]))  # (already there unless read back)
            seen.add((p.position, p.roll))
            p.id = f"{ruleset}-e{len(out) + 1:03d}"
            out.append(p)
        _log(f"{ruleset}: extension pass {i} ({how}): {len(batch)} puzzles")
    return out


def write(ruleset: str, puzzles: list[Puzzle]) -> None:
    DATA.mkdir(parents=True, exist_ok=True)
    data = {"ruleset": ruleset, "seed": SEED, "puzzles": [p.to_dict() for p in puzzles]}
    (DATA / f"{ruleset}.json").write_text(json.dumps(data, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")


def _job(args: tuple[str, bool, Path | None]) -> tuple[str, int, float, list[str]]:
    ruleset, remine, journal = args
    t = time.perf_counter()
    puzzles, dropped = build(ruleset, remine, Journal(journal / f"{ruleset}.jsonl" if journal else None))
    bad = [(p.id, verify(p)) for p in puzzles if verify(p)]
    if bad:
        raise SystemExit(f"{ruleset}: unsound puzzles {bad}")
    write(ruleset, puzzles)
    return ruleset, len(puzzles), time.perf_counter() - t, dropped


def summary() -> str:
    ps = load_puzzles()
    lines = [f"{len(ps)} puzzles"]
    lines.append("per ruleset: " + ", ".join(f"{k} {v}" for k, v in sorted(Counter(p.ruleset for p in ps).items())))
    lines.append("per goal: " + ", ".join(f"{k[0]} {k[1]}: {v}" for k, v in sorted(
        Counter((p.goal.kind, p.goal.n) for p in ps).items())))
    lines.append("per theme: " + ", ".join(f"{k} {v}" for k, v in sorted(Counter(t for p in ps for t in p.themes).items())))
    lines.append("per difficulty: " + ", ".join(f"{k}: {v}" for k, v in sorted(Counter(p.difficulty for p in ps).items())))
    for r in RULESETS:
        per = Counter(p.difficulty for p in ps if p.ruleset == r)
        lines.append(f"  {r}: " + ", ".join(f"{k}: {v}" for k, v in sorted(per.items())))
    return "\n".join(lines)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--ruleset", choices=RULESETS, action="append")
    ap.add_argument("--check", action="store_true", help="verify the stored collection only")
    ap.add_argument("--remine", action="store_true", help="regenerate the mined batch too (renumbers its ids)")
    ap.add_argument("--jobs", type=int, default=2, help="parallel processes (default 2)")
    ap.add_argument("--journal", type=Path, default=None,
                    help="folder of per-ruleset logs of finished passes; a rerun reads them back (resume)")
    args = ap.parse_args()
    if args.check:
        bad = [(p.id, verify(p)) for p in load_puzzles() if verify(p)]
        print(summary())
        raise SystemExit(f"unsound: {bad}" if bad else 0)
    names = args.ruleset or list(RULESETS)
    with multiprocessing.Pool(min(args.jobs, len(names))) as pool:
        for name, n, secs, dropped in pool.imap_unordered(_job, [(r, args.remine, args.journal) for r in names]):
            print(f"{name}: {n} puzzles in {secs:.0f} s" + (f"; dropped as trivial: {dropped}" if dropped else ""),
                  flush=True)
    print(summary())


if __name__ == "__main__":
    main()

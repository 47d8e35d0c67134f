"""The AI benchmark's bookkeeping (site_scripts/bench/bench_ai.py): games stopped by the ply cap are never
counted as decided, and a short match really plays legal games to their end."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.no_pyodide

bench = pytest.importorskip("site_scripts.bench.bench_ai")


def _row(winner, how, cap=None, plies=50):
    return {"winner": winner, "how": how, "cap": cap, "plies": plies, "a_moves": [(0.1, 100)]}


def test_capped_games_are_not_decided():
    rows = [_row("a", "one piece"), _row("b", "siege"), _row(None, "stalemate draw"),
            _row(None, "cap", cap="a"), _row(None, "cap", cap="a"), _row(None, "cap", cap=None)]
    s = bench.summarise(rows)
    assert (s["wins"], s["losses"], s["draws"], s["cap"]) == (1, 1, 1, (2, 0, 1))
    assert s["decided"] == 2 and s["pct"] == 50.0
    line = bench.format_row("classic", 5, 4, s)
    assert "1-1-1" in line and "2-0-1" in line and "MISS" in line


def test_a_game_ends_by_a_rule_or_the_cap():
    winner, how, plies, adjudicated, stats = bench.play_game("classic", 1, "random", 3, 2, 400)
    assert how != "cap" and winner in (0, 1, None) and plies <= 400
    assert all(level == 1 for level, _, _ in stats)
    winner, how, plies, adjudicated, _ = bench.play_game("classic", "random", "random", 3, 0, 6)
    assert (winner, how, plies) == (None, "cap", 6)
    winner, how, plies, _, _ = bench.play_game("duodecim", 2, "random", 1, 2, 600)
    assert how == "borne off" and winner in (0, 1)


def test_speed_positions_are_fixed():
    from site_scripts.bench import ai_speed

    for game in ("classic", "kubeia", "duodecim"):
        a, b = ai_speed.positions(game), ai_speed.positions(game)
        assert [p.to_string() for p in a] == [p.to_string() for p in b]
        assert len(a) == len(ai_speed.PLIES) + len(ai_speed.HEAVY.get(game, ()))


def test_report_marks_unfinished_matches(tmp_path, capsys):
    import json

    log = tmp_path / "log.jsonl"
    rows = [dict(_row("a", "one piece"), game="classic", a=2, b=1, i=i) for i in range(3)]
    rows += [dict(_row(None, "cap", cap="b"), game="kubeia", a=5, b="random", i=0)]
    log.write_text("".join(json.dumps(r) + "\n" for r in rows))
    bench.report(log, 3)
    out = capsys.readouterr().out.splitlines()
    classic = next(line for line in out if line.startswith("classic"))
    kubeia = next(line for line in out if line.startswith("kubeia"))
    assert "3-0-0" in classic and "UNFINISHED" not in classic
    assert "0-0-0" in kubeia and "0-1-0" in kubeia and "UNFINISHED: 1 of 3 games" in kubeia

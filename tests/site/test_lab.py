"""The page "Which rules make the best game?" (lab/index.md, issue #15): figures from the committed
data file docs/lab/selfplay.json, charts as inline SVG (no scripts), sample games on live boards."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from pathlib import Path

from petteia_core import Game
from site_scripts.build import lab_page
from site_scripts.generate.lab_data import VARIANTS

ROOT = Path(__file__).resolve().parents[2]
PAGE = ROOT / "docs" / "lab" / "index.md"


def test_data_file_holds_every_variant_and_its_figures_add_up():
    data = lab_page.load()
    assert [v["id"] for v in data["variants"]] == [v[0] for v in VARIANTS]
    assert data["level"] >= 1 and data["games_per_variant"] >= 1 and data["cpu_seconds"] > 0
    for v in [*data["variants"], *data["comparison"]]:
        n = v["games"]
        assert n == data["games_per_variant"]
        assert v["first_player_wins"] + v["second_player_wins"] + v["draws"] + v["unfinished"] == n
        assert sum(v["reasons"].values()) == n
        assert sum(count for _, count in v["length"]["histogram"]) == n


def test_sample_games_replay_to_their_recorded_result():
    for s in lab_page.load()["samples"]:
        game = Game.from_record(s["record"])
        assert len(game.history) == s["plies"]
        assert (str(game.result) if game.result else "unfinished") == s["result"]


def test_markers_become_tables_charts_and_boards():
    md = lab_page.render(PAGE.read_text(encoding="utf-8"), lab_page.load())
    assert "<!-- lab:" not in md
    charts = re.findall(r'<figure class="lab-chart">(<svg.*?</svg>)</figure>', md)
    assert len(charts) == len(lab_page.CHARTS)
    for svg in charts:
        root = ET.fromstring(svg)  # well-formed, with a title and a description for screen readers
        ns = "{http://www.w3.org/2000/svg}"
        assert root.find(f"{ns}title").text and root.find(f"{ns}desc").text
    for _vid, label, *_ in VARIANTS:
        assert f"| {label} |" in md
    assert md.count("```petteia") == len(lab_page.load()["samples"]) >= 2


def test_page_builds_with_its_charts_and_live_sample_boards(built):
    site, _ = built
    html = (site / "lab" / "index.html").read_text(encoding="utf-8")
    assert html.count('<figure class="lab-chart"><svg') == len(lab_page.CHARTS)
    boards = re.findall(r'<figure [^>]*class="petteia-board[^"]*"[^>]*>', html)
    assert len(boards) == len(lab_page.load()["samples"])
    assert all('data-mode="explore"' in b for b in boards)
    assert "Which rules make the best game?" in html and "<table>" in html
    assert (site / "lab" / "selfplay.json").exists()


def test_the_workshop_page_says_the_level_and_cap_its_self_play_uses():
    from petteia_core.web.workshop import SELFPLAY_CAP, SELFPLAY_LEVEL

    page = (ROOT / "docs" / "lab" / "workshop.md").read_text(encoding="utf-8")
    assert f"after {SELFPLAY_CAP} single moves" in page
    assert SELFPLAY_LEVEL == 1 and "its lowest level" in page
    assert "experiments, not reconstructions" in page
    assert "(workshop.md)" in (ROOT / "docs" / "lab" / "index.md").read_text(encoding="utf-8")
    assert "(index.md)" in page


# ----------------------------------------------------------------- issue #32
def test_the_page_states_the_variety_of_the_levels_without_randomness():
    from petteia_core.lab.variety import VARIETY_MARGIN, VARIETY_PLIES

    page = " ".join(PAGE.read_text(encoding="utf-8").split())
    assert f"their first {VARIETY_PLIES} single moves" in page and f"within {VARIETY_MARGIN} points" in page


def test_the_difference_table_marks_only_the_differences_a_test_finds_real():
    import copy

    data = copy.deepcopy(lab_page.load())
    by_id = {v["id"]: v for v in data["variants"]}
    twin = copy.deepcopy(by_id["classic"])
    twin.update(id="classic-corner", label="Classic + corner capture")
    data["variants"][[v["id"] for v in data["variants"]].index("classic-corner")] = twin
    tests = lab_page.difference_tests(data)
    assert len(tests) == len(lab_page.QUESTIONS) * len(lab_page.FIGURES)
    corner = [t for t in tests if t[0].startswith("Corner capture")]
    assert all(t["difference"] == 0 and not real for _, _, t, real in corner)  # the same games: nothing real
    assert all(real == (t["p"] < 0.05) or not real for _, _, t, real in tests)  # Holm is stricter, never looser
    table = lab_page.differences(data)
    assert table.count(", real**") == sum(r for *_, r in tests)


def test_the_race_game_and_moving_first_have_their_sections():
    md = lab_page.render(PAGE.read_text(encoding="utf-8"), lab_page.load())
    assert "## The race game: Ludus duodecim scriptorum" in md and "<!-- lab:" not in md
    data = lab_page.load()
    if data.get("race"):
        assert "| The first player's opening roll |" in md and f"**{data['race']['games']} times**" in md
    assert md.count("| Rules | Games someone won |") == 1
    assert "not in this run" in lab_page.race({**data, "race": None})


def test_the_run_is_described_with_its_own_numbers_in_every_language():
    """The sentence on the run counts the rulesets played again at the comparison level (it once said
    "five" when there were thirteen)."""
    from site_scripts.build.page_words import page_words

    data = lab_page.load()
    named = len(data["comparison"])
    english = lab_page.about(data)
    assert f"**{data['games_per_variant']} times**" in english and f"**level {data['level']}**" in english
    assert f"the {named} named rulesets once more at level {data['compare_level']}" in english
    for lang in ("it", "uk"):
        text = lab_page.about(data, page_words(lang))
        assert str(named) in text and str(data["games_per_variant"]) in text and "{" not in text
    assert "named" not in lab_page.about({**data, "comparison": []})


def test_the_written_findings_name_the_run_they_were_read_from():
    """The findings are prose, written from one run: each language's page names that run's level and
    games, so a regenerated data file with other figures fails here until the prose is read again."""
    data = lab_page.load()
    level, games = data["level"], data["games_per_variant"]
    patterns = {
        "index.md": r"both sides at level (\d+), (\d+) games each",
        "index.it.md": r"entrambe le parti al livello (\d+), (\d+) partite per regolamento",
        "index.uk.md": r"обидві сторони на рівні (\d+), по (\d+) партій",
    }
    for name, pattern in patterns.items():
        text = " ".join((PAGE.parent / name).read_text(encoding="utf-8").split())
        found = re.findall(pattern, text)
        assert found == [(str(level), str(games))], (name, found)

"""The page "Which rules make the best game?" (lab/index.md, issue #15): figures from the committed
data file docs/lab/selfplay.json, charts as inline SVG (no scripts), sample games on live boards."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from pathlib import Path

from petteia_core import Game
from site_scripts import lab_page
from site_scripts.lab_data import VARIANTS

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

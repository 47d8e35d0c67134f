"""The Ludus latrunculorum rules page (issue #30): it exists and is in the Rules nav, every
reconstruction has its part and its notes box, every board says which reconstruction it follows
and renders, and no board is live while the web facade does not serve these rulesets."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from petteia_core.options import LATRUNCULI
from site_scripts.build import fences

ROOT = Path(__file__).resolve().parents[2]
PAGE = ROOT / "docs" / "rules" / "latrunculi.md"

#: ruleset -> (the part's heading id, the words a caption uses to name its reconstruction)
PARTS = {
    "latrunculi-quintana": ("latrunculi-quintana", "Museum Quintana reconstruction"),
    "latrunculi-kowalski": ("latrunculi-kowalski", "Kowalski reconstruction, 12 × 8"),
    "latrunculi-kowalski-11x10": ("latrunculi-kowalski", "Kowalski reconstruction, 11 × 10"),
    "latrunculi-bell": ("latrunculi-bell", "Bell reconstruction, 8 × 8"),
    "latrunculi-bell-7x8": ("latrunculi-bell", "Bell reconstruction, 7 × 8"),
    "latrunculi-piso": ("latrunculi-piso", "Locus Ludi \"Piso\" reconstruction"),
    "latrunculi-schaedler": ("latrunculi-schaedler", "Schädler reconstruction (2001)"),
    "latrunculi-schaedler-1994": ("latrunculi-schaedler", "Schädler reconstruction (1994)"),
}


def _text() -> str:
    return PAGE.read_text(encoding="utf-8")


def _parts(text: str) -> dict[str, str]:
    """Heading id -> the text of its ``##`` section."""
    out = {}
    for m in re.finditer(r"^## .*?\{ #([\w-]+) \}\n(.*?)(?=^## |\Z)", text, re.M | re.S):
        out[m.group(1)] = m.group(2)
    return out


def test_page_is_in_the_rules_nav_after_duodecim():
    nav = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    duodecim = nav.index("rules/duodecim.md")
    entry = nav.index('"Ludus latrunculorum: the Roman game of soldiers": rules/latrunculi.md')
    assert duodecim < entry < nav.index("rules/compared.md")
    assert _text().startswith("# Ludus latrunculorum: the Roman game of soldiers\n")


def test_every_reconstruction_has_its_part_with_a_notes_box_and_its_source():
    parts = _parts(_text())
    assert set(PARTS) == set(LATRUNCULI)
    sources = {
        "latrunculi-quintana": ["Museum Quintana", "Künzing"],
        "latrunculi-kowalski": ["W. Kowalski", "Internet Archive"],
        "latrunculi-bell": ["R. C. Bell", "1979", "page 86"],
        "latrunculi-piso": ["Locus Ludi", "University of Fribourg"],
        "latrunculi-schaedler": ["Schädler", "Homo Ludens", "1994", "2001"],
    }
    for part, words in sources.items():
        assert part in parts, f"no part for {part}"
        body = " ".join(parts[part].split())
        assert '!!! note "Notes on this reconstruction"' in body, part
        for word in words:
            assert word in body, (part, word)
    # the evidence section names every text of RULES.md §9.7 with its passage
    evidence = " ".join(parts["ancient-evidence"].split())
    for cite in ("10.22", "3.357–360", "2.477–480", "14.17", "7.72", "190–208", "117.30", "Macrobius",
                 "Proculus", "No ancient text states the rules"):
        assert cite in evidence, cite
    ludii = " ".join(parts["ludii"].split())
    assert "Digital Ludeme Project" in ludii and "did not copy" in ludii


def test_every_decision_of_rules_9_is_in_a_notes_box():
    parts = _parts(_text())

    def notes(part: str) -> str:
        return " ".join(parts[part].split('!!! note "Notes on this reconstruction"', 1)[1].split())

    assert "pass" in notes("latrunculi-quintana") and "100 moves" in notes("latrunculi-quintana")
    # §9.0: no positional super-ko; the stalled rule instead (Bell: its own 30-move limit)
    for part in ("latrunculi-quintana", "latrunculi-kowalski", "latrunculi-piso", "latrunculi-schaedler"):
        assert "earlier position" in notes(part) and "third time" in notes(part), part
    assert "no rule about repeated positions" in notes("latrunculi-bell")
    assert "eight ranks and twelve files" in notes("latrunculi-kowalski")
    bell = notes("latrunculi-bell")
    for words in ("whatever", "can never be taken", "compulsory", "draw", "30", "pass"):
        assert words in bell, words
    piso = notes("latrunculi-piso")
    assert "draw" in piso and "back and forth" in piso and "third time" in piso
    schaedler = notes("latrunculi-schaedler")
    for words in ("stop or jump again", "pass", "removal", "Freeing", "after the landing", "before the move"):
        assert words in schaedler, words


def _boards() -> list[tuple[fences.FenceSpec, str]]:
    text = _text()
    specs = fences.check_page(text, "rules/latrunculi.md")
    parts = _parts(text)
    where = []
    for spec in specs:
        part = next(pid for pid, body in parts.items() if spec.caption and spec.caption in body)
        where.append((spec, part))
    return where


def test_every_board_renders_names_its_reconstruction_and_a_board_with_a_move_is_live():
    boards = _boards()
    assert len(boards) >= 20
    seen = set()
    for spec, part in boards:
        assert spec.ruleset in LATRUNCULI
        assert spec.mode == ("explore" if spec.line else "static"), spec.caption
        assert spec.caption and spec.caption.rstrip().endswith(PARTS[spec.ruleset][1] + "."), spec.caption
        html = fences.render_fence(spec)
        assert html.startswith("<figure") and "<svg" in html and "Ludus latrunculorum" in html
        if part.startswith("latrunculi-"):
            assert PARTS[spec.ruleset][0] == part, (spec.caption, part)
        seen.add(spec.ruleset)
    assert seen == set(LATRUNCULI)  # a board for every reconstruction


@pytest.mark.parametrize("rule, part, needle", [
    ("start position", "latrunculi-quintana", "PPPPPPPP/PPPPPPPP w"),
    ("a capture", "latrunculi-quintana", "x"),
    ("the dux never taken", "latrunculi-kowalski", "d"),
    ("a Bell corner capture and extra move", "latrunculi-bell", "Γ2-Γ1xΒ1"),
    ("binding", "latrunculi-schaedler", "*"),
    ("removal", "latrunculi-schaedler", "xΔ5"),
    ("Piso's end on the count", "latrunculi-piso", "Γ7-Γ8"),
])
def test_a_board_for_each_rule(rule, part, needle):
    for spec, where in _boards():
        if where == part and (needle in spec.position or any(needle in m for m in spec.line)):
            return
    pytest.fail(f"no board for {rule} in {part}")


def test_latrunculi_puzzle_boards_stop_the_build():
    with pytest.raises(fences.FenceError, match="no puzzle mode"):
        fences.parse_fence("ruleset: latrunculi-bell\nmode: puzzle")


def test_built_page_has_the_boards_and_the_compare_table_links_to_it(built):
    site, _ = built
    html = (site / "rules" / "latrunculi" / "index.html").read_text(encoding="utf-8")
    assert html.count('<figure class="petteia-board petteia-static"') >= 5
    assert html.count('data-mode="explore"') >= 15  # the boards that show a move are live
    assert 'class="piece w dux"' in html and 'class="piece b alligatus"' in html
    compared = (site / "rules" / "compared" / "index.html").read_text(encoding="utf-8")
    for anchor in ("latrunculi-quintana", "latrunculi-kowalski", "latrunculi-bell", "latrunculi-piso",
                   "latrunculi-schaedler"):
        assert f'href="../latrunculi/#{anchor}"' in compared
    for page in ("history", "story"):
        assert "rules/latrunculi/" in (site / page / "index.html").read_text(encoding="utf-8")

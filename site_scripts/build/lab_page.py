"""MkDocs hook (mkdocs.yml `hooks:`): the figures of the page "Which rules make the best game?" (lab/index.md).

The page's Markdown holds markers, each replaced at build time from the committed data file
``docs/lab/selfplay.json`` (made by ``make lab-data``, see site_scripts/generate/lab_data.py; the build plays
no game):

* ``<!-- lab:about -->`` – games per variant, level, move cap, CPU time;
* ``<!-- lab:table -->`` – the table of every figure;
* ``<!-- lab:chart NAME -->`` – an inline SVG chart (:data:`CHARTS`): bars with their 95 % intervals,
  or the game lengths as box plots; drawn without scripts, so they print and read anywhere;
* ``<!-- lab:levels -->`` – the named rulesets at another level, beside the main level;
* ``<!-- lab:differences -->`` – the page's questions as tests of a difference (two rates, two
  means; Holm's correction over the table), saying which differences are real;
* ``<!-- lab:first -->`` – the value of moving first in every game (a sign test, Holm-corrected);
* ``<!-- lab:race -->`` – Ludus duodecim scriptorum: race length, hits, moving first, opening rolls;
* ``<!-- lab:samples -->`` – sample games as ```petteia fences (live boards with the game's moves).

``python -m site_scripts.build.lab_page`` prints the page's Markdown with the markers replaced.
"""

from __future__ import annotations

import json
import re
from html import escape
from pathlib import Path
from typing import Any

from petteia_core.lab.stats import first_move_value, holm, two_means, two_proportions

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "docs" / "lab" / "selfplay.json"
PAGE_URI = "lab/index.md"

_MARKER = re.compile(r"<!-- lab:(\w+)(?: (\w+))? -->")

#: Chart name -> (title, key in a variant's figures, kind): "rate" bars on 0–100 %, "mean" bars.
CHARTS: dict[str, tuple[str, str, str]] = {
    "first": ("Games won by the first player", "first_player_win_rate", "rate"),
    "draws": ("Games drawn by a rule", "draw_rate", "rate"),
    "completion": ("Games ended by a rule, not by the move cap", "completion", "rate"),
    "decisiveness": ("Side ahead after move 20 goes on to win", "decisiveness", "rate"),
    "captures": ("Pieces captured per game", "captures_per_game", "mean"),
    "drama": ("Changes of the lead in material per game", "lead_changes_per_game", "mean"),
    "length": ("Game length in single moves (plies)", "length", "box"),
}

_LABEL_W, _CHART_W, _ROW_H, _TOP, _BOTTOM = 330, 300, 26, 30, 30  # room for the longest name in any engine's font
_VALUE_W = 60  # the value column at the right of the bars
_BAR = "#3f6f9f"
_WHISKER = "#1d1d1d"


def load(path: Path = DATA) -> dict[str, Any]:
    return json.loads(path.read_text(encoding="utf-8"))


def _svg(title: str, rows: int, body: list[str], desc: str) -> str:
    width = _LABEL_W + _CHART_W + _VALUE_W
    height = _TOP + rows * _ROW_H + _BOTTOM
    slug = re.sub(r"\W+", "-", title.lower()).strip("-")
    return (
        f'<figure class="lab-chart"><svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" '
        f'width="{width}" height="{height}" role="img" aria-labelledby="lab-{slug}-t lab-{slug}-d" '
        f'font-family="sans-serif" font-size="13">'
        f'<title id="lab-{slug}-t">{escape(title)}</title><desc id="lab-{slug}-d">{escape(desc)}</desc>'
        f'<text x="0" y="16" font-weight="bold" fill="currentColor">{escape(title)}</text>'
        + "".join(body) + "</svg></figure>"
    )


def _axis(rows: int, top: float, ticks: list[tuple[float, str]]) -> list[str]:
    y1 = _TOP + rows * _ROW_H
    out = []
    for frac, text in ticks:
        x = _LABEL_W + frac * _CHART_W
        out.append(f'<line x1="{x:.1f}" y1="{_TOP - 4}" x2="{x:.1f}" y2="{y1}" stroke="currentColor" '
                   f'stroke-opacity="0.2"/>')
        out.append(f'<text x="{x:.1f}" y="{y1 + 16}" text-anchor="middle" fill="currentColor">{text}</text>')
    return out


def _label(i: int, text: str) -> str:
    y = _TOP + i * _ROW_H + _ROW_H / 2 + 4
    return f'<text x="{_LABEL_W - 8}" y="{y:.1f}" text-anchor="end" fill="currentColor">{escape(text)}</text>'


def bar_chart(title: str, items: list[tuple[str, float, float, float]], scale: float, unit: str,
              ticks: list[float]) -> str:
    """Horizontal bars (``value``) with a 95 % interval whisker (``low``–``high``) per labelled row."""
    body = _axis(len(items), _TOP, [(t / scale, f"{t:g}{unit}") for t in ticks])
    desc = []
    for i, (label, value, low, high) in enumerate(items):
        y = _TOP + i * _ROW_H
        x0 = _LABEL_W
        w = max(0.0, min(1.0, value / scale)) * _CHART_W
        lo = _LABEL_W + max(0.0, min(1.0, low / scale)) * _CHART_W
        hi = _LABEL_W + max(0.0, min(1.0, high / scale)) * _CHART_W
        mid = y + _ROW_H / 2
        body.append(_label(i, label))
        body.append(f'<rect x="{x0}" y="{y + 5}" width="{w:.1f}" height="{_ROW_H - 10}" fill="{_BAR}" '
                    f'fill-opacity="0.75"/>')
        body.append(f'<path d="M{lo:.1f} {mid:.1f}H{hi:.1f}M{lo:.1f} {mid - 6:.1f}V{mid + 6:.1f}'
                    f'M{hi:.1f} {mid - 6:.1f}V{mid + 6:.1f}" stroke="{_WHISKER}" stroke-width="1.6" fill="none"/>')
        body.append(f'<text x="{_LABEL_W + _CHART_W + 8}" y="{mid + 4:.1f}" font-size="12" '
                    f'fill="currentColor">{value:.3g}{unit}</text>')
        desc.append(f"{label}: {value:.3g}{unit} (95 % interval {low:.3g} to {high:.3g})")
    return _svg(title, len(items), body, "; ".join(desc))


def box_chart(title: str, items: list[tuple[str, dict[str, float]]], ticks: list[float]) -> str:
    """Box plots: whiskers from the shortest to the longest game, box from quartile to quartile, median line."""
    scale = ticks[-1]
    body = _axis(len(items), _TOP, [(t / scale, f"{t:g}") for t in ticks])
    desc = []
    x = lambda v: _LABEL_W + min(1.0, v / scale) * _CHART_W  # noqa: E731
    for i, (label, ln) in enumerate(items):
        y = _TOP + i * _ROW_H
        mid = y + _ROW_H / 2
        body.append(_label(i, label))
        body.append(f'<path d="M{x(ln["min"]):.1f} {mid:.1f}H{x(ln["max"]):.1f}" stroke="{_WHISKER}" '
                    f'stroke-width="1.2"/>')
        body.append(f'<rect x="{x(ln["q1"]):.1f}" y="{y + 5}" width="{max(1.0, x(ln["q3"]) - x(ln["q1"])):.1f}" '
                    f'height="{_ROW_H - 10}" fill="{_BAR}" fill-opacity="0.75" stroke="{_WHISKER}"/>')
        body.append(f'<path d="M{x(ln["median"]):.1f} {y + 3}V{y + _ROW_H - 3}" stroke="{_WHISKER}" '
                    f'stroke-width="2.5"/>')
        desc.append(f"{label}: median {ln['median']:g} plies, quartiles {ln['q1']:g} to {ln['q3']:g}, "
                    f"shortest {ln['min']}, longest {ln['max']}")
    return _svg(title, len(items), body, "; ".join(desc))


def _nice_ticks(top: float) -> list[float]:
    for step in (0.5, 1, 2, 5, 10, 20, 50, 100, 200):
        if top / step <= 6:
            return [step * k for k in range(int(top // step) + 2)]
    return [0, top]


def chart(name: str, variants: list[dict[str, Any]]) -> str:
    """The SVG figure of chart ``name`` over ``variants``."""
    if name not in CHARTS:
        raise ValueError(f"lab page: unknown chart {name!r}; charts are {', '.join(CHARTS)}")
    title, key, kind = CHARTS[name]
    if kind == "rate":
        items = [(v["label"], 100 * v[key]["rate"], 100 * v[key]["low"], 100 * v[key]["high"]) for v in variants]
        return bar_chart(title + " (%)", items, 100.0, " %", [0, 25, 50, 75, 100])
    if kind == "mean":
        items = [(v["label"], v[key]["mean"], max(0.0, v[key]["low"]), v[key]["high"]) for v in variants]
        ticks = _nice_ticks(max(i[3] for i in items) or 1)
        return bar_chart(title, items, ticks[-1], "", ticks)
    items_b = [(v["label"], v["length"]) for v in variants]
    return box_chart(title, items_b, _nice_ticks(max(v["length"]["max"] for v in variants) or 1))


def _pct(rate: dict[str, float]) -> str:
    if rate.get("games") == 0:
        return "— (no game)"
    return f"{100 * rate['rate']:.0f} % ({100 * rate['low']:.0f}–{100 * rate['high']:.0f})"


def table(variants: list[dict[str, Any]]) -> str:
    """Every figure as a Markdown table (the charts' numbers, with their intervals)."""
    lines = [
        "| Rules | First player wins | Second player wins | Draws | Ended by a rule | Length: median (quartiles) "
        "| Moves to choose from | Captures a game | Lead changes a game | Ahead after move 20 wins |",
        "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |",
    ]
    for v in variants:
        ln = v["length"]
        lines.append(
            f"| {v['label']} | {_pct(v['first_player_win_rate'])} | {_pct(v['second_player_win_rate'])} "
            f"| {_pct(v['draw_rate'])} | {_pct(v['completion'])} | {ln['median']:g} ({ln['q1']:g}–{ln['q3']:g}) "
            f"| {v['branching_factor']:.0f} | {v['captures_per_game']['mean']:.1f} "
            f"| {v['lead_changes_per_game']['mean']:.2f} | {_pct(v['decisiveness'])} |"
        )
    return "\n".join(lines)


def reasons_table(variants: list[dict[str, Any]]) -> str:
    """How the games ended: reason → games, per variant."""
    lines = ["| Rules | How the games ended |", "| --- | --- |"]
    for v in variants:
        words = ", ".join(f"{reason} {n}" for reason, n in v["reasons"].items())
        lines.append(f"| {v['label']} | {words} |")
    return "\n".join(lines)


def levels_table(data: dict[str, Any]) -> str:
    """The named rulesets at the comparison level beside the main level."""
    main = {v["id"]: v for v in data["variants"]}
    lines = [f"| Rules | Level | First player wins | Draws | Length: median | Lead changes a game |",
             "| --- | --- | --- | --- | --- | --- |"]
    for c in data.get("comparison", []):
        for v in (c, main.get(c["id"])):
            if v is None:
                continue
            level = v.get("level", data["level"])
            lines.append(f"| {c['label']} | {level} | {_pct(v['first_player_win_rate'])} | {_pct(v['draw_rate'])} "
                         f"| {v['length']['median']:g} | {v['lead_changes_per_game']['mean']:.2f} |")
    return "\n".join(lines)


def about(data: dict[str, Any]) -> str:
    minutes = data["cpu_seconds"] / 60
    extra = (f", and the five named rulesets once more at level {data['compare_level']}"
             if data.get("compare_level") else "")
    return (f"Each set of rules below was played **{data['games_per_variant']} times** by the computer against "
            f"itself, both sides at **level {data['level']}**{extra}. A game still running after "
            f"{data['max_plies']} single moves is stopped and counted as *unfinished*. Playing all the games "
            f"took {minutes:.0f} minutes of one processor ({data['python']}). The brackets and the black "
            f"whiskers give the 95 % interval of each figure.")


#: The page's questions as comparisons: (variant, against, question).
QUESTIONS: list[tuple[str, str, str]] = [
    ("classic-corner", "classic", "Corner capture (against classic)"),
    ("classic-mandatory", "classic", "Mandatory capture (against classic)"),
    ("vagi", "classic", "The vagi (against classic)"),
    ("poleis", "vagi", "Poleis placement (against the fixed start)"),
    ("tournament-open-basileus", "tournament", "Any enclosure takes the Basileus (against tournament)"),
    ("kubeia", "tournament", "Kubeia's dice (against tournament)"),
]

#: The figures the questions compare: (column, key in a variant's figures, "rate" or "mean").
FIGURES: list[tuple[str, str, str]] = [
    ("First player wins", "first_player_win_rate", "rate"),
    ("Draws", "draw_rate", "rate"),
    ("Ended by a rule", "completion", "rate"),
    ("Captures a game", "captures_per_game", "mean"),
    ("Lead changes a game", "lead_changes_per_game", "mean"),
]


def difference_tests(data: dict[str, Any]) -> list[tuple[str, str, dict[str, float], bool]]:
    """(question, figure, test, real) for every question and figure; ``real``: significant at 5 %
    after Holm's correction over all of them (so the table as a whole finds no difference by luck)."""
    by_id = {v["id"]: v for v in data["variants"]}
    found = []
    for a_id, b_id, question in QUESTIONS:
        a, b = by_id.get(a_id), by_id.get(b_id)
        if a is None or b is None:
            continue
        for title, key, kind in FIGURES:
            if kind == "rate":
                test = two_proportions(a[key]["count"], a["games"], b[key]["count"], b["games"])
            else:
                test = two_means(a[key], b[key])
            found.append((question, title, test))
    real = holm([t["p"] for _, _, t in found])
    return [(q, f, t, r) for (q, f, t), r in zip(found, real)]


def differences(data: dict[str, Any]) -> str:
    """The questions as a table: each figure's difference with its 95 % interval, **real** or not."""
    tests = difference_tests(data)
    lines = ["| Question | " + " | ".join(f for f, _, _ in FIGURES) + " |",
             "| --- |" + " --- |" * len(FIGURES)]
    for question in dict.fromkeys(q for q, _, _, _ in tests):
        cells = []
        for _q, title, t, real in (x for x in tests if x[0] == question):
            kind = next(k for f, _, k in FIGURES if f == title)
            k, unit, digits = (100, " pts", 0) if kind == "rate" else (1, "", 1)
            d, low, high = (round(k * t[x], digits) or 0.0 for x in ("difference", "low", "high"))  # no -0
            cell = f"{d:+.{digits}f}{unit} ({low:+.{digits}f} to {high:+.{digits}f})"
            cells.append(f"**{cell}, real**" if real else cell)
        lines.append(f"| {question} | " + " | ".join(cells) + " |")
    n_real = sum(r for *_, r in tests)
    lines += ["", f"{n_real} of the {len(tests)} differences are **real**: a two-proportion test (for shares) "
              "or a test on the difference of the means, significant at 5 % after Holm's correction for "
              "making all these comparisons at once. The others may be luck at this number of games."]
    return "\n".join(lines)


def first_moves(data: dict[str, Any]) -> str:
    """The value of moving first in every game: the first player's share of the won games."""
    rows = [*data["variants"], *([data["race"]] if data.get("race") else [])]
    values = [first_move_value(v["first_player_wins"], v["second_player_wins"]) for v in rows]
    real = holm([v["p"] for v in values])
    lines = ["| Rules | Games someone won | First player's share of them | Moving first |",
             "| --- | --- | --- | --- |"]
    for v, fm, r in zip(rows, values, real):
        verdict = ("**helps**" if fm["share"] > 0.5 else "**hurts**") if r else "no real difference"
        share = (f"{100 * fm['share']:.0f} % ({100 * fm['low']:.0f}–{100 * fm['high']:.0f})"
                 if fm["games"] else "—")
        lines.append(f"| {v['label']} | {fm['games']} | {share} | {verdict} |")
    return "\n".join(lines)


def race(data: dict[str, Any]) -> str:
    """Ludus duodecim scriptorum's figures, or a sentence saying it is not in this run."""
    r = data.get("race")
    if not r:
        return "*Ludus duodecim scriptorum is not in this run.*"
    ln, hits, lead = r["length"], r["captures_per_game"], r["lead_changes_per_game"]
    fm = first_move_value(r["first_player_wins"], r["second_player_wins"])
    lines = [
        f"The race game was played **{r['games']} times** at the same level. A game lasted a median of "
        f"**{ln['median']:.0f} turns** (half of them between {ln['q1']:.0f} and {ln['q3']:.0f}); a piece was hit "
        f"**{hits['mean']:.0f} times** a game ({hits['low']:.0f}–{hits['high']:.0f}), and the lead in the "
        f"race (fewer points still to travel) changed hands {lead['mean']:.0f} times. The player who moves "
        f"first won {r['first_player_wins']} of the {fm['games']} races that ended "
        f"({100 * fm['share']:.0f} %, {100 * fm['low']:.0f}–{100 * fm['high']:.0f}), and the side ahead in the "
        f"race after 40 turns went on to win {_pct(r['decisiveness'])} of the time.",
        "",
        "| The first player's opening roll | Games | First player wins |",
        "| --- | --- | --- |",
    ]
    for band in r.get("by_opening_roll", []):
        lines.append(f"| {band['band']} | {band['games']} | {_pct(band)} |")
    return "\n".join(lines)


def samples(data: dict[str, Any]) -> str:
    labels = {v["id"]: v["label"] for v in data["variants"]}
    out = []
    for s in data["samples"]:
        out += [
            f"### {labels.get(s['variant'], s['ruleset'])}: a typical game",
            "",
            "```petteia",
            f"ruleset: {s['ruleset']}",
            "mode: explore",
            f"moves: {s['moves']}",
            f"id: lab-{s['id']}",
            f"caption: Game {s['index'] + 1} of the {labels.get(s['variant'], s['ruleset'])} self-play run, both "
            f"sides level {data['level']}: {s['plies']} single moves, {s['result']}. The board shows the start; "
            f"The next-move button under the board plays the game move by move (the end-of-line button jumps to the end).",
            "```",
            "",
        ]
    return "\n".join(out)


def render(markdown: str, data: dict[str, Any]) -> str:
    """``markdown`` with every lab marker replaced."""
    variants = data["variants"]

    def replace(m: re.Match) -> str:
        kind, arg = m.group(1), m.group(2)
        if kind == "about":
            return about(data)
        if kind == "table":
            return table(variants)
        if kind == "reasons":
            return reasons_table(variants)
        if kind == "levels":
            return levels_table(data)
        if kind == "samples":
            return samples(data)
        if kind == "differences":
            return differences(data)
        if kind == "first":
            return first_moves(data)
        if kind == "race":
            return race(data)
        if kind == "chart":
            return chart(arg or "", variants)
        raise ValueError(f"lab page: unknown marker lab:{kind}")

    return _MARKER.sub(replace, markdown)


def on_page_markdown(markdown: str, page: Any, **kwargs: Any) -> str:
    if page.file.src_uri != PAGE_URI:
        return markdown
    return render(markdown, load())


if __name__ == "__main__":  # pragma: no cover
    print(render((ROOT / "docs" / PAGE_URI).read_text(encoding="utf-8"), load()))

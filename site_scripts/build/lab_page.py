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

Every word the hook writes comes from the generated pages' catalog (site_scripts/build/page_words.py):
the functions take ``words`` (English by default), and the hook passes the words of the language being
built, so the Italian and Ukrainian twins (lab/index.it.md, lab/index.uk.md) get their figures in their
language. The chart titles, questions, figure names, variant labels and end reasons below are marked for
the catalog with ``ENGLISH.gettext("…")`` (which returns the English) and translated when written.

``python -m site_scripts.build.lab_page [LANG]`` prints the page's Markdown (of LANG's twin) with the
markers replaced.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path
from typing import Any

from petteia_core.lab.stats import first_move_value, holm, two_means, two_proportions
from site_scripts.build.lab_charts import bar_chart, box_chart, nice_ticks, slug
from site_scripts.build.page_words import page_words

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "docs" / "lab" / "selfplay.json"
PAGE_URI = "lab/index.md"
#: The page and its twins in the other languages (lab/index.it.md, lab/index.uk.md).
_PAGE_URIS = re.compile(r"lab/index(?:\.\w+)?\.md")

#: The words of a page in English (page_words(lang) for another language).
ENGLISH = page_words("en")

_MARKER = re.compile(r"<!-- lab:(\w+)(?: (\w+))? -->")

#: Chart name -> (title, key in a variant's figures, kind): "rate" bars on 0–100 %, "mean" bars.
#: The titles are in English, marked for the catalog; chart() writes them in the page's language.
CHARTS: dict[str, tuple[str, str, str]] = {
    "first": (ENGLISH.gettext("Games won by the first player"), "first_player_win_rate", "rate"),
    "draws": (ENGLISH.gettext("Games drawn by a rule"), "draw_rate", "rate"),
    "completion": (ENGLISH.gettext("Games ended by a rule, not by the move cap"), "completion", "rate"),
    "decisiveness": (ENGLISH.gettext("Side ahead after move 20 goes on to win"), "decisiveness", "rate"),
    "captures": (ENGLISH.gettext("Pieces captured per game"), "captures_per_game", "mean"),
    "drama": (ENGLISH.gettext("Changes of the lead in material per game"), "lead_changes_per_game", "mean"),
    "length": (ENGLISH.gettext("Game length in single moves (plies)"), "length", "box"),
}

#: The labels of the variants in docs/lab/selfplay.json (site_scripts/generate/lab_data.py), marked for
#: the catalog; a label not here is written as the data has it.
LABELS = (
    ENGLISH.gettext("Classic"),
    ENGLISH.gettext("Classic + corner capture"),
    ENGLISH.gettext("Classic + mandatory capture"),
    ENGLISH.gettext("Ordinarii and vagi"),
    ENGLISH.gettext("Poleis (placement)"),
    ENGLISH.gettext("Tournament"),
    ENGLISH.gettext("Tournament, any enclosure of the Basileus"),
    ENGLISH.gettext("Kubeia (dice)"),
    ENGLISH.gettext("Ludus duodecim scriptorum"),
    ENGLISH.gettext("Latrunculi: Museum Quintana"),
    ENGLISH.gettext("Latrunculi: Kowalski 12×8"),
    ENGLISH.gettext("Latrunculi: Kowalski 11×10"),
    ENGLISH.gettext("Latrunculi: Bell 8×8"),
    ENGLISH.gettext("Latrunculi: Bell 7×8"),
    ENGLISH.gettext("Latrunculi: Locus Ludi (Piso)"),
    ENGLISH.gettext("Latrunculi: Schädler 2001"),
    ENGLISH.gettext("Latrunculi: Schädler 1994"),
)

#: The reasons a game ended, as the data names them (the rules' words; "move cap": stopped unfinished).
REASONS = (
    ENGLISH.gettext("one piece"),
    ENGLISH.gettext("siege"),
    ENGLISH.gettext("stalled"),
    ENGLISH.gettext("breakthrough"),
    ENGLISH.gettext("rout"),
    ENGLISH.gettext("decimation"),
    ENGLISH.gettext("refusal of battle"),
    ENGLISH.gettext("superiority"),
    ENGLISH.gettext("equal forces"),
    ENGLISH.gettext("borne off"),
    ENGLISH.gettext("no pieces"),
    ENGLISH.gettext("move cap"),
)

def load(path: Path = DATA) -> dict[str, Any]:
    return json.loads(path.read_text(encoding="utf-8"))


def word(text: str, words=ENGLISH) -> str:
    """``text``, one of the marked words (a chart title, a variant's label, an end reason …), in
    ``words``' language; a text the catalog does not have stays as it is."""
    lookup = words.gettext  # called on a variable: nothing for Babel to extract here
    return lookup(text) if text else text


def chart(name: str, variants: list[dict[str, Any]], words=ENGLISH) -> str:
    """The SVG figure of chart ``name`` over ``variants`` (its ids from the English title in every language)."""
    if name not in CHARTS:
        raise ValueError(f"lab page: unknown chart {name!r}; charts are {', '.join(CHARTS)}")
    english, key, kind = CHARTS[name]
    title = word(english, words)
    if kind == "rate":
        items = [(word(v["label"], words), 100 * v[key]["rate"], 100 * v[key]["low"], 100 * v[key]["high"])
                 for v in variants]
        return bar_chart(title + " (%)", items, 100.0, " %", [0, 25, 50, 75, 100], words, slug(english + " (%)"))
    if kind == "mean":
        items = [(word(v["label"], words), v[key]["mean"], max(0.0, v[key]["low"]), v[key]["high"])
                 for v in variants]
        ticks = nice_ticks(max(i[3] for i in items) or 1)
        return bar_chart(title, items, ticks[-1], "", ticks, words, slug(english))
    items_b = [(word(v["label"], words), v["length"]) for v in variants]
    return box_chart(title, items_b, nice_ticks(max(v["length"]["max"] for v in variants) or 1), words,
                     slug(english))


def _row(cells: list[str]) -> str:
    return "| " + " | ".join(cells) + " |"


def _pct(rate: dict[str, float], words=ENGLISH) -> str:
    if rate.get("games") == 0:
        return words.gettext("— (no game)")
    return f"{100 * rate['rate']:.0f} % ({100 * rate['low']:.0f}–{100 * rate['high']:.0f})"


def table(variants: list[dict[str, Any]], words=ENGLISH) -> str:
    """Every figure as a Markdown table (the charts' numbers, with their intervals)."""
    _ = words.gettext
    lines = [
        _row([_("Rules"), _("First player wins"), _("Second player wins"), _("Draws"), _("Ended by a rule"),
              _("Length: median (quartiles)"), _("Moves to choose from"), _("Captures a game"),
              _("Lead changes a game"), _("Ahead after move 20 wins")]),
        "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |",
    ]
    for v in variants:
        ln = v["length"]
        lines.append(
            f"| {word(v['label'], words)} | {_pct(v['first_player_win_rate'], words)} "
            f"| {_pct(v['second_player_win_rate'], words)} | {_pct(v['draw_rate'], words)} "
            f"| {_pct(v['completion'], words)} | {ln['median']:g} ({ln['q1']:g}–{ln['q3']:g}) "
            f"| {v['branching_factor']:.0f} | {v['captures_per_game']['mean']:.1f} "
            f"| {v['lead_changes_per_game']['mean']:.2f} | {_pct(v['decisiveness'], words)} |"
        )
    return "\n".join(lines)


def reasons_table(variants: list[dict[str, Any]], words=ENGLISH) -> str:
    """How the games ended: reason → games, per variant."""
    _ = words.gettext
    lines = [_row([_("Rules"), _("How the games ended")]), "| --- | --- |"]
    for v in variants:
        ended = ", ".join(f"{word(reason, words)} {n}" for reason, n in v["reasons"].items())
        lines.append(f"| {word(v['label'], words)} | {ended} |")
    return "\n".join(lines)


def levels_table(data: dict[str, Any], words=ENGLISH) -> str:
    """The named rulesets at the comparison level beside the main level."""
    _ = words.gettext
    main = {v["id"]: v for v in data["variants"]}
    lines = [_row([_("Rules"), _("Level"), _("First player wins"), _("Draws"), _("Length: median"),
                   _("Lead changes a game")]),
             "| --- | --- | --- | --- | --- | --- |"]
    for c in data.get("comparison", []):
        for v in (c, main.get(c["id"])):
            if v is None:
                continue
            level = v.get("level", data["level"])
            lines.append(f"| {word(c['label'], words)} | {level} | {_pct(v['first_player_win_rate'], words)} "
                         f"| {_pct(v['draw_rate'], words)} "
                         f"| {v['length']['median']:g} | {v['lead_changes_per_game']['mean']:.2f} |")
    return "\n".join(lines)


def about(data: dict[str, Any], words=ENGLISH) -> str:
    _ = words.gettext
    minutes = data["cpu_seconds"] / 60
    named = len(data.get("comparison", []))
    extra = ""
    if data.get("compare_level") and named:
        extra = ", " + words.ngettext("and the {count} named ruleset once more at level {level}",
                                      "and the {count} named rulesets once more at level {level}",
                                      named).format(count=named, level=data["compare_level"])
    games, plies = data["games_per_variant"], data["max_plies"]
    return " ".join([
        words.ngettext("Each set of rules below was played **{games} time** by the computer against itself, both "
                       "sides at **level {level}**{extra}.",
                       "Each set of rules below was played **{games} times** by the computer against itself, both "
                       "sides at **level {level}**{extra}.", games).format(games=games, level=data["level"],
                                                                           extra=extra),
        words.ngettext("A game still running after {plies} single move is stopped and counted as *unfinished*.",
                       "A game still running after {plies} single moves is stopped and counted as *unfinished*.",
                       plies).format(plies=plies),
        words.ngettext("Playing all the games took {minutes} minute of one processor ({python}).",
                       "Playing all the games took {minutes} minutes of one processor ({python}).",
                       round(minutes)).format(minutes=f"{minutes:.0f}", python=data["python"]),
        _("The brackets and the black whiskers give the 95 % interval of each figure."),
    ])


#: The page's questions as comparisons: (variant, against, question).
#: (The questions and the columns in English, marked for the catalog; differences() translates them.)
QUESTIONS: list[tuple[str, str, str]] = [
    ("classic-corner", "classic", ENGLISH.gettext("Corner capture (against classic)")),
    ("classic-mandatory", "classic", ENGLISH.gettext("Mandatory capture (against classic)")),
    ("vagi", "classic", ENGLISH.gettext("The vagi (against classic)")),
    ("poleis", "vagi", ENGLISH.gettext("Poleis placement (against the fixed start)")),
    ("tournament-open-basileus", "tournament",
     ENGLISH.gettext("Any enclosure takes the Basileus (against tournament)")),
    ("kubeia", "tournament", ENGLISH.gettext("Kubeia's dice (against tournament)")),
]

#: The figures the questions compare: (column, key in a variant's figures, "rate" or "mean").
FIGURES: list[tuple[str, str, str]] = [
    (ENGLISH.gettext("First player wins"), "first_player_win_rate", "rate"),
    (ENGLISH.gettext("Draws"), "draw_rate", "rate"),
    (ENGLISH.gettext("Ended by a rule"), "completion", "rate"),
    (ENGLISH.gettext("Captures a game"), "captures_per_game", "mean"),
    (ENGLISH.gettext("Lead changes a game"), "lead_changes_per_game", "mean"),
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


def differences(data: dict[str, Any], words=ENGLISH) -> str:
    """The questions as a table: each figure's difference with its 95 % interval, **real** or not."""
    _ = words.gettext
    tests = difference_tests(data)
    lines = [_row([_("Question"), *(word(f, words) for f, _k, _f in FIGURES)]),
             "| --- |" + " --- |" * len(FIGURES)]
    for question in dict.fromkeys(q for q, _q, _t, _r in tests):
        cells = []
        for _q, title, t, real in (x for x in tests if x[0] == question):
            kind = next(k for f, _k, k in FIGURES if f == title)
            k, digits = (100, 0) if kind == "rate" else (1, 1)
            d, low, high = (round(k * t[x], digits) or 0.0 for x in ("difference", "low", "high"))  # no -0
            numbers = {"difference": f"{d:+.{digits}f}", "low": f"{low:+.{digits}f}", "high": f"{high:+.{digits}f}"}
            cell = (_("{difference} pts ({low} to {high})") if kind == "rate"
                    else _("{difference} ({low} to {high})")).format(**numbers)
            cells.append(_("**{cell}, real**").format(cell=cell) if real else cell)
        lines.append(_row([word(question, words), *cells]))
    n_real = sum(r for *_, r in tests)
    lines += ["", words.ngettext(
        "{real} of the {total} difference is **real**: a two-proportion test (for shares) or a test on the "
        "difference of the means, significant at 5 % after Holm's correction for making all these comparisons "
        "at once.",
        "{real} of the {total} differences are **real**: a two-proportion test (for shares) or a test on the "
        "difference of the means, significant at 5 % after Holm's correction for making all these comparisons "
        "at once.", len(tests)).format(real=n_real, total=len(tests))
        + " " + _("The others may be luck at this number of games.")]
    return "\n".join(lines)


def first_moves(data: dict[str, Any], words=ENGLISH) -> str:
    """The value of moving first in every game: the first player's share of the won games."""
    _ = words.gettext
    rows = [*data["variants"], *([data["race"]] if data.get("race") else [])]
    values = [first_move_value(v["first_player_wins"], v["second_player_wins"]) for v in rows]
    real = holm([v["p"] for v in values])
    lines = [_row([_("Rules"), _("Games someone won"), _("First player's share of them"), _("Moving first")]),
             "| --- | --- | --- | --- |"]
    for v, fm, r in zip(rows, values, real):
        verdict = ("**" + (_("helps") if fm["share"] > 0.5 else _("hurts")) + "**") if r else _("no real difference")
        share = (f"{100 * fm['share']:.0f} % ({100 * fm['low']:.0f}–{100 * fm['high']:.0f})"
                 if fm["games"] else "—")
        lines.append(f"| {word(v['label'], words)} | {fm['games']} | {share} | {verdict} |")
    return "\n".join(lines)


def opening_band(band: str, words=ENGLISH) -> str:
    """'3–6 pips' (a band of the first player's opening roll) in ``words``' language."""
    m = re.fullmatch(r"(\d+)–(\d+) pips", band)
    return words.gettext("{low}–{high} pips").format(low=m[1], high=m[2]) if m else band


def race(data: dict[str, Any], words=ENGLISH) -> str:
    """Ludus duodecim scriptorum's figures, or a sentence saying it is not in this run."""
    _ = words.gettext
    r = data.get("race")
    if not r:
        return "*" + _("Ludus duodecim scriptorum is not in this run.") + "*"
    ln, hits, lead = r["length"], r["captures_per_game"], r["lead_changes_per_game"]
    fm = first_move_value(r["first_player_wins"], r["second_player_wins"])
    lines = [
        words.ngettext("The race game was played **{games} time** at the same level.",
                       "The race game was played **{games} times** at the same level.", r["games"]).format(
            games=r["games"])
        + " " + words.ngettext("A game lasted a median of **{turns} turn** (half of them between {q1} and {q3});",
                               "A game lasted a median of **{turns} turns** (half of them between {q1} and {q3});",
                               round(ln["median"])).format(turns=f"{ln['median']:.0f}", q1=f"{ln['q1']:.0f}",
                                                           q3=f"{ln['q3']:.0f}")
        + " " + words.ngettext("a piece was hit **{hits} time** a game ({low}–{high}),",
                               "a piece was hit **{hits} times** a game ({low}–{high}),",
                               round(hits["mean"])).format(hits=f"{hits['mean']:.0f}", low=f"{hits['low']:.0f}",
                                                           high=f"{hits['high']:.0f}")
        + " " + words.ngettext("and the lead in the race (fewer points still to travel) changed hands {changes} time.",
                               "and the lead in the race (fewer points still to travel) changed hands {changes} times.",
                               round(lead["mean"])).format(changes=f"{lead['mean']:.0f}")
        + " " + words.ngettext(
            "The player who moves first won {wins} of the {games} race that ended ({share} %, {low}–{high}), and "
            "the side ahead in the race after 40 turns went on to win {decisive} of the time.",
            "The player who moves first won {wins} of the {games} races that ended ({share} %, {low}–{high}), and "
            "the side ahead in the race after 40 turns went on to win {decisive} of the time.", fm["games"]).format(
            wins=r["first_player_wins"], games=fm["games"], share=f"{100 * fm['share']:.0f}",
            low=f"{100 * fm['low']:.0f}", high=f"{100 * fm['high']:.0f}", decisive=_pct(r["decisiveness"], words)),
        "",
        _row([_("The first player's opening roll"), _("Games"), _("First player wins")]),
        "| --- | --- | --- |",
    ]
    for band in r.get("by_opening_roll", []):
        lines.append(f"| {opening_band(band['band'], words)} | {band['games']} | {_pct(band, words)} |")
    return "\n".join(lines)


def result_words(result: str, words=ENGLISH) -> str:
    """A sample game's result, '1-0 (stalled)' or 'unfinished', in ``words``' language (the score as it is)."""
    if result == "unfinished":
        return words.gettext("unfinished")
    m = re.fullmatch(r"(\S+) \((.+)\)", result)
    return f"{m[1]} ({word(m[2], words)})" if m else result


def samples(data: dict[str, Any], words=ENGLISH) -> str:
    _ = words.gettext
    labels = {v["id"]: v["label"] for v in data["variants"]}
    out = []
    for s in data["samples"]:
        label = word(labels.get(s["variant"], s["ruleset"]), words)
        out += [
            "### " + _("{rules}: a typical game").format(rules=label),
            "",
            "```petteia",
            f"ruleset: {s['ruleset']}",
            "mode: explore",
            f"moves: {s['moves']}",
            f"id: lab-{s['id']}",
            "caption: " + words.ngettext(
                "Game {number} of the {rules} self-play run, both sides level {level}: {plies} single move, "
                "{result}. The board shows the start; the next-move button under the board plays the game move by "
                "move (the end-of-line button jumps to the end).",
                "Game {number} of the {rules} self-play run, both sides level {level}: {plies} single moves, "
                "{result}. The board shows the start; the next-move button under the board plays the game move by "
                "move (the end-of-line button jumps to the end).", s["plies"]).format(
                number=s["index"] + 1, rules=label, level=data["level"], plies=s["plies"],
                result=result_words(s["result"], words)),
            "```",
            "",
        ]
    return "\n".join(out)


def render(markdown: str, data: dict[str, Any], words=ENGLISH) -> str:
    """``markdown`` with every lab marker replaced, in ``words``' language."""
    variants = data["variants"]

    def replace(m: re.Match) -> str:
        kind, arg = m.group(1), m.group(2)
        if kind == "about":
            return about(data, words)
        if kind == "table":
            return table(variants, words)
        if kind == "reasons":
            return reasons_table(variants, words)
        if kind == "levels":
            return levels_table(data, words)
        if kind == "samples":
            return samples(data, words)
        if kind == "differences":
            return differences(data, words)
        if kind == "first":
            return first_moves(data, words)
        if kind == "race":
            return race(data, words)
        if kind == "chart":
            return chart(arg or "", variants, words)
        raise ValueError(f"lab page: unknown marker lab:{kind}")

    return _MARKER.sub(replace, markdown)


def on_page_markdown(markdown: str, page: Any, config: Any, **kwargs: Any) -> str:
    """The page (or its twin in the language being built) with its markers replaced, in that language."""
    if not _PAGE_URIS.fullmatch(page.file.src_uri):
        return markdown
    from site_scripts.build.languages import current_language

    return render(markdown, load(), page_words(current_language(config)))


if __name__ == "__main__":  # pragma: no cover
    lang = sys.argv[1] if len(sys.argv) > 1 else "en"
    page = PAGE_URI if lang == "en" else PAGE_URI[: -len(".md")] + f".{lang}.md"
    print(render((ROOT / "docs" / page).read_text(encoding="utf-8"), load(), page_words(lang)))

"""The rulebook of issue #17: sources named as a reader knows them, every claim about antiquity on
the history page cited where it is made, pages a pupil of 12-16 can read, hard words explained on
hover from one glossary file, and the drawings labelled as drawings."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from site_scripts.build.readability import grade, plain_text

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs"
ABBREVIATIONS = ROOT / "includes" / "abbreviations.md"
RULES_PAGES = ["classic", "vagi", "poleis", "tournament", "kubeia", "duodecim", "latrunculi"]
YOUNG_READERS_GRADE = 8.0   # Flesch-Kincaid grade (US school grade), textstat


def _words(text: str) -> str:
    return " ".join(text.split())


# ---------------------------------------------------------------- the source documents

SEED = re.compile(r"\bseeds?[\s_]*0{1,2}[0-4]\b|seeds/0", re.I)


@pytest.mark.parametrize("page", sorted(DOCS.rglob("*.md")) + [ABBREVIATIONS],
                         ids=lambda p: p.relative_to(ROOT).as_posix())
def test_no_page_names_a_source_document_by_its_file(page):
    text = page.read_text(encoding="utf-8")
    assert not SEED.search(text), f"{page.name}: {SEED.search(text).group(0)!r}; cite the document by what it is"


def test_no_built_page_says_seed_000_to_004(built):
    site, _ = built
    bad = []
    for html in site.rglob("*.html"):
        text = re.sub(r"<[^>]+>", " ", html.read_text(encoding="utf-8"))
        if SEED.search(text):
            bad.append(html.relative_to(site).as_posix())
    assert not bad


def test_sources_page_has_one_entry_per_source_document():
    text = (DOCS / "sources.md").read_text(encoding="utf-8")
    table = text.split("## The source documents of this site", 1)[1].split("\n## ", 1)[0]
    rows = [r for r in table.splitlines()
            if r.startswith("| ") and not r.startswith(("| Document", "| ---"))]
    assert len(rows) == 5
    for name in ("Petteia pros skiamachian", "Dmytro's Poleis", "Il fogliaccio degli astratti",
                 "2015", "Ludus XII scriptorum"):
        assert sum(name in r for r in rows) == 1, name


# ---------------------------------------------------------------- claims and their citations

# (words of a claim about antiquity on the history page, the citation that must stand in the same
# paragraph). Add a row when a claim is added to the page.
HISTORY_CLAIMS = [
    ("in front of the doors", "*Odyssey* (1.106–108)"),
    ("108 pieces", "*Deipnosophistae* 1.16–17"),
    ("killed a playmate", "*Iliad* 23.85–88"),
    ("signed by Exekias", "Museo Gregoriano Etrusco 16757"),
    ("Well over a hundred later vases repeat it", "Woodford 1982"),
    ("a pleasant cure for idleness", "fr. 479"),
    ("dice said to have been dedicated by Palamedes", "Pausanias (2.20.3)"),
    ("the intricate shapes of the *pessoi*", "lines 192–199"),
    ("the play was produced after his death", "*Frogs* 67"),
    ("and also *petteia* and *kubeia*", "274c–d"),
    ("fifty first-rate players", "*Statesman* (292e)"),
    ("shut in by strong ones", "487b–c"),
    ("very many cities", "Bakewell"),
    ("clanless, lawless, hearthless", "*Iliad* 9.63"),
    ("*azux*", "1253a"),
    ("like a good *petteutēs*", "1.84.7"),
    ("the chair of rhetoric at Athens", "Philostratus, *Lives of the Sophists* 2.12"),
    ("each piece a *kyōn*", "(9.98)"),
    ("the dog and the city, which they play", "fr. 61 Kassel–Austin"),
    ("the five extra days of the year", "355d"),
    ("the seven planets", "τ 7"),
    ("preserve mostly names of games", "Taillardat"),
    ("The first mention is in Varro", "*De lingua Latina* 10.22"),
    ("Ovid twice describes a piece", "*Tristia* 2.477–480"),
    ("winning with glass pieces", "190–208"),
    ("Julius Canus", "14.7"),
    ("*miles et hostis*", "Martial 14.20"),
    ("Schädler reconstructed the game", "1994"),
    ("Doctor's burial", "359–375"),
    ("*ordinarii* and others *vagi*", "18.67"),
    ("*ad incitas redigere*", "*Poenulus* 907"),
    ("replayed it in his head", "11.2.38"),
    ("the emperor Zeno", "9.482"),
    ("\"Aphrodite\"", "*Augustus* 71"),
    ("every game except *pessoi*", "Herodotus (1.94)"),
    ("a cremation burial at Vari", "Whittaker"),
    ("the squares were called \"cities\"", "Eustathius, *Commentary on the Iliad*"),
    ("playing \"cities\"", "π 1911"),
    ("think of its citizens as equals", "*Classical Philology* 94"),
    # issue #31: the testimony a historian expects
    ("Claudius wrote one on dice", "*Claudius* 33.2"),
    ("books on how dice are played", "*Tristia* 2.471–484"),
    ("Itti-Marduk-balāṭu", "Finkel"),
    ("moving the stone from the sacred line", "fr. 351"),
    ("Galatea's", "*Idylls* 6.18"),
    ("who quits his 'sacred line'", "Bury"),
    ("a child at play who moves *pessoi*", "fr. B52"),
    ("older men sit at *pessoi*", "lines 67–68"),
    ("almost wholly through words", "450d"),
    ("all that remains to the player of the game", "903d"),
    ("glosses the word as \"dice\"", "π 1384"),
    ("evidence from the Talmud", "91–102"),
    ("a game of skill that the", "*Classical Philology* 94"),
    ("came out *imperator* ten times", "*Firmus, Saturninus, Proculus and Bonosus* 13"),
    ("which were really game boards", "225–249"),
    ("but the possibility remains", "2015"),
    ("game boards scratched into them", "*The Defense of Attica: The Dema Wall"),
    ("as signs of leisure", "*Board Game Studies Journal* 16, 2022"),
]


def _paragraphs(markdown: str) -> list[str]:
    return [_words(p) for p in re.split(r"\n\s*\n", markdown)]


@pytest.mark.parametrize("claim, citation", HISTORY_CLAIMS, ids=[c for c, _ in HISTORY_CLAIMS])
def test_history_claim_is_cited_where_it_is_made(claim, citation):
    paragraphs = [p for p in _paragraphs((DOCS / "history.md").read_text(encoding="utf-8"))
                  if _words(claim) in p]
    assert paragraphs, f"claim not on the history page any more (update HISTORY_CLAIMS): {claim!r}"
    assert any(_words(citation) in p for p in paragraphs), f"{claim!r} without {citation!r}"


def test_fixed_errors_stay_fixed():
    history = (DOCS / "history.md").read_text(encoding="utf-8")
    classic = (DOCS / "rules" / "classic.md").read_text(encoding="utf-8")
    tournament = (DOCS / "rules" / "tournament.md").read_text(encoding="utf-8")
    glossary = (DOCS / "glossary.md").read_text(encoding="utf-8")
    assert "9 × 9" in classic and "board size, the number of pieces\nand the way they move are borrowed" not in classic
    assert "is a modern convention" not in _words(history.split("## The names", 1)[1].split("##", 1)[0])
    assert "a modern convention" not in _words(glossary.split("### Polis", 1)[1].split("###", 1)[0])
    for text in (history, glossary):
        assert "Eustathius" in text
    assert "Callen's work is the basis" in _words(tournament)
    assert "because in both all the pieces are alike" in _words(history)
    assert "Plato Plays Polis" in history and "Bakewell" in history
    sources = (DOCS / "sources.md").read_text(encoding="utf-8").split("## Corrections to this site")[0]
    assert "406/5" not in sources
    assert "a few hundred" not in history


def test_issue_31_errors_stay_fixed():
    """No rule book *survives* (books on games were written); Plato names no corner; the Suda's
    tabla has twelve spaces and seven dice, Agathias the two rows and three dice; every row of the
    sources page's Greek table has its five cells; the repetition rule names the player to move."""
    read = lambda rel: _words((DOCS / rel).read_text(encoding="utf-8"))
    english = [p.relative_to(DOCS).as_posix() for p in DOCS.rglob("*.md") if not re.search(r"\.(it|uk)\.md$", p.name)]
    for rel in english:  # every English page (the latrunculi page said "No Roman wrote down these rules")
        # (sources.md's table of corrections quotes the old wording beside the new one)
        raw = (DOCS / rel).read_text(encoding="utf-8").lower()
        text = _words("\n".join(line for line in raw.splitlines() if "no rule book survives" not in line))
        assert "nobody wrote the rules" not in text and "never wrote the full rules" not in text, rel
        assert not re.search(r"wrote down (the|these) rules", text), rel
    assert "shut in a corner" not in read("rules/tournament.md")
    tabula = _words((DOCS / "glossary.md").read_text(encoding="utf-8").split("### Tabula", 1)[1].split("###", 1)[0])
    assert "described in the Suda and in Agathias" not in tabula and "9.482" in tabula and "τ 7" in tabula
    greek = (DOCS / "sources.md").read_text(encoding="utf-8").split("### Greek", 1)[1].split("###", 1)[0]
    rows = [r for r in greek.splitlines() if r.startswith("| ") and not r.startswith(("| Author", "| ---"))]
    assert rows and all(r.count("|") == 5 for r in rows), [r[:60] for r in rows if r.count("|") != 5]
    for rel in ("rules/classic.md", "rules/vagi.md"):
        box = read(rel).split("The rest of this page", 1)[0]
        assert "same player to move" in box, rel
    assert "with a new edition of Pollux" not in read("history.md")


# ---------------------------------------------------------------- young readers

def test_the_story_page_reads_at_grade_8_or_below():
    text = plain_text((DOCS / "story.md").read_text(encoding="utf-8"))
    assert len(text.split()) > 500
    assert grade(text) <= YOUNG_READERS_GRADE, f"grade {grade(text):.1f}"


def _summary_box(page: str) -> str:
    text = (DOCS / "rules" / f"{page}.md").read_text(encoding="utf-8")
    first_section = text.split("\n## ", 1)[0]
    m = re.search(r'^!!! abstract "The rules in ten lines"\n((?:    .*\n|\n)+)', first_section, re.M)
    assert m, f"{page}: no summary box before the first section"
    return "\n".join(line[4:] for line in m.group(1).splitlines())


@pytest.mark.parametrize("page", RULES_PAGES)
def test_rules_page_opens_with_a_summary_box_at_grade_8_or_below(page):
    box = _summary_box(page)
    rules = [line for line in box.splitlines() if re.match(r"\d+\. ", line)]
    assert 5 <= len(rules) <= 10
    assert "position" not in box.lower() or "position string" not in box.lower()
    assert grade(plain_text(box)) <= YOUNG_READERS_GRADE, f"{page}: grade {grade(plain_text(box)):.1f}"


@pytest.mark.parametrize("page", RULES_PAGES)
def test_position_strings_stay_in_notes(page):
    """Position strings and their fields are for programmers: only in notes (admonitions) and in
    the board fences, not in the running text or the captions of the rules."""
    text = (DOCS / "rules" / f"{page}.md").read_text(encoding="utf-8")
    text = re.sub(r"^```.*?^```", "", text, flags=re.M | re.S)            # board fences
    text = re.sub(r"^(!!!|\?\?\?).*\n((    .*)?\n)*", "", text, flags=re.M)  # notes
    assert not re.search(r"position string|\b(quiet|passive|hand|dice)=", text), page


# ---------------------------------------------------------------- hard words on hover

def _abbreviations() -> list[tuple[str, str]]:
    return re.findall(r"^\*\[([^\]]+)\]: (.+)$", ABBREVIATIONS.read_text(encoding="utf-8"), re.M)


def test_every_hard_word_is_defined_once_and_in_the_glossary():
    entries = _abbreviations()
    words = [w for w, _ in entries]
    assert len(entries) >= 30 and len(words) == len(set(words))
    headings = {h.strip().lower(): h for h in re.findall(
        r"^### (.+)$", (DOCS / "glossary.md").read_text(encoding="utf-8"), re.M)}
    definitions: dict[str, str] = {}
    for word, definition in entries:
        term = definition.split(":", 1)[0]
        assert term.lower() in headings, f"{word}: {term!r} is not a glossary entry"
        # a word and its plural share one definition, the glossary entry's
        assert definitions.setdefault(term, definition) == definition, term


def test_mkdocs_appends_the_abbreviations_to_every_page():
    from site_scripts.build.languages import abbreviations_of, on_page_markdown

    config = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    assert re.search(r"^  - abbr$", config, re.M)
    assert "site_scripts/build/languages.py" in config
    assert abbreviations_of("en") == ABBREVIATIONS
    assert on_page_markdown("# A page", None, config={}).endswith(ABBREVIATIONS.read_text(encoding="utf-8"))


@pytest.mark.parametrize("page, word", [
    ("history", "pessoi"), ("history", "latrunculi"), ("rules/tournament", "Peltast"),
    ("rules/vagi", "vagus"), ("glossary", "Basileus"), ("story", "astragal"),
])
def test_glossary_terms_render_with_their_definition(built, page, word):
    site, _ = built
    html = (site / page / "index.html").read_text(encoding="utf-8")
    definition = dict(_abbreviations())[word].replace('"', "&quot;")
    assert f'<abbr title="{definition}">{word}</abbr>' in html


@pytest.mark.parametrize("lang, page, word, english", [
    ("it", "rules/tournament", "Oplita", "Hoplite"), ("uk", "rules/tournament", "гоплітів", "Hoplite"),
    ("it", "rules/vagi", "vagus", "vagus"), ("uk", "captures", "Повне оточення", "Basileus"),
])
def test_glossary_tooltips_speak_the_pages_language(built, lang, page, word, english):
    """#33: an Italian or Ukrainian page explains its hard words in its own language."""
    site, _ = built
    html = (site / lang / page / "index.html").read_text(encoding="utf-8")
    entries = dict(re.findall(r"^\*\[([^\]]+)\]: (.+)$", (ROOT / "includes" / f"abbreviations.{lang}.md").read_text(encoding="utf-8"), re.M))
    definition = entries[word].replace('"', "&quot;")
    assert f'<abbr title="{definition}">{word}</abbr>' in html
    assert f'title="{dict(_abbreviations())[english]}' not in html  # no English tooltip


# ---------------------------------------------------------------- drawings

# The caption's opening words in each language: a translated twin (page.it.md, page.uk.md) says it
# in its own language.
DRAWING_NOTE = {"": "Drawing made for this site", ".it": "Disegno realizzato per questo sito",
                ".uk": "Малюнок, зроблений для цього сайту"}


@pytest.mark.parametrize("svg", sorted((DOCS / "assets" / "img").glob("*.svg")), ids=lambda p: p.name)
def test_drawing_is_labelled_as_a_drawing(svg):
    source = svg.read_text(encoding="utf-8")
    assert "<title" in source and "<desc" in source and "Drawing made for this site" in source
    uses = [p for p in DOCS.rglob("*.md") if svg.name in p.read_text(encoding="utf-8")]
    assert uses, f"{svg.name} is on no page"
    for page in uses:
        text = page.read_text(encoding="utf-8")
        note = DRAWING_NOTE[Path(page.stem).suffix]
        for figure in re.findall(r"<figure class=\"drawing\".*?</figure>", text, re.S):
            if svg.name in figure:
                assert re.search(r"!\[[^\]]{20,}\]", figure), "alt text"
                assert note in figure, f"{page.name}: caption"


@pytest.mark.parametrize("page", ["rules/classic", "lab/index"])
@pytest.mark.parametrize("suffix", ["", ".it", ".uk"])
def test_dmytro_is_introduced_where_he_is_first_named(page, suffix):
    """#34 (friction): "Dmytro" was cited without saying who he is; the first paragraph that names
    him says it and links to the sources page."""
    text = (DOCS / f"{page}{suffix}.md").read_text(encoding="utf-8")
    first = next(p for p in re.split(r"\n\s*\n", text) if re.search(r"Dmytro|Дмитр", p))
    assert "(../sources.md)" in first, first
    assert re.search(r"modern player|giocatore moderno|сучасний гравець", first), first


def _span(part: str, era: str) -> tuple[int, int]:
    """The years of one date of the timeline ("c. 540", "late 8th", "2nd c."), in ``era`` (BC or AD)."""
    century = re.search(r"(\d+)(?:st|nd|rd|th)", part)
    if century:
        n = int(century.group(1))
        lo, hi = ((-n * 100, -(n - 1) * 100 - 1) if era == "BC" else ((n - 1) * 100 + 1, n * 100))
        if part.startswith("late"):
            lo = (lo + hi) // 2
        elif part.startswith("early"):
            hi = (lo + hi) // 2
        return lo, hi
    year = int(re.search(r"\d+", part).group(0))
    return (-year, -year) if era == "BC" else (year, year)


def _dates(cell: str) -> tuple[int, int]:
    """The first and last year a timeline row's date spans (BC negative)."""
    first, _, last = cell.partition("–")
    last = last or first
    era_of = lambda part, default: "BC" if "BC" in part else "AD" if "AD" in part else default
    end_era = era_of(last, era_of(first, "AD"))
    return _span(first, era_of(first, end_era))[0], _span(last, end_era)[1]


def test_the_timeline_is_in_order():
    """Issue #31's additions went in out of order (Alcaeus after the Attic vases, Theocritus before
    Aristotle, the Historia Augusta after Agathias): no row may lie wholly after the row below it."""
    timeline = (DOCS / "history.md").read_text(encoding="utf-8").split("## Timeline", 1)[1].split("\n## ", 1)[0]
    rows = [r.split("|")[1:3] for r in timeline.splitlines() if r.startswith("| ") and not r.startswith(("| Date", "| ---"))]
    assert len(rows) >= 25
    spans = [(_dates(date.strip()), source.strip()[:30]) for date, source in rows]
    late = [(a[1], b[1]) for a, b in zip(spans, spans[1:]) if a[0][0] > b[0][1]]
    assert late == [], late

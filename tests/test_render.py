"""SVG renderer (petteia_core.render) and the ```petteia Markdown fence (site_scripts.build.fences)."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from petteia_core.render import ATTIC_ROWS, COLUMNS, board_svg, duodecim_layout, duodecim_svg

NS = "{http://www.w3.org/2000/svg}"


def parse(svg: str) -> ET.Element:
    return ET.fromstring(svg)


def sqn(name: str, width: int) -> int:
    return (int(name[1:]) - 1) * width + COLUMNS.index(name[0])


def tournament_start() -> dict[int, str]:
    p = {}
    for c in range(12):
        p[c], p[12 + c], p[6 * 12 + c], p[7 * 12 + c] = "H", "P", "p", "h"
    p[sqn("Ζ3", 12)] = "B"
    p[sqn("Η6", 12)] = "b"
    return p


def pieces_of(root: ET.Element) -> list[ET.Element]:
    return [g for g in root.iter(f"{NS}g") if "piece" in g.get("class", "").split()]


def texts_with_class(root: ET.Element, cls: str) -> list[ET.Element]:
    return [t for t in root.iter(f"{NS}text") if cls in t.get("class", "").split()]


def translate(g: ET.Element) -> tuple[float, float]:
    t = g.get("transform")
    assert t.startswith("translate(")
    x, y = t[len("translate("):-1].split()
    return float(x), float(y)


def square_rects(root: ET.Element) -> dict[int, ET.Element]:
    return {
        int(r.get("data-sq")): r
        for r in root.iter(f"{NS}rect")
        if "sq" in r.get("class", "").split()
    }


# ------------------------------------------------------------------------------ custodian board


def test_svg_is_well_formed_with_accessible_text():
    svg = board_svg(12, 8, tournament_start(), title="Start")
    root = parse(svg)
    assert root.tag == f"{NS}svg"
    assert root.get("role") == "img"
    assert root.get("viewBox").startswith("0 0 ")
    assert "width" not in root.attrib  # scales with its container
    title = root.find(f"{NS}title")
    desc = root.find(f"{NS}desc")
    assert title is not None and title.text == "Start"
    assert desc.text.startswith("White, 25 pieces: Basileus Ζ3; Hoplites Α1,")
    assert "Black, 25 pieces: Basileus Η6; Hoplites Α8," in desc.text
    ids = root.get("aria-labelledby").split()
    assert ids == [title.get("id"), desc.get("id")]


def test_every_square_and_piece_has_data_attributes_and_letter():
    pieces = tournament_start()
    root = parse(board_svg(12, 8, pieces))
    rects = square_rects(root)
    assert sorted(rects) == list(range(96))
    assert rects[sqn("Δ4", 12)].get("data-name") == "Δ4"
    found = {int(g.get("data-sq")): g.get("data-piece") for g in pieces_of(root)}
    assert found == pieces
    glyphs = {}
    for g in pieces_of(root):
        t = g.find(f"{NS}text")
        glyphs[g.get("data-piece").upper()] = t.text if t is not None else None
    assert glyphs == {"P": "Π", "H": "Ο", "B": "Β"}
    kinds = {g.get("data-piece"): g.get("class") for g in pieces_of(root)}
    assert kinds["P"] == "piece w peltast" and kinds["h"] == "piece b hoplite"
    assert kinds["B"] == "piece w basileus"


def test_piece_shapes_differ_by_kind_not_only_colour():
    pieces = {0: "P", 1: "H", 2: "B", 8: "p", 9: "h", 10: "b"}
    root = parse(board_svg(8, 8, pieces))
    shapes = {}
    for g in pieces_of(root):
        inner = "".join(ET.tostring(c, encoding="unicode") for c in g)
        shapes[g.get("data-piece")] = inner
    # same kind, either side: identical drawing (the side is a class on the group)
    for letter in "PHB":
        assert shapes[letter] == shapes[letter.lower()]
    assert len({shapes[k] for k in "PHB"}) == 3
    # classic pessoi carry no letter; ordinarius and vagus differ (pip vs hatching)
    classic = parse(board_svg(8, 8, {0: "P", 63: "p"}))
    assert all(g.find(f"{NS}text") is None for g in pieces_of(classic))
    vagi = parse(board_svg(8, 8, {0: "O", 1: "V"}))
    o, v = pieces_of(vagi)
    assert o.get("class") == "piece w ordinarius" and v.get("class") == "piece w vagus"
    assert any(c.get("class") == "pip" for c in o) and not any(c.get("class") == "pip" for c in v)


def test_coordinates_are_greek():
    root = parse(board_svg(12, 8, {}))
    cols = [t.text for t in texts_with_class(root, "col")]
    rows = [t.text for t in texts_with_class(root, "row")]
    assert cols == list("ΑΒΓΔΕΖΗΘΙΚΛΜ")
    assert rows == [str(i) for i in range(1, 9)]
    attic = parse(board_svg(12, 8, {}, attic_rows=True))
    assert [t.text for t in texts_with_class(attic, "row")] == list(ATTIC_ROWS)


def test_attic_rows_stand_on_whites_right():
    for flipped in (False, True):
        root = parse(board_svg(12, 8, {}, attic_rows=True, flipped=flipped))
        rects = square_rects(root)
        x_left = min(float(r.get("x")) for r in rects.values())
        x_right = max(float(r.get("x")) for r in rects.values()) + 60
        xs = {float(t.get("x")) for t in texts_with_class(root, "row")}
        if flipped:  # White sits at the top: their right hand is the screen's left
            assert all(x < x_left for x in xs)
        else:
            assert all(x > x_right for x in xs)
    plain = parse(board_svg(8, 8, {}))
    x_left = min(float(r.get("x")) for r in square_rects(plain).values())
    assert all(float(t.get("x")) < x_left for t in texts_with_class(plain, "row"))


def test_orientation_and_flip():
    w, h = 8, 8
    pieces = {sqn("Α1", w): "P", sqn("Θ8", w): "p"}
    normal, flipped = parse(board_svg(w, h, pieces)), parse(board_svg(w, h, pieces, flipped=True))

    def pos(root, letter):
        return next(translate(g) for g in pieces_of(root) if g.get("data-piece") == letter)

    (ax, ay), (hx, hy) = pos(normal, "P"), pos(normal, "p")
    assert ax < hx and ay > hy  # Α1 bottom-left, Θ8 top-right
    (ax, ay), (hx, hy) = pos(flipped, "P"), pos(flipped, "p")
    assert ax > hx and ay < hy  # Α1 top-right, Θ8 bottom-left
    # square rects move the same way, and the column labels read right to left
    r_norm, r_flip = square_rects(normal), square_rects(flipped)
    assert float(r_norm[0].get("y")) > float(r_norm[63].get("y"))
    assert float(r_flip[0].get("x")) > float(r_flip[63].get("x"))
    labels = sorted(texts_with_class(flipped, "col"), key=lambda t: float(t.get("x")))
    assert "".join(t.text for t in labels) == "ΘΗΖΕΔΓΒΑ"
    assert flipped.get("data-flipped") == "1"
    assert "Seen from Black's side." in flipped.find(f"{NS}desc").text


def test_piece_centres_match_square_rects():
    pieces = tournament_start()
    for flipped in (False, True):
        root = parse(board_svg(12, 8, pieces, flipped=flipped))
        rects = square_rects(root)
        for g in pieces_of(root):
            r = rects[int(g.get("data-sq"))]
            assert translate(g) == (float(r.get("x")) + 30, float(r.get("y")) + 30)


def test_deterministic_and_compact():
    args = (12, 8, tournament_start())
    kw = dict(arrows=[(13, 61)], highlights={62: "capture", 54: "target"}, last_move=(13, 61))
    a, b = board_svg(*args, **kw), board_svg(*args, **kw)
    assert a == b
    assert a != board_svg(*args, **kw, flipped=True)
    import re

    # no long decimals anywhere
    assert not re.search(r"\d\.\d{2,}", a)
    assert len(a) < 40_000


def test_highlights_arrows_and_last_move():
    w = 12
    b2, b6, g6, h5 = (sqn(n, w) for n in ("Β2", "Β6", "Γ6", "Η5"))
    svg = board_svg(
        w, 8, tournament_start(), arrows=[(b2, b6)], last_move=(b2, b6),
        highlights={g6: "capture", h5: "target", 0: "mark", 1: "from", 2: "to"},
    )
    root = parse(svg)
    lines = [ln for ln in root.iter(f"{NS}line") if ln.get("class") == "arrow"]
    assert len(lines) == 1 and lines[0].get("data-from") == str(b2) and lines[0].get("data-to") == str(b6)
    marker_id = lines[0].get("marker-end")[len("url(#"):-1]
    assert any(m.get("id") == marker_id for m in root.iter(f"{NS}marker"))
    classes = [e.get("class") for e in root.iter() if e.get("class")]
    for cls in ("last last-from", "last last-to", "hl-capture", "hl-target", "hl-mark", "hl-from", "hl-to"):
        assert cls in classes, cls
    desc = root.find(f"{NS}desc").text
    assert "Last move Β2-Β6." in desc and "Arrows: Β2→Β6." in desc and "Γ6 (capture)" in desc


def test_ids_unique_per_board_and_settable():
    a = parse(board_svg(8, 8, {0: "P"}, arrows=[(0, 8)]))
    b = parse(board_svg(8, 8, {1: "P"}, arrows=[(1, 9)]))
    ids_a = {e.get("id") for e in a.iter() if e.get("id")}
    ids_b = {e.get("id") for e in b.iter() if e.get("id")}
    assert ids_a and not ids_a & ids_b
    c = parse(board_svg(8, 8, {}, board_id="demo"))
    assert c.find(f"{NS}title").get("id") == "demo-t"


def test_caption_and_escaping():
    plain = board_svg(8, 8, {})
    hidden = parse(board_svg(8, 8, {}, caption="A <b> & \"c\"", title="x < y"))
    assert not texts_with_class(hidden, "caption")
    assert hidden.get("viewBox") == parse(plain).get("viewBox")  # same size with or without
    assert hidden.find(f"{NS}desc").text.endswith(' A <b> & "c"')
    assert hidden.find(f"{NS}title").text == "x < y"
    shown = parse(board_svg(8, 8, {}, caption="A <b> & \"c\"", show_caption=True))
    assert texts_with_class(shown, "caption")[0].text == 'A <b> & "c"'


def test_classic_description_and_vagi_names():
    root = parse(board_svg(8, 8, {0: "P", 1: "P", 63: "p"}))
    assert root.find(f"{NS}desc").text == "White, 2 pieces: Α1, Β1. Black, 1 piece: Θ8."  # not "2 pieces: pieces …" (#34, 21)
    root = parse(board_svg(8, 8, {0: "O", 1: "V", 2: "V"}))
    assert root.find(f"{NS}desc").text == "White, 3 pieces: ordinarius Α1; vagi Β1, Γ1. Black: no pieces."


@pytest.mark.parametrize(
    "kwargs, message",
    [
        (dict(pieces={64: "P"}), "off a 8×8 board"),
        (dict(pieces={0: "X"}), "unknown piece letter"),
        (dict(pieces={}, highlights={0: "glow"}), "unknown highlight kind"),
        (dict(pieces={}, arrows=[(0, 99)]), "leaves"),
    ],
)
def test_bad_input_is_refused(kwargs, message):
    with pytest.raises(ValueError, match=message):
        board_svg(8, 8, **kwargs)


# ------------------------------------------------------------------------------ duodecim


def test_duodecim_points_names_and_places():
    root = parse(duodecim_svg({}))
    cells = {}
    for g in root.iter(f"{NS}g"):
        if g.get("class") == "point":
            rect = g.find(f"{NS}rect")
            name = g.find(f"{NS}text").text
            assert name == g.get("data-point") == rect.get("data-point")
            cells[name] = (float(rect.get("x")), float(rect.get("y")))
    assert len(cells) == 36
    expected = {f"A{n}" for n in range(1, 13)} | {f"{c}{n}" for c in "BCDE" for n in range(1, 7)}
    assert set(cells) == expected
    ys = sorted({y for _, y in cells.values()})
    top, mid, bottom = ys
    xs = sorted({x for x, _ in cells.values()})
    assert len(xs) == 12
    col = {x: i for i, x in enumerate(xs)}

    def at(name):
        x, y = cells[name]
        return col[x], {top: 0, mid: 1, bottom: 2}[y]

    for n in range(1, 13):
        assert at(f"A{n}") == (n - 1, 1)  # middle row, left to right
    for n in range(1, 7):
        assert at(f"B{n}") == (12 - n, 0)  # top right, right to left
        assert at(f"C{n}") == (6 - n, 0)  # top left, right to left
        assert at(f"D{n}") == (n - 1, 2)  # bottom left, left to right
        assert at(f"E{n}") == (12 - n, 2)  # bottom right: E6 .. E1 left to right
    # a gap between the two halves
    assert xs[6] - xs[5] > xs[1] - xs[0]
    assert duodecim_layout() == {name: at(name) for name in cells}


def test_duodecim_stacks_counts_trays_and_dice():
    svg = duodecim_svg(
        {"A1": ("w", 2), "D4": ("b", 7), "E1": ("w", 4)},
        bar=(1, 0), off=(0, 3), hand=(2, 1), dice=(6, 3), highlights={"A9": "target"},
    )
    assert svg == duodecim_svg(
        {"A1": ("w", 2), "D4": ("b", 7), "E1": ("w", 4)},
        bar=(1, 0), off=(0, 3), hand=(2, 1), dice=(6, 3), highlights={"A9": "target"},
    )
    root = parse(svg)
    stacks = {g.get("data-point"): g for g in root.iter(f"{NS}g") if "stack" in g.get("class", "").split()}
    assert set(stacks) == {"A1", "D4", "E1"}
    assert stacks["D4"].get("class") == "stack b" and stacks["D4"].get("data-count") == "7"
    assert stacks["D4"].find(f"{NS}text").text == "7"  # more than 4: a number
    assert stacks["A1"].find(f"{NS}text") is None
    bodies = [c for c in stacks["A1"] if c.get("class") == "body"]
    assert len(bodies) == 2
    trays = {g.get("data-side"): g for g in root.iter(f"{NS}g") if "tray-side" in g.get("class", "")}
    assert trays["w"].get("data-hand") == "2" and trays["b"].get("data-off") == "3"
    # The tray text stands on two lines, so that it can be drawn larger on a phone.
    lines = [t.text for t in trays["b"].iter(f"{NS}tspan")]
    assert lines == ["to enter 1", "hit 0 · off 3"]
    assert "@media screen and (max-width:30em)" in svg and ".petteia-duodecim .tray{font-size:22px}" in svg
    dice = [g.get("data-value") for g in root.iter(f"{NS}g") if g.get("class") == "dice-die"]
    assert dice == ["6", "3"]
    desc = root.find(f"{NS}desc").text
    assert desc.startswith("White: 2 on A1, 4 on E1; 2 to enter, 1 hit, 0 borne off.")
    assert "Dice: 6 and 3." in desc


def test_duodecim_bad_input():
    with pytest.raises(ValueError, match="unknown point"):
        duodecim_svg({"F1": ("w", 1)})
    with pytest.raises(ValueError, match="expected"):
        duodecim_svg({"A1": ("x", 1)})
    with pytest.raises(ValueError, match="die"):
        duodecim_svg({}, dice=(7,))


# ------------------------------------------------------------------------------ the fence


@pytest.fixture
def fences():
    return pytest.importorskip("site_scripts.build.fences")


TOURNAMENT_START = "hhhhhhhhhhhh/pppppppppppp/6b5/12/12/5B6/PPPPPPPPPPPP/HHHHHHHHHHHH w"


@pytest.mark.no_pyodide
def test_fence_parses_all_fields(fences):
    spec = fences.parse_fence(
        "ruleset: tournament\n"
        "mode: explore            # a comment\n"
        "\n"
        "# a comment line\n"
        "arrows: Β2-Β6, Λ6-Η6\n"
        "highlights: capture: Γ6; target: Η5; Δ4 e4\n"
        "last: b2-b6xc6\n"
        "caption: White sacrifices a Peltast #1 to open Η6.\n"
        "flip: yes\n"
        "attic: on\n"
        "id: sacrifice\n"
        "side: w\n"
    )
    assert spec.ruleset == "tournament" and spec.position == TOURNAMENT_START
    assert spec.mode == "explore" and spec.flip and spec.attic
    assert spec.arrows == ((13, 61), (70, 66))
    assert dict(spec.highlights) == {62: "capture", 54: "target", 39: "mark", 40: "mark"}
    assert spec.last == (13, 61)
    assert spec.caption == "White sacrifices a Peltast #1 to open Η6."
    assert spec.board_id == "sacrifice" and dict(spec.extra) == {"side": "w"}


@pytest.mark.no_pyodide
def test_fence_renders_a_figure(fences):
    html = fences.render_fence(
        fences.parse_fence("ruleset: classic\nlast: Δ1-Δ3\ncaption: Pawns & co\nposition: 8/8/8/8/8/3P4/8/PPP1PPPP b")
    )
    assert html.startswith('<figure class="petteia-board petteia-static" data-ruleset="classic" ')
    assert 'data-position="8/8/8/8/8/3P4/8/PPP1PPPP b"' in html and 'data-mode="static"' in html
    assert html.endswith("<figcaption>Pawns &amp; co</figcaption></figure>")
    svg = html[html.index("<svg"):html.index("</svg>") + 6]
    root = parse(svg)
    assert len(pieces_of(root)) == 8
    assert root.find(f"{NS}title").text == "Classic Petteia, Black to move"


@pytest.mark.no_pyodide
def test_duodecim_fence_passes_its_line_and_notation_to_the_live_board(fences):
    html = fences.render_fence(fences.parse_fence(
        "ruleset: duodecim\nmode: explore\nnotation: yes\nmoves: 63 @A6 @A3, 52 @A5 A5-A7\nhighlights: mark: A3"))
    assert 'data-mode="explore"' in html and 'data-notation="1"' in html
    assert 'data-line="[&quot;63 @A6 @A3&quot;,&quot;52 @A5 A5-A7&quot;]"' in html
    assert 'data-highlights="{&quot;A3&quot;:&quot;mark&quot;}"' in html
    assert "data-notation" not in fences.render_fence(fences.parse_fence("ruleset: duodecim\nmode: explore\nnotation: no"))


@pytest.mark.no_pyodide
def test_fence_defaults_to_the_start_position(fences):
    spec = fences.parse_fence("ruleset: tournament")
    assert spec.position == TOURNAMENT_START and spec.mode == "static" and not spec.flip


@pytest.mark.no_pyodide
@pytest.mark.parametrize(
    "body, message",
    [
        ("position: 8/8 w", "missing field 'ruleset'"),
        ("ruleset: chess", "line 1 (ruleset): unknown ruleset 'chess'"),
        ("ruleset: classic\nposition: 8/8 w", "line 2 (position): position has 2 rows"),
        ("ruleset: classic\nmode: plya", "line 2 (mode): unknown mode 'plya'"),
        ("ruleset: classic\narrows: Α1-Ω3", "line 2 (arrows): 'Ω3': unknown column"),
        ("ruleset: classic\narrows: Α1", "line 2 (arrows): 'Α1' is not a move"),
        ("ruleset: classic\nhighlights: glow: Α1", "line 2 (highlights): unknown kind 'glow'"),
        ("ruleset: classic\nhighlights: Α9", "line 2 (highlights): 'Α9': row 9 is off the board"),
        ("ruleset: classic\nflip: maybe", "line 2 (flip): expected yes or no"),
        ("ruleset: classic\ncolour: red", "line 2: unknown field 'colour'"),
        ("ruleset: classic\nmode play", "line 2: expected 'key: value'"),
        ("ruleset: classic\nmode: play\nmode: static", "line 3 (mode): field 'mode' given twice"),
        ("ruleset: classic\ncaption:", "line 2 (caption): empty value"),
        ("ruleset: classic\nside: w", "line 2 (side): only interactive boards"),
        ("ruleset: classic\nid: 9x", "line 2 (id): '9x' is not a valid id"),
        ("ruleset: duodecim\nmode: puzzle", "line 2 (mode): Duodecim scripta boards have no puzzle mode"),
        ("ruleset: classic\nmode: explore\nnotation: yes", "line 3 (notation): the live position string"),
        ("ruleset: duodecim\nnotation: yes", "line 2 (notation): the live position string"),
    ],
)
def test_fence_errors_name_line_and_field(fences, body, message):
    with pytest.raises(fences.FenceError) as info:
        fences.parse_fence(body)
    assert message in str(info.value)
    assert str(info.value).startswith("petteia fence")


@pytest.mark.no_pyodide
def test_fence_errors_name_the_page_line(fences):
    page = "# Rules\n\nText.\n\n```petteia\nruleset: classic\nmode: plya\n```\n\n~~~~ petteia\nruleset: vagi\n~~~~\n"
    fences_found = fences.find_fences(page)
    assert [line for line, _ in fences_found] == [6, 11]
    with pytest.raises(fences.FenceError, match=r"^docs/rules\.md:7: petteia fence \(mode\): unknown mode"):
        fences.check_page(page, "docs/rules.md")
    ok = page.replace("plya", "play")
    assert [s.ruleset for s in fences.check_page(ok, "docs/rules.md")] == ["classic", "vagi"]


@pytest.mark.no_pyodide
def test_fence_through_superfences(fences):
    markdown = pytest.importorskip("markdown")
    superfences = pytest.importorskip("pymdownx.superfences")
    md = markdown.Markdown(
        extensions=["pymdownx.superfences"],
        extension_configs={"pymdownx.superfences": {"custom_fences": [{
            "name": "petteia", "class": "petteia",
            "format": fences.fence_format, "validator": fences.fence_validator,
        }]}},
    )
    html = md.convert("Text\n\n```petteia mode=\"explore\"\nruleset: vagi\n```\n")
    assert '<figure class="petteia-board petteia-explore" data-ruleset="vagi"' in html
    md.reset()
    with pytest.raises(superfences.SuperFencesException, match=r"\(position\)"):
        md.convert("```petteia\nruleset: vagi\nposition: 9/8 w\n```\n")


# ------------------------------------------------------------------------ Ludus latrunculorum


def _latrunculi_svg(ruleset: str, position: str | None = None, **kw) -> ET.Element:
    from petteia_core import Position
    from petteia_core.render import position_svg

    pos = Position.start(ruleset) if position is None else Position.from_string(ruleset, position)
    return parse(position_svg(pos, **kw))


def _piece_at(root: ET.Element, sq: int) -> ET.Element:
    return next(g for g in pieces_of(root) if int(g.get("data-sq")) == sq)


def _shape(g: ET.Element) -> list[tuple[str, str, str]]:
    """A piece's drawing without its side: (tag, class, geometry) of every child."""
    return [(c.tag, c.get("class", ""), c.get("r", "") + c.get("d", "")) for c in g]


def test_latrunculi_dux_is_its_own_piece_in_both_colours():
    root = _latrunculi_svg("latrunculi-kowalski")
    white_dux, black_dux = _piece_at(root, sqn("Η2", 12)), _piece_at(root, sqn("Ζ7", 12))
    counter = _piece_at(root, sqn("Α1", 12))
    for g, side in ((white_dux, "w"), (black_dux, "b")):
        assert g.get("class").split() == ["piece", side, "dux"]
        assert g.get("data-piece") == ("D" if side == "w" else "d")
        assert _shape(g) != _shape(counter)  # not a plain counter
        radii = [float(c.get("r")) for c in g if c.get("class") == "body"]
        assert radii and max(radii) > max(float(c.get("r")) for c in counter if c.get("class") == "body")
        crown = [c for c in g if "crown" in c.get("class", "").split()]
        assert crown and "pip" in crown[0].get("class").split()  # filled in the side's ink
    assert _shape(white_dux) == _shape(black_dux)  # one drawing, two palettes
    assert counter.get("class").split() == ["piece", "w", "peltast"]


def test_latrunculi_bound_counter_is_visibly_bound():
    root = _latrunculi_svg("latrunculi-schaedler-1994", "8/8/8/2pAp3/3P4/1PaP4/8/8 w hand=0,0")
    bound_w, bound_b = _piece_at(root, sqn("Δ5", 8)), _piece_at(root, sqn("Γ3", 8))
    free = _piece_at(root, sqn("Γ5", 8))
    for g, side in ((bound_w, "w"), (bound_b, "b")):
        assert g.get("class").split() == ["piece", side, "alligatus"]
        classes = [c.get("class", "") for c in g]
        assert "cord" in classes and "cord-ring" in classes
        assert _shape(g) != _shape(free)
    assert not any("cord" in c.get("class", "") for c in free)
    from petteia_core.render.style import STYLE

    assert ".cord{" in STYLE and "--petteia-bound" in STYLE


@pytest.mark.no_pyodide
def test_latrunculi_pieces_restyle_in_print_and_projector_palettes():
    from pathlib import Path

    css = (Path(__file__).resolve().parents[1] / "docs/assets/css/board.css").read_text(encoding="utf-8")
    print_block = css[css.index("@media print"):css.index("classroom mode")]
    projector = css[css.index(".petteia-classroom .play-page, .petteia-projector {"):]
    assert "--petteia-bound" in print_block and "--petteia-bound" in projector.split("}")[0]


def test_latrunculi_title_and_description_name_reconstruction_dux_and_bound():
    root = _latrunculi_svg("latrunculi-kowalski-11x10")
    title, desc = root.find(f"{NS}title").text, root.find(f"{NS}desc").text
    assert title == "Ludus latrunculorum, Kowalski reconstruction, 11×10"
    assert desc.startswith("Ludus latrunculorum, Kowalski reconstruction, 11×10. White, 11 pieces: dux Ζ1; counters Α1,")
    assert "Black, 11 pieces: dux Ζ10; counters Α10," in desc
    root = _latrunculi_svg("latrunculi-schaedler-1994", "8/8/8/2pAp3/3P4/1PaP4/8/8 w hand=0,0")
    desc = root.find(f"{NS}desc").text
    assert "Schädler reconstruction (1994)" in root.find(f"{NS}title").text
    assert "White, 4 pieces: counters Β3, Δ3, Δ4; bound counter Δ5." in desc
    assert "Black, 3 pieces: counters Γ5, Ε5; bound counter Γ3." in desc
    desc = _latrunculi_svg("latrunculi-bell").find(f"{NS}desc").text
    assert desc == "Ludus latrunculorum, Bell reconstruction, 8×8. White: no pieces. Black: no pieces. To be placed: White 17, Black 17."
    # the other games keep their words
    from petteia_core import Position
    from petteia_core.render import position_svg

    assert "counter" not in parse(position_svg(Position.start("poleis"))).find(f"{NS}desc").text


@pytest.mark.parametrize("ruleset", ["latrunculi-kowalski-11x10", "latrunculi-kowalski"])
def test_two_digit_row_labels_fit_their_band(ruleset):
    root = _latrunculi_svg(ruleset)
    width, height = int(root.get("data-width")), int(root.get("data-height"))
    left = float(root.get("data-origin").split()[0])
    rows = texts_with_class(root, "row")
    assert [t.text for t in rows] == [str(r) for r in range(1, height + 1)]
    for size in (17, 23):  # the screen size and the phone size (style.py's media query)
        ys = sorted(float(t.get("y")) for t in rows)
        assert min(b - a for a, b in zip(ys, ys[1:])) >= size  # no two labels overlap
        for t in rows:
            half = 0.62 * size * len(t.text) / 2  # a generous bold-digit width
            x = float(t.get("x"))
            assert x - half >= 2 and x + half <= left - 2, (t.text, size)
    if height >= 10:
        assert left >= 40


def test_board_of_twelve_rows_is_drawn_and_thirteen_refused():
    pieces = {0: "D", 12 * 12 - 1: "a"}
    root = parse(board_svg(12, 12, pieces))
    assert [t.text for t in texts_with_class(root, "row")][-1] == "12"
    assert len(square_rects(root)) == 144
    with pytest.raises(ValueError, match="rows"):
        board_svg(12, 13, {})


@pytest.mark.no_pyodide
def test_latrunculi_fences_live_but_no_puzzles_and_checked_by_the_engine():
    from site_scripts.build import fences

    for ruleset in fences.NO_PUZZLE:
        spec = fences.parse_fence(f"ruleset: {ruleset}\ncaption: {ruleset}")
        html = fences.render_fence(spec)
        assert f'data-ruleset="{ruleset}"' in html and "Ludus latrunculorum" in html
        for mode in ("explore", "play"):
            live = fences.render_fence(fences.parse_fence(f"ruleset: {ruleset}\nmode: {mode}"))
            assert f'data-mode="{mode}"' in live and "data-first" not in live  # it waits for Python
        with pytest.raises(fences.FenceError, match=r"\(mode\): .*no puzzle mode"):
            fences.parse_fence(f"ruleset: {ruleset}\nmode: puzzle")
    with pytest.raises(fences.FenceError, match=r"\(position\)"):
        fences.parse_fence("ruleset: latrunculi-quintana\nposition: 8/8/8/8/8/8/8/3d4 w")  # no dux here
    spec = fences.parse_fence("ruleset: latrunculi-schaedler-1994\n"
                              "position: 8/8/8/8/2p5/1p1p4/1P6/P7 w hand=0,0\nmove: Β2-Β4-Δ4-Δ2")
    assert spec.arrows == ((9, 25), (25, 27), (27, 11))  # one arrow per jump
    with pytest.raises(fences.FenceError, match="write what it binds"):
        fences.parse_fence("ruleset: latrunculi-schaedler-1994\nposition: p7/8/3P4/3p4/8/3P4/8/7P w hand=0,0\n"
                           "move: Δ3-Δ4")


def test_duodecim_board_shows_which_way_the_track_runs():
    """#34 (friction): the Duodecim board drew no direction; an arrow leads from every point to the next."""
    import re as _re

    from petteia_core.render.duodecim import DUODECIM_TRACK, duodecim_svg

    svg = duodecim_svg({})
    pairs = _re.findall(r'data-from="(\w+)" data-to="(\w+)"', svg)
    assert pairs == list(zip(DUODECIM_TRACK, DUODECIM_TRACK[1:]))
    assert len(pairs) == 35
    # In a row, each arrow points the way the track runs: right along A, D and E, left along B and C.
    for here, there, pts in _re.findall(r'<polygon data-from="(\w+)" data-to="(\w+)" points="([^"]+)"', svg):
        xs = [float(p.split(",")[0]) for p in pts.split()]
        tip_right = xs[1] > xs[0]
        assert tip_right == (here[0] in "ADE"), (here, there, pts)
    assert 'class="track-dir" aria-hidden="true"' in svg  # drawn for the eye; the description says the track

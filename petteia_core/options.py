"""Rule options: every custodian ruleset is a named preset of one options object (RULES.md §8)."""

from __future__ import annotations

from dataclasses import dataclass, field, fields, replace

from .errors import PetteiaError
from .side import Side


@dataclass(frozen=True)
class RuleOptions:
    """The rules of a custodian game. Named rulesets are instances; variants are ``replace(...)``."""

    name: str
    width: int = 8
    height: int = 8
    #: Start setup: "rows" (men on the back rows), "army" (tournament: Hoplites, Peltasts, Basileus),
    #: "hand" (all pieces start in hand and are placed one by one).
    setup: str = "rows"
    pieces_per_side: int = 8
    #: Tournament army: the squares of the two Basilei, (white, black).
    basileus_squares: tuple[str, str] = ("Ζ3", "Η6")
    corner_capture: bool = False
    mandatory_capture: bool = False
    #: Longest Hoplite move (None: unlimited).
    hoplite_range: int | None = None
    #: A Hoplite is captured only if a Hoplite or the Basileus is one of the two captors.
    hoplite_capture_class: bool = False
    #: Basileus enclosers must include two Hoplites (one on an edge or corner) or the enemy Basileus.
    basileus_capture_class: bool = False
    #: Ordinarii turn into vagi on a quiet move; vagi may only attack (seed 003).
    vagi: bool = False
    #: Dice move the pieces (Kubeia).
    dice: bool = False
    #: A player reduced to one piece (or none) loses.
    one_piece_loss: bool = False
    #: Tournament victory conditions: rout, decimation, breakthrough.
    army_victories: bool = False
    #: Consecutive passive moves (while having an active piece) that lose; None: no such rule.
    refusal_limit: int | None = None
    #: Single moves without a capture that end the game.
    stall_limit: int = 100
    #: Threefold repetition ends the game as a stall.
    repetition: bool = True
    #: Stall tie-break: "pieces" (more pieces wins) or "pieces_then_ordinarii".
    tiebreak: str = "pieces"
    #: Reason words for an adjudicated stall: (decided, drawn).
    stall_reasons: tuple[str, str] = ("stalled", "stalled")
    #: Who moves (or places) first: "w" or "b".
    first_player: Side = "w"
    # ------------------------------------------------ Ludus latrunculorum (RULES.md §8, §9)
    #: The start position as a position string (setup "given"; e.g. Kowalski's dux on the second row).
    start_position: str | None = None
    #: Most pieces a side may agree to place (Schädler 2001: 16 to 24; ``hand=N,N``); None: pieces_per_side.
    pieces_max: int | None = None
    #: Pieces placed per turn in the placement phase (1 or 2; a dux is always placed last and alone).
    placement_per_turn: int = 1
    #: "slide": any number of empty squares; "step": one square.
    reach: str = "slide"
    #: "none"; "dux": the dux jumps over an adjacent enemy (Bell); "chains": a free counter jumps over
    #: any adjacent piece, again and again, never onto a square twice (Schädler).
    jumps: str = "none"
    #: "none"; "immune": a dux that is never captured (Kowalski); "plain": captured like a counter (Bell).
    dux: str = "none"
    #: A corner square is a captor with the mover, whatever stands on it (Bell).
    corner_anvil: bool = False
    #: Enclosing binds instead of capturing; a removal turn takes a bound enemy (Schädler).
    binding: bool = False
    #: A piece may land between two enemy counters only if the landing binds (Schädler 2001).
    entry_rule: bool = False
    #: A capture earns the capturing piece another move (Bell).
    extra_move: bool = False
    #: The player whose last piece is taken loses ("no pieces").
    no_pieces_loss: bool = False
    #: A player with no legal move on their turn: "loses" (siege), or "count" ends the game on the
    #: piece count (superiority / equal forces; Piso).
    no_move: str = "loses"
    #: True when any latrunculi option is on: the Position then hands its move generation to
    #: :mod:`petteia_core.latrunculi` (derived, not an option).
    extended: bool = field(default=False, init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        ext = (self.setup == "given" or self.placement_per_turn != 1 or self.reach != "slide"
               or self.jumps != "none" or self.dux != "none" or self.corner_anvil or self.binding
               or self.entry_rule or self.extra_move or self.no_pieces_loss or self.no_move != "loses")
        object.__setattr__(self, "extended", ext)

    @property
    def squares(self) -> int:
        return self.width * self.height

    def letters(self) -> str:
        """The piece letters this ruleset uses in position strings (White's, upper case)."""
        if self.setup == "army":
            return "PHB"
        if self.vagi:
            return "OV"
        return "P" + ("D" if self.dux != "none" else "") + ("A" if self.binding else "")


CLASSIC = RuleOptions(name="classic", one_piece_loss=True)
VAGI = RuleOptions(name="vagi", vagi=True, one_piece_loss=True, tiebreak="pieces_then_ordinarii")
POLEIS = replace(VAGI, name="poleis", setup="hand", pieces_per_side=16)
TOURNAMENT = RuleOptions(
    name="tournament",
    width=12,
    height=8,
    setup="army",
    pieces_per_side=25,
    corner_capture=True,
    mandatory_capture=True,
    hoplite_range=6,
    hoplite_capture_class=True,
    basileus_capture_class=True,
    army_victories=True,
    refusal_limit=3,
    repetition=False,
    stall_reasons=("superiority", "equal forces"),
)
KUBEIA = replace(TOURNAMENT, name="kubeia", dice=True)

# Ludus latrunculorum (RULES.md §9): eight named reconstructions.
_EQUAL = ("superiority", "equal forces")
LATRUNCULI_QUINTANA = RuleOptions(
    name="latrunculi-quintana", setup="given", pieces_per_side=16, no_pieces_loss=True,
    start_position="pppppppp/pppppppp/8/8/8/8/PPPPPPPP/PPPPPPPP w",
)
LATRUNCULI_KOWALSKI = RuleOptions(
    name="latrunculi-kowalski", width=12, height=8, setup="given", pieces_per_side=13, dux="immune",
    corner_capture=True, start_position="pppppppppppp/5d6/12/12/12/12/6D5/PPPPPPPPPPPP w",
)
LATRUNCULI_KOWALSKI_11X10 = replace(
    LATRUNCULI_KOWALSKI, name="latrunculi-kowalski-11x10", width=11, height=10, pieces_per_side=11,
    start_position="pppppdppppp/11/11/11/11/11/11/11/11/PPPPPDPPPPP w",
)
LATRUNCULI_BELL = RuleOptions(
    name="latrunculi-bell", setup="hand", pieces_per_side=17, placement_per_turn=2, reach="step",
    jumps="dux", dux="plain", corner_anvil=True, extra_move=True, no_pieces_loss=True,
    stall_limit=30, repetition=False, stall_reasons=_EQUAL,
)
LATRUNCULI_BELL_7X8 = replace(LATRUNCULI_BELL, name="latrunculi-bell-7x8", width=7)
LATRUNCULI_PISO = RuleOptions(
    name="latrunculi-piso", setup="hand", pieces_per_side=20, reach="step", corner_capture=True,
    one_piece_loss=True, no_move="count",
)
LATRUNCULI_SCHAEDLER = RuleOptions(
    name="latrunculi-schaedler", setup="hand", pieces_per_side=16, pieces_max=24, reach="step", jumps="chains",
    binding=True, entry_rule=True, one_piece_loss=True,
)
LATRUNCULI_SCHAEDLER_1994 = replace(LATRUNCULI_SCHAEDLER, name="latrunculi-schaedler-1994", entry_rule=False,
                                    pieces_max=None)
LATRUNCULI: dict[str, RuleOptions] = {r.name: r for r in (
    LATRUNCULI_QUINTANA, LATRUNCULI_KOWALSKI, LATRUNCULI_KOWALSKI_11X10, LATRUNCULI_BELL, LATRUNCULI_BELL_7X8,
    LATRUNCULI_PISO, LATRUNCULI_SCHAEDLER, LATRUNCULI_SCHAEDLER_1994,
)}

#: The site's custodian rulesets of Petteia (puzzles, the lab's workshop). PRESETS adds the
#: latrunculi presets: every custodian preset, each played on the pages (ALL_RULESETS).
RULESETS: dict[str, RuleOptions] = {r.name: r for r in (CLASSIC, VAGI, POLEIS, TOURNAMENT, KUBEIA)}
PRESETS: dict[str, RuleOptions] = {**RULESETS, **LATRUNCULI}
#: What the pages play (the web facade's games and boards): every preset and Duodecim scripta.
ALL_RULESETS = (*PRESETS, "duodecim")
#: What the command line plays: every preset and Duodecim scripta.
CLI_RULESETS = (*PRESETS, "duodecim")


def get_rules(rules: str | RuleOptions) -> RuleOptions:
    """The RuleOptions for a ruleset name (or the options themselves)."""
    if isinstance(rules, RuleOptions):
        return rules
    try:
        return PRESETS[rules]
    except KeyError:
        raise PetteiaError(
            f"unknown ruleset {rules!r}; custodian rulesets are {', '.join(PRESETS)} (and 'duodecim')"
        ) from None


# ----------------------------------------------------------------- variants (RULES.md §8)
#: Options a variant may change, with the kind of value each takes. ``name`` and ``stall_reasons``
#: belong to the preset (a variant keeps its preset's name and reason words).
_BOOL = ("corner_capture", "mandatory_capture", "hoplite_capture_class", "basileus_capture_class", "vagi",
         "dice", "one_piece_loss", "army_victories", "repetition")
_INT = ("width", "height", "pieces_per_side", "stall_limit")
_OPTIONAL_INT = ("hoplite_range", "refusal_limit", "pieces_max")
_CHOICES = {"setup": ("rows", "army", "hand"), "tiebreak": ("pieces", "pieces_then_ordinarii"),
            "first_player": ("w", "b")}
OPTION_NAMES: tuple[str, ...] = (*_INT, "setup", "basileus_squares", *_BOOL, *_OPTIONAL_INT[:2], "tiebreak",
                                 "first_player")
#: The options Ludus latrunculorum adds (RULES.md §8); the lab's workshop does not offer them yet.
_LAT_BOOL = ("corner_anvil", "binding", "entry_rule", "extra_move", "no_pieces_loss")
_LAT_CHOICES = {"reach": ("slide", "step"), "jumps": ("none", "dux", "chains"), "dux": ("none", "immune", "plain"),
                "no_move": ("loses", "count")}
LATRUNCULI_OPTION_NAMES: tuple[str, ...] = ("pieces_max", "placement_per_turn", *_LAT_CHOICES, *_LAT_BOOL)
_BOOL = (*_BOOL, *_LAT_BOOL)
_INT = (*_INT, "placement_per_turn")
_CHOICES = {**_CHOICES, **_LAT_CHOICES}
_CHOICES["setup"] = ("rows", "army", "hand", "given")
ALL_OPTION_NAMES: tuple[str, ...] = (*OPTION_NAMES, *LATRUNCULI_OPTION_NAMES)
_TRUE, _FALSE = ("true", "yes", "on", "1"), ("false", "no", "off", "0")


def parse_option(name: str, text: str) -> object:
    """The value of option ``name`` written as ``text`` (``true``, ``6``, ``none``, ``Ζ3,Η6`` …).

    >>> parse_option("corner_capture", "yes"), parse_option("hoplite_range", "none")
    (True, None)
    """
    word = text.strip()
    low = word.lower()
    if name in _BOOL:
        if low in _TRUE or low in _FALSE:
            return low in _TRUE
        raise PetteiaError(f"option {name} is true or false, not {text!r}")
    if name in _INT or name in _OPTIONAL_INT:
        if name in _OPTIONAL_INT and low in ("none", "off", "no"):
            return None
        try:
            return int(word)
        except ValueError:
            extra = " (or none)" if name in _OPTIONAL_INT else ""
            raise PetteiaError(f"option {name} is a whole number{extra}, not {text!r}") from None
    if name in _CHOICES:
        if low not in _CHOICES[name]:
            raise PetteiaError(f"option {name} is one of {', '.join(_CHOICES[name])}, not {text!r}")
        return low
    if name == "basileus_squares":
        parts = [p.strip() for p in word.split(",")]
        if len(parts) != 2 or not all(parts):
            raise PetteiaError(f"option basileus_squares is two squares, White's then Black's (Ζ3,Η6), not {text!r}")
        return (parts[0], parts[1])
    raise PetteiaError(f"unknown option {name!r}; options are: {', '.join(ALL_OPTION_NAMES)}")


def check_options(rules: RuleOptions) -> RuleOptions:
    """``rules`` if its options fit together, else PetteiaError saying which do not.

    >>> check_options(replace(TOURNAMENT, vagi=True))
    Traceback (most recent call last):
    ...
    petteia_core.errors.PetteiaError: inconsistent options: vagi needs setup rows or hand (the army's pieces are Hoplites, Peltasts and a Basileus)
    """
    from .board import parse_square

    problems = []
    r = rules
    if not 2 <= r.width <= 12:
        problems.append("width is 2 to 12 (columns Α to Μ)")
    if not 3 <= r.height <= 12:
        problems.append("height is 3 to 12")
    if r.setup == "rows" and r.pieces_per_side != r.width:
        problems.append(f"setup rows fills one row: pieces_per_side must equal the width ({r.width})")
    if r.setup == "army":
        if r.pieces_per_side != 2 * r.width + 1:
            problems.append(f"setup army is two rows and a Basileus: pieces_per_side must be {2 * r.width + 1}")
        if r.height < 6:
            problems.append("setup army needs a height of 6 or more")
        if r.vagi:
            problems.append("vagi needs setup rows or hand (the army's pieces are Hoplites, Peltasts and a Basileus)")
        else:
            try:
                sq = [parse_square(s, r.width, r.height) for s in r.basileus_squares]
            except PetteiaError as exc:
                problems.append(f"basileus_squares: {exc}")
            else:
                rows = [s // r.width for s in sq]
                if not (2 <= rows[0] < r.height - 2 and 2 <= rows[1] < r.height - 2) or sq[0] == sq[1]:
                    problems.append("basileus_squares must be two different squares off the armies' two back rows")
    else:
        army_only = [n for n in ("hoplite_capture_class", "basileus_capture_class", "army_victories", "dice")
                     if getattr(r, n)]
        if r.hoplite_range is not None:
            army_only.append("hoplite_range")
        if army_only:
            problems.append(f"{', '.join(army_only)} {'needs' if len(army_only) == 1 else 'need'} setup army (Hoplites, Peltasts and a Basileus)")
    problems.extend(_latrunculi_problems(r))
    if r.setup == "hand" and not 1 <= r.pieces_per_side <= r.width * r.height // 2:
        problems.append(f"setup hand: pieces_per_side is 1 to {r.width * r.height // 2} on this board")
    if r.tiebreak == "pieces_then_ordinarii" and not r.vagi:
        problems.append("tiebreak pieces_then_ordinarii needs vagi (only vagi games have ordinarii)")
    if r.stall_limit < 2:
        problems.append("stall_limit is 2 or more single moves")
    if r.hoplite_range is not None and r.hoplite_range < 1:
        problems.append("hoplite_range is 1 or more (or none: unlimited)")
    if r.refusal_limit is not None and r.refusal_limit < 1:
        problems.append("refusal_limit is 1 or more (or none: no refusal-of-battle rule)")
    if problems:
        raise PetteiaError("inconsistent options: " + "; ".join(problems))
    return rules


def _latrunculi_problems(r: RuleOptions) -> list[str]:
    """What does not fit together among the options of RULES.md §9."""
    out = []
    if r.setup == "given":
        from .fen import read_position

        if not r.start_position:
            out.append("setup given needs a start_position")
        else:
            try:
                read_position(replace(r, setup="rows"), r.start_position)
            except PetteiaError as exc:
                out.append(f"start_position does not fit this board: {exc}")
    elif r.start_position is not None:
        out.append("start_position needs setup given")
    if r.pieces_max is not None and not (r.setup == "hand" and r.pieces_per_side <= r.pieces_max
                                          <= r.width * r.height // 2):
        out.append("pieces_max needs setup hand and lies between pieces_per_side and half the squares")
    if r.placement_per_turn not in (1, 2):
        out.append("placement_per_turn is 1 or 2")
    elif r.placement_per_turn == 2 and r.setup != "hand":
        out.append("placement_per_turn 2 needs setup hand")
    if r.setup == "army" and r.extended:
        out.append("the latrunculi options need setup rows, hand or given (not the tournament army)")
    if r.vagi and r.extended:
        out.append("vagi cannot be combined with the latrunculi options")
    if r.jumps == "dux" and r.dux == "none":
        out.append("jumps dux needs a dux")
    if r.binding and r.dux != "none":
        out.append("binding is for counters only (no dux)")
    if r.binding != (r.jumps == "chains"):
        out.append("binding and jumps chains go together (Schädler)")
    if r.entry_rule and not r.binding:
        out.append("entry_rule needs binding")
    if r.binding and (r.corner_capture or r.corner_anvil or r.extra_move):
        out.append("binding replaces capture: no corner capture, corner anvil or extra move with it")
    if r.one_piece_loss and r.no_pieces_loss:
        out.append("one_piece_loss already covers no_pieces_loss: choose one")
    if r.dux == "immune" and (r.one_piece_loss or r.no_pieces_loss):
        out.append("a dux that cannot be taken needs loss at neither one piece nor no pieces")
    return out


def variant(rules: str | RuleOptions, changes: dict[str, str] | None = None) -> RuleOptions:
    """``rules`` with some options changed, each given as text (``{"corner_capture": "true"}``);
    PetteiaError for an unknown option, a value of the wrong kind or options that do not fit together.
    The variant keeps its preset's name (the computer's settings and records follow the preset).

    >>> variant("classic", {"corner_capture": "true"}).corner_capture
    True
    """
    base = get_rules(rules)
    if not changes:
        return base
    values = {name: parse_option(name, text) for name, text in changes.items()}
    return check_options(replace(base, **values))


def option_changes(rules: RuleOptions) -> dict[str, object]:
    """The options in which ``rules`` differs from the preset of its name (empty for a preset)."""
    base = PRESETS.get(rules.name)
    if base is None or base == rules:
        return {}
    return {f.name: getattr(rules, f.name) for f in fields(rules)
            if f.name in ALL_OPTION_NAMES and getattr(rules, f.name) != getattr(base, f.name)}


def format_options(changes: dict[str, object]) -> str:
    """Options as ``name=value`` words, as the ``Options`` tag of a record writes them (and reads back).

    >>> format_options({"corner_capture": True, "hoplite_range": None})
    'corner_capture=true hoplite_range=none'
    """
    def word(value: object) -> str:
        if value is None:
            return "none"
        if isinstance(value, bool):
            return "true" if value else "false"
        if isinstance(value, tuple):
            return ",".join(value)
        return str(value)

    return " ".join(f"{name}={word(value)}" for name, value in changes.items())


def read_options(text: str) -> dict[str, str]:
    """``name=value`` words (``--option`` arguments, a record's ``Options`` tag) as a dict of texts."""
    out: dict[str, str] = {}
    for item in text.split():
        name, eq, value = item.partition("=")
        if not eq or not name or not value:
            raise PetteiaError(f"an option is written NAME=VALUE (corner_capture=true), not {item!r}")
        if name in out:
            raise PetteiaError(f"option {name} is given twice")
        out[name] = value
    return out

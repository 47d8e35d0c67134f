"""Rule options: every custodian ruleset is a named preset of one options object (RULES.md §8)."""

from __future__ import annotations

from dataclasses import dataclass, replace

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

    @property
    def squares(self) -> int:
        return self.width * self.height

    def letters(self) -> str:
        """The piece letters this ruleset uses in position strings (White's, upper case)."""
        if self.setup == "army":
            return "PHB"
        if self.vagi:
            return "OV"
        return "P"


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

RULESETS: dict[str, RuleOptions] = {r.name: r for r in (CLASSIC, VAGI, POLEIS, TOURNAMENT, KUBEIA)}
ALL_RULESETS = (*RULESETS, "duodecim")


def get_rules(rules: str | RuleOptions) -> RuleOptions:
    """The RuleOptions for a ruleset name (or the options themselves)."""
    if isinstance(rules, RuleOptions):
        return rules
    try:
        return RULESETS[rules]
    except KeyError:
        raise PetteiaError(
            f"unknown ruleset {rules!r}; custodian rulesets are {', '.join(RULESETS)} (and 'duodecim')"
        ) from None

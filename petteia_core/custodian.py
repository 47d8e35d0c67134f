"""The custodian-capture engine shared by Classic Petteia, vagi, Poleis, tournament Petteia, Kubeia and
the Ludus latrunculorum reconstructions (whose own mechanics live in :mod:`petteia_core.latrunculi`;
what a move captures in :mod:`petteia_core.capture`, the end conditions in :mod:`petteia_core.endings`).

A :class:`Position` is immutable. Pieces are kept as bitboards on Python integers: one mask per side
and one per special kind (Hoplites, Basilei, vagi); a square in a side mask and in none of the kind
masks holds a plain piece (a classic pessos, a Peltast or an ordinarius). Which rules apply is decided
by the position's :class:`~petteia_core.options.RuleOptions`.

The side to move is a :data:`~petteia_core.side.Side` (``"w"``/``"b"``) in the public API
(:attr:`Position.side_to_move`, :class:`~petteia_core.result.Result`); ``turn`` and ``mover`` are
its bitboard index (0 White, 1 Black) into ``occ`` and ``hand``.

The fast path (what the AI, the puzzle solver, perft and notation use; no Move objects):

* :meth:`Position.legal_pairs` – legal ``(from, to)`` pairs (``from`` = -1 for a placement, -2 for a
  Schädler removal; a jump chain's ``to`` is a :class:`~petteia_core.latrunculi.Chain`);
* :meth:`Position.after` – the position after a legal pair;
* :meth:`Position.generate` – pseudo-legal pairs (before the mandatory-capture filter) and the
  mask of active pieces; :meth:`Position.capture_candidates` – a cheap superset of capturing
  destinations; :meth:`Position.captures_of` – what a pair captures;
* :meth:`Position.terminal_without_siege`, :meth:`Position.adjudicate` – end conditions.

>>> p = Position.start("classic")
>>> len(p.legal_pairs()), p.side_to_move
(48, 'w')
>>> q = p.after(0, 16)
>>> q.letter_at(16), q.side_to_move
('P', 'b')
"""

from __future__ import annotations

from .board import parse_square
from .capture import capture_candidates, captures_of
from .endings import adjudicate, evaluate as evaluate_endings, stuck_result
from .errors import GameStateError
from .fen import format_position, read_position
from .geometry import Geometry, bits, geometry
from .latrunculi import PLACE, REMOVE, newly_bound, path_of
from .latrunculi import after as latrunculi_after, generate as latrunculi_generate
from .moves import Move
from .options import RuleOptions, get_rules
from .result import Result
from .side import SIDE_LETTER, Side, side_index

#: Bitboard indices of the sides (``Position.turn``); the public side is a :data:`Side`.
WHITE, BLACK = 0, 1


class Position:
    """An immutable custodian-game position with the counters the rules need.

    >>> p = Position.from_string("classic", "8/8/3P4/3p4/4P3/8/8/7p w")
    >>> [m.text(8) for m in p.legal_moves() if m.captures]
    ['Ε4-Δ4xΔ5']
    >>> p.piece_map(), p.side_to_move
    ({7: 'p', 28: 'P', 35: 'p', 43: 'P'}, 'w')
    """

    __slots__ = (
        "rules", "geo", "occ", "hop", "bas", "vag", "dux", "bound", "again", "turn", "hand", "dice", "quiet",
        "passive", "move_no", "mover", "_gen", "_result",
    )

    rules: RuleOptions
    geo: Geometry
    occ: tuple[int, int]  # (white mask, black mask)
    hop: int
    bas: int
    vag: int
    dux: int  # latrunculi: the duces (leaders)
    bound: int  # latrunculi (Schädler): bound counters
    again: int  # latrunculi (Bell): the square of the piece owing an extra move, else -1
    turn: int
    hand: tuple[int, int]
    dice: tuple[int, int] | None
    quiet: int
    passive: tuple[int, int]
    move_no: int
    mover: int  # the side that made the last move (the opponent of ``turn`` unless after a double)

    # ----------------------------------------------------------------- construction
    @classmethod
    def make(
        cls,
        rules: RuleOptions,
        white: int,
        black: int,
        *,
        hop: int = 0,
        bas: int = 0,
        vag: int = 0,
        dux: int = 0,
        bound: int = 0,
        again: int = -1,
        turn: int = WHITE,
        hand: tuple[int, int] = (0, 0),
        dice: tuple[int, int] | None = None,
        quiet: int = 0,
        passive: tuple[int, int] = (0, 0),
        move_no: int = 1,
        mover: int | None = None,
    ) -> Position:
        """Build a position from bitboards (no validation: see :mod:`petteia_core.fen`)."""
        p = object.__new__(cls)
        p.rules, p.geo = rules, geometry(rules.width, rules.height)
        p.occ, p.hop, p.bas, p.vag = (white, black), hop, bas, vag
        p.dux, p.bound, p.again = dux, bound, again
        p.turn, p.hand, p.dice, p.quiet, p.passive, p.move_no = turn, hand, dice, quiet, passive, move_no
        p.mover = 1 - turn if mover is None else mover
        p._gen = None
        p._result = None
        return p

    @classmethod
    def start(cls, rules: str | RuleOptions = "classic") -> Position:
        """The start position of a ruleset."""
        r = get_rules(rules)
        w, h = r.width, r.height
        first = side_index(r.first_player)
        if r.setup == "hand":
            return cls.make(r, 0, 0, turn=first, hand=(r.pieces_per_side, r.pieces_per_side))
        if r.setup == "given":  # the preset's position string (its side to move is the first player's)
            board = (r.start_position or "").split()[0]
            return cls.from_string(r, f"{board} {r.first_player}")
        back_w, back_b = (1 << w) - 1, ((1 << w) - 1) << (w * (h - 1))
        if r.setup == "rows":
            return cls.make(r, back_w, back_b, turn=first)
        second_w, second_b = back_w << w, back_b >> w
        bw = 1 << parse_square(r.basileus_squares[0], w, h)
        bb = 1 << parse_square(r.basileus_squares[1], w, h)
        return cls.make(
            r, back_w | second_w | bw, back_b | second_b | bb, hop=back_w | back_b, bas=bw | bb, turn=first
        )

    @classmethod
    def from_string(cls, rules: str | RuleOptions, text: str) -> Position:
        """Read a position string (see :mod:`petteia_core.fen`)."""
        r = get_rules(rules)
        white, black, fields = read_position(r, text)
        return cls.make(r, white, black, **fields)

    def to_string(self) -> str:
        """The canonical position string."""
        return format_position(self)

    def __str__(self) -> str:
        return self.to_string()

    def __repr__(self) -> str:
        return f"Position({self.rules.name!r}, {self.to_string()!r})"

    def key(self) -> tuple:
        """Identity for repetition: the pieces and the side to move."""
        return (self.occ, self.hop, self.bas, self.vag, self.turn, self.hand, self.dux, self.bound, self.again)

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, Position)
            and self.rules == other.rules
            and self.key() == other.key()
            and (self.dice, self.quiet, self.passive, self.move_no)
            == (other.dice, other.quiet, other.passive, other.move_no)
        )

    def __hash__(self) -> int:
        return hash(self.key())

    # ----------------------------------------------------------------- inspection
    @property
    def width(self) -> int:
        return self.rules.width

    @property
    def height(self) -> int:
        return self.rules.height

    @property
    def side_to_move(self) -> Side:
        """``"w"`` or ``"b"``."""
        return SIDE_LETTER[self.turn]

    @property
    def placing(self) -> bool:
        """True during the Poleis placement phase."""
        return self.hand != (0, 0)

    def letter_at(self, sq: int) -> str | None:
        """The position-string letter on ``sq`` (upper case White), or None."""
        bit = 1 << sq
        if self.occ[0] & bit:
            side = 0
        elif self.occ[1] & bit:
            side = 1
        else:
            return None
        if self.hop & bit:
            ch = "H"
        elif self.bas & bit:
            ch = "B"
        elif self.vag & bit:
            ch = "V"
        elif self.dux & bit:
            ch = "D"
        elif self.bound & bit:
            ch = "A"
        else:
            ch = "O" if self.rules.vagi else "P"
        return ch if side == 0 else ch.lower()

    def piece_map(self) -> dict[int, str]:
        """Square → letter as in position strings, for every occupied square."""
        return {sq: self.letter_at(sq) for sq in bits(self.occ[0] | self.occ[1])}  # type: ignore[misc]

    def count(self, side: Side | int) -> int:
        """How many pieces ``side`` has on the board (a Side, or its bitboard index)."""
        return self.occ[side if isinstance(side, int) else side_index(side)].bit_count()

    # ----------------------------------------------------------------- move generation
    def _groups(self) -> list[tuple[int, int, int, int]]:
        """Pieces of the side to move grouped by how they move: (mask, allowed distances, max, filter).

        ``allowed`` has bit k set when a move of k squares is allowed; ``filter`` masks destinations
        (a vagus may only land next to an enemy piece). Options compose: Hoplite range, dice, vagi.
        """
        r, geo = self.rules, self.geo
        own = self.occ[self.turn]
        longest = max(r.width, r.height) - 1

        def upto(k: int) -> int:
            return (1 << (k + 1)) - 2

        plain_reach = hop_reach = bas_reach = upto(longest)
        if r.hoplite_range is not None:
            hop_reach = upto(min(r.hoplite_range, longest))
        if r.dice:
            if self.dice is None:
                raise GameStateError(f"{r.name}: roll the dice before asking for moves")
            hi, lo = self.dice
            plain_reach, hop_reach, bas_reach = upto(hi), upto(lo) & hop_reach, upto(lo) | (1 << hi)
        attack = geo.adjacent(self.occ[1 - self.turn]) if r.vagi else geo.full
        kinds = (
            (own & ~(self.hop | self.bas | self.vag), plain_reach, geo.full),
            (own & self.vag, plain_reach, attack),
            (own & self.hop, hop_reach, geo.full),
            (own & self.bas, bas_reach, geo.full),
        )
        merged: dict[tuple[int, int], int] = {}
        for mask, reach, filt in kinds:
            if mask:
                merged[reach, filt] = merged.get((reach, filt), 0) | mask
        return [(mask, reach, reach.bit_length() - 1, filt) for (reach, filt), mask in merged.items()]

    def generate(self) -> tuple[list[tuple[int, int]], int]:
        """All pseudo-legal slides (before the mandatory-capture filter) and the mask of active pieces.

        Cached on the position: do not modify the returned list.
        """
        if self._gen is not None:
            return self._gen
        if self.rules.extended:
            self._gen = (latrunculi_generate(self), 0)
            return self._gen
        geo = self.geo
        occ = self.occ[0] | self.occ[1]
        if self.placing:
            empty = geo.full & ~occ
            self._gen = ([(-1, sq) for sq in bits(empty)], 0)
            return self._gen
        empty = geo.full & ~occ
        contact = geo.adjacent(self.occ[1 - self.turn])
        w, nf, nl, full = geo.width, geo.not_first_col, geo.not_last_col, geo.full
        moves: list[tuple[int, int]] = []
        append = moves.append
        active = 0
        for mask, allowed, longest, filt in self._groups():
            if not mask:
                continue
            for step, keep, up in ((1, nf, True), (1, nl, False), (w, full, True), (w, full, False)):
                cur = mask
                k = 0
                while k < longest:
                    k += 1
                    cur = ((cur << step) if up else (cur >> step)) & keep & empty
                    if not cur:
                        break
                    if not (allowed >> k) & 1:
                        continue
                    dest = cur & filt
                    shift = k * step
                    near = dest & contact
                    if near:
                        active |= (near >> shift) if up else (near << shift)
                    while dest:
                        low = dest & -dest
                        to = low.bit_length() - 1
                        append((to - shift, to) if up else (to + shift, to))
                        dest ^= low
        self._gen = (moves, active)
        return self._gen

    def active_pieces(self) -> int:
        """Mask of the mover's active pieces: those with a destination next to an enemy piece."""
        return self.generate()[1]

    # Where a move may capture and what it captures: :mod:`petteia_core.capture` (bound as methods).
    capture_candidates = capture_candidates
    captures_of = captures_of

    def legal_pairs(self) -> list[tuple[int, int]]:
        """Legal (from, to) pairs after the mandatory-capture filter; from = -1 for a placement."""
        moves = self.generate()[0]
        if not self.rules.mandatory_capture or self.placing:
            return moves
        cand = self.capture_candidates()
        capturing = [(f, t) for f, t in moves if cand >> t & 1 and self.captures_of(f, t)[0]]
        return capturing or moves

    def is_legal(self, move: Move | tuple[int, int]) -> bool:
        """Whether ``move`` (a Move, or a (from, to) pair with from = -1 for a placement) is legal here.

        A Move must also name exactly the pieces it captures.

        >>> p = Position.start("classic")
        >>> p.is_legal((0, 16)), p.is_legal((0, 9))
        (True, False)
        """
        if self.result is not None:
            return False
        if isinstance(move, Move):
            pair = self.pair_of(move)
            if pair not in self.legal_pairs():
                return False
            return self.move_of(*pair) == move
        return tuple(move) in self.legal_pairs()

    def pair_of(self, move: Move) -> tuple[int, int]:
        """The (from, to) pair of a Move: from -1 for a placement, -2 for a removal; a chain's ``to``
        is its :class:`~petteia_core.latrunculi.Chain` from this position's moves."""
        if move.removal:
            return (REMOVE, move.to)
        if move.frm is None:
            return (PLACE, move.to)
        if move.path:
            for f, t in self.generate()[0]:
                if f == move.frm and int(t) == move.to and path_of(t) == move.path:
                    return (f, t)
        return (move.frm, move.to)

    def move_of(self, frm: int, to: int) -> Move:
        """The Move (with its captures, chain squares and newly bound pieces) of a legal pair."""
        caps = tuple(bits(self.captures_of(frm, to)[0]))
        if not self.rules.extended:
            return Move(None if frm < 0 else frm, to, caps)
        if frm == REMOVE:
            return Move(None, to, caps, removal=True)
        bound = tuple(bits(newly_bound(self, self.after(frm, to)))) if self.rules.binding else ()
        return Move(None if frm < 0 else frm, int(to), caps, path_of(to), bound)

    def legal_moves(self) -> list[Move]:
        """Every legal move, sorted by origin then destination; none when the game is over."""
        if self.result is not None:
            return []
        pairs = self.legal_pairs()
        if self.rules.extended:  # removals first; chains after the move of the same ends, shortest first
            ordered = sorted(pairs, key=lambda p: (p[0], int(p[1]), path_of(p[1])))
        else:
            ordered = sorted(pairs)
        return [self.move_of(f, t) for f, t in ordered]

    def has_any_move(self) -> bool:
        """Whether the side to move can move at all (for Kubeia: whatever the roll)."""
        if self.placing:
            return True
        if self.rules.dice:
            own = self.occ[self.turn]
            empty = self.geo.full & ~(self.occ[0] | self.occ[1])
            return bool(self.geo.adjacent(empty) & own)
        return bool(self.generate()[0])

    # ----------------------------------------------------------------- making moves
    def play(self, move: Move | tuple[int, int]) -> Position:
        """The position after ``move`` (assumed legal; :class:`~petteia_core.game.Game` checks)."""
        if isinstance(move, Move):
            return self.after(*self.pair_of(move))
        return self.after(*move)

    def after(self, frm: int, to: int) -> Position:
        """The position after the legal pair ``frm``→``to`` (``frm`` = -1 places a piece): the fast path.

        Not checked: give a pair of :meth:`legal_pairs` (:meth:`is_legal` checks one).
        """
        r = self.rules
        if r.extended:
            return latrunculi_after(self, frm, to)
        m = self.turn
        tbit = 1 << to
        occ = list(self.occ)
        hop, bas, vag = self.hop, self.bas, self.vag
        quiet, passive, hand = self.quiet, self.passive, self.hand
        if frm < 0:  # Poleis placement
            occ[m] |= tbit
            hand = (hand[0] - 1, hand[1]) if m == 0 else (hand[0], hand[1] - 1)
        else:
            fbit = 1 << frm
            caps, partners = self.captures_of(frm, to)
            occ[m] = occ[m] ^ fbit ^ tbit
            if hop & fbit:
                hop ^= fbit | tbit
            elif bas & fbit:
                bas ^= fbit | tbit
            if r.vagi:
                was_vagus = vag & fbit
                vag &= ~fbit
                if caps:
                    vag &= ~partners
                elif was_vagus or not self.geo.neighbours[to] & occ[1 - m]:
                    vag |= tbit
            if caps:
                occ[1 - m] &= ~caps
                hop &= ~caps
                bas &= ~caps
                vag &= ~caps
                quiet = 0
            else:
                quiet += 1
            if r.refusal_limit is not None:
                active = self.generate()[1]
                count = passive[m] + 1 if active and not active & fbit else 0
                passive = (count, passive[1]) if m == 0 else (passive[0], count)
        dice = self.dice
        turn = m if (r.dice and dice is not None and dice[0] == dice[1]) else 1 - m
        move_no = self.move_no + 1 if (m == 1 and turn == 0) else self.move_no
        return Position.make(
            r, occ[0], occ[1], hop=hop, bas=bas, vag=vag, turn=turn, hand=hand, dice=None, quiet=quiet,
            passive=passive, move_no=move_no, mover=m,
        )

    def with_dice(self, dice: tuple[int, int] | None) -> Position:
        """The same position with another roll (higher die first)."""
        if dice is not None:
            dice = (max(dice), min(dice))
        return Position.make(
            self.rules, *self.occ, hop=self.hop, bas=self.bas, vag=self.vag, dux=self.dux, bound=self.bound,
            again=self.again, turn=self.turn, hand=self.hand,
            dice=dice, quiet=self.quiet, passive=self.passive, move_no=self.move_no, mover=self.mover,
        )

    # ----------------------------------------------------------------- end of game
    def terminal_without_siege(self, repeated: bool = False) -> Result | None:
        """Every end condition except siege, in RULES.md order (rout … superiority)."""
        return self._evaluate(repeated, check_siege=False)

    @property
    def result(self) -> Result | None:
        """How the game ended in this position (without repetition history), or None."""
        if self._result is None:
            self._result = self._evaluate(False) or False
        return self._result or None

    def evaluate(self, repeated: bool) -> Result | None:
        """The result, given whether this position has now occurred for the third time."""
        return self._evaluate(repeated) if repeated else self.result

    # The end conditions: :mod:`petteia_core.endings` (bound as methods).
    _evaluate = evaluate_endings
    stuck_result = stuck_result
    adjudicate = adjudicate

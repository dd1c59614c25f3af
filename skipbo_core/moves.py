"""Move values and the move notation of RULES.md (``S>B1``, ``H5>B2``, ``HSB>D3``, ``end``).

Every well-formed move exists once: ``Move.parse`` and the engine hand out the
same interned objects, so moves compare, hash and print cheaply.
"""

from __future__ import annotations

from dataclasses import dataclass

from .cards import BUILDING_SLOTS, DISCARD_PILES, WILD, card_token
from .errors import InvalidMove

# Source kinds
STOCK, HAND, DISCARD, PARTNER_STOCK, PARTNER_DISCARD, END = range(6)
# Target kinds
BUILD, TO_DISCARD = 0, 1

_SOURCE_PREFIX = {STOCK: "S", HAND: "H", DISCARD: "D", PARTNER_STOCK: "PS", PARTNER_DISCARD: "PD"}


@dataclass(frozen=True, eq=True)
class Move:
    """One move: ``source`` kind and its argument, ``target`` kind and slot.

    ``arg`` is the card value for hand sources (0 = Skip-Bo card) and the 0-based
    pile index for discard sources; ``slot`` is the 0-based target pile. Use
    ``Move.parse`` and ``str(move)`` for the notation.
    """

    source: int
    arg: int
    target: int
    slot: int

    def __str__(self) -> str:
        text = _TEXT.get(self)
        return text if text is not None else f"Move({self.source}, {self.arg}, {self.target}, {self.slot})"

    def __repr__(self) -> str:
        return f"Move.parse({str(self)!r})"

    @property
    def is_end(self) -> bool:
        """``end``: the turn ends with an empty hand and nothing to draw."""
        return self.source == END

    @property
    def is_build(self) -> bool:
        """A card played onto a building pile."""
        return self.target == BUILD

    @property
    def is_discard(self) -> bool:
        """A hand card put on an own discard pile (ends the turn)."""
        return self.target == TO_DISCARD

    @property
    def ends_turn(self) -> bool:
        """A discard or ``end``: the turn passes to the next seat."""
        return self.source == END or self.target == TO_DISCARD

    @property
    def from_stock(self) -> bool:
        """From a stock pile, the own one or (teams) the partner's."""
        return self.source == STOCK or self.source == PARTNER_STOCK

    @property
    def from_hand(self) -> bool:
        return self.source == HAND

    @property
    def from_discard(self) -> bool:
        """From a discard pile, an own one or (teams) the partner's."""
        return self.source == DISCARD or self.source == PARTNER_DISCARD

    @property
    def from_partner(self) -> bool:
        """From the partner's stock or discard piles (teams only)."""
        return self.source == PARTNER_STOCK or self.source == PARTNER_DISCARD

    @property
    def hand_card(self) -> int | None:
        """The card value of a hand source (``0`` = Skip-Bo card), else ``None``."""
        return self.arg if self.source == HAND else None

    @property
    def source_text(self) -> str:
        """The SOURCE part of the notation (``"S"``, ``"H5"``, ``"PD2"``), ``"end"`` for end."""
        return "end" if self.source == END else _source_text(self.source, self.arg)

    @property
    def target_text(self) -> str:
        """The TARGET part of the notation (``"B2"``, ``"D1"``), ``""`` for end."""
        return _target_slot(self.target, self.slot)

    @property
    def source_slot(self) -> str:
        """The pile the card comes from: ``"S"``, ``"H"`` (the hand), ``"D1"``-``"D4"``,
        ``"PS"``, ``"PD1"``-``"PD4"``; ``""`` for end. (The notation adds the hand card's
        value: see ``source_text``.)"""
        if self.source == HAND:
            return "H"
        return "" if self.source == END else _source_text(self.source, self.arg)

    @property
    def target_slot(self) -> str:
        """The pile the card goes to: ``"B1"``-``"B4"`` or ``"D1"``-``"D4"``; ``""`` for end."""
        return _target_slot(self.target, self.slot)

    @classmethod
    def parse(cls, text: str) -> Move:
        """The move for notation ``text``; raises ``InvalidMove`` for anything else."""
        try:
            return _BY_TEXT[text]
        except (KeyError, TypeError):
            raise InvalidMove(f"bad notation {text!r}") from None


def _source_text(kind: int, arg: int) -> str:
    if kind == HAND:
        return "H" + card_token(arg)
    if kind in (DISCARD, PARTNER_DISCARD):
        return f"{_SOURCE_PREFIX[kind]}{arg + 1}"
    return _SOURCE_PREFIX[kind]


def _target_slot(target: int, slot: int) -> str:
    if target == BUILD:
        return f"B{slot + 1}"
    return f"D{slot + 1}" if target == TO_DISCARD else ""


def _all_moves() -> list[Move]:
    piles = range(DISCARD_PILES)
    sources = [(STOCK, 0)] + [(HAND, v) for v in (*range(1, 13), WILD)] + [(DISCARD, k) for k in piles]
    sources += [(PARTNER_STOCK, 0)] + [(PARTNER_DISCARD, k) for k in piles]
    out = [Move(kind, arg, target, slot) for kind, arg in sources
           for target, slots in ((BUILD, range(BUILDING_SLOTS)), (TO_DISCARD, piles)) for slot in slots]
    return out + [Move(END, 0, -1, 0)]


ALL_MOVES: tuple[Move, ...] = tuple(_all_moves())
_TEXT: dict[Move, str] = {}
for _m in ALL_MOVES:
    _TEXT[_m] = "end" if _m.source == END else (
        f"{_source_text(_m.source, _m.arg)}>{'B' if _m.target == BUILD else 'D'}{_m.slot + 1}")
_BY_TEXT: dict[str, Move] = {t: m for m, t in _TEXT.items()}
ALL_MOVES = tuple(_BY_TEXT.values())  # interned instances, in a stable order


def move(kind: int, arg: int, target: int, slot: int) -> Move:
    """The interned move for these fields."""
    return _INTERN[(kind, arg, target, slot)]


_INTERN = {(m.source, m.arg, m.target, m.slot): m for m in ALL_MOVES}
END_MOVE = move(END, 0, -1, 0)

SOURCE_TEXTS = frozenset(m.source_text for m in ALL_MOVES if not m.is_end)
"""Every SOURCE of the notation: ``S``, ``H1``-``H12``, ``HSB``, ``D1``-``D4``, ``PS``, ``PD1``-``PD4``."""
TARGET_TEXTS = frozenset(m.target_text for m in ALL_MOVES if not m.is_end)
"""Every TARGET of the notation: ``B1``-``B4`` and ``D1``-``D4``."""

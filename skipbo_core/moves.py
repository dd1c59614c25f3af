"""Move values and the move notation of docs/RULES.md (``S>B1``, ``H5>B2``, ``HSB>D3``, ``end``).

Every well-formed move exists once: ``Move.parse`` and the engine hand out the
same interned objects, so moves compare, hash and print cheaply.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from .cards import BUILDING_SLOTS, DISCARD_PILES, NUMBERS, WILD, card_token
from .errors import InvalidMove
from .jsonread import brief

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

    What a move is, as plain attributes (set once per move, as cheap to read as the
    fields): ``is_build`` (onto a building pile), ``is_discard`` (a hand card onto an
    own discard pile), ``is_end``, ``ends_turn`` (a discard or ``end``);
    ``from_stock`` (the own or the partner's stock), ``from_hand``, ``from_discard``
    (an own or the partner's discard pile), ``from_partner``; ``hand_card`` (the
    value of a hand source, else ``None``); ``source_text``/``target_text`` (the two
    parts of the notation: ``"H5"``, ``"B2"``; ``"end"`` and ``""`` for end) and
    ``source_slot``/``target_slot`` (the piles: ``"S"``, ``"H"``, ``"D1"``, ``"PS"``,
    ``"PD2"``, ``"B3"``; ``""`` for end).
    """

    source: int
    arg: int
    target: int
    slot: int

    if TYPE_CHECKING:  # set by __post_init__
        is_end: bool
        is_build: bool
        is_discard: bool
        ends_turn: bool
        from_stock: bool
        from_hand: bool
        from_discard: bool
        from_partner: bool
        hand_card: int | None
        source_text: str
        target_text: str
        source_slot: str
        target_slot: str

    def __post_init__(self) -> None:
        src, target = self.source, self.target
        end = src == END
        source_text = "end" if end else _source_text(src, self.arg)
        target_text = {BUILD: "B", TO_DISCARD: "D"}.get(target, "")
        target_text = f"{target_text}{self.slot + 1}" if target_text and not end else ""
        # one attribute at a time: reading __dict__ would turn the object's inline
        # attribute values into a dict, and every attribute read (move.source too)
        # would get slower
        for name, value in (
                ("is_end", end), ("is_build", target == BUILD), ("is_discard", target == TO_DISCARD),
                ("ends_turn", end or target == TO_DISCARD), ("from_stock", src in (STOCK, PARTNER_STOCK)),
                ("from_hand", src == HAND), ("from_discard", src in (DISCARD, PARTNER_DISCARD)),
                ("from_partner", src in (PARTNER_STOCK, PARTNER_DISCARD)),
                ("hand_card", self.arg if src == HAND else None), ("source_text", source_text),
                ("target_text", target_text), ("source_slot", "H" if src == HAND else "" if end else source_text),
                ("target_slot", target_text),
                ("_text", ("end" if end else f"{source_text}>{target_text}")
                 if _exists(src, self.arg, target, self.slot) else None)):
            object.__setattr__(self, name, value)

    def __str__(self) -> str:
        text = self._text
        return text if text is not None else f"Move({self.source}, {self.arg}, {self.target}, {self.slot})"

    def __repr__(self) -> str:
        return f"Move.parse({str(self)!r})"

    @classmethod
    def parse(cls, text: str) -> Move:
        """The move for notation ``text``; raises ``InvalidMove`` for anything else."""
        try:
            return _BY_TEXT[text]
        except (KeyError, TypeError):
            raise InvalidMove(f"bad notation {brief(text)}") from None


def _source_text(kind: int, arg: int) -> str:
    if kind == HAND:
        return "H" + card_token(arg) if arg in NUMBERS or arg == WILD else f"H?{arg}"
    if kind in (DISCARD, PARTNER_DISCARD):
        return f"{_SOURCE_PREFIX[kind]}{arg + 1}"
    return _SOURCE_PREFIX.get(kind, "?")


SOURCE_NAMES = frozenset(["S", "PS", *(f"H{card_token(v)}" for v in (*NUMBERS, WILD)),
                          *(f"{p}{k + 1}" for p in ("D", "PD") for k in range(DISCARD_PILES))])
"""Every SOURCE of the notation: ``S``, ``H1``-``H12``, ``HSB``, ``D1``-``D4``, ``PS``, ``PD1``-``PD4``."""


def _exists(src: int, arg: int, target: int, slot: int) -> bool:
    """Whether these fields are a move of the notation (legal or not)."""
    if src == END:
        return (arg, target, slot) == (0, -1, 0)
    if target not in (BUILD, TO_DISCARD) or slot not in range(BUILDING_SLOTS if target == BUILD else DISCARD_PILES):
        return False
    if src == HAND:
        return arg == WILD or arg in NUMBERS
    if src in (DISCARD, PARTNER_DISCARD):
        return arg in range(DISCARD_PILES)
    return src in (STOCK, PARTNER_STOCK) and arg == 0


def _all_moves() -> list[Move]:
    piles = range(DISCARD_PILES)
    sources = [(STOCK, 0)] + [(HAND, v) for v in (*range(1, 13), WILD)] + [(DISCARD, k) for k in piles]
    sources += [(PARTNER_STOCK, 0)] + [(PARTNER_DISCARD, k) for k in piles]
    out = [Move(kind, arg, target, slot) for kind, arg in sources
           for target, slots in ((BUILD, range(BUILDING_SLOTS)), (TO_DISCARD, piles)) for slot in slots]
    return out + [Move(END, 0, -1, 0)]


ALL_MOVES: tuple[Move, ...] = tuple(_all_moves())
"""Every move that exists, once each (interned), in a stable order."""
_BY_TEXT: dict[str, Move] = {str(m): m for m in ALL_MOVES}


def move(kind: int, arg: int, target: int, slot: int) -> Move:
    """The interned move for these fields."""
    return _INTERN[(kind, arg, target, slot)]


_INTERN = {(m.source, m.arg, m.target, m.slot): m for m in ALL_MOVES}
END_MOVE = move(END, 0, -1, 0)

SOURCE_TEXTS = SOURCE_NAMES
TARGET_TEXTS = frozenset(m.target_text for m in ALL_MOVES if not m.is_end)
"""Every TARGET of the notation: ``B1``-``B4`` and ``D1``-``D4``."""

"""Move values and the move notation of RULES.md (``S>B1``, ``H5>B2``, ``HSB>D3``, ``end``).

Every well-formed move exists once: ``Move.parse`` and the engine hand out the
same interned objects, so moves compare, hash and print cheaply.
"""

from __future__ import annotations

from dataclasses import dataclass

from .cards import WILD, card_token
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
        return self.source == END

    @property
    def ends_turn(self) -> bool:
        """A discard or ``end``: the turn passes to the next seat."""
        return self.source == END or self.target == TO_DISCARD

    @property
    def source_text(self) -> str:
        """The SOURCE part of the notation (``"S"``, ``"H5"``, ``"PD2"``), ``"end"`` for end."""
        return str(self).split(">")[0]

    @property
    def target_text(self) -> str:
        """The TARGET part of the notation (``"B2"``, ``"D1"``), ``""`` for end."""
        text = str(self)
        return text.split(">")[1] if ">" in text else ""

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


def _all_moves() -> list[Move]:
    sources = [(STOCK, 0)] + [(HAND, v) for v in (*range(1, 13), WILD)] + [(DISCARD, k) for k in range(4)]
    sources += [(PARTNER_STOCK, 0)] + [(PARTNER_DISCARD, k) for k in range(4)]
    out = [Move(kind, arg, target, slot) for kind, arg in sources for target in (BUILD, TO_DISCARD)
           for slot in range(4)]
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

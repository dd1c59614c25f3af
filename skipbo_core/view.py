"""What one seat may see: the only input an AI player gets."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .cards import BUILDING_SLOTS, DISCARD_PILES, HAND_SIZE, NUMBERS, PILE_COMPLETE, WILD
from .jsonread import brief
from .moves import END, HAND, Move
from .result import Result
from .rules import Rules


@dataclass(frozen=True)
class SeatView:
    """A seat's view of the table.

    Holds its own hand; every stock's size and top card; every discard pile;
    the building piles (physical cards, ``0`` = Skip-Bo card) and the number each
    needs next; draw-pile size; completed cards waiting to be reshuffled; whose
    turn it is; teams. Never another hand, a stock card below the top, or the
    order of the draw pile.
    """

    rules: Rules
    seat: int
    current_seat: int
    turn: int
    hand: tuple[int, ...]                      # sorted, Skip-Bo cards (0) first
    hand_sizes: tuple[int, ...]
    stock_sizes: tuple[int, ...]
    stock_tops: tuple[int | None, ...]
    discards: tuple[tuple[tuple[int, ...], ...], ...]   # [seat][pile] bottom to top
    building: tuple[tuple[int, ...], ...]
    draw_size: int
    completed_size: int
    stall_count: int
    result: Result | None

    @property
    def players(self) -> int:
        return self.rules.players

    @property
    def partner(self) -> int | None:
        return self.rules.partner(self.seat)

    @property
    def teams(self) -> tuple[tuple[int, int], ...] | None:
        return self.rules.teams

    @property
    def next_needed(self) -> tuple[int, ...]:
        """The number each building pile needs next (1 for an empty slot)."""
        return tuple(len(p) + 1 for p in self.building)

    @property
    def is_over(self) -> bool:
        return self.result is not None

    @property
    def my_turn(self) -> bool:
        return self.current_seat == self.seat

    def discard_tops(self, seat: int) -> tuple[int | None, ...]:
        """The top card of each of ``seat``'s discard piles (``None``: empty pile)."""
        return tuple([p[-1] if p else None for p in self.discards[seat]])  # a list: faster than a generator

    def card_of(self, move: Move) -> int | None:
        """The card ``move`` would take for the seat to move, as this seat sees it
        (``0`` = Skip-Bo card; ``Game.card_of`` for the whole table): the hand card, or
        the top of the stock or discard pile. ``None`` for ``end``, an empty or missing
        pile, and a hand card this seat cannot see (another seat's, or not in its hand)."""
        src = move.source
        mover = self.current_seat
        if src == HAND:
            return move.arg if mover == self.seat and move.arg in self.hand else None
        if src == END:
            return None
        owner = self.rules.partner(mover) if move.from_partner else mover
        if owner is None:
            return None
        if move.from_stock:
            return self.stock_tops[owner]
        pile = self.discards[owner][move.arg]
        return pile[-1] if pile else None

    def unseen_counts(self) -> list[int]:
        """How many cards of each value (index 0 = Skip-Bo card, 1-12) the seat cannot
        see: the deck minus its hand, the stock tops, every discard and building pile."""
        counts = [self.rules.wild_cards] + [len(NUMBERS)] * len(NUMBERS)
        for card in self.hand:
            counts[card] -= 1
        for card in self.stock_tops:
            if card is not None:
                counts[card] -= 1
        for piles in self.discards:
            for pile in piles:
                for card in pile:
                    counts[card] -= 1
        for pile in self.building:
            for card in pile:
                counts[card] -= 1
        if min(counts) < 0:
            raise ValueError("the view shows more cards than the deck holds")
        return counts

    def unseen_cards(self) -> list[int]:
        """The multiset of cards the seat cannot see, sorted (see ``unseen_counts``)."""
        out: list[int] = []
        for card, count in enumerate(self.unseen_counts()):
            out += [card] * count
        return out

    def to_dict(self) -> dict[str, Any]:
        """A JSON-able form (for the page and worker messages)."""
        return {
            "rules": self.rules.to_dict(), "seat": self.seat, "current_seat": self.current_seat,
            "turn": self.turn, "hand": list(self.hand), "hand_sizes": list(self.hand_sizes),
            "stock_sizes": list(self.stock_sizes), "stock_tops": list(self.stock_tops),
            "discards": [[list(p) for p in d] for d in self.discards],
            "building": [list(p) for p in self.building], "next_needed": list(self.next_needed),
            "draw_size": self.draw_size, "completed_size": self.completed_size,
            "stall_count": self.stall_count, "partner": self.partner,
            "result": None if self.result is None else self.result.to_dict(),
        }

    @classmethod
    def from_dict(cls, data: Any) -> SeatView:
        """The view ``to_dict`` wrote (a guest's page rebuilds the view its host sends);
        ``ValueError`` naming the first problem for anything that is not a view a table
        could show: unknown or missing keys, a card that is no card, sizes that do not add
        up to the deck, a building pile not built up from 1."""
        if not isinstance(data, dict) or set(data) != _VIEW_KEYS:
            keys = sorted(data) if isinstance(data, dict) else data
            raise ValueError(f"a seat view has the keys {sorted(_VIEW_KEYS)}, not {brief(keys)}")
        rules = Rules.from_dict(data["rules"])
        n = rules.players
        seat, current = _whole(data, "seat", n - 1), _whole(data, "current_seat", n - 1)
        hand = _cards(data["hand"], "hand", HAND_SIZE)
        if list(hand) != sorted(hand):
            raise ValueError(f"view.hand must be sorted, not {brief(data['hand'])}")
        hand_sizes = _numbers(data, "hand_sizes", n, HAND_SIZE)
        stock_sizes = _numbers(data, "stock_sizes", n, rules.stock)
        tops = data["stock_tops"]
        if not isinstance(tops, list) or len(tops) != n or any(
                (t is None) != (size == 0) or (t is not None and not _is_card(t))
                for t, size in zip(tops, stock_sizes)):
            raise ValueError(f"view.stock_tops must be a card for each stock that is not empty, not {brief(tops)}")
        piles = data["discards"]
        if not isinstance(piles, list) or len(piles) != n or any(
                not isinstance(d, list) or len(d) != DISCARD_PILES for d in piles):
            raise ValueError(f"view.discards must be {DISCARD_PILES} piles for each of {n} seats")
        discards = tuple(tuple(_cards(p, "discards", rules.deck_size) for p in d) for d in piles)
        building = data["building"]
        if not isinstance(building, list) or len(building) != BUILDING_SLOTS:
            raise ValueError(f"view.building must be {BUILDING_SLOTS} piles, not {brief(building)}")
        built = tuple(_cards(p, "building", PILE_COMPLETE - 1) for p in building)
        if any(c not in (i + 1, WILD) for pile in built for i, c in enumerate(pile)):
            raise ValueError(f"view.building holds a pile not built up from 1: {brief(building)}")
        result = None if data["result"] is None else Result.from_dict(data["result"], n)
        view = cls(rules, seat, current, _whole(data, "turn", 10**9, 1), hand, hand_sizes, stock_sizes,
                   tuple(tops), discards, built, _whole(data, "draw_size", rules.deck_size),
                   _whole(data, "completed_size", rules.deck_size), _whole(data, "stall_count", 10**9), result)
        if hand_sizes[seat] != len(hand):
            raise ValueError(f"view.hand_sizes says {hand_sizes[seat]} cards for a hand of {len(hand)}")
        if data["next_needed"] != list(view.next_needed) or data["partner"] != view.partner:
            raise ValueError("view.next_needed or view.partner does not fit the building piles and the rules")
        placed = (sum(hand_sizes) + sum(stock_sizes) + view.draw_size + view.completed_size
                  + sum(map(len, built)) + sum(len(p) for d in discards for p in d))
        if placed != rules.deck_size:
            raise ValueError(f"the view places {placed} cards, not the deck's {rules.deck_size}")
        view.unseen_counts()  # raises when it shows more cards of a value than the deck holds
        return view


_VIEW_KEYS = frozenset({"rules", "seat", "current_seat", "turn", "hand", "hand_sizes", "stock_sizes", "stock_tops",
                        "discards", "building", "next_needed", "draw_size", "completed_size", "stall_count",
                        "partner", "result"})


def _is_card(value: Any) -> bool:
    return type(value) is int and (value == WILD or value in NUMBERS)


def _cards(value: Any, what: str, most: int) -> tuple[int, ...]:
    """A list of at most ``most`` cards, as a tuple; ``ValueError`` naming ``what`` otherwise."""
    if not isinstance(value, list) or len(value) > most or not all(map(_is_card, value)):
        raise ValueError(f"view.{what} must be a list of at most {most} cards (0-12), not {brief(value)}")
    return tuple(value)


def _whole(data: dict[str, Any], key: str, most: int, least: int = 0) -> int:
    value = data[key]
    if type(value) is not int or not least <= value <= most:
        raise ValueError(f"view.{key} must be a whole number from {least} to {most}, not {brief(value)}")
    return value


def _numbers(data: dict[str, Any], key: str, n: int, most: int) -> tuple[int, ...]:
    value = data[key]
    if not isinstance(value, list) or len(value) != n or any(type(v) is not int or not 0 <= v <= most for v in value):
        raise ValueError(f"view.{key} must be {n} whole numbers from 0 to {most}, not {brief(value)}")
    return tuple(value)

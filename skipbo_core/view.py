"""What one seat may see: the only input an AI player gets."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .cards import NUMBERS
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

"""The ``easy`` and ``medium`` levels: one move at a time, no search."""

from __future__ import annotations

import random
from collections.abc import Sequence

from ..cards import WILD
from ..moves import BUILD, HAND, TO_DISCARD, Move
from ..view import SeatView
from .basic import greedy_bot
from .registry import Player


def _wild_for_stock(view: SeatView, legal_moves: Sequence[Move]) -> Move | None:
    """A Skip-Bo card from the hand onto the pile that then takes the stock card."""
    top = view.stock_tops[view.seat]
    if top is None or top == WILD:
        return None
    needs = view.next_needed
    for m in legal_moves:
        if m.target == BUILD and m.source == HAND and m.arg == WILD and needs[m.slot] == top - 1:
            return m
    return None


def medium_bot(view: SeatView, legal_moves: Sequence[Move], rng: random.Random) -> Move:
    """Greedy, stock first: the stock card whenever it fits, a Skip-Bo card when it
    frees the stock card at once, then number cards from discard piles and hand."""
    if not any(m.is_build and m.from_stock for m in legal_moves):
        wild = _wild_for_stock(view, legal_moves)
        if wild is not None:
            return wild
    return greedy_bot(view, legal_moves, rng)


def easy_bot(view: SeatView, legal_moves: Sequence[Move], rng: random.Random) -> Move:
    """A beginner: plays the stock card when it fits, sometimes sees that a Skip-Bo
    card would free it, overlooks some other plays and discards at random."""
    builds = [m for m in legal_moves if m.target == BUILD]
    for m in builds:
        if m.from_stock:
            return m
    wild = _wild_for_stock(view, legal_moves)
    if wild is not None and rng.random() < EASY_NOTICE:
        return wild
    seen = [m for m in builds if rng.random() < EASY_NOTICE]
    numbers = [m for m in seen if not (m.source == HAND and m.arg == WILD)]
    if numbers:
        return numbers[0]
    discards = [m for m in legal_moves if m.target == TO_DISCARD]
    if not discards:
        return legal_moves[0]
    non_wild = [m for m in discards if m.arg != WILD] or discards
    return non_wild[rng.randrange(len(non_wild))]


EASY_NOTICE = 0.75
"""Chance that ``easy`` notices each useful play other than the stock card."""


EASY = Player(easy_bot)
MEDIUM = Player(medium_bot)

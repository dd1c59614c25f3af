"""Two simple bots: ``random`` (any legal move) and ``greedy`` (stock first, then whatever fits)."""

from __future__ import annotations

import random
from typing import Sequence

from ..cards import WILD
from ..moves import BUILD, DISCARD, HAND, PARTNER_DISCARD, PARTNER_STOCK, STOCK, TO_DISCARD, Move
from ..view import SeatView


def random_bot(view: SeatView, legal_moves: Sequence[Move], rng: random.Random) -> Move:
    """Any legal move, uniformly at random."""
    return legal_moves[rng.randrange(len(legal_moves))]


def _source_card(view: SeatView, m: Move) -> int | None:
    if m.source == HAND:
        return m.arg
    if m.source == STOCK:
        return view.stock_tops[view.seat]
    if m.source == PARTNER_STOCK:
        return view.stock_tops[view.partner]  # type: ignore[index]
    owner = view.seat if m.source == DISCARD else view.partner
    pile = view.discards[owner][m.arg]  # type: ignore[index]
    return pile[-1] if pile else None


def greedy_bot(view: SeatView, legal_moves: Sequence[Move], rng: random.Random) -> Move:
    """Play the stock card whenever possible; otherwise play number cards from
    discard piles, then from the hand; keep Skip-Bo cards for the stock; then
    discard the highest card onto a pile where it fits best."""
    builds = [m for m in legal_moves if m.target == BUILD]
    stock_moves = [m for m in builds if m.source in (STOCK, PARTNER_STOCK)]
    if stock_moves:
        needs = view.next_needed
        # A wild stock card goes where it saves most; a number card fits one pile only.
        return max(stock_moves, key=lambda m: (m.source == STOCK, needs[m.slot]))
    numbers = [m for m in builds if _source_card(view, m) != WILD]
    for kind in (DISCARD, PARTNER_DISCARD, HAND):
        for m in numbers:
            if m.source == kind:
                return m
    discards = [m for m in legal_moves if m.target == TO_DISCARD]
    if not discards:
        return legal_moves[0]  # only wild plays or 'end' remain
    tops = view.discard_tops(view.seat)
    non_wild = [m for m in discards if m.arg != WILD] or discards
    return max(non_wild, key=lambda m: (_discard_fit(m.arg, tops[m.slot]), m.arg, -m.slot))


def _discard_fit(card: int, top: int | None) -> int:
    if top is None:
        return 1
    if top == card:
        return 3
    if top == card + 1:
        return 2
    return 0

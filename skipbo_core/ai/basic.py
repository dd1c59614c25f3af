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


def greedy_bot(view: SeatView, legal_moves: Sequence[Move], rng: random.Random) -> Move:
    """Play the stock card whenever possible; otherwise play number cards from
    discard piles, then from the hand; keep Skip-Bo cards for the stock; then
    discard the highest card onto a pile where it fits best."""
    builds = [m for m in legal_moves if m.target == BUILD]
    if builds:
        stock_moves = [m for m in builds if m.source == STOCK or m.source == PARTNER_STOCK]
        if stock_moves:
            needs = view.next_needed
            # A wild stock card goes where it saves most; a number card fits one pile only.
            return max(stock_moves, key=lambda m: (m.source == STOCK, needs[m.slot]))
        # The first number card (not a Skip-Bo card) from a discard pile, the
        # partner's discard piles, then the hand. An empty pile reads as a number.
        tops = view.discard_tops(view.seat)
        for m in builds:
            if m.source == DISCARD and tops[m.arg] != WILD:
                return m
        if view.partner is not None:
            tops = view.discard_tops(view.partner)
            for m in builds:
                if m.source == PARTNER_DISCARD and tops[m.arg] != WILD:
                    return m
        for m in builds:
            if m.source == HAND and m.arg != WILD:
                return m
    discards = [m for m in legal_moves if m.target == TO_DISCARD]
    if not discards:
        return legal_moves[0]  # only wild plays or 'end' remain
    tops = view.discard_tops(view.seat)
    non_wild = [m for m in discards if m.arg != WILD] or discards
    # Best fit, then the highest card, then the leftmost pile, as one comparable
    # number (fit 0-3, card 0-12, slot 0-3) instead of a key tuple per move.
    best, best_key = non_wild[0], -1
    for m in non_wild:
        card, top = m.arg, tops[m.slot]
        fit = 1 if top is None else 3 if top == card else 2 if top == card + 1 else 0
        key = (fit * 16 + card) * 4 + 3 - m.slot
        if key > best_key:
            best, best_key = m, key
    return best

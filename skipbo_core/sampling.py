"""Sampling hidden cards: a full game consistent with what one seat can see.

Search-based AI players use this (determinization): they never see hidden
cards, but may ask for a plausible world to simulate in.
"""

from __future__ import annotations

import random
from collections import Counter

from .cards import new_deck
from .game import Game
from .view import SeatView


def unseen_cards(view: SeatView) -> list[int]:
    """The multiset of cards the seat cannot see (sorted): the deck minus every visible card."""
    seen = Counter(view.hand)
    seen.update(c for c in view.stock_tops if c is not None)
    for piles in view.discards:
        for pile in piles:
            seen.update(pile)
    for pile in view.building:
        seen.update(pile)
    pool = Counter(new_deck(view.rules.wild_cards))
    pool.subtract(seen)
    if any(v < 0 for v in pool.values()):
        raise ValueError("the view shows more cards than the deck holds")
    return sorted(pool.elements())


def determinize(view: SeatView, rng: random.Random) -> Game:
    """A game that matches ``view`` exactly in everything visible to its seat, with
    the hidden cards (other hands, stock cards below the tops, draw pile,
    completed piles) dealt at random from the unseen cards."""
    pool = unseen_cards(view)
    n = view.rules.players
    hidden_stock = [max(0, size - 1) for size in view.stock_sizes]
    others = [0 if s == view.seat else view.hand_sizes[s] for s in range(n)]
    wanted = sum(hidden_stock) + sum(others) + view.draw_size + view.completed_size
    if wanted != len(pool):
        raise ValueError(f"inconsistent view: {len(pool)} unseen cards for {wanted} hidden places")
    rng.shuffle(pool)
    take = iter(pool)

    g = object.__new__(Game)
    g.rules = view.rules
    g.first = view.current_seat
    g.players = [{"name": f"P{i + 1}", "kind": "sampled"} for i in range(n)]
    g._shuffle_key = rng.getrandbits(64)
    g._deck = []
    g._stocks = []
    for s in range(n):
        stock = [next(take) for _ in range(hidden_stock[s])]
        if view.stock_tops[s] is not None:
            stock.append(view.stock_tops[s])
        g._stocks.append(stock)
    g._hands = [tuple(sorted(view.hand if s == view.seat else [next(take) for _ in range(others[s])]))
                for s in range(n)]
    g._discards = tuple(tuple(tuple(p) for p in piles) for piles in view.discards)
    g._building = tuple(tuple(p) for p in view.building)
    g._draw = [next(take) for _ in range(view.draw_size)]
    g._completed = [next(take) for _ in range(view.completed_size)]
    g._reshuffles = []
    g._supply = None
    g._moves = []
    g._undo = []
    g._stall = view.stall_count
    g._result = view.result
    g.current_seat = view.current_seat
    g.turn = view.turn
    g._derive()
    return g

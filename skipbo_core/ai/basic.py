"""Simple bots without search: ``random`` (any legal move), ``greedy`` (stock first,
then whatever number fits) and ``baseline`` (the plain stock-first player that
Skip-Bo AIs are commonly measured against)."""

from __future__ import annotations

import random
from collections.abc import Sequence

from ..cards import DISCARD_PILES, WILD
from ..moves import BUILD, DISCARD, HAND, PARTNER_DISCARD, STOCK, TO_DISCARD, Move
from ..view import SeatView
from .registry import Player


def random_bot(view: SeatView, legal_moves: Sequence[Move], rng: random.Random) -> Move:
    """Any legal move, uniformly at random."""
    return legal_moves[rng.randrange(len(legal_moves))]


def greedy_bot(view: SeatView, legal_moves: Sequence[Move], rng: random.Random) -> Move:
    """Play the stock card whenever possible; otherwise play number cards from
    discard piles, then from the hand; keep Skip-Bo cards for the stock; then
    discard the highest card onto a pile where it fits best."""
    build = _greedy_build(view, legal_moves)
    return build if build is not None else _greedy_discard(view, legal_moves)


def _greedy_build(view: SeatView, legal_moves: Sequence[Move]) -> Move | None:
    """The building move greedy prefers, in one pass: the stock card (a wild one
    where it saves most), else the first number card (not a Skip-Bo card) from a
    discard pile, the partner's discard piles, then the hand. ``None`` if none."""
    stock = own = partner = hand = None
    stock_key = -1
    piles = view.discards[view.seat]
    for m in legal_moves:
        if m.target:  # not BUILD (0)
            continue
        src = m.source
        if m.from_stock:
            key = (src == STOCK) * 16 + len(view.building[m.slot])  # (own stock, next needed)
            if key > stock_key:
                stock, stock_key = m, key
        elif stock is None:
            if src == DISCARD:
                if own is None and _not_wild_top(piles[m.arg]):
                    own = m
            elif src == HAND:
                if hand is None and m.arg != WILD:
                    hand = m
            elif src == PARTNER_DISCARD and partner is None and view.partner is not None:
                if _not_wild_top(view.discards[view.partner][m.arg]):
                    partner = m
    return stock or own or partner or hand


def _not_wild_top(pile: tuple[int, ...]) -> bool:
    """An empty pile reads as a number."""
    return not pile or pile[-1] != WILD


def _greedy_discard(view: SeatView, legal_moves: Sequence[Move]) -> Move:
    """Best fit, then the highest card, then the leftmost pile; a Skip-Bo card only
    when no number card can be discarded; the first move when none can."""
    # the tops inline (not view.discard_tops): a hot path of every greedy decision
    keys = [_DISCARD_KEYS[k][p[-1] if p else None] for k, p in enumerate(view.discards[view.seat])]
    best, best_key = legal_moves[0], -1
    for m in legal_moves:
        if m.target == TO_DISCARD:
            key = keys[m.slot][m.arg]
            if key > best_key:
                best, best_key = m, key
    return best


def _discard_keys(slot: int, top: int | None) -> tuple[int, ...]:
    """For each card (0-12) discarded onto ``slot`` with ``top`` on it: one number
    that orders fit (0-3), then non-wild, then card, then the leftmost slot."""
    keys = []
    for card in range(13):
        fit = 1 if top is None else 3 if top == card else 2 if top == card + 1 else 0
        keys.append(((card != WILD) * 64 + fit * 16 + card) * DISCARD_PILES + DISCARD_PILES - 1 - slot)
    return tuple(keys)


_DISCARD_KEYS = tuple({top: _discard_keys(k, top) for top in (None, *range(13))} for k in range(DISCARD_PILES))


def baseline_bot(view: SeatView, legal_moves: Sequence[Move], rng: random.Random) -> Move:
    """The common yardstick: the stock card whenever it fits (own, then the
    partner's); a Skip-Bo card only when it lets the stock card be played at once;
    else a number card from a discard pile (own, then the partner's), then from the
    hand; else discard the highest card of the hand onto a pile with the same top,
    else onto an empty pile, else onto the pile whose top is the lowest above it
    (else the lowest top). Skip-Bo cards are discarded only when the hand holds
    nothing else."""
    build = _baseline_build(view, legal_moves)
    if build is not None:
        return build
    return _baseline_discard(view, legal_moves)


# Sources in the order baseline plays number cards from them.
_NUMBER_ORDER = {DISCARD: 0, PARTNER_DISCARD: 1, HAND: 2}


def _baseline_build(view: SeatView, legal_moves: Sequence[Move]) -> Move | None:
    builds = [m for m in legal_moves if m.target == BUILD]
    stock = [m for m in builds if m.from_stock]
    if stock:
        return min(stock, key=lambda m: m.from_partner)  # the own stock first; min keeps the order
    tops = [t for t in (view.stock_tops[view.seat],
                        view.stock_tops[view.partner] if view.partner is not None else None)
            if t is not None and t != WILD]
    needs = view.next_needed
    numbers = []
    for m in builds:
        card = view.card_of(m)
        if card == WILD:
            if any(needs[m.slot] == t - 1 for t in tops):
                return m  # the Skip-Bo card frees a stock card
        elif m.source in _NUMBER_ORDER:
            numbers.append(m)
    if not numbers:
        return None
    return min(numbers, key=lambda m: _NUMBER_ORDER[m.source])  # min keeps the engine's order


def _baseline_discard(view: SeatView, legal_moves: Sequence[Move]) -> Move:
    discards = [m for m in legal_moves if m.target == TO_DISCARD]
    if not discards:
        return legal_moves[0]
    card = max(m.arg for m in discards)  # the highest card; Skip-Bo (0) only when nothing else
    tops = view.discard_tops(view.seat)
    slot = next((k for k, t in enumerate(tops) if t == card and card != WILD), None)
    if slot is None:
        slot = next((k for k, t in enumerate(tops) if t is None), None)
    if slot is None:
        numbers = [(t, k) for k, t in enumerate(tops) if t]  # not a Skip-Bo top
        above = [(t, k) for t, k in numbers if t > card]
        slot = min(above)[1] if above else min(numbers)[1] if numbers else 0
    return next(m for m in discards if m.arg == card and m.slot == slot)


RANDOM = Player(random_bot)
GREEDY = Player(greedy_bot)
BASELINE = Player(baseline_bot)

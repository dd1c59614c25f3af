"""The odds model: how likely cards are to reach a stock card, for the actual deck.

A seat knows some cards it can use (a bit mask of numbers, each usable once per
building pile, plus Skip-Bo cards) and will draw some random ones; ``reach_chance``
says how likely it is that they carry a building pile up to a target card. Random
cards are drawn with replacement from the deck's mix: 12 of each number and 18
(162-card deck) or 24 (168-card deck, ``Rules.wild_cards``) Skip-Bo cards.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..cards import NUMBERS, WILD

MAX_DRAW = 12
"""Random cards the tables go up to (more are counted as this many)."""

Cover = list[list[float]]
"""``cover[r][m]``: chance that ``r`` random cards hold ``m`` given different numbers."""


def cover_table(wild_cards: int = 18, max_draw: int = MAX_DRAW, max_missing: int = 12) -> Cover:
    """``T[r][m]``: chance that ``r`` random cards hold ``m`` given different numbers,
    Skip-Bo cards standing in for any of them (drawn with replacement from the deck
    with ``wild_cards`` Skip-Bo cards: 12 of each number, ``wild_cards`` wild)."""
    deck = 12 * len(NUMBERS) + wild_cards
    p_num, p_wild = 12 / deck, wild_cards / deck
    table = []
    for m in range(max_missing + 1):
        # state: (numbers covered, wilds held) -> probability; stop counting at m
        dist = {(0, 0): 1.0}
        row = [1.0 if m == 0 else 0.0]
        for _ in range(max_draw):
            nxt: dict[tuple[int, int], float] = {}
            for (k, j), p in dist.items():
                if k + j >= m:
                    nxt[(k, j)] = nxt.get((k, j), 0.0) + p
                    continue
                hit = (m - k) * p_num
                nxt[(k, j + 1)] = nxt.get((k, j + 1), 0.0) + p * p_wild
                nxt[(k + 1, j)] = nxt.get((k + 1, j), 0.0) + p * hit
                nxt[(k, j)] = nxt.get((k, j), 0.0) + p * (1 - p_wild - hit)
            dist = nxt
            row.append(sum(p for (k, j), p in dist.items() if k + j >= m))
        table.append(row)
    return [[table[m][r] for m in range(max_missing + 1)] for r in range(max_draw + 1)]


_COVERS: dict[int, Cover] = {}


def cover_for(wild_cards: int) -> Cover:
    """The (cached) ``cover_table`` of the deck with ``wild_cards`` Skip-Bo cards."""
    table = _COVERS.get(wild_cards)
    if table is None:
        table = _COVERS[wild_cards] = cover_table(wild_cards)
    return table


COVER = cover_for(18)
"""The table of the standard 162-card deck."""


def reach_chance(target: int | None, needs: Sequence[int], values: int, wilds: int, draws: int,
                 cover: Cover = COVER) -> float:
    """Chance of playing ``target`` onto some building pile with the known cards
    ``values`` (a bit mask of numbers, each usable once per pile), ``wilds`` known
    Skip-Bo cards and ``draws`` random cards still to come (from the deck ``cover``
    was made for: ``cover_for(rules.wild_cards)``)."""
    if target is None:
        return 0.0
    if target == WILD:
        return 1.0
    best = 0.0
    row = cover[draws if draws < MAX_DRAW else MAX_DRAW]
    top_bit = 1 << target
    for nd in needs:
        if nd > target:
            continue
        missing = ((top_bit - (1 << nd)) & ~values).bit_count() - wilds
        if missing <= 0:
            return 1.0
        p = row[missing]
        if p > best:
            best = p
    return best


def pile_mask(pile: Sequence[int]) -> tuple[int, int]:
    """What one discard pile offers: the numbers reachable from the top (the top,
    and below it every card one higher than the one above, as they come free in
    order) as a bit mask, and 1 if the top is a Skip-Bo card."""
    if not pile:
        return 0, 0
    top = pile[-1]
    if top == WILD:
        return 0, 1
    mask = 1 << top
    i = len(pile) - 2
    while i >= 0 and pile[i] == pile[i + 1] + 1:
        mask |= 1 << pile[i]
        i -= 1
    return mask, 0


def pile_values(piles: Sequence[Sequence[int]]) -> tuple[int, int]:
    """``pile_mask`` over several piles: (bit mask of numbers, Skip-Bo tops)."""
    values = wilds = 0
    for p in piles:
        m, w = pile_mask(p)
        values |= m
        wilds += w
    return values, wilds


def hand_values(hand: Sequence[int]) -> tuple[int, int]:
    """A hand's cards as (bit mask of numbers, Skip-Bo cards)."""
    values = wilds = 0
    for c in hand:
        if c == WILD:
            wilds += 1
        else:
            values |= 1 << c
    return values, wilds

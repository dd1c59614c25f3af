"""Card values and the two decks.

A card is an ``int``: 1-12 for number cards and ``WILD`` (0) for a Skip-Bo card.
The physical card is stored everywhere; the value a Skip-Bo card stands for on a
building pile is derived from the pile's length, so recycled wilds stay wild.
"""

from __future__ import annotations

from collections import Counter

WILD = 0
NUMBERS = range(1, 13)
HAND_SIZE = 5
BUILDING_SLOTS = 4
DISCARD_PILES = 4
PILE_COMPLETE = 12
DECK_EDITIONS = (18, 24)


def card_token(card: int | None) -> str:
    """Notation token of a card value: ``"SB"`` for a Skip-Bo card, else the number;
    ``""`` for no card (an empty pile's top)."""
    if card is None:
        return ""
    return "SB" if card == WILD else str(card)


def new_deck(wild_cards: int = 18) -> list[int]:
    """The unshuffled deck: 12 of each number 1-12 plus ``wild_cards`` Skip-Bo cards."""
    return [n for n in NUMBERS for _ in range(12)] + [WILD] * wild_cards


def is_full_deck(cards: list[int], wild_cards: int) -> bool:
    """True when ``cards`` is exactly the deck of that edition, in any order."""
    return Counter(cards) == Counter(new_deck(wild_cards))

"""Scripted decks: games whose every card is placed by the test.

docs/RULES.md, "Set-up": the deck is dealt round-robin from ``deck[0]``, one card at a
time starting with seat 0, each card on top of that seat's stock; the rest of the
deck, in order, is the draw pile (``deck[players * stock]`` is drawn first).

``scripted_game(stocks={0: [1, 7]}, draw=[...])`` builds such a deck from what a
test cares about: each listed stock is given top card first, ``draw`` lists the
draw pile in the order it is drawn. Every other card of the full deck fills the
rest (each stock from the top down below the listed cards, then the draw pile after
``draw``), high numbers first and Skip-Bo cards last, so fillers rarely fit a pile.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence

from skipbo_core import WILD, Game, Rules
from skipbo_core.cards import new_deck

SB = WILD  # a Skip-Bo card


def scripted_deck(rules: Rules, stocks: Mapping[int, Sequence[int]] | None = None,
                  draw: Sequence[int] = ()) -> list[int]:
    """The full deck of ``rules`` that deals ``stocks`` (top first) and draws ``draw`` first."""
    stocks = dict(stocks or {})
    n, size = rules.players, rules.stock
    pool = Counter(new_deck(rules.wild_cards))
    wanted = Counter(draw)
    for seat, cards in stocks.items():
        assert 0 <= seat < n and len(cards) <= size, f"stock of seat {seat} does not fit"
        wanted.update(cards)
    missing = wanted - pool
    assert not missing, f"the deck has too few of {dict(missing)}"
    pool -= wanted
    fillers = iter(sorted(pool.elements(), key=lambda c: (c == WILD, -c)))
    # piles[seat] bottom to top, as dealt
    piles = []
    for seat in range(n):
        top_first = list(stocks.get(seat, ()))
        top_first += [next(fillers) for _ in range(size - len(top_first))]
        piles.append(top_first[::-1])
    deck = [piles[i % n][i // n] for i in range(n * size)]
    deck += list(draw) + list(fillers)
    assert Counter(deck) == Counter(new_deck(rules.wild_cards))
    return deck


def scripted_game(players: int = 2, stock: int = 5, *, teams: bool = False, wild_cards: int = 18,
                  stocks: Mapping[int, Sequence[int]] | None = None, draw: Sequence[int] = (),
                  first: int = 0, seed: int = 0,
                  reshuffles: Sequence[Sequence[int]] | None = None) -> Game:
    """A game dealt from ``scripted_deck``; reshuffles use ``random.Random(seed)``."""
    rules = Rules(players=players, stock_size=stock, teams=teams or None, wild_cards=wild_cards)
    return Game(rules, scripted_deck(rules, stocks, draw), first=first, rng=random.Random(seed),
                reshuffles=reshuffles)


def play(game: Game, *moves: str) -> None:
    """Play moves given in notation, in order."""
    for text in moves:
        game.play(text)


def notation(moves: Iterable) -> list[str]:
    return [str(m) for m in moves]


def snapshot(game: Game) -> tuple:
    """Everything a user can observe: the record, every seat's view and the legal moves."""
    n = game.rules.players
    return (game.to_record(), tuple(game.view(s) for s in range(n)), notation(game.legal_moves()),
            game.is_over, game.result, game.current_seat, game.turn)


def cards_on_table(game: Game) -> Counter:
    """Every card the game holds, wherever it is (hidden ones included; in a sampled
    world also the cards it has not dealt yet)."""
    cards = Counter(game.undealt_cards)
    view = game.view(0)
    for seat in range(game.rules.players):
        cards.update(game.view(seat).hand)
        cards.update(c for c in game.stock(seat) if c is not None)
        for pile in view.discards[seat]:
            cards.update(pile)
    for pile in view.building:
        cards.update(pile)
    cards.update(c for c in game.draw_pile if c is not None)
    cards.update(c for c in game.completed_cards if c is not None)
    return cards


def discard_first_card(game: Game, pile: int = 1) -> str:
    """End the turn by discarding the lowest hand card (or ``end`` with an empty hand)."""
    hand = game.view(game.current_seat).hand
    text = f"H{'SB' if hand[0] == SB else hand[0]}>D{pile}" if hand else "end"
    game.play(text)
    return text


def empty_the_draw_pile(game: Game) -> None:
    """Everyone discards their lowest card until the draw pile is empty."""
    while game.view(0).draw_size:
        discard_first_card(game)


# Two players with stock 50 leave 62 cards to draw; none of these fits a pile.
NO_FIT_62 = [12] * 10 + [11] * 11 + [10] * 11 + [9] * 11 + [8] * 11 + [7] * 8


def no_fit_game(stocks: Mapping[int, Sequence[int]]) -> Game:
    """Two players, stock 50, a draw pile of ``NO_FIT_62``; stock tops as given."""
    return scripted_game(stock=50, stocks=stocks, draw=NO_FIT_62)

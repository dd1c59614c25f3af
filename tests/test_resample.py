"""Worlds for search (determinization): Game.from_view deals the cards a seat cannot
see at random, matches the view in everything the seat can see, uses nothing hidden
from it, and plays on like any game."""

import random
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from skipbo_core import Game, Rules
from skipbo_core.cards import new_deck

from .randomplay import choose, play_randomly
from .scripted import SB, cards_on_table, play, scripted_game, snapshot
from .test_properties import games


@given(games(), st.integers(0, 300), st.integers(0, 2**32))
def test_legal_moves_depend_only_on_what_the_mover_sees(setup, plies, seed):
    # a world matches the view and holds the whole deck
    game, rng, eagerness = setup
    play_randomly(game, rng, plies, eagerness)
    seat = game.current_seat
    view = game.view(seat)
    world = Game.from_view(view, random.Random(seed))
    assert world.view(seat) == view
    assert cards_on_table(world) == Counter(new_deck(game.rules.wild_cards))
    assert world.legal_moves() == game.legal_moves()
    assert (world.moves, world.log(), world.deck) == ([], [], None)
    assert None not in world.stock(seat)[-1:] and world.completed_cards.count(None) == view.completed_size
    for other in range(game.rules.players):  # the other seats see what they saw, but their own hands
        mine, theirs = world.view(other), game.view(other)
        assert mine.hand_sizes == theirs.hand_sizes
        assert (mine.stock_tops, mine.discards) == (theirs.stock_tops, theirs.discards)


def play_alike(worlds, seed, plies=400):
    """Play the same random moves in each world while they allow it; the views of
    every seat after each move, per world."""
    rng = random.Random(seed)
    seen = [[] for _ in worlds]
    for _ in range(plies):
        if worlds[0].is_over:
            break
        move = choose(worlds[0], rng)
        for world, views in zip(worlds, seen):
            world.play(move)
            views.append(tuple(world.view(s) for s in range(world.rules.players)))
    return seen


def test_nothing_hidden_from_the_seat_leaks_into_its_worlds():
    # two deals that differ only in what seat 0 may not see give the very same worlds
    game_a = scripted_game(stocks={0: [4, 8, 3], 1: [6, 5]}, draw=[1, 2, SB, 9, 9, 10, 11, 12, 1, 2])
    game_b = scripted_game(stocks={0: [4, 7, 7], 1: [6, 11]}, draw=[1, 2, SB, 9, 9, 3, 3, 5, 5, 1])
    play(game_a, "H1>B1", "H2>B1", "H9>D1")
    play(game_b, "H1>B1", "H2>B1", "H9>D1")
    assert game_a.view(0) == game_b.view(0) and game_a.view(1) != game_b.view(1)
    for seed in range(5):
        world_a, world_b = game_a.resample(0, random.Random(seed)), game_b.resample(0, random.Random(seed))
        assert world_a.view(1).hand == world_b.view(1).hand
        assert world_a.undealt_cards == world_b.undealt_cards
        seen_a, seen_b = play_alike([world_a], seed), play_alike([world_b], seed)
        assert seen_a == seen_b and len(seen_a[0]) > 20


def test_copies_of_a_world_deal_the_same_hidden_cards():
    game = Game.new(Rules(players=3, stock_size=8), seed=6)
    play_randomly(game, random.Random(6), 30)
    world = game.resample(game.current_seat, random.Random(1))
    twin = world.copy()
    seen = play_alike([world, twin], 3)
    assert seen[0] == seen[1]
    other = game.resample(game.current_seat, random.Random(2))
    assert play_alike([other], 3)[0][:40] != seen[0][:40]  # another world is another deal


def test_a_hidden_card_is_the_same_whenever_it_shows():
    # the expert plays its plans in copies of one world: a card below a stock top or in
    # the draw pile must not depend on what was played before it showed
    game = scripted_game(stocks={0: [1, 4, 4]}, draw=[9, 9, 10, 10, 11])
    for seed in range(10):
        world = game.resample(0, random.Random(seed))
        early, late = world.copy(), world.copy()
        early.play("S>B1")  # shows the card below first ...
        early.play("H9>D1")  # ... then seat 1 draws
        late.play("H9>D1")  # seat 1 draws first ...
        late.play(late.legal_moves(target="D1")[0])
        late.play("S>B1")  # ... and the card below shows later
        assert early.view(0).stock_tops[0] == late.view(0).stock_tops[0]
        discarded = late.log()[1].card  # seat 1 drew the same five cards in both
        assert early.view(1).hand == tuple(sorted((*late.view(1).hand, discarded)))


def test_worlds_differ_with_the_random_source_and_repeat_with_it():
    game = Game.new(Rules(players=3), seed=4)
    game.play(game.legal_moves()[-1])
    view = game.view(2)
    worlds = [Game.from_view(view, random.Random(s)) for s in (1, 1, 2)]
    assert worlds[0].view(0).hand == worlds[1].view(0).hand != worlds[2].view(0).hand
    seen = play_alike(worlds[:2], 5)
    assert seen[0] == seen[1]


def test_hidden_cards_are_dealt_evenly():
    # at the deal seat 1 holds nothing yet: its five cards are dealt when it draws
    game = Game.new(Rules(players=2, stock_size=5), seed=9)
    view = game.view(0)
    unseen = Counter(view.unseen_cards())
    drawn, below = Counter(), Counter()
    worlds = 2000
    for seed in range(worlds):
        world = Game.from_view(view, random.Random(seed))
        world.play(world.legal_moves(target="D1")[0])  # seat 1 draws five cards
        drawn.update(world.view(1).hand)
        below[world.stock(0)[-2] if world.stock(0)[-2] is not None else "undealt"] += 1
    total = sum(unseen.values())
    for card, count in unseen.items():  # each unseen card is drawn as often as it is unseen
        expected = 5 * worlds * count / total
        assert abs(drawn[card] - expected) < 5 * expected ** 0.5, (card, drawn[card], expected)
    assert below == {"undealt": worlds}  # cards below the stock tops stay undealt until shown


def test_a_world_plays_to_its_end_and_takes_moves_back():
    game = Game.new(Rules(players=4, teams=True, stock_size=5), seed=3)
    play_randomly(game, random.Random(3), 60)
    world = game.resample(game.current_seat, random.Random(8))
    start = [world.view(s) for s in range(4)], world.legal_moves()
    deck = Counter(new_deck(game.rules.wild_cards))
    rng = random.Random(2)
    while not world.is_over:
        world.play(choose(world, rng))
        assert cards_on_table(world) == deck
    assert world.result is not None
    while world.moves:
        world.pop()
        assert cards_on_table(world) == deck
    assert ([world.view(s) for s in range(4)], world.legal_moves()) == start
    with pytest.raises(ValueError, match="record"):
        world.to_record()


def test_an_impossible_view_is_refused():
    view = Game.new(Rules(players=2), seed=1).view(0)
    from dataclasses import replace
    with pytest.raises(ValueError, match="inconsistent"):
        Game.from_view(replace(view, draw_size=view.draw_size + 1), random.Random(1))
    with pytest.raises(ValueError, match="more cards"):
        Game.from_view(replace(view, hand=(0,) * 19), random.Random(1))


def test_snapshot_helper_is_unchanged_for_worlds():
    # snapshot() reads the record, which a world does not have; worlds are compared by their views
    world = Game.new(Rules(), seed=2).resample(0, random.Random(0))
    with pytest.raises(ValueError):
        snapshot(world)

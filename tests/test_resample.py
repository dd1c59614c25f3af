"""Worlds for search (determinization): Game.from_view deals the cards a seat cannot
see at random, matches the view in everything the seat can see, uses nothing hidden
from it, and plays on like any game (DESIGN.md item 7)."""

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
    for other in range(game.rules.players):  # the other seats see what they saw, but their own hands
        mine, theirs = world.view(other), game.view(other)
        assert mine.hand_sizes == theirs.hand_sizes
        assert (mine.stock_tops, mine.discards) == (theirs.stock_tops, theirs.discards)


def test_nothing_hidden_from_the_seat_leaks_into_its_worlds():
    # two deals that differ only in what seat 0 may not see give the very same worlds
    game_a = scripted_game(stocks={0: [4, 8, 3], 1: [6, 5]}, draw=[1, 2, SB, 9, 9, 10, 11, 12, 1, 2])
    game_b = scripted_game(stocks={0: [4, 7, 7], 1: [6, 11]}, draw=[1, 2, SB, 9, 9, 3, 3, 5, 5, 1])
    play(game_a, "H1>B1", "H2>B1")
    play(game_b, "H1>B1", "H2>B1")
    for seed in range(5):
        world_a, world_b = game_a.resample(0, random.Random(seed)), game_b.resample(0, random.Random(seed))
        assert [world_a.stock(s) for s in (0, 1)] == [world_b.stock(s) for s in (0, 1)]
        assert (world_a.draw_pile, world_a.view(1).hand) == (world_b.draw_pile, world_b.view(1).hand)


def test_worlds_differ_with_the_random_source_and_repeat_with_it():
    game = Game.new(Rules(players=3), seed=4)
    view = game.view(1)
    worlds = [Game.from_view(view, random.Random(s)) for s in (1, 1, 2)]
    assert worlds[0].draw_pile == worlds[1].draw_pile != worlds[2].draw_pile
    assert worlds[0].view(0).hand == worlds[1].view(0).hand


def test_hidden_cards_are_dealt_evenly():
    game = Game.new(Rules(players=2, stock_size=5), seed=9)
    view = game.view(0)
    unseen = Counter(view.unseen_cards())
    tops = Counter()
    for seed in range(3000):
        tops[Game.from_view(view, random.Random(seed)).draw_pile[0]] += 1
    for card, count in unseen.items():  # the next card drawn is each unseen card equally often
        expected = 3000 * count / sum(unseen.values())
        assert abs(tops[card] - expected) < 5 * expected ** 0.5, (card, tops[card], expected)


def test_a_world_plays_to_its_end_and_takes_moves_back():
    game = Game.new(Rules(players=4, teams=True, stock_size=5), seed=3)
    play_randomly(game, random.Random(3), 60)
    world = game.resample(game.current_seat, random.Random(8))
    start = snapshot_of(world)
    rng = random.Random(2)
    while not world.is_over:
        world.play(choose(world, rng))
    assert world.result is not None
    while world.moves:
        world.pop()
    assert snapshot_of(world) == start
    with pytest.raises(ValueError, match="record"):
        world.to_record()


def snapshot_of(world):
    n = world.rules.players
    return (tuple(world.view(s) for s in range(n)), world.legal_moves(), world.draw_pile,
            tuple(world.stock(s) for s in range(n)), world.completed_cards)


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

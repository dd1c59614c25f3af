"""One seeded random source per game (no module-level random anywhere): the same seed, the same game."""

import random

import pytest

from skipbo_core import Game, Rules

from .randomplay import play_randomly
from .scripted import snapshot


def seeded_game(rules, seed):
    return play_randomly(Game.new(rules, seed=seed), random.Random(seed))


@pytest.mark.parametrize("rules", [Rules(players=2), Rules(players=4, teams=True, wild_cards=24),
                                   Rules(players=5, stock_size=8)], ids=repr)
def test_same_seed_gives_the_same_game(rules):
    first, second = seeded_game(rules, 2024), seeded_game(rules, 2024)
    assert first.to_record()["reshuffles"], "the game should reach a reshuffle"
    assert snapshot(first) == snapshot(second)


def test_text_seeds_work_like_numbers():
    assert Game.new(seed="friday").to_record() == Game.new(seed="friday").to_record()


def test_different_seeds_deal_different_games():
    decks = {tuple(Game.new(Rules(), seed=seed).to_record()["deck"]) for seed in range(50)}
    assert len(decks) == 50


def test_reshuffles_come_from_the_games_random_source():
    rules = Rules(players=2)
    base = seeded_game(rules, 1).to_record()
    games = [Game(rules, base["deck"], rng=random.Random(seed)) for seed in ("a", "a", "b")]
    for game in games:
        for text in base["moves"]:  # identical games up to their first reshuffle
            game.play(text)
            if game.to_record()["reshuffles"]:
                break
    first = [game.to_record()["reshuffles"][0] for game in games]
    assert first[0] == first[1] != first[2]
    assert sorted(first[0]) == sorted(first[2])

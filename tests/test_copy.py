"""Game.copy(): an independent game, cheap enough to make for search."""

import random

from skipbo_core import Game, Rules

from .randomplay import play_randomly
from .records import RECORDS, load
from .scripted import snapshot


def test_copy_plays_on_without_touching_the_original():
    game = play_randomly(Game.new(Rules(players=3, stock_size=10), seed=3), random.Random(3), 40)
    before = snapshot(game)
    twin = game.copy()
    assert snapshot(twin) == before
    play_randomly(twin, random.Random(4))
    assert twin.is_over and snapshot(game) == before


def test_copy_continues_with_the_same_random_state():
    rules = Rules(players=2)
    moves = play_randomly(Game.new(rules, seed=9), random.Random(9)).to_record()["moves"]
    game = Game.new(rules, seed=9)
    for text in moves[:20]:
        game.play(text)
    twin = game.copy()
    for text in moves[20:]:
        game.play(text)
        twin.play(text)
    assert twin.to_record()["reshuffles"] and snapshot(twin) == snapshot(game)


def test_copy_of_a_game_replaying_recorded_reshuffles_is_independent():
    data = load(RECORDS / "valid" / "2p-standard.json")
    game = Game(Rules.from_dict(data["rules"]), data["deck"], reshuffles=data["reshuffles"])
    twin = game.copy()
    for text in data["moves"]:
        twin.play(text)
    for text in data["moves"]:
        game.play(text)
    assert game.result.winner == twin.result.winner == 1

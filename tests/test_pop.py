"""Game.pop(): take back the last move, whatever it showed (cheap
make/unmake for search). The game must be exactly as before the move: every view,
the record, the hidden piles, the log, and the future (the same moves replayed give
the same game, reshuffles included)."""

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from skipbo_core import Game, Rules, UndoError

from .randomplay import choose
from .records import RECORDS, load
from .scripted import SB, no_fit_game, play, scripted_game, snapshot
from .test_properties import games


def full_state(game: Game) -> tuple:
    """Everything the game holds: what users observe plus the hidden piles and the log."""
    n = game.rules.players
    return (snapshot(game), tuple(game.stock(s) for s in range(n)), game.draw_pile, game.completed_cards,
            game.stall_count, game.moves, game.log(), game.next_needed())


@given(games(), st.integers(1, 500))
def test_popping_every_move_steps_back_through_every_position(setup, plies):
    game, rng, eagerness = setup
    states = [full_state(game)]
    for _ in range(plies):
        if game.is_over:
            break
        game.play(choose(game, rng, eagerness))
        states.append(full_state(game))
    played = game.moves
    for move in reversed(played):
        assert game.pop() is move
        states.pop()
        assert full_state(game) == states[-1]
    with pytest.raises(UndoError):
        game.pop()
    for move in played:  # the same moves again: the same game, reshuffles included
        game.play(move)
    assert snapshot(game) == snapshot(Game.from_record(game.to_record()))
    assert game.moves == played


@given(games(), st.integers(0, 400), st.integers(0, 2**32))
def test_pop_then_another_move_plays_as_a_fresh_game_would(setup, plies, seed):
    game, rng, eagerness = setup
    for _ in range(plies):
        if game.is_over:
            break
        game.play(choose(game, rng, eagerness))
    if not game.moves:
        return
    game.pop()
    other = random.Random(seed)
    for _ in range(50):
        if game.is_over:
            break
        game.play(choose(game, other, eagerness))
    fresh = Game.from_record(game.to_record())
    assert full_state(fresh)[:-3] == full_state(game)[:-3]


def test_pop_takes_back_a_reshuffle_and_the_same_move_reshuffles_the_same_way_again():
    data = load(RECORDS / "valid" / "2p-standard.json")
    game = Game.new(Rules(players=2), seed=11)
    rng = random.Random(11)
    while not game.to_record()["reshuffles"]:
        before = full_state(game)
        game.play(choose(game, rng))
    after = full_state(game)
    move = game.pop()
    assert full_state(game) == before and game.log(-1) == before[6][-1:]
    game.play(move)
    assert full_state(game) == after
    # the same in a game that replays a record's reshuffles
    replay = Game(Rules.from_dict(data["rules"]), data["deck"], first=data["first"], reshuffles=data["reshuffles"])
    for text in data["moves"]:
        count = len(replay.to_record()["reshuffles"])
        replay.play(text)
        if len(replay.to_record()["reshuffles"]) > count:
            after = full_state(replay)
            replay.pop()
            assert len(replay.to_record()["reshuffles"]) == count
            replay.play(text)
            assert full_state(replay) == after
    assert replay.result.winner == 1


def test_pop_on_a_copy_leaves_the_original_alone():
    game = Game.new(Rules(players=3, stock_size=10), seed=5)
    rng = random.Random(5)
    while not game.to_record()["reshuffles"] and not game.is_over:
        game.play(choose(game, rng))
    before = full_state(game)
    twin = game.copy()
    for _ in range(40):
        twin.pop()
    assert full_state(game) == before
    for _ in range(40):
        game.pop()
    assert full_state(game) == full_state(twin)


def test_pop_takes_back_a_win_and_the_game_goes_on():
    game = scripted_game(stock=1, stocks={0: [1]}, draw=[9] * 5)
    before = full_state(game)
    game.play("S>B1")
    assert game.result.winner == 0
    assert str(game.pop()) == "S>B1"
    assert game.result is None and not game.is_over and full_state(game) == before


def test_pop_takes_back_the_turn_that_stalled_the_game():
    game = no_fit_game({0: [12], 1: [12]})
    while True:
        before = full_state(game)
        hand = game.view(game.current_seat).hand
        text = f"H{'SB' if hand[0] == SB else hand[0]}>D1" if hand else "end"
        game.play(text)
        if game.is_over:
            break
    assert game.result.reason == "stalled"
    game.pop()
    assert full_state(game) == before and game.stall_count == 1


def test_pop_takes_back_a_mid_turn_refill_and_a_stock_flip():
    game = scripted_game(stocks={0: [6, 2]}, draw=[1, 2, 3, 4, 5, 6, 7, 8, 9, 10])
    play(game, "H1>B1", "H2>B1", "H3>B1", "H4>B1")
    states = [full_state(game)]
    for text in ("H5>B1", "S>B1", "H7>B1"):  # refill, then a stock flip
        game.play(text)
        states.append(full_state(game))
    assert game.view(0).stock_tops[0] == 2 and game.view(0).hand == (6, 8, 9, 10)
    while len(states) > 1:
        game.pop()
        states.pop()
        assert full_state(game) == states[-1]


def test_pop_refuses_when_there_is_nothing_to_take_back_or_the_game_was_resigned():
    game = scripted_game(draw=[1, 9, 9, 9, 9])
    with pytest.raises(UndoError, match="no move"):
        game.pop()
    game.play("H1>B1")
    game.resign()
    before = full_state(game)
    with pytest.raises(UndoError, match="resigned"):
        game.pop()
    assert full_state(game) == before

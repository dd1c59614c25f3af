"""The engine's shortcuts agree with the slow, explicit rules they stand in for:
``is_legal`` (play()'s quick legality test, which reads the building slots from a
table of slot masks) and legal_moves() with the legal moves worked out from the
mover's view, also right after moves were taken back with pop()."""

import random

import pytest

from skipbo_core import Game, IllegalMove, Rules
from skipbo_core.moves import ALL_MOVES

from .randomplay import choose
from .scripted import play, scripted_game
from .test_properties import expected_legal_moves

TABLES = [Rules(players=2, stock_size=5), Rules(players=3, stock_size=4),
          Rules(players=4, stock_size=3, teams=True), Rules(players=6, stock_size=2, teams=True)]


def _positions(rules: Rules, seed: int, plies: int = 400):
    game, rng = Game.new(rules, seed=seed), random.Random(seed)
    for _ in range(plies):
        yield game
        if game.is_over:
            return
        move = choose(game, rng)
        game.play(move)
        if rng.random() < 0.3:
            assert game.pop() is move  # the slot masks must also step back
            game.play(move)


@pytest.mark.parametrize("rules", TABLES, ids=lambda r: f"{r.players}p")
def test_quick_test_slot_masks_and_legal_moves_agree_with_the_rules(rules):
    for seed in range(3):
        for game in _positions(rules, seed):
            if game.is_over:
                assert not any(game.is_legal(m) for m in ALL_MOVES)
                continue
            view = game.view(game.current_seat)
            expected = expected_legal_moves(view)
            assert sorted(str(m) for m in ALL_MOVES if game.is_legal(m)) == sorted(expected)
            assert [str(m) for m in game.legal_moves()] == expected
            assert game.next_needed() == list(view.next_needed)


@pytest.mark.parametrize("rules", TABLES[:2], ids=lambda r: f"{r.players}p")
def test_every_move_the_quick_test_refuses_is_refused_by_play_with_a_reason(rules):
    for game in _positions(rules, 7, 150):
        if game.is_over:
            return
        for move in ALL_MOVES:
            if game.is_legal(move):
                continue
            with pytest.raises(IllegalMove) as err:
                game.play(move)
            assert err.value.code


def test_a_completed_pile_frees_its_slot_and_pop_fills_it_again():
    game = scripted_game(draw=list(range(1, 13)) + [1, 12, 12])
    play(game, *(f"H{n}>B1" for n in range(1, 12)))
    assert game.view(0).hand == (1, 12, 12, 12) and not game.is_legal("H1>B1")
    game.play("H12>B1")
    assert game.next_needed()[0] == 1 and game.is_legal("H1>B1") and not game.is_legal("H12>B1")
    game.pop()
    assert game.next_needed()[0] == 12 and game.is_legal("H12>B1") and not game.is_legal("H1>B1")

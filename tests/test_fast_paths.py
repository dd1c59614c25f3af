"""The engine's shortcuts agree with the slow, explicit rules they stand in for:
play()'s quick legality test with the full check, the shared building-slot nodes
with the building piles, and legal_moves() with trying every move."""

import random

import pytest

from skipbo_core import Game, Rules
from skipbo_core.errors import IllegalMove
from skipbo_core.game import _Slots
from skipbo_core.moves import ALL_MOVES

from .randomplay import choose

TABLES = [Rules(players=2, stock_size=5), Rules(players=3, stock_size=4),
          Rules(players=4, stock_size=3, teams=True), Rules(players=6, stock_size=2, teams=True)]


def _passes_check(game: Game, move) -> bool:
    try:
        game._check(move)
    except IllegalMove:
        return False
    return True


def _positions(rules: Rules, seed: int, plies: int = 400):
    game, rng = Game.new(rules, seed=seed), random.Random(seed)
    for _ in range(plies):
        yield game
        if game.is_over:
            return
        move = choose(game, rng)
        game.play(move)
        if rng.random() < 0.3 and game._undo[-1] is not None and not game.is_over:
            game.undo()  # the slot nodes must also step back
            game.play(move)


@pytest.mark.parametrize("rules", TABLES, ids=lambda r: f"{r.players}p")
def test_quick_test_slot_nodes_and_legal_moves_agree_with_the_rules(rules):
    for seed in range(3):
        for game in _positions(rules, seed):
            assert game._slots is _Slots.of(game._building)
            allowed = [m for m in ALL_MOVES if game._allows(m)]
            assert allowed == [m for m in ALL_MOVES if _passes_check(game, m)]
            assert sorted(map(str, game.legal_moves())) == sorted(map(str, allowed))


def test_slot_nodes_step_through_a_completed_pile_and_back():
    node = _Slots.of(((),) * 4)
    for _ in range(12):
        node = node.after(2)
    assert node.needs == (1, 1, 1, 1) and node is _Slots.of(((),) * 4)
    assert node.before(2).needs == (1, 1, 12, 1) and node.before(2).after(2) is node
    assert node.masks[0] == 0b1111 and node.masks[1] == 0b1111 and node.before(2).masks[12] == 0b0100

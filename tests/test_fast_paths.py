"""The engine's shortcuts agree with the slow, explicit rules they stand in for:
play()'s quick legality test with the full check, the needs code and slot masks
with the building piles, and legal_moves() with trying every move."""

import random

import pytest

from skipbo_core import Game, Rules
from skipbo_core.errors import IllegalMove
from skipbo_core.game import _masks_for, _needs_code
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
            game.undo()  # the needs code must also step back
            game.play(move)


@pytest.mark.parametrize("rules", TABLES, ids=lambda r: f"{r.players}p")
def test_quick_test_slot_nodes_and_legal_moves_agree_with_the_rules(rules):
    for seed in range(3):
        for game in _positions(rules, seed):
            needs = [len(p) + 1 for p in game._building]
            assert game._needs == _needs_code(game._building)
            assert game._masks == tuple(sum(1 << k for k, n in enumerate(needs) if c in (n, 0)) for c in range(13))
            allowed = [m for m in ALL_MOVES if game._allows(m)]
            assert allowed == [m for m in ALL_MOVES if _passes_check(game, m)]
            assert sorted(map(str, game.legal_moves())) == sorted(map(str, allowed))


def test_needs_code_counts_a_completed_pile_as_empty():
    assert _needs_code(((),) * 4) == 0 and _needs_code(((1,), (), (1, 2), ())) == 1 + 2 * 144
    assert _masks_for(_needs_code(((),) * 4))[1] == 0b1111
    assert _masks_for(_needs_code(((), (), tuple(range(1, 12)), ())))[12] == 0b0100

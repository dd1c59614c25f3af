"""Short draw piles: blocking the next seats fades as the cards left to draw run out.

With 4 players (stock 30) only 22 cards are left to draw after the deal, and 12 with
6 players (stock 20). Before the fade, `hard` kept back the cards the building piles
needed (to keep the next seats' stock cards out of reach) until nothing was left to
draw and no pile had been completed, and the game stalled around turn 40 with 0-19
of the stock cards played: 9 of 30 four-player and 10 of 30 six-player `hard`-only
games (deals 0-29). The seeded deals below stalled like that."""

from __future__ import annotations

from dataclasses import replace

import pytest

from skipbo_core.ai.evaluation import DEFAULT, Evaluator
from skipbo_core.ai.tournament import play_game
from skipbo_core.game import Game
from skipbo_core.rules import Rules

STALLED = [(4, 6), (4, 9), (4, 11), (6, 5), (6, 9), (6, 14)]


@pytest.mark.parametrize("players,deal", STALLED)
def test_seeded_tables_of_hard_that_stalled_early_are_won(players, deal):
    game = Game.new(Rules(players=players), seed=f"deal:1:{deal}", first=0)
    play_game(game, ["hard"] * players, f"bots:1:{deal}:0")
    assert game.result is not None
    assert game.result.winner is not None, (players, deal, game.result.reason, game.turn)


def _threat_weights(players: int, draw: int, completed: int, scarce: float) -> list[float]:
    view = Game.new(Rules(players=players), seed="deal:1:0", first=0).view(0)
    view = view.__class__(**{**view.__dict__, "draw_size": draw, "completed_size": completed})
    return [weight for weight, *_ in Evaluator(view, replace(DEFAULT, scarce=scarce)).opponents]


def test_blocking_fades_with_the_cards_left_to_draw():
    full = _threat_weights(4, 100, 0, 5)
    assert full == _threat_weights(4, 100, 0, 0)  # plenty to draw: as before
    assert full[0] == 1.0
    half = _threat_weights(4, 4, 6, 5)  # 10 cards for 4 players: half of 5 per player
    assert half == pytest.approx([x / 2 for x in full])
    assert _threat_weights(4, 0, 0, 5) == [0.0] * 3  # nothing to draw: nothing to guard
    assert _threat_weights(4, 0, 0, 0) == full       # scarce=0: blocking never fades

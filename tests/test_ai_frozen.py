"""Frozen tables: with nothing left to draw, a searching bot must not hold back a
playable card for ever (before the fix, 12 of 30 six-player `hard` games and 6 of 30
four-player ones ran to the turn limit with a playable card kept on a discard pile)."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from skipbo_core.ai import get_bot
from skipbo_core.ai.evaluation import DEFAULT
from skipbo_core.ai.hard import first_move
from skipbo_core.ai.search import plan_turn
from skipbo_core.ai.tournament import play_game
from skipbo_core.game import Game
from skipbo_core.rules import Rules

# (players, teams, stock, deal, line-up): deals that reached the turn limit before the fix.
GAMES = [
    (4, None, None, 6, ["hard"] * 4),
    (4, None, None, 12, ["hard"] * 4),
    (5, None, 20, 10, ["hard"] * 5),
    (6, None, 20, 5, ["hard"] * 6),
    (6, None, 20, 6, ["hard"] * 6),
    (6, True, 20, 6, ["hard"] * 6),
    (6, True, 20, 10, ["hard"] * 6),
    (3, None, None, 0, ["expert", "hard", "hard"]),
    (4, True, None, 0, ["expert", "hard", "expert", "hard"]),
    (6, None, 20, 0, ["expert"] + ["hard"] * 5),
]


@pytest.mark.parametrize("players,teams,stock,deal,lineup", GAMES)
def test_seeded_games_end_before_the_turn_limit(players, teams, stock, deal, lineup):
    rules = Rules(players=players, stock_size=stock, teams=teams)
    game = Game.new(rules, seed=f"deal:1:{deal}", first=0)
    play_game(game, lineup, f"bots:1:{deal}:0")
    assert game.result is not None
    assert game.result.reason != "turn-limit", (players, teams, deal, game.turn)


def frozen_position() -> Game:
    """Six players, every hand empty, nothing to draw, and seat 1 holding a 9 the
    building piles need (found in `expert` vs `hard`, deal 1:0, before the fix).
    Reached with the planner of that time (blocking did not fade when the draw pile
    ran short: ``scarce=0``), which the frozen-table fix had to get out of."""
    rules = Rules(players=6, stock_size=20)
    game = Game.new(rules, seed="deal:1:0", first=0)
    weights = replace(DEFAULT, scarce=0)
    for _ in range(3000):
        view = game.view(game.current_seat)
        if (game.is_over or (view.draw_size == 0 and view.completed_size == 0
                             and not view.hand and len(game.legal_moves()) > 1)):
            break
        game.play(first_move(plan_turn(view, weights), game.legal_moves()))
    return game


def test_a_seat_with_an_empty_hand_and_nothing_to_draw_plays_a_card():
    game = frozen_position()
    assert not game.is_over
    view = game.view(game.current_seat)
    for name in ("hard", "expert"):
        move = get_bot(name)(view, game.legal_moves(), random.Random(1))
        assert not move.ends_turn, name
    assert plan_turn(view)[0].moves[0].ends_turn is False

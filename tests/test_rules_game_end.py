"""docs/RULES.md "Winning, stalls, scoring", plus resigning and the turn limit (game.py TURN_LIMIT)."""

import pytest

from skipbo_core import TURN_LIMIT, Game, IllegalMove, Rules
from skipbo_core.moves import ALL_MOVES

from .scripted import NO_FIT_62, SB, discard_first_card, empty_the_draw_pile, no_fit_game, play, scripted_game, snapshot


def test_player_wins_the_moment_the_last_stock_card_is_played():
    game = scripted_game(stock=1, stocks={0: [1], 1: [7]}, draw=[9, 9, 9, 9, 9])
    game.play("S>B1")
    assert game.is_over
    assert (game.result.winner, game.result.reason) == (0, "stock-empty")
    assert game.view(0).hand == (9, 9, 9, 9, 9)  # no discard was needed
    assert game.legal_moves() == []
    assert game.to_record()["result"] == {"winner": 0, "reason": "stock-empty", "scores": [30, 0]}


def test_winner_scores_25_plus_5_per_card_left_in_other_stocks():
    game = scripted_game(players=3, stock=4, stocks={0: [2, 3, 4, 5], 1: [1, 12, 12, 12]},
                         draw=[9] * 5 + [10] * 5 + [11] * 5)
    play(game, "H9>D1", "S>B1", "H10>D1", "H11>D1")  # seat 1 plays its 1: 3 stock cards left
    play(game, "S>B1", "S>B1", "S>B1")
    assert not game.is_over
    game.play("S>B1")
    assert game.result.winner == 0
    assert game.result.scores == (25 + 5 * (3 + 4), 0, 0)


def test_game_over_refuses_every_move_and_leaves_the_game_unchanged():
    game = scripted_game(stock=1, stocks={0: [SB]}, draw=[1, 2, 3, 4, 5])
    game.play("S>B3")
    before = snapshot(game)
    for move in ALL_MOVES:
        with pytest.raises(IllegalMove) as err:
            game.play(move)
        assert err.value.code == "game-over"
    with pytest.raises(IllegalMove):
        game.resign()
    assert snapshot(game) == before


def test_stall_ends_the_game_when_nothing_can_be_drawn_and_nobody_could_play_for_a_round():
    game = no_fit_game({0: [12], 1: [12]})
    first_starved_turn = None
    while not game.is_over:
        view = game.view(game.current_seat)
        if view.draw_size == 0 and first_starved_turn is None:
            first_starved_turn = game.turn
        assert view.stall_count == (0 if first_starved_turn is None else game.turn - first_starved_turn)
        discard_first_card(game)
    assert game.turn == first_starved_turn + 1  # one full round of two turns
    assert (game.result.winner, game.result.reason, game.result.scores) == (None, "stalled", (0, 0))
    assert game.to_record()["result"] == {"winner": None, "reason": "stalled", "scores": [0, 0]}
    assert game.view(0).hand_sizes != (0, 0)  # players still held cards


def test_stall_needs_every_player_stuck_so_a_playable_card_keeps_the_game_going():
    game = no_fit_game({0: [SB], 1: [12]})  # seat 0 could always play its Skip-Bo card
    seen = set()
    for _ in range(300):
        seen.add(game.stall_count)
        discard_first_card(game)
    assert not game.is_over
    assert seen == {0, 1}


def test_stall_rule_is_judged_before_the_discard():
    # docs/RULES.md "Winning, stalls, scoring": a turn counts as stuck when no card could be
    # played as the turn ends, before the discard. Seat 0 keeps a Skip-Bo card on its
    # discard pile 1 and finally covers it with its discard: that turn still had a
    # playable card, so it is not stuck (judged after the discard, it would be, and the
    # game would stall at once); the next round, with the card covered, stalls.
    game = scripted_game(stock=50, stocks={0: [12], 1: [12]}, draw=[SB] + NO_FIT_62[:-1])
    assert game.view(0).hand[0] == SB
    discard_first_card(game, pile=1)  # the Skip-Bo card, on seat 0's discard pile 1
    while not (game.current_seat == 0 and game.view(0).draw_size == 0 and game.stall_count == 1):
        assert not game.is_over
        discard_first_card(game, pile=2 if game.current_seat == 0 else 1)
    assert game.view(0).discards[0][0][-1] == SB and game.has_building_move()
    discard_first_card(game, pile=1)  # covers the Skip-Bo card: nothing is playable after it
    assert not game.is_over and game.stall_count == 0
    assert not game.has_building_move(0)
    discard_first_card(game)  # seat 1: stuck
    assert game.stall_count == 1
    discard_first_card(game, pile=2)  # seat 0: stuck now too - a full round
    assert (game.result.winner, game.result.reason) == (None, "stalled")


def test_no_stall_while_completed_piles_can_still_be_drawn():
    game = no_fit_game({0: list(range(1, 13)), 1: [12]})
    empty_the_draw_pile(game)
    while not (game.current_seat == 0 and game.stall_count == 1):  # seat 1 was stuck
        discard_first_card(game)
    play(game, *["S>B1"] * 12)  # seat 0 completes a pile, then cannot play any more
    assert not game.has_building_move() and game.view(0).completed_size == 12
    discard_first_card(game)
    assert not game.is_over and game.stall_count == 0
    assert len(game.to_record()["reshuffles"]) == 1  # seat 1 drew from the completed pile


def test_turn_limit_ends_a_game_that_never_progresses():
    game = no_fit_game({0: [SB], 1: [12]})
    turn_ends = 0
    while not game.is_over:
        assert game.turn <= TURN_LIMIT
        discard_first_card(game)
        turn_ends += 1
    assert turn_ends == game.turn == TURN_LIMIT
    assert (game.result.winner, game.result.reason, game.result.scores) == (None, "turn-limit", (0, 0))
    replayed = Game.from_record(game.to_record())
    assert replayed.result == game.result


def test_resign_ends_the_game_without_winner_or_points():
    game = Game.new(Rules(players=3, stock_size=10), seed=5)
    game.play(game.legal_moves()[0])
    game.resign()
    assert (game.result.winner, game.result.reason, game.result.scores) == (None, "resigned", (0, 0, 0))
    assert game.legal_moves() == []
    with pytest.raises(IllegalMove) as err:
        game.resign()
    assert err.value.code == "game-over"
    replayed = Game.from_record(game.to_record())
    assert replayed.result == game.result and replayed.moves == game.moves

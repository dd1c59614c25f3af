"""A match: games in a row, dealer moving left, points added up to the target."""

import random

import pytest

from skipbo_core import Match, Rules

from .randomplay import play_randomly


def finish(game, seed):
    return play_randomly(game, random.Random(seed), eagerness=1.0)


def test_first_seat_moves_one_seat_left_each_game():
    match = Match(Rules(players=3, stock_size=2), target=10_000, seed=1, first=1)
    firsts = []
    for i in range(7):
        game = match.new_game()
        assert match.next_first() == (1 + i + 1) % 3
        firsts.append((game.first, game.current_seat))
        game.resign()
        match.add_result(game)
    assert firsts == [(s, s) for s in (1, 2, 0, 1, 2, 0, 1)]


def test_game_points_are_added_per_seat_until_a_seat_reaches_the_target():
    match = Match(Rules(players=3, stock_size=2), target=150, seed=7)
    totals = [0, 0, 0]
    while not match.is_over:
        game = finish(match.new_game(), len(match.games))
        assert game.result.reason == "stock-empty"
        match.add_result(game)
        totals = [t + p for t, p in zip(totals, game.result.scores)]
        assert match.scores == totals
        assert match.is_over == (max(totals) >= 150)
    assert len(match.games) >= 2
    assert match.leaders == [s for s in range(3) if totals[s] == max(totals)]
    with pytest.raises(ValueError, match="over"):
        match.new_game()


def test_winner_of_a_match_game_scores_25_plus_5_per_opposing_stock_card():
    match = Match(Rules(players=2, stock_size=3), seed=2)
    game = finish(match.new_game(), 0)
    match.add_result(game)
    loser = 1 - game.result.winner
    assert match.scores[game.result.winner] == 25 + 5 * game.view(loser).stock_sizes[loser]
    assert match.scores[loser] == 0


def test_team_match_gives_both_partners_the_team_points():
    match = Match(Rules(players=4, stock_size=2, teams=True), target=100, seed=3)
    while not match.is_over:
        match.add_result(finish(match.new_game(), len(match.games)))
        assert match.scores[0] == match.scores[2] and match.scores[1] == match.scores[3]
    assert sorted(match.leaders) in ([0, 2], [1, 3])


def test_stalled_or_resigned_games_score_nothing():
    match = Match(Rules(players=2), target=25, seed=4)
    game = match.new_game()
    game.resign()
    match.add_result(game)
    assert match.scores == [0, 0] and not match.is_over


def test_next_game_waits_for_the_current_one():
    match = Match(Rules(players=2, stock_size=5), seed=5)
    game = match.new_game()
    with pytest.raises(ValueError, match="not over"):
        match.new_game()
    with pytest.raises(ValueError, match="not over"):
        match.add_result(game)
    assert match.scores == [0, 0]


def test_same_match_seed_deals_the_same_games():
    decks = []
    for _ in range(2):
        match = Match(Rules(players=2), seed="club night")
        game = match.new_game()
        game.resign()
        match.add_result(game)
        decks.append((game.to_record()["deck"], match.new_game().to_record()["deck"]))
    assert decks[0] == decks[1] and decks[0][0] != decks[0][1]


@pytest.mark.parametrize("target", [0, -5, 2.5, "500", True])
def test_target_must_be_a_positive_whole_number(target):
    with pytest.raises(ValueError, match="target"):
        Match(Rules(), target=target)

"""A match: games in a row, dealer moving left, points added up to the target; saved
and restored beside the current game's record."""

import json
import random

import pytest

from skipbo_core import Game, Match, Rules

from .randomplay import play_randomly


def finish(game, seed):
    return play_randomly(game, random.Random(seed), eagerness=1.0)


def test_first_seat_moves_one_seat_left_each_game():
    match = Match(Rules(players=3, stock_size=2), target=10_000, seed=1, first=1)
    firsts = []
    for i in range(7):
        game = match.new_game()
        assert match.game is game and match.game_no == i
        assert match.next_first() == (1 + i + 1) % 3
        firsts.append((game.first, game.current_seat))
        game.resign()
    assert firsts == [(s, s) for s in (1, 2, 0, 1, 2, 0, 1)]
    assert match.history == [(0, 0, 0)] * 7


def test_game_points_are_added_per_seat_until_a_seat_reaches_the_target():
    match = Match(Rules(players=3, stock_size=2), target=150, seed=7)
    totals = [0, 0, 0]
    while not match.is_over:
        game = finish(match.new_game(), match.game_no)
        assert game.result.reason == "stock-empty"
        totals = [t + p for t, p in zip(totals, game.result.scores)]
        assert match.scores == totals and match.history[-1] == game.result.scores
        assert match.is_over == (max(totals) >= 150)
    assert match.game_no >= 1
    assert match.leaders == [s for s in range(3) if totals[s] == max(totals)]
    with pytest.raises(ValueError, match="over"):
        match.new_game()


def test_winner_of_a_match_game_scores_25_plus_5_per_opposing_stock_card():
    match = Match(Rules(players=2, stock_size=3), seed=2)
    game = finish(match.new_game(), 0)
    loser = 1 - game.result.winner
    assert match.scores[game.result.winner] == 25 + 5 * game.view(loser).stock_sizes[loser]
    assert match.scores[loser] == 0


def test_team_match_gives_both_partners_the_team_points():
    match = Match(Rules(players=4, stock_size=2, teams=True), target=100, seed=3)
    while not match.is_over:
        finish(match.new_game(), match.game_no)
        assert match.scores[0] == match.scores[2] and match.scores[1] == match.scores[3]
    assert sorted(match.leaders) in ([0, 2], [1, 3])


def test_stalled_or_resigned_games_score_nothing():
    match = Match(Rules(players=2), target=25, seed=4)
    game = match.new_game()
    game.resign()
    assert match.scores == [0, 0] and not match.is_over and match.history == [(0, 0)]


def test_next_game_waits_for_the_current_one():
    match = Match(Rules(players=2, stock_size=5), seed=5)
    match.new_game()
    with pytest.raises(ValueError, match="not over"):
        match.new_game()
    assert match.scores == [0, 0] and match.history == [] and match.game_no == 0


def test_points_follow_the_game_when_its_last_move_is_taken_back():
    match = Match(Rules(players=2, stock_size=1), seed=6)
    game = finish(match.new_game(), 6)
    assert match.history == [game.result.scores]
    game.pop()
    assert match.history == [] and match.scores == [0, 0]


def test_same_match_seed_deals_the_same_games():
    decks = []
    for _ in range(2):
        match = Match(Rules(players=2), seed="club night")
        game = match.new_game()
        game.resign()
        decks.append((game.to_record()["deck"], match.new_game().to_record()["deck"]))
    assert decks[0] == decks[1] and decks[0][0] != decks[0][1]


def test_a_given_seed_deals_as_game_new_does_and_is_kept():
    match = Match(Rules(players=3), target=None, first=2, players=[{"name": n, "kind": "human"} for n in "abc"])
    game = match.new_game(seed=42)
    again = Game.new(Rules(players=3), seed=42, first=2, players=game.players)
    assert game.to_record() == again.to_record() and match.seed == 42


def test_a_single_game_is_a_match_without_target_that_ends_with_its_game():
    match = Match(Rules(players=2, stock_size=2), target=None)
    game = finish(match.new_game(7), 7)
    assert match.is_over and match.history == [game.result.scores]
    with pytest.raises(ValueError, match="over"):
        match.new_game()
    single = Match.single(game, seed=7)
    assert (single.target, single.first, single.game_no, single.is_over) == (None, game.first, 0, True)


@pytest.mark.parametrize("target", [0, -5, 2.5, "500", True])
def test_target_must_be_a_positive_whole_number(target):
    with pytest.raises(ValueError, match="target"):
        Match(Rules(), target=target)


def saved_match():
    """A match in its second game, two moves in, saved as JSON (match data and record)."""
    match = Match(Rules(players=2, stock_size=2), target=500, seed=8, first=1)
    finish(match.new_game(), 1)
    game = match.new_game(seed=1234)
    game.play(game.legal_moves()[0])
    return match, json.loads(json.dumps(match.to_dict())), json.loads(json.dumps(game.to_record()))


def test_a_saved_match_is_restored_beside_its_game():
    match, data, record = saved_match()
    assert data == {"version": 1, "target": 500, "first": 1, "history": [list(match.history[0])],
                    "game_no": 1, "seed": 1234}
    back = Match.from_dict(data, Game.from_record(record))
    assert back.to_dict() == match.to_dict()
    assert (back.scores, back.next_first(), back.rules, back.game.moves) == (
        match.scores, match.next_first(), match.rules, match.game.moves)
    finish(back.game, 3)
    assert back.history[:1] == match.history and len(back.history) == 2


def test_a_saved_finished_game_restores_its_points_once():
    match, _, _ = saved_match()
    finish(match.game, 4)
    back = Match.from_dict(json.loads(json.dumps(match.to_dict())), Game.from_record(match.game.to_record()))
    assert back.history == match.history and back.scores == match.scores


@pytest.mark.parametrize("change, words", [
    ({"version": 2}, "version"), ({"target": 0}, "target"), ({"target": "500"}, "target"),
    ({"first": 2}, "first"), ({"first": None}, "first"), ({"history": [[1]]}, "history"),
    ({"history": [[0, -5]]}, "history"), ({"history": "[]"}, "history"), ({"game_no": 3}, "game_no"),
    ({"game_no": True}, "game_no"), ({"game_no": 2, "history": [[0, 30], [0, 30]]}, "game_no"),
    ({"seed": 1.5}, "seed"), ({"origin": "x"}, "unknown"), ({"target": None}, "single game"),
    ({"game_no": 0}, "over"), ({"history": [[500, 0]]}, "over before"),
], ids=repr)
def test_damaged_match_data_is_refused_with_a_clear_error(change, words):
    _, data, record = saved_match()
    with pytest.raises(ValueError, match=words):
        Match.from_dict({**data, **change}, Game.from_record(record))


def test_match_data_that_is_not_an_object_is_refused():
    _, _, record = saved_match()
    for data in (None, [], "match"):
        with pytest.raises(ValueError, match="object"):
            Match.from_dict(data, Game.from_record(record))

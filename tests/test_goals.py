"""Goals for one turn (skipbo_core.goals): reading them, judging a turn as it is played,
and the search that proves a goal can be reached."""

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from skipbo_core import Game, game_from_position
from skipbo_core.goals import Goal, GoalError, find_line

from .randomplay import choose
from .test_position import games_in_play

SB = 0

# Seat 0 to move: stock 9 over three more cards; piles need 7 and 3; discards show 8 and 4.
TABLE = {"rules": {"players": 2, "stock_size": 10}, "seed": 1, "building": [[1, 2, 3, 4, 5, 6], [1, 2]],
         "seats": [{"stock": {"top": 9, "count": 4}, "hand": [7, SB, 3, 11, 12], "discards": [[8], [4]]},
                   {"stock": {"top": 10, "count": 5}}]}


def _played(start, moves):
    game = start.copy()
    for move in moves:
        game.play(move)
    return game


@pytest.mark.parametrize("data", [
    {"kind": "stock_played", "count": 1}, {"kind": "stock_played", "count": 3, "whose": "partner"},
    {"kind": "stock_empty"}, {"kind": "block_next"}, {"kind": "build_complete", "count": 2},
    {"kind": "all", "goals": [{"kind": "stock_played", "count": 1}, {"kind": "block_next"}]},
])
def test_goals_read_and_write_the_same_object(data):
    assert Goal.from_dict(data).to_dict() == data


@pytest.mark.parametrize("data, path, code", [
    ([], "", "malformed"),
    ({"kind": "win"}, "kind", "malformed"),
    ({}, "kind", "malformed"),
    ({"kind": "stock_empty", "count": 2}, "count", "unknown-key"),
    ({"kind": "stock_played", "colour": 2}, "colour", "unknown-key"),
    ({"kind": "stock_played", "count": 0}, "count", "malformed"),
    ({"kind": "stock_played", "count": "2"}, "count", "malformed"),
    ({"kind": "stock_played", "count": True}, "count", "malformed"),
    ({"kind": "stock_played", "whose": "theirs"}, "whose", "malformed"),
    ({"kind": "all", "goals": []}, "goals", "malformed"),
    ({"kind": "all", "goals": [{"kind": "block_next"}, {"kind": "nope"}]}, "goals[1].kind", "malformed"),
    ({"kind": "all", "goals": [{"kind": "all", "goals": [{"kind": "block_next"}]}]}, "goals", "malformed"),
])
def test_bad_goals_are_refused_naming_the_field(data, path, code):
    with pytest.raises(GoalError) as err:
        Goal.from_dict(data)
    assert (err.value.path, err.value.code) == (path, code) and len(str(err.value)) > 15


def test_stock_played_is_reached_during_the_turn_and_fails_when_it_ends_without():
    start = game_from_position(TABLE)
    one, two = Goal("stock_played"), Goal("stock_played", 2)
    assert one.status(start, start) == "open"
    line = ["H7>B1", "D1>B1", "S>B1"]
    assert one.status(start, _played(start, line[:2])) == "open"
    assert one.status(start, _played(start, line)) == "reached"
    assert two.status(start, _played(start, line)) == "open"
    assert two.status(start, _played(start, [*line, "H3>D2"])) == "failed"
    assert one.status(start, _played(start, ["H11>D1"])) == "failed"
    later = _played(start, [*line, "H3>D2"])
    later.play(later.legal_moves()[-1])  # the next seat's turn goes on: still judged on seat 0's turn
    assert one.status(start, later) == "reached"


def test_stock_empty_and_build_complete_count_this_turn_only():
    start = game_from_position(TABLE)
    line = ["H3>B2", "D2>B2", "H7>B1", "D1>B1", "S>B1", "S>B2", "S>B1", "H11>B1", "H12>B1"]
    done = _played(start, line)
    assert Goal("build_complete").status(start, done) == "reached"
    assert Goal("build_complete", 2).status(start, done) == "open"
    assert Goal("stock_empty").status(start, done) == "open"  # one stock card is left
    assert Goal("stock_played", 3).status(start, done) == "reached"


def test_stock_empty_is_reached_by_winning():
    start = game_from_position({**TABLE, "seats": [{"stock": {"cards": [5, 9]}, "hand": [7, SB, 3, 11, 12],
                                                    "discards": [[8], [4]]}, {"stock": {"top": 10, "count": 5}}]})
    won = _played(start, ["H7>B1", "D1>B1", "S>B1", "H3>B2", "D2>B2", "S>B2"])
    assert won.is_over and Goal("stock_empty").status(start, won) == "reached"
    assert Goal("block_next").status(start, won) == "reached"


def test_block_next_is_judged_when_the_turn_is_over():
    start = game_from_position(TABLE)  # the next seat shows a 10
    block = Goal("block_next")
    assert block.status(start, _played(start, ["H7>B1"])) == "open"
    assert block.status(start, _played(start, ["H7>B1", "H3>D1"])) == "reached"  # piles need 8 and 3
    up_to_nine = ["H7>B1", "D1>B1", "S>B1", "H3>D1"]
    assert block.status(start, _played(start, up_to_nine)) == "failed"  # pile 1 needs the 10
    wild = game_from_position({**TABLE, "seats": [TABLE["seats"][0], {"stock": {"top": SB, "count": 5}}]})
    assert block.status(wild, _played(wild, ["H3>D1"])) == "failed"  # a Skip-Bo card fits anywhere


def test_an_all_goal_needs_every_part():
    start = game_from_position(TABLE)
    goal = Goal.from_dict({"kind": "all", "goals": [{"kind": "stock_played"}, {"kind": "block_next"}]})
    assert goal.status(start, _played(start, ["H7>B1", "D1>B1", "S>B1"])) == "open"
    assert goal.status(start, _played(start, ["H7>B1", "D1>B1", "S>B1", "H3>D1"])) == "failed"
    line = find_line(start, goal)
    assert line is not None and line[-1].is_discard
    assert goal.status(start, _played(start, line)) == "reached"


def test_partner_stock_goals_in_teams():
    start = game_from_position({"rules": {"players": 4, "teams": True}, "seats": [
        {"stock": {"top": 5, "count": 3}, "hand": [1, 2, 3, 9, 9]}, {}, {"stock": {"top": 4, "count": 3}}, {}]})
    goal = Goal("stock_played", 1, "partner")
    line = find_line(start, goal)
    assert line is not None and line[-1].source_text == "PS"
    assert goal.status(start, _played(start, line)) == "reached"
    assert Goal("stock_played", 2, "either").status(start, _played(start, [*line, "S>B1"])) == "reached"


def test_find_line_proves_a_goal_or_says_none_and_leaves_the_game_alone():
    start = game_from_position(TABLE)
    before = start.view(0)
    for goal in (Goal("stock_played"), Goal("stock_played", 3), Goal("build_complete"), Goal("block_next")):
        line = find_line(start, goal)
        assert line is not None and goal.status(start, _played(start, line)) == "reached"
    assert find_line(start, Goal("build_complete", 3)) is None
    assert find_line(start, Goal("stock_empty"), max_nodes=3) is None
    assert start.view(0) == before and start.moves == []


@given(games_in_play(), st.integers(0, 2**32), st.sampled_from(["stock_played", "build_complete"]))
def test_find_line_finds_a_line_whenever_a_random_turn_reaches_the_goal(game, seed, kind):
    goal = Goal(kind)
    start = game.copy()
    rng = random.Random(seed)
    seat = game.current_seat
    while not game.is_over and game.current_seat == seat and goal.status(start, game) == "open":
        game.play(choose(game, rng, eagerness=0.95))
    if goal.status(start, game) == "reached":
        line = find_line(start, goal)
        assert line is not None and goal.status(start, _played(start, line)) == "reached"


def test_status_refuses_a_game_that_does_not_continue_the_start():
    start = game_from_position(TABLE)
    later = _played(start, ["H7>B1"])
    with pytest.raises(ValueError, match="continuation"):
        Goal("stock_played").status(later, start)



def _moves_played(search) -> int:
    """How many moves ``search()`` plays on any game (its work)."""
    played = 0
    original = Game.play

    def counting(self, move):
        nonlocal played
        played += 1
        return original(self, move)

    Game.play = counting
    try:
        search()
    finally:
        Game.play = original
    return played


@given(games_in_play(), st.sampled_from(["stock_empty", "build_complete", "all"]), st.integers(1, 400))
def test_find_line_tries_at_most_max_nodes_moves(game, kind, bound):
    """Its work is bounded: a teacher's goal is judged while they wait, whatever it asks."""
    goal = {"stock_empty": Goal("stock_empty"), "build_complete": Goal("build_complete", 3),
            "all": Goal("all", goals=(Goal("build_complete", 2), Goal("block_next")))}[kind]
    assert _moves_played(lambda: find_line(game, goal, max_nodes=bound)) <= bound


@pytest.mark.parametrize("bound", [1, 2, 5, 17, 40])
def test_find_line_counts_the_turn_ending_probe_as_work(bound):
    goal = Goal("all", goals=(Goal("build_complete", 3), Goal("block_next")))  # out of reach on TABLE
    start = game_from_position(TABLE)
    assert _moves_played(lambda: find_line(start, goal, max_nodes=bound)) <= bound
    assert find_line(start, goal, max_nodes=bound) is None

"""A seat view read back from its JSON form (``SeatView.from_dict``, ``Result.from_dict``):
what a guest's page rebuilds from what its host sends (issue 38). Every view a game shows
comes back equal; anything else is a ``ValueError`` that names the problem."""

from __future__ import annotations

import copy
import json
import random
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from skipbo_core import Game, Result, Rules, SeatView

from .randomplay import choose

TABLES = [Rules(players=2, stock_size=5), Rules(players=3, stock_size=8), Rules(players=4, teams=True, stock_size=4),
          Rules(players=6, stock_size=3, wild_cards=24)]


def views_of_a_game(rules: Rules, seed: int, plies: int) -> list[SeatView]:
    game = Game.new(rules, seed=seed)
    rng = random.Random(seed)
    for _ in range(plies):
        if game.is_over:
            break
        game.play(choose(game, rng))
    return [game.view(s) for s in range(rules.players)]


@given(st.sampled_from(TABLES), st.integers(0, 10**6), st.integers(0, 600))
def test_every_view_comes_back_equal_through_json(rules: Rules, seed: int, plies: int) -> None:
    for view in views_of_a_game(rules, seed, plies):
        again = SeatView.from_dict(json.loads(json.dumps(view.to_dict())))
        assert again == view
        assert again.to_dict() == view.to_dict()


def test_a_finished_game_s_result_comes_back() -> None:
    game = Game.new(Rules(players=2, stock_size=1), seed=3)
    rng = random.Random(3)
    while not game.is_over:
        game.play(choose(game, rng))
    view = game.view(1)
    assert view.result is not None
    assert SeatView.from_dict(view.to_dict()).result == view.result
    assert Result.from_dict(view.result.to_dict(), 2) == view.result


def a_view() -> dict[str, Any]:
    return views_of_a_game(Rules(players=3, stock_size=8), 11, 40)[1].to_dict()


def changed(path: tuple[Any, ...], value: Any) -> dict[str, Any]:
    data = a_view()
    place = data
    for key in path[:-1]:
        place = place[key]
    place[path[-1]] = value
    return data


@pytest.mark.parametrize(("path", "value", "says"), [
    (("hand",), [5, 13], "hand"),                      # no such card
    (("hand",), [True], "hand"),                       # true is no card
    (("hand",), [7, 3], "sorted"),                     # a hand is kept sorted
    (("seat",), 3, "seat"),                            # 3 players: seats 0-2
    (("turn",), 0, "turn"),
    (("building", 0), [2], "built up"),                # a building pile starts at 1
    (("stock_tops", 0), None, "stock_tops"),           # a stock with cards shows its top
    (("draw_size",), 5, "places"),                     # the sizes must add up to the deck
    (("next_needed",), [9, 9, 9, 9], "next_needed"),
    (("rules", "players"), 7, "players"),
    (("result",), {"winner": 5, "reason": "stock-empty", "scores": [0, 0, 0]}, "winner"),
    (("result",), {"winner": None, "reason": "bored", "scores": [0, 0, 0]}, "reason"),
])
def test_a_view_that_no_table_could_show_is_refused_naming_the_problem(path: tuple, value: Any, says: str) -> None:
    with pytest.raises(ValueError, match=says):
        SeatView.from_dict(changed(path, value))


def test_unknown_and_missing_keys_are_refused() -> None:
    data = a_view()
    with pytest.raises(ValueError, match="keys"):
        SeatView.from_dict({**data, "hands": [[1, 2], [3]]})
    del data["draw_size"]
    with pytest.raises(ValueError, match="keys"):
        SeatView.from_dict(data)
    with pytest.raises(ValueError, match="keys"):
        SeatView.from_dict([1, 2])


JSON = st.recursive(st.none() | st.booleans() | st.integers(-3, 200) | st.text(max_size=4),
                    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=4), inner, max_size=4),
                    max_leaves=12)


@given(st.data())
def test_any_field_replaced_gives_a_view_or_a_value_error(data: st.DataObject) -> None:
    view = a_view()
    key = data.draw(st.sampled_from(sorted(view)))
    mangled = copy.deepcopy(view)
    mangled[key] = data.draw(JSON)
    try:
        again = SeatView.from_dict(mangled)
    except ValueError:
        return
    assert again.to_dict() == mangled  # accepted only as a view whose form is exactly this

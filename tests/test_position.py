"""Positions: a table set up directly, checked field by field, written back from any
game, and packed into a compact URL-safe text (skipbo_core.position)."""

import base64
import copy
import json
import random
import zlib

import pytest
from hypothesis import given
from hypothesis import strategies as st

from skipbo_core import (
    Game,
    PositionError,
    Rules,
    UndoError,
    game_from_position,
    parse_compact,
    position_of,
    to_compact,
)
from skipbo_core.position import MAX_COMPACT

from .randomplay import choose, play_randomly
from .test_properties import rules as rule_sets

SB = 0

LESSON = {
    "rules": {"players": 2, "stock_size": 10},
    "seed": 4,
    "building": [[1, 2, 3], [SB]],
    "seats": [
        {"stock": {"top": 4, "count": 6}, "hand": [5, 9, 9, 11, SB], "discards": [[7, 2]]},
        {"stock": {"cards": [2, 8, 12]}, "hand": [1, 3]},
    ],
}


def test_a_lesson_position_sets_up_exactly_the_table_it_describes():
    game = game_from_position(LESSON)
    view = game.view(0)
    assert (game.current_seat, game.turn, game.rules.stock) == (0, 1, 10)
    assert view.hand == (SB, 5, 9, 9, 11)
    assert view.stock_tops == (4, 12) and view.stock_sizes == (6, 3)  # stock cards: top last
    assert game.stock(1) == (2, 8, 12)
    assert view.building == ((1, 2, 3), (SB,), (), ())
    assert view.discards[0] == ((7, 2), (), (), ()) and view.discards[1] == ((),) * 4
    assert game.view(1).hand == (1, 3)
    placed = 6 + 3 + 5 + 2 + 2 + 4
    assert view.draw_size == 162 - placed and view.completed_size == 0
    assert [str(m) for m in game.legal_moves(source="S")] == ["S>B1"]
    assert game.is_legal("D1>B2") and game.is_legal("HSB>B4") and not game.is_legal("D1>B3")


def test_the_seed_deals_the_cards_not_given_and_the_same_seed_deals_the_same():
    one, two = game_from_position(LESSON), game_from_position(copy.deepcopy(LESSON))
    assert one.stock(0) == two.stock(0) and one.draw_pile == two.draw_pile
    other = game_from_position({**LESSON, "seed": "another"})
    assert other.stock(0)[-1] == 4 and (other.stock(0), other.draw_pile) != (one.stock(0), one.draw_pile)


def test_defaults_deal_a_fresh_looking_table():
    game = game_from_position({"seats": [{}, {}, {}], "current_seat": 1})
    view = game.view(1)
    assert game.rules == Rules(players=3) and game.current_seat == 1
    assert view.stock_sizes == (30, 30, 30) and view.hand_sizes == (0, 5, 0)
    assert view.draw_size == 162 - 95


def test_a_game_from_a_position_starts_there():
    game = game_from_position(LESSON)
    with pytest.raises(UndoError):
        game.pop()
    with pytest.raises(ValueError, match="position"):
        game.to_record()
    game.play("S>B1")
    game.pop()
    assert position_of(game)["seats"][0]["stock"] == {"top": 4, "count": 6}


def test_completed_piles_set_aside_are_dealt_as_real_piles_and_reshuffled_when_needed():
    game = game_from_position({"seats": [{"hand": [1, 2, 3, 4, 5]}, {"hand": {"count": 3}}], "draw_pile": 0,
                               "rules": {"stock_size": 5}})
    completed = game.completed_cards
    assert len(completed) == 162 - 10 - 5 - 3 == 12 * 12
    for k in range(0, len(completed), 12):
        assert all(card in (i + 1, SB) for i, card in enumerate(completed[k:k + 12]))
    for card in (1, 2, 3, 4, 5):
        game.play(f"H{card}>B1")
    assert game.view(0).hand_sizes[0] == 5 and game.view(0).draw_size == len(completed) - 5


def test_teams_from_a_position_play_the_partners_cards():
    game = game_from_position({"rules": {"players": 4, "teams": True}, "seats": [
        {"stock": {"cards": []}}, {}, {"stock": {"top": 1, "count": 3}, "discards": [[], [SB]]}, {}]})
    assert "PS>B1" in [str(m) for m in game.legal_moves()] and game.is_legal("PD2>B3")


def _finish(game, seed):
    play_randomly(game, random.Random(seed), max_plies=20_000)
    assert game.is_over
    return game


@st.composite
def games_in_play(draw):
    """A game played a random number of moves (also stopping inside a turn)."""
    game = Game.new(draw(rule_sets()), seed=draw(st.integers(0, 2**32)))
    rng = random.Random(draw(st.integers(0, 2**32)))
    for _ in range(draw(st.integers(0, 400))):
        move = choose(game, rng)
        game.play(move)
        if game.is_over:
            game.pop()
            break
    return game


@given(games_in_play(), st.one_of(st.integers(-2**40, 2**40), st.text(max_size=20)))
def test_round_trips_over_random_games(game, seed):
    position = position_of(game, seed=seed)
    again = game_from_position(json.loads(json.dumps(position)))
    assert all(again.view(s) == game.view(s) for s in range(game.rules.players))
    assert position_of(again, seed=seed) == position
    assert parse_compact(to_compact(position)) == json.loads(json.dumps(position))
    assert again.legal_moves() == game.legal_moves()
    _finish(again, 1)


@given(games_in_play())
def test_a_full_position_draws_the_same_cards_as_the_game(game):
    full = position_of(game, full=True)
    again = game_from_position(full)
    assert all(again.stock(s) == game.stock(s) for s in range(game.rules.players))
    assert again.draw_pile == game.draw_pile
    assert sorted(again.completed_cards) == sorted(game.completed_cards)
    rng_a, rng_b = random.Random(2), random.Random(2)
    while not game.is_over and len(game.draw_pile) >= 5:  # same cards until a reshuffle may be needed
        move = choose(game, rng_a)
        assert choose(again, rng_b) == move
        game.play(move)
        again.play(move)
        assert all(again.view(s) == game.view(s) for s in range(game.rules.players))


def test_a_finished_game_has_no_position():
    game = _finish(Game.new(Rules(stock_size=3), seed=1), 2)
    with pytest.raises(PositionError) as err:
        position_of(game)
    assert err.value.code == "game-over"


def _with(change):
    position = copy.deepcopy(LESSON)
    change(position)
    return position


def _set(path, value):
    """A change that puts ``value`` at ``path`` (a list of keys and indexes)."""
    def change(position):
        target = position
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = value
    return change


BAD = [
    # shape and names
    ([], "", "malformed"),
    (_with(_set(["colour"], "red")), "colour", "unknown-key"),
    (_with(_set(["seats", 1, "name"], "Bo")), "seats[1].name", "unknown-key"),
    (_with(_set(["rules", "deck"], 18)), "rules.deck", "unknown-key"),
    (_with(_set(["seats", 0, "stock", "size"], 4)), "seats[0].stock.size", "unknown-key"),
    (_with(_set(["format"], "skipbo-record")), "format", "malformed"),
    (_with(_set(["version"], 2)), "version", "malformed"),
    (_with(_set(["seats"], [{}])), "seats", "bad-seat"),
    (_with(_set(["seats"], "two")), "seats", "malformed"),
    (_with(_set(["seats", 1], [])), "seats[1]", "malformed"),
    (_with(_set(["rules", "players"], 3)), "seats", "bad-seat"),
    (_with(_set(["rules", "wild_cards"], 20)), "rules.wild_cards", "malformed"),
    (_with(_set(["rules", "teams"], True)), "rules.teams", "malformed"),
    (_with(_set(["seed"], 1.5)), "seed", "malformed"),
    (_with(_set(["turn"], 0)), "turn", "malformed"),
    (_with(_set(["current_seat"], 2)), "current_seat", "bad-seat"),
    (_with(_set(["current_seat"], "0")), "current_seat", "malformed"),
    # cards
    (_with(_set(["seats", 1, "hand", 1], 13)), "seats[1].hand[1]", "bad-card"),
    (_with(_set(["seats", 1, "hand", 1], "3")), "seats[1].hand[1]", "bad-card"),
    (_with(_set(["seats", 1, "hand", 1], True)), "seats[1].hand[1]", "bad-card"),
    (_with(_set(["seats", 0, "stock", "top"], None)), "seats[0].stock.top", "bad-card"),
    (_with(_set(["seats", 1, "discards"], [[9] * 8, [9] * 3])), "seats[1].discards[1][2]", "too-many-cards"),
    (_with(_set(["seats", 1, "discards"], [[SB] * 17])), "seats[1].discards[0][16]", "too-many-cards"),
    ({"seats": [{"hand": [9, 9]}, {"stock": {"top": 9, "count": 3}, "discards": [[9] * 10]}]},
     "seats[1].discards[0][9]", "too-many-cards"),
    ({"seats": [{"hand": [9, 9], "discards": [[9] * 10]}, {"stock": {"top": 9, "count": 3}}]},
     "seats[1].stock.top", "too-many-cards"),
    ({"seats": [{"stock": {"cards": [SB] * 5}, "hand": [SB] * 5,
                 "discards": [[c for c in range(1, 13) for _ in range(12)]]},
                {"stock": {"count": 30}}]}, "seats[1].stock", "too-many-cards"),
    # building piles
    (_with(_set(["building", 0, 1], 3)), "building[0][1]", "impossible-pile"),
    (_with(_set(["building", 1], [2])), "building[1][0]", "impossible-pile"),
    (_with(_set(["building", 1], list(range(1, 13)))), "building[1]", "impossible-pile"),
    (_with(_set(["building"], [[], [], [], [], [1]])), "building", "too-many-piles"),
    (_with(_set(["building"], {"1": [1]})), "building", "malformed"),
    (_with(_set(["seats", 0, "discards"], [[], [], [], [], []])), "seats[0].discards", "too-many-piles"),
    # hands, stocks, draw pile, turn
    (_with(_set(["seats", 0, "hand"], [1, 2, 3, 4, 5, 6])), "seats[0].hand", "hand-size"),
    (_with(_set(["seats", 1, "hand"], [1, 2, 3, 4, 5])), "seats[1].hand", "hand-size"),
    (_with(_set(["seats", 1, "hand"], {"count": 5})), "seats[1].hand", "hand-size"),
    (_with(_set(["seats", 0, "hand"], [])), "seats[0].hand", "hand-size"),
    (_with(_set(["seats", 0, "stock"], {"top": 4, "count": 11})), "seats[0].stock.count", "stock-size"),
    (_with(_set(["seats", 0, "stock"], {"top": 4})), "seats[0].stock.count", "malformed"),
    (_with(_set(["seats", 0, "stock"], {"top": 4, "count": 0})), "seats[0].stock.count", "malformed"),
    (_with(_set(["seats", 0, "stock"], {"cards": [4], "count": 1})), "seats[0].stock", "malformed"),
    (_with(_set(["seats", 1, "stock"], {"count": 0})), "seats[1].stock", "game-over"),
    (_with(_set(["draw_pile"], 100)), "draw_pile", "draw-size"),
    (_with(_set(["draw_pile"], 200)), "draw_pile", "draw-size"),
    (_with(_set(["draw_pile"], -1)), "draw_pile", "malformed"),
    (_with(_set(["draw_pile"], {"cards": [1], "count": 1})), "draw_pile.count", "unknown-key"),
    (_with(_set(["stall_count"], 1)), "stall_count", "malformed"),
]


@pytest.mark.parametrize("position, path, code", BAD, ids=[f"{i}:{b[1] or 'root'}:{b[2]}" for i, b in enumerate(BAD)])
def test_every_refusal_names_its_path_and_what_is_wrong(position, path, code):
    with pytest.raises(PositionError) as err:
        game_from_position(position)
    assert (err.value.path, err.value.code) == (path, code)
    assert str(err.value).startswith(f"{path}: " if path else "") and len(str(err.value)) > len(path) + 10


def test_completed_piles_the_cards_left_cannot_make_are_refused():
    # every 1 and every Skip-Bo card is on the table: no pile could have been completed
    position = {"seats": [{"discards": [[1] * 12, [SB] * 18]}, {}], "draw_pile": 162 - 30 - 60 - 5 - 12}
    with pytest.raises(PositionError) as err:
        game_from_position(position)
    assert (err.value.path, err.value.code) == ("draw_pile", "draw-size")


def test_teams_go_on_while_one_partner_has_cards():
    rules = {"players": 4, "teams": True}
    game_from_position({"rules": rules, "seats": [{"stock": {"count": 0}}, {}, {}, {}]})
    with pytest.raises(PositionError) as err:
        game_from_position({"rules": rules, "seats": [{}, {"stock": {"count": 0}}, {}, {"stock": {"cards": []}}]})
    assert (err.value.path, err.value.code) == ("seats[1].stock", "game-over")


def _compact(data: bytes) -> str:
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    return "p1." + base64.urlsafe_b64encode(packer.compress(data) + packer.flush()).decode().rstrip("=")


def test_the_compact_form_is_short_and_url_safe():
    text = to_compact(LESSON)
    assert len(text) < 250 and text.startswith("p1.")
    assert set(text) <= set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_.")
    assert parse_compact(text) == LESSON
    with pytest.raises(PositionError):
        to_compact({**LESSON, "turn": 0})


@pytest.mark.parametrize("text, path, code", [
    (None, "", "bad-compact"), ("", "", "bad-compact"), ("p2.abc", "", "bad-compact"),
    ("p1.***", "", "bad-compact"), ("p1.abc", "", "bad-compact"), ("p1." + "A" * MAX_COMPACT, "", "bad-compact"),
    (_compact(b"not json"), "", "bad-compact"), (_compact(b'"a string"'), "", "malformed"),
    (_compact(b" " * 1_000_000), "", "bad-compact"),  # a short text that would unpack to a megabyte
    (_compact(json.dumps({**LESSON, "turn": 0}).encode()), "turn", "malformed"),
])
def test_bad_compact_forms_are_refused(text, path, code):
    with pytest.raises(PositionError) as err:
        parse_compact(text)
    assert (err.value.path, err.value.code) == (path, code)


def test_players_sit_at_the_table_of_a_position() -> None:
    """The page seats its players (names and kinds) at a position's table."""
    players = [{"name": "Ann", "kind": "human"}, {"name": "", "kind": "ai:easy"}]
    game = game_from_position({"seats": [{}, {}], "seed": 3}, players=players)
    assert game.players == players
    with pytest.raises(PositionError):
        game_from_position({"seats": [{}, {}]}, players=players[:1])

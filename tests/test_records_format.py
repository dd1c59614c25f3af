"""docs/RULES.md "Game record": malformed records are rejected with a RecordError that names
the problem (and the first bad move); good records round-trip exactly."""

import copy
import json
import random

import pytest

from skipbo_core import Game, IllegalMove, InvalidMove, RecordError, Rules

from .randomplay import play_randomly
from .records import RECORDS, load
from .scripted import snapshot

STANDARD = load(RECORDS / "valid" / "2p-standard.json")  # 365 moves, 2 reshuffles


def record(**changes):
    data = copy.deepcopy(STANDARD)
    for key, value in changes.items():
        if value is KeyError:
            del data[key]
        else:
            data[key] = value
    return data


def rejected(data):
    with pytest.raises(RecordError) as err:
        Game.from_record(data)
    assert isinstance(err.value, ValueError)
    return err.value


def prefix_game(data, count):
    """The game of ``data`` after its first ``count`` moves, played directly."""
    game = Game(Rules.from_dict(data["rules"]), data["deck"], first=data["first"],
                reshuffles=data["reshuffles"])
    for text in data["moves"][:count]:
        game.play(text)
    return game


@pytest.mark.parametrize("data", [None, [], "skipbo", 5, [STANDARD]], ids=repr)
def test_record_must_be_an_object(data):
    err = rejected(data)
    assert err.move_index is None and "object" in str(err)


@pytest.mark.parametrize("changes", [
    {"format": "skipbo"}, {"format": KeyError}, {"version": 2}, {"version": "1"}, {"version": KeyError},
], ids=repr)
def test_record_must_be_format_skipbo_record_version_1(changes):
    err = rejected(record(**changes))
    assert err.move_index is None and "format" in str(err)


@pytest.mark.parametrize("moves", [KeyError, "S>B1", None, ["S>B1", 5], [None], {"0": "S>B1"}], ids=repr)
def test_record_moves_must_be_a_list_of_strings(moves):
    err = rejected(record(moves=moves))
    assert err.move_index is None and "moves" in str(err)


@pytest.mark.parametrize("rules", [
    None, [], {"players": 7}, {"players": 2, "stock_size": 0}, {"players": 3, "teams": [[0, 2], [1, 3]]},
    {"players": 2, "wild_cards": 20}, {"players": 2, "colour": "red"},
], ids=repr)
def test_record_rules_must_be_valid_rules(rules):
    err = rejected(record(rules=rules))
    assert err.move_index is None and "rules" in str(err)


def test_record_rules_with_a_fractional_wild_card_count_are_rejected():
    rejected(record(rules={"players": 2, "stock_size": None, "teams": None, "wild_cards": 18.0}))


def changed_card(deck):
    deck = list(deck)
    deck[deck.index(5)] = 6
    return deck


@pytest.mark.parametrize("deck", [
    KeyError, None, "deck", STANDARD["deck"][:-1], STANDARD["deck"] + [0], changed_card(STANDARD["deck"]),
    [13 if c == 12 else c for c in STANDARD["deck"]], [True if c == 1 else c for c in STANDARD["deck"]],
    [float(c) for c in STANDARD["deck"]], STANDARD["deck"] + [0] * 6,
], ids=["missing", "null", "text", "short", "extra-wild", "5-made-6", "13s", "bools", "floats", "24-wilds"])
def test_record_deck_must_be_the_full_deck_of_the_edition(deck):
    err = rejected(record(deck=deck))
    assert err.move_index is None and "deck" in str(err)


def test_record_with_too_many_reshuffles_is_rejected():
    extra = sorted(STANDARD["deck"][:60])
    err = rejected(record(reshuffles=STANDARD["reshuffles"] + [extra]))
    assert err.move_index is None and "never needed" in str(err)


def test_record_with_too_few_reshuffles_is_rejected_at_the_move_that_needs_one():
    game = prefix_game(STANDARD, 0)
    index = 0
    for index, text in enumerate(STANDARD["moves"]):  # noqa: B007 (index is read after the loop)
        game.play(text)
        if len(game.to_record()["reshuffles"]) == 2:
            break
    err = rejected(record(reshuffles=STANDARD["reshuffles"][:1]))
    assert err.move_index == index and "too few reshuffles" in str(err)


@pytest.mark.parametrize("reshuffles", ["x", [5], [["1"]], [[13]]], ids=repr)
def test_record_reshuffles_must_be_lists_of_cards(reshuffles):
    err = rejected(record(reshuffles=reshuffles))
    assert err.move_index is None and "reshuffle" in str(err)


@pytest.mark.parametrize("result, words", [
    ({"winner": 0, "reason": "stock-empty", "scores": [55, 0]}, "winner"),
    ({"winner": 1, "reason": "stalled", "scores": [0, 55]}, "reason"),
    ({"winner": 1, "reason": "stock-empty", "scores": [0, 50]}, "scores"),
    ({"winner": 1, "reason": "stock-empty", "scores": [5, 55]}, "scores"),
    ({"winner": 1, "reason": "won"}, "reason"),
    ("stock-empty", "result"),
    (KeyError, "no result"),
], ids=repr)
def test_record_result_must_match_the_game(result, words):
    err = rejected(record(result=result))
    assert err.move_index is None and words in str(err)


def test_record_result_of_a_game_that_is_not_over_is_rejected():
    data = record(moves=STANDARD["moves"][:100], reshuffles=[])
    err = rejected(data)
    assert err.move_index is None and "not over" in str(err)


@pytest.mark.parametrize("changes, words", [
    ({"players": [{"name": "A", "kind": "human"}]}, "players"),
    ({"players": [{"name": "A"}, {"name": "B", "kind": "human"}]}, "players"),
    ({"players": "Ada, Bob"}, "players"),
    ({"first": 2}, "first"),
    ({"first": -1}, "first"),
    ({"first": "0"}, "first"),
], ids=repr)
def test_record_players_and_first_seat_must_fit_the_rules(changes, words):
    err = rejected(record(**changes))
    assert err.move_index is None and words in str(err)


@pytest.mark.parametrize("index, text", [(0, "S>D1"), (1, "H13>B1"), (50, "end"), (364, "PS>B1")])
def test_record_is_rejected_at_the_first_bad_move(index, text):
    moves = list(STANDARD["moves"])
    moves[index] = text
    err = rejected(record(moves=moves))
    assert err.move_index == index and f"move #{index} {text}" in str(err)


@pytest.mark.parametrize("index, text, code", [
    (0, "S>D1", "illegal-move"), (1, "H13>B1", "bad-notation"), (364, "PS>B1", "illegal-move")])
def test_a_bad_move_error_carries_its_index_text_reason_and_cause(index, text, code):
    moves = list(STANDARD["moves"])
    moves[index] = text
    err = rejected(record(moves=moves))
    assert (err.code, err.move_index, err.move) == (code, index, text)
    if code == "illegal-move":
        assert isinstance(err.illegal, IllegalMove) and err.__cause__ is err.illegal
        assert err.illegal.code in ("stock-to-discard", "no-teams") and err.illegal.move == text
    else:
        assert err.illegal is None and isinstance(err.__cause__, InvalidMove)


def test_every_kind_of_record_problem_has_its_code():
    moves = STANDARD["moves"]
    assert rejected(record(version=2)).code == "format"
    assert rejected(record(deck=None)).code == "malformed"
    assert rejected(record(rules={"players": 9})).code == "malformed"
    assert isinstance(rejected(record(rules={"players": 9})).__cause__, ValueError)
    assert rejected(record(moves=moves + ["S>B1"])).code == "move-after-end"
    err = rejected(record(reshuffles=[STANDARD["reshuffles"][0], [0] * 5]))
    assert err.code == "bad-reshuffle" and isinstance(err.__cause__, ValueError) and err.move_index is not None
    assert rejected(record(result={"winner": 0, "reason": "stock-empty"})).code == "wrong-result"
    assert rejected(record(result=KeyError)).code == "malformed"


def test_truncated_record_resumes_the_game_in_progress():
    for count in (0, 1, 170, 364):
        played = prefix_game(STANDARD, count)
        data = json.loads(json.dumps(played.to_record()))
        assert "result" not in data
        resumed = Game.from_record(data)
        assert snapshot(resumed) == snapshot(played)
        resumed.play(STANDARD["moves"][count])
        played.play(STANDARD["moves"][count])
        assert snapshot(resumed) == snapshot(played)
    assert resumed.result.winner == 1


def test_truncated_record_that_keeps_unused_reshuffles_is_rejected():
    err = rejected(record(moves=STANDARD["moves"][:10], result=KeyError))
    assert "never needed" in str(err)


@pytest.mark.parametrize("rules", [
    Rules(players=2, stock_size=5), Rules(players=3, stock_size=8, wild_cards=24),
    Rules(players=4, stock_size=5, teams=True), Rules(players=6, stock_size=4, teams=True),
], ids=repr)
def test_to_record_survives_json_and_replays_to_the_same_game(rules):
    game = play_randomly(Game.new(rules, seed=42, first=1), random.Random(42))
    data = json.loads(json.dumps(game.to_record()))
    assert data == game.to_record()
    replayed = Game.from_record(data)
    assert snapshot(replayed) == snapshot(game)


def test_a_game_resumed_from_its_record_reshuffles_as_the_original_would():
    from skipbo_core.ai import get_bot
    greedy = get_bot("greedy")
    game = Game.new(Rules(players=2), seed=11)
    rng = random.Random(1)
    for _ in range(120):
        game.play(greedy(game.view(game.current_seat), game.legal_moves(), rng))
    resumed = Game.from_record(game.to_record())
    rng = random.Random(5)
    while not game.is_over:
        move = greedy(game.view(game.current_seat), game.legal_moves(), rng)
        game.play(move)
        resumed.play(str(move))
    assert len(game.to_record()["reshuffles"]) > 1
    assert resumed.to_record() == game.to_record()

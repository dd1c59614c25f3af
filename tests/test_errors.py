"""Errors a user meets: IllegalMove codes and details, InvalidMove for bad notation,
both ValueErrors, and the game unchanged after any of them."""

import pytest

from skipbo_core import IllegalMove, InvalidMove, Move, RecordError, UndoError

from .scripted import SB, play, scripted_game, snapshot


def wrong_number():
    game = scripted_game(draw=[1, 2, 3, 4, 5, 6, 9, 9, 9, 9])
    play(game, "H1>B2", "H2>B2", "H3>B2", "H4>B2", "H5>B2", "H6>B2")
    return game


def finished():
    game = scripted_game(stock=1, stocks={0: [1]}, draw=[5] * 5)
    game.play("S>B1")
    return game


def own_stock_played_out():
    game = scripted_game(players=4, stock=1, teams=True, stocks={0: [1], 2: [SB]}, draw=[7] * 5)
    game.play("S>B1")
    return game


def partner_stock_played_out():
    game = scripted_game(players=4, stock=1, teams=True, stocks={0: [7], 2: [1]}, draw=[7] * 5)
    game.play("PS>B1")
    return game


def team_game():
    return scripted_game(players=4, teams=True, draw=[7] * 5)


def plain_game():
    return scripted_game(draw=[1, 2, 7, 7, SB])


CASES = [
    (wrong_number, "H9>B2", "wrong-number", {"pile": 2, "needs": 7, "card": 9}),
    (plain_game, "H2>B4", "wrong-number", {"pile": 4, "needs": 1, "card": 2}),
    (finished, "H5>D1", "game-over", {}),
    (finished, "end", "game-over", {}),
    (plain_game, "H3>B1", "not-in-hand", {"card": 3}),
    (wrong_number, "HSB>D1", "not-in-hand", {"card": SB}),
    (plain_game, "D1>B1", "empty-source", {"source": "D1"}),
    (own_stock_played_out, "S>B2", "empty-source", {"source": "S"}),
    (partner_stock_played_out, "PS>B2", "empty-source", {"source": "PS"}),
    (team_game, "PD4>B1", "empty-source", {"source": "PD4"}),
    (plain_game, "PS>B1", "no-teams", {"source": "PS"}),
    (plain_game, "PD1>B3", "no-teams", {"source": "PD1"}),
    (plain_game, "S>D2", "stock-to-discard", {}),
    (plain_game, "D3>D1", "discard-to-discard", {"source": "D3"}),
    (team_game, "PS>D1", "partner-to-discard", {"source": "PS"}),
    (team_game, "PD2>D4", "partner-to-discard", {"source": "PD2"}),
    (plain_game, "end", "end-with-cards", {"hand": 5}),
]


@pytest.mark.parametrize("setup, text, code, details", CASES,
                         ids=[f"{c[2]}-{c[1]}" for c in CASES])
def test_illegal_move_names_the_broken_rule_and_leaves_the_game_unchanged(setup, text, code, details):
    game = setup()
    assert text not in [str(m) for m in game.legal_moves()]
    before = snapshot(game)
    for move in (text, Move.parse(text)):
        with pytest.raises(IllegalMove) as err:
            game.play(move)
        assert isinstance(err.value, ValueError)
        assert (err.value.code, err.value.details) == (code, details)
        assert err.value.move == text and err.value.seat == game.current_seat
        assert code in str(err.value) and text in str(err.value)
        for key, value in details.items():
            assert f"{key}={value}" in str(err.value)
        assert snapshot(game) == before


def test_wrong_number_says_pile_2_needs_7_card_is_9():
    game = wrong_number()
    with pytest.raises(IllegalMove) as err:
        game.play("H9>B2")
    assert str(err.value) == "illegal move H9>B2 (seat 0): wrong-number (pile=2, needs=7, card=9)"


BAD_NOTATION = ["", "H13>B1", "H0>B1", "S>B5", "S>B0", "D5>B1", "D0>B1", "PD5>B1", "s>b1",
                "S > B1", " S>B1", "S>B1 ", "HSB", "H5", "H5>", ">B1", "B1>S", "H5>B1>D1",
                "END", "end ", "pass", "H5>P1", "H5>PD1", "HS>B1", "HSB>B12", "H01>B1",
                "H１>B1", "S>B1\n"]


@pytest.mark.parametrize("text", BAD_NOTATION)
def test_bad_notation_raises_invalid_move_and_leaves_the_game_unchanged(text):
    game = plain_game()
    before = snapshot(game)
    with pytest.raises(InvalidMove) as err:
        game.play(text)
    assert isinstance(err.value, ValueError)
    assert repr(text) in str(err.value)
    with pytest.raises(InvalidMove):
        Move.parse(text)
    assert snapshot(game) == before


@pytest.mark.parametrize("thing", [None, 5, b"S>B1", ["S>B1"], {"S>B1": 1}])
def test_play_refuses_anything_that_is_not_a_move(thing):
    game = plain_game()
    before = snapshot(game)
    with pytest.raises(InvalidMove):
        game.play(thing)
    assert snapshot(game) == before


@pytest.mark.parametrize("fields", [(99, 0, 0, 0), (0, 0, 0, 4), (1, 13, 0, 0)], ids=str)
def test_play_refuses_a_move_value_outside_the_notation(fields):
    game = plain_game()
    before = snapshot(game)
    error = error_from_playing(game, fields)
    assert error == "InvalidMove"
    assert snapshot(game) == before


def error_from_playing(game, fields):
    """The name of the error playing ``Move(*fields)`` raises (such a move may not print)."""
    try:
        game.play(Move(*fields))
    except Exception as exc:  # noqa: BLE001
        return type(exc).__name__
    return "none"


def test_every_engine_error_is_a_value_error():
    for error in (IllegalMove, InvalidMove, RecordError, UndoError):
        assert issubclass(error, ValueError)
    assert not issubclass(IllegalMove, InvalidMove) and not issubclass(InvalidMove, IllegalMove)

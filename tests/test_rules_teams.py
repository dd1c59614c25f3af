"""docs/RULES.md "Teams (variant)": partners' piles, own discards, team win and scoring."""

import pytest

from skipbo_core import IllegalMove, Move

from .scripted import discard_first_card, notation, play, scripted_game

HANDS_4 = [9] * 5 + [10] * 5 + [11] * 5 + [8] * 5  # first hands of seats 0-3


def team_game(stocks, draw=HANDS_4, players=4, stock=2):
    return scripted_game(players=players, stock=stock, teams=True, stocks=stocks, draw=draw)


def test_team_play_with_partners_stock_top():
    game = team_game({0: [5], 2: [1, 2]})
    assert notation(game.legal_moves())[:4] == ["PS>B1", "PS>B2", "PS>B3", "PS>B4"]
    assert game.has_building_move()  # only the partner's card fits
    play(game, "PS>B1", "PS>B1")
    view = game.view(0)
    assert view.building[0] == (1, 2) and view.stock_sizes == (2, 2, 0, 2)


def test_team_play_with_partners_discard_tops():
    draw = [9] * 5 + [10] * 5 + [1, 11, 11, 11, 11] + [8] * 5 + [7]
    game = team_game({}, draw)
    play(game, "H9>D1", "H10>D1", "H1>D3", "H8>D1")
    assert "PD3>B1" in notation(game.legal_moves())
    assert game.has_building_move()  # only the partner's card fits
    game.play("PD3>B1")
    assert game.view(0).discards[2] == ((), (), (), ())
    assert game.view(0).building[0] == (1,)


def test_six_player_partner_is_the_seat_opposite():
    game = team_game({4: [1]}, draw=[9] * 5 + [10] * 5, players=6)
    play(game, "H9>D1")
    assert game.current_seat == 1 and game.rules.partner(1) == 4
    game.play("PS>B2")
    assert game.view(1).building[1] == (1,) and game.view(1).stock_sizes[4] == 1


def test_team_player_discards_only_onto_own_piles():
    draw = [9] * 5 + [10] * 5 + [4, 11, 11, 11, 11] + [8] * 5 + [7]
    game = team_game({}, draw)
    play(game, "H9>D1", "H10>D1", "H4>D2", "H8>D1")
    for text, code in [("PD2>D1", "partner-to-discard"), ("PS>D3", "partner-to-discard")]:
        with pytest.raises(IllegalMove) as err:
            game.play(text)
        assert (err.value.code, err.value.details) == (code, {"source": Move.parse(text).source_text})
    assert not [m for m in notation(game.legal_moves()) if m.startswith("P") and ">D" in m]
    game.play("H9>D2")
    assert game.view(0).discards[0] == ((9,), (9,), (), ())
    assert game.view(0).discards[2] == ((), (4,), (), ())


def test_team_player_with_an_empty_stock_keeps_taking_turns():
    game = team_game({0: [1, 2], 2: [7, 7]})
    play(game, "S>B1", "S>B1")
    assert not game.is_over and game.view(0).stock_sizes[0] == 0
    for _ in range(4):
        discard_first_card(game)
    assert game.current_seat == 0 and game.turn == 5
    assert len(game.view(0).hand) == 5
    assert any(m.startswith("PS>") or m.startswith("H") for m in notation(game.legal_moves()))


def test_team_win_needs_both_stocks_empty():
    game = team_game({0: [1, 2], 2: [3, 4]})
    play(game, "S>B1", "S>B1", "PS>B1")
    assert not game.is_over
    game.play("PS>B1")
    assert (game.result.winner, game.result.reason) == (0, "stock-empty")


def test_team_win_when_a_partner_plays_the_teams_last_stock_card():
    game = team_game({0: [1, 2], 2: [3, 4]})
    play(game, "S>B1", "S>B1")  # seat 0's stock is empty, seat 2 still holds two cards
    play(game, "H9>D1", "H10>D1")
    play(game, "S>B1", "S>B1")
    assert (game.result.winner, game.result.reason) == (2, "stock-empty")
    assert game.result.scores == (45, 0, 45, 0)


def test_team_scoring_gives_both_partners_25_plus_5_per_opposing_stock_card():
    draw = HANDS_4 + [7]
    game = team_game({0: [2, 3, 4], 1: [1, 12, 12], 2: [5, 6, 7]}, draw, stock=3)
    play(game, "H9>D1", "S>B1", "H10>D1", "H11>D1", "H8>D1")  # seat 1 plays one stock card
    play(game, "S>B1", "S>B1", "S>B1", "PS>B1", "PS>B1")
    assert not game.is_over
    game.play("PS>B1")
    assert game.result.winner == 0
    assert game.result.scores == (25 + 5 * (2 + 3), 0, 25 + 5 * (2 + 3), 0)


def test_partner_sources_need_teams():
    game = scripted_game(players=4, stocks={2: [1]}, draw=[1, 9, 9, 9, 9])
    for text in ("PS>B1", "PD2>B1"):
        with pytest.raises(IllegalMove) as err:
            game.play(text)
        assert (err.value.code, err.value.details) == ("no-teams", {"source": Move.parse(text).source_text})
    assert not [m for m in notation(game.legal_moves()) if m.startswith("P")]

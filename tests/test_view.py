"""What each seat may see: own hand, visible tops, counts of the rest."""

import json

import pytest

from skipbo_core import Game, Rules

from .scripted import SB, play, scripted_game

VIEW_KEYS = {"rules", "seat", "current_seat", "turn", "hand", "hand_sizes", "stock_sizes",
             "stock_tops", "discards", "building", "next_needed", "draw_size", "completed_size",
             "stall_count", "partner", "result"}


def test_view_contents_at_the_start():
    game = scripted_game(players=3, stock=4, stocks={0: [5], 1: [SB], 2: [1]}, draw=[7, SB, 2, 12, 7])
    view = game.view(0)
    assert (view.seat, view.current_seat, view.turn, view.my_turn) == (0, 0, 1, True)
    assert view.hand == (SB, 2, 7, 7, 12)  # sorted, Skip-Bo cards first
    assert view.hand_sizes == (5, 0, 0)
    assert view.stock_sizes == (4, 4, 4) and view.stock_tops == (5, SB, 1)
    assert view.discards == (((), (), (), ()),) * 3
    assert view.building == ((), (), (), ()) and view.next_needed == (1, 1, 1, 1)
    assert (view.draw_size, view.completed_size, view.stall_count) == (162 - 12 - 5, 0, 0)
    assert (view.result, view.is_over, view.partner, view.teams) == (None, False, None, None)
    assert view.players == 3 and view.rules == game.rules
    other = game.view(1)
    assert other.hand == () and other.my_turn is False and other.seat == 1


def test_view_follows_the_play():
    game = scripted_game(players=4, teams=True, stocks={0: [1], 2: [SB]},
                         draw=[3, SB, 9, 9, 9,  12, 12, 12, 12, 12])
    play(game, "S>B1", "PS>B1", "H3>B1", "HSB>B2", "H9>D3")
    view = game.view(2)
    assert view.building == ((1, SB, 3), (SB,), (), ()) and view.next_needed == (4, 2, 1, 1)
    assert view.discards[0] == ((), (), (9,), ()) and view.discard_tops(0) == (None, None, 9, None)
    assert view.stock_sizes == (4, 5, 4, 5) and view.hand_sizes == (2, 5, 0, 0)
    assert (view.current_seat, view.turn, view.partner) == (1, 2, 0)
    assert view.teams == ((0, 2), (1, 3))
    assert game.view(1).hand == (12, 12, 12, 12, 12)


def test_view_to_dict_is_json_and_holds_only_the_documented_keys():
    game = Game.new(Rules(players=4, teams=True), seed=9)
    game.play(game.legal_moves()[-1])
    data = game.view(1).to_dict()
    assert set(data) == VIEW_KEYS
    assert json.loads(json.dumps(data)) == data
    assert data["hand"] == list(game.view(1).hand) and data["partner"] == 3


def test_view_never_shows_other_hands_stock_cards_below_the_top_or_the_draw_order():
    # two deals that differ only in what seat 0 may not see
    game_a = scripted_game(stocks={0: [4, 8, 3], 1: [6, 5]}, draw=[1, 2, SB, 9, 9, 10, 11, 12, 1, 2])
    game_b = scripted_game(stocks={0: [4, 7, 7], 1: [6, 11]}, draw=[1, 2, SB, 9, 9, 3, 3, 5, 5, 1])
    assert game_a.view(0) == game_b.view(0)
    play(game_a, "H1>B1", "H2>B1")
    play(game_b, "H1>B1", "H2>B1")
    assert game_a.view(0) == game_b.view(0) and game_a.view(1) == game_b.view(1)
    game_a.play("H9>D1")
    game_b.play("H9>D1")
    assert game_a.view(0) == game_b.view(0)
    assert game_a.view(1) != game_b.view(1)  # seat 1 sees the different hand it drew


@pytest.mark.parametrize("seat", [-1, 2, 7, "0", None, 1.0])
def test_view_of_a_seat_that_does_not_exist_is_refused(seat):
    game = scripted_game()
    with pytest.raises(ValueError, match="seat"):
        game.view(seat)


@pytest.mark.parametrize("players, teams", [(2, False), (3, False), (4, True)])
def test_view_card_of_is_the_games_card_of_as_far_as_the_seat_sees(players, teams):
    import random

    from skipbo_core.moves import ALL_MOVES

    rng = random.Random(players)
    game = Game.new(Rules(players=players, stock_size=8, teams=teams), seed=players)
    checked = 0
    while not game.is_over and checked < 40:
        mover = game.current_seat
        for seat in range(players):
            view = game.view(seat)
            for m in ALL_MOVES:
                expected = game.card_of(m)
                if m.from_hand and seat != mover:
                    expected = None  # another seat's hand is hidden
                assert view.card_of(m) == expected, (seat, str(m))
        checked += 1
        legal = game.legal_moves()
        builds = [m for m in legal if m.is_build]
        game.play(rng.choice(builds or legal))
    assert checked == 40

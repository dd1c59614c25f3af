"""docs/RULES.md "A turn", items 1 and 5-7: drawing, refilling, ending the turn."""

import pytest

from skipbo_core import IllegalMove
from skipbo_core.cards import DISCARD_PILES

from .scripted import SB, discard_first_card, empty_the_draw_pile, notation, play, scripted_game


def test_turn_starts_by_drawing_until_the_hand_holds_5_cards():
    game = scripted_game(draw=[1, 2, 9, 9, 9,  12, 12, 12, 12, 12,  3, 4, 5])
    play(game, "H1>B1", "H2>B1", "H9>D1", "H12>D1")
    assert game.view(0).hand == (3, 4, 5, 9, 9)  # held two 9s, drew three cards
    assert game.view(0).draw_size == 162 - 10 - 13


def test_mid_turn_refill_when_the_last_hand_card_is_played():
    game = scripted_game(draw=[1, 2, 3, 4, 5,  6, 7, 8, 9, SB,  12])
    play(game, "H1>B1", "H2>B1", "H3>B1", "H4>B1")
    assert game.view(0).hand == (5,)
    game.play("H5>B1")
    view = game.view(0)
    assert view.hand == (SB, 6, 7, 8, 9)  # five new cards at once; the turn goes on
    assert game.current_seat == 0 and game.turn == 1
    game.play("H6>B1")
    assert game.view(0).hand == (SB, 7, 8, 9)  # no refill while cards are left


def test_discard_ends_the_turn():
    game = scripted_game(players=3, draw=[1, 5, 9, 9, 9])
    game.play("H1>B1")
    game.play("H5>D2")
    assert game.current_seat == 1 and game.turn == 2
    assert game.view(1).discards[0] == ((), (5,), (), ())
    assert game.view(1).hand_sizes == (3, 5, 0)


@pytest.mark.parametrize("card", ["SB", "1", "12"])
@pytest.mark.parametrize("pile", [1, 4])
def test_any_hand_card_may_be_discarded_onto_any_own_pile(card, pile):
    game = scripted_game(draw=[SB, 1, 12, 7, 7])
    assert f"H{card}>D{pile}" in notation(game.legal_moves())
    game.play(f"H{card}>D{pile}")
    assert game.view(0).discards[0][pile - 1] == (SB if card == "SB" else int(card),)


def test_discard_piles_need_no_order_and_empty_piles_need_not_be_filled_first():
    game = scripted_game(draw=[2, 9, 9, 9, 9,  12, 12, 12, 12, 12,  11, 12, 12, 12, 12])
    game.play("H2>D4")
    game.play("H12>D1")
    game.play("H9>D4")  # on top of a 2, while piles 1-3 are empty
    game.play("H12>D1")
    game.play("H11>D4")
    assert game.view(1).discards[0] == ((), (), (), (2, 9, 11))


def test_stock_cards_never_go_to_a_discard_pile():
    game = scripted_game(stocks={0: [7]}, draw=[9, 9, 9, 9, 9])
    assert not [m for m in notation(game.legal_moves()) if m.startswith("S>D")]
    for pile in range(1, DISCARD_PILES + 1):
        with pytest.raises(IllegalMove) as err:
            game.play(f"S>D{pile}")
        assert err.value.code == "stock-to-discard"
    assert game.view(0).stock_sizes[0] == 5


def test_discard_pile_cards_never_go_to_a_discard_pile():
    game = scripted_game(draw=[4, 9, 9, 9, 9,  12, 12, 12, 12, 12])
    play(game, "H4>D1", "H12>D1")
    with pytest.raises(IllegalMove) as err:
        game.play("D1>D2")
    assert (err.value.code, err.value.details) == ("discard-to-discard", {"source": "D1"})


def test_end_needs_an_empty_hand():
    game = scripted_game(draw=[1, 2, 9, 9, 9])
    assert "end" not in notation(game.legal_moves())
    with pytest.raises(IllegalMove) as err:
        game.play("end")
    assert (err.value.code, err.value.details) == ("end-with-cards", {"hand": 5})


def test_end_ends_the_turn_when_the_hand_is_empty_and_nothing_can_be_drawn():
    # six players with stock 21 leave 36 cards to draw; seat 0 keeps a Skip-Bo card on
    # its stock, so the game never stalls
    game = scripted_game(players=6, stock=21, stocks={0: [SB]},
                         draw=[12] * 6 + [11] * 12 + [10] * 12 + [9] * 6)
    empty_the_draw_pile(game)
    while game.view(game.current_seat).hand:
        assert "end" not in notation(game.legal_moves())
        discard_first_card(game)
    seat = game.current_seat
    assert game.view(seat).hand == () and game.view(seat).draw_size == 0
    assert notation(game.legal_moves())[-1] == "end"
    assert not [m for m in notation(game.legal_moves()) if ">D" in m]
    discards = game.view(seat).discards
    game.play("end")
    assert game.current_seat == (seat + 1) % 6 and not game.is_over
    assert game.view(seat).discards == discards  # nothing discarded


def test_an_empty_hand_draws_as_soon_as_a_reshuffle_becomes_possible():
    # docs/RULES.md "A turn", 5: an empty hand draws five as soon as anything can be drawn
    # again in the turn. Seat 0 builds pile 1 up to 11 from its stock and keeps the 12
    # there; no card of the draw pile fits anywhere, so hands run empty once it is gone.
    game = scripted_game(stock=50, stocks={0: [*range(1, 13)], 1: [7]},
                         draw=[11] * 11 + [10] * 11 + [9] * 11 + [8] * 11 + [6] * 11 + [5] * 7)
    play(game, *["S>B1"] * 11)
    while game.current_seat != 0 or game.view(0).hand:
        discard_first_card(game)
    view = game.view(0)
    assert (view.hand, view.draw_size, view.completed_size) == ((), 0, 0)
    assert notation(game.legal_moves()) == ["S>B1", "end"]  # nothing to draw: 'end' is allowed
    game.play("S>B1")  # completes pile 1: its cards can be reshuffled into a draw pile
    view = game.view(0)
    assert len(view.hand) == 5 and (view.draw_size, view.completed_size) == (7, 0)
    assert game.current_seat == 0 and "end" not in notation(game.legal_moves())
    assert len(game.to_record()["reshuffles"]) == 1 and game.log(-1)[0].revealed

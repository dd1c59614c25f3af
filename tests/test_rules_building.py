"""docs/RULES.md "A turn", items 2-4: what may be played onto the building piles."""

import pytest

from skipbo_core import IllegalMove
from skipbo_core.cards import BUILDING_SLOTS

from .scripted import SB, notation, play, scripted_game

RUN_1_TO_12 = list(range(1, 13))


def test_building_pile_starts_only_with_1_or_skip_bo():
    game = scripted_game(draw=[2, 1, SB, 5, 12])
    for card in ("2", "5", "12"):
        with pytest.raises(IllegalMove) as err:
            game.play(f"H{card}>B1")
        assert err.value.code == "wrong-number"
        assert err.value.details == {"pile": 1, "needs": 1, "card": int(card)}
    assert {str(m) for m in game.legal_moves() if m.is_build} == {
        "H1>B1", "H1>B2", "H1>B3", "H1>B4", "HSB>B1", "HSB>B2", "HSB>B3", "HSB>B4"}
    play(game, "H1>B1", "HSB>B2")
    assert game.view(0).building == ((1,), (SB,), (), ())
    assert game.next_needed() == [2, 2, 1, 1]


def test_building_pile_goes_up_one_number_at_a_time():
    game = scripted_game(draw=[1, 2, 4, 3, 9])
    play(game, "H1>B3", "H2>B3")
    with pytest.raises(IllegalMove) as err:
        game.play("H4>B3")
    assert (err.value.code, err.value.details) == ("wrong-number", {"pile": 3, "needs": 3, "card": 4})
    play(game, "H3>B3", "H4>B3")
    assert game.view(0).building[2] == (1, 2, 3, 4)
    assert game.next_needed() == [1, 1, 5, 1]


def test_skip_bo_card_counts_as_the_number_the_pile_needs():
    game = scripted_game(draw=[1, 2, SB, 4, 9])
    play(game, "H1>B1", "H2>B1", "HSB>B1", "H4>B1")  # the Skip-Bo card stands for 3
    assert game.view(0).building[0] == (1, 2, SB, 4)  # the physical card is kept
    assert game.next_needed()[0] == 5


def test_several_skip_bo_cards_may_follow_each_other():
    game = scripted_game(draw=[SB, SB, SB, 4, 9])
    play(game, "HSB>B2", "HSB>B2", "HSB>B2", "H4>B2")
    assert game.view(0).building[1] == (SB, SB, SB, 4)


def test_skip_bo_card_counts_as_12_and_completes_the_pile():
    # the hand is played out twice (refills) to build 1-11, then a Skip-Bo card is the 12
    game = scripted_game(draw=[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, SB, 7, 7, 7])
    play(game, *(f"H{n}>B4" for n in range(1, 12)))
    assert game.next_needed()[3] == 12
    game.play("HSB>B4")
    view = game.view(0)
    assert view.building[3] == () and view.next_needed[3] == 1
    assert view.completed_size == 12


def test_completing_a_pile_at_12_frees_the_slot():
    game = scripted_game(draw=RUN_1_TO_12 + [1, 5, 5])
    play(game, *(f"H{n}>B2" for n in range(1, 13)))
    view = game.view(0)
    assert view.building == ((), (), (), ()) and view.completed_size == 12
    assert "H1>B2" in notation(game.legal_moves())
    game.play("H1>B2")
    assert game.view(0).building[1] == (1,)


def test_at_most_4_building_piles_exist_at_once():
    game = scripted_game(draw=[1, 1, 1, 1, 1])
    play(game, "H1>B1", "H1>B2", "H1>B3", "H1>B4")
    assert game.view(0).hand == (1,)
    assert not [m for m in notation(game.legal_moves()) if ">B" in m]
    assert not game.has_building_move()
    for slot in range(1, BUILDING_SLOTS + 1):
        with pytest.raises(IllegalMove) as err:
            game.play(f"H1>B{slot}")
        assert err.value.details == {"pile": slot, "needs": 2, "card": 1}


def test_top_of_own_stock_is_playable_and_reveals_the_next_stock_card():
    game = scripted_game(stocks={0: [1, 2, 8]}, draw=[9, 9, 9, 9, 9])
    assert notation(game.legal_moves())[:4] == ["S>B1", "S>B2", "S>B3", "S>B4"]
    game.play("S>B1")
    assert game.view(1).stock_tops[0] == 2  # everyone sees the new top card
    game.play("S>B1")
    assert game.view(0).stock_tops[0] == 8 and game.view(0).stock_sizes[0] == 3
    with pytest.raises(IllegalMove) as err:
        game.play("S>B1")
    assert err.value.details == {"pile": 1, "needs": 3, "card": 8}


def test_skip_bo_card_on_top_of_stock_fits_every_pile():
    game = scripted_game(stocks={0: [SB]}, draw=[1, 2, 3, 9, 9])
    play(game, "H1>B1", "H2>B1", "H3>B1")
    builds = [m for m in notation(game.legal_moves()) if m.startswith("S>")]
    assert builds == ["S>B1", "S>B2", "S>B3", "S>B4"]
    game.play("S>B1")
    assert game.view(0).building[0] == (1, 2, 3, SB)


def test_only_the_top_card_of_a_discard_pile_is_playable():
    game = scripted_game(draw=[1, 9, 9, 9, 9,  12, 12, 12, 12, 12,  5])
    game.play("H1>D1")          # seat 0 discards its 1 ...
    game.play("H12>D1")         # seat 1
    game.play("H9>D1")          # ... and covers it with a 9
    assert game.view(0).discards[0][0] == (1, 9)
    game.play("H12>D1")
    assert not [m for m in notation(game.legal_moves()) if m.startswith("D1>")]
    with pytest.raises(IllegalMove) as err:
        game.play("D1>B1")
    assert (err.value.code, err.value.details) == ("wrong-number", {"pile": 1, "needs": 1, "card": 9})


def test_top_card_of_own_discard_pile_is_playable():
    game = scripted_game(draw=[2, 9, 9, 9, 9,  12, 12, 12, 12, 12,  1])
    game.play("H2>D3")
    game.play("H12>D1")
    game.play("H1>B1")
    assert "D3>B1" in notation(game.legal_moves())
    game.play("D3>B1")
    view = game.view(0)
    assert view.building[0] == (1, 2) and view.discards[0][2] == ()


def test_playing_is_never_compulsory():
    game = scripted_game(stocks={0: [1]}, draw=[1, 2, 3, SB, 9])
    assert "S>B1" in notation(game.legal_moves())
    game.play("H9>D1")  # nothing played, the turn simply ends
    assert game.current_seat == 1 and game.view(1).stock_tops[0] == 1

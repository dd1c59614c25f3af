"""Which moves showed a hidden card (LogEntry.revealed): a new stock top, or cards drawn
(a refill in the turn, or the next player's draw after a discard). The page's practice
Undo refuses those (web/skipbo_web/views/practice.py); the engine takes any move back (pop)."""

import pytest

from skipbo_core import UndoError

from .scripted import SB, discard_first_card, empty_the_draw_pile, no_fit_game, play, scripted_game, snapshot


def revealed(game) -> bool:
    return game.log(-1)[0].revealed


def test_building_plays_from_the_hand_reveal_nothing_and_pop_takes_them_back():
    game = scripted_game(draw=[1, 2, SB, 9, 9])
    states = [snapshot(game)]
    for text in ("H1>B1", "HSB>B2", "H2>B1"):
        game.play(text)
        assert not revealed(game)
        states.append(snapshot(game))
    for text in ("H2>B1", "HSB>B2", "H1>B1"):
        states.pop()
        assert str(game.pop()) == text
        assert snapshot(game) == states[-1]
    with pytest.raises(UndoError):
        game.pop()  # nothing left to take back


def test_a_discard_pile_play_reveals_nothing_and_pop_restores_the_pile():
    game = scripted_game(draw=[1, 9, 9, 9, 9,  12, 12, 12, 12, 12,  2])
    play(game, "H1>D2", "H12>D1")
    before = snapshot(game)
    game.play("D2>B3")
    assert not revealed(game)
    assert str(game.pop()) == "D2>B3" and snapshot(game) == before


def test_the_play_that_completed_a_pile_reveals_nothing_and_pop_restores_the_pile():
    game = scripted_game(draw=list(range(1, 13)) + [12, 12, 12])
    play(game, *(f"H{n}>B1" for n in range(1, 12)))
    before = snapshot(game)
    game.play("H12>B1")
    assert game.view(0).completed_size == 12 and not revealed(game)
    game.pop()
    assert snapshot(game) == before and game.view(0).building[0] == tuple(range(1, 12))


def test_a_stock_flip_reveals_the_card_below():
    game = scripted_game(stocks={0: [1, 2]}, draw=[9] * 5)
    game.play("S>B1")
    assert revealed(game) and game.view(1).stock_tops[0] == 2


def test_a_mid_turn_refill_reveals_the_cards_drawn():
    game = scripted_game(draw=[1, 2, 3, 4, 5, 6, 7, 8, 9, 10])
    play(game, "H1>B1", "H2>B1", "H3>B1", "H4>B1")
    assert not revealed(game)
    game.play("H5>B1")
    assert revealed(game) and game.view(0).hand == (6, 7, 8, 9, 10)


def test_a_discard_that_made_the_next_player_draw_reveals_those_cards():
    game = scripted_game(draw=[1, 9, 9, 9, 9])
    game.play("H1>B1")
    game.play("H9>D1")
    assert revealed(game) and game.view(1).hand_sizes[1] == 5


def test_a_discard_reveals_nothing_when_the_next_player_draws_nothing():
    # a Skip-Bo card on seat 0's stock prevents a stall; seat 1 can never play
    game = no_fit_game({0: [SB], 1: [12]})
    empty_the_draw_pile(game)
    if game.current_seat == 0:
        discard_first_card(game)
    before = snapshot(game)
    text = discard_first_card(game)  # seat 1 ends its turn stuck: the stall count goes up
    assert game.current_seat == 0 and game.stall_count == 1 and not revealed(game)
    assert str(game.pop()) == text and snapshot(game) == before
    assert game.current_seat == 1 and game.stall_count == 0

"""Undo: a move may be taken back only if it revealed no hidden card."""

import pytest

from skipbo_core import UndoError

from .scripted import SB, discard_first_card, empty_the_draw_pile, no_fit_game, play, scripted_game, snapshot


def test_undo_takes_back_a_building_play_that_revealed_nothing():
    game = scripted_game(draw=[1, 2, SB, 9, 9])
    states = [snapshot(game)]
    for text in ("H1>B1", "HSB>B2", "H2>B1"):
        game.play(text)
        states.append(snapshot(game))
    for text in ("H2>B1", "HSB>B2", "H1>B1"):
        states.pop()
        assert str(game.undo()) == text
        assert snapshot(game) == states[-1]
    with pytest.raises(UndoError):
        game.undo()  # nothing left to take back


def test_undo_of_a_discard_pile_play_restores_the_pile():
    game = scripted_game(draw=[1, 9, 9, 9, 9,  12, 12, 12, 12, 12,  2])
    play(game, "H1>D2", "H12>D1")
    before = snapshot(game)
    game.play("D2>B3")
    assert str(game.undo()) == "D2>B3"
    assert snapshot(game) == before


def test_undo_of_the_play_that_completed_a_pile_restores_the_pile():
    game = scripted_game(draw=list(range(1, 13)) + [12, 12, 12])
    play(game, *(f"H{n}>B1" for n in range(1, 12)))
    before = snapshot(game)
    game.play("H12>B1")
    assert game.view(0).completed_size == 12
    game.undo()
    assert snapshot(game) == before
    assert game.view(0).building[0] == tuple(range(1, 12))


def test_undo_is_refused_after_a_stock_flip():
    game = scripted_game(stocks={0: [1, 2]}, draw=[9] * 5)
    game.play("S>B1")
    before = snapshot(game)
    with pytest.raises(UndoError, match="S>B1"):
        game.undo()
    assert snapshot(game) == before


def test_undo_is_refused_after_a_mid_turn_refill():
    game = scripted_game(draw=[1, 2, 3, 4, 5, 6, 7, 8, 9, 10])
    play(game, "H1>B1", "H2>B1", "H3>B1", "H4>B1", "H5>B1")
    with pytest.raises(UndoError):
        game.undo()
    assert game.view(0).hand == (6, 7, 8, 9, 10)


def test_undo_is_refused_after_a_discard_that_made_the_next_player_draw():
    game = scripted_game(draw=[1, 9, 9, 9, 9])
    game.play("H1>B1")
    game.play("H9>D1")
    before = snapshot(game)
    with pytest.raises(UndoError):
        game.undo()
    assert snapshot(game) == before


def test_undo_takes_back_a_discard_when_the_next_player_drew_nothing():
    # a Skip-Bo card on seat 0's stock prevents a stall; seat 1 can never play
    game = no_fit_game({0: [SB], 1: [12]})
    empty_the_draw_pile(game)
    if game.current_seat == 0:
        discard_first_card(game)
    assert game.stall_count == 0
    before = snapshot(game)
    text = discard_first_card(game)  # seat 1 ends its turn stuck: the stall count goes up
    assert game.current_seat == 0 and game.stall_count == 1
    assert str(game.undo()) == text
    assert snapshot(game) == before
    assert game.current_seat == 1 and game.stall_count == 0


def test_undo_is_refused_once_the_game_is_over():
    game = scripted_game(stock=1, stocks={0: [1]}, draw=[9] * 5)
    game.play("S>B1")
    with pytest.raises(UndoError):
        game.undo()
    assert game.result.winner == 0


def test_undo_is_refused_after_resigning():
    game = scripted_game(draw=[1, 9, 9, 9, 9])
    game.play("H1>B1")
    game.resign()
    with pytest.raises(UndoError):
        game.undo()

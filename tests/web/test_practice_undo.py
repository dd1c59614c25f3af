"""The practice games' Undo rule, on the host (no browser): skipbo_web.views.practice takes
back the human's last building move of the turn unless it showed a card that was hidden
(a new stock top or drawn cards). The rule lives in the page, not in the engine: the
engine says which moves showed a hidden card and takes any move back (Game.pop)."""

from __future__ import annotations

from skipbo_web.state.controller import Controller
from skipbo_web.state.settings import Settings
from skipbo_web.state.undo import undo_block

from skipbo_core import Game, Rules
from tests.scripted import scripted_deck

from .table_support import AtTable

PLAYERS = [{"name": "Ann", "kind": "human"}, {"name": "", "kind": "ai:easy"}]


def table(stocks=None, draw=(), practice: bool = True, stock: int = 5) -> AtTable:
    """A practice game at a scripted deal: seat 0 is the human and moves first."""
    rules = Rules(players=2, stock_size=stock)
    game = Game(rules, scripted_deck(rules, stocks, draw), players=PLAYERS)
    return AtTable(Controller(game, Settings(), practice=practice))


def state(ctrl: Controller) -> tuple:
    return ctrl.record(), ctrl.view(), list(ctrl.log)


def test_building_moves_from_the_hand_are_taken_back_one_by_one():
    ctrl = table(draw=[1, 2, 3, 9, 9])
    states = [state(ctrl)]
    for text in ("H1>B1", "H2>B1", "H3>B1"):
        assert ctrl.play(text).played
        states.append(state(ctrl))
    while len(states) > 1:
        assert undo_block(ctrl) is None and ctrl.undo()
        states.pop()
        assert state(ctrl) == states[-1]
    assert undo_block(ctrl) == "undo.none" and not ctrl.undo()


def test_the_move_that_completed_a_pile_is_taken_back():
    ctrl = table(draw=[*range(1, 6), *range(6, 11), 11, 12, 9, 9, 9])
    for n in range(1, 12):
        assert ctrl.play(f"H{n}>B1").played
    before = state(ctrl)
    assert ctrl.play("H12>B1").played and ctrl.view().completed_size == 12
    assert undo_block(ctrl) is None and ctrl.undo()
    assert state(ctrl) == before and ctrl.view().building[0] == tuple(range(1, 12))


def test_a_stock_card_that_shows_the_next_one_cannot_be_taken_back():
    ctrl = table(stocks={0: [1, 2]}, draw=[9] * 5)
    assert ctrl.play("S>B1").played
    saved = state(ctrl)
    assert undo_block(ctrl) == "undo.hidden" and not ctrl.undo()
    assert state(ctrl) == saved and ctrl.message.key == "undo.hidden"


def test_the_last_card_of_the_hand_drew_five_new_ones_so_it_stays():
    ctrl = table(draw=[1, 2, 3, 4, 5, 6, 7, 8, 9, 10])
    for text in ("H1>B1", "H2>B1", "H3>B1", "H4>B1"):
        assert ctrl.play(text).played
    assert undo_block(ctrl) is None
    assert ctrl.play("H5>B1").played and ctrl.view().hand == (6, 7, 8, 9, 10)
    assert undo_block(ctrl) == "undo.hidden"


def test_a_discard_ends_the_turn_and_a_plain_game_has_no_undo():
    ctrl = table(draw=[1, 9, 9, 9, 9])
    assert ctrl.play("H1>B1").played and ctrl.play("H9>D1").played
    assert undo_block(ctrl) == "undo.not_now"  # the computer's turn now
    plain = table(draw=[1, 9, 9, 9, 9], practice=False)
    assert plain.play("H1>B1")
    assert undo_block(plain) == "undo.not_practice" and not plain.undo()


def test_a_won_game_is_over_and_keeps_its_last_move():
    ctrl = table(stock=1, stocks={0: [1]}, draw=[9] * 5)
    assert ctrl.play("S>B1").played and ctrl.game.is_over
    assert undo_block(ctrl) == "undo.not_now" and not ctrl.undo()

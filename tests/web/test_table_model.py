"""The table drawn from its model alone (skipbo_web.views.table_model): plain values that
the game at the table, a replay, or a seat at another device can give. A table model
made from a game's public view, with no controller, draws the same table as the
controller's; the model cannot be changed in place; and where the cards are comes from
the view that drew them, so a move's motion reads no markup."""

from __future__ import annotations

import dataclasses

import pytest
from skipbo_web.state.controller import Controller
from skipbo_web.state.look import Look
from skipbo_web.state.replay import Replay
from skipbo_web.state.settings import Seat, Settings
from skipbo_web.views.motion_plan import PLAY, plan
from skipbo_web.views.replay_view import board_tree, replay_table
from skipbo_web.views.table_model import TableModel, seat_names, table_model
from skipbo_web.views.table_view import table_tree, table_view
from skipbo_web.views.tree import to_html

SEATS = (Seat("Ann", "human"), Seat("", "easy"), Seat("", "hard"))


def test_a_model_of_plain_values_draws_the_controllers_table() -> None:
    ctrl = Controller.start(Settings(players=3, seats=SEATS), 5)
    game = ctrl.game
    # what another device could send: the seat's public view, the names, whose turn
    sent = TableModel(view=game.view(0), names=seat_names(["Ann", "", ""], [False, True, True]),
                      levels=(None, "easy", "hard"), message=ctrl.opening.message, acting=True,
                      can_end=False, playable=frozenset(ctrl.playable_sources()), humans=(0,),
                      links=("here", "computer", "computer"))
    assert to_html(table_tree(sent, Look("de"))) == to_html(table_tree(table_model(ctrl), Look("de")))
    with pytest.raises(dataclasses.FrozenInstanceError):
        sent.selected = "S"  # type: ignore[misc]


def test_the_replay_gives_the_same_kind_of_model() -> None:
    ctrl = Controller.start(Settings(players=3, seats=SEATS), 8)
    for _ in range(12):
        if ctrl.ai_to_move:
            ctrl.ai_move()
        else:
            ctrl.play(str(ctrl.game.legal_moves()[0]))
    replay = Replay(ctrl.game.to_record()).go(5)
    model = replay_table(replay, 0)
    assert isinstance(model, TableModel) and model.open_hands is not None and not model.legal
    assert [n.given for n in model.names] == ["Ann", "", ""]
    html = to_html(board_tree(replay, Look("en"), 0))
    assert 'data-step="5"' in html and html.count('class="open-card"') == sum(map(len, model.open_hands[1:]))


def test_where_the_cards_are_comes_from_the_view_that_drew_them() -> None:
    ctrl = Controller.start(Settings(players=2, seats=SEATS[:2]), 3)
    before = table_view(table_model(ctrl), Look())
    stock = dict(before.layout.spots)["0:S"]
    assert stock.count == ctrl.view().stock_sizes[0] and stock.top == ctrl.view().stock_tops[0]
    move = next(m for m in ctrl.game.legal_moves() if m.is_build)
    assert ctrl.play(str(move))
    after = table_view(table_model(ctrl), Look())
    (travel,) = [t for t in plan(before.layout, after.layout) if t.kind == PLAY]
    assert travel.card == ctrl.log[-1].card
    assert travel.target == dict(after.layout.spots)[move.target_slot].card(-1)

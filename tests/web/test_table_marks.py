"""Highlights in the table's tree (``table_marks``): each mark lands on the element that
shows its pile, only there, and a tree without marks is the same tree."""

from __future__ import annotations

from skipbo_web.state.controller import Controller
from skipbo_web.state.look import Look
from skipbo_web.state.settings import Seat, Settings
from skipbo_web.views.table_marks import Mark, mark_tree
from skipbo_web.views.table_model import table_model
from skipbo_web.views.table_view import table_tree
from skipbo_web.views.tree import h, props, to_html

from skipbo_core.cards import card_token
from tests.web.tree_support import elements, lit


def game(players: int = 3) -> Controller:
    seats = tuple(Seat("", "human" if i == 0 else "medium") for i in range(6))
    return Controller.start(Settings(players=players, seats=seats, stock=5), 7)


def test_host_marks_light_every_kind_of_pile() -> None:
    ctrl = game()
    hand = ctrl.game.view(0).hand
    marks = [Mark(0, "S", "data-highlight", "1"), Mark(1, "D2", "data-highlight", "1"),
             Mark(2, "H", "data-highlight", "1"), Mark(0, "H", "data-coach", "from"),
             Mark(0, "H" + card_token(hand[0]), "data-hint", "1"), Mark(None, "B3", "data-highlight", "1"),
             Mark(None, "draw", "data-coach", "look")]
    tree = table_tree(table_model(ctrl), Look(), marks=marks)
    assert lit(tree, marks)
    for name, count in (("data-highlight", 4), ("data-coach", 2), ("data-hint", 1)):
        assert sum(el.attr(name) is not None for el, _ in elements(tree)) == count, name
    assert table_tree(table_model(ctrl), Look(), marks=[]) == table_tree(table_model(ctrl), Look())
    assert "data-highlight" not in to_html(table_tree(table_model(ctrl), Look()))


def test_a_mark_lands_on_the_first_element_of_its_pile_and_a_later_one_wins() -> None:
    tree = h("main", None, h("div", props(data_seat=0), h("b", props(data_slot="H", data_card="5")),
                             h("b", props(data_slot="H", data_card="5"))),
             h("div", props(data_seat=1), h("b", props(data_slot="S"))))
    marked = mark_tree(tree, [Mark(0, "H5", "data-hint", "1"), Mark(0, "S", "data-hint", "1"),
                              Mark(1, "S", "data-coach", "from"), Mark(1, "S", "data-coach", "to")])
    assert to_html(marked) == ('<main><div data-seat="0"><b data-slot="H" data-card="5" data-hint="1"></b>'
                               '<b data-slot="H" data-card="5"></b></div>'
                               '<div data-seat="1"><b data-slot="S" data-coach="to"></b></div></main>')
    assert mark_tree(tree, []) is tree and mark_tree(tree, [Mark(2, "S", "data-hint", "1")]) == tree

"""What travels on the table, derived from where the table's cards are before and after a
command (its layouts; skipbo_web.views.motion_plan), on the host: a card played from each kind of pile lands on its
target, a completed pile leaves for the completed cards, a hand refilled gets its new
cards from the draw pile and keeps the others, each move of a computer's turn starts at
the computer's pile or hand, and a move taken back travels back. Each path is checked
against the tree it belongs to: where a card starts is in the pile it left (tree before),
where it lands is in the pile it went to (tree after)."""

from __future__ import annotations

import random

from skipbo_web.dom.patcher import Patcher
from skipbo_web.state.controller import Controller
from skipbo_web.state.look import Look
from skipbo_web.state.settings import Seat, Settings
from skipbo_web.views.motion_plan import COMPLETE, DRAW, PLAY, SLIDE, Path, Travel, plan
from skipbo_web.views.table_model import table_model
from skipbo_web.views.table_view import Table, table_view
from skipbo_web.views.tree import El, child_keys

from skipbo_core import Game, Move, Rules
from skipbo_core.cards import card_token
from tests.scripted import SB, scripted_deck
from tests.web.fake_dom import Document, Node
from tests.web.table_support import AtTable

ANN = {"name": "Ann", "kind": "human"}


def table(stocks=None, draw=(), players: int = 2, teams: bool = False, stock: int = 5,
          practice: bool = False, humans: int = 1) -> AtTable:
    """A game at a scripted deal: seat 0 is the human (the viewer) and moves first."""
    rules = Rules(players=players, stock_size=stock, teams=teams or None)
    seats = [ANN] + [{"name": "Ben", "kind": "human"}] * (humans - 1)
    seats += [{"name": "", "kind": "ai:easy"}] * (players - humans)
    game = Game(rules, scripted_deck(rules, stocks, draw), players=seats)
    return AtTable(Controller(game, Settings(), practice=practice))


def drawn(ctrl: Controller) -> Table:
    return table_view(table_model(ctrl), Look())


def trail(root: El, path: Path) -> list[El]:
    """The elements from the root's child down to the one at ``path``."""
    out, el = [], root
    for step in path:
        el = dict(zip(child_keys(el.kids), el.kids))[step]  # a KeyError: no such element
        assert isinstance(el, El)
        out.append(el)
    return out


def pile(root: El, path: Path) -> str | None:
    """The ``data-key`` of the pile or hand card (or ``data-seat`` of the area, ``draw``)
    the element at ``path`` is in: the innermost that names one."""
    for el in reversed(trail(root, path)):
        if el.key == "draw":
            return "draw"
        if el.attr("data-key"):
            return el.attr("data-key")
        if el.attr("data-seat"):
            return "seat" + el.attr("data-seat")
    return None


def shown(root: El, path: Path) -> str | None:
    """The card the element at ``path`` shows (its face, a hand card's ``data-card``)."""
    el = trail(root, path)[-1]
    return el.attr("data-card") or el.attr("data-face")


def step(ctrl: Controller, act) -> tuple[tuple[Travel, ...], El, El]:  # noqa: ANN001 (what changes ctrl)
    old = drawn(ctrl)
    act()
    new = drawn(ctrl)
    return plan(old.layout, new.layout), old.tree, new.tree


def where(travels, old: El, new: El, kind: str) -> list[tuple[str, str | None, str | None]]:
    """The travels of ``kind``: the card and the piles it leaves and reaches."""
    return [(card_token(t.card), pile(old, t.source[0]), pile(new, t.target)) for t in travels if t.kind == kind]


def test_a_stock_card_lands_on_its_building_pile():
    ctrl = table(stocks={0: [1, 9]})
    travels, old, new = step(ctrl, lambda: ctrl.play("S>B2"))
    assert where(travels, old, new, PLAY) == [("1", "0:S", "B2")]
    assert shown(old, travels[0].source[0]) == shown(new, travels[0].target) == "1"
    assert [t.kind for t in travels] == [PLAY]  # the hand did not change: nothing else moves


def test_a_hand_card_lands_and_the_others_slide_to_their_places():
    ctrl = table(draw=[1, 4, 6, 8, 10])
    travels, old, new = step(ctrl, lambda: ctrl.play("H1>B1"))
    assert where(travels, old, new, PLAY) == [("1", "H0", "B1")]
    assert where(travels, old, new, SLIDE) == [("4", "H1", "H0"), ("6", "H2", "H1"), ("8", "H3", "H2"),
                                                ("10", "H4", "H3")]
    assert not where(travels, old, new, DRAW)


def test_of_two_alike_cards_the_first_is_played_and_the_second_slides():
    ctrl = table(draw=[1, 1, 6, 8, 10])
    travels, old, new = step(ctrl, lambda: ctrl.play("H1>B1"))
    assert where(travels, old, new, PLAY) == [("1", "H0", "B1")]
    assert where(travels, old, new, SLIDE)[0] == ("1", "H1", "H0")


def test_a_discard_ends_the_turn_from_the_hand_to_the_discard_pile():
    ctrl = table(draw=[3, 4, 6, 8, 10])
    travels, old, new = step(ctrl, lambda: ctrl.play("H6>D3"))
    assert where(travels, old, new, PLAY) == [("6", "H2", "0:D3")]
    assert shown(new, travels[0].target) == "6"


def test_a_discard_pile_top_lands_on_a_building_pile():
    # the computer holds only high cards: it cannot build, and Ann's 1 waits on her pile 1
    ctrl = table(draw=[1, 9, 9, 10, 10, 11, 11, 12, 12, 10, 8])
    assert ctrl.play("H1>D1").played
    while ctrl.ai_to_move:
        ctrl.ai_move()
    travels, old, new = step(ctrl, lambda: ctrl.play("D1>B4"))
    assert where(travels, old, new, PLAY) == [("1", "0:D1", "B4")]
    assert shown(old, travels[0].source[0]) == "1"


def test_hot_seat_the_card_of_a_hand_hidden_at_once_is_followed():
    """Two people at one device: Ann's discard ends her turn, and her hand is hidden at
    once (Ben's turn, behind the curtain); her card still travels from her hand."""
    ctrl = table(draw=[3, 4, 6, 8, 10], humans=2)
    ctrl.reveal()  # Ann's cards shown
    travels, old, new = step(ctrl, lambda: ctrl.play("H6>D3"))
    assert ctrl.curtain and ctrl.viewer == 1
    assert where(travels, old, new, PLAY) == [("6", "H2", "0:D3")]
    assert not where(travels, old, new, SLIDE) and not where(travels, old, new, DRAW)


def test_a_completed_pile_leaves_for_the_completed_cards():
    ctrl = table(draw=[*range(1, 6), *range(6, 11), 11, 12, 9, 9, 9], practice=True)
    for n in range(1, 12):
        assert ctrl.play(f"H{n}>B1").played
    travels, old, new = step(ctrl, lambda: ctrl.play("H12>B1"))
    (done,) = [t for t in travels if t.kind == COMPLETE]
    # Ann held 9, 9, 9, 12 (a hand is sorted): the 12 is her fourth card
    assert (done.card, pile(old, done.source[0]), pile(new, done.target)) == (12, "H3", "B1")
    assert trail(new, done.away[0])[-1].attr("data-completed") == "12"  # then to the completed cards
    assert pile(new, done.away[-1]) == "draw"
    assert not where(travels, old, new, PLAY)
    # undone: the pile is back, and its last card goes back into the hand
    travels, old, new = step(ctrl, ctrl.undo)
    assert where(travels, old, new, PLAY) == [("12", "B1", "H3")]


def test_a_hand_played_out_is_refilled_from_the_draw_pile():
    ctrl = table(draw=[1, 2, 3, 4, 5, 7, 7, 9, 10, 11])
    for n in range(1, 5):
        assert ctrl.play(f"H{n}>B1").played
    travels, old, new = step(ctrl, lambda: ctrl.play("H5>B1"))  # the last card: five new ones
    assert where(travels, old, new, PLAY) == [("5", "H0", "B1")]
    assert where(travels, old, new, DRAW) == [(c, "draw", f"H{j}") for j, c in enumerate(["7", "7", "9", "10", "11"])]
    assert [shown(new, t.target) for t in travels if t.kind == DRAW] == ["7", "7", "9", "10", "11"]


def test_a_card_played_and_the_same_card_drawn_are_told_apart():
    ctrl = table(draw=[1, 2, 3, 4, 5, 5, 7, 9, 10, 11])
    for n in range(1, 5):
        assert ctrl.play(f"H{n}>B1").played
    travels, old, new = step(ctrl, lambda: ctrl.play("H5>B1"))
    assert where(travels, old, new, PLAY) == [("5", "H0", "B1")]
    assert [t.card for t in travels if t.kind == DRAW] == [5, 7, 9, 10, 11]


def test_each_move_of_a_computers_turn_starts_at_the_computer_and_your_hand_fills_at_its_end():
    # the computer plays 1, 2, 3 from its stock, 1, 2 from its hand, and discards a 4
    ctrl = table(stocks={1: [1, 2, 3]}, draw=[9, 9, 10, 10, 11, 1, 2, 4, 4, 8, 12])
    assert ctrl.play("H9>D1").played
    sources = []
    while ctrl.ai_to_move:
        entries = []
        travels, old, new = step(ctrl, lambda entries=entries: entries.append(ctrl.ai_move()))
        m, card = entries[0].move, entries[0].card
        plays = where(travels, old, new, PLAY)
        # a hand not shown: the card starts at its backs (or the seat's name, where they are hidden)
        assert plays == [("SB" if card == SB else str(card), "seat1" if m.from_hand else f"1:{m.source_slot}",
                          m.target_slot if m.is_build else f"1:{m.target_slot}")], (m, travels)
        (play,) = [t for t in travels if t.kind == PLAY]
        if m.from_hand:
            assert trail(old, play.source[0])[-1].attr("class") == "card back mini"
            assert trail(old, play.source[1])[-1].key == "name"
        sources.append(m.source_slot)
        if not m.ends_turn:
            assert len(travels) == 1
    assert sources == ["S", "S", "S", "H", "H", "H"]
    # the last move ended the computer's turn: Ann's hand fills up, her four cards stay
    assert where(travels, old, new, SLIDE) == [("9", "H0", "H0"), ("10", "H1", "H1"), ("10", "H2", "H2"),
                                                ("11", "H3", "H3")]
    assert where(travels, old, new, DRAW) == [("12", "draw", "H4")]


def test_a_partners_stock_card_in_teams():
    ctrl = table(stocks={0: [9], 2: [1, 5]}, players=4, teams=True)
    travels, old, new = step(ctrl, lambda: ctrl.play("PS>B3"))
    assert where(travels, old, new, PLAY) == [("1", "2:S", "B3")]


def test_a_move_taken_back_travels_back_to_the_hand():
    ctrl = table(draw=[1, 4, 6, 8, 10], practice=True)
    assert ctrl.play("H1>B1").played
    travels, old, new = step(ctrl, ctrl.undo)
    assert where(travels, old, new, PLAY) == [("1", "B1", "H0")]
    assert where(travels, old, new, SLIDE) == [("4", "H0", "H1"), ("6", "H1", "H2"), ("8", "H2", "H3"),
                                                ("10", "H3", "H4")]


def test_two_moves_between_the_trees_show_the_card_on_top():
    """The page draws every move, but two moves between two trees are followed as far as
    the piles tell: one card per pile, the one on top."""
    ctrl = table(draw=[2, 4, 6, 8, 10], stocks={0: [1, 9]})
    travels, old, new = step(ctrl, lambda: (ctrl.play("S>B1"), ctrl.play("H2>B1")))
    assert where(travels, old, new, PLAY) == [("2", "H0", "B1")]  # one card per pile: the top one
    travels, old, new = step(ctrl, lambda: (ctrl.play("H4>B2"), ctrl.play("H6>B3")))
    assert travels == ()  # neither fits: refused, nothing moved


def test_nothing_travels_when_nothing_moved():
    ctrl = table(draw=[1, 4, 6, 8, 10])
    assert plan(drawn(ctrl).layout, drawn(ctrl).layout) == ()
    travels, _, _ = step(ctrl, lambda: ctrl.click("H", 0, "4"))  # a card picked: marks, no move
    assert travels == ()


def test_a_pile_completed_from_a_hand_not_shown_leaves_with_its_card():
    ctrl = table(stocks={1: [5]}, draw=[*range(1, 6), *range(6, 11), 11, 9, 9, 9, 9, 12, 8, 8, 8, 8])
    for n in range(1, 12):
        assert ctrl.play(f"H{n}>B1").played
    assert ctrl.play("H9>D1").played
    entries = []
    travels, old, new = step(ctrl, lambda: entries.append(ctrl.ai_move(Move.parse("H12>B1"))))
    (done,) = travels
    assert (done.kind, done.card, pile(old, done.source[0]), pile(new, done.target)) == (COMPLETE, 12, "seat1", "B1")


def test_through_whole_games_each_move_travels_once_and_the_patcher_finds_every_place():
    """Every move of whole games (2 to 4 players, one in teams) gives one card that
    travels (a play, or a completed pile), from the pile of its source to the pile of its
    target; and the Patcher finds the DOM node of each path, in the DOM before the patch
    (where cards start) and after it (where they land)."""
    for seed, players, teams in ((1, 2, False), (2, 3, False), (3, 4, True)):
        ctrl = Controller.start(Settings(players=players, teams=teams, stock=4,
                                         seats=tuple(Seat("", "human" if i == 0 else "medium") for i in range(6))),
                                seed)
        rng = random.Random(seed)
        was = drawn(ctrl)
        patcher, root = Patcher(Document()), Node(was.tree.tag)
        patcher.mount(root, was.tree)
        while not ctrl.game.is_over:
            if ctrl.ai_to_move:
                entry = ctrl.ai_move()
            else:
                assert ctrl.play(str(rng.choice(ctrl.game.legal_moves()))).played
                entry = ctrl.log[-1]
            now = drawn(ctrl)
            travels = plan(was.layout, now.layout)
            old, new = was.tree, now.tree
            moved = [t for t in travels if t.kind in (PLAY, COMPLETE)]
            assert len(moved) == 1, (entry.move, travels)
            source = pile(old, moved[0].source[0])
            owner = ctrl.partner(entry.seat) if entry.move.from_partner else entry.seat
            slot = entry.move.source_slot.removeprefix("P")
            assert source == (f"seat{owner}" if entry.move.from_hand and owner else
                              f"{owner}:{slot}" if slot != "H" else source), (entry.move, source)
            sources = patcher.find(root, old, [p for t in travels for p in t.source])
            assert all(dict(trail(old, t.source[0])[-1].attrs) == sources[t.source[0]].attrs for t in travels)
            patcher.patch(root, old, new)
            targets = patcher.find(root, new, [t.target for t in travels])
            assert all(dict(trail(new, t.target)[-1].attrs) == targets[t.target].attrs for t in travels)
            was = now

"""The tutorial's Python on the host (no browser): the script replayed through the engine,
the guard, saving and resuming, the controller hook and the coach box's markup."""

from __future__ import annotations

import re

import pytest
from skipbo_web.i18n import CATALOGUE, LANGUAGES, card_face, message
from skipbo_web.i18n.messageformat import arguments
from skipbo_web.state.controller import BadSave
from skipbo_web.state.look import Look
from skipbo_web.state.settings import Settings
from skipbo_web.state.tutorial import (
    COMPUTER,
    HUMAN,
    RULES,
    STEP_COUNT,
    STEPS,
    Tutorial,
    controller_for,
    is_active,
    tutorial_deck,
    url_choice,
)
from skipbo_web.views.coach import coach_tree, entry_tree, pile_mark, step_text
from skipbo_web.views.table_model import table_model
from skipbo_web.views.table_view import table_tree
from skipbo_web.views.tree import to_html

from skipbo_core import Game, Move
from skipbo_core.ai import finish
from skipbo_core.cards import is_full_deck
from tests.web.table_support import AtTable
from tests.web.tree_support import lit


def play_step(tut: Tutorial, move: str | None = None) -> None:
    """Do what the current step asks: Next, the computer's moves, or the player's move."""
    step = tut.current
    if step.kind == "explain":
        assert tut.next()
    elif step.kind == "computer":
        while tut.current is step:
            tut.game.play(tut.computer_move())
            tut.sync()
    else:
        chosen = Move.parse(move or step.move)
        assert tut.check(chosen) is None
        tut.game.play(chosen)
        tut.sync()


def play_to(step_key: str) -> Tutorial:
    tut = Tutorial()
    while tut.current.key != step_key:
        play_step(tut)
    return tut


def test_the_script_replays_through_the_engine_to_your_win() -> None:
    tut = Tutorial()
    seen = []
    while not tut.finished:
        step = tut.current
        seen.append(step.key)
        if step.kind == "move":
            assert tut.game.current_seat == HUMAN
            assert Move.parse(step.move) in tut.game.legal_moves(), step.key
        elif step.kind == "computer":
            assert tut.game.current_seat == COMPUTER
            for text in step.opponent:
                assert Move.parse(text) in tut.game.legal_moves(), (step.key, text)
                tut.game.play(text)
            tut.sync()
            continue
        else:  # the computer never waits for Next: explanations come on your turn
            assert tut.game.current_seat == HUMAN and not tut.game.is_over
        play_step(tut)
    result = tut.game.result
    assert result is not None and result.winner == HUMAN and result.reason == "stock-empty"
    assert tut.current.key == "won" and len(seen) == STEP_COUNT - 1 == len(set(seen))


def test_every_lesson_of_the_rules_comes_in_order() -> None:
    """Building from 1, the wild card, the stock, discards, an empty hand, a complete
    pile, the win: the game shows each at the step that teaches it."""
    order = ["start_pile", "wild", "stock_play", "discard_play", "last_card", "complete", "last_stock"]
    keys = [s.key for s in STEPS]
    assert [keys.index(k) for k in order] == sorted(keys.index(k) for k in order)
    tut = play_to("wild")
    play_step(tut)
    assert tut.game.view(0).building[0] == (1, 2, 0)  # the Skip-Bo card counts as 3
    tut = play_to("stock_next")
    assert tut.game.view(0).stock_tops[0] == 7          # the next stock card is face up
    tut = play_to("their_turn")
    assert tut.game.current_seat == COMPUTER            # the discard ended the turn
    tut = play_to("last_card")
    play_step(tut)
    assert len(tut.game.view(0).hand) == 5              # an empty hand draws five at once
    tut = play_to("complete")
    done = tut.game.view(0).completed_size
    play_step(tut)
    view = tut.game.view(0)
    assert view.building[0] == () and view.completed_size == done + 12


def test_the_free_discard_accepts_every_discard_and_the_script_still_wins() -> None:
    tut = play_to("free_discard")
    discards = [m for m in tut.game.legal_moves() if m.is_discard]
    assert len(discards) == 16  # 4 different cards, 4 piles
    for move in discards:
        copy = Tutorial.from_dict(tut.to_dict())
        play_step(copy, str(move))
        while not copy.finished:
            play_step(copy)
        assert copy.game.result.winner == HUMAN


def test_the_deck_is_a_full_legal_deck_dealt_the_same_every_time() -> None:
    deck = tutorial_deck()
    assert is_full_deck(deck, RULES.wild_cards) and deck == tutorial_deck()
    assert Tutorial().game.to_record()["deck"] == deck


def test_the_guard_refuses_other_legal_moves_and_leaves_illegal_ones_to_the_engine() -> None:
    tut = play_to("start_pile")
    other = Move.parse("H1>B2")
    assert other in tut.game.legal_moves()
    refusal = tut.check(other)
    assert refusal.key == "tut.refused_build" and refusal.args == {"source": "H1", "pile": 1}
    assert tut.check(Move.parse("H2>B1")) is None       # illegal: the engine explains it
    assert tut.check(Move.parse("H1>B1")) is None
    tut = play_to("discard_play")
    assert tut.check(Move.parse("H8>D2")).key == "tut.refused_discard"
    tut = play_to("piles")
    assert tut.check(Move.parse("H1>B1")).key == "tut.press_next"
    tut = play_to("free_discard")
    assert tut.check(Move.parse("H9>D3")) is None
    tut.game.play("H9>D3")
    tut.sync()
    assert tut.current.key == "their_turn2"


def test_only_explanation_steps_pass_with_next() -> None:
    tut = play_to("start_pile")
    assert not tut.next() and tut.current.key == "start_pile"
    tut = play_to("won")
    assert tut.finished and not tut.next()


@pytest.mark.parametrize("key", ["welcome", "stock", "their_turn", "your_turn", "cleared", "won"])
def test_a_save_resumes_at_the_same_step(key: str) -> None:
    tut = play_to(key)
    if key == "their_turn":  # in the middle of the computer's turn
        tut.game.play(tut.computer_move())
        tut.sync()
    data = tut.to_dict()
    again = Tutorial.from_dict(data)
    assert again.step == tut.step and again.game.to_record() == tut.game.to_record()
    assert is_active(data) and not is_active(tut.to_dict(active=False))


@pytest.mark.parametrize("change", [
    {"version": 2}, {"step": -1}, {"step": STEP_COUNT}, {"step": "3"}, {"moves": "H1>B1"},
    {"moves": ["H1>B2"]}, {"moves": ["nonsense"]}, {"moves": ["H1>B1"], "step": 1},
    {"moves": [], "step": 5}, {"moves": ["H1>B1"] * 101},
])
def test_a_damaged_save_is_refused(change: dict) -> None:
    data = {**play_to("one_up").to_dict(), **change}
    with pytest.raises(BadSave):
        Tutorial.from_dict(data)
    with pytest.raises(BadSave):
        Tutorial.from_dict(["not", "a", "save"])


def test_the_controller_plays_the_tutorial_through_clicks() -> None:
    tut = play_to("start_pile")
    ctrl = AtTable(controller_for(tut, Settings()))
    before = tut.game.to_record()
    ctrl.click("H", 0, "1")
    assert not ctrl.click("B2", None, None, "").played   # legal, but not this lesson's move
    assert ctrl.message.key == "tut.refused_build" and tut.game.to_record() == before
    assert not ctrl.click("B3").played
    assert tut.game.to_record() == before
    ctrl.click("H", 0, "2")
    assert not ctrl.click("B1").played                    # illegal: the normal explanation
    assert ctrl.message.key == "illegal.wrong-number"
    ctrl.click("H", 0, "1")
    assert ctrl.click("B1").played
    tut.sync()
    assert tut.current.key == "one_up"
    tut = play_to("their_turn")
    ctrl = controller_for(tut, Settings())
    ctrl.ai_move()  # the script as a bot
    while ctrl.ai_to_move:  # and as a thinker, as the page asks it
        ctrl.ai_move(finish(ctrl.ai_think()))
        tut.sync()
    assert tut.current.key == "your_turn" and [str(e.move) for e in ctrl.log[-3:]] == ["H5>B1", "H6>B1", "H11>D1"]


def test_each_step_has_its_text_in_every_language() -> None:
    for step in STEPS:
        for lang in LANGUAGES:
            text = CATALOGUE[lang][f"tut.{step.key}"]
            names = arguments(message(text))
            assert names == set(step.cards), (lang, step.key)
    tut = play_to("wild")
    assert "Skip-Bo" in step_text(tut, "en") and "3" in step_text(tut, "en")
    assert card_face(0, "cards", "de") + "-Karte" in step_text(tut, "de", faces="cards")
    tut = play_to("complete")
    queen = card_face(12, "cards", "da")
    assert queen in step_text(tut, "da", faces="cards") and "12" not in step_text(tut, "da", faces="cards")


def test_the_coach_box_shows_progress_and_the_right_buttons() -> None:
    tut = Tutorial()
    html = to_html(coach_tree(tut, "en"))
    assert f"Step 1 of {STEP_COUNT}" in html and 'data-step="welcome"' in html
    assert 'data-action="tutorial-next"' in html and 'data-action="tutorial-leave"' in html
    tut = play_to("start_pile")
    html = to_html(coach_tree(tut, "de"))
    assert 'data-action="tutorial-next"' not in html and "Schritt 3 von" in html
    assert tut.marks() == [("H1", "from"), ("B1", "to")]
    tut = play_to("won")
    html = to_html(coach_tree(tut, "da"))
    assert 'data-action="tutorial-new"' in html and 'data-kind="explain"' in html
    assert not re.search(r"\{\w+\}", html)
    assert play_to("free_discard").marks()[-1] == ("H", "from")
    assert play_to("cleared").marks() == [("draw", "look")]


def test_each_step_lights_its_piles_on_the_table() -> None:
    tut = Tutorial()
    lit_some = 0
    while not tut.finished:
        marks = [pile_mark(pile, role) for pile, role in tut.marks()]
        table = table_model(controller_for(tut, Settings()))
        assert lit(table_tree(table, Look(), marks=marks), marks), tut.current.key
        lit_some += bool(marks)
        play_step(tut)
    assert lit_some > 5


def test_the_entry_on_the_new_game_screen() -> None:
    fresh = to_html(entry_tree("en", None, STEP_COUNT))
    assert 'data-action="tutorial-start"' in fresh and "tutorial-resume" not in fresh
    left = to_html(entry_tree("en", 6, STEP_COUNT))
    assert f"Resume tutorial (step 7 of {STEP_COUNT})" in left and 'data-action="tutorial-restart"' in left


def test_the_address_option() -> None:
    assert url_choice({"tutorial": "1"}) == (True, False)
    assert url_choice({}) == (False, False) and url_choice({"tutorial": "0"}) == (False, False)
    assert url_choice({"tutorial": "yes"}) == (False, True)


def test_the_tutorial_game_is_its_own() -> None:
    """The tutorial's game is always dealt from its deck: two fresh tutorials agree."""
    a, b = Tutorial(), Tutorial()
    assert a.game is not b.game and a.game.to_record() == b.game.to_record()
    assert isinstance(a.game, Game) and a.game.rules == RULES

"""The page's state and its store (skipbo_web.state.store), on the host: the one place that says
which mode the page is in, and the listeners that hear of each change."""

from __future__ import annotations

from dataclasses import FrozenInstanceError

import pytest
from skipbo_web.state.controller import Controller
from skipbo_web.state.look import Look
from skipbo_web.state.messages import Message
from skipbo_web.state.puzzle_book import puzzle
from skipbo_web.state.replay import Replay
from skipbo_web.state.settings import Settings
from skipbo_web.state.store import GAME, PLAYED, Mode, PageState, Store
from skipbo_web.state.tutorial import Tutorial


def page(seed: int = 7) -> PageState:
    ctrl = Controller.start(Settings(), seed)
    return PageState(ctrl=ctrl, table=ctrl.opening, look=Look("de", theme="dark", sound=False), speed=2)


def test_a_game_on_the_table_is_the_game_mode() -> None:
    state = page()
    assert state.mode is Mode.GAME and state.mode == "game"
    assert state.sheet is None and state.notices == () and state.table.selected is None


def test_the_replay_comes_before_the_tutorial_and_the_tutorial_before_a_puzzle() -> None:
    store = Store(page())
    store.update(puzzle=puzzle(1), puzzle_game=store.state.ctrl)
    assert store.state.mode is Mode.PUZZLE and store.state.in_puzzle
    store.update(tutorial=Tutorial())
    assert store.state.mode is Mode.TUTORIAL and store.state.in_tutorial
    store.update(replay=Replay(Controller.start(Settings(), 3).record()))
    state = store.state
    assert state.mode is Mode.REPLAY
    assert state.in_tutorial and state.in_puzzle  # under the replay, both are still on the table


def test_a_puzzle_ends_when_another_game_is_on_the_table() -> None:
    store = Store(page())
    store.update(puzzle=puzzle(2), puzzle_game=store.state.ctrl)
    store.update(ctrl=Controller.start(Settings(), 8))
    state = store.state
    assert state.mode is Mode.GAME and not state.in_puzzle
    assert state.puzzle is not None  # the last puzzle is remembered (Retry, Next)


def test_the_page_is_covered_while_another_tab_has_the_game() -> None:
    store = Store(page())
    assert not store.state.covered
    store.update_look(elsewhere=True)
    assert store.state.covered


def test_the_look_changes_only_through_the_store_and_every_change_is_heard() -> None:
    store = Store(page())
    heard: list[frozenset[str]] = []
    store.subscribe(heard.append)
    before = store.state.look
    with pytest.raises(FrozenInstanceError):
        before.sound = True  # type: ignore[misc]
    assert store.update_look(sound=True, lang="da")
    assert heard == [frozenset({"look"})] and store.state.look == Look("da", theme="dark", sound=True)
    assert before == Look("de", theme="dark", sound=False)  # the look read before is as it was
    assert not store.update_look(lang="da") and len(heard) == 1  # no change, nobody told


def test_the_store_tells_each_listener_what_changed() -> None:
    store = Store(page())
    heard: list[frozenset[str]] = []
    store.subscribe(heard.append)
    assert store.update(sheet="help", speed=2) == {"sheet"}  # the speed was 2 already
    assert heard == [frozenset({"sheet"})] and store.state.sheet == "help"
    assert store.update(sheet="help") == frozenset() and len(heard) == 1  # no change, nobody told
    store.notify(GAME)
    assert heard[-1] == {GAME} and GAME != "game"  # an event is never a field's name
    assert store.update(GAME, PLAYED, speed=3) == {"speed"}
    assert heard[-1] == {"speed", GAME, PLAYED}  # one batch: the parts changed and what happened


def test_the_state_is_a_value_that_only_the_store_replaces() -> None:
    store = Store(page())
    before = store.state
    with pytest.raises(FrozenInstanceError):
        before.sheet = "help"  # type: ignore[misc]
    store.add_notice(Message("notice.no_storage"))
    store.add_notice(Message("notice.url_replace"))
    store.drop_notices("notice.no_storage")
    assert [n.key for n in store.state.notices] == ["notice.url_replace"]
    assert before.notices == () and store.state is not before  # what was read before stays as it was


def test_listeners_hear_in_order_and_may_leave() -> None:
    store = Store(page())
    order: list[str] = []
    leave = store.subscribe(lambda what: order.append("first"))
    store.subscribe(lambda what: order.append("second"))
    store.update(sheet="setup")
    leave()
    leave()  # twice changes nothing
    store.update(sheet=None)
    assert order == ["first", "second", "second"]


def test_a_listener_may_change_the_state_in_turn() -> None:
    store = Store(page())
    seen: list[frozenset[str]] = []

    def close_sheet_on_replay(what: frozenset[str]) -> None:
        seen.append(what)
        if "replay" in what and store.state.sheet is None:
            store.update(sheet="replay")

    store.subscribe(close_sheet_on_replay)
    store.update(replay=Replay(Controller.start(Settings(), 4).record()))
    assert store.state.sheet == "replay" and seen == [{"replay"}, {"sheet"}]


def test_an_unknown_part_is_refused_and_nothing_changes() -> None:
    store = Store(page())
    heard: list[frozenset[str]] = []
    store.subscribe(heard.append)
    with pytest.raises(AttributeError, match="modus"):
        store.update(sheet="help", modus="game")
    assert store.state.sheet is None and heard == []


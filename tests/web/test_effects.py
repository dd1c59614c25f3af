"""The page's effects on the host (no browser): sound, narration, motion, celebration and
the frame follow the store, in a fixed order for a move (said; counted and taken off before
the patch; fitted and told after every patch; landed, celebrated and heard after the
move's patch), and none of them holds the app.

The page's modules import ``pyodide.ffi``; a stand-in lets them import here. The browser
is a stand-in too (tests/web/fake_dom.py for the live region): the effects' own decisions
run, and where one would animate the real page a spy notes that it was asked to."""

from __future__ import annotations

import json
import random
import types
from collections.abc import Callable, Iterator
from typing import Any
from unittest.mock import MagicMock

import pytest
from skipbo_web.commands import Commands
from skipbo_web.dom.patcher import Patcher
from skipbo_web.state.controller import Controller
from skipbo_web.state.look import Look
from skipbo_web.state.messages import Message
from skipbo_web.state.settings import Settings
from skipbo_web.state.store import GAME, PICKED, REFUSED, PageState, Store
from skipbo_web.state.table_state import TableState
from skipbo_web.views.table_model import table_model
from skipbo_web.views.table_view import table_view

from skipbo_core.ai import greedy_bot

from .fake_dom import Document, Node
from .package_files import module_file
from .pyodide_stand_in import page_modules

DRAWING = ("patch", "fit", "tell")  # the page patched, the cards fitted and the host told
EFFECT_MODULES = ("page_sound", "page_motion", "page_celebrate", "page_refusal", "page_frame", "page_table")


@pytest.fixture(scope="module")
def page() -> Iterator[types.SimpleNamespace]:
    """The page's modules, imported with a stand-in for ``pyodide.ffi``."""
    with page_modules("page_app", "page_assist", "page_celebrate", "page_dom", "page_frame", "page_motion",
                      "page_refusal", "page_screen", "page_sound") as modules:
        yield modules


class FakeDocument(Document):
    """The stand-in document, with the live region and what the sound writes on ``<html>``."""

    def __init__(self) -> None:
        self.live = Node("div", {"id": "announce"})
        self.documentElement = types.SimpleNamespace(dataset=types.SimpleNamespace(), lang="en")  # noqa: N815

    def getElementById(self, name: str) -> Node | None:  # noqa: N802
        return self.live if name == "announce" else None


def fake_window(record: Callable[..., None]) -> types.SimpleNamespace:
    """A window inside a host page's frame: fitting, telling the host, WebAudio, timing,
    and the microtasks queued (``microtasks``: run by ``end_task``)."""
    parent = types.SimpleNamespace(postMessage=lambda item, origin: record("tell", item["type"]))
    microtasks: list[Callable[[], None]] = []
    return types.SimpleNamespace(
        microtasks=microtasks, queueMicrotask=microtasks.append,
        skipboFit=lambda: record("fit"), parent=parent, JSON=types.SimpleNamespace(parse=json.loads),
        matchMedia=lambda query: types.SimpleNamespace(matches=False), AudioContext=MagicMock(),
        navigator=types.SimpleNamespace(), performance=MagicMock(now=lambda: 0.0),
        Object=types.SimpleNamespace(fromEntries=dict))


def spy(record: Callable[..., None], name: str, method: Callable[..., Any], call: bool = True) -> Callable[..., Any]:
    """``method``, noting ``name`` (with the arguments that say something) when called."""
    def noted(*args: Any) -> Any:
        record(name, *[a for a in args if isinstance(a, (str, list))])
        return method(*args) if call else None
    return noted


def near_the_end(seed: int = 5) -> tuple[Controller, Any]:
    """A game one move before its end, and that move."""
    moves = []
    game = Controller.start(Settings(players=2, stock=3), seed).game.copy()
    rng = random.Random(seed)
    while not game.is_over:
        moves.append(greedy_bot(game.view(game.current_seat), game.legal_moves(), rng))
        game.play(moves[-1])
    ctrl = Controller.start(Settings(players=2, stock=3), seed)
    for move in moves[:-1]:
        ctrl.game.play(move)
    return ctrl, moves[-1]


def end_task(app: Any) -> None:
    """The task that ran ends: the browser runs the microtasks it queued."""
    tasks = app.browser.window.microtasks
    while tasks:
        tasks.pop(0)()


class StandInTable:
    """The table as the screen patches it: its layouts before and after shown to a move's
    motion (``before_patch``), and the patch noted."""

    def __init__(self, store: Store, record: Callable[..., None]) -> None:
        self.store, self.record = store, record
        self.root = types.SimpleNamespace(querySelector=lambda selector: None)  # nothing to focus
        self.before_patch: Callable[..., None] | None = None
        self.view = types.SimpleNamespace(find=lambda paths: {})
        self.drawn = [table_view(table_model(store.state.ctrl), store.state.look).layout]

    def render_chrome(self) -> None:
        pass

    def render(self, marks: list[Any]) -> None:
        new = table_view(table_model(self.store.state.ctrl), self.store.state.look).layout
        if self.before_patch is not None:
            self.before_patch(self.drawn[-1], new)
        self.drawn.append(new)
        self.record("patch")


def the_page(page: types.SimpleNamespace, ctrl: Controller) -> tuple[Any, list[tuple[Any, ...]]]:
    """An ``App`` of only the store, the screen and the other listeners, and stand-ins for
    the rest (the table the screen patches: ``StandInTable``); and what happened, in order."""
    happened: list[tuple[Any, ...]] = []

    def record(*what: Any) -> None:
        happened.append(what)

    store = Store(PageState(ctrl=ctrl, table=ctrl.opening, look=Look("en", sound=True), speed=2))
    document = FakeDocument()
    browser = page.dom.Browser(document, fake_window(record))
    patcher = Patcher(document)
    table = StandInTable(store, record)
    app = page.app.App.__new__(page.app.App)
    app.store, app.browser = store, browser
    app.save_on_game_change = lambda what: record("save") if GAME in what else None
    app.stats = types.SimpleNamespace(game_over=lambda: record("count"))
    app.zoom = types.SimpleNamespace(on_change=lambda what: None)  # no other player's area shown large
    app.pairing = types.SimpleNamespace(on_change=lambda what: None)  # no seat on another device
    app.narration = page.assist.Narration(store, patcher, document.live)
    app.motion = page.motion.Motion(store, browser, patcher, table)
    app.frame = page.frame.Frame(store, browser, None)
    app.celebration = page.celebrate.Celebration(store, browser, patcher, None)
    app.sound = page.sound.Sound(store, browser)
    app.sound.unlocked = True  # the player has tapped the page
    app.refusal = page.refusal.Refusal(store, browser)
    app.refusal.show = spy(record, "note", app.refusal.show, call=False)  # no DOM to measure
    app.refusal.clear = spy(record, "clear", app.refusal.clear)
    app.narration.say_move = spy(record, "say", app.narration.say_move)
    app.motion.take_off = spy(record, "take-off", app.motion.take_off)
    app.motion.measure = spy(record, "measure", app.motion.measure)
    app.motion.land = spy(record, "land", app.motion.land)
    app.celebration.game_over = spy(record, "celebrate", app.celebration.game_over, call=False)  # no DOM to animate
    app.sound.play = spy(record, "sound", app.sound.play)
    app.screen = page.screen.Screen(store, browser, table, (), ())
    app.commands = Commands(store)
    app.commands.wire(types.SimpleNamespace())  # none of the rooms is used here
    app.follow_store()
    app.frame.tell_ready()
    happened.clear()
    return app, happened


def test_a_move_s_effects_follow_in_order(page: types.SimpleNamespace) -> None:
    """The last move of a game: saved and said; counted before the cards take off and are
    measured just before the patch; fitted and told after it, the cards land, then the
    win is celebrated and heard."""
    ctrl, last = near_the_end()
    app, happened = the_page(page, ctrl)
    ctrl.game.play(last)
    entry = ctrl.game.log(-1)[0]
    app.commands.played(entry)
    app.commands.draw_move(entry)
    names = [what[0] for what in happened]
    assert names == ["save", "say", "count", "take-off", "measure", "patch", "fit", "tell", "tell", "land",
                     "celebrate", "sound"]
    assert ("celebrate", page.celebrate.ending(ctrl)) in happened
    assert ("tell", "move") in happened and ("tell", "gameover") in happened
    assert happened[-1][1][-1] in ("win", "loss")
    live = app.browser.document.live  # the live region: the move's sentences, the result last
    assert [p.textContent for p in live.kids] == [line for _, line in app.narration.said]
    assert live.kids[-1].textContent == page.assist.move_sentences(ctrl, app.store.state.look, entry)[-1]


def test_a_move_in_a_running_game_is_not_celebrated(page: types.SimpleNamespace) -> None:
    ctrl = Controller.start(Settings(players=2), 3)
    app, happened = the_page(page, ctrl)
    ctrl.game.play(ctrl.game.legal_moves()[0])
    entry = ctrl.game.log(-1)[0]
    app.commands.played(entry)
    app.commands.draw_move(entry)
    names = [what[0] for what in happened]
    assert "celebrate" not in names and names[-1] == "sound"
    assert names.index("say") < names.index("take-off") < names.index("patch") < names.index("land")


def test_the_computer_s_move_is_said_before_it_is_drawn(page: types.SimpleNamespace) -> None:
    """The computer's turns: the move said in one task, kept and drawn in the next."""
    ctrl = Controller.start(Settings(players=2), 4)
    app, happened = the_page(page, ctrl)
    commands = app.commands
    ctrl.game.play(ctrl.game.legal_moves()[0])
    entry = ctrl.game.log(-1)[0]
    commands.announce(entry)
    assert [what[0] for what in happened] == ["say"]
    commands.show_move(entry)
    names = [what[0] for what in happened]
    assert names.count("say") == 1 and names[1:3] == ["save", "count"] and names[-1] == "sound"


def test_a_move_said_waits_for_the_patch_its_flight_measures(page: types.SimpleNamespace) -> None:
    """The computer's move is said in one task and drawn in the next: the end of the
    first patches nothing, so the cards take off from where they were; a move's patch is
    made in its own task, once."""
    ctrl = Controller.start(Settings(players=2), 4)
    app, happened = the_page(page, ctrl)
    ctrl.game.play(ctrl.game.legal_moves()[0])
    entry = ctrl.game.log(-1)[0]
    app.commands.announce(entry)
    end_task(app)
    assert [what[0] for what in happened] == ["say"]
    app.commands.show_move(entry)
    names = [what[0] for what in happened]
    assert names.index("take-off") < names.index("measure") < names.index("patch") < names.index("land")
    end_task(app)
    assert [what[0] for what in happened].count("patch") == 1


def test_a_pick_is_patched_once(page: types.SimpleNamespace) -> None:
    """A card picked up: the store hears the pile picked, the selection and the pick's
    end in one command, and the page is patched once, before the pick is heard."""
    ctrl = Controller.start(Settings(players=2), 3)
    app, happened = the_page(page, ctrl)
    app.commands.rooms.computer = types.SimpleNamespace(play_if_due=lambda: None)
    app.browser.query = lambda selector, root=None: None  # (no note: a pick up refuses nothing)
    hand = next(card for card in ctrl.game.view(0).hand if card > 1)
    assert app.commands.pick("H", 0, str(hand), None, picked="H0") is False
    assert app.store.state.table.selected == f"H{hand}"
    end_task(app)
    assert [what[0] for what in happened].count("patch") == 1


def test_a_refused_pick_is_heard_and_a_new_game_takes_the_celebration_away(page: types.SimpleNamespace) -> None:
    ctrl, last = near_the_end()
    app, happened = the_page(page, ctrl)
    pile = Node("button", {"data-slot": "B1", "data-key": "B1"})
    app.browser.query = lambda selector, root=None: pile if selector == '#table [data-key="B1"]' else None
    app.store.update(PICKED, picked="B1")
    # drawn first: the note stands by the pile where it is drawn now
    app.store.update(REFUSED, table=TableState(Message("illegal.game-over")))
    assert [what for what in happened if what[0] not in DRAWING] == [
        ("clear",), ("sound", ["illegal"]), ("note", "The game is already over.")]
    assert happened.index(("patch",)) < happened.index(("sound", ["illegal"]))
    happened.clear()
    app.store.update(REFUSED, table=TableState(Message("msg.welcome")))  # not a refusal: neither heard nor shown
    app.store.update(picked=None)
    # refused, but not picked on the table (the host's move): heard, shown nowhere
    app.store.update(REFUSED, table=TableState(Message("illegal.game-over")))
    assert [what for what in happened if what[0] not in DRAWING] == [("sound", ["illegal"])]
    ctrl.game.play(last)
    app.commands.draw_move(ctrl.game.log(-1)[0])
    app.celebration.holder, app.celebration.game = Node("div"), ctrl.game  # the cascade on screen
    app.screen.render()
    assert app.celebration.holder is not None  # the same game drawn again: it goes on
    app.store.update(ctrl=Controller.start(Settings(players=2), 9))
    end_task(app)
    assert app.celebration.holder is None


def test_a_pick_refused_by_the_command_shows_its_reason_by_the_pile_picked(page: types.SimpleNamespace) -> None:
    """The ``pick`` command carries the element picked: an earlier note goes, the refusal
    is heard and shown beside it, and nothing stays picked after the command."""
    ctrl = Controller.start(Settings(players=2), 3)
    app, happened = the_page(page, ctrl)
    app.commands.rooms.computer = types.SimpleNamespace(play_if_due=lambda: None)
    assert ctrl.my_turn
    hand = next(card for card in ctrl.game.view(0).hand if card > 1)  # no building pile takes it yet
    assert app.commands.pick("H", 0, str(hand), None) is False  # picked up
    assert app.store.state.table.selected == f"H{hand}"
    happened.clear()
    pile = Node("button", {"data-slot": "B1", "data-key": "B1"})
    app.browser.query = lambda selector, root=None: pile if selector == '#table [data-key="B1"]' else None
    assert app.commands.pick("B1", None, None, "", picked="B1") is False
    names = [what[0] for what in happened]
    assert names[0] == "clear" and ("sound", ["illegal"]) in happened and names[-1] == "note"
    assert app.store.state.picked is None


def test_the_sound_follows_its_switch(page: types.SimpleNamespace) -> None:
    ctrl = Controller.start(Settings(players=2), 3)
    app, happened = the_page(page, ctrl)
    app.sound.play(["turn"])
    context = app.sound.ctx
    assert context is not None and app.browser.document.documentElement.dataset.soundPlayed == "turn"
    app.store.update_look(sound=False)
    context.suspend.assert_called_once()
    app.sound.play(["turn"])
    assert app.sound.played == 1


def test_no_effect_holds_the_app() -> None:
    for name in EFFECT_MODULES:
        text = module_file(name).read_text(encoding="utf-8")
        assert "page_app" not in text and "self.app" not in text, name
    narration = module_file("page_assist").read_text(encoding="utf-8").split("class Narration")[1]
    assert "app" not in narration.split("def __init__")[1].split("\n")[0]

"""The page patched once a task (``dom/page_screen.Screen``), on the host: the screen
follows the store, so a change made through the store alone reaches the DOM, every change
of one task (a command, or a listener's writes) is patched once at the task's end, and
no command patches by itself.

The real table view (``page_table.TableView``) patches stand-in nodes
(tests/web/fake_dom.py); the page's modules import ``pyodide.ffi``, for which a stand-in
is put in place."""

from __future__ import annotations

import types
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from skipbo_web.commands import Commands
from skipbo_web.dom.patcher import Patcher
from skipbo_web.state.controller import Controller
from skipbo_web.state.look import Look
from skipbo_web.state.messages import Message
from skipbo_web.state.settings import Seat, Settings
from skipbo_web.state.store import DRAWN, PageState, Store

from .fake_dom import Document, Node
from .pyodide_stand_in import page_modules


@pytest.fixture(scope="module")
def page() -> Iterator[types.SimpleNamespace]:
    with page_modules("page_dom", "page_screen", "page_table") as modules:
        yield modules


class Page:
    """The table, the bar, the foot and the notices on stand-in nodes, the store, its
    screen and commands; the microtasks the screen queues, and every ``DRAWN``."""

    def __init__(self, page: types.SimpleNamespace, ctrl: Controller) -> None:
        self.nodes = {name: Node("div", {"id": name}) for name in ("table", "bar", "foot", "notices")}
        self.document = document = Document()
        document.getElementById = self.nodes.get
        document.documentElement = types.SimpleNamespace(lang="en")
        document.activeElement = None
        self.microtasks: list[Callable[[], None]] = []
        window = types.SimpleNamespace(queueMicrotask=self.microtasks.append)
        self.browser = browser = page.dom.Browser(document, window)
        browser.query = lambda selector, root=None: None  # nothing open in the bar, nothing to focus
        self.store = Store(PageState(ctrl=ctrl, table=ctrl.opening, look=Look("en"), speed=2))
        self.table = page.table.TableView(self.store, browser, Patcher(document), "1.0", embed=False)
        self.screen = page.screen.Screen(self.store, browser, self.table, (), ())
        self.store.subscribe(self.screen.on_change)
        self.drawn = 0
        self.store.subscribe(self.count_drawn)
        self.commands = Commands(self.store)
        self.screen.render()  # the page at start-up
        self.drawn = 0

    def count_drawn(self, what: frozenset[Any]) -> None:
        if DRAWN in what:
            self.drawn += 1

    def end_task(self) -> None:
        """The task ends: the browser runs the microtasks it queued."""
        while self.microtasks:
            self.microtasks.pop(0)()

    def text(self, name: str) -> str:
        return self.nodes[name].textContent


def two_players() -> Controller:
    return Controller.start(Settings(players=2), 7)


def test_a_change_through_the_store_alone_reaches_the_page(page: types.SimpleNamespace) -> None:
    """Nobody asks for a patch: the notice is on the page once the task ends."""
    shown = Page(page, two_players())
    assert shown.text("notices") == ""
    shown.store.add_notice(Message("notice.no_storage"))
    assert shown.text("notices") == ""  # not yet: the task that changed it goes on
    shown.end_task()
    assert "save" in shown.text("notices") and shown.drawn == 1


def test_a_task_s_changes_are_patched_once(page: types.SimpleNamespace) -> None:
    """Three changes in one task, one patch at its end; ``flush`` patches what is due now."""
    shown = Page(page, two_players())
    shown.store.update(speed=3)
    shown.store.update_look(lang="de")
    shown.store.update(ctrl=Controller.start(Settings(players=3), 7))
    assert len(shown.microtasks) == 1 and shown.drawn == 0
    shown.end_task()
    assert shown.drawn == 1
    assert shown.nodes["table"].attrs.get("data-players") == "3"
    assert shown.document.documentElement.lang == "de"
    shown.store.add_notice(Message("notice.no_storage"))
    shown.screen.flush()  # what reads the page now finds it patched ...
    assert shown.drawn == 2 and shown.text("notices")
    shown.end_task()
    assert shown.drawn == 2  # ... and the task's end has nothing left to patch


def test_commands_leave_the_patch_to_the_screen(page: types.SimpleNamespace) -> None:
    """A command changes the state and returns; the page is patched once, after it."""
    shown = Page(page, two_players())
    shown.commands.wire(types.SimpleNamespace())  # these commands need none of the rooms
    shown.commands.notice(Message("notice.no_storage"))
    shown.commands.show_result(False)
    shown.commands.dismiss(0)
    shown.commands.notice(Message("notice.no_storage"))
    assert shown.drawn == 0 and shown.text("notices") == ""
    shown.end_task()
    assert shown.drawn == 1 and shown.text("notices")


def test_a_change_nobody_sees_is_not_patched(page: types.SimpleNamespace) -> None:
    """The open sheet draws itself: opening one does not patch the table."""
    shown = Page(page, two_players())
    shown.store.update(sheet="help")
    shown.end_task()
    assert shown.drawn == 0 and not shown.microtasks


def test_a_speed_chosen_in_the_bar_s_menu_keeps_it_open(page: types.SimpleNamespace) -> None:
    """The speed field is in the bar's menu (a phone upright): the patch that shows the
    new speed leaves the menu open; a new language closes it."""
    shown = Page(page, two_players())
    shown.table.toggle_menu(True)
    shown.store.update(speed=3)
    shown.end_task()
    assert shown.drawn == 1 and shown.table.menu_shown()
    shown.store.update_look(lang="da")
    shown.end_task()
    assert not shown.table.menu_shown()


def test_focus_finds_the_page_patched(page: types.SimpleNamespace) -> None:
    """Focus asked for in the task that changed the page goes to what the change drew
    (the cover's button of a table another tab took, the card the tutorial asks for)."""
    shown = Page(page, two_players())
    seen = []
    shown.browser.query = lambda selector, root=None: seen.append(shown.text("notices")) or None
    shown.store.add_notice(Message("notice.no_storage"))
    shown.browser.focus_first('[data-action="dismiss"]')
    assert seen and "save" in seen[0] and shown.drawn == 1


def test_a_speed_chosen_under_the_curtain_leaves_the_focus_in_the_bar(page: types.SimpleNamespace) -> None:
    """Hot seat, the curtain up: a new speed is shown where it was chosen, the focus stays
    there; another change of the page sends it to the curtain's button, as ever."""
    shown = Page(page, Controller.start(Settings(players=2, seats=(Seat("", "human"),) * 6), 8))
    assert shown.store.state.ctrl.curtain
    asked = []
    shown.browser.query = lambda selector, root=None: asked.append(selector)
    shown.store.update(speed=3)
    shown.end_task()
    assert shown.drawn == 1 and asked == []
    shown.store.update_look(theme="dark")
    shown.end_task()
    assert asked[-1] == '[data-action="reveal"]'

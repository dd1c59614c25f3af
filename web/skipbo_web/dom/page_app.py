"""The page as a whole: the rooms (``page_*``) it is made of, what happens after a
change (save, patch the table, move the cards, tell a host page), and where clicks,
changes and actions go. ``web/main.py`` makes one ``App`` and binds its events.

Events are bound once, on containers that are never redrawn, and read the ``data-*``
attributes of the element they hit.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

from ..commands import Commands, Rooms
from ..host.page_host import HostLink
from ..i18n import LANGUAGES
from ..state.controller import Controller, LogEntry
from ..state.store import DRAWN, GAME, PICKED, PLAYED, REFUSED, SHOWING, SHOWN, Moved, PageState, Store
from ..views.table import Look
from .page_assist import Assist, Narration
from .page_celebrate import Celebration
from .page_computer import ComputerTurns
from .page_dom import Browser, attr, js
from .page_drag import DragAndDrop
from .page_frame import Frame
from .page_keys import Keyboard
from .page_motion import Motion
from .page_positions import PositionDesk
from .page_puzzles import PuzzleSession
from .page_records import RecordsDesk
from .page_refusal import Refusal
from .page_session import Session
from .page_sheet import Sheet
from .page_sound import Sound
from .page_stats import StatsDesk
from .page_table import TableView
from .page_tabs import TabGuard
from .page_tutorial import TutorialSession
from .patcher import Patcher


class App:
    def __init__(self, browser: Browser, version: str) -> None:
        self.browser = browser
        self.patcher = Patcher(browser.document)
        self.session = Session(browser)
        self.store = Store(self.session.state)  # the page's state: the rooms read it here
        self.commands = commands = Commands(self.store)  # every change the player or the host page asks for
        self.table = TableView(self.store, browser, self.patcher, version, self.session.embed)
        self.root = self.table.root
        # the sheets other rooms draw, as views of the state, and the new-game screen's offers
        views = {"records": lambda state, kind: self.records.sheet_tree(state, kind),
                 "replay": lambda state, kind: self.records.sheet_tree(state, kind),
                 "stats": lambda state, kind: self.stats.sheet_tree(state),
                 "puzzles": lambda state, kind: self.puzzles.sheet_tree(state)}
        self.sheet = Sheet(self.store, commands, self.session, browser, self.patcher, views,
                           intro=(lambda state: self.tutorial.entry_tree(state), PuzzleSession.entry_tree))
        self.computer = ComputerTurns(self.store, self.commands)
        self.tutorial = TutorialSession(self.store, commands, self.session, browser, self.patcher, self.root)
        self.records = RecordsDesk(self.store, commands, self.session, browser)
        self.stats = StatsDesk(self.store, commands, self.session, browser)
        self.sound = Sound(self.store, browser)
        self.assist = Assist(self.store, self.patcher, browser.by_id("assist"))
        self.narration = Narration(self.store, self.patcher, browser.by_id("announce"))
        self.keys = Keyboard(self.store, self.commands, browser, self.root, self.click_slot)
        self.drag = DragAndDrop(self.store, self.commands, browser, self.root, self.click_slot)
        self.motion = Motion(self.store, browser, self.patcher, self.table)
        self.celebration = Celebration(self.store, browser, self.patcher, self.root)
        self.refusal = Refusal(self.store, browser)
        self.frame = Frame(self.store, browser, self.session.host_origin)
        self.host = HostLink(self.store, self.commands, browser, self.patcher, self.session.host_origin,
                             self.frame.tell)
        self.positions = PositionDesk(self.session, self.commands, browser)
        self.puzzles = PuzzleSession(self.store, commands, self.session, browser, self.patcher)
        self.tabs = TabGuard(self.session, self.commands)
        commands.wire(Rooms(self.session, browser, self.root, self.sheet, self.records, self.tutorial,
                            self.puzzles, self.stats, self.positions, self.computer, self.keys,
                            self.drag, self.table, self.sound, self.narration, render=self.render, use=self.use,
                            show_game=self.show_game, after_human=self.after_human, show_move=self.show_move))
        self.tabs.claim()  # the tab opened last has the game
        self.follow_store()
        self.result_focused = False
        session = self.session
        open_setup = session.open_setup
        # a puzzle in the address is asked for: it goes before a tutorial left open
        asks_for_game = session.url_game or "puzzle" in session.given
        if self.tutorial.on_load(session.given, asks_for_game, session.dealt_now):
            open_setup = False
        elif self.puzzles.on_load(session.given):
            open_setup = False
        session.report()  # one notice for whatever damaged values start-up set aside
        self.save()
        self.render()
        if open_setup:
            self.commands.open_sheet("setup")

    # -- the game on the table ----------------------------------------------------------------

    @property
    def state(self) -> PageState:
        return self.store.state

    @property
    def ctrl(self) -> Controller:
        return self.session.ctrl

    @property
    def look(self) -> Look:
        return self.session.look

    @property
    def lang(self) -> str:
        return self.session.look.lang

    def show_game(self, ctrl: Controller, result_hidden: bool = False) -> None:
        """Put ``ctrl``'s game on the table (nothing saved, nothing drawn yet)."""
        self.session.ctrl = ctrl
        self.look.result_hidden = result_hidden
        self.result_focused = False

    def use(self, ctrl: Controller) -> None:
        """Switch to another game (stops the computer's turns of the previous one)."""
        self.computer.stop()
        if self.state.in_tutorial:  # another game starts: the tutorial waits, to be resumed
            self.tutorial.close()
        self.show_game(ctrl)
        self.store.notify(GAME)
        self.render()
        self.computer.kick()

    def follow_store(self) -> None:
        """Subscribe the save, the statistics and the effects to the store, in this order."""
        self.store.subscribe(self.keep)  # the save follows every change of the game
        self.store.subscribe(self.count_ended)  # an ended game is counted before it is shown
        for name in EFFECTS:
            self.store.subscribe(getattr(self, name).on_change)

    def keep(self, what: frozenset[str]) -> None:
        """The store's listener that saves: after a change of the game on the table."""
        if GAME in what:
            self.save()

    def count_ended(self, what: frozenset[str]) -> None:
        """The store's listener that counts a game that ended at the table (statistics),
        before the move that ended it is shown and celebrated."""
        if SHOWING in what:
            self.stats.game_over()

    def save(self) -> None:
        if self.state.covered:
            return
        if self.state.in_tutorial:  # the tutorial never writes the normal game's save
            self.tutorial.save()
        elif not self.session.save():  # another tab saved a newer game: it has the game
            self.tabs.step_back()

    # -- drawing ------------------------------------------------------------------------------

    def render(self) -> None:
        """Patch the page to the state: bar, table, assist bar, coach box; focus stays."""
        self.browser.document.documentElement.lang = self.lang
        self.table.render_chrome()
        self.table.render(self.assist.marks() + self.tutorial.marks() + self.host.marks())
        self.assist.render()
        self.tutorial.render()
        self.host.render()
        self.puzzles.render()
        ctrl = self.ctrl
        if ctrl.game.is_over and not self.look.result_hidden and not self.result_focused:
            self.result_focused = True  # keyboard users land on "next game" / "play again"
            self.keys.focus(".result .primary")
        if ctrl.curtain and self.state.sheet is None:
            self.keys.focus('[data-action="reveal"]')
        self.store.notify(DRAWN)  # the frame fits the cards and tells the host

    def played(self, entry: LogEntry, drop: Any = None) -> None:
        """``entry`` was just played on the game on the table (``drop``: the dragged card's
        copy it was dropped as): the save and the narration follow."""
        self.state.moved = Moved(entry, drop)
        self.store.notify(GAME, PLAYED)

    def show_move(self, entry: LogEntry, drop: Any = None) -> None:
        """Draw the table after ``entry`` was played; the effects follow: before the patch
        an ended game is counted and the cards take off (``SHOWING``), after it they land,
        a win is celebrated and the move heard (``SHOWN``)."""
        if self.state.moved is None or self.state.moved.entry is not entry:
            self.state.moved = Moved(entry, drop)
        self.store.notify(SHOWING)
        self.render()
        self.store.notify(SHOWN)

    # -- what the player does -----------------------------------------------------------------

    def click_slot(self, el: Any, keyboard: bool, drop: Any = None) -> None:
        """A pile or hand card was clicked (tapped, chosen with Enter, or a dragged card
        dropped on it: ``drop`` is the card's copy under the pointer)."""
        seat = attr(js(el.closest("[data-seat]")), "data-seat")
        self.state.picked = el
        self.store.notify(PICKED)  # a refused move's reason shows beside it
        try:
            self.commands.pick(attr(el, "data-slot"), int(seat) if seat else None, attr(el, "data-card"),
                               attr(el, "data-top"), keyboard, drop)
        finally:
            self.state.picked = None

    def after_human(self, played: bool, keyboard: bool, drop: Any = None) -> None:
        if played:
            entry = self.ctrl.log[-1]
            self.puzzles.judge()  # a puzzle: did this move reach its goal?
            self.played(entry, drop)
            self.show_move(entry, drop)
        else:
            if drop is not None:
                self.motion.put_back(drop, self.drag.home)
            self.render()
            self.store.notify(REFUSED)  # a refused move is heard, its reason shown by the pile picked
            if keyboard and self.ctrl.selected is not None:
                self.keys.after_pick()
        self.computer.kick()

    def on_click(self, event: Any) -> None:
        if self.drag.swallow_click(event):
            return
        el = js(event.target.closest("[data-action], [data-slot], [data-lang]"))
        if el is None:
            return
        if self.state.covered:  # covered: only the cover's button works
            if attr(el, "data-action") == "take-over":
                self.tabs.take_over()
            return
        if attr(el, "data-action") == "speed" or el.tagName == "SELECT":
            return
        lang, action, slot = (attr(el, a) for a in ("data-lang", "data-action", "data-slot"))
        if action == "bar-menu":
            self.table.toggle_menu()
            return
        if js(el.closest("#bar-more")) is not None:
            self.table.toggle_menu(False)  # a choice made in the menu closes it
        if lang in LANGUAGES:
            self.commands.set_lang(lang)
        elif action:
            self.act(action, el)
        elif slot and self.state.sheet is None:
            self.click_slot(el, event.detail == 0)

    def act(self, action: str, el: Any) -> None:
        """A button: its command (``"start"``, the form's submit button, is the submit event's)."""
        command = ACTIONS.get(action)
        if command is not None:
            command(self, el)
            return
        room = next((room for prefix, room in ROOMS if action.startswith(prefix)), None)
        if room is not None:
            room(self, action, el)

    def on_change(self, event: Any) -> None:
        if self.state.covered:
            return
        target = event.target
        name = attr(target, "name")
        if name in ("record-file", "replay-step", "replay-turn", "replay-seat"):
            self.records.change(name, target)
        elif name == "speed" and js(target.closest("#bar")) is not None:
            self.commands.set_speed(int(target.value), redraw=False)
        elif self.state.sheet == "setup" and name in ("players", "wild_cards", "lang"):
            self.sheet.form_changed(name, target)

    def start(self) -> None:
        """The page is ready: say so, open a record or a position from the address, let the
        computer move."""
        self.root.setAttribute("data-ready", "1")
        if self.session.record_url is not None:
            asyncio.ensure_future(self.records.open_url(self.session.record_url))
        if self.session.position_url is not None:
            asyncio.ensure_future(self.positions.open_url(self.session.position_url))
        self.frame.tell_ready()
        self.computer.kick()


# The effects that follow the store (after the save and the statistics), in the order they
# hear each change. For a move: the narration says it (PLAYED); the cards take off just
# before the patch (SHOWING); after every patch the frame fits the cards and tells the host
# (DRAWN), so that the cards are measured at their final size where they land; then a win
# is celebrated and the move heard (SHOWN). A pick refused is heard and its reason shown
# (REFUSED).
EFFECTS = ("narration", "motion", "frame", "celebration", "sound", "refusal")

Action = Callable[[App, Any], None]  # the page, and the element clicked

# The page's buttons (``data-action``) and their commands.
ACTIONS: dict[str, Action] = {
    "new": lambda app, el: app.commands.open_setup(),
    "help": lambda app, el: app.commands.open_sheet("help"),
    "stats": lambda app, el: app.commands.open_sheet("stats"),
    "records": lambda app, el: app.commands.open_sheet("records"),
    "puzzles": lambda app, el: app.commands.open_sheet("puzzles"),
    "sound": lambda app, el: app.commands.toggle_sound(),
    "theme": lambda app, el: app.commands.next_theme(),
    "close": lambda app, el: app.commands.close_sheet(),
    "reveal": lambda app, el: app.commands.reveal(),
    "end": lambda app, el: app.commands.end_turn(),
    "next-game": lambda app, el: app.commands.next_game(),
    "new-match": lambda app, el: app.commands.play_again(),
    "play-again": lambda app, el: app.commands.play_again(),
    "hide-result": lambda app, el: app.commands.show_result(False),
    "show-result": lambda app, el: app.commands.show_result(True),
    "hint": lambda app, el: app.commands.hint(),
    "undo": lambda app, el: app.commands.undo(),
    "read-table": lambda app, el: app.commands.read_table(),
    "url-game": lambda app, el: app.commands.url_game(),
    "dismiss": lambda app, el: app.commands.dismiss(int(attr(el, "data-index") or 0)),
}
# Families of buttons whose room reads the rest of the name (and the element).
ROOMS: tuple[tuple[str | tuple[str, ...], Callable[[App, str, Any], None]], ...] = (
    ("tutorial-", lambda app, action, el: app.commands.tutorial_action(action)),
    ("puzzle", lambda app, action, el: app.commands.puzzle_action(action, attr(el, "data-puzzle"))),
    ("stats-", lambda app, action, el: app.stats.action(action)),
    (("record", "replay", "share"), lambda app, action, el: app.records.action(action, el)),
)

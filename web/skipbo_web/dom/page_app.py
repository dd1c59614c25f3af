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
from ..i18n import LANGUAGES
from ..state.messages import Message
from ..state.store import GAME, SHOWING
from ..views.editor_view import entry_tree as editor_entry
from ..views.pairing import join_entry_tree
from .page_aside import AsideDesk
from .page_assist import Assist, Narration
from .page_celebrate import Celebration
from .page_computer import ComputerTurns
from .page_dom import Browser, attr, js
from .page_drag import DragAndDrop
from .page_editor import EditorDesk
from .page_frame import Frame
from .page_host import HostLink
from .page_join import JoinTable
from .page_keys import Keyboard
from .page_motion import Motion
from .page_pairing import HostPairing, ReplyTab
from .page_positions import PositionDesk
from .page_puzzles import PuzzleSession
from .page_records import RecordsDesk
from .page_refusal import Refusal
from .page_restore import AsideGames
from .page_screen import Screen
from .page_session import Session
from .page_sheet import Sheet
from .page_sound import Sound
from .page_stats import StatsDesk
from .page_table import TableView
from .page_tabs import TabGuard
from .page_tutorial import TutorialSession
from .page_zoom import OpponentZoom
from .patcher import Patcher


class App:
    def __init__(self, browser: Browser, version: str) -> None:
        self.browser = browser
        self.patcher = Patcher(browser.document)
        self.session = Session(browser)
        self.store = self.session.store  # the page's state: the rooms read it here
        self.commands = commands = Commands(self.store)  # every change the player or the host page asks for
        self.table = TableView(self.store, browser, self.patcher, version, self.session.embed)
        self.root = self.table.root
        # the sheets other rooms draw, as views of the state, and the new-game screen's offers
        views = {"records": lambda state, kind: self.records.sheet_tree(state, kind),
                 "replay": lambda state, kind: self.records.sheet_tree(state, kind),
                 "stats": lambda state, kind: self.stats.sheet_tree(state),
                 "puzzles": lambda state, kind: self.puzzles.sheet_tree(state),
                 "aside": lambda state, kind: self.aside.sheet_tree(state),
                 "editor": lambda state, kind: self.editor.sheet_tree(state)}
        self.sheet = Sheet(self.store, commands, self.session, browser, self.patcher, views,
                           intro=(lambda state: self.tutorial.entry_tree(state), PuzzleSession.entry_tree,
                                  lambda state: editor_entry(state.look.lang),
                                  lambda state: None if self.session.apart else join_entry_tree(state.look.lang)))
        self.computer = ComputerTurns(self.store, self.commands)
        self.tutorial = TutorialSession(self.store, commands, self.session, browser, self.patcher, self.root)
        self.records = RecordsDesk(self.store, commands, self.session, browser)
        self.stats = StatsDesk(self.store, commands, self.session, browser)
        self.aside = AsideDesk(commands, self.session, browser)
        self.editor = EditorDesk(self.store, commands, browser)
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
        self.positions = PositionDesk(self.store, self.session, self.commands, browser)
        self.puzzles = PuzzleSession(self.store, commands, self.session, browser, self.patcher)
        self.tabs = TabGuard(self.session, self.commands)
        # play across devices by link: a page opened with an invitation is a guest (no table of its
        # own), one opened with a reply hands it on; neither claims, covers or saves the game here
        address = str(browser.window.location.href)
        self.pairing = HostPairing(self.store, commands, browser, self.patcher, self.computer)
        self.join = JoinTable(self.store, commands, browser, self.patcher, self.join_failed)
        self.reply_tab = ReplyTab(self.store, browser, self.patcher)
        self.pairing.rooms.relays = self.join.relays = self.session.relays
        self.pairing.ice = self.join.ice = self.session.ice
        self.elsewhere_role = "guest" if "#join=" in address else "reply" if "#reply=" in address else None
        if self.elsewhere_role is not None:
            self.pairing.on = self.tabs.on = False
        self.restore = AsideGames(self.session)  # a game set aside, offered back
        self.zoom = OpponentZoom(self.store, browser, self.root)  # another player's area, large
        # the page drawn in one step: the views with marks on the table first, in this order
        self.screen = Screen(self.store, browser, self.table, (self.assist, self.tutorial, self.host),
                             (self.puzzles, PanelPart(self.pairing_panel)))
        commands.wire(Rooms(self.session, browser, self.root, self.sheet, self.records, self.tutorial,
                            self.puzzles, self.stats, self.positions, self.computer, self.keys,
                            self.drag, self.table, self.narration, self.motion, self.restore, self.aside,
                            self.editor))
        if self.elsewhere_role is None:
            self.tabs.claim()  # the tab opened last has the game
        self.follow_store()
        session = self.session
        # a page opened with an invitation or a reply (whose link carries none of the game's
        # options) shows the host's table or hands the reply on: no new-game screen, no
        # tutorial left open, no offer of a game set aside over it
        elsewhere = self.elsewhere_role is not None
        open_setup = session.open_setup and not elsewhere
        # a puzzle in the address is asked for: it goes before a tutorial left open
        asks_for_game = session.url_game or "puzzle" in session.given or elsewhere
        if self.tutorial.on_load(session.given, asks_for_game, session.dealt_now):
            open_setup = False
        elif self.puzzles.on_load(session.given):
            open_setup = False
        if session.edit:  # ?edit=1: the editor, at pos= or at the table on screen (a bad pos=: a notice)
            open_setup = False
        session.report()  # one notice for whatever damaged values start-up set aside
        if not elsewhere and self.restore.offer():  # a game set aside: no new-game screen over the offer
            open_setup = False
        self.save()
        self.screen.render()
        if open_setup:
            self.commands.open_sheet("setup")
        elif session.edit:
            self.commands.open_editor(*(session.given.get(k) for k in ("pos", "names", "ai")))

    def follow_store(self) -> None:
        """Subscribe the screen, the save, the statistics and the effects to the store, in
        this order: the screen first, so that what the effects measure is patched."""
        self.store.subscribe(self.screen.on_change)  # the page is patched once a task, or now
        self.store.subscribe(self.save_on_game_change)  # the save follows every change of the game
        self.store.subscribe(self.count_ended)  # an ended game is counted before it is shown
        for name in EFFECTS:
            self.store.subscribe(getattr(self, name).on_change)
        self.store.subscribe(self.pairing.on_change)  # a game with seats on other devices: its invitations

    def save_on_game_change(self, what: frozenset[str]) -> None:
        """The store's listener that saves: after a change of the game on the table."""
        if GAME in what:
            self.save()

    def count_ended(self, what: frozenset[str]) -> None:
        """The store's listener that counts a game that ended at the table (statistics),
        before the move that ended it is shown and celebrated."""
        if SHOWING in what:
            self.stats.game_over()

    def save(self) -> None:
        if self.store.state.covered or self.elsewhere_role is not None:  # a guest has no saved game of its own
            return
        if self.store.state.in_tutorial:  # the tutorial never writes the normal game's save
            self.tutorial.save()
        elif not self.session.save():  # another tab saved a newer game: it has the game
            self.tabs.step_back()

    # -- what the player does -----------------------------------------------------------------

    def click_slot(self, el: Any, keyboard: bool, drop: str | None = None) -> None:
        """A pile or hand card was clicked (tapped, chosen with Enter, or a dragged card
        dropped on it: ``drop`` is the ``data-key`` of the pile or card it came from)."""
        if drop is None and not keyboard and self.zoom.wants(el):
            # a finger's tap on another player's pile (the drag's handler takes touch taps
            # on stocks and discard piles, before any click): that area, large
            self.zoom.open(el)
            return
        if self.elsewhere_role is not None and (self.pairing_panel().pairing is None
                                                or not self.pairing_panel().pairing.seated):
            return  # a guest's page before its table came, a reply's tab: nothing to play here
        seat = attr(js(el.closest("[data-seat]")), "data-seat")
        self.commands.pick(attr(el, "data-slot"), int(seat) if seat else None, attr(el, "data-card"),
                           attr(el, "data-top"), keyboard, drop,
                           picked=attr(el, "data-key"))  # a refusal's reason shows by el

    def on_click(self, event: Any) -> None:
        if self.drag.swallow_click(event):
            return
        el = js(event.target.closest("[data-action], [data-slot], [data-lang]"))
        if (el is None or attr(el, "data-slot")) and js(event.target.closest("summary")) is None \
                and self.zoom.wants(event.target):
            self.zoom.open(event.target)  # another player's area, large
            return
        if el is None:
            return
        if self.store.state.covered:  # covered: only the cover's button works
            if attr(el, "data-action") == "take-over":
                self.tabs.take_over()
            return
        if attr(el, "data-action") == "speed" or el.tagName == "SELECT":
            return
        lang, action, slot = (attr(el, a) for a in ("data-lang", "data-action", "data-slot"))
        if action == "pair-code-join":
            self.join_by_code(el)
            return
        if action and action.startswith("pair-"):
            self.pairing_panel().act(action, el)
            return
        if action == "bar-menu":
            self.table.toggle_menu()
            return
        if js(el.closest("#bar-more")) is not None:
            self.table.toggle_menu(False)  # a choice made in the menu closes it
        if lang in LANGUAGES:
            self.commands.set_lang(lang)
        elif action:
            self.act(action, el)
        elif slot and self.store.state.sheet is None:
            self.click_slot(el, event.detail == 0)

    def act(self, action: str, el: Any) -> None:
        """A button: its command (``"start"``, the form's submit button, is the submit event's)."""
        command = ACTIONS.get(action)
        if command is not None:
            command(self.commands, el)
            return
        room = next((room for prefix, room in ROOMS if action.startswith(prefix)), None)
        if room is not None:
            room(self.commands, action, el)

    def on_animationend(self, event: Any) -> None:
        """A notice that only informs has been shown long enough (style.css's ``notice-go``,
        paused while the pointer or the focus is on it): it is dismissed."""
        if event.animationName != "notice-go" or self.store.state.covered:
            return
        close = js(event.target.querySelector('[data-action="dismiss"]'))
        if close is not None:
            self.act("dismiss", close)

    def on_change(self, event: Any) -> None:
        if self.store.state.covered:
            return
        target = event.target
        name = attr(target, "name")
        if name in ("record-file", "replay-step", "replay-turn", "replay-seat"):
            self.records.change(name, target)
        elif name == "editor-file" and self.store.state.sheet == "editor":
            self.editor.change(target)
        elif name == "editor-name" and self.store.state.sheet == "editor":
            seat = attr(target, "data-seat") or ""
            if seat.isdigit():
                self.commands.editor_name(int(seat), str(target.value or ""))
        elif name == "speed" and js(target.closest("#bar")) is not None:
            self.commands.set_speed(int(target.value))  # (the bar's menu stays open: page_table)
        elif self.store.state.sheet == "setup" and name in ("players", "wild_cards", "lang"):
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
        if self.elsewhere_role == "guest":
            self.join.start(str(self.browser.window.location.href), self.session.settings.seats[0].name)
        elif self.elsewhere_role == "reply":
            self.reply_tab.start(str(self.browser.window.location.href))
        else:
            self.pairing.on_change(frozenset())  # the game on the table may have seats on other devices
        self.computer.play_if_due()

    def pairing_panel(self) -> HostPairing | JoinTable | ReplyTab:
        """The pairing panel this page shows: the host's, a guest's or a reply tab's."""
        return {"guest": self.join, "reply": self.reply_tab}.get(self.elsewhere_role or "", self.pairing)

    def join_by_code(self, el: Any) -> None:
        """"Join a table" on the new-game screen: the code typed, read; a page that is not a
        table of its own (a guest already, a reply's tab, a frame) joins nothing."""
        from ..remote.room import read_code

        box = self.browser.query('input[name="room-code"]')
        typed = str(box.value) if box is not None else ""
        code = read_code(typed)
        if code is None:
            self.store.add_notice(Message("notice.code_bad", {"text": typed.strip()[:20]}))
            return
        if self.elsewhere_role is not None or self.session.apart:
            return
        named = self.browser.query('#setup input[name="name0"]')  # the name typed on the new-game screen
        name = str(named.value).strip() if named is not None else ""
        self.commands.close_sheet()
        self.elsewhere_role = "guest"
        self.pairing.on = self.tabs.on = False
        self.pairing.close()
        self.join.start_code(code, name or self.session.settings.seats[0].name)

    def join_failed(self, notice: Message) -> None:
        """The invitation in the address cannot be used: said, and the page is this
        device's own again (it claims and saves its game as usual)."""
        self.elsewhere_role = None
        self.pairing.on = self.tabs.on = not self.session.apart and self.session.storage.ok
        self.tabs.claim()
        self.store.add_notice(notice)
        self.save()
        self.pairing.on_change(frozenset())


class PanelPart:
    """The pairing panel this page shows, drawn with the page (in its language)."""

    def __init__(self, panel: Callable[[], HostPairing | JoinTable | ReplyTab]) -> None:
        self.panel = panel

    def render(self) -> None:
        self.panel().render()


# The effects that follow the store (after the save and the statistics), in the order they
# hear each change. For a move: the narration says it (PLAYED); the cards take off just
# before the patch (SHOWING); after every patch the frame fits the cards and tells the host
# (DRAWN), so that the cards are measured at their final size where they land; then a win
# is celebrated and the move heard (SHOWN). A pick refused is heard and its reason shown
# (REFUSED).
EFFECTS = ("narration", "motion", "frame", "celebration", "sound", "refusal", "zoom")

Action = Callable[[Commands, Any], None]  # the command API, and the element clicked

# The page's buttons (``data-action``) and their commands.
ACTIONS: dict[str, Action] = {
    "new": lambda c, el: c.open_setup(),
    "help": lambda c, el: c.open_sheet("help"),
    "stats": lambda c, el: c.open_sheet("stats"),
    "aside": lambda c, el: c.open_sheet("aside"),
    "records": lambda c, el: c.open_sheet("records"),
    "puzzles": lambda c, el: c.open_sheet("puzzles"),
    "editor": lambda c, el: c.open_editor(),
    "sound": lambda c, el: c.toggle_sound(),
    "theme": lambda c, el: c.next_theme(),
    "close": lambda c, el: c.close_sheet(),
    "reveal": lambda c, el: c.reveal(),
    "end": lambda c, el: c.end_turn(),
    "next-game": lambda c, el: c.next_game(),
    "new-match": lambda c, el: c.play_again(),
    "play-again": lambda c, el: c.play_again(),
    "hide-result": lambda c, el: c.show_result(False),
    "show-result": lambda c, el: c.show_result(True),
    "hint": lambda c, el: c.hint(),
    "undo": lambda c, el: c.undo(),
    "read-table": lambda c, el: c.read_table(),
    "url-game": lambda c, el: c.url_game(),
    "restore-aside": lambda c, el: c.restore_aside(),
    "dismiss": lambda c, el: c.dismiss(int(attr(el, "data-index") or 0)),
}
EDITOR_ATTRS = ("pile", "card", "seat", "n")  # what the editor's buttons say of themselves
# Families of buttons whose room reads the rest of the name (and the element).
ROOMS: tuple[tuple[str | tuple[str, ...], Callable[[Commands, str, Any], None]], ...] = (
    ("tutorial-", lambda c, action, el: c.tutorial_action(action)),
    ("puzzle", lambda c, action, el: c.puzzle_action(action, attr(el, "data-puzzle"))),
    ("stats-", lambda c, action, el: c.stats_action(action)),
    ("aside-", lambda c, action, el: c.aside_action(action, attr(el, "data-store"))),
    ("ed-", lambda c, action, el: c.editor_action(action, *(attr(el, f"data-{a}") for a in EDITOR_ATTRS))),
    (("record", "replay", "share"), lambda c, action, el: c.record_action(action, attr(el, "data-step"))),
)

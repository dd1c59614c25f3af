"""The statistics of finished games on the page: counting a game when it ends, the
statistics sheet's buttons (downloads, clearing), and the store in ``localStorage``
(``skipbo.stats``), read when first needed. An entry that cannot be read is set aside
in the store (kept, reported once) and the others counted; a store that cannot be read
at all is kept aside whole and counting starts afresh. What is kept and shown is decided
in ``stats`` and ``stats_view``."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from ..state.controller import BadSave, Message
from ..state.stats import STORE_KEY, GameSummary, add, read_store, summarise, to_csv, to_store
from ..views.stats_view import stats_tree
from ..views.tree import El
from .page_dom import js

if TYPE_CHECKING:
    from ..commands import Commands
    from ..state.store import PageState, Store
    from .page_dom import Browser
    from .page_session import Session


class StatsDesk:
    """The games counted, the statistics sheet's view and its buttons (opening the sheet
    is a command: ``Commands.open_sheet("stats")``)."""

    def __init__(self, store: Store, commands: Commands, session: Session, browser: Browser) -> None:
        self.store = store
        self.commands = commands
        self.session = session
        self.browser = browser
        self._games: list[GameSummary] | None = None  # None: not read yet
        self.aside: list[Any] = []  # stored entries that could not be read: kept, never counted
        self.counted: object | None = None  # the game last counted (never twice)
        self.confirm = False  # the sheet asks whether to clear them

    @property
    def games(self) -> list[GameSummary]:
        if self._games is None and self.session.apart:
            # a page in a frame neither reads nor writes the visitor's statistics (page_apart)
            self._games, self.aside = [], []
        if self._games is None:
            store = self.session.storage
            try:
                data = store.get(STORE_KEY)
            except BadSave:
                data = store.text(STORE_KEY)  # not JSON: kept aside as the text it is
            shelf = read_store(data)
            self._games, self.aside = shelf.games, shelf.aside
            if shelf.new_aside:
                self.store.state.notices.append(Message("notice.bad_stats") if shelf.damaged
                                                else Message("notice.stats_aside", {"count": shelf.new_aside}))
                store.set(STORE_KEY, to_store(self._games, self.aside))
        return self._games

    def forget(self) -> None:
        """Read the store again when next needed (another tab may have written it)."""
        self._games = None

    def game_over(self) -> None:
        """The game on the table just ended: count it (not in the tutorial, not in an
        embedded table, not a game set up from a position or a puzzle: those are no
        whole games; a hot-seat game has no single "you" and is not counted). A page in a
        frame counts nothing either: the statistics are the visitor's own (page_apart)."""
        state = self.store.state
        ctrl = state.ctrl
        if (self.session.apart or state.in_tutorial or ctrl.position is not None or not ctrl.game.is_over
                or ctrl.game is self.counted):
            return
        self.counted = ctrl.game
        summary = summarise(ctrl, str(self.browser.window.Date.new().toISOString())[:19] + "Z")
        if summary is not None:
            self._games = add(self.games, summary)
            self.session.storage.set(STORE_KEY, to_store(self._games, self.aside))

    def sheet_tree(self, state: PageState) -> El:
        """The statistics sheet."""
        games = self.games  # (reads the store, and with it what is aside)
        return stats_tree(state.look.lang, games, self.confirm, len(self.aside), self.session.apart)

    def action(self, action: str) -> None:
        """The statistics sheet's buttons: downloads, and clearing (asked first)."""
        sheet = self.browser.by_id("sheet")
        if action == "stats-csv":
            self.download("skipbo-statistics.csv", to_csv(self.games), "text/csv")
        elif action == "stats-json":
            # the store as kept, entries set aside included: the file loses nothing
            text = json.dumps(to_store(self.games, self.aside), indent=1, ensure_ascii=False)
            self.download("skipbo-statistics.json", text, "application/json")
        elif action in ("stats-clear", "stats-keep"):
            self.confirm = action == "stats-clear"
            self.commands.redraw_sheet()
            self.browser.focus_first('[data-action="stats-keep"]' if self.confirm
                                     else '[data-action="stats-clear"]', sheet)
        elif action == "stats-clear-yes":
            self._games, self.aside = [], []  # you asked for all of it to go
            self.confirm = False
            self.session.storage.set(STORE_KEY, to_store([]))
            self.commands.redraw_sheet()
            self.browser.focus_first('[data-action="close"]', sheet)

    def download(self, name: str, text: str, mime: str) -> None:
        """Hand ``text`` to the browser as a file download."""
        window = self.browser.window
        blob = window.Blob.new([text], self.browser.js_object({"type": mime}))
        url = window.URL.createObjectURL(blob)
        link = self.browser.document.createElement("a")
        link.href, link.download = url, name
        link.click()
        window.setTimeout(_revoker(window, url), 1000)


def _revoker(window: Any, url: str) -> Any:
    from .page_dom import create_proxy

    def revoke() -> None:
        window.URL.revokeObjectURL(url)
        proxy.destroy()

    proxy = create_proxy(revoke)
    return js(proxy)

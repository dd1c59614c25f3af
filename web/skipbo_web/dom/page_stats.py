"""The statistics of finished games on the page: counting a game when it ends, the
statistics sheet's buttons (downloads, clearing), and the store in ``localStorage``
(``skipbo.stats``), read when first needed. Entries that cannot be read are moved, as a
JSON list, to ``skipbo.aside.stats`` (``.2``, ...: as the session sets values aside;
reported once) and the others counted; a store that cannot be read at all is moved there
whole and counting starts afresh. What is set aside never goes back into the store.
When the storage is full, the games beyond the newest ``KEEP_WHEN_FULL`` make room for
the save (a notice says how many went). What is kept and shown is decided in ``stats``
and ``stats_view``."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from ..state.controller import BadSave
from ..state.messages import Message
from ..state.saves import STATS_KEY
from ..state.stats import KEEP_WHEN_FULL, GameSummary, add, read_store, summarise, to_csv, to_store
from ..views.stats_view import stats_tree
from ..views.tree import El
from .page_dom import js
from .page_storage import aside_key

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
        self.counted: object | None = None  # the game last counted (never twice)
        if not session.embed:  # an embedded table never touches the visitor's statistics
            session.storage.reliefs.append(self.trim)

    @property
    def games(self) -> list[GameSummary]:
        if self._games is None and self.session.apart:
            # a page in a frame neither reads nor writes the visitor's statistics (page_apart)
            self._games = []
        if self._games is None:
            store = self.session.storage
            try:
                shelf = read_store(store.get(STATS_KEY))
            except BadSave:  # not JSON the reader takes
                shelf = read_store("")
            self._games = shelf.games
            if shelf.damaged:  # moved whole to a key of its own, as it is; counting starts afresh
                if store.set_aside(STATS_KEY):
                    self.store.add_notice(Message("notice.bad_stats"))
                else:  # no room for the copy: kept in place, never written (the notice says)
                    self.session.tell_stuck()
            elif shelf.aside:
                if store.keep_aside(STATS_KEY, json.dumps(shelf.aside, ensure_ascii=False)) is None:
                    store.stuck.add(STATS_KEY)  # no room: the store stays as it is, unwritten
                    self.session.tell_stuck()
                else:
                    store.set(STATS_KEY, to_store(self._games))
                    if shelf.new_aside:
                        self.store.add_notice(Message("notice.stats_aside", {"count": shelf.new_aside}))
        return self._games

    def kept_aside(self) -> int:
        """How many values of the statistics are kept aside (``skipbo.aside.stats``, ...)."""
        if self.session.apart:
            return 0  # the visitor's, not this frame's (page_apart)
        family = aside_key(STATS_KEY)
        return sum(key == family or key.startswith(family + ".") for key in self.session.storage.kept_aside())

    def trim(self) -> bool:
        """Make room in a full storage: the statistics keep their newest ``KEEP_WHEN_FULL``
        games (a notice says how many went); whether anything was freed."""
        games = self.games
        if len(games) <= KEEP_WHEN_FULL or self.session.storage.set(
                STATS_KEY, to_store(games[-KEEP_WHEN_FULL:])) is None:
            return False
        self._games = games[-KEEP_WHEN_FULL:]
        self.store.add_notice(Message("notice.stats_trimmed", {"count": len(games) - KEEP_WHEN_FULL}))
        return True

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
            self.session.storage.set(STATS_KEY, to_store(self._games))

    def read(self) -> list[GameSummary]:
        """The games counted, read before their sheet is drawn (what cannot be read is set
        aside and said now); the sheet asks nothing yet."""
        self.store.update(stats_confirm=False)
        return self.games

    def sheet_tree(self, state: PageState) -> El:
        """The statistics sheet (the games as ``read`` them: drawing it reads no store)."""
        games = self._games if self._games is not None else self.games  # read when the sheet opened
        return stats_tree(state.look.lang, games, state.stats_confirm, self.kept_aside(), self.session.apart)

    def action(self, action: str) -> None:
        """The statistics sheet's buttons: downloads, and clearing (asked first)."""
        sheet = self.browser.by_id("sheet")
        if action == "stats-csv":
            self.download("skipbo-statistics.csv", to_csv(self.games), "text/csv")
        elif action == "stats-json":
            # the games; what could not be read is downloaded from the "Kept aside" sheet
            text = json.dumps(to_store(self.games), indent=1, ensure_ascii=False)
            self.download("skipbo-statistics.json", text, "application/json")
        elif action in ("stats-clear", "stats-keep"):
            self.store.update(stats_confirm=action == "stats-clear")
            self.commands.redraw_sheet()
            self.browser.focus_first('[data-action="stats-keep"]' if self.store.state.stats_confirm
                                     else '[data-action="stats-clear"]', sheet)
        elif action == "stats-clear-yes":
            self._games = []  # you asked for them to go (what is kept aside stays, in its sheet)
            self.store.update(stats_confirm=False)
            if not self.session.apart:
                self.session.storage.set(STATS_KEY, to_store([]))
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

"""Positions on the page: ``?position=<address>`` fetched and set up, and the replay
viewer's export of the step it shows (a JSON file, or a link with ``?pos=``).
skipbo_web.state.positions reads and checks positions (through the engine) and words the
problems; a bad position only gives a notice and changes nothing.
"""

from __future__ import annotations

import asyncio
import json
from typing import TYPE_CHECKING

from skipbo_core import PositionError, position_of

from ..i18n import t
from ..state import positions
from ..state.controller import Controller
from ..state.messages import Message
from ..state.positions import PositionProblem
from .page_dom import FETCH_SECONDS, JsException, js

if TYPE_CHECKING:
    from ..commands import Commands
    from ..state.replay import Replay
    from ..state.store import Store
    from .page_dom import Browser
    from .page_session import Session


class PositionDesk:
    """``?position=`` and the viewer's export; the game it sets up, or the notice of what
    is wrong, goes to the page through the commands."""

    def __init__(self, store: Store, session: Session, commands: Commands, browser: Browser) -> None:
        self.store = store
        self.session = session
        self.commands = commands
        self.browser = browser

    # -- opening ---------------------------------------------------------------------------------

    async def open_url(self, value: str) -> None:
        """Fetch ``?position=<address>`` (relative to the page) and set it up."""
        text, why = await self.browser.fetch_text(value, positions.MAX_BYTES)
        if text is None:
            self.problem({"bad-url": Message("position.bad_url"), "failed": Message("position.fetch_failed"),
                          "too-big": Message("position.too_big", {"kb": positions.MAX_BYTES // 1000}),
                          "timeout": Message("position.fetch_timeout", {"s": int(FETCH_SECONDS)})}[why])
            return
        try:
            ctrl = Controller.from_position(positions.read_text(text), self.session.settings,
                                            origin=f"position={value}")
        except PositionProblem as err:
            self.problem(err.message)
            return
        self.commands.offer_game(ctrl)

    def problem(self, message: Message) -> None:
        """Name what is wrong; the game on the table and its save stay as they are."""
        self.commands.notice(message)

    # -- the replay viewer's export ----------------------------------------------------------------

    def export(self, replay: Replay, as_link: bool) -> None:
        """The viewer's step as a position: a downloaded file, or a link put in the field
        below the viewer and copied."""
        browser, look = self.browser, self.store.state.look
        status = browser.by_id("replay-export-status")
        field = browser.by_id("replay-export-url")
        try:
            position = position_of(replay.game)
        except PositionError:
            self.say(status, "replay.export_over")
            return
        if not as_link:
            browser.save_file(json.dumps(position, indent=1), f"skipbo-position-move{replay.step}.json")
            self.say(status, "replay.exported")
            return
        location = browser.window.location
        url = positions.link(f"{location.origin}{location.pathname}", position, look.lang, look.faces)
        if url is None:
            self.say(status, "replay.export_too_long")
            return
        if field is not None:
            field.value = url
            field.hidden = False
        self.copy(url, field, status)

    def copy(self, url: str, field: object, status: object) -> None:
        async def write() -> None:
            try:
                await self.browser.window.navigator.clipboard.writeText(url)
                key = "replay.export_copied"
            except (JsException, AttributeError):  # no clipboard here: the link is in the field
                if js(field) is not None:
                    field.focus()
                    field.select()
                key = "replay.export_copy_failed"
            self.say(status, key)

        asyncio.ensure_future(write())

    def say(self, status: object, key: str) -> None:
        if js(status) is not None:
            status.textContent = t(self.store.state.look.lang, key)
            status.setAttribute("data-status", key)

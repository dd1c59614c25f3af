"""Records, replays and share links on the page: the records sheet (download, copy the
link, open a file), ``?record=<address>``, and the replay viewer with its autoplay and
keys (skipbo_web.state.replay reads records, .replay_view draws the viewer, .share the link).

An open viewer pauses the game; closing it lets the game go on unchanged.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ..i18n import t
from ..state.controller import Controller
from ..state.messages import Message
from ..state.replay import MAX_BYTES, RecordProblem, Replay, autoplay_delay_ms, parse_record
from ..views.replay_view import replay_tree
from ..views.share import record_filename, records_tree, share_link, tutorial_link
from ..views.tree import El
from .page_dom import FETCH_SECONDS, JsException

if TYPE_CHECKING:
    from ..commands import Commands
    from ..state.store import PageState, Store
    from .page_dom import Browser
    from .page_session import Session


class RecordsDesk:
    """The records sheet's buttons, opening records, and the replay viewer (the sheets
    open and close through the commands)."""

    def __init__(self, store: Store, commands: Commands, session: Session, browser: Browser) -> None:
        self.store = store
        self.commands = commands
        self.session = session
        self.browser = browser

    def sheet_tree(self, state: PageState, kind: str) -> El:
        """The records sheet or the replay viewer."""
        look = state.look
        if kind == "replay" and state.replay is not None:
            return replay_tree(state.replay, look, state.replay.seat)
        location = self.browser.window.location
        base = f"{location.origin}{location.pathname}"
        link = (tutorial_link(base, look.lang, look.faces) if state.in_tutorial
                else share_link(state.ctrl, base, look.lang, look.faces))
        return records_tree(link, look)

    @property
    def sheet(self) -> Any:
        """The dialog the sheets are drawn in."""
        return self.browser.by_id("sheet")

    def action(self, action: str, go: str | None = None) -> None:
        """The records sheet's and the replay viewer's buttons (``go``: the step a
        ``replay-go`` button goes to)."""
        replay = self.store.state.replay
        commands = self.commands
        if action == "record-download":
            self.download()
        elif action == "share-copy":
            asyncio.ensure_future(self.copy_link())
        elif replay is None:
            return
        elif action == "replay-close":
            commands.end_replay()
            commands.close_sheet()
        elif action == "replay-play":
            self.play()
        elif action == "replay-play-on":
            self.play_on()
        elif action in ("replay-export", "replay-export-link"):
            commands.export_position(as_link=action == "replay-export-link")
        else:
            step = {"replay-first": 0, "replay-back": replay.step - 1, "replay-forward": replay.step + 1,
                    "replay-last": replay.last}.get(action)
            if action == "replay-go":
                step = int(go or 0)
            if step is not None:
                commands.step(step)

    def change(self, name: str, target: Any) -> None:
        if name == "record-file":
            files = target.files
            if files is not None and files.length:
                asyncio.ensure_future(self.open_file(files.item(0)))
            return
        replay = self.store.state.replay
        value = str(target.value or "").strip()
        if replay is None or not value.isdigit():
            return
        if name == "replay-step":
            self.commands.step(int(value))
        elif name == "replay-seat":  # the seat at the bottom of the replay's table
            if int(value) < len(replay.players):
                self.store.update(replay=replay.but(seat=int(value)))
                self.update()
        else:
            self.commands.step(turn=int(value))

    # -- this game: download and link -----------------------------------------------------

    def download(self) -> None:
        """Save the game's record (the same JSON as the save in localStorage) as a file."""
        ctrl = self.store.state.ctrl
        text = json.dumps(ctrl.record(), separators=(",", ":"))
        self.browser.save_file(text, record_filename(ctrl, str(self.browser.window.Date.new().toISOString())[:10]))

    async def copy_link(self) -> None:
        browser = self.browser
        field = browser.by_id("share-url")
        status = browser.query(".share-status", self.sheet)
        if field is None or status is None:
            return
        try:
            await browser.window.navigator.clipboard.writeText(field.value)
            key = "records.copied"
        except (JsException, AttributeError):  # no clipboard here: the player copies it
            field.focus()
            field.select()
            key = "records.copy_failed"
        status.textContent = t(self.store.state.look.lang, key)
        status.setAttribute("data-status", key)

    # -- opening a record -------------------------------------------------------------------

    async def open_file(self, file: Any) -> None:
        if file.size > MAX_BYTES:
            self.problem(Message("record.too_big", {"kb": MAX_BYTES // 1000}))
            return
        try:
            text = await file.text()
        except JsException:
            self.problem(Message("record.not_json"))
            return
        self.open_text(str(text))

    async def open_url(self, value: str) -> None:
        """Fetch ``?record=<address>`` (relative to the page) and open it in the viewer."""
        text, why = await self.browser.fetch_text(value, MAX_BYTES)
        if text is None:
            self.problem({"bad-url": Message("record.bad_url"), "failed": Message("record.fetch_failed"),
                          "too-big": Message("record.too_big", {"kb": MAX_BYTES // 1000}),
                          "timeout": Message("record.fetch_timeout", {"s": int(FETCH_SECONDS)})}[why])
            return
        self.open_text(text)

    def open_text(self, text: str) -> None:
        """Check a record and show it in the viewer; a bad one only gives a notice."""
        try:
            replay = Replay(parse_record(text))
        except RecordProblem as problem:
            self.problem(problem.message)
            return
        self.show(replay)

    def show(self, replay: Replay) -> None:
        """Open a checked record in the viewer, at its start (a replay open before closes)."""
        self.commands.end_replay()
        self.store.update(replay=replay)
        self.commands.open_sheet("replay")
        self.browser.focus_first('[data-action="replay-forward"]', self.sheet)

    def problem(self, message: Message) -> None:
        """Name what is wrong with a record; the game and its save stay as they are."""
        if self.store.state.sheet in ("records", "replay"):
            self.commands.end_replay()
            self.commands.close_sheet()
        self.commands.notice(message)

    # -- the viewer ---------------------------------------------------------------------------

    def end_replay(self) -> bool:
        """Leave the viewer (``Commands.end_replay`` lets the game go on); whether one was open."""
        if self.store.state.replay is None:
            return False
        self.store.update(replay=None)
        return True

    def go(self, move: Callable[[Replay], Replay]) -> None:
        """Move the viewer (``move`` gives the replay at its new step); pauses autoplay."""
        self.store.update(replay=move(self.store.state.replay.but(playing=False)))
        self.update()

    def play(self) -> None:
        """Start autoplay (a new run of it) or pause it."""
        replay = self.store.state.replay.toggle_play()
        self.store.update(replay=replay)
        if replay.playing:
            asyncio.ensure_future(self.autoplay(replay))
        self.update()

    async def autoplay(self, started: Replay) -> None:
        """One step forward at the computer's pace while the run ``started`` goes on (the
        viewer moved by hand, paused, played again, closed or another record: it ends)."""
        while self._running(started) is not None:
            await asyncio.sleep(autoplay_delay_ms(self.store.state.speed) / 1000)
            replay = self._running(started)
            if replay is None:
                break
            self.store.update(replay=replay.forward())
            self.update()

    def _running(self, started: Replay) -> Replay | None:
        """The replay shown while autoplay's run ``started`` still goes on, else None."""
        replay = self.store.state.replay
        if replay is None or not replay.playing or replay.run != started.run or replay.moves is not started.moves:
            return None
        return replay

    def update(self) -> None:
        """Patch the viewer to the replay's step (focus stays where it is); the move just
        played is scrolled into the middle of the move list."""
        if self.store.state.replay is None or self.store.state.sheet != "replay":
            return
        self.commands.redraw_sheet()
        moves = self.browser.by_id("replay-moves")
        current = self.browser.query('li[aria-current="step"]', moves) if moves is not None else None
        if current is not None:
            moves.scrollTop = current.offsetTop - moves.clientHeight / 2

    def play_on(self) -> None:
        """Make the position shown the page's game (it replaces the current one)."""
        replay = self.store.state.replay
        if replay is None or not replay.can_play_on():
            return
        game = replay.game_to_play_on()
        self.commands.end_replay()
        self.commands.show_game(Controller(game, self.session.settings))

"""Play across devices by link (issue 38 part 1), the guest's side: a page opened with an
invitation (``#join=``) answers it (web/link.mjs), shows its reply link for the host, and
once the host's table has welcomed it, shows that table from its own seat (the seat view,
``remote.guest.GuestTable``, drawn by the same table view: ``remote.seat_game``) and plays
by the same clicks; its moves go to the host, whose refusals are said here.

A guest's page never reads or writes the saved game of its own device as the table: it has
no saved game of its own (``App.save`` writes nothing while ``JoinTable.active``). A bad
invitation gives a notice and the page starts as usual.
"""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING, Any

from ..state.messages import Message
from ..state.outcome import Refused
from ..state.pairing import Pairing
from ..state.refusals import refusal_message
from ..state.settings import clean_name
from ..state.table_state import TableState
from .page_dom import JsException
from .page_pairing import PairingPanel, link_error, link_module

if TYPE_CHECKING:
    from collections.abc import Callable

    from ..commands import Commands
    from ..remote.guest import GuestTable
    from ..state.store import Store
    from .page_dom import Browser
    from .page_room import CodeSeeker
    from .patcher import Patcher

PROTOCOL_CODES = ("stale", "not-your-turn", "game-over", "bad-notation", "not-seated", "flood", "bad-invitation",
                  "seat-taken", "too-big", "too-deep", "bad-number", "not-json", "version", "shape")


class JoinTable(PairingPanel):
    """A guest's page at a host's table. ``give_up(notice)`` hands the page back to its own
    game when the invitation cannot be used."""

    def __init__(self, store: Store, commands: Commands, browser: Browser, patcher: Patcher,
                 give_up: Callable[[Message], None]) -> None:
        super().__init__(store, browser, patcher)
        self.commands = commands
        self.give_up = give_up
        self.active = False
        self.guest: GuestTable | None = None
        self.link: Any = None
        self.lost = False  # the table's connection closed: a new invitation brings the page back
        self.name = ""
        self.seeker: CodeSeeker | None = None  # the room code's side, when the page joins by one
        self.relays: tuple[str, ...] = ()  # the brokers of room codes (relay=; none: room.mjs's defaults)
        self.ice: list[dict[str, str]] = []  # STUN and TURN servers (ice=; none by default)

    def start(self, href: str, name: str) -> None:
        """Answer the invitation in ``href`` (a link with ``#join=``)."""
        if not self.active:  # a new invitation opened in this tab (only the address's # changes)
            self.listen(self.browser.window, "hashchange", self.on_hashchange)
        self.active, self.lost, self.name = True, False, name
        self.pairing = Pairing("guest", share=self.can_share(), note=Message("pair.connecting"))
        self.render()
        asyncio.ensure_future(self.answer(href, name))

    def start_code(self, code: str, name: str) -> None:
        """Seek the table of room ``code`` (as ``remote.room.read_code`` reads it) through the
        relays; once its host lets this page in, the seat's invitation is answered as a link's."""
        from ..remote.room import show_code
        from .page_room import CodeSeeker

        self.active, self.lost, self.name = True, False, name
        self.pairing = Pairing("guest", note=Message("pair.code_looking", {"code": show_code(code)}))
        self.seeker = CodeSeeker(self.browser, self.heard, lambda link: self.answer(link, name), self.fail_notice)
        self.render()
        asyncio.ensure_future(self.seeker.seek(code, clean_name(name), self.relays))

    def heard(self, note: Message, host: str) -> None:
        """The table of the code heard this page: whose it is, and that its player decides."""
        if self.pairing is not None:
            self.pairing.host = host
        self.note(note)

    def on_hashchange(self, event: Any) -> None:
        """Another invitation opened in this tab: a page that lost its table (or is still
        waiting for its host) answers it; one at a table goes on playing there."""
        href = str(self.browser.window.location.href)
        if not self.active or "#join=" not in href or (self.link is not None and str(self.link.state) == "open"):
            return
        old, self.link = self.link, None
        if old is not None:
            try:
                old.close()
            except JsException:
                pass
        self.start(href, self.name)

    async def answer(self, href: str, name: str) -> None:
        from ..remote.guest import GuestTable
        from ..remote.invites import read_meta

        try:
            module = await link_module(self.browser)
            read = await module.readLink(href)
            meta = read_meta(str(read.meta))
            if meta is None:
                return self.fail("malformed")
            link = await module.answer(href, self.browser.js_object({"meta": clean_name(name), "base": self.base(),
                                                                     "iceServers": self.ice}))
        except JsException as exc:
            return self.fail(link_error(exc))
        host, token = meta
        self.link, self.guest = link, GuestTable(token, name=clean_name(name))
        if self.seeker is not None:  # by room code: the reply goes through the relay
            self.pairing.host, self.pairing.note = host, Message("pair.connecting")
            self.seeker.answer(str(link.packed))
        else:
            self.pairing.host, self.pairing.reply, self.pairing.note = host, str(link.link), None
        # a link given up for a newer one is heard no more
        self.listen(link, "open", lambda event: self.link is link and self.on_open())
        self.listen(link, "message", lambda event: self.link is link and self.on_message(event))
        self.listen(link, "close", lambda event: self.link is link and self.on_close(event))
        self.render()

    def on_open(self) -> None:
        if self.seeker is not None:
            self.seeker.opened()
        self.send([self.guest.hello()])

    def fail(self, code: str) -> None:
        if self.seeker is not None:
            self.seeker.give_up(Message("notice.bad_join", {"code": code}))  # (which says it)
        else:
            self.fail_notice(Message("notice.bad_join", {"code": code}))

    def fail_notice(self, notice: Message) -> None:
        """Give up joining, saying why: the page is its own again."""
        link, self.link, self.seeker = self.link, None, None
        if link is not None:
            try:
                link.close()
            except JsException:
                pass
        self.active, self.pairing = False, None
        self.render()
        self.give_up(notice)

    def send(self, texts: list[str]) -> None:
        for text in texts:
            try:
                self.link.send(text)
            except JsException:
                return  # closed: its close event says so

    def on_message(self, event: Any) -> None:
        from ..remote.wire import WireError

        guest = self.guest
        before = guest.refusal
        try:
            self.send(guest.receive(str(event.data)))
        except WireError as exc:
            self.note(Message("pair.refused_code", {"code": exc.code}))
            return
        if not guest.seated:
            if guest.refusal is not None and guest.refusal is not before:
                self.note(Message("pair.refused_code", {"code": guest.refusal.code}))
            return
        self.pairing.seated = True
        refused = guest.refusal is not None and guest.refusal is not before
        self.show_table(self.refusal(guest.refusal.code, guest.refusal.details) if refused else None)

    def refusal(self, code: str, details: dict[str, Any]) -> Message:
        """The host's refusal in this page's words: the rule a move breaks, or what the
        protocol refused."""
        if code in PROTOCOL_CODES:
            return Message("pair.refused_code", {"code": code})
        return Message("pair.refused", {"reason": refusal_message(Refused(code, details))})

    def show_table(self, note: Message | None = None) -> None:
        """The table at the guest's latest view (the host's answer came)."""
        from ..remote.seat_game import seat_game

        ctrl = seat_game(self.guest, self.play)
        self.pairing.note, self.pairing.n = None, self.guest.n
        # (the store patches the table)
        self.commands.set_table_game(ctrl, table=ctrl.opening if note is None else TableState(note))
        self.render()

    def play(self, move: str) -> Message | None:
        """A move of this seat the engine allows here: it goes to the host."""
        if self.lost:
            return Message("pair.lost_table")
        try:
            text = self.guest.play(move)
        except ValueError:
            return Message("pair.wait")
        self.send([text])
        return None

    def act(self, action: str, el: Any) -> None:
        """The reply's Copy and Share buttons."""
        reply = self.pairing.reply if self.pairing is not None else None
        if reply is None:
            return
        if action == "pair-copy":
            self.copy(reply, self.note)
        elif action == "pair-share":
            self.share(reply)

    def on_close(self, event: Any) -> None:
        self.lost = True
        self.note(Message("pair.lost_table"))

    def note(self, message: Message) -> None:
        if self.pairing is not None:
            self.pairing.note = message
            self.render()

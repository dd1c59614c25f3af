"""Room codes (issue 38, part 3): the short code under each invitation, which a friend
types under "Join a table" on their own device. The pages of a code meet through public
MQTT brokers (web/room.mjs, loaded only when a code is used; the brokers are the URL
option ``relay=`` or the build's defaults) and say only what ``remote.room`` reads: the
joiner knocks with its name, the host's player lets it in (or not), the host's page sends
the seat's invitation and the joiner its reply; then the data channel and the protocol are
the link path's.

``HostRooms``: the host's side (one room a remote seat whose code the host's player asked
for, for as long as the game is on the table; once it is over a knock hears that it is).
``CodeSeeker``: the joiner's side, for ``page_join.JoinTable``; whatever goes wrong within
``WAIT_MS`` is said in the player's words, with what to do.
"""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING, Any, Protocol

from ..state.messages import Message
from ..state.pairing import AWAY, CONNECTED, WAITING
from ..state.settings import clean_name
from .page_dom import JsException

if TYPE_CHECKING:
    from collections.abc import Callable

    from ..remote.host import TableHost
    from ..remote.room import RoomMessage
    from ..state.pairing import Invite, Pairing
    from .page_dom import Browser

WAIT_MS = 20_000  # a relay up, a table that answers, a channel open: each within this
KNOCK_MS = 2_000  # a joiner knocks again until the table has heard it


async def room_module(browser: Browser) -> Any:
    """web/room.mjs (and its mqtt.mjs), imported on first use of a room code."""
    from pyodide.code import run_js

    return await run_js("import(new URL('./room.mjs', document.baseURI).href)")


async def open_room(browser: Browser, code: str, relays: tuple[str, ...]) -> Any:
    """The room of ``code`` on ``relays`` (none: room.mjs's defaults); raises JsException."""
    module = await room_module(browser)
    return await module.openRoom(code, browser.js_object({"relays": list(relays)}))


def room_message(kind: str, guest: str, value: str) -> RoomMessage:
    """A message for the room (``remote.room``, imported once a code is used)."""
    from ..remote.room import RoomMessage

    return RoomMessage(kind, guest, value)


def read(text: str) -> RoomMessage | None:
    """A message through the relay, or None for anything that is not one (nothing changes)."""
    from ..remote.room import read_room
    from ..remote.wire import WireError

    try:
        return read_room(text)
    except WireError:
        return None


def send(room: Any, message: RoomMessage) -> None:
    """Seal and publish ``message`` (a room that closed meanwhile takes nothing)."""
    from ..remote.room import encode_room

    async def run() -> None:
        try:
            await room.send(encode_room(message))
        except JsException:
            pass
    asyncio.ensure_future(run())


class Host(Protocol):
    """What of the host's pairing (``page_pairing.HostPairing``) its rooms use."""

    browser: Browser
    table: TableHost | None
    pairing: Pairing | None
    links: dict[int, Any]

    def invite(self, seat: int) -> Invite | None: ...
    def render(self) -> None: ...
    def listen(self, target: Any, event: str, handler: Any) -> None: ...
    def host_name(self) -> str: ...
    async def accept(self, invite: Invite, text: str) -> bool: ...


class HostRooms:
    """The host's rooms, one a remote seat; knocks become the seat's ``Invite.knock``."""

    def __init__(self, host: Host) -> None:
        self.host = host
        self.rooms: dict[int, Any] = {}  # seat -> its Room (room.mjs)
        self.relays: tuple[str, ...] = ()

    def open(self, invite: Invite) -> None:
        """``invite``'s room code, asked for by the host's player (``pair-code``): nothing
        reaches a relay before, so that a game on a Wi-Fi without internet contacts nobody."""
        if invite.seat not in self.rooms and invite.code is None:
            invite.code = ""  # (being made: asked once)
            asyncio.ensure_future(self._open(invite))

    async def _open(self, invite: Invite) -> None:
        from ..remote.room import new_code

        host, table, code = self.host, self.host.table, new_code()
        try:
            room = await open_room(host.browser, code, self.relays)
        except JsException:
            invite.code, invite.code_note = None, Message("pair.code_unusable")
            host.render()
            return
        if host.table is not table or table is None:
            room.close()
            return
        self.rooms[invite.seat] = room
        invite.code = code
        seat = invite.seat
        host.listen(room, "message", lambda event: self.rooms.get(seat) is room
                    and self.on_message(seat, room, str(event.data)))
        host.render()
        if not await room.whenUp(WAIT_MS) and self.rooms.get(seat) is room:
            invite.code_note = Message("pair.code_no_relay_host")
            host.render()

    def close(self) -> None:
        for room in self.rooms.values():
            room.close()
        self.rooms = {}

    def on_message(self, seat: int, room: Any, text: str) -> None:
        host, message = self.host, read(text)
        invite = host.invite(seat)
        if message is None:
            return
        if message.kind == "knock":
            game_over = host.table is None or host.table.game.is_over
            if game_over or invite is None:
                send(room, room_message("turned", message.guest, "over"))
            elif invite.state == CONNECTED or (invite.knock or (message.guest,))[0] != message.guest \
                    or invite.letting not in (None, message.guest):
                send(room, room_message("turned", message.guest, "seat-taken"))
            else:
                invite.knock = (message.guest, clean_name(message.value))
                send(room, room_message("heard", message.guest, host.host_name()))
                host.render()
        elif message.kind == "answer" and invite is not None and invite.letting == message.guest:
            asyncio.ensure_future(host.accept(invite, message.value))

    def act(self, action: str, invite: Invite) -> None:
        """The host's player asks for the seat's room code (``pair-code``), lets the knocking
        joiner in (``pair-let-in``) or not (``pair-refuse``)."""
        if action == "pair-code":
            self.open(invite)
            return
        room, link = self.rooms.get(invite.seat), self.host.links.get(invite.seat)
        if invite.knock is None or room is None:
            return
        guest, _ = invite.knock
        if action == "pair-let-in" and link is not None and invite.state in (WAITING, AWAY):
            invite.letting, invite.note = guest, Message("pair.connecting")
            send(room, room_message("offer", guest, str(link.packed)))
        elif action == "pair-refuse":
            invite.knock, invite.letting = None, None
            send(room, room_message("turned", guest, "refused"))
        self.host.render()


class CodeSeeker:
    """The joiner's side of a room code: knocks until the table hears it, then waits for
    its player. ``said(message)`` tells the page where things stand; ``offered(link)``
    hands on the seat's invitation; ``failed(notice)`` gives up, saying why."""

    def __init__(self, browser: Browser, said: Callable[[Message, str], None], offered: Callable[[str], Any],
                 failed: Callable[[Message], None]) -> None:
        self.browser, self.said, self.offered, self.failed = browser, said, offered, failed
        self.room: Any = None
        self.guest = ""
        self.stage = "looking"  # "looking", "heard", "offered", "done"

    async def seek(self, code: str, name: str, relays: tuple[str, ...]) -> None:
        from ..remote.invites import new_secret
        from ..remote.room import show_code

        shown = show_code(code)
        try:
            self.room = room = await open_room(self.browser, code, relays)
        except JsException:
            self.failed(Message("notice.code_no_relay"))
            return
        self.guest = new_secret()
        self.listen(room)
        if not await room.whenUp(WAIT_MS):
            self.give_up(Message("notice.code_no_relay"))
            return
        waited = 0
        while self.stage == "looking" and waited < WAIT_MS:
            send(room, room_message("knock", self.guest, name))
            await asyncio.sleep(KNOCK_MS / 1000)
            waited += KNOCK_MS
        if self.stage == "looking":
            self.give_up(Message("notice.code_no_table", {"code": shown}))

    def listen(self, room: Any) -> None:
        from .page_dom import create_proxy

        self._proxy = create_proxy(lambda event: self.on_message(str(event.data)))
        room.addEventListener("message", self._proxy)

    def on_message(self, text: str) -> None:
        message = read(text)
        if message is None or message.guest != self.guest or self.stage == "done":
            return
        if message.kind == "heard" and self.stage == "looking":
            self.stage = "heard"
            host = clean_name(message.value)
            self.said(Message("pair.code_heard", {"name": host}), host)
        elif message.kind == "offer" and self.stage in ("looking", "heard"):
            self.stage = "offered"
            asyncio.ensure_future(self.offered(message.value))
        elif message.kind == "turned":
            self.give_up(Message(f"notice.code_{message.value.replace('-', '_')}"))

    def answer(self, link: str) -> None:
        """The joiner's reply to the offer goes to the table; the channel must open in time."""
        send(self.room, room_message("answer", self.guest, link))

        async def watch() -> None:
            await asyncio.sleep(WAIT_MS / 1000)
            if self.stage == "offered":
                self.give_up(Message("notice.code_no_path"))
        asyncio.ensure_future(watch())

    def opened(self) -> None:
        """The data channel is open: the relay is needed no more."""
        self.stage = "done"
        self.close()

    def give_up(self, notice: Message) -> None:
        if self.stage == "done":
            return
        self.stage = "done"
        self.close()
        self.failed(notice)

    def close(self) -> None:
        if self.room is not None:
            try:
                self.room.close()
            except JsException:
                pass

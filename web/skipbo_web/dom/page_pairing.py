"""Play across devices by link (issue 38 part 1), the host's side: a game with seats played
on other devices gets one invitation a seat (web/link.mjs, loaded only then), shown in the
pairing panel with Copy and Share; a guest's reply, opened in a new tab of this browser (it
hands the reply over a ``BroadcastChannel`` to the tab that waits for it) or pasted into the
invitation, connects the seat. ``remote.host.TableHost`` holds the table: what each guest
sends goes through it, and each move on this page reaches the guests.

A tab opened with ``#reply=`` is not a table of its own: it hands the reply on and says
whether a tab took it (``ReplyTab``). The guest's side is ``page_join``.
"""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING, Any

from ..state.messages import Message
from ..state.pairing import AWAY, CONNECTED, FAILED, WAITING, Invite, Pairing
from ..state.store import GAME
from ..views.pairing import pairing_tree
from .page_away import AwaySeats
from .page_dom import JsException, attr, create_proxy, js
from .page_room import HostRooms
from .patcher import TreeView

if TYPE_CHECKING:
    from ..commands import Commands
    from ..remote.host import Out, TableHost
    from ..state.store import Change, Store
    from .page_computer import ComputerTurns
    from .page_dom import Browser
    from .patcher import Patcher

CHANNEL = "skipbo-pairing"  # the BroadcastChannel between a reply's tab and the tab of its game
HANDED_MS = 3000            # how long a reply's tab waits to hear that a tab took its reply


async def link_module(browser: Browser) -> Any:
    """web/link.mjs, imported on first use (a game that invites nobody never loads it)."""
    from pyodide.code import run_js

    # the page's own address: an import() in evaluated code would resolve beside Pyodide's files
    return await run_js("import(new URL('./link.mjs', document.baseURI).href)")


def link_error(error: Exception) -> str:
    """The code of a ``LinkError`` from link.mjs (``unsupported`` for any other failure)."""
    js_error = getattr(error, "js_error", None)
    code = getattr(js_error, "code", None) if js_error is not None else None
    return code if isinstance(code, str) else "unsupported"


def bad_reply(code: str) -> Message:
    """What a pasted text that connects nothing is: an invitation, the reply to another
    invitation, or no reply at all (its ``code``)."""
    named = {"wrong-kind": "pair.not_a_reply", "not-this-invitation": "pair.other_reply"}
    return Message(named[code]) if code in named else Message("pair.bad_reply", {"code": code})


class PairingPanel:
    """The panel ``#pairing`` drawn from a ``Pairing`` and the game on the table."""

    def __init__(self, store: Store, browser: Browser, patcher: Patcher) -> None:
        self.store = store
        self.browser = browser
        self.view = TreeView(patcher, browser.by_id("pairing"))
        self.pairing: Pairing | None = None
        self._proxies: list[Any] = []

    def render(self) -> None:
        state = self.store.state
        self.view.show(pairing_tree(self.pairing, state.ctrl, state.look))
        shown = self.pairing is not None and self.pairing.shown
        if self.view.node.hidden == shown:
            self.view.node.hidden = not shown

    def act(self, action: str, el: Any) -> None:
        """A button of the panel (a reply's tab has none)."""

    def listen(self, target: Any, event: str, handler: Any) -> None:
        self._proxies.append(create_proxy(handler))
        target.addEventListener(event, self._proxies[-1])

    def base(self) -> str:
        """What this page's links are built on: its address without its options."""
        from ..state.address import link_base

        return link_base(str(self.browser.window.location.href))

    def can_share(self) -> bool:
        return js(getattr(self.browser.window.navigator, "share", None)) is not None

    def copy(self, link: str, note: Any) -> None:
        """Copy ``link``; ``note(message)`` says how it went."""
        async def run() -> None:
            try:
                await self.browser.window.navigator.clipboard.writeText(link)
                note(Message("pair.copied"))
            except (JsException, AttributeError):
                note(Message("pair.not_copied"))
            self.render()
        asyncio.ensure_future(run())

    def share(self, link: str) -> None:
        async def run() -> None:
            try:
                await self.browser.window.navigator.share(self.browser.js_object({"url": link}))
            except (JsException, AttributeError):
                pass  # the sheet closed, or no sheet: the link and Copy are still there
        asyncio.ensure_future(run())


class HostPairing(PairingPanel):
    """The host's invitations, and the table (``TableHost``) its guests play at."""

    def __init__(self, store: Store, commands: Commands, browser: Browser, patcher: Patcher,
                 computer: ComputerTurns) -> None:
        super().__init__(store, browser, patcher)
        self.commands = commands
        self.computer = computer
        self.table: TableHost | None = None
        self.links: dict[int, Any] = {}  # seat -> its Invitation (link.mjs)
        self.channel: Any = None
        self.on = True  # False on a guest's page and a reply's tab: they hold no table
        self.away = AwaySeats(self)
        self.rooms = HostRooms(self)  # each invitation's room code
        self.ice: list[dict[str, str]] = []  # STUN and TURN servers (ice=; none by default)

    # -- the game on the table -------------------------------------------------------------------

    def on_change(self, what: Change) -> None:
        """The store changed: a new game with remote seats gets its invitations; each move
        on the table reaches the guests."""
        if not self.on:
            return
        ctrl = self.store.state.ctrl
        if self.table is not None and self.table.game is not ctrl.game and not self.deal(ctrl):
            self.close()
        if self.table is None and ctrl.remote and not ctrl.game.is_over:
            self.open(ctrl)
        elif self.table is not None and GAME in what:
            self.dispatch(self.table.follow())
            if self.table.game.is_over:
                self.away.ended()

    def open(self, ctrl: Any) -> None:
        """The invitations of ``ctrl``'s game; the seats the computer played for their
        person when the game was saved (the host's page reloaded) it plays on."""
        from ..remote.host import COMPUTER, TableHost

        invites = [Invite(seat) for seat in ctrl.remote]
        self.pairing = Pairing("host", invites, share=self.can_share())
        try:
            self.table = table = TableHost(ctrl.game, ctrl.remote, apply=self.guest_move)
        except ValueError:  # a game set up from a position has no deck, so no record to send
            for invite in invites:
                invite.state, invite.note = FAILED, Message("pair.refused_code", {"code": "no-deck"})
            self.render()
            return
        for seat in ctrl.stand_ins:
            table.choose(seat, COMPUTER)
        self.render()
        asyncio.ensure_future(self.make_invitations(table))

    def deal(self, ctrl: Any) -> bool:
        """"Play again" (or any new game for the same seats of people on other devices):
        ``ctrl``'s game goes to the same table. Its guests stay at their seats and get its
        first view; a seat whose person is away gets a new invitation (the old ones take
        nothing now). False, and nothing changes, for a game of another table."""
        table, pairing = self.table, self.pairing
        if table is None or pairing is None or ctrl.remote != list(table.invites.seats) \
                or ctrl.players != table.game.rules.players or ctrl.game.is_over:
            return False
        try:
            outs = table.deal(ctrl.game)
        except ValueError:  # no deck (a position): no record to send, so no table across devices
            return False
        self.dispatch(outs)
        seated = [i for i in pairing.invites if i.state == CONNECTED]
        again = [Invite(seat) for seat in table.invites.seats if seat not in {i.seat for i in seated}]
        for invite in again:
            self.away.drop_link(invite.seat)
        pairing.invites = sorted(seated + again, key=lambda i: i.seat)
        self.set_connected()  # the new controller's seats connected, and those the computer plays
        if again:
            asyncio.ensure_future(self.make_invitations(table, again))
        self.render()
        return True

    def close(self) -> None:
        """Another game is on the table: the invitations of the last one go."""
        links, self.links = list(self.links.values()), {}
        for link in links:  # (a link's close event is heard no more: it is not the seat's link now)
            link.close()
        self.rooms.close()
        self.links, self.table, self.pairing = {}, None, None
        self.store.state.ctrl.connected = frozenset()
        self.render()

    async def make_invitations(self, table: TableHost, only: list[Invite] | None = None) -> None:
        from ..remote.invites import write_meta

        try:
            module = await link_module(self.browser)
        except JsException:
            module = None
        host = self.host_name()
        for invite in only or list(self.pairing.invites if self.pairing else []):
            if self.table is not table:
                return  # another game meanwhile
            meta = write_meta(host, table.invites.token(invite.seat))
            try:
                if module is None:
                    raise JsException("link.mjs did not load")
                link = await module.invite(self.browser.js_object({"meta": meta, "base": self.base(),
                                                                   "iceServers": self.ice}))
            except JsException as exc:
                invite.state, invite.note = FAILED, Message("pair.refused_code", {"code": link_error(exc)})
                self.render()
                continue
            if self.table is not table:
                link.close()
                return
            self.links[invite.seat] = link
            invite.link, invite.state = str(link.link), AWAY if invite.state == AWAY else WAITING
            seat = invite.seat
            # an old link of the seat (its person left, and a new one is offered) is heard no more
            self.listen(link, "message", lambda event, seat=seat, link=link:
                        self.links.get(seat) is link and self.on_message(seat, event))
            self.listen(link, "close", lambda event, seat=seat, link=link:
                        self.links.get(seat) is link and self.on_close(seat))
            self.listen(link, "error", lambda event, seat=seat, link=link:
                        self.links.get(seat) is link and self.on_error(seat, event))
            self.render()
        self.listen_for_replies()

    def host_name(self) -> str:
        """The name of this device's player (the first seat not played elsewhere)."""
        table = self.table
        if table is None:
            return ""
        return next((p["name"] for s, p in enumerate(table.game.players) if s not in table.invites.seats), "")

    # -- the guests --------------------------------------------------------------------------------

    def dispatch(self, outs: list[Out]) -> None:
        """Send what the table answered (``Send``), close what it closes (``Close``)."""
        from ..remote.host import Send

        for out in outs:
            link = self.links.get(out.to)
            if link is None:
                continue
            try:
                if isinstance(out, Send):
                    link.send(out.text)
                else:
                    link.close()
            except JsException:
                pass  # closed meanwhile: its close event says so

    def on_message(self, seat: int, event: Any) -> None:
        if self.table is None:
            return
        self.dispatch(self.table.receive(seat, str(event.data)))
        invite = self.invite(seat)
        if invite is not None and self.table.invites.seat_of(seat) == seat and invite.state != CONNECTED:
            invite.state, invite.note, invite.knock, invite.letting = CONNECTED, None, None, None
            self.set_connected()

    def on_close(self, seat: int) -> None:
        if self.table is None:
            return
        self.table.disconnect(seat)
        invite = self.invite(seat)
        if invite is not None and invite.state in (CONNECTED, WAITING, AWAY):  # its link is spent: a new one
            invite.state = AWAY if invite.state == CONNECTED else invite.state
            invite.knock = invite.letting = None  # a room code's joiner knocks again
            self.away.offer_again(seat)
        self.set_connected()

    def on_error(self, seat: int, event: Any) -> None:
        invite = self.invite(seat)
        if invite is not None:
            invite.note = Message("pair.refused_code", {"code": str(event.detail.code)})
            self.render()

    def set_connected(self) -> None:
        ctrl = self.store.state.ctrl
        ctrl.connected = frozenset(i.seat for i in self.pairing.invites if i.state == CONNECTED) \
            if self.pairing else frozenset()
        self.away.follow_choices()  # (which has the table drawn with the seats connected)

    def guest_move(self, move: str) -> None:
        """A guest's move, checked by the table (its seat, its turn): played and drawn as
        the computer's are; the guests hear of it as the store follows the game."""
        ctrl = self.store.state.ctrl
        entry = ctrl.remote_move(move)
        self.commands.announce(entry)
        self.commands.show_move(entry)
        self.computer.play_if_due()

    def invite(self, seat: int) -> Invite | None:
        return next((i for i in self.pairing.invites if i.seat == seat), None) if self.pairing else None

    # -- replies: pasted, or handed on by another tab ----------------------------------------------

    def act(self, action: str, el: Any) -> None:
        """The panel's buttons: ``pair-copy``, ``pair-share``, ``pair-accept``; and an away
        seat's choices (``pair-away``, in its player area)."""
        if action == "pair-away":
            self.away.choose(el)
            return
        seat_text = attr(el, "data-seat")
        invite = self.invite(int(seat_text)) if seat_text and seat_text.isdigit() else None
        if invite is None or invite.link is None:
            return
        if action in ("pair-code", "pair-let-in", "pair-refuse"):
            self.rooms.act(action, invite)
        elif action == "pair-copy":
            self.copy(invite.link, lambda note: setattr(invite, "note", note))
        elif action == "pair-share":
            self.share(invite.link)
        elif action == "pair-accept":
            box = self.browser.query(f'[data-pairing="invite"][data-seat="{invite.seat}"] input[name="reply"]')
            text = str(box.value) if box is not None else ""
            asyncio.ensure_future(self.accept(invite, text))

    async def accept(self, invite: Invite, text: str) -> bool:
        """The reply ``text`` for ``invite``; a bad one is named and changes nothing."""
        link = self.links.get(invite.seat)
        if link is None or invite.state not in (WAITING, AWAY):
            return False
        try:
            await link.accept(text)
        except JsException as exc:
            invite.note = bad_reply(link_error(exc))
            self.render()
            return False
        if invite.state in (WAITING, AWAY):  # (the guest's hello may have come meanwhile)
            invite.note = Message("pair.connecting")
        self.render()
        return True

    def listen_for_replies(self) -> None:
        """Another tab of this browser opened a reply: the invitation it answers takes it."""
        if self.channel is not None or js(getattr(self.browser.window, "BroadcastChannel", None)) is None:
            return
        self.channel = self.browser.window.BroadcastChannel.new(CHANNEL)
        self.listen(self.channel, "message", self.on_reply)

    def on_reply(self, event: Any) -> None:
        data = event.data
        if js(data) is None or getattr(data, "kind", None) != "reply" or not isinstance(data.link, str):
            return
        text = data.link

        async def run() -> None:
            for invite in list(self.pairing.invites if self.pairing else []):
                if invite.state in (WAITING, AWAY) and await self.accept_quietly(invite, text):
                    self.channel.postMessage(self.browser.js_object({"kind": "taken", "link": text}))
                    return
        asyncio.ensure_future(run())

    async def accept_quietly(self, invite: Invite, text: str) -> bool:
        """``accept``, but a reply to another invitation is no news for this one."""
        link = self.links.get(invite.seat)
        if link is None:
            return False
        try:
            read = await (await link_module(self.browser)).readLink(text)
        except JsException:
            return False
        if str(read.kind) != "reply" or str(read.id) != str(link.id):
            return False
        return await self.accept(invite, text)


class ReplyTab(PairingPanel):
    """A tab opened with a guest's reply (``#reply=``): it hands the reply to the tab of
    this browser whose invitation waits for it, and says whether one took it."""

    def start(self, href: str) -> None:
        self.pairing = Pairing("reply", note=Message("pair.connecting"))
        self.render()
        window = self.browser.window
        if js(getattr(window, "BroadcastChannel", None)) is None:
            self.said(False)
            return
        channel = window.BroadcastChannel.new(CHANNEL)
        self.channel = channel

        def heard(event: Any) -> None:
            data = event.data
            if getattr(data, "kind", None) == "taken" and str(getattr(data, "link", "")) == href:
                self.said(True)

        self.listen(channel, "message", heard)
        channel.postMessage(self.browser.js_object({"kind": "reply", "link": href}))

        async def wait() -> None:
            await asyncio.sleep(HANDED_MS / 1000)
            if self.pairing is not None and self.pairing.note == Message("pair.connecting"):
                self.said(False)
        asyncio.ensure_future(wait())

    def said(self, taken: bool) -> None:
        if self.pairing is not None:
            self.pairing.note = Message("pair.reply_handed" if taken else "pair.reply_nobody")
            self.render()

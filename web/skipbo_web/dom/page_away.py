"""A seat whose person is away, on the host's page (issue 38 part 2): the host's choice for
it (the buttons of ``views.away`` in its player area: wait, the computer plays it until the
person is back, or end the game), and that seat's invitation offered again, with a new
link, so that its person rejoins with one scan. ``HostPairing`` has one; the table
(``remote.host.TableHost``) keeps the choice, the controller follows it (``stand_in``)."""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING, Any, Protocol

from ..state.pairing import CONNECTED
from ..state.store import GAME, TABLE
from .page_dom import JsException, attr

if TYPE_CHECKING:
    from ..remote.host import Out, TableHost
    from ..state.pairing import Invite, Pairing
    from ..state.store import Store
    from .page_computer import ComputerTurns


class Host(Protocol):
    """What of the host's pairing (``page_pairing.HostPairing``) the away seats use."""

    store: Store
    computer: ComputerTurns
    table: TableHost | None
    pairing: Pairing | None
    links: dict[int, Any]

    def dispatch(self, outs: list[Out]) -> None: ...
    def invite(self, seat: int) -> Invite | None: ...
    def render(self) -> None: ...
    async def make_invitations(self, table: TableHost, only: list[Invite] | None = None) -> None: ...


class AwaySeats:
    """The host's side of the seats whose person is away, for ``host`` (its table, its
    invitations and their links)."""

    def __init__(self, host: Host) -> None:
        self.host = host

    def choose(self, el: Any) -> None:
        """A choice button of an away seat's player area (``data-seat``, ``data-choice``);
        a seat that is no longer away, or a game that is over, changes nothing."""
        from ..remote.host import END

        seat_text, choice = attr(el, "data-seat"), attr(el, "data-choice")
        host = self.host
        table = host.table
        if table is None or not seat_text or not seat_text.isdigit() or choice is None:
            return
        try:
            outs = table.choose(int(seat_text), choice)
        except ValueError:
            return
        host.dispatch(outs)
        if choice == END:
            state = host.store.state
            # saved, counted and drawn as every game that ends
            host.store.update(GAME, table=state.ctrl.greeted(state.table))
        self.follow_choices()

    def follow_choices(self) -> None:
        """The controller plays the seats the host let the computer play (and no others),
        then the page is drawn and the computer moves if it is its turn."""
        from ..remote.host import COMPUTER

        host = self.host
        state = host.store.state
        ctrl, table = state.ctrl, state.table
        changed = False
        if host.table is not None and host.table.game is ctrl.game:
            before = ctrl.stand_ins
            table = ctrl.stand_in(table, frozenset(s for s, c in host.table.away().items() if c == COMPUTER))
            if before - ctrl.stand_ins:
                host.computer.stop()  # its person is back: the computer's turn for the seat stops at once
            changed = before != ctrl.stand_ins
        # the seats connected and those the computer plays: drawn with the table; the choice
        # is saved with the game (``Controller.match_data``), so that it outlives a reload
        host.store.update(*((TABLE, GAME) if changed else (TABLE,)), table=table)
        host.computer.play_if_due()

    def ended(self) -> None:
        """The game is over: no invitation is offered any more (their tokens take no seat);
        the guests at the table stay, to see the end."""
        host = self.host
        if host.pairing is None or all(i.state == CONNECTED for i in host.pairing.invites):
            return
        for invite in host.pairing.invites:
            if invite.state != CONNECTED:
                self.drop_link(invite.seat)
        host.pairing.invites = [i for i in host.pairing.invites if i.state == CONNECTED]
        host.render()

    def drop_link(self, seat: int) -> None:
        """Close ``seat``'s link, if it has one, and hear it no more."""
        old = self.host.links.pop(seat, None)
        if old is not None:
            try:
                old.close()
            except JsException:
                pass

    def offer_again(self, seat: int) -> None:
        """``seat``'s person left: its invitation is offered again with a new link (the
        token takes the seat again; the old link's connection is gone)."""
        from ..remote.invites import InviteError

        host = self.host
        table, invite = host.table, host.invite(seat)
        if table is None or invite is None:
            return
        try:
            table.invites.reopen(seat)
        except InviteError:  # the game is over: nothing to offer
            self.ended()
            return
        self.drop_link(seat)
        invite.link = None
        asyncio.ensure_future(host.make_invitations(table, [invite]))

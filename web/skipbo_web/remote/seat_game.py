"""The guest's table as the page's views draw it: a ``Controller`` whose game is built from
the seat view its host sent (``Game.from_view``, as ``GuestTable.legal_moves`` asks the
engine), so the same table view, clicks and refusals serve. A move the engine allows is
not played here: it goes to the host (``send``), whose answer brings the next view."""

from __future__ import annotations

import random
from collections.abc import Callable

from skipbo_core import Game

from ..state.controller import Answer, Controller
from ..state.messages import Message
from ..state.outcome import PutBack
from ..state.settings import Settings
from ..state.table_state import NOTHING_PICKED, TableState
from .guest import GuestTable


class SeatGame(Controller):
    """The table from a guest's seat; ``send(move)`` hands a move the engine allows to the
    host (and returns the message to show, or ``None`` when it was sent)."""

    send: Callable[[str], Message | None]
    deals = False  # the host deals the next game ("Play again" on its device)

    def play(self, text: str, table: TableState = NOTHING_PICKED) -> Answer:
        refused = self.refusal(text)  # the rules, asked of the engine here; the host decides again
        if refused is not None:
            return self.refuse(table, refused)
        said = self.send(text)
        # nothing played here: the host's answer shows it
        return Answer(TableState(said if said is not None else Message("pair.sent")), PutBack(text))


def seat_game(guest: GuestTable, send: Callable[[str], Message | None]) -> SeatGame:
    """The controller of the table ``guest`` was welcomed to, at its latest view. Its own
    seat is the person here; the other people are on other devices (``connected``); the
    computer's seats never move here (``halted``): the host plays them."""
    view = guest.view
    if view is None or guest.seat is None:
        raise ValueError("the host has not welcomed this page yet")
    game = Game.from_view(view, random.Random(0))
    game.players = [{"name": name, "kind": kind if kind == "human" or kind.startswith("ai:") else "human"}
                    for name, kind in guest.players]
    others = [s for s, (_, kind) in enumerate(guest.players) if s != guest.seat and not kind.startswith("ai:")]
    ctrl = SeatGame(game, Settings(players=view.players), remote=[], practice=False)
    ctrl.kinds = ["human" if s == guest.seat else "remote" if s in others else k for s, k in enumerate(ctrl.kinds)]
    ctrl.computers = {}
    ctrl.connected = frozenset(others)
    ctrl.last_human = ctrl.revealed = guest.seat
    ctrl.send = send
    ctrl.opening = TableState(ctrl.greeting())
    ctrl.halted = True  # after the greeting: "the computer is playing", not a puzzle's turn over
    return ctrl

"""The guest's side of a table played across devices (docs/PROTOCOL.md): the seat view its
host sends, kept up to date by the host's numbered updates, and the moves to send back.

``GuestTable`` knows no transport: the page sends ``hello()`` on a new connection, hands
each message from the host to ``receive`` (which returns what to send back: a request for
the whole view when an update is missing) and sends ``play(move)`` for a move of its seat.
It decides no rule: the host's engine does; ``legal_moves`` asks the engine what the view
allows, to light up the piles.
"""

from __future__ import annotations

import random
from typing import Any

from skipbo_core import Game, Move, SeatView

from ..state.settings import clean_name
from .wire import Event, Hello, Over, Play, Refused, Resync, Update, Welcome, WireError, encode, read_from_host


class GuestTable:
    """A guest's page at a host's table, invited by ``token`` (``key``: the seat key from an
    earlier visit, to take the seat back)."""

    def __init__(self, token: str, key: str | None = None, name: str = "") -> None:
        self.token, self.key, self.name = token, key, name
        self.game: str | None = None
        self.seat: int | None = None
        self.view: SeatView | None = None
        self.n = 0                      # the latest change of the table this page shows
        self.players: tuple[tuple[str, str], ...] = ()
        self.log: list[Event] = []      # the changes this page knows, oldest first
        self.record: dict[str, Any] | None = None
        self.refusal: Refused | None = None   # why the host refused this page's last message
        self.pending: Play | None = None      # a move sent and not yet answered
        self.asked = False                    # the whole view asked for and not yet come

    @property
    def seated(self) -> bool:
        return self.view is not None

    def hello(self) -> str:
        """The first message on a connection: take (or take back) the seat."""
        return encode(Hello(self.token, self.key, self.name))

    def resync(self) -> str:
        """Ask for the whole seat view (after a long wait for an answer, say)."""
        self.asked = True
        self.pending = None
        return encode(Resync())

    def legal_moves(self) -> list[Move]:
        """The moves the engine allows this seat now (none while it is not its turn, or a
        move is on its way): what the page lights up."""
        view = self.view
        if view is None or not view.my_turn or view.is_over or self.pending is not None or self.asked:
            return []
        return Game.from_view(view, random.Random(0)).legal_moves()

    def play(self, move: Move | str) -> str:
        """The message for ``move`` of this seat (``InvalidMove`` for bad notation;
        ``ValueError`` when it is not this seat's turn or a move is still on its way)."""
        m = move if isinstance(move, Move) else Move.parse(move)
        view = self.view
        if view is None or not view.my_turn or view.is_over:
            raise ValueError("it is not this seat's turn")
        if self.pending is not None or self.asked:
            raise ValueError("the host has not answered the last message yet")
        self.pending = Play(self.n, str(m))
        self.refusal = None
        return encode(self.pending)

    def record_agrees(self) -> bool | None:
        """Whether the record the host sent at the end replays, in the engine, to the table
        this page shows (``None``: no record yet). ``False`` means the host's game is not the
        one its guests saw: a host that changed it, or a record damaged on the way."""
        if self.record is None or self.view is None or self.seat is None:
            return None
        try:
            game = Game.from_record(self.record)
        except ValueError:
            return False
        return game.is_over and game.view(self.seat) == self.view

    def receive(self, text: object) -> list[str]:
        """Take in a message from the host; returns the messages to send back. A message
        that cannot be read raises ``WireError`` and changes nothing."""
        message = read_from_host(text)
        if isinstance(message, Welcome):
            self._welcome(message)
            return []
        if isinstance(message, Over):
            self.record = message.record
            return []
        if self.view is None:  # nothing before the seat is taken but a refusal
            if isinstance(message, Refused):
                self.refusal = message
            return []
        if isinstance(message, Refused):
            self.refusal, self.pending = message, None
            behind = message.code == "stale" or message.n > self.n
            return self._ask() if behind else []
        assert isinstance(message, Update)
        event = message.event
        if event.n <= self.n:
            return []  # seen already
        if event.n > self.n + 1:
            return self._ask()  # one missing: the whole view, rather than a table that differs
        if message.view.seat != self.seat:
            raise WireError("shape", f"an update for seat {message.view.seat}, this page plays seat {self.seat}")
        self.n, self.view = event.n, message.view
        self.log.append(event)
        self.pending = None
        return []

    def _welcome(self, welcome: Welcome) -> None:
        if welcome.game != self.game:  # a new game at the table ("Play again")
            self.record, self.refusal = None, None
        self.pending = None  # answered or lost, the view says which; a move sent again is "stale" if it was played
        self.game, self.seat, self.key = welcome.game, welcome.seat, welcome.key
        self.players = tuple((clean_name(name), kind) for name, kind in welcome.players)  # text, never markup
        self.n, self.view = welcome.n, welcome.view
        self.log = list(welcome.recent)
        self.asked = False

    def _ask(self) -> list[str]:
        if self.asked:
            return []
        return [self.resync()]

"""The host's side of a table played across devices (docs/PROTOCOL.md): it holds the game,
takes from each guest a move for the guest's own seat and nothing else, and sends each
guest only what its seat may see.

``TableHost`` knows no transport: the page hands it each message a connection brought
(``receive``) and each connection that closed (``disconnect``), and sends what it returns
(``Send``, ``Close``). A move made on the host's page (its own seat, a computer seat, a seat
whose guest is away) goes through ``play`` so that the guests hear of it.

While a remote seat is away the host chooses for it (``choose``): ``wait`` for its player
(nobody plays the seat; the default), ``computer`` (the host's page plays it until the
player is back: ``computer_plays``) or ``end`` the game. The table keeps the choice
(``away``) until the seat's player takes the seat back.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Hashable, Iterable
from dataclasses import dataclass

from skipbo_core import Game, IllegalMove, InvalidMove, Move

from ..state.settings import clean_name
from .invites import Invitations, InviteError, new_secret
from .rate import RateLimit
from .wire import (
    RECENT,
    Event,
    Hello,
    Over,
    Play,
    Refused,
    Resync,
    Update,
    Welcome,
    WireError,
    encode,
    read_from_guest,
)


@dataclass(frozen=True)
class Send:
    """Send ``text`` on connection ``to``."""

    to: Hashable
    text: str


@dataclass(frozen=True)
class Close:
    """Close connection ``to`` (after what was sent on it)."""

    to: Hashable


Out = Send | Close

WAIT, COMPUTER, END = "wait", "computer", "end"
AWAY_CHOICES = (WAIT, COMPUTER, END)
"""What the host may choose for a seat whose player is away."""


class TableHost:
    """A game (dealt from a deck, so that it has a record) with ``remote_seats`` played on
    other devices. ``clock`` gives seconds for the flood limit."""

    def __init__(self, game: Game, remote_seats: Iterable[int] = (), *, invites: Invitations | None = None,
                 make_secret: Callable[[], str] = new_secret, clock: Callable[[], float] = time.monotonic,
                 apply: Callable[[str], object] | None = None) -> None:
        """``invites``: the invitations saved with the game (``Invitations.to_dict``) when the
        host's page comes back after a reload; their seats are the remote seats. ``apply``
        plays a guest's move (checked: its seat, its turn) on the host's page, which then
        draws it (default: ``Game.play``); it raises what ``Game.play`` raises."""
        seats = list(invites.seats) if invites is not None else sorted(set(remote_seats))
        if not seats or any(type(s) is not int or not 0 <= s < game.rules.players for s in seats):
            raise ValueError(f"remote seats must be seats of the table, not {seats}")
        self.invites = invites if invites is not None else Invitations(seats, make_secret)
        self.game = game
        self.events: list[Event] = []
        self.choices: dict[int, str] = {}  # an away seat the computer plays: COMPUTER (else it waits)
        self._start(game)
        self.clock = clock
        self.rates: dict[Hashable, RateLimit] = {}
        self.apply: Callable[[str], object] = apply if apply is not None else (lambda move: self.game.play(move))

    def _start(self, game: Game) -> None:
        if game.deck is None:
            raise ValueError("a table played across devices needs a game dealt from a deck (it has a record)")
        self.game = game
        self.events = [Event(e.index + 1, e.seat, str(e.move), e.card) for e in game.log()]
        self.told = len(game.moves)  # the moves the guests have heard of
        if game.result is not None and game.result.reason == "resigned":
            self.events.append(Event(len(self.events) + 1, game.current_seat, None, None))
        if game.is_over:
            self.invites.expire()

    @property
    def n(self) -> int:
        """How many changes the table has seen (moves, and the host ending the game)."""
        return len(self.events)

    def players(self) -> tuple[tuple[str, str], ...]:
        """Each seat's (name, kind), as every device may see them."""
        return tuple((p["name"], p["kind"]) for p in self.game.players)

    # -- the host's page ------------------------------------------------------------------

    def play(self, move: Move | str) -> list[Out]:
        """Play ``move`` for the seat to move from the host's page: its own seat, a computer
        seat, or a remote seat whose guest is away and that the host let the computer play.
        The engine's ``InvalidMove`` and ``IllegalMove`` as ``Game.play`` raises them;
        ``ValueError`` for a seat a guest plays or one that waits for its player."""
        seat = self.game.current_seat
        if seat in self.invites.seats and self.invites.conn(seat) is not None:
            raise ValueError(f"seat {seat + 1} is played from another device")
        if seat in self.invites.seats and not self.computer_plays(seat):
            raise ValueError(f"seat {seat + 1} waits for its player")
        return self._apply(seat, move)

    def away(self) -> dict[int, str]:
        """Each remote seat nobody plays from another device now, and what the host chose
        for it: ``wait`` or ``computer`` (none once the game is over)."""
        if self.game.is_over:
            return {}
        return {seat: self.choices.get(seat, WAIT) for seat in self.invites.away()}

    def computer_plays(self, seat: int) -> bool:
        """Whether the host's page plays ``seat`` for its player, who is away."""
        return self.away().get(seat) == COMPUTER

    def choose(self, seat: int, choice: str) -> list[Out]:
        """The host's choice for ``seat``, whose player is away (``AWAY_CHOICES``): wait for
        the player, let the computer play the seat until the player is back, or end the
        game (the guests hear of it). ``ValueError`` for a seat that is not away, a game
        that is over, or another choice; nothing changes then."""
        if choice not in AWAY_CHOICES:
            raise ValueError(f"the choices for a seat whose player is away are {AWAY_CHOICES}, not {choice!r}")
        if self.game.is_over:
            raise ValueError("the game is over")
        if seat not in self.away():
            raise ValueError(f"seat {seat} is not a seat whose player is away")
        if choice == END:
            return self.end()
        if choice == COMPUTER:
            self.choices[seat] = COMPUTER
        else:
            self.choices.pop(seat, None)
        return []

    def end(self) -> list[Out]:
        """The host ends the game (no winner): the guests hear of it and get the record."""
        self.game.resign()
        return self._after(Event(self.n + 1, self.game.current_seat, None, None))

    def deal(self, game: Game) -> list[Out]:
        """Play again: ``game``, a new deal for the same seats, replaces the game. The guests
        keep their seats (and names) and get its first view; the old invitations expire
        and each seat has a new one (``invites.token``)."""
        if game.rules.players != self.game.rules.players or game.deck is None:
            raise ValueError(f"a new game for this table has {self.game.rules.players} seats and a deck")
        names = [p["name"] for p in self.game.players]
        self.invites.next_game()
        self._start(game)
        for seat in self.invites.seats:
            game.players[seat] = {**game.players[seat], "name": names[seat]}
        out: list[Out] = []
        for seat in self.invites.seats:
            conn = self.invites.conn(seat)
            if conn is not None:
                out += self._welcome(conn, seat)
        return out

    # -- the guests ---------------------------------------------------------------------

    def receive(self, conn: Hashable, text: object) -> list[Out]:
        """What to answer message ``text`` from connection ``conn``. Whatever it is, the game
        changes only by a legal move of the seat ``conn`` holds, when that seat is to move."""
        rate = self.rates.setdefault(conn, RateLimit())
        if not rate.allow(self.clock()):  # one word when the flood starts, then silence
            return [self._refuse(conn, "flood")] if rate.refused == 1 else []
        try:
            message = read_from_guest(text)
        except WireError as exc:
            return [self._refuse(conn, exc.code)]
        if isinstance(message, Hello):
            return self._hello(conn, message)
        seat = self.invites.seat_of(conn)
        if seat is None:
            return [self._refuse(conn, "not-seated")]
        if isinstance(message, Resync):
            return self._welcome(conn, seat)
        assert isinstance(message, Play)
        return self._guest_move(conn, seat, message)

    def disconnect(self, conn: Hashable) -> int | None:
        """Connection ``conn`` closed: its seat (returned, if it held one) is away."""
        self.rates.pop(conn, None)
        return self.invites.release(conn)

    def _hello(self, conn: Hashable, hello: Hello) -> list[Out]:
        try:
            claim = self.invites.claim(hello.token, hello.key, conn)
        except InviteError as exc:
            return [self._refuse(conn, exc.code), Close(conn)]
        self.choices.pop(claim.seat, None)  # the player is back: the computer stops, and a next drop waits
        name = clean_name(hello.name)
        if name:
            self.game.players[claim.seat] = {**self.game.players[claim.seat], "name": name}
        out: list[Out] = [] if claim.replaced is None else [Close(claim.replaced)]
        if claim.replaced is not None:
            self.rates.pop(claim.replaced, None)
        out += self._welcome(conn, claim.seat)
        for other in self.invites.seats:  # the others see the new name
            there = self.invites.conn(other)
            if name and other != claim.seat and there is not None:
                out += self._welcome(there, other)
        return out

    def _guest_move(self, conn: Hashable, seat: int, play: Play) -> list[Out]:
        if self.game.is_over:
            return [self._refuse(conn, "game-over", play.move)]
        if play.n != self.n:
            return [self._refuse(conn, "stale", play.move)]
        if self.game.current_seat != seat:
            return [self._refuse(conn, "not-your-turn", play.move)]
        try:
            return self._apply(seat, play.move)
        except InvalidMove:
            return [self._refuse(conn, "bad-notation", play.move)]
        except IllegalMove as exc:
            return [Send(conn, encode(Refused(exc.code, self.n, play.move, dict(exc.details))))]

    def follow(self) -> list[Out]:
        """The game changed on the host's page (a move of its own seat, the computer's): the
        guests hear of each move played since they last heard."""
        out: list[Out] = []
        for entry in self.game.log(self.told) if len(self.game.moves) > self.told else []:
            self.told = entry.index + 1
            out += self._after(Event(self.n + 1, entry.seat, str(entry.move), entry.card))
        return out

    def _apply(self, seat: int, move: Move | str) -> list[Out]:
        Move.parse(str(move))  # InvalidMove for bad notation, before anything is played
        self.apply(str(move))
        return self.follow()

    def _after(self, event: Event) -> list[Out]:
        """Tell every guest at the table of ``event``; at the end, send the record."""
        self.events.append(event)
        over = self.game.is_over
        if over:
            self.invites.expire()
        out: list[Out] = []
        for seat in self.invites.seats:
            conn = self.invites.conn(seat)
            if conn is not None:
                out.append(Send(conn, encode(Update(event, self.game.view(seat)))))
                if over:
                    out.append(Send(conn, encode(Over(self.game.to_record()))))
        return out

    def _welcome(self, conn: Hashable, seat: int) -> list[Out]:
        claimed = self.invites.key(seat)
        welcome = Welcome(self.invites.game, seat, claimed, self.players(), self.n, self.game.view(seat),
                          tuple(self.events[-RECENT:]))
        out: list[Out] = [Send(conn, encode(welcome))]
        if self.game.is_over:
            out.append(Send(conn, encode(Over(self.game.to_record()))))
        return out

    def _refuse(self, conn: Hashable, code: str, move: str | None = None) -> Send:
        return Send(conn, encode(Refused(code, self.n, move)))

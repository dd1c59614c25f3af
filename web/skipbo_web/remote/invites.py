"""Invitations: who may sit where at a host's table (docs/PROTOCOL.md, "Seats").

An invitation is for one seat of one game: a random token per seat. The first page that
brings the token takes the seat and gets a seat key; from then on only that key takes the
seat back (after a drop), and a second joiner with the token alone is refused, until the
host offers the seat's invitation again (``reopen``). Every token expires when the game
ends; a seat key still brings its player back, to see the result. Connections are
whatever the transport names them by (any hashable value).
"""

from __future__ import annotations

import hmac
import json
import secrets
from collections.abc import Callable, Hashable, Iterable
from dataclasses import dataclass
from typing import Any

from skipbo_core.jsonread import JSONInputError, brief, read_json
from skipbo_core.rules import MAX_PLAYERS

from ..state.settings import MAX_NAME, clean_name
from .wire import is_secret


def new_secret() -> str:
    """A fresh random token or key: 22 URL-safe characters (128 bits)."""
    return secrets.token_urlsafe(16)


class InviteError(ValueError):
    """A hello that takes no seat. ``code``: ``bad-invitation`` (no such token, or its
    game is over) or ``seat-taken`` (the seat is someone else's)."""

    def __init__(self, code: str, message: str) -> None:
        self.code = code
        super().__init__(message)


@dataclass
class _Seat:
    token: str
    key: str | None = None        # set when the seat is first taken
    conn: Hashable | None = None  # the connection playing it now


@dataclass(frozen=True)
class Claim:
    """A seat taken: ``seat``, its ``key``, and ``replaced``, an earlier connection of the
    same seat that is to be closed (``None`` when there was none)."""

    seat: int
    key: str
    replaced: Hashable | None


class Invitations:
    """The invitations of one game, one per remote seat."""

    def __init__(self, seats: Iterable[int], make_secret: Callable[[], str] = new_secret) -> None:
        self._make = make_secret
        self.game = make_secret()
        self._seats = {seat: _Seat(make_secret()) for seat in seats}
        self.expired = False

    @property
    def seats(self) -> tuple[int, ...]:
        """The remote seats, in order."""
        return tuple(sorted(self._seats))

    def token(self, seat: int) -> str:
        """The invitation token of ``seat`` (``KeyError`` for a seat that is not remote)."""
        return self._seats[seat].token

    def conn(self, seat: int) -> Hashable | None:
        """The connection that plays ``seat`` now (``None``: nobody, or away)."""
        return self._seats[seat].conn

    def key(self, seat: int) -> str:
        """The key of ``seat``, once a page took it (``ValueError`` before)."""
        key = self._seats[seat].key
        if key is None:
            raise ValueError(f"nobody has taken seat {seat + 1} yet")
        return key

    def seat_of(self, conn: Hashable) -> int | None:
        """The seat ``conn`` plays, or ``None``."""
        return next((s for s, place in self._seats.items() if place.conn == conn), None)

    def away(self) -> tuple[int, ...]:
        """The remote seats nobody plays from another device now."""
        return tuple(s for s in self.seats if self._seats[s].conn is None)

    def claim(self, token: str, key: str | None, conn: Hashable) -> Claim:
        """Seat ``conn`` at the seat of ``key`` (a seat key, in this game or the one before)
        or else of ``token``; ``InviteError`` when it may not sit there."""
        seat = self._find(key, by_key=True) if key is not None else None
        if seat is None:
            seat = self._find(token, by_key=False)
            if seat is None:
                raise InviteError("bad-invitation", "this invitation is for no seat of this game")
            held = self._seats[seat]
            same_page = held.key is not None and held.conn == conn  # its welcome was lost: it asks again
            if self.expired and not same_page:
                raise InviteError("bad-invitation", "the game of this invitation is over")
            if held.key is not None and not same_page:
                raise InviteError("seat-taken", f"seat {seat + 1} is taken")
        place = self._seats[seat]
        other = self.seat_of(conn)
        if other is not None and other != seat:
            raise InviteError("seat-taken", f"this connection plays seat {other + 1} already")
        if place.key is None:
            place.key = self._make()
        replaced = place.conn if place.conn != conn else None
        place.conn = conn
        return Claim(seat, place.key, replaced)

    def _find(self, secret: str, by_key: bool) -> int | None:
        """The seat whose key (or token) is ``secret``, compared in constant time."""
        found = None
        for seat, place in self._seats.items():
            mine = place.key if by_key else place.token
            if mine is not None and hmac.compare_digest(mine, secret):
                found = seat
        return found

    def release(self, conn: Hashable) -> int | None:
        """``conn`` is gone: its seat (returned) is away until its key brings it back."""
        seat = self.seat_of(conn)
        if seat is not None:
            self._seats[seat].conn = None
        return seat

    def reopen(self, seat: int) -> str:
        """Offer ``seat``'s invitation again (its player lost the key, say): the next page
        with the token takes the seat, and the old key no longer does. Only for a seat that
        is away (``InviteError`` ``seat-taken`` otherwise) of a game in progress. Returns the token."""
        place = self._seats[seat]
        if self.expired:
            raise InviteError("bad-invitation", "the game of this invitation is over")
        if place.conn is not None:
            raise InviteError("seat-taken", f"seat {seat + 1} is played now")
        place.key = None
        return place.token

    def next_game(self) -> None:
        """A new game at the same table ("Play again"): a new game id and new tokens (the old
        invitations take nothing); each seat keeps its player, connection and key."""
        self.game = self._make()
        for place in self._seats.values():
            place.token = self._make()
        self.expired = False

    def to_dict(self) -> dict[str, Any]:
        """What the host's page saves beside its game, so that its guests take their seats
        back with their keys after the host's page is reloaded (connections are not kept)."""
        return {"game": self.game, "expired": self.expired,
                "seats": [[s, p.token, p.key] for s, p in sorted(self._seats.items())]}

    @classmethod
    def from_dict(cls, data: Any, make_secret: Callable[[], str] = new_secret) -> Invitations:
        """The invitations ``to_dict`` saved, every seat away; ``ValueError`` when ``data``
        is not what it wrote."""
        ok = (isinstance(data, dict) and set(data) == {"game", "expired", "seats"} and is_secret(data["game"])
              and type(data["expired"]) is bool and isinstance(data["seats"], list) and data["seats"]
              and all(isinstance(row, list) and len(row) == 3 and type(row[0]) is int and 0 <= row[0] < MAX_PLAYERS
                      and is_secret(row[1]) and (row[2] is None or is_secret(row[2])) for row in data["seats"])
              and len({row[0] for row in data["seats"]}) == len(data["seats"]))
        if not ok:
            raise ValueError(f"saved invitations are not what Invitations.to_dict writes: {brief(data)}")
        invites = cls((), make_secret)
        invites.game, invites.expired = data["game"], data["expired"]
        invites._seats = {seat: _Seat(token, key) for seat, token, key in data["seats"]}
        return invites

    def expire(self) -> None:
        """The game is over: no token takes a seat any more (a seat's key still takes it back)."""
        self.expired = True


def write_meta(host: str, token: str) -> str:
    """The words an invitation link carries (link.mjs ``meta``): the host's name and the
    seat's token, as ``read_meta`` reads them."""
    return json.dumps({"host": host, "token": token}, separators=(",", ":"))


def read_meta(text: str) -> tuple[str, str] | None:
    """The host's name and the seat's token from an invitation's words (link.mjs ``meta``,
    JSON written by ``page_pairing``); ``None`` when they are not that."""
    try:
        data = read_json(text, "invitation", max_chars=512, max_depth=1)
    except JSONInputError:
        return None
    if not (isinstance(data, dict) and set(data) == {"host", "token"} and is_secret(data["token"])
            and isinstance(data["host"], str) and len(data["host"]) <= MAX_NAME):
        return None
    return clean_name(data["host"]), data["token"]

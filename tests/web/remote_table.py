"""A table across devices without a browser, for the remote/ tests: a ``TableHost``, one
``GuestTable`` per remote seat, and a network between them that may lose messages and
drop connections. It keeps every message each guest received, and the engine's view of
each seat after each change of the table, for the checks of what a guest may see."""

from __future__ import annotations

import itertools
import json
import random
from collections import deque
from typing import Any

from skipbo_web.remote.guest import GuestTable
from skipbo_web.remote.host import Close, Out, Send, TableHost
from skipbo_web.remote.invites import Invitations

from skipbo_core import Game


class Network:
    """``host`` and ``guests`` (by seat) joined by connections numbered as made; ``loss`` is
    the chance that a message from the host is lost."""

    def __init__(self, game: Game, remote: list[int], rng: random.Random, loss: float = 0.0) -> None:
        self.rng = rng
        self.loss = loss
        self.now = 0.0
        secrets = (f"s{rng.getrandbits(64):x}{k}" for k in itertools.count())
        self.host = TableHost(game, remote, make_secret=lambda: next(secrets), clock=lambda: self.now)
        self.guests = {seat: GuestTable(self.host.invites.token(seat), name=f"Guest {seat + 1}") for seat in remote}
        self.conn: dict[int, int | None] = dict.fromkeys(remote)
        self.queue: deque[tuple[int, str]] = deque()
        self.received: dict[int, list[str]] = {seat: [] for seat in remote}
        self.views: dict[int, dict[int, dict[str, Any]]] = {}   # n -> seat -> the engine's view as a dict
        self.hidden: dict[int, dict[str, Any]] = {}             # n -> what no guest may see then
        self._ids = itertools.count(1)
        self.note()

    def note(self) -> None:
        """Keep the engine's views and the hidden cards at the host's latest change."""
        game, n = self.host.game, self.host.n
        self.views[n] = {s: game.view(s).to_dict() for s in range(game.rules.players)}
        self.hidden[n] = {"hands": {s: game.view(s).hand for s in range(game.rules.players)},
                          "draw": game.draw_pile, "stocks": [game.stock(s) for s in range(game.rules.players)]}

    def seat_of(self, conn: int) -> int | None:
        return next((s for s, c in self.conn.items() if c == conn), None)

    def route(self, outs: list[Out]) -> None:
        for out in outs:
            if isinstance(out, Close):
                seat = self.seat_of(out.to)
                if seat is not None:
                    self.conn[seat] = None
                self.host.disconnect(out.to)
            elif isinstance(out, Send) and self.rng.random() >= self.loss:
                self.queue.append((out.to, out.text))

    def to_host(self, seat: int, text: str) -> None:
        conn = self.conn[seat]
        if conn is not None:
            self.now += 0.5
            self.route(self.host.receive(conn, text))

    def pump(self) -> None:
        """Deliver everything on its way, and the answers to it, until nothing is left."""
        while self.queue:
            conn, text = self.queue.popleft()
            seat = self.seat_of(conn)
            if seat is None:
                continue  # the connection is gone: what was on it is lost
            self.received[seat].append(text)
            for reply in self.guests[seat].receive(text):
                self.to_host(seat, reply)

    def connect(self, seat: int) -> None:
        """A new connection for ``seat``'s page, which says hello on it."""
        self.conn[seat] = next(self._ids)
        self.to_host(seat, self.guests[seat].hello())
        self.pump()

    def drop(self, seat: int) -> None:
        conn = self.conn[seat]
        if conn is not None:
            self.conn[seat] = None
            self.host.disconnect(conn)

    def reload_host(self) -> None:
        """The host's tab is reloaded: the game comes back from its record and the
        invitations from what was saved beside it (as JSON); every connection is gone."""
        saved = json.loads(json.dumps({"record": self.host.game.to_record(), "invites": self.host.invites.to_dict()}))
        self.conn = dict.fromkeys(self.conn)
        self.queue.clear()
        self.host = TableHost(Game.from_record(saved["record"]), invites=Invitations.from_dict(saved["invites"]),
                              clock=lambda: self.now)
        self.note()

    def host_move(self, move: Any) -> None:
        self.route(self.host.play(move))
        self.note()

    def choose(self, seat: int, choice: str) -> None:
        """The host's choice for ``seat``, whose player is away."""
        self.route(self.host.choose(seat, choice))
        self.note()

    def guest_move(self, seat: int, move: Any) -> None:
        self.to_host(seat, self.guests[seat].play(move))
        self.note()


# -- what a guest may see -----------------------------------------------------------------------

MESSAGE_KEYS = {"welcome": {"v", "kind", "game", "seat", "key", "players", "n", "view", "recent"},
                "update": {"v", "kind", "event", "view"}, "refused": {"v", "kind", "code", "n", "move", "details"},
                "over": {"v", "kind", "record"}}


def int_lists(value: Any, path: tuple[str, ...] = ()) -> list[tuple[tuple[str, ...], list[int]]]:
    """Every list of whole numbers in ``value``, with its path of keys."""
    if isinstance(value, dict):
        return [found for k, v in value.items() for found in int_lists(v, (*path, k))]
    if isinstance(value, list):
        ints = [v for v in value if type(v) is int]
        own = [(path, ints)] if ints else []
        return own + [found for v in value if isinstance(v, (list, dict)) for found in int_lists(v, path)]
    return []


def runs(cards: tuple, length: int) -> set[tuple]:
    return {tuple(cards[i:i + length]) for i in range(len(cards) - length + 1)}


def leaks(net: Network, seat: int, text: str) -> list[str]:
    """What message ``text``, received by ``seat``, shows that the seat may not see: a
    field the protocol has not, a view other than the engine's ``SeatView`` of the seat
    at that change, and anywhere else another hand, or six cards in a row of the draw
    pile, a stock or the deck. The record ('over') is allowed once the game is over."""
    data = json.loads(text)
    kind = data.get("kind")
    if kind not in MESSAGE_KEYS or set(data) != MESSAGE_KEYS[kind]:
        return [f"a message of kind {kind} with fields {sorted(data)}"]
    if kind == "over":
        return [] if net.host.game.is_over else ["the record before the game is over"]
    n = data["event"][0] if kind == "update" else data["n"]
    found = []
    if "view" in data and data.pop("view") != net.views[n][seat]:
        found.append(f"a view at change {n} that is not the engine's view of seat {seat}")
    hidden = net.hidden[n]
    hands = {tuple(h) for s, h in hidden["hands"].items() if s != seat and len(h) >= 3}
    rows = runs(hidden["draw"], 6) | runs(net.host.game.deck or (), 6)
    rows |= {run for stock in hidden["stocks"] for run in runs(stock, 6)}
    for path, numbers in int_lists(data):
        shown = tuple(numbers)
        if shown in hands or rows & runs(shown, 6):
            found.append(f"{'.'.join(path)} = {numbers} shows hidden cards")
    return found

"""The messages between a host's table and a guest's page (docs/PROTOCOL.md), as values,
and their JSON text both ways. Every text read goes through ``skipbo_core.jsonread`` with
this side's limits; a message that is not one of the kinds below, or has a field of the
wrong shape, is a ``WireError`` naming what is wrong. No rules here: a move is its
notation, checked by the host's engine; a seat view is checked by ``SeatView.from_dict``.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from typing import Any

from skipbo_core import InvalidMove, Move, SeatView
from skipbo_core.jsonread import JSONInputError, brief, read_json

from ..state.settings import MAX_NAME

WIRE_VERSION = 1
"""The protocol's version: ``"v"`` in every message. A message of another version is refused."""

GUEST_MAX_CHARS = 512
"""The longest message a host reads from a guest (a move is about 50 characters, a hello 150)."""
GUEST_MAX_DEPTH = 2
"""The deepest nesting a host reads from a guest (its messages are flat objects)."""
HOST_MAX_CHARS = 1_100_000
"""The longest message a guest reads from its host: the record at the end of a game (the page
reads records up to 1,000,000 bytes) with room around it."""
HOST_MAX_DEPTH = 8
"""The deepest nesting a guest reads from its host (a seat view in a message is 5 deep)."""
MAX_SECRET = 64
"""The longest invitation token or seat key read."""
RECENT = 50
"""How many of the latest moves a welcome carries (a rejoining page's move list)."""

_SECRET = re.compile(rf"[A-Za-z0-9_-]{{1,{MAX_SECRET}}}")


class WireError(ValueError):
    """A message this side will not read. ``code`` is ``too-big``, ``too-deep``,
    ``bad-number`` or ``not-json`` (from ``jsonread``), ``version`` (another
    ``WIRE_VERSION``) or ``shape`` (not a message of this protocol)."""

    def __init__(self, code: str, message: str) -> None:
        self.code = code
        super().__init__(message)


# -- what a guest sends -----------------------------------------------------------------------

@dataclass(frozen=True)
class Hello:
    """Take (or take back) a seat: the invitation's ``token``; ``key`` is the seat key the
    host gave this page when it first took the seat (``None`` the first time)."""

    token: str
    key: str | None = None
    name: str = ""
    kind = "hello"


@dataclass(frozen=True)
class Play:
    """A move in the rules' notation for the guest's own seat, made on the table after
    update ``n`` (the host refuses it as ``stale`` when its table is further on)."""

    n: int
    move: str
    kind = "move"


@dataclass(frozen=True)
class Resync:
    """Ask for the whole seat view again (a gap in the numbered updates, or a long wait)."""

    kind = "resync"


# -- what a host sends ------------------------------------------------------------------------

@dataclass(frozen=True)
class Event:
    """Numbered change ``n`` of the table: ``seat`` played ``move`` (its notation; ``None``:
    the host ended the game) with ``card`` (the card it moved, now in sight; ``None`` for
    ``end`` and an ended game)."""

    n: int
    seat: int
    move: str | None
    card: int | None

    def to_list(self) -> list[Any]:
        return [self.n, self.seat, self.move, self.card]


@dataclass(frozen=True)
class Welcome:
    """A seat taken: the whole seat view after change ``n``, the table's names and kinds,
    the latest moves, and the seat key that takes the seat back after a drop."""

    game: str
    seat: int
    key: str
    players: tuple[tuple[str, str], ...]   # (name, kind) per seat
    n: int
    view: SeatView
    recent: tuple[Event, ...] = ()
    kind = "welcome"


@dataclass(frozen=True)
class Update:
    """Change ``event.n`` of the table and the seat view after it."""

    event: Event
    view: SeatView
    kind = "update"


@dataclass(frozen=True)
class Refused:
    """The guest's last message changed nothing. ``code`` is the engine's reason for an
    illegal move (``wrong-number``, ...; ``details`` its numbers) or one of the protocol's
    (docs/PROTOCOL.md); ``n`` is the host's latest change."""

    code: str
    n: int
    move: str | None = None
    details: dict[str, Any] = field(default_factory=dict)
    kind = "refused"


@dataclass(frozen=True)
class Over:
    """The game is over: its record (deck and all), sent only now."""

    record: dict[str, Any]
    kind = "over"


ToHost = Hello | Play | Resync
ToGuest = Welcome | Update | Refused | Over


def encode(message: ToHost | ToGuest) -> str:
    """The JSON text of ``message``."""
    body: dict[str, Any] = {"v": WIRE_VERSION, "kind": message.kind}
    if isinstance(message, Hello):
        body |= {"token": message.token, "key": message.key, "name": message.name}
    elif isinstance(message, Play):
        body |= {"n": message.n, "move": message.move}
    elif isinstance(message, Welcome):
        body |= {"game": message.game, "seat": message.seat, "key": message.key,
                 "players": [list(p) for p in message.players], "n": message.n,
                 "view": message.view.to_dict(), "recent": [e.to_list() for e in message.recent]}
    elif isinstance(message, Update):
        body |= {"event": message.event.to_list(), "view": message.view.to_dict()}
    elif isinstance(message, Refused):
        body |= {"code": message.code, "n": message.n, "move": message.move, "details": message.details}
    elif isinstance(message, Over):
        body |= {"record": message.record}
    return json.dumps(body, separators=(",", ":"))


def read_from_guest(text: Any) -> ToHost:
    """A guest's message (text or UTF-8 bytes), read within ``GUEST_MAX_CHARS`` and
    ``GUEST_MAX_DEPTH``; ``WireError`` for anything else."""
    data = _read(text, "guest message", GUEST_MAX_CHARS, GUEST_MAX_DEPTH)
    kind = data["kind"]
    if kind == "hello":
        _keys(data, {"token", "key", "name"})
        token, key, name = data["token"], data["key"], data["name"]
        if not is_secret(token) or not (key is None or is_secret(key)):
            raise WireError("shape", "hello: token and key are up to 64 letters, digits, - and _")
        if not isinstance(name, str) or len(name) > MAX_NAME:
            raise WireError("shape", f"hello: name is a text of at most {MAX_NAME} characters")
        return Hello(token, key, name)
    if kind == "move":
        _keys(data, {"n", "move"})
        if not _count(data["n"]) or not isinstance(data["move"], str) or len(data["move"]) > 16:
            raise WireError("shape", f"move: n is a whole number and move a short text, not {brief(data)}")
        return Play(data["n"], data["move"])
    if kind == "resync":
        _keys(data, set())
        return Resync()
    raise WireError("shape", f"no guest message is of kind {brief(kind)}")


def read_from_host(text: Any) -> ToGuest:
    """A host's message, read within ``HOST_MAX_CHARS`` and ``HOST_MAX_DEPTH``, its seat view
    checked by ``SeatView.from_dict``; ``WireError`` for anything else."""
    data = _read(text, "host message", HOST_MAX_CHARS, HOST_MAX_DEPTH)
    kind = data["kind"]
    try:
        if kind == "welcome":
            _keys(data, {"game", "seat", "key", "players", "n", "view", "recent"})
            players = data["players"]
            if not (isinstance(players, list) and all(
                    isinstance(p, list) and len(p) == 2 and all(isinstance(s, str) and len(s) <= MAX_NAME for s in p)
                    for p in players)):
                raise WireError("shape", "welcome: players are [name, kind] pairs")
            if not (is_secret(data["game"]) and is_secret(data["key"]) and _count(data["n"])
                    and isinstance(data["recent"], list) and len(data["recent"]) <= RECENT):
                raise WireError("shape", "welcome: game, key, n or recent are not what they should be")
            view = SeatView.from_dict(data["view"])
            if data["seat"] != view.seat or len(players) != view.players:
                raise WireError("shape", "welcome: the seat or the players do not fit the view")
            return Welcome(data["game"], view.seat, data["key"], tuple((p[0], p[1]) for p in players), data["n"],
                           view, tuple(_event(e, view.players) for e in data["recent"]))
        if kind == "update":
            _keys(data, {"event", "view"})
            view = SeatView.from_dict(data["view"])
            return Update(_event(data["event"], view.players), view)
        if kind == "refused":
            _keys(data, {"code", "n", "move", "details"})
            code, move, details = data["code"], data["move"], data["details"]
            if not (isinstance(code, str) and len(code) <= 32 and _count(data["n"])
                    and (move is None or isinstance(move, str) and len(move) <= 16) and isinstance(details, dict)):
                raise WireError("shape", f"refused: not a refusal: {brief(data)}")
            return Refused(code, data["n"], move, details)
        if kind == "over":
            _keys(data, {"record"})
            if not isinstance(data["record"], dict):
                raise WireError("shape", "over: the record is an object")
            return Over(data["record"])
    except WireError:
        raise
    except ValueError as exc:  # the view or the result
        raise WireError("shape", f"{kind}: {exc}") from None
    raise WireError("shape", f"no host message is of kind {brief(kind)}")


def _read(text: Any, source: str, max_chars: int, max_depth: int) -> dict[str, Any]:
    try:
        data = read_json(text, source, max_chars=max_chars, max_depth=max_depth)
    except JSONInputError as exc:
        raise WireError(exc.code, str(exc)) from None
    if not isinstance(data, dict) or not isinstance(data.get("kind"), str):
        raise WireError("shape", f"{source}: an object with a kind, not {brief(data)}")
    if data.get("v") != WIRE_VERSION:
        raise WireError("version", f"{source}: version {brief(data.get('v'))}, this page speaks {WIRE_VERSION}")
    return data


def _keys(data: dict[str, Any], wanted: set[str]) -> None:
    if set(data) != wanted | {"v", "kind"}:
        raise WireError("shape", f"{data['kind']}: the fields are {sorted(wanted)}, not {brief(sorted(data))}")


def _event(value: Any, players: int) -> Event:
    ok = (isinstance(value, list) and len(value) == 4 and _count(value[0])
          and type(value[1]) is int and 0 <= value[1] < players
          and (value[2] is None or _is_notation(value[2]))
          and (value[3] is None or type(value[3]) is int and 0 <= value[3] <= 12))
    if not ok:
        raise WireError("shape", f"an event is [n, seat, move, card], not {brief(value)}")
    return Event(*value)


def _is_notation(value: Any) -> bool:
    try:
        Move.parse(value)
    except InvalidMove:
        return False
    return True


def _count(value: Any) -> bool:
    return type(value) is int and 0 <= value <= 10**9


def is_secret(value: Any) -> bool:
    """Whether ``value`` may be a token, a key or a game id: 1 to ``MAX_SECRET`` letters,
    digits, ``-`` and ``_``."""
    return isinstance(value, str) and _SECRET.fullmatch(value) is not None


__all__ = ["WIRE_VERSION", "WireError", "Hello", "Play", "Resync", "Event", "Welcome", "Update", "Refused", "Over",
           "encode", "read_from_guest", "read_from_host"]

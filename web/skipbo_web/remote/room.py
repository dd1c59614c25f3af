"""Room codes (issue 38, part 3): the short code an invitation shows, which a friend types
under "Join a table", and the few messages two pages exchange through public relays
(web/room.mjs seals them with the code's key) until their data channel is open.

A joiner knocks with its name; the host's page says it heard, and once its player lets
the joiner in, sends the seat's invitation (link.mjs's packed offer); the joiner answers
with its reply, and the data channel opens as on the link path. Every text read goes
through ``skipbo_core.jsonread`` with ``ROOM_MAX_CHARS`` and ``ROOM_MAX_DEPTH``; anything
else is a ``WireError`` and changes nothing.
"""

from __future__ import annotations

import json
import re
import secrets
from dataclasses import dataclass
from typing import Any

from skipbo_core.jsonread import brief

from ..state.settings import MAX_NAME
from .wire import WIRE_VERSION, WireError, _read, is_secret

CODE_LETTERS = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
"""Crockford's base32: no I, L, O or U, so that nothing typed is ambiguous."""
CODE_LENGTH = 8
"""Letters of a room code: 40 bits, each guess costing PBKDF2's rounds (web/room.mjs)."""
_TYPED_AS = str.maketrans({"O": "0", "I": "1", "L": "1", "-": None, " ": None})
ROOM_MAX_CHARS = 4096
"""The longest message read through a relay (an offer or a reply is about 300 to 1,500)."""
ROOM_MAX_DEPTH = 1
"""Room messages are flat objects."""
MAX_LINK = 3000
"""The longest packed offer or reply carried (link.mjs's own limit is 4,096)."""
TURNED = ("refused", "seat-taken", "over")
"""Why a host turns a joiner away: its player said no, the seat is someone's, the game is over."""
_PACKED = re.compile(rf"[pz][A-Za-z0-9_-]{{1,{MAX_LINK - 1}}}")


def new_code() -> str:
    """A fresh room code (from ``secrets``)."""
    return "".join(secrets.choice(CODE_LETTERS) for _ in range(CODE_LENGTH))


def show_code(code: str) -> str:
    """``7K3QX9MD`` as a person reads it: ``7K3Q-X9MD``."""
    half = CODE_LENGTH // 2
    return f"{code[:half]}-{code[half:]}"


def read_code(text: str) -> str | None:
    """The code a person typed (any case, spaces and hyphens, O for 0, I or L for 1), or
    ``None`` when it is not one."""
    if not isinstance(text, str) or len(text) > 4 * CODE_LENGTH:
        return None
    code = text.upper().translate(_TYPED_AS)
    return code if len(code) == CODE_LENGTH and all(c in CODE_LETTERS for c in code) else None


# -- the messages -------------------------------------------------------------------------------

KINDS = {"knock": "name", "heard": "host", "offer": "link", "answer": "link", "turned": "why"}
"""Each kind of room message and the name of its one value: a joiner ``knock``s with its
name; the host's page has ``heard`` it (and says the host's name), then its player lets it
in (the seat's invitation: an ``offer``, link.mjs's packed link) or not (``turned``, and
why: one of ``TURNED``); the joiner's ``answer`` is its packed reply."""


@dataclass(frozen=True)
class RoomMessage:
    """A message through a relay: its ``kind`` (one of ``KINDS``), the joiner it is from or
    for (``guest``: a random id of that page in this room), and its one value."""

    kind: str
    guest: str
    value: str


def encode_room(message: RoomMessage) -> str:
    """The JSON text of ``message``."""
    body = {"v": WIRE_VERSION, "kind": message.kind, "guest": message.guest, KINDS[message.kind]: message.value}
    return json.dumps(body, separators=(",", ":"))


def read_room(text: Any) -> RoomMessage:
    """A message that came through a relay, checked; ``WireError`` for anything else."""
    data = _read(text, "room message", ROOM_MAX_CHARS, ROOM_MAX_DEPTH)
    kind = data["kind"]
    if kind not in KINDS:
        raise WireError("shape", f"no room message is of kind {brief(kind)}")
    name = KINDS[kind]
    if set(data) != {"v", "kind", "guest", name} or not is_secret(data["guest"]):
        raise WireError("shape", f"{kind}: its fields are guest and {name}")
    value = data[name]
    ok = {"name": lambda v: isinstance(v, str) and len(v) <= MAX_NAME,
          "host": lambda v: isinstance(v, str) and len(v) <= MAX_NAME,
          "link": lambda v: isinstance(v, str) and _PACKED.fullmatch(v) is not None,
          "why": lambda v: v in TURNED}[name]
    if not ok(value):
        raise WireError("shape", f"{kind}: not a {name}: {brief(value)}")
    return RoomMessage(kind, data["guest"], value)

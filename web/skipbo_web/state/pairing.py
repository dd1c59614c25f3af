"""What the pairing panel shows (issue 38, the link path): on the host's page one
invitation per seat played on another device, on a guest's page its reply, on a tab that
opened a reply what became of it. Plain data: the room ``dom/page_pairing`` fills it, the
view ``views/pairing`` draws it."""

from __future__ import annotations

from dataclasses import dataclass, field

from .messages import Message

MAKING, WAITING, CONNECTED, AWAY, FAILED = "making", "waiting", "connected", "away", "failed"
"""An invitation's states: its link being made, waiting for the reply, the guest at the
table, the guest gone, no link (``Invite.note`` says why)."""


@dataclass
class Invite:
    """The invitation for ``seat``: its ``link`` once made, its ``state``, and a ``note``
    (a reply refused, the link copied...)."""

    seat: int
    link: str | None = None
    state: str = MAKING
    note: Message | None = None
    code: str | None = None  # its room code, once a relay carries it (remote.room)
    knock: tuple[str, str] | None = None  # a joiner by room code waiting to be let in: (its id, its name)
    letting: str | None = None  # the joiner let in, whose reply is awaited (its id)
    code_note: Message | None = None  # why the room code cannot be used now


@dataclass
class Pairing:
    """The panel: ``role`` is ``host`` (its ``invites``), ``guest`` (joining ``host``'s
    table: its ``reply`` link) or ``reply`` (a tab that opened a reply); ``note`` says where
    things stand; ``share`` whether the browser has a share sheet."""

    role: str
    invites: list[Invite] = field(default_factory=list)
    host: str = ""
    reply: str | None = None
    note: Message | None = None
    share: bool = False
    seated: bool = False  # a guest whose host has welcomed it: the table is its own now
    n: int | None = None  # a guest: the host's latest change its table shows (``data-n``)

    @property
    def shown(self) -> bool:
        """Whether there is anything to show (a seated guest with nothing to say: no panel)."""
        if self.role == "host":
            return any(i.state != CONNECTED or i.note is not None for i in self.invites)
        return not self.seated or self.note is not None

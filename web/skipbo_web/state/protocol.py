"""The host API's words (docs/EMBEDDING.md): the envelope's ``source`` and ``version`` of the
game's events and of the host page's commands, the error codes, the ``HostError`` a refused
command raises, and ``Pile``, a pile named by a command. Written once, here: the game's
events (``views.embed``), the commands' checks (``host.host_api``) and the commands that
refuse (``commands``) read them. It imports nothing of the page's other modules."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

GAME_SOURCE = "skipbo"       # the "source" of the game's events and of its answers to commands
HOST_SOURCE = "skipbo-host"  # the "source" of a host page's command
PROTOCOL = 1                 # the "version" both speak

# Error codes (docs/EMBEDDING.md lists them with what each means).
MALFORMED, TOO_LARGE, UNKNOWN, BAD_ARGS = "malformed", "too-large", "unknown-command", "bad-args"
NOT_NOW, ILLEGAL, BAD_POSITION, BAD_RECORD, NO_PILE = ("not-now", "illegal-move", "bad-position", "bad-record",
                                                        "no-such-pile")


class HostError(ValueError):
    """A command that is refused: ``code`` (one of the codes above), ``message`` (English,
    for the host page's developer) and extra answer fields (``details``)."""

    def __init__(self, code: str, message: str, **details: Any) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.details = details
        self.id: Any = None          # filled in by parse_command once known
        self.command: str | None = None


@dataclass(frozen=True)
class Pile:
    """A pile (or card) on the table: ``seat`` (None for the middle of the table) and
    ``slot``: ``S``, ``D1``-``D4``, ``H`` (the whole hand), ``H5``/``HSB`` (a hand card),
    ``B1``-``B4``, ``draw`` or ``completed``."""

    seat: int | None
    slot: str

    @property
    def name(self) -> str:
        """The name ``host_api.parse_pile`` reads back (seat 0's piles without their seat)."""
        return self.slot if self.seat in (None, 0) else f"{self.seat}:{self.slot}"

    def selector(self) -> str:
        """CSS for it on the table (the stable ``data-*`` hooks of docs/EMBEDDING.md)."""
        if self.slot == "draw":
            return ".drawpile"
        if self.slot == "completed":
            return ".drawpile .count.done"
        if self.slot[:1] == "B":
            return f'[data-slot="{self.slot}"]'
        seat = f'[data-seat="{self.seat}"]'
        if self.slot == "H":
            return f"{seat} .hand, {seat} .mini-hand, {seat} .open-hand"
        if self.slot[:1] == "H":
            return f'{seat} [data-slot="H"][data-card="{self.slot[1:]}"]'
        return f'{seat} [data-slot="{self.slot}"]'

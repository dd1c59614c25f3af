"""Who sits at the table and who may act now: the computer's seats and the people's,
whose side the table is seen from, the hot-seat curtain, and the one check of whether a
person at this device may act (``Seats.why_not_now``), which the page and the host API
both ask."""

from __future__ import annotations

from typing import Any

from skipbo_core import Game
from skipbo_core.ai import LEVELS

from .messages import Message
from .outcome import GAME_OVER, NOT_YOUR_TURN, PASS_DEVICE, Refused
from .save_errors import BadSave


def player_kind(kind: Any) -> str:
    """``"human"`` or an AI level from a record's player ``kind`` (``"ai:hard"``)."""
    if kind == "human":
        return "human"
    if isinstance(kind, str) and kind.startswith("ai:") and kind[3:] in LEVELS:
        return kind[3:]
    raise BadSave(f"unknown player kind {kind!r}")


LINKS = ("here", "connected", "away", "computer")
"""Where a seat is played from (``Seats.link_of``; a player area's ``data-link``)."""


class Seats:
    """The seats of ``game``: their ``kinds`` (``"human"``, an AI level, or ``"remote"``: a
    person on another device, ``connected`` now or away), the seat whose
    cards are shown in hot-seat (``revealed``), the last human who moved, whether
    the computer's seats are ``halted`` (a puzzle), the remote seats the computer plays
    while their person is away (``stand_ins``: the host chose so), and whether this device
    ``deals`` the next game. ``Controller`` sets them."""

    game: Game
    kinds: list[str]
    revealed: int | None
    last_human: int
    halted: bool
    connected: frozenset[int] = frozenset()
    deals: bool = True  # this device deals the next game (a guest's page: its host does)
    stand_ins: frozenset[int] = frozenset()

    @property
    def players(self) -> int:
        return self.game.rules.players

    @property
    def humans(self) -> list[int]:
        return [s for s, k in enumerate(self.kinds) if k == "human"]

    @property
    def hot_seat(self) -> bool:
        return len(self.humans) > 1

    @property
    def remote(self) -> list[int]:
        """The seats played by people on other devices."""
        return [s for s, k in enumerate(self.kinds) if k == "remote"]

    def is_ai(self, seat: int) -> bool:
        return self.kinds[seat] not in ("human", "remote")

    def link_of(self, seat: int) -> str:
        """Where ``seat`` is played from (``LINKS``): this device, another device (connected
        now, or away), or the computer (a computer seat, or a remote seat the computer plays
        while its person is away: ``stand_ins``)."""
        kind = self.kinds[seat]
        if kind == "remote":
            if seat in self.connected:
                return "connected"
            return "computer" if seat in self.stand_ins and not self.game.is_over else "away"
        return "here" if kind == "human" else "computer"

    def away_choice(self, seat: int) -> str | None:
        """What the host chose for ``seat`` while its person is away: ``computer`` (the
        computer plays it) or ``wait``; ``None`` for a seat that is not away, or once the
        game is over."""
        if self.game.is_over or self.kinds[seat] != "remote" or seat in self.connected:
            return None
        return "computer" if seat in self.stand_ins else "wait"

    @property
    def ai_to_move(self) -> bool:
        seat = self.game.current_seat
        return not self.game.is_over and (self.is_ai(seat) or self.away_choice(seat) == "computer") \
            and not self.halted

    @property
    def viewer(self) -> int:
        """The seat the table is seen from: the human to move, else the last human who moved."""
        seat = self.game.current_seat
        return seat if self.kinds[seat] == "human" else self.last_human

    @property
    def curtain(self) -> bool:
        """Hot-seat: the device must be passed on before the next human's cards show."""
        seat = self.game.current_seat
        return (self.hot_seat and not self.game.is_over and self.kinds[seat] == "human"
                and self.revealed != seat)

    @property
    def shows_hand(self) -> bool:
        """Whether the viewer's hand is face up (hot-seat hides it between turns)."""
        if not self.humans:
            return False
        if not self.hot_seat or self.game.is_over:
            return True
        return self.revealed == self.viewer and self.game.current_seat == self.viewer

    @property
    def my_turn(self) -> bool:
        """A human may act now (their turn, cards shown, game running)."""
        return self.why_not_now() is None

    def why_not_now(self) -> Refused | None:
        """Why no person at this device may act now (``None``: the one to move may): the
        game is over, a computer is to move, or hot-seat's device is to be passed on."""
        seat = self.game.current_seat
        if self.game.is_over:
            return Refused(GAME_OVER)
        if self.kinds[seat] != "human":  # the computer's turn, or another device's
            return Refused(NOT_YOUR_TURN, {"seat": seat})
        if self.curtain:
            return Refused(PASS_DEVICE, {"seat": seat})
        return None

    def partner(self, seat: int) -> int | None:
        return self.game.rules.partner(seat)

    def greeting(self) -> Message:
        """The message for the start of a turn."""
        seat = self.game.current_seat
        if self.game.is_over:
            return Message("msg.game_over")
        if self.ai_to_move:
            return Message("msg.ai_turn", {"seat": seat})
        if self.halted and self.is_ai(seat):  # a puzzle's one turn has ended
            return Message("msg.turn_over")
        if self.kinds[seat] == "remote":
            return Message("msg.remote_away" if self.away_choice(seat) else "msg.remote_turn", {"seat": seat})
        if self.curtain:
            return Message("msg.pass_device", {"seat": seat})
        return self.your_turn(seat)

    def your_turn(self, seat: int) -> Message:
        return Message("msg.your_turn_named" if self.hot_seat else "msg.your_turn", {"seat": seat})

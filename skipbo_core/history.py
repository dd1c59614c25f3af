"""The entries of a game's move log (``Game.log``)."""

from __future__ import annotations

from typing import NamedTuple

from .moves import Move


class LogEntry(NamedTuple):
    """One move as it was played.

    ``index`` is its place in ``Game.moves`` (0-based), ``turn`` and ``seat`` the
    turn it was played in and who played it, ``card`` the card it moved (``0`` = a
    Skip-Bo card; ``None`` for ``end``), and ``revealed`` whether it showed a card
    that was hidden before: the new top of a stock, or cards drawn (a refill in the
    turn, or the next player's draw after a discard).
    """

    index: int
    turn: int
    seat: int
    move: Move
    card: int | None
    revealed: bool

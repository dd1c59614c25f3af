"""The engine's exceptions. All are ``ValueError`` subclasses."""

from __future__ import annotations

from typing import Any


class InvalidMove(ValueError):
    """Text that is not move notation (e.g. ``"H13>B1"``)."""


class IllegalMove(ValueError):
    """A well-formed move that the rules forbid in the current position.

    ``code`` names the rule that is broken and ``details`` holds the numbers
    behind it, so a user interface can explain it in any language:

    ========================  ==============================================
    code                      details
    ========================  ==============================================
    ``game-over``             ``{}``
    ``no-teams``              ``{"source"}``: partner sources need teams
    ``empty-source``          ``{"source"}``: stock or discard pile is empty
    ``not-in-hand``           ``{"card"}``: no such card in the hand
    ``wrong-number``          ``{"pile", "needs", "card"}`` (pile 1-4)
    ``stock-to-discard``      ``{}``
    ``discard-to-discard``    ``{"source"}``
    ``partner-to-discard``    ``{"source"}``
    ``end-with-cards``        ``{"hand"}``: cards still in hand
    ========================  ==============================================
    """

    def __init__(self, move: str, seat: int, code: str, **details: Any) -> None:
        self.move = move
        self.seat = seat
        self.code = code
        self.details = details
        extra = ", ".join(f"{k}={v}" for k, v in details.items())
        super().__init__(f"illegal move {move} (seat {seat}): {code}" + (f" ({extra})" if extra else ""))


class UndoError(ValueError):
    """The last move cannot be taken back (it revealed a hidden card, or there is none)."""


class RecordError(ValueError):
    """A game record that is malformed or breaks the rules.

    ``move_index`` is the 0-based index of the first bad move, or ``None`` when
    the problem is not in a move (shape, format, deck, result).
    """

    def __init__(self, message: str, move_index: int | None = None) -> None:
        self.move_index = move_index
        super().__init__(message)

"""The engine's exceptions. All are ``ValueError`` subclasses."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Refusal:
    """Why the rules forbid a move now (``Game.explain_illegal``): the ``code`` and
    ``details`` that ``IllegalMove`` carries (see its table)."""

    code: str
    details: Mapping[str, Any] = field(default_factory=dict)


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
    """``Game.pop`` has nothing to take back (no move yet, or the game was resigned)."""


class ReshuffleError(ValueError):
    """A reshuffle given to the game (from a record) that is not the completed piles,
    or none given when one is needed."""


class RecordError(ValueError):
    """A game record that is malformed or breaks the rules.

    ``code`` says what kind of problem it is:

    ======================  ==================================================
    code                    problem
    ======================  ==================================================
    ``bad-json``            text that is not readable JSON, too long or nested
                            too deep (``Game.from_record_text``)
    ``format``              not format ``skipbo-record`` version 1
    ``malformed``           a field is missing or wrong (rules, players, deck,
                            reshuffles, moves, the shape of the result)
    ``bad-notation``        a move is not move notation
    ``illegal-move``        a move the rules forbid (``illegal`` says why)
    ``move-after-end``      a move after the game was over
    ``bad-reshuffle``       a reshuffle that is not the completed piles
    ``wrong-result``        the stated result is not what the moves give
    ======================  ==================================================

    ``move_index`` is the 0-based index of the first bad move and ``move`` its text
    (both ``None`` when the problem is not in a move); ``illegal`` is the
    ``IllegalMove`` (with its ``code`` and ``details``) for ``illegal-move``. The
    underlying error, if any, is also the exception's ``__cause__``.
    """

    def __init__(self, message: str, move_index: int | None = None, *, code: str = "malformed",
                 move: str | None = None, illegal: IllegalMove | None = None) -> None:
        self.move_index = move_index
        self.code = code
        self.move = move
        self.illegal = illegal
        super().__init__(message)


class PositionError(ValueError):
    """A position (``skipbo_core.position``) that is malformed or cannot be a table.

    ``path`` names the place, as written in the position (``seats[1].hand[2]``,
    ``building[0][3]``, ``rules.players``; ``""`` for the whole position), and ``code``
    the kind of problem, so a page can explain it in any language:

    ===================  ==============================================================
    code                 problem
    ===================  ==============================================================
    ``malformed``        not the shape the format asks for (wrong type, missing field)
    ``unknown-key``      a key the format does not have
    ``bad-card``         not a card value (0 = Skip-Bo card, 1-12)
    ``too-many-cards``   more cards of a value, or in all, than the deck holds
    ``impossible-pile``  a building pile that is not built up from 1 one number at a time
    ``too-many-piles``   more than 4 building piles or discard piles
    ``hand-size``        a hand over 5 cards (4 for a seat not to move), or an empty hand
                         for the seat to move while cards can be drawn
    ``stock-size``       a stock larger than the rules' stock size
    ``draw-size``        a draw pile that leaves cards that cannot be completed piles
    ``bad-seat``         a seat number out of range, or seats that do not match the rules
    ``game-over``        a stock is empty (in teams: both partners'): the game is won
    ``bad-compact``      the compact form cannot be read (or is too long, or unpacks to
                         JSON over the limits of ``skipbo_core.jsonread``)
    ``bad-json``         position text (``read_position``) that is not readable JSON,
                         too long or nested too deep
    ===================  ==============================================================
    """

    def __init__(self, path: str, message: str, code: str = "malformed") -> None:
        self.path = path
        self.code = code
        super().__init__(f"{path}: {message}" if path else message)

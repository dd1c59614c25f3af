"""Clicks as move notation: the ``data-*`` attributes of a clicked pile or card become
the notation of a source or a target (``"H5"``, ``"PD1"``, ``"B2"``), or a refusal when
the pile is not the player's to use."""

from __future__ import annotations

from skipbo_core.moves import SOURCE_TEXTS, TARGET_TEXTS

from .outcome import NOT_NOTATION, NOT_YOURS, Refused
from .seating import Seats

ONLY_SOURCES = SOURCE_TEXTS - TARGET_TEXTS  # S, H5, HSB, PS, PD1...: a click there always picks


def slot_notation(slot: str, card: str | None = None, own: bool = True) -> str:
    """The notation of a clicked slot: ``("H", "5")`` -> ``"H5"``, ``("D1", own=False)`` -> ``"PD1"``.

    ``slot`` is ``S``, ``H``, ``D1``-``D4`` or ``B1``-``B4`` (the element's ``data-slot``);
    ``card`` is a hand card's ``data-card`` (``"1"``-``"12"`` or ``"SB"``); ``own=False``
    means the partner's pile. Raises ``ValueError`` for anything else.
    """
    if slot == "H":
        if not isinstance(card, str) or "H" + card not in SOURCE_TEXTS:
            raise ValueError(f"bad hand card {card!r}")
        return "H" + card
    if slot != "S" and slot not in TARGET_TEXTS:  # the stock, or a discard or building pile
        raise ValueError(f"bad slot {slot!r}")
    return slot if own or slot not in SOURCE_TEXTS else "P" + slot


def click_notation(seats: Seats, slot: str, seat: int | None, card: str | None) -> str | Refused:
    """The notation of a click on ``slot`` of ``seat`` (``None``: the middle of the table)
    for the seat to move, or why it is nobody's pile to use: another player's (not the
    partner's), or no pile at all."""
    me = seats.game.current_seat
    if seat is None or seat == me or slot[:1] == "B":
        own = True
    elif seat == seats.partner(me):
        own = False
    else:
        return Refused(NOT_YOURS, {"seat": seat, "teams": bool(seats.game.rules.teams)})
    try:
        return slot_notation(slot, card, own=own)
    except ValueError:
        return Refused(NOT_NOTATION)

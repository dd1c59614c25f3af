"""How a finished game ends for the people at the table, and the win's cascade of cards
as plain data (no DOM access here; ``page_celebrate`` plays it).

A game ends in one of three ways, each with its own sheet, sound and, for a win, a
cascade: ``win`` (a person at the table, or their team, played the last stock card; at a
table of computers alone, any winner), ``loss`` (a computer won) and ``stall`` (nobody won:
the stall rule, the turn limit, or a record that was given up).
"""

from __future__ import annotations

from typing import Any, NamedTuple

CASCADE_CARDS = (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 0)  # 0: a Skip-Bo card
CASCADE_STEP_MS = 110    # between one card's start and the next one's
CASCADE_FALL_MS = 1500   # one card's fall


class Drop(NamedTuple):
    """One card of the cascade: its value, which pile it leaves from (0-3: the building
    piles), when it starts (ms after the game ended), how far sideways it drifts (as a
    share of the screen's width, -0.5 to 0.5) and how many degrees it turns on its way."""

    value: int
    pile: int
    delay: int
    drift: float
    turn: int


def ending(ctrl: Any) -> str | None:
    """``win``, ``loss`` or ``stall`` for ``ctrl``'s (a ``Controller``'s) game; None while it runs."""
    game = ctrl.game
    if not game.is_over:
        return None
    winner = game.result.winner
    if winner is None:
        return "stall"
    humans = ctrl.humans
    if not humans or any(h in game.rules.team_of(winner) for h in humans):
        return "win"
    return "loss"


def cascade() -> list[Drop]:
    """The cards of the win's cascade: every value once, leaving the four building piles
    in turn, drifting alternately left and right, a little more each time."""
    drops = []
    for i, value in enumerate(CASCADE_CARDS):
        side = -1 if i % 2 else 1
        drops.append(Drop(value, i % 4, i * CASCADE_STEP_MS, side * (0.08 + 0.03 * (i % 5)),
                          side * (40 + 25 * (i % 4))))
    return drops


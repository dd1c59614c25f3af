"""What a person's click or move came to (``Controller.click`` and ``Controller.play``):
a move ``Played``, a card ``Picked`` or ``PutBack``, or ``Refused`` with the reason.

The page says a refusal on its message line (``refusals.refusal_message``); the host API
answers it with an error (``host.host_api.refusal_error``). A refusal's ``code`` is one
of the page's own below, or else the rule the move breaks: the engine's code
(``skipbo_core.IllegalMove``, ``Game.explain_illegal``) with its ``details``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar

from skipbo_core.history import LogEntry

# Not now: nobody at this device may act (``Seats.why_not_now``); details: the ``seat`` to move.
GAME_OVER, NOT_YOUR_TURN, PASS_DEVICE = "game-over", "not-your-turn", "pass-device"
# Not this: a click on a pile that is not the player's (details: its ``seat`` and whether
# the game is played in ``teams``), text that is not move notation, a building pile clicked
# with no card picked, a legal move the tutorial's lesson does not want (its ``message``).
NOT_YOURS, NOT_NOTATION, PICK_SOURCE, LESSON = "not-yours", "not-notation", "pick-source", "lesson"
PAGE_CODES = frozenset({GAME_OVER, NOT_YOUR_TURN, PASS_DEVICE, NOT_YOURS, NOT_NOTATION, PICK_SOURCE, LESSON})


class Outcome:
    """What a click or a move came to; ``played`` says whether a move was played."""

    played: ClassVar[bool] = False


@dataclass(frozen=True)
class Played(Outcome):
    """A move was played: its entry in the game's log."""

    entry: LogEntry
    played: ClassVar[bool] = True


@dataclass(frozen=True)
class Picked(Outcome):
    """A card was picked up (``source``: ``"S"``, ``"H5"``, ``"PD2"``...), to be played next."""

    source: str


@dataclass(frozen=True)
class PutBack(Outcome):
    """The picked card was clicked again and put back."""

    source: str


@dataclass(frozen=True)
class Refused(Outcome):
    """Nothing changed, because of ``code`` (see the module's text) and its ``details``."""

    code: str
    details: Mapping[str, Any] = field(default_factory=dict)

    @property
    def breaks_rule(self) -> bool:
        """Whether the rules forbid the move (rather than the page refusing it now)."""
        return self.code not in PAGE_CODES

"""AI players. A bot is a function ``bot(view, legal_moves, rng) -> Move``.

It sees only a ``SeatView`` and the legal moves the engine lists; it must return
one of those moves and, given the same inputs and random state, the same one.

Levels for players, weakest first: ``easy``, ``medium``, ``hard``, ``expert``
(docs/AI.md); ``random`` and ``greedy`` are baselines.
"""

from __future__ import annotations

import random
from typing import Callable, Sequence

from ..moves import Move
from ..view import SeatView
from .basic import greedy_bot, random_bot

Bot = Callable[[SeatView, Sequence[Move], random.Random], Move]

_BOTS: dict[str, Bot] = {"random": random_bot, "greedy": greedy_bot}

LEVELS = ("easy", "medium", "hard", "expert")
"""The levels a player chooses from, weakest first."""


def register(name: str, bot: Bot) -> None:
    """Make ``bot`` available to ``get_bot(name)``."""
    _BOTS[name] = bot


def bot_names() -> list[str]:
    """The names ``get_bot`` accepts."""
    return sorted(_BOTS)


def get_bot(name: str) -> Bot:
    """The bot called ``name``; ``ValueError`` lists the known names otherwise."""
    try:
        return _BOTS[name]
    except (KeyError, TypeError):
        raise ValueError(f"unknown bot {name!r}; known: {', '.join(bot_names())}") from None


from .expert import expert_bot  # noqa: E402
from .planner import hard_bot  # noqa: E402
from .simple import easy_bot, medium_bot  # noqa: E402

register("easy", easy_bot)
register("medium", medium_bot)
register("hard", hard_bot)
register("expert", expert_bot)

__all__ = ["Bot", "LEVELS", "get_bot", "bot_names", "register", "random_bot", "greedy_bot",
           "easy_bot", "medium_bot", "hard_bot",
           "expert_bot"]

"""AI players. A bot is a function ``bot(view, legal_moves, rng) -> Move``.

It sees only a ``SeatView`` and the legal moves the engine lists; it must return
one of those moves and, given the same inputs and random state, the same one.

Levels for players, weakest first: ``easy``, ``medium``, ``hard``, ``expert``
(docs/AI.md); ``random`` and ``greedy`` are baselines.

A thinker, ``get_thinker(name)(view, legal_moves, rng)``, makes the same choice
as a generator that yields between steps of work and returns the move, so a
caller on a single thread (the browser page) can pause between the steps.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Generator, Sequence
from typing import TypeVar

from ..moves import Move
from ..view import SeatView
from .basic import greedy_bot, random_bot

Bot = Callable[[SeatView, Sequence[Move], random.Random], Move]
Thinking = Generator[None, None, Move]
Thinker = Callable[[SeatView, Sequence[Move], random.Random], Thinking]

_BOTS: dict[str, Bot] = {"random": random_bot, "greedy": greedy_bot}
_THINKERS: dict[str, Thinker] = {}

LEVELS = ("easy", "medium", "hard", "expert")
"""The levels a player chooses from, weakest first."""


def register(name: str, bot: Bot, thinker: Thinker | None = None) -> None:
    """Make ``bot`` available to ``get_bot(name)``, and its resumable form (which
    must choose the same moves) to ``get_thinker(name)``."""
    _BOTS[name] = bot
    if thinker is not None:
        _THINKERS[name] = thinker
    else:
        _THINKERS.pop(name, None)


def bot_names() -> list[str]:
    """The names ``get_bot`` accepts."""
    return sorted(_BOTS)


def get_bot(name: str) -> Bot:
    """The bot called ``name``; ``ValueError`` lists the known names otherwise."""
    try:
        return _BOTS[name]
    except (KeyError, TypeError):
        raise ValueError(f"unknown bot {name!r}; known: {', '.join(bot_names())}") from None


T = TypeVar("T")


def finish(thinking: Generator[None, None, T]) -> T:
    """Run stepped work to the end and return its result: a thinker's move, or the
    leaves of ``planner.plan_steps``."""
    while True:
        try:
            next(thinking)
        except StopIteration as done:
            return done.value


def think_for(thinking: Thinking, seconds: float) -> Move | None:
    """Step ``thinking`` for about ``seconds`` (at least one step): its move once it
    has finished, else ``None`` (step it again later)."""
    end = time.perf_counter() + seconds
    while True:
        try:
            next(thinking)
        except StopIteration as done:
            return done.value
        if time.perf_counter() >= end:
            return None


def get_thinker(name: str) -> Thinker:
    """The bot called ``name`` as a thinker: its own resumable form, or one step
    that calls the bot (for levels that decide in a few milliseconds)."""
    bot = get_bot(name)
    thinker = _THINKERS.get(name)
    if thinker is not None:
        return thinker

    def one_step(view: SeatView, legal_moves: Sequence[Move], rng: random.Random) -> Thinking:
        return bot(view, legal_moves, rng)
        yield  # never reached: it makes this function a generator

    return one_step


from .expert import expert_bot, expert_thinker  # noqa: E402
from .planner import hard_bot, hard_thinker  # noqa: E402
from .simple import easy_bot, medium_bot  # noqa: E402

register("easy", easy_bot)
register("medium", medium_bot)
register("hard", hard_bot, hard_thinker)
register("expert", expert_bot, expert_thinker)

__all__ = ["Bot", "Thinker", "Thinking", "LEVELS", "get_bot", "get_thinker", "finish", "think_for",
           "bot_names", "register", "random_bot", "greedy_bot",
           "easy_bot", "medium_bot", "hard_bot",
           "expert_bot"]

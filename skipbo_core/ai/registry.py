"""The registry of AI players, and how a caller runs one.

A bot is a function ``bot(view, legal_moves, rng) -> Move``. A thinker,
``thinker(view, legal_moves, rng)``, makes the same choice as a generator that
yields between steps of work and returns the move, so a caller on a single thread
(the browser page) can pause between the steps. A ``Player`` is a bot and its
thinker; a player with memory (``expert`` remembers the rest of its plan) is made
fresh for each game by a factory, so a move never depends on another game.

The levels are found by name without being imported here: the built-in table
names the module and attribute of each (a ``Player``, or a factory of one), and a
module is imported the first time one of its players is asked for. Level modules
import from this module, never the other way round.
"""

from __future__ import annotations

import importlib
import random
import time
from collections.abc import Callable, Generator, Sequence
from dataclasses import dataclass
from typing import TypeVar

from ..moves import Move
from ..view import SeatView

Bot = Callable[[SeatView, Sequence[Move], random.Random], Move]
Thinking = Generator[None, None, Move]
Thinker = Callable[[SeatView, Sequence[Move], random.Random], Thinking]

LEVELS = ("easy", "medium", "hard", "expert")
"""The levels a player chooses from, weakest first."""


@dataclass(frozen=True)
class Player:
    """A bot and its resumable form (``None``: it decides in one step). Both choose
    the same moves, and share whatever the player remembers."""

    bot: Bot
    thinker: Thinker | None = None


Factory = Callable[[], Player]

_BUILTIN: dict[str, str] = {
    "random": "basic:RANDOM", "greedy": "basic:GREEDY", "baseline": "basic:BASELINE",
    "easy": "simple:EASY", "medium": "simple:MEDIUM", "hard": "hard:HARD", "expert": "expert:new_expert",
}
"""Built-in players: name -> "module:attribute" in this package (a Player or a factory)."""

_FACTORIES: dict[str, Factory] = {}


def register(name: str, bot: Bot, thinker: Thinker | None = None) -> None:
    """Make ``bot`` available to ``get_bot(name)``, and its resumable form (which
    must choose the same moves) to ``get_thinker(name)``. For a bot without memory:
    one player serves every game."""
    player = Player(bot, thinker)
    _FACTORIES[name] = lambda: player


def register_factory(name: str, factory: Factory) -> None:
    """Make the players ``factory`` makes available by ``name``: a new one for each
    ``new_player`` / ``get_bot`` / ``get_thinker`` call (for players with memory)."""
    _FACTORIES[name] = factory


def bot_names() -> list[str]:
    """The names ``get_bot`` accepts."""
    return sorted(set(_BUILTIN) | set(_FACTORIES))


def _factory(name: str) -> Factory:
    factory = _FACTORIES.get(name) if isinstance(name, str) else None
    if factory is None:
        where = _BUILTIN.get(name) if isinstance(name, str) else None
        if where is None:
            raise ValueError(f"unknown bot {name!r}; known: {', '.join(bot_names())}")
        module, attr = where.split(":")
        obj = getattr(importlib.import_module(f"{__package__}.{module}"), attr)
        factory = (lambda: obj) if isinstance(obj, Player) else obj
        _FACTORIES[name] = factory
    return factory


def new_player(name: str) -> Player:
    """A player called ``name``, with its own memory if it has any (one per seat and
    game); ``ValueError`` lists the known names otherwise."""
    return _factory(name)()


def get_bot(name: str) -> Bot:
    """The bot of a new player called ``name`` (``new_player(name).bot``)."""
    return new_player(name).bot


def get_thinker(name: str) -> Thinker:
    """The thinker of a new player called ``name``: its own resumable form, or one
    step that calls the bot (for levels that decide in a few milliseconds)."""
    return thinker_of(new_player(name))


def thinker_of(player: Player) -> Thinker:
    """``player``'s thinker, or its bot as a thinker of one step."""
    if player.thinker is not None:
        return player.thinker
    bot = player.bot

    def one_step(view: SeatView, legal_moves: Sequence[Move], rng: random.Random) -> Thinking:
        return bot(view, legal_moves, rng)
        yield  # never reached: it makes this function a generator

    return one_step


T = TypeVar("T")


def finish(thinking: Generator[None, None, T]) -> T:
    """Run stepped work to the end and return its result: a thinker's move, or the
    leaves of ``search.plan_steps``."""
    while True:
        try:
            next(thinking)
        except StopIteration as done:
            return done.value


def think_for(thinking: Thinking, seconds: float,
              clock: Callable[[], float] = time.perf_counter) -> Move | None:
    """Step ``thinking`` for about ``seconds`` (at least one step) of ``clock``: its
    move once it has finished, else ``None`` (step it again later). It stops early
    rather than start a step that, as long as the longest step so far, would run past
    the time, so a caller's task stays near ``seconds``."""
    end = clock() + seconds
    longest = 0.0
    while True:
        begin = clock()
        try:
            next(thinking)
        except StopIteration as done:
            return done.value
        now = clock()
        if now - begin > longest:
            longest = now - begin
        if now + longest >= end:
            return None

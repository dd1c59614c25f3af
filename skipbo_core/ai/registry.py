"""The registry of AI players, and how a caller runs one.

A bot is a function ``bot(view, legal_moves, rng) -> Move``. A ``Player`` is one AI
player at one seat of one game: ``choose`` makes its move at once, ``think`` makes
the same choice as a generator that yields between steps of work and returns the
move, so a caller on a single thread (the browser page) can pause between the steps.
Both share whatever the player remembers (``expert`` remembers the rest of its
plan); a player with memory is made fresh for each seat and game by a factory, so a
move never depends on another game.

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
    """One AI player (``new_player``): ``choose`` decides a move at once; ``thinker``
    is the same decision in steps (``None``: it decides in one step), run by ``think``.
    Both choose the same moves, and share whatever the player remembers."""

    choose: Bot
    thinker: Thinker | None = None

    def think(self, view: SeatView, legal_moves: Sequence[Move], rng: random.Random) -> Thinking:
        """The move ``choose`` makes, as stepped work: step it (``think_for``, ``finish``)
        to its end."""
        if self.thinker is not None:
            return self.thinker(view, legal_moves, rng)
        return _at_once(self.choose, view, legal_moves, rng)


def _at_once(choose: Bot, view: SeatView, legal_moves: Sequence[Move], rng: random.Random) -> Thinking:
    """``choose``'s move as stepped work of one step (levels that decide in a few milliseconds)."""
    return choose(view, legal_moves, rng)
    yield  # never reached: it makes this function a generator


Factory = Callable[[], Player]

_BUILTIN: dict[str, str] = {
    "random": "basic:RANDOM", "greedy": "basic:GREEDY", "baseline": "basic:BASELINE",
    "easy": "simple:EASY", "medium": "simple:MEDIUM", "hard": "hard:HARD", "expert": "expert:new_expert",
}
"""Built-in players: name -> "module:attribute" in this package (a Player or a factory)."""

_FACTORIES: dict[str, Factory] = {}


def builtin_modules() -> tuple[str, ...]:
    """The modules of this package that the built-in players live in; they are imported
    when a player is first asked for (the page's build ships them compiled)."""
    return tuple(sorted({f"{__package__}.{spec.split(':')[0]}" for spec in _BUILTIN.values()}))


def register(name: str, choose: Bot, thinker: Thinker | None = None) -> None:
    """Make the player ``Player(choose, thinker)`` available by ``name`` (``thinker``,
    if given, must choose the same moves). For a player without memory: one serves
    every seat of every game."""
    player = Player(choose, thinker)
    _FACTORIES[name] = lambda: player


def register_factory(name: str, factory: Factory) -> None:
    """Make the players ``factory`` makes available by ``name``: a new one for each
    ``new_player`` / ``get_bot`` call (for players with memory)."""
    _FACTORIES[name] = factory


def bot_names() -> list[str]:
    """The names ``new_player`` and ``get_bot`` accept."""
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
    """The ``choose`` of a new player called ``name``: for a caller that wants a bot
    function only, and plays every decision of the seat through it (the expert's
    rollouts, examples)."""
    return new_player(name).choose


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

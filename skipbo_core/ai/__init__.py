"""AI players. A bot is a function ``bot(view, legal_moves, rng) -> Move``.

It sees only a ``SeatView`` and the legal moves the engine lists; it must return
one of those moves and, given the same inputs and random state, the same one.

Levels for players, weakest first: ``easy``, ``medium``, ``hard``, ``expert``
(docs/AI.md); ``random``, ``greedy`` and ``baseline`` are yardsticks.

A player, ``new_player(name)``, is one AI player at one seat of one game: its
``choose(view, legal_moves, rng)`` is its bot; ``think(view, legal_moves, rng)``
makes the same choice as a generator that yields between steps of work and returns
the move, so a caller on a single thread (the browser page) can pause between the
steps. Both share the player's memory: ask for one player per seat and game (the
registry, ``registry.py``, makes a new one each time); ``get_bot(name)`` is the
``choose`` of a new one.

The package: ``registry`` (names -> players), ``basic`` and ``simple`` (bots
without search), ``odds`` (card odds for the deck in play), ``evaluation`` (the
score of a line's end), ``search`` (the whole-turn search), ``hard``, ``expert``
(sampling and look-ahead), ``hints`` and ``tournament``.
"""

from __future__ import annotations

from .basic import baseline_bot, greedy_bot, random_bot
from .hard import hard_bot
from .registry import (
    LEVELS,
    Bot,
    Player,
    Thinker,
    Thinking,
    bot_names,
    finish,
    get_bot,
    new_player,
    register,
    register_factory,
    think_for,
)
from .simple import easy_bot, medium_bot

__all__ = ["Bot", "Player", "Thinker", "Thinking", "LEVELS", "get_bot", "new_player",
           "finish", "think_for", "bot_names", "register", "register_factory",
           "random_bot", "greedy_bot", "baseline_bot", "easy_bot", "medium_bot", "hard_bot"]

"""skipbo_core: the rules of Skip-Bo as a pure-Python library.

>>> from skipbo_core import Game, Rules
>>> game = Game.new(Rules(players=2, stock_size=10), seed=7)
>>> game.current_seat, len(game.view(0).hand)
(0, 5)
"""

from __future__ import annotations

from .cards import WILD
from .errors import IllegalMove, InvalidMove, RecordError, UndoError
from .game import TURN_LIMIT, Game
from .match import Match
from .moves import Move
from .result import Result
from .rules import Rules
from .view import SeatView


def _version() -> str:
    try:
        from importlib.metadata import version
        return version("skipbo_core")
    except Exception:  # running from a source tree that is not installed
        return "0.0.0+source"


__version__ = _version()

__all__ = ["Game", "Rules", "Move", "Match", "Result", "SeatView", "IllegalMove", "InvalidMove",
           "RecordError", "UndoError", "TURN_LIMIT", "WILD", "__version__"]

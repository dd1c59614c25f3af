"""skipbo_core: the rules of Skip-Bo as a pure-Python library.

>>> from skipbo_core import Game, Rules
>>> game = Game.new(Rules(players=2, stock_size=10), seed=7)
>>> game.current_seat, len(game.view(0).hand)
(0, 5)
"""

from __future__ import annotations

from .cards import WILD
from .errors import IllegalMove, InvalidMove, PositionError, RecordError, Refusal, UndoError
from .game import TURN_LIMIT, Game
from .goals import Goal, GoalError, find_line
from .history import LogEntry
from .jsonread import JSONInputError
from .match import Match
from .moves import Move
from .position import game_from_position, parse_compact, position_of, read_position, to_compact
from .result import Result
from .rules import Rules
from .view import SeatView


def _version() -> str:
    """The installed wheel's version, read from its METADATA file.

    Read on first use (``__getattr__`` below) and without ``importlib.metadata.version``,
    whose e-mail parser costs a noticeable part of a second at start-up in the browser.
    """
    try:
        from importlib.metadata import distribution
        text = distribution("skipbo_core").read_text("METADATA") or ""
        for line in text.splitlines():
            if line.startswith("Version:"):
                return line.partition(":")[2].strip()
    except Exception:  # running from a source tree that is not installed
        pass
    return "0.0.0+source"


def __getattr__(name: str) -> str:
    if name == "__version__":
        return _version()
    raise AttributeError(f"module 'skipbo_core' has no attribute {name!r}")


__all__ = ["Game", "Rules", "Move", "Match", "LogEntry", "Result", "SeatView", "IllegalMove", "InvalidMove", "Refusal",
           "RecordError", "UndoError", "PositionError",
           "game_from_position", "position_of", "to_compact", "parse_compact", "read_position", "JSONInputError",
           "Goal", "GoalError", "find_line", "TURN_LIMIT", "WILD", "__version__"]

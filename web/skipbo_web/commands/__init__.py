"""The page's command API: every change the player or the host page asks for, one method
each (``new_game``, ``pick``, ``play``, ``hint``, ``undo``, ``highlight``, ``open_record``,
``step``, ``close``, ``set_lang``, ``set_speed``, ...). Clicks, keys, drag and drop, the
tutorial's and the puzzles' buttons and the host's ``postMessage`` all come here.

A command changes the page's state (skipbo_web.state.store) through the game's controller and
the rooms' logic, and returns what the host answers with. ``strict`` commands (the host's)
refuse with a ``HostError`` (its code is the host API's, docs/EMBEDDING.md) where the
page itself would only say why on its message line; a refused command changes nothing.
"""

from __future__ import annotations

from .base import CommandsBase, Rooms
from .editor import EditorCommands
from .game import GameCommands
from .help import UNDO_REFUSALS, HelpCommands
from .moves import MoveCommands
from .records import RecordCommands
from .switches import SwitchCommands
from .tabs import TabCommands
from .tutorial import TutorialCommands

__all__ = ["UNDO_REFUSALS", "Commands", "CommandsBase", "Rooms"]


class Commands(GameCommands, EditorCommands, MoveCommands, HelpCommands, RecordCommands, TutorialCommands, TabCommands,
               SwitchCommands):
    """One method per command. It holds the page's parts (``Rooms``) only to carry the
    command out; the callers (input, the rooms and the host) hold this and the store,
    never each other."""

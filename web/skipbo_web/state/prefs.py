"""The page's own preferences beside the game settings: the table's colours (theme) and
sound. Each is kept under its own ``localStorage`` key (the theme is read by index.html's
first script before Python runs, so a dark table is dark from the first paint), and can be
given in the address (``theme=light|dark|auto``, ``sound=0|1``). No DOM access here.
"""

from __future__ import annotations

from typing import Any

THEMES = ("auto", "light", "dark")  # auto: as the device says (prefers-color-scheme)


def stored_theme(value: Any) -> str:
    """The stored theme choice; anything unreadable is ``auto``."""
    return value if value in THEMES else "auto"


def next_theme(choice: str) -> str:
    """The switch's next choice: auto -> light -> dark -> auto."""
    return THEMES[(THEMES.index(choice) + 1) % len(THEMES)] if choice in THEMES else "auto"


def stored_sound(value: Any, embed: bool) -> bool:
    """Whether sound is on, from the stored value; an embedded table starts muted."""
    return value if isinstance(value, bool) else not embed

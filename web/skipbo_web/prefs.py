"""The page's own preferences beside the game settings: the table's colours (theme).
It is kept under its own ``localStorage`` key, read by index.html's first script before
Python runs (so a dark table is dark from the first paint), and can be given in the
address (``theme=light|dark|auto``). No DOM access here.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

THEMES = ("auto", "light", "dark")  # auto: as the device says (prefers-color-scheme)


@dataclass(frozen=True)
class PrefKeys:
    """``localStorage`` keys of the preferences (an embedded table keeps its own)."""

    theme: str


PAGE_PREFS = PrefKeys("skipbo.theme")
EMBED_PREFS = PrefKeys("skipbo.embed.theme")


def pref_keys(embed: bool) -> PrefKeys:
    return EMBED_PREFS if embed else PAGE_PREFS


def stored_theme(value: Any) -> str:
    """The stored theme choice; anything unreadable is ``auto``."""
    return value if value in THEMES else "auto"


def next_theme(choice: str) -> str:
    """The switch's next choice: auto -> light -> dark -> auto."""
    return THEMES[(THEMES.index(choice) + 1) % len(THEMES)] if choice in THEMES else "auto"

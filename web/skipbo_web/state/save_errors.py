"""What goes wrong when a saved game is read back."""

from __future__ import annotations


class BadSave(ValueError):
    """Stored data that cannot be resumed (corrupt, or from another version)."""


class BadMatch(BadSave):
    """The match saved beside a game cannot be read (the game itself can)."""

"""What the page says (``Message``): a catalogue key of ``i18n`` and its arguments, turned
into words in the player's language only when drawn. It imports nothing of the page's
other modules."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Message:
    """A status line: an ``i18n`` key and its arguments."""

    key: str
    args: dict[str, Any] = field(default_factory=dict)

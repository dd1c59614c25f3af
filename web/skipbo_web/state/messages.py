"""The page's words as values: a ``Message`` is an ``i18n`` key and its arguments; the
views put it in the player's language (``views.table.message_text``)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Message:
    """A status line: an ``i18n`` key and its arguments."""

    key: str
    args: dict[str, Any] = field(default_factory=dict)

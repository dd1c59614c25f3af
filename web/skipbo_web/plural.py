"""Counted texts: one catalogue entry with a form for each plural category of a language.

English, German and Danish have two categories for whole numbers: ``one`` (exactly 1)
and ``other`` ("0 cards", "2 cards"). A language with more (Polish, Arabic...) would add
its rule to ``RULES`` and its forms to ``Plural``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any


def _one_other(n: int) -> str:
    return "one" if n == 1 else "other"


RULES: dict[str, Callable[[int], str]] = {"en": _one_other, "de": _one_other, "da": _one_other}


def plural_form(lang: str, n: int) -> str:
    """The plural category of the whole number ``n`` in ``lang``: ``"one"`` or ``"other"``."""
    return RULES.get(lang, _one_other)(abs(int(n)))


@dataclass(frozen=True)
class Plural:
    """A text that counts something: ``one`` is used for a count of 1, ``other`` for any
    other count; ``by`` names the argument that holds the count."""

    one: str
    other: str
    by: str = "count"

    @property
    def forms(self) -> tuple[str, str]:
        return self.one, self.other

    def pick(self, lang: str, args: dict[str, Any]) -> str:
        """The form for the count in ``args[self.by]`` (a ``KeyError`` names a missing count)."""
        if self.by not in args:
            raise KeyError(f"a counted text needs the argument {self.by!r}")
        return self.one if plural_form(lang, args[self.by]) == "one" else self.other

"""Games set aside (issue 36): which of the copies kept under ``skipbo.aside.current``,
``skipbo.aside.current.2``... holds a game that can be played on, so that the page can offer
it back ("Restore the game set aside") instead of leaving it where the page never looks.

Pure: it reads stored texts through a function and knows no browser (dom/page_restore does
the storing).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from skipbo_core.jsonread import JSONInputError, read_json

from .controller import BadMatch, BadSave, Controller, newer_save
from .saves import ASIDE_PREFIX
from .settings import Settings

CAUGHT = (BadSave, JSONInputError, ValueError, TypeError, LookupError, AttributeError, RecursionError)


@dataclass(frozen=True)
class AsideGame:
    """A game kept aside: where it is (``key``, and ``match_key`` for its match when that
    was kept beside it and can be read), its stored text and the game resumed from it."""

    key: str
    text: str
    match_key: str | None
    match_text: str | None
    ctrl: Controller


def aside_copies(keys: Iterable[str], name: str) -> list[str]:
    """The keys of ``name``'s copies set aside (``"current"``: ``skipbo.aside.current``,
    ``skipbo.aside.current.2``...), the newest first (the highest number)."""
    pattern = re.compile(re.escape(ASIDE_PREFIX + name) + r"(?:\.(\d{1,6}))?")
    found = [(int(m.group(1) or 1), key) for key in keys if (m := pattern.fullmatch(key))]
    return [key for _, key in sorted(found, reverse=True)]


def newest_game(keys: Iterable[str], text: Callable[[str], str | None], settings: Settings,
                skip: str | None = None) -> AsideGame | None:
    """The newest copy set aside that holds a game someone is playing (a human has moved
    in it, it is not over); None when there is none. ``skip``: a text that is not offered
    (the game on the table as it is saved)."""
    for key in aside_copies(keys, "current"):
        record_text = text(key)
        if record_text is None or record_text == skip:
            continue
        try:
            record = read_json(record_text, key)
            if newer_save(record):
                continue
            match_key = key.replace(ASIDE_PREFIX + "current", ASIDE_PREFIX + "match", 1)
            match_text = text(match_key)
            try:
                match = read_json(match_text, match_key) if match_text is not None else None
                ctrl = Controller.resume(record, match, settings)
            except (BadMatch, JSONInputError):
                match_key = match_text = None
                ctrl = Controller.resume(record, None, settings)
        except CAUGHT:
            continue
        if ctrl.in_progress:
            return AsideGame(key, record_text, match_key if match_text is not None else None, match_text, ctrl)
    return None

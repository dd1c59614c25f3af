"""The page's ``localStorage``: values read as JSON through the bounded reader, written
back, and damaged values set aside under keys of their own (``skipbo.aside.*``).
``page_session`` decides what is read and written when; this module only how.

A write the browser refuses (storage full) is never the end of saving: the key is kept
in ``failed`` (the session says so at once), the next write tries again, and before it
gives up a write asks the page's ``reliefs`` to make room (each drops only what the
page may drop, such as statistics beyond the newest games). Nothing set aside is ever
overwritten or dropped here: ``skipbo.aside.<name>``, ``.2``, ``.3``... as far as the
storage goes (web/rescue.js names them the same way).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from skipbo_core.jsonread import JSONInputError, read_json

from ..state.controller import BadSave
from ..state.saves import ASIDE_PREFIX, OWN_PREFIX, PROBE_KEY
from .page_dom import JsException, js


def aside_key(key: str, n: int = 1) -> str:
    """Where a damaged value of ``key`` is kept: ``skipbo.current`` -> ``skipbo.aside.current``
    (the ``n``-th copy: ``skipbo.aside.current.n``)."""
    name = key.removeprefix(OWN_PREFIX)
    return f"{ASIDE_PREFIX}{name}" + (f".{n}" if n > 1 else "")


class Storage:
    """``localStorage`` as JSON, surviving browsers that refuse storage or run out of it."""

    def __init__(self, window: Any) -> None:
        self.ok = True  # the browser gives the page a storage at all
        self.stuck: set[str] = set()  # damaged values that could not be set aside: never written over
        self.failed: set[str] = set()  # keys whose last write the browser refused (storage full)
        self.reliefs: list[Callable[[], bool]] = []  # ways to make room (True: something was freed)
        self.listener: Callable[[], None] | None = None  # hears when ``failed`` changes
        self._relieving = False
        try:
            self.ls = window.localStorage
            self.ls.getItem(PROBE_KEY)
        except (JsException, AttributeError):
            self.ok = False

    def text(self, key: str) -> str | None:
        """The stored text as it is; ``None`` when absent."""
        if not self.ok:
            return None
        try:
            return js(self.ls.getItem(key))
        except JsException:
            return None

    def get(self, key: str) -> Any:
        """The stored value; ``None`` when absent; raises ``BadSave`` when it is not JSON
        the bounded reader takes (too long, nested too deep, a number out of bounds), or
        is ``null``, which the page never writes (read as "nothing saved", the key would
        be written over unseen)."""
        text = self.text(key)
        if text is None:
            return None
        try:
            value = read_json(text, key)
        except JSONInputError as err:
            raise BadSave(str(err)) from None
        if value is None:
            raise BadSave(f"{key}: null")
        return value

    def keys(self) -> list[str]:
        """Every key of the origin's storage (other pages' too)."""
        if not self.ok:
            return []
        try:
            return [str(js(self.ls.key(i))) for i in range(int(self.ls.length))]
        except JsException:
            return []

    def kept_aside(self) -> list[str]:
        """The keys of what is kept aside (``skipbo.aside.*``), sorted."""
        return sorted(key for key in self.keys() if key.startswith(ASIDE_PREFIX))

    def set_aside(self, key: str) -> str | None:
        """Move the stored text of ``key`` as it is to a key of its own: the first of
        ``aside_key(key, 1, 2, ...)`` that is free (or already holds the same text: no
        second copy), so nothing kept aside is ever written over; and free ``key``.
        Where it went (None: nothing stored, or no room for the copy: then ``key`` keeps
        its value and is never written by this page, ``stuck``)."""
        text = self.text(key)
        if text is None:
            return None
        place = self.keep_aside(key, text)
        if place is None:
            self.stuck.add(key)
            return None
        try:
            self.ls.removeItem(key)
        except JsException:
            self.stuck.add(key)
            return None
        self.stuck.discard(key)
        return place

    def keep_aside(self, key: str, text: str) -> str | None:
        """Keep ``text`` (a part of ``key``'s value that could not be read) in the first of
        ``aside_key(key, 1, 2, ...)`` that is free or already holds it; where (None: no room)."""
        n = 1
        while (there := self.text(aside_key(key, n))) is not None and there != text:
            n += 1
        place = aside_key(key, n)
        return place if there is not None or self._write(place, text) else None

    def remove(self, key: str) -> bool:
        """Delete ``key`` (the player asked for it); whether it is gone."""
        try:
            self.ls.removeItem(key)
        except (JsException, AttributeError):
            return False
        self.stuck.discard(key)
        return self.text(key) is None

    def set(self, key: str, value: Any) -> str | None:
        """Store ``value``; the text written (None when it was not: no storage, a
        damaged value kept in ``key``, or no room even after the reliefs)."""
        if not self.ok or key in self.stuck:
            return None
        text = json.dumps(value, separators=(",", ":"))
        return text if self._write(key, text, key) else None

    def _write(self, key: str, text: str, owner: str | None = None) -> bool:
        """``setItem``, trying the reliefs when the browser refuses; ``owner``'s place in
        ``failed`` follows the answer (None: a copy set aside, ``stuck`` tells of it)."""
        written = self._try(key, text)
        if not written and not self._relieving:
            self._relieving = True  # a relief writes too: it never calls the reliefs again
            try:
                for relief in self.reliefs:
                    if relief() and self._try(key, text):
                        written = True
                        break
            finally:
                self._relieving = False
        if owner is None:
            return written
        before = set(self.failed)
        if written:
            self.failed.discard(owner)
        else:
            self.failed.add(owner)
        if self.failed != before and self.listener is not None:
            self.listener()
        return written

    def _try(self, key: str, text: str) -> bool:
        try:
            self.ls.setItem(key, text)
        except JsException:
            return False
        return True

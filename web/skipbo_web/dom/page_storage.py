"""The page's ``localStorage``: values read as JSON through the bounded reader, written
back, and damaged values set aside under keys of their own (``skipbo.aside.*``).
``page_session`` decides what is read and written when; this module only how."""

from __future__ import annotations

import json
from typing import Any

from skipbo_core.jsonread import JSONInputError, read_json

from ..state.controller import BadSave
from .page_dom import JsException, js

ASIDE_PREFIX = "skipbo.aside."  # a damaged value is moved to skipbo.aside.<its name>, kept as it was
MAX_ASIDE = 9  # copies of one key kept aside (skipbo.aside.current, ...current.2, ...)


def aside_key(key: str, n: int = 1) -> str:
    """Where a damaged value of ``key`` is kept: ``skipbo.current`` -> ``skipbo.aside.current``
    (the ``n``-th copy: ``skipbo.aside.current.n``)."""
    name = key.removeprefix("skipbo.")
    return f"{ASIDE_PREFIX}{name}" + (f".{n}" if n > 1 else "")


class Storage:
    """``localStorage`` as JSON, surviving browsers that refuse storage."""

    def __init__(self, window: Any) -> None:
        self.ok = True
        self.stuck: set[str] = set()  # damaged values that could not be set aside: never written over
        try:
            self.ls = window.localStorage
            self.ls.getItem("skipbo.probe")
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
        the bounded reader takes (too long, nested too deep, a number out of bounds)."""
        text = self.text(key)
        if text is None:
            return None
        try:
            return read_json(text, key)
        except JSONInputError as err:
            raise BadSave(str(err)) from None

    def set_aside(self, key: str) -> str | None:
        """Move the stored text of ``key`` as it is to a key of its own (``aside_key``),
        and free ``key``; where it went (None: nothing stored, or the browser refused,
        and then ``key`` keeps its value and is never written by this page: nothing is
        ever lost)."""
        text = self.text(key)
        if text is None:
            return None
        for n in range(1, MAX_ASIDE + 1):
            place = aside_key(key, n)
            if self.text(place) in (None, text):
                break
        try:
            self.ls.setItem(place, text)
            self.ls.removeItem(key)
        except JsException:  # storage full, say: the value stays where it is, never written over
            self.stuck.add(key)
            return None
        return place

    def set(self, key: str, value: Any) -> str | None:
        """Store ``value``; the text written (None when the browser refused)."""
        if not self.ok or key in self.stuck:
            return None
        text = json.dumps(value, separators=(",", ":"))
        try:
            self.ls.setItem(key, text)
        except JsException:
            self.ok = False
            return None
        return text

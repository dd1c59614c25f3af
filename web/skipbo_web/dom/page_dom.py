"""The browser as the page's rooms (the ``page_*`` modules) reach it.

``document`` and ``window`` are handed in by ``web/main.py`` instead of imported from
``pyscript``, so that every ``page_*`` module also imports outside a browser: the build
imports them into its memory snapshot, and warm loads find them imported already.
Modules without the ``page_`` prefix never touch the DOM and are tested on the host.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pyodide.ffi import JsException, create_once_callable, create_proxy, to_js

try:
    from pyodide.ffi import jsnull
except ImportError:  # older Pyodide
    jsnull = None

FETCH_SECONDS = 15.0  # a record or position by address that is not all there by then is given up

__all__ = ["Browser", "JsException", "attr", "create_proxy", "js", "jsnull"]


def js(value: Any) -> Any:
    """A JS value, or None for JS null/undefined."""
    return None if value is None or value is jsnull else value


def attr(el: Any, name: str) -> str | None:
    """An element's attribute as a Python string (None when absent or no element)."""
    value = el.getAttribute(name) if el is not None else None
    return value if isinstance(value, str) else None


class Browser:
    """``document`` and ``window``, and the few questions the rooms ask of them."""

    def __init__(self, document: Any, window: Any) -> None:
        self.document = document
        self.window = window
        self._blob_url: str | None = None  # the last download's
        # patches now what the page does not show yet (the Screen sets it): what reads the
        # page in the task that changed it (focus, a lifted card) finds it patched
        self.settle: Callable[[], None] = lambda: None

    def by_id(self, name: str) -> Any:
        return js(self.document.getElementById(name))

    def query(self, selector: str, root: Any = None) -> Any:
        """The first element matching ``selector`` in ``root`` (default: the document)."""
        return js((root if root is not None else self.document).querySelector(selector))

    def active(self) -> Any:
        """The element in focus, or None."""
        return js(self.document.activeElement)

    def focus_first(self, selector: str, root: Any = None, scroll: bool = True) -> bool:
        """Focus the first element matching ``selector``; whether there was one.
        ``scroll=False``: the page and the element's box stay where they are scrolled.
        A patch due comes first (the element may be one it draws)."""
        self.settle()
        el = self.query(selector, root)
        if el is not None:
            el.focus() if scroll else el.focus(self.js_object({"preventScroll": True}))
        return el is not None

    def js_object(self, value: Any) -> Any:
        """A plain JS object (or array of them) for a Python dict (or list)."""
        return to_js(value, dict_converter=self.window.Object.fromEntries)

    async def fetch_text(self, address: str, most: int, seconds: float = FETCH_SECONDS) -> tuple[str | None, str]:
        """The text at ``address`` (relative to the page; http(s) only), or ``None`` and
        why not: ``bad-url``, ``failed`` (not loaded), ``too-big`` (more than ``most``
        bytes: the body is read in parts and dropped as soon as it is over), ``timeout``
        (not all there within ``seconds``). Nothing of it is logged as an error."""
        window = self.window
        try:
            url = window.URL.new(address, window.location.href)
        except JsException:
            url = None
        if url is None or url.protocol not in ("http:", "https:"):
            return None, "bad-url"
        abort = window.AbortController.new()
        late = []

        def give_up() -> None:
            late.append(True)
            abort.abort()

        timer = window.setTimeout(create_once_callable(give_up), int(seconds * 1000))
        try:
            return await self._read_body(url.href, most, abort)
        except JsException:
            return None, "timeout" if late else "failed"
        finally:
            window.clearTimeout(timer)

    async def _read_body(self, href: str, most: int, abort: Any) -> tuple[str | None, str]:
        response = await self.window.fetch(href, self.js_object({"signal": abort.signal}))
        length = js(response.headers.get("content-length"))
        if not response.ok or js(response.body) is None:
            return None, "failed"
        if length is not None and str(length).isdigit() and int(length) > most:
            abort.abort()
            return None, "too-big"
        reader = response.body.getReader()
        parts, size = [], 0
        while True:
            part = await reader.read()
            if part.done:
                break
            size += part.value.byteLength
            if size > most:
                abort.abort()  # stop the download: a response of a gigabyte is never held
                return None, "too-big"
            parts.append(part.value.to_bytes())
        return b"".join(parts).decode("utf-8-sig", "replace"), ""

    def save_file(self, text: str, name: str, mime: str = "application/json") -> None:
        """Offer ``text`` as a download named ``name`` (the previous download's URL is freed)."""
        window, document = self.window, self.document
        if self._blob_url is not None:
            window.URL.revokeObjectURL(self._blob_url)
        blob = window.Blob.new(self.js_object([text]), self.js_object({"type": mime}))
        self._blob_url = window.URL.createObjectURL(blob)
        link = document.createElement("a")
        link.href = self._blob_url
        link.download = name
        link.hidden = True
        document.body.appendChild(link)
        link.click()
        link.remove()

    def matches_media(self, query: str) -> bool:
        return bool(self.window.matchMedia(query).matches)

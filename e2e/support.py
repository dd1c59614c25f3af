"""What the browser tests share: where the site is, and a watched page."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit

from playwright.sync_api import Browser, BrowserContext, Page

from skipbo_core import Move
from tools.server import HOST

DIST = Path(os.environ.get("SKIPBO_DIST") or Path(__file__).resolve().parent.parent / "dist").resolve()
READY = '#table[data-ready="1"]'
ME = '[data-seat="0"]'  # the human's player area
BOOT_TIMEOUT_MS = 60_000


@dataclass
class Watched:
    """A page plus what it did: console errors, uncaught errors, requested URLs."""

    page: Page
    errors: list[str] = field(default_factory=list)
    requests: list[str] = field(default_factory=list)

    def open(self, url: str, seed: int = 3, lang: str = "en") -> Page:
        """Load the game with a fixed deal and wait until Python has booted."""
        self.page.goto(f"{url}?seed={seed}&lang={lang}")
        self.page.wait_for_selector(READY, timeout=BOOT_TIMEOUT_MS)
        return self.page

    def outside_requests(self) -> list[str]:
        return [u for u in self.requests if urlsplit(u).scheme not in ("data", "blob")
                and urlsplit(u).hostname != HOST]


def selector(part: str) -> str:
    """CSS for one side of a move: ``"H5"`` -> my hand card 5, ``"B2"`` -> building pile 2."""
    if part.startswith("H"):
        return f'{ME} [data-slot="H"][data-card="{part[1:]}"]'
    if part.startswith("B"):
        return f'[data-slot="{part}"]'
    return f'{ME} [data-slot="{part}"]'


def click_move(page: Page, move: str | Move) -> None:
    """Click the source of ``move``, then its target."""
    move = Move.parse(move) if isinstance(move, str) else move
    page.locator(selector(move.source_text)).first.click()
    page.locator(selector(move.target_text)).first.click()


class KeptTab:
    """A browser tab that a module's tests share, so that the site's files come from its
    context's cache; after its renderer crashed, the next test gets a new tab of the same
    context instead of the dead one (conftest.py reruns the test that saw the crash)."""

    def __init__(self, context: BrowserContext, prepare: Callable[[Page], None] | None = None) -> None:
        self.context = context
        self.prepare = prepare  # run on each new tab, e.g. to listen to its console
        self._page: Page | None = None
        self._crashed = False

    def _on_crash(self, _: Page) -> None:
        self._crashed = True

    @property
    def page(self) -> Page:
        if self._page is None or self._crashed:
            self._page, self._crashed = self.context.new_page(), False
            self._page.on("crash", self._on_crash)
            if self.prepare is not None:
                self.prepare(self._page)
        return self._page


def screen_tab_of(browser: Browser, width: int, height: int) -> Iterator[KeptTab]:
    """A module's shared tab at ``width`` x ``height`` (under 800 px wide a touch phone),
    for a parametrized fixture to yield from; its context closes after the module."""
    phone = width < 800
    context = browser.new_context(viewport={"width": width, "height": height}, has_touch=phone, is_mobile=phone)
    yield KeptTab(context)
    context.close()


def close_notices(page: Page) -> None:
    """Close every notice in the banner over the page, one by one (each close redraws it)."""
    close = page.locator('#notices [data-action="dismiss"]')
    for _ in range(20):
        if not close.count():
            return
        close.first.click()
    raise AssertionError("notices that never close")

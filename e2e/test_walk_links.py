"""Issue 36: every page of dist/ (the game, the rules, the teaching example) opened with a
``javascript:``, ``data:`` or ``vbscript:`` address in every query option it reads, the
option names read from the code itself (the page's Python, its inline and loaded scripts),
so a new option is walked too. Nothing may run: no flag set on the window, its parent or
its top, no dialog, no navigation away, no request for the address. An attempt that the
page's Content-Security-Policy blocks is fine (the policy is tested in test_csp.py).

One browser context for the whole walk; the game's options are batched: all at once, all
at once in an embedded table, and alone each option that decides what the page shows
(a record, a position, a puzzle, the tutorial), as they could hide one another."""

from __future__ import annotations

import re
from pathlib import Path
from urllib.parse import quote

from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Page
from skipbo_web.state.address import URL_KEYS

from e2e.support import BOOT_TIMEOUT_MS, DIST, READY

ROOT = Path(__file__).resolve().parent.parent
PAYLOADS = ("javascript:window.__pwned=1;parent.__pwned=1;top.__pwned=1;alert('__pwned')//",
            "data:text/html,<script>parent.__pwned=1;top.__pwned=1;alert('__pwned')</script>",
            "vbscript:msgbox(\"__pwned\")")
JS_OPTION = re.compile(r"""(?:URLSearchParams\([^)]*\)|searchParams)\.get\(\s*["']([\w-]+)["']""")
PY_OPTION = re.compile(r"""\b(?:given|params)(?:\.get\(|\[)\s*"([\w-]+)"""
                       r"""|"([\w-]+)" in (?:[\w.]*\.)?(?:given|params)\b""")
SCRIPT_SRC = re.compile(r"""<script[^>]*\bsrc="\./([\w./-]+\.js)\"""")
# options that decide what the game shows: each is also walked alone
ALONE = ("record", "position", "pos", "puzzle", "tutorial")
WATCH = """window.__pwned = undefined;"""


def page_options(name: str) -> set[str]:
    """The query options the page ``name`` of dist/ reads in its scripts (and, for the
    game, in its Python: the address's options of skipbo_web)."""
    html = (DIST / name).read_text(encoding="utf-8")
    texts = [html] + [(DIST / src).read_text(encoding="utf-8") for src in SCRIPT_SRC.findall(html)]
    found = {m for text in texts for m in JS_OPTION.findall(text)}
    if name == "index.html":
        for path in (ROOT / "web" / "skipbo_web").rglob("*.py"):
            found |= {a or b for a, b in PY_OPTION.findall(path.read_text(encoding="utf-8"))}
        found |= set(URL_KEYS)
    return found


def test_the_options_are_found_in_the_code() -> None:
    game = page_options("index.html")
    assert {"record", "position", "pos", "puzzle", "tutorial", "host", "names", "lang", "theme", "embed"} <= game
    assert page_options("teaching-example.html") == {"game"}
    assert page_options("rules.html") == {"lang"}


class Walk:
    """One tab, watched for what an injected address could do."""

    def __init__(self, page: Page, base: str) -> None:
        self.page, self.base = page, base
        self.seen: list[str] = []
        page.add_init_script(WATCH)
        page.on("dialog", lambda d: (self.seen.append(f"dialog {d.message!r}"), d.dismiss()))
        page.on("request", lambda r: self.seen.append(f"request {r.url[:80]}") if self.injected(r.url) else None)
        page.on("framenavigated", lambda f: self.seen.append(f"navigated to {f.url[:80]}")
                if f == page.main_frame and not f.url.startswith(base) else None)

    def injected(self, url: str) -> bool:
        """Whether ``url`` is the payload itself (not the page's own address holding it)."""
        return url.startswith(("javascript:", "vbscript:")) or ("__pwned" in url and not url.startswith(self.base))

    def visit(self, path: str, options: dict[str, str], ready: str | None) -> list[str]:
        """Open ``path`` with ``options``; what ran, if anything."""
        self.seen.clear()
        query = "&".join(f"{k}={quote(v, safe='')}" for k, v in options.items())
        self.page.goto(f"{self.base}{path}?{query}")
        try:
            if ready == "game":
                self.page.wait_for_selector(READY, timeout=BOOT_TIMEOUT_MS)
            elif ready == "frame":
                self.page.frame_locator("#game").locator(READY).wait_for(timeout=BOOT_TIMEOUT_MS)
        except PlaywrightError:
            self.seen.append("the game never got ready")
        self.page.wait_for_timeout(800)  # a fetch refused, a frame loaded, a timer run
        ran = [f"__pwned set in {f.url[:80]}" for f in self.page.frames
               if f.url.startswith("http") and f.evaluate("window.__pwned !== undefined")]
        return [f"{path}?{query[:160]}: {what}" for what in self.seen + ran]


def test_no_script_address_in_any_option_runs(page: Page, site) -> None:
    walk = Walk(page, site.url)
    game = sorted(page_options("index.html"))
    found: list[str] = []
    for payload in PAYLOADS:
        found += walk.visit("rules.html", {o: payload for o in page_options("rules.html")}, None)
        found += walk.visit("teaching-example.html", {o: payload for o in page_options("teaching-example.html")},
                            "frame")
        found += walk.visit("", {o: payload for o in game}, "game")
        found += walk.visit("", {"embed": "1", **{o: payload for o in game if o != "embed"}}, "game")
        for option in ALONE:
            found += walk.visit("", {option: payload, "lang": "en"}, "game")
            if option in ("record", "position"):  # an address: refused as not a web address
                try:
                    page.wait_for_selector(f'[data-notice="{option}.bad_url"]', timeout=15_000)
                except PlaywrightError:
                    found.append(f"?{option}={payload[:20]}: no {option}.bad_url notice")
    assert found == []

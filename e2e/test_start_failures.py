"""Issue 36, item 7: a start-up that fails never costs the game a reload would have kept.

Each file the page needs to start (the page's and the engine's Python, the entry point,
Pyodide's wasm and standard library) answering 404 or garbage: the rescue box shows within
20 s, says a file failed and offers "Try again", which resumes the saved game once the
file is back. A start-up that fails on the page's own code still offers to set the saved
data aside, and the page that starts afterwards offers the game set aside back.
(Console errors are expected here: no ``watched``.)
"""

from __future__ import annotations

import json
import time

import pytest
from playwright.sync_api import Page, Route
from skipbo_web.i18n import t

from e2e.game_support import play_turn, stored, wait_for_turn
from e2e.support import BOOT_TIMEOUT_MS, READY
from tools.server import SiteServer

RESCUE = "#rescue"
SHOWN_WITHIN_MS = 20_000
# each file, and what garbage of its kind looks like on the wire
FILES = {
    "python-page.zip": "application/zip",
    "wheels/*.whl": "application/zip",
    "python-bytecode.zip": "application/zip",
    "main.py": "text/plain",
    "vendor/pyodide/python_stdlib.zip": "application/zip",
    "vendor/pyodide/pyodide.asm.wasm": "application/wasm",
}
GARBAGE = bytes(range(256)) * 64


def broken(kind: str, content_type: str):
    """A route handler: the file answers 404, or 200 with garbage of its type."""
    def answer(route: Route) -> None:
        if kind == "404":
            route.fulfill(status=404, content_type="text/html", body="<h1>404</h1>")
        else:
            route.fulfill(status=200, content_type=content_type, body=GARBAGE)
    return answer


def box_kind(page: Page, started: float) -> str:
    """Wait for the rescue box (within SHOWN_WITHIN_MS of ``started``); its kind."""
    left = SHOWN_WITHIN_MS - (time.monotonic() - started) * 1000
    page.wait_for_selector(RESCUE, state="visible", timeout=max(left, 1))
    return page.get_attribute(RESCUE, "data-kind")


def saved_game(page: Page, url: str) -> str:
    """A game with a move of the human's in it, saved; its saved text."""
    page.goto(f"{url}?seed=5&lang=en&speed=0")
    page.wait_for_selector(READY, timeout=BOOT_TIMEOUT_MS)
    wait_for_turn(page, 0)
    play_turn(page)
    return page.evaluate("localStorage.getItem('skipbo.current')")


def same_game(page: Page, saved: str, key: str = "skipbo.current") -> bool:
    """The game stored under ``key`` is still ``saved`` (the computer may have moved on in it since)."""
    old, now = json.loads(saved), stored(page, key)
    return now["deck"] == old["deck"] and now["moves"][:len(old["moves"])] == old["moves"]


@pytest.mark.parametrize("path", FILES)
def test_a_file_that_fails_offers_try_again_which_resumes_the_game(page: Page, site: SiteServer, path: str) -> None:
    game = saved_game(page, site.url)
    pattern = f"{site.url}{path}"
    page.route(pattern, broken("404", FILES[path]))
    started = time.monotonic()
    page.goto(site.url)  # no options: the saved game would resume
    assert box_kind(page, started) == "download"
    assert page.locator("#rescue-retry").is_visible() and page.locator("#rescue-fresh").is_hidden()
    assert page.locator(f"{RESCUE} [data-for='download']").inner_text() == t("en", "rescue.download")
    assert page.evaluate("document.activeElement.id") == "rescue-retry"
    assert page.locator(f"{RESCUE} .rescue-what").inner_text().strip()

    # garbage instead: "Try again" while it is still broken shows the box again
    page.unroute(pattern)
    page.route(pattern, broken("garbage", FILES[path]))
    started = time.monotonic()
    page.click("#rescue-retry")
    page.wait_for_selector(RESCUE, state="hidden")  # (the reload)
    assert box_kind(page, started) == "download"

    # the file is back: "Try again" resumes the saved game, nothing was set aside
    page.unroute(pattern)
    page.click("#rescue-retry")
    page.wait_for_selector(READY, timeout=BOOT_TIMEOUT_MS)
    assert page.locator(RESCUE).is_hidden()
    assert same_game(page, game)
    assert page.evaluate("Object.keys(localStorage).filter(k => k.startsWith('skipbo.aside.'))") == []


def test_a_runtime_that_hangs_shows_the_box_within_20_s(page: Page, site: SiteServer) -> None:
    """A download that never finishes (here the wasm's answer never comes): the watchdog."""
    page.route("**/pyodide.asm.wasm", lambda route: None)  # never answered
    started = time.monotonic()
    page.goto(f"{site.url}?lang=de")
    assert box_kind(page, started) == "slow"
    assert page.locator("#rescue-retry").inner_text() == t("de", "rescue.retry")
    assert page.locator("#rescue-fresh").is_hidden()


def fail_start_up_once(page: Page) -> None:
    """The page's own start-up raises on the next load (the browser refuses to name its
    languages, which the page asks for without lang=), and not after the rescue's reload."""
    page.add_init_script("""if (!sessionStorage.getItem("rescued"))
        Object.defineProperty(navigator, "languages", {get() { throw new Error("no languages here"); }});""")


def test_a_game_set_aside_by_the_rescue_is_offered_back(page: Page, site: SiteServer) -> None:
    game = saved_game(page, site.url)
    fail_start_up_once(page)
    page.goto(site.url)
    assert box_kind(page, time.monotonic()) == "data"  # the page's own start-up: maybe the saved data
    assert page.locator("#rescue-fresh").is_visible()
    page.evaluate('sessionStorage.setItem("rescued", "1")')
    page.click("#rescue-fresh")
    page.wait_for_selector(READY, timeout=BOOT_TIMEOUT_MS)
    assert same_game(page, game, "skipbo.aside.current")
    offer = page.locator('#notices [data-notice="notice.aside_game"]')
    assert offer.locator("p").inner_text() == t("en", "notice.aside_game")
    assert page.locator("#sheet[open]").count() == 0  # no new-game screen over the offer
    wait_for_turn(page, 0)
    play_turn(page)  # the new game gets a move before the player says yes: it is kept aside
    replaced = page.evaluate("localStorage.getItem('skipbo.current')")
    offer.get_by_role("button", name=t("en", "notice.aside_game_yes")).click()
    offer.wait_for(state="detached")
    assert same_game(page, game)
    aside = page.evaluate("Object.keys(localStorage).filter(k => k.startsWith('skipbo.aside.current'))")
    assert len(aside) == 1 and same_game(page, replaced, aside[0])
    assert page.locator(".log [data-move]").count() >= len(json.loads(game)["moves"])
    # it is the game on the table: a reload resumes it and offers nothing
    page.reload()
    page.wait_for_selector(READY, timeout=BOOT_TIMEOUT_MS)
    assert same_game(page, game) and page.locator("#notices .notice").count() == 0


def test_no_offer_over_a_game_in_progress_nor_of_one_that_cannot_be_played(page: Page, site: SiteServer) -> None:
    game = saved_game(page, site.url)
    over = json.loads(game)
    over["moves"] = over["moves"][:0]  # not one move: nothing to bring back
    page.evaluate("""items => { for (const [k, v] of Object.entries(items)) localStorage.setItem(k, v); }""",
                  {"skipbo.aside.current": "{not json", "skipbo.aside.current.2": json.dumps(over)})
    page.reload()
    page.wait_for_selector(READY, timeout=BOOT_TIMEOUT_MS)
    assert page.locator('[data-notice="notice.aside_game"]').count() == 0  # a game in progress on the table
    page.evaluate("localStorage.removeItem('skipbo.current'); localStorage.removeItem('skipbo.match')")
    page.reload()
    page.wait_for_selector(READY, timeout=BOOT_TIMEOUT_MS)
    assert page.locator('[data-notice="notice.aside_game"]').count() == 0  # neither copy can be played on
    page.evaluate("game => localStorage.setItem('skipbo.aside.current.3', game)", game)
    page.reload()
    page.wait_for_selector(READY, timeout=BOOT_TIMEOUT_MS)
    page.wait_for_selector('[data-notice="notice.aside_game"]')

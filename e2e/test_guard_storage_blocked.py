"""Issue 36 ("guard"): a frame of another site whose browser refuses it all storage
(third-party storage blocked, as in Chromium's off-the-record contexts, which Playwright's
``new_context`` makes) starts and plays, without saving. PyScript's own IndexedDB store
cannot open there, which used to stop PyScript's start-up (web/storage-guard.js);
``localStorage``, ``sessionStorage``, the caches and the service worker are all refused
too, and none of them may stop the page either.

The parent page is on ``localhost``, the game on 127.0.0.1: two sites, both loopback (the
browser maps ``localhost`` to 127.0.0.1, every other name still fails)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Frame, Page, expect

from e2e.support import BOOT_TIMEOUT_MS, READY, click_move
from e2e.test_host import HOST, SEED, Host, origin
from tools.browser import launch_args
from tools.server import HOST as SERVER_HOST

REFUSED = """() => ['localStorage', 'sessionStorage'].map((name) => {
  try { window[name].length; return name + ' allowed'; } catch (e) { return name + ' ' + e.name; }
})"""


@pytest.fixture(scope="module")
def two_sites(playwright) -> Iterator[Browser]:
    """A browser in which ``localhost`` is another site than 127.0.0.1."""
    args = launch_args(playwright)
    args["args"] = [f"--host-resolver-rules=MAP localhost {SERVER_HOST} , MAP * ~NOTFOUND , EXCLUDE {SERVER_HOST}"
                    if a.startswith("--host-resolver-rules") else a for a in args["args"]]
    browser = playwright.chromium.launch(**args)
    yield browser
    browser.close()


def framed(browser: Browser, site, host_dir: Path, host, name: str, query: str) -> tuple[Page, Frame, list[str]]:
    """A parent page on ``localhost`` framing the game at ``query``, in an off-the-record
    context (its service workers allowed: the frame's registration is refused, not the
    test's doing); the page, the frame once playable, and the errors seen."""
    context = browser.new_context(service_workers="allow")
    page = context.new_page()
    errors: list[str] = []
    page.on("console", lambda msg: errors.append(msg.text) if msg.type == "error" else None)
    page.on("pageerror", lambda exc: errors.append(f"uncaught: {exc}"))
    (host_dir / name).write_text(HOST.substitute(src=f"{site.url}{query}".replace("&", "&amp;"),
                                                 game_origin=origin(site.url)), encoding="utf-8")
    page.goto(host.url.replace(SERVER_HOST, "localhost") + name)
    assert page.evaluate("origin").startswith("http://localhost:")
    page.frame_locator("#game").locator(f"{READY}, #rescue:not([hidden])").first.wait_for(timeout=BOOT_TIMEOUT_MS)
    frame = next(f for f in page.frames if f is not page.main_frame)
    expect(frame.locator("#rescue")).to_be_hidden()
    expect(frame.locator(READY)).to_have_count(1)
    return page, frame, errors


def plays_unsaved(page: Page, frame: Frame, errors: list[str]) -> None:
    """The frame is refused storage, says it cannot save, and the parent's commands and
    the player's clicks play in it."""
    assert frame.evaluate(REFUSED) == ["localStorage SecurityError", "sessionStorage SecurityError"]
    expect(frame.locator('[data-notice="notice.no_storage"]')).to_have_count(1)
    api = Host(page)
    assert "notice.no_storage" in [e.get("code") for e in api.events("error")]  # the parent hears it too
    reply = api.ok("newgame", {"players": 2, "stock": 5, "seed": SEED, "ai": "easy"})
    assert reply["state"]["my_turn"] is True and reply["state"]["moves"] == 0
    assert api.events("newgame")[-1]["players"] == 2
    click_move(frame, "H1>B1")  # SEED deals 1, 3, 5, 7, 12: a click move
    expect(frame.locator('[data-slot="B1"]')).to_have_attribute("data-next", "2")
    assert api.events("move")[-1]["move"] == "H1>B1"
    assert api.ok("hint")["move"]
    assert api.ok("play", {"move": "H7>D1"})["move"] == "H7>D1"  # a command move: ends the turn
    expect(frame.locator('[data-seat="0"] [data-slot="D1"]')).to_have_attribute("data-top", "7")
    assert api.ok("state")["state"]["moves"] >= 2
    expect(frame.locator("#rescue")).to_be_hidden()
    assert errors == []
    page.context.close()


@pytest.mark.parametrize("query", ["?embed=1&lang=en&speed=0", "?lang=en&speed=0"], ids=["embed", "plain"])
def test_a_frame_of_another_site_refused_all_storage_starts_and_plays(two_sites, site, host_dir: Path, host,
                                                                      query: str) -> None:
    page, frame, errors = framed(two_sites, site, host_dir, host, "blocked.html", query)
    plays_unsaved(page, frame, errors)

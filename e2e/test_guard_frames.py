"""Issue 36, item 6: a page in a frame keeps its games apart from the visitor's own,
whatever its address says. The plain page (no ``embed=1``) framed by a page of the same
site (another port of 127.0.0.1: the same ``localStorage`` as the visitor's tab) or of
another site takes the parent's commands for its own table, keeps that table under the
embedded table's keys, never writes ``skipbo.current`` and never claims the game from
the visitor's tab (``skipbo.tab``)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import BrowserContext, Frame, Page, expect

from e2e.game_support import stored, wait_for_turn
from e2e.support import BOOT_TIMEOUT_MS, READY
from e2e.test_host import HOST, Host, origin
from e2e.test_robust_page import game_in_progress, load, text
from tools.browser import launch_args
from tools.server import HOST as SERVER_HOST

PLAIN = "?lang=en&speed=0"  # the plain page: no embed=1
COVER = '[data-action="take-over"]'  # the cover of a tab that gave up the game


def frame_of(page: Page) -> Frame:
    page.frame_locator("#game").locator(READY).wait_for(timeout=BOOT_TIMEOUT_MS)
    return next(f for f in page.frames if f is not page.main_frame)


def settled_game(page: Page, url: str) -> str:
    """A game in progress in the visitor's tab, saved, the human to move (nothing changes
    it until they do); its saved text."""
    game_in_progress(page, url)
    wait_for_turn(page, 0)
    return text(page, "skipbo.current")


def steer(lesson: Page, frame: Frame) -> None:
    """The parent deals a new game in the frame: the frame's table changes, and the frame
    keeps it under its own keys."""
    api = Host(lesson)
    reply = api.ok("newgame", {"players": 3, "seed": 9, "ai": "easy"})
    assert reply["state"]["players"] == 3
    expect(frame.locator("#table")).to_have_attribute("data-players", "3")
    assert api.events("newgame")[-1]["players"] == 3
    own = stored(frame, "skipbo.embed.current")
    assert own is not None and stored(frame, "skipbo.embed.match")["origin"] == "host" and own["rules"]["players"] == 3


def test_a_page_of_the_same_site_framing_the_plain_page_leaves_the_visitors_game(watched, site, host_dir: Path,
                                                                                  host) -> None:
    page = watched.page
    game = settled_game(page, site.url)
    owner = text(page, "skipbo.tab")
    assert owner
    page.evaluate("localStorage.setItem('skipbo.theme', JSON.stringify('dark'))")  # the visitor's colours
    (host_dir / "same-site.html").write_text(HOST.substitute(src=f"{site.url}{PLAIN}".replace("&", "&amp;"),
                                                             game_origin=origin(site.url)), encoding="utf-8")
    lesson = page.context.new_page()  # another tab: a page of 127.0.0.1 on another port
    lesson.goto(host.url + "same-site.html")
    frame = frame_of(lesson)
    assert frame.evaluate("localStorage.getItem('skipbo.current')") == game  # one store: the same site
    assert frame.locator("#table").get_attribute("data-players") == "2"
    assert frame.evaluate("document.documentElement.dataset.themeChoice") == "auto"  # its own, not the visitor's
    steer(lesson, frame)
    # the visitor's saved game, and their tab's hold on it, are as they were
    assert text(page, "skipbo.current") == game and text(page, "skipbo.theme") == '"dark"'
    assert text(page, "skipbo.tab") == owner
    expect(page.locator(COVER)).to_have_count(0)
    frame.locator('[data-seat="0"] [data-slot="H"][data-card]').first.click()  # played in the frame: still apart
    assert text(page, "skipbo.current") == game and text(page, "skipbo.tab") == owner
    lesson.close()
    load(page, f"{site.url}{PLAIN}")  # the visitor's next visit: their game goes on
    assert text(page, "skipbo.current") == game
    expect(page.locator(COVER)).to_have_count(0)


def test_a_frame_with_game_options_plays_them_apart_without_asking_about_the_visitors_game(
        watched, site, host_dir: Path, host) -> None:
    page = watched.page
    game = settled_game(page, site.url)
    (host_dir / "options.html").write_text(
        HOST.substitute(src=f"{site.url}{PLAIN}&players=4&seed=2".replace("&", "&amp;"), game_origin=origin(site.url)),
        encoding="utf-8")
    lesson = page.context.new_page()
    lesson.goto(host.url + "options.html")
    frame = frame_of(lesson)
    expect(frame.locator("#table")).to_have_attribute("data-players", "4")  # the frame's own game: nothing to ask
    assert frame.locator('[data-notice="notice.url_replace"]').count() == 0
    assert text(page, "skipbo.current") == game
    lesson.close()


@pytest.fixture(scope="module")
def other_site_browser(playwright, tmp_path_factory) -> Iterator[BrowserContext]:
    """A browser in which ``localhost`` is another site than 127.0.0.1 (both loopback: the
    resolver maps ``localhost`` to 127.0.0.1, every other name still fails), and which,
    unlike the suite's off-the-record contexts, lets a frame of another site use storage
    (a profile that allows third-party cookies; in the suite's contexts such a frame gets
    none, and plays without saving: e2e/test_guard_storage_blocked.py)."""
    args = launch_args(playwright)
    args["args"] = [f"--host-resolver-rules=MAP localhost {SERVER_HOST} , MAP * ~NOTFOUND , EXCLUDE {SERVER_HOST}"
                    if a.startswith("--host-resolver-rules") else a for a in args["args"]]
    profile = tmp_path_factory.mktemp("profile")
    (profile / "Default").mkdir()
    (profile / "Default" / "Preferences").write_text(json.dumps({"profile": {"cookie_controls_mode": 0}}),
                                                     encoding="utf-8")
    context = playwright.chromium.launch_persistent_context(str(profile), service_workers="block", **args)
    yield context
    context.close()


def test_a_page_of_another_site_framing_the_plain_page_steers_its_own_table(other_site_browser, site,
                                                                             host_dir: Path, host) -> None:
    """The parent is on ``localhost``, another site than the game's 127.0.0.1. Whatever
    store the browser gives the frame (this profile shares the visitor's with it), the page
    keeps its game under its own keys, never writes ``skipbo.current`` and never claims
    the game."""
    page = other_site_browser.new_page()
    errors: list[str] = []
    page.on("console", lambda msg: errors.append(msg.text) if msg.type == "error" else None)
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    game = settled_game(page, site.url)
    owner = text(page, "skipbo.tab")
    (host_dir / "other-site.html").write_text(HOST.substitute(src=f"{site.url}{PLAIN}".replace("&", "&amp;"),
                                                              game_origin=origin(site.url)), encoding="utf-8")
    lesson = other_site_browser.new_page()
    lesson.goto(host.url.replace(SERVER_HOST, "localhost") + "other-site.html")
    assert lesson.evaluate("origin").startswith("http://localhost:")
    frame = frame_of(lesson)
    steer(lesson, frame)
    # whether the browser partitions the frame's store (then the visitor's keys are absent
    # in it) or not (then they are the visitor's, as they were): never written by the frame
    assert frame.evaluate("localStorage.getItem('skipbo.current')") in (None, game)
    assert frame.evaluate("localStorage.getItem('skipbo.tab')") in (None, owner)
    assert text(page, "skipbo.current") == game and text(page, "skipbo.tab") == owner
    expect(page.locator(COVER)).to_have_count(0)
    lesson.close()
    page.close()
    assert errors == []

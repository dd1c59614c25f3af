"""Issue 36 ("guard"): a page in a frame leaves the visitor's other stores alone too. A page
of the same site (another port of 127.0.0.1, so the visitor's own ``localStorage``) frames
the plain page: the frame's statistics sheet neither shows nor rewrites the visitor's
statistics (``skipbo.stats``, even when damaged), and its rescue box's "put the saved data
aside" moves only the frame's own ``skipbo.embed.*`` keys, never the visitor's game."""

from __future__ import annotations

import json
from pathlib import Path

from playwright.sync_api import Frame, Page, expect
from skipbo_web.i18n import t

from e2e.support import BOOT_TIMEOUT_MS, READY
from e2e.test_guard_frames import PLAIN, frame_of, settled_game
from e2e.test_host import HOST, origin
from e2e.test_robust_page import load, put, text
from e2e.test_stats import GAME

STATS = json.dumps({"version": 1, "games": [GAME, {**GAME, "result": "lost", "points": 0}]})
VISITORS = ("skipbo.current", "skipbo.match", "skipbo.settings", "skipbo.stats", "skipbo.theme")


def lesson_of(page: Page, host_dir: Path, host, site, name: str, query: str, init: str = "") -> Page:
    """Another tab, a page of the same site (another port) framing the game at ``query``
    (with ``init`` run first in each of its frames)."""
    (host_dir / name).write_text(HOST.substitute(src=f"{site.url}{query}".replace("&", "&amp;"),
                                                 game_origin=origin(site.url)), encoding="utf-8")
    lesson = page.context.new_page()
    if init:
        lesson.add_init_script(init)
    lesson.goto(host.url + name)
    return lesson


def stats_sheet(frame: Frame):
    """The frame's statistics sheet, opened from its bar (over a new-game screen, if any)."""
    if frame.locator("#sheet[open]").count():
        frame.locator('#sheet [data-action="close"]').first.click()
    if not frame.locator('#bar [data-action="stats"]').is_visible():  # a narrow frame: under More
        frame.click('#bar [data-action="bar-menu"]')
        frame.click('#bar [data-action="records"]')
        frame.click('#sheet [data-action="stats"]')
    else:
        frame.click('#bar [data-action="stats"]')
    sheet = frame.locator("#sheet[open] .stats")
    sheet.wait_for()
    return sheet


def keys(page: Page) -> dict[str, str]:
    return page.evaluate("() => Object.fromEntries(Object.keys(localStorage).filter((k) => k.startsWith('skipbo.'))"
                         ".map((k) => [k, localStorage.getItem(k)]))")


def test_a_framed_page_neither_shows_nor_rewrites_the_visitors_statistics(watched, site, host_dir: Path,
                                                                          host) -> None:
    page = load(watched.page, f"{site.url}?seed=3&lang=en")
    put(page, {"skipbo.stats": STATS})
    lesson = lesson_of(page, host_dir, host, site, "stats.html", PLAIN)
    frame = frame_of(lesson)
    assert frame.evaluate("localStorage.getItem('skipbo.stats')") == STATS  # one store: the same site
    sheet = stats_sheet(frame)
    assert sheet.get_attribute("data-games") == "0"
    assert t("en", "stats.apart") in sheet.inner_text()
    expect(frame.locator('#sheet [data-action="stats-clear"]')).to_have_count(0)
    # damaged: the frame neither reads it nor rewrites it (nor sets it aside)
    put(page, {"skipbo.stats": "{not json"})
    lesson.reload()
    frame = frame_of(lesson)
    assert stats_sheet(frame).get_attribute("data-games") == "0"
    expect(frame.locator('[data-notice="notice.bad_stats"]')).to_have_count(0)
    assert text(page, "skipbo.stats") == "{not json" and text(page, "skipbo.aside.stats") is None
    lesson.close()


def test_the_rescue_of_a_framed_page_sets_aside_only_its_own_keys(page: Page, site, host_dir: Path, host) -> None:
    """The frame's start-up raises (the browser refuses to name its languages, asked for
    without ``lang=``): its box's button moves the frame's ``skipbo.embed.*`` keys aside and
    nothing of the visitor's. (Console errors are expected: no ``watched``.)"""
    settled_game(page, site.url)  # the human to move: nothing changes it meanwhile
    put(page, {"skipbo.stats": STATS, "skipbo.embed.theme": '"dark"'})
    before = keys(page)
    visitors = {k: v for k, v in before.items() if k in VISITORS}
    assert visitors["skipbo.current"] and visitors["skipbo.stats"] == STATS
    lesson = lesson_of(page, host_dir, host, site, "rescue.html", "?speed=0", """if (!sessionStorage.getItem("rescued"))
        Object.defineProperty(navigator, "languages", {get() { throw new Error("no languages here"); }});""")
    lesson.frame_locator("#game").locator("#rescue").wait_for(state="visible", timeout=BOOT_TIMEOUT_MS)
    frame = next(f for f in lesson.frames if f is not lesson.main_frame)
    assert frame.get_attribute("#rescue", "data-kind") == "data"
    frame.evaluate('sessionStorage.setItem("rescued", "1")')
    frame.click("#rescue-fresh")
    lesson.frame_locator("#game").locator(READY).wait_for(timeout=BOOT_TIMEOUT_MS)
    after = keys(page)
    assert {k: after.get(k) for k in visitors} == visitors  # the visitor's keys, as they were
    assert not [k for k in after if k.startswith("skipbo.aside.") and not k.startswith("skipbo.aside.embed.")]
    assert "skipbo.embed.theme" not in after  # the frame's own: set aside, kept
    assert '"dark"' in [v for k, v in after.items() if k.startswith("skipbo.aside.embed.")]
    lesson.close()

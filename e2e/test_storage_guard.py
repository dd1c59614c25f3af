"""Issue 36 on the page, storage: a storage filled by another page of the same site, or
full from the first visit, is said at once in the player's language and the page keeps
trying, so the next move after room is made is saved; damaged statistics are set aside
whole and never grow; nothing kept aside is written over, and the "Kept aside" sheet
shows, downloads and deletes it; a damaged value with no room to be set aside, and a
``null`` save, are said."""

from __future__ import annotations

import json
from pathlib import Path

from playwright.sync_api import Page
from skipbo_web.i18n import t

from e2e.game_support import axe_scan, click_one_move, stored, wait_for_turn
from e2e.support import BOOT_TIMEOUT_MS, READY
from e2e.test_robust_page import RESCUE, hand, load, notices, put, text

# Another page of the site fills the origin's storage to the last few characters (short keys
# of its own: a move's save, a few characters longer, no longer fits), and frees it again.
FILL = """() => { let i = 0;
  for (let size = 1 << 21; size >= 1; size >>= 1) {
    const s = "x".repeat(size);
    for (;;) { try { localStorage.setItem("~" + i, s); i++; } catch (e) { break; } }
  }
  return i; }"""
FREE = "() => { for (const k of Object.keys(localStorage)) if (!k.startsWith('skipbo.')) localStorage.removeItem(k); }"
SIZE = "() => Object.entries(localStorage).reduce((n, [k, v]) => n + k.length + v.length, 0)"
NOT_SAVED = '[data-notice="notice.not_saved"]'
SAVED_AGAIN = '[data-notice="notice.saved_again"]'


def other_page(page: Page, url: str) -> Page:
    """A second tab on a page of the same site that is not the game (its rules page)."""
    other = page.context.new_page()
    other.goto(f"{url}rules.html")
    return other


def moves(page: Page) -> int:
    record = stored(page)
    return len(record["moves"]) if isinstance(record, dict) else -1


def move(page: Page) -> None:
    """One move of the human at their turn (the computers then play theirs)."""
    wait_for_turn(page, 0)
    click_one_move(page)


def saved_move(page: Page) -> None:
    """One move, and until it is saved (its click's work may end after the click)."""
    before = moves(page)
    move(page)
    page.wait_for_function("n => { const r = JSON.parse(localStorage.getItem('skipbo.current') || 'null');"
                           " return !!r && r.moves.length > n; }", arg=before, timeout=10_000)


def test_storage_filled_by_another_page_is_said_at_once_and_saving_goes_on(watched, site) -> None:
    page = load(watched.page, f"{site.url}?seed=5&lang=de&speed=0")
    move(page)
    saved = text(page, "skipbo.current")
    other = other_page(page, site.url)
    assert other.evaluate(FILL) > 0
    move(page)
    page.wait_for_selector(NOT_SAVED, timeout=5_000)  # at once, in German
    words = page.locator(NOT_SAVED).inner_text()
    assert words.startswith(t("de", "notice.not_saved", names="x")[:30]) and "skipbo.current" in words
    assert text(page, "skipbo.current") == saved  # the last save is kept as it was
    assert page.locator(".elsewhere").count() == 0  # a refused save is no other tab
    other.evaluate(FREE)
    move(page)
    page.wait_for_selector(SAVED_AGAIN, timeout=5_000)
    assert page.locator(NOT_SAVED).count() == 0 and text(page, "skipbo.current") != saved
    wait_for_turn(page, 0)
    played, cards = moves(page), hand(page)
    load(page, f"{site.url}?lang=de")
    assert moves(page) == played and hand(page) == cards and notices(page) == []  # the game goes on


def test_storage_full_from_the_first_visit(watched, site) -> None:
    other = other_page(watched.page, site.url)
    other.evaluate(FILL)
    page = load(watched.page, f"{site.url}?lang=da&speed=0")
    assert notices(page)[-1] == "notice.not_saved"  # said at once, before any move
    assert page.locator(NOT_SAVED).inner_text().startswith(t("da", "notice.not_saved", names="x")[:30])
    assert text(page, "skipbo.current") is None
    page.keyboard.press("Escape")  # the new-game screen of a first visit: the dealt game is played
    page.wait_for_selector("#sheet[open]", state="detached")
    other.evaluate(FREE)
    move(page)
    page.wait_for_selector(SAVED_AGAIN, timeout=5_000)
    wait_for_turn(page, 0)
    played, cards = moves(page), hand(page)
    assert played > 0
    load(page, f"{site.url}?lang=da")
    assert moves(page) == played and hand(page) == cards


def test_damaged_statistics_over_three_loads_stay_bounded(watched, site) -> None:
    """Before: wrapped into the store's own list at every read, 450,000 characters grew past
    the storage's quota by the third load; no move was saved any more and the only tab was
    covered with "open in another tab"."""
    page = load(watched.page, f"{site.url}?seed=5&lang=en&speed=0")
    damaged = "{" + "é\"\u0001" * 150_000  # 450,001 characters, not JSON; escaped, three times as long
    put(page, {"skipbo.stats": damaged})
    start = page.evaluate(SIZE)
    for load_no in range(3):
        load(page, f"{site.url}?speed=0")
        page.click('#bar [data-action="stats"]')
        page.wait_for_selector("#sheet[open] .stats")
        page.click('#sheet [data-action="close"]')
        saved_move(page)  # saving still works
        assert page.locator(".elsewhere").count() == 0, load_no
        assert page.evaluate(SIZE) < start + 50_000, load_no
    assert text(page, "skipbo.aside.stats") == damaged and text(page, "skipbo.aside.stats.2") is None


def test_twelve_damaged_saves_are_all_kept_and_shown(watched, site, tmp_path: Path) -> None:
    """Before: ``skipbo.aside.current.9`` took the 10th, 11th and 12th in turn, while the
    notice said "kept unchanged"; the same for the match moved aside with each."""
    page = load(watched.page, f"{site.url}?lang=en&speed=0")
    ever: dict[str, set[str]] = {}  # every value seen aside, by key
    for i in range(12):
        put(page, {"skipbo.current": f"damaged save {i}"})
        load(page, f"{site.url}?speed=0")
        assert "notice.set_aside" in notices(page), i
        for key, value in page.evaluate("() => Object.entries(localStorage)"):
            if key.startswith("skipbo.aside."):
                ever.setdefault(key, set()).add(value)
    assert all(len(values) == 1 for values in ever.values()), ever  # nothing kept aside was replaced
    kept = {values.pop() for key, values in ever.items() if key.startswith("skipbo.aside.current")}
    assert kept == {f"damaged save {i}" for i in range(12)}
    page.click('[data-notice="notice.set_aside"] [data-action="aside"]')  # the notice shows them
    sheet = page.wait_for_selector("#sheet[open] .aside")
    assert int(sheet.get_attribute("data-kept")) == len(ever)
    assert axe_scan(page) == []
    row = '#sheet li[data-store="skipbo.aside.current.10"]'
    assert page.locator(f'{row} [data-action="aside-delete"]').count() == 0  # not before it is downloaded
    with page.expect_download() as info:
        page.click(f'{row} [data-action="aside-download"]')
    assert Path(info.value.path()).read_text(encoding="utf-8") == text(page, "skipbo.aside.current.10")
    page.click(f'{row} [data-action="aside-delete"]')
    page.wait_for_selector(f"{row}", state="detached")
    assert text(page, "skipbo.aside.current.10") is None and text(page, "skipbo.aside.current.11") is not None


def test_a_3mb_match_or_settings_with_no_room_aside_is_said(watched, site) -> None:
    """Before: kept and never written, without a word."""
    page = load(watched.page, f"{site.url}?seed=5&lang=en&speed=0")
    for key in ("skipbo.match", "skipbo.settings"):
        page.evaluate(FREE)
        big = "{" + "1," * 1_500_000  # 3,000,001 characters: over the reader's limit, so damaged
        put(page, {key: big})
        page.evaluate("() => localStorage.setItem('spare', 'x'.repeat(1000000))")
        page.evaluate(FILL)
        page.evaluate("() => localStorage.removeItem('spare')")  # room for the game, none for a copy
        load(page, f"{site.url}?speed=0")
        assert "notice.stuck" in notices(page), key
        assert key in page.locator('[data-notice="notice.stuck"]').inner_text()
        saved_move(page)
        assert text(page, key) == big, key  # the game is saved, the value kept
        page.click('[data-notice="notice.stuck"] [data-action="aside"]')
        row = f'#sheet li[data-store="{key}"]'
        page.wait_for_selector(row)
        with page.expect_download():
            page.click(f'{row} [data-action="aside-download"]')
        page.click(f'{row} [data-action="aside-delete"]')
        page.wait_for_selector(row, state="detached")
        page.click('#sheet [data-action="close"]')
        assert text(page, key) is None
        if key == "skipbo.match":
            saved_move(page)  # written again with the game
        else:
            page.click('#bar [data-lang="de"]')  # the settings are written when they change
        assert isinstance(json.loads(text(page, key) or "null"), dict), key


def test_a_null_save_keeps_its_match_aside_and_says_so(watched, site) -> None:
    """``skipbo.current = null`` counted as no save, and the match beside it was written over."""
    page = load(watched.page, f"{site.url}?seed=5&lang=en&speed=0&target=200")
    match = text(page, "skipbo.match")
    put(page, {"skipbo.current": "null"})
    load(page, f"{site.url}?speed=0")
    assert notices(page) == ["notice.set_aside"]
    words = page.locator('[data-notice="notice.set_aside"]').inner_text()
    assert "skipbo.current" in words and "skipbo.match" in words
    assert text(page, "skipbo.aside.current") == "null" and text(page, "skipbo.aside.match") == match


def test_the_rescue_box_writes_over_nothing_kept_aside(page: Page, site) -> None:
    """web/rescue.js's button took ``skipbo.aside.current.9`` when ``.1`` to ``.9`` were
    taken, writing over what was kept there; it names them as the page does. (The start is
    made to fail as in test_robust_page; console errors are expected: no ``watched``.)"""
    load(page, f"{site.url}?seed=4&lang=en")
    game = text(page, "skipbo.current")
    kept = {"skipbo.aside.current": "kept 1", **{f"skipbo.aside.current.{n}": f"kept {n}" for n in range(2, 10)}}
    put(page, kept)
    page.add_init_script("""if (!sessionStorage.getItem("rescued"))
        Object.defineProperty(navigator, "languages", {get() { throw new Error("no languages here"); }});""")
    page.goto(site.url)
    page.wait_for_selector(RESCUE, state="visible", timeout=BOOT_TIMEOUT_MS)
    page.evaluate('sessionStorage.setItem("rescued", "1")')
    page.click("#rescue-fresh")
    page.wait_for_selector(READY, timeout=BOOT_TIMEOUT_MS)
    assert all(text(page, key) == value for key, value in kept.items())
    assert text(page, "skipbo.aside.current.10") == game

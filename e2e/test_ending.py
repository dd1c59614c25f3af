"""The end of a game in a real browser: a win cascades cards behind its sheet (and does
not when the system asks for reduced motion), a loss and a stall end on sheets of their
own, a match says which game it was and who leads, and the dark table's result sheet
passes the accessibility scan."""

from __future__ import annotations

import json
from pathlib import Path

from playwright.sync_api import Browser, Page

from e2e.game_support import axe_scan, open_game
from e2e.support import BOOT_TIMEOUT_MS, READY, Watched
from skipbo_core import Game, Rules

RECORDS = Path(__file__).resolve().parent.parent / "tests" / "data" / "records" / "valid"
RULES = Rules(players=2, stock_size=1)
# the cards of the cascade and their animations, as the page has them now
CASCADE = """() => [...document.querySelectorAll(".celebration .card")].map(card =>
  card.getAnimations().map(a => [a.playState, a.effect.getKeyframes().some(k => k.transform !== "none")]))"""
MOVING = """() => document.getAnimations().filter(a => a.playState === "running" &&
  a.effect.getKeyframes().some(k => k.transform && k.transform !== "none")).length"""


def seed_where(test) -> int:
    return next(s for s in range(3000) if test(Game.new(RULES, seed=s, first=0).view(0)))


YOU_WIN = seed_where(lambda v: v.stock_tops[0] in (0, 1))  # your one stock card goes up at once
YOU_LOSE = seed_where(lambda v: v.stock_tops[1] in (0, 1) and v.stock_tops[0] not in (0, 1))


def win(page: Page) -> None:
    page.click('[data-seat="0"] [data-slot="S"]')
    page.click('[data-slot="B1"]')
    page.wait_for_selector('.result[data-ending="win"]')


def open_saved(page: Page, url: str, record: dict, match: dict) -> None:
    page.goto(url + "?lang=en")
    page.evaluate("([r, m]) => { localStorage.setItem('skipbo.current', r); localStorage.setItem('skipbo.match', m); }",
                  [json.dumps(record), json.dumps(match)])
    page.reload()
    page.wait_for_selector(READY, timeout=BOOT_TIMEOUT_MS)


def stalled_record() -> dict:
    record = json.loads((RECORDS / "2p-stalled.json").read_text())
    record["players"] = [{"name": "", "kind": "human"}, {"name": "", "kind": "ai:easy"}]
    return record


def test_a_win_cascades_cards_behind_the_sheet_then_they_are_gone(watched: Watched, site) -> None:
    page = open_game(watched.page, site.url, players=2, stock=1, ai="easy", seed=YOU_WIN)
    assert page.locator(".celebration").count() == 0
    win(page)
    cards = page.evaluate(CASCADE)
    assert len(cards) == 13 and all(len(a) == 1 and a[0][1] for a in cards)  # each card moves (a transform)
    assert {a[0][0] for a in cards} <= {"running", "pending"}
    sheet = page.locator(".result")
    assert sheet.locator(".mood").text_content() == "Victory" and "You won!" in sheet.inner_text()
    # the cascade is behind the sheet and lets clicks through to it
    z = page.evaluate("() => [getComputedStyle(document.querySelector('.celebration')).zIndex, "
                      "getComputedStyle(document.querySelector('.result')).zIndex].map(Number)")
    assert z[0] < z[1]
    page.wait_for_selector(".celebration", state="detached", timeout=6_000)
    assert page.evaluate(MOVING) == 0
    win_again = page.locator('.result [data-action="play-again"]')
    win_again.click()
    page.wait_for_selector('#table[data-ready="1"]:not([data-over])')
    assert watched.errors == []


def test_the_next_game_takes_the_cascade_away(watched: Watched, site) -> None:
    page = open_game(watched.page, site.url, players=2, stock=1, ai="easy", seed=YOU_WIN)
    win(page)
    assert page.locator(".celebration .card").count() == 13
    page.click('.result [data-action="play-again"]')  # at once, while the cards still fall
    assert page.locator(".celebration").count() == 0


def test_reduced_motion_means_no_celebration_at_all(browser: Browser, site) -> None:
    context = browser.new_context(reduced_motion="reduce", service_workers="block")
    page = open_game(context.new_page(), site.url, players=2, stock=1, ai="easy", seed=YOU_WIN, speed=2)
    win(page)
    page.wait_for_timeout(150)  # the cascade's first cards would be on their way by now
    assert page.locator(".celebration").count() == 0
    assert page.evaluate(MOVING) == 0  # nothing on the page moves by a transform
    assert page.locator(".result .mood").text_content() == "Victory"  # the win is still told
    context.close()


def test_esc_closes_the_result_sheet_as_it_closes_a_sheet(watched: Watched, site) -> None:
    """docs/PLAYING.md: Esc closes a sheet; the result's sheet too (the button brings it back)."""
    page = open_game(watched.page, site.url, players=2, stock=1, ai="easy", seed=YOU_WIN)
    win(page)
    page.keyboard.press("Escape")
    assert page.locator(".result").count() == 0
    assert page.evaluate("document.activeElement.className") == "show-result"
    page.keyboard.press("Enter")
    assert page.locator('.result[data-ending="win"]').is_visible()


def test_on_a_phone_held_sideways_the_result_opens_at_its_top(browser: Browser, site) -> None:
    """At 740x360 the sheet scrolls: it opens with its band (how it ended) and headline in
    sight, not scrolled to its focused button, and its buttons are in sight too."""
    for lang, mood in (("de", "Sieg"), ("en", "Victory")):
        context = browser.new_context(viewport={"width": 740, "height": 360}, has_touch=True, is_mobile=True,
                                      service_workers="block")
        page = open_game(context.new_page(), site.url, players=2, stock=1, ai="easy", seed=YOU_WIN, lang=lang)
        win(page)
        body = page.locator(".result .sheet-body")
        assert body.evaluate("b => b.scrollTop") == 0
        sheet, band = body.bounding_box(), page.locator(".result .mood").bounding_box()
        assert band["y"] >= sheet["y"] and page.locator(".result .mood").text_content() == mood
        button = page.locator('.result [data-action="play-again"]').bounding_box()
        assert button["y"] + button["height"] <= sheet["y"] + sheet["height"] + 1, (button, sheet)
        assert page.evaluate("document.activeElement.dataset.action") == "play-again"
        context.close()


def test_a_loss_ends_on_its_own_sheet_without_a_cascade(watched: Watched, site) -> None:
    page = open_game(watched.page, site.url, players=2, stock=1, ai="easy", seed=YOU_LOSE)
    page.locator('[data-seat="0"] [data-slot="H"]').first.click()
    page.click('[data-seat="0"] [data-slot="D1"]')
    page.wait_for_selector('.result[data-ending="loss"]', timeout=30_000)
    sheet = page.locator(".result")
    assert sheet.locator(".mood").text_content() == "Defeat"
    assert "Your stock pile still held 1 card." in sheet.inner_text()
    assert page.locator(".celebration").count() == 0
    assert page.evaluate("document.documentElement.dataset.soundPlayed") == "loss"


def test_a_stall_ends_on_its_own_sheet(watched: Watched, site) -> None:
    match = {"version": 1, "target": None, "first": 0, "history": [], "game_no": 0, "seed": 1, "origin": ""}
    open_saved(watched.page, site.url, stalled_record(), match)
    sheet = watched.page.locator(".result")
    assert sheet.get_attribute("data-ending") == "stall" and sheet.locator(".mood").text_content() == "Stuck"
    assert "Game 1 of the match" not in sheet.inner_text()
    assert watched.page.locator(".celebration").count() == 0  # a finished game opened again


def test_a_match_names_its_game_and_who_leads(watched: Watched, site) -> None:
    # game 2 of a match to 100: you won the first with 30 points, the second stalled
    match = {"version": 1, "target": 100, "first": 1, "history": [[30, 0], [0, 0]], "game_no": 1, "seed": 1,
             "origin": ""}
    open_saved(watched.page, site.url, stalled_record(), match)
    sheet = watched.page.locator(".result")
    text = sheet.inner_text()
    assert "Game 2 of the match" in text and "Match standings (first to 100)" in text
    assert "You lead the match and need 70 more points to reach 100." in text
    assert sheet.locator('[data-seat-score="0"]').inner_text().endswith("30")
    assert watched.page.locator('.result [data-action="next-game"]').is_visible()


def test_no_serious_accessibility_findings_on_the_dark_table_s_endings(watched: Watched, site) -> None:
    page = watched.page
    page.emulate_media(color_scheme="dark")
    open_game(page, site.url, players=2, stock=1, ai="easy", seed=YOU_WIN)
    win(page)
    findings = axe_scan(page)
    open_game(page, site.url, players=2, stock=1, ai="easy", seed=YOU_LOSE)
    page.locator('[data-seat="0"] [data-slot="H"]').first.click()
    page.click('[data-seat="0"] [data-slot="D1"]')
    page.wait_for_selector('.result[data-ending="loss"]', timeout=30_000)
    findings += axe_scan(page)
    assert page.evaluate("document.documentElement.dataset.theme") == "dark"
    assert findings == []

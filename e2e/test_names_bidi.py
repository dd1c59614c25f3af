"""Issue 36, item 9, in the browser: a name with right-to-left controls in the stored
settings used to turn the computer's level beside it around ("(medium)" laid out as
"(muidem)"). The controls are dropped when the settings are read, and every name the
table shows is isolated (``<bdi>``), so the level reads left to right whatever the name."""

from __future__ import annotations

import json
import re

from playwright.sync_api import Page

from e2e.support import BOOT_TIMEOUT_MS, READY, Watched

NAMES = ["Ada\u202e", "\u2067Bot\u202e", "דנה 2"]  # a human, and two computers


def settings(names: list[str]) -> str:
    seats = [{"name": n, "kind": k} for n, k in zip(names, ["human", "medium", "easy"])]
    seats += [{"name": "", "kind": "medium"}] * (6 - len(seats))
    return json.dumps({"version": 1, "players": 3, "seats": seats, "stock": None, "teams": False,
                       "wild_cards": 18, "faces": "skipbo", "match": False, "target": 500, "lang": "en",
                       "speed": 0, "practice": False})


def letters_left_to_right(page: Page, selector: str) -> list[float]:
    """The left edge of each character of the first ``selector``'s text, as laid out."""
    return page.locator(selector).first.evaluate("""el => {
      const text = el.firstChild, out = [];
      for (let i = 0; i < text.length; i++) {
        const range = document.createRange();
        range.setStart(text, i);
        range.setEnd(text, i + 1);
        out.push(range.getBoundingClientRect().left);
      }
      return out;
    }""")


def test_a_level_beside_a_name_with_bidi_controls_reads_in_order(watched: Watched, site) -> None:
    page = watched.page
    page.goto(f"{site.url}?lang=en")
    page.wait_for_selector(READY, timeout=BOOT_TIMEOUT_MS)
    page.evaluate("s => { localStorage.clear(); localStorage.setItem('skipbo.settings', s); }", settings(NAMES))
    page.reload()
    page.wait_for_selector(READY, timeout=BOOT_TIMEOUT_MS)
    page.wait_for_selector('[data-seat="1"] .who .level')
    # the controls are gone from what the page keeps and shows
    current = json.loads(page.evaluate("localStorage.getItem('skipbo.current')") or "{}")
    assert [p["name"] for p in current["players"]] == ["Ada", "Bot", "דנה 2"]
    level = '[data-seat="1"] .who .level'
    assert page.locator(level).inner_text() == "(med.)"  # its short form; the whole word is its title
    assert page.locator(level).get_attribute("title") == "medium"
    lefts = letters_left_to_right(page, level)
    assert lefts == sorted(lefts) and len(set(lefts)) == len(lefts), lefts  # "(", "m", "e", "d", "." left to right
    name = page.locator('[data-seat="1"] .who .nm').first
    assert name.inner_text() == "Bot"
    # each name the table shows stands apart: in a <bdi>, laid out as an isolate
    for seat, shown in ((1, "Bot"), (2, "דנה 2")):
        bdi = page.locator(f'[data-seat="{seat}"] .who bdi').first
        assert bdi.inner_text() == shown
        assert bdi.evaluate("el => getComputedStyle(el).unicodeBidi") == "isolate"
    hebrew = page.locator('[data-seat="2"] .who .level')
    lefts = letters_left_to_right(page, '[data-seat="2"] .who .level')
    assert hebrew.inner_text() == "(easy)" and lefts == sorted(lefts), lefts
    # a refusal's note beside the pile is plain text: the name in it between isolate marks
    if page.locator("#sheet[open]").count():  # a first visit with no saved game opens the new-game screen
        page.keyboard.press("Escape")
        page.wait_for_selector("#sheet[open]", state="detached")
    page.locator('[data-seat="0"] [data-slot="H"]').first.click()  # with nothing picked, a tap shows the area large
    page.locator('[data-seat="1"] [data-slot="D1"]').click()
    page.wait_for_selector(".refusal:not([hidden])", timeout=10_000)
    note = page.locator(".refusal").text_content() or ""
    assert re.search("\u2068(Ada|Bot|דנה 2)\u2069", note), note

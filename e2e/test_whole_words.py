"""The players' headers show their words whole (issue 39, item 5): on a phone the team and
the hand's count were cut ("team with Com…", "4 …" for "4 in hand", "draws on thei…"), at
1280 px the hand's count in German ("2 auf der H…"). Now on a phone they say it in short
("with Computer 4", "4 cards"), and the line of what the computer did comes after the count:
that line is the one cut short (a tap shows it whole), in English, German and Danish."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser

from e2e.game_support import open_game, play_turn, wait_for_turn

# the words in the headers (not the line of the computer's turn, nor the whole words that
# only screen readers get where the short ones show) that are cut: wider than a box that clips
CUT = """() => [...document.querySelectorAll('#table .player .who *')]
  .filter(e => !e.children.length && e.textContent.trim() && e.getClientRects().length && !e.closest('.trace')
    && getComputedStyle(e).clipPath === 'none')
  .filter(e => { const range = document.createRange(); range.selectNodeContents(e);
    const text = range.getBoundingClientRect();
    for (let box = e; box && !box.classList.contains('player'); box = box.parentElement) {
      const b = box.getBoundingClientRect(), st = getComputedStyle(box);
      if (st.overflowX !== 'visible' && (text.right > b.right + 0.5 || text.left < b.left - 0.5)) return true;
    }
    return false; }).map(e => e.textContent)"""
SAID = "() => [...document.querySelectorAll('#table .player .who .hand-count')].map(e => e.textContent)"
CASES = [((360, 740), 4), ((390, 844), 4), ((360, 740), 5), ((360, 740), 6), ((740, 360), 4), ((740, 360), 6),
         ((1280, 800), 4), ((1280, 800), 6)]


@pytest.mark.parametrize("size, players", CASES, ids=[f"{w}x{h}-{n}" for (w, h), n in CASES])
def test_the_team_and_the_hands_count_show_whole(browser: Browser, site, size, players: int) -> None:
    phone = size[0] < 800
    context = browser.new_context(viewport={"width": size[0], "height": size[1]}, has_touch=phone, is_mobile=phone)
    teams = {"teams": 1} if players % 2 == 0 else {}
    page = open_game(context.new_page(), site.url, players=players, seed=5, ai="medium", **teams)
    play_turn(page)
    wait_for_turn(page)  # the computers have moved: their turns in words are in their headers
    assert page.locator("#table .opp .trace").count() >= 1
    for lang in ("en", "de", "da"):
        page.evaluate("l => document.querySelector(`#bar [data-lang='${l}']`).click()", lang)
        page.wait_for_function("l => document.documentElement.lang === l", arg=lang)
        page.wait_for_timeout(100)
        assert page.evaluate(CUT) == [], (lang, page.evaluate(CUT))
        said = page.evaluate(SAID)  # the whole words are still there (read out where the short ones show)
        whole = {"en": ("in hand", "draws"), "de": ("auf der Hand", "zieht"), "da": ("på hånden", "trækker")}[lang]
        assert len(said) == players and all(any(w in s for w in whole) for s in said), said
    context.close()

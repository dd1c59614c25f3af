"""The others' piles can be read at a glance (issue 39, item 3): with four to six players on
a phone the others' discard piles were 12-14 x 17-19 px, their numbers specks, the order
numbers of the computer's moves over their top cards. Now every other player's top discard
card and stock card is at least 28 px wide with its number at least 14 px high, nothing lies
over it, the page does not scroll sideways, and your own cards stay as large as before: on
a phone upright (360x740, 390x844) and on its side (740x360), with and without teams, in
English and German, late in a game (long discard piles) just after the computers moved."""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser

from e2e.game_support import late_game, play_turn, resume, wait_for_turn
from e2e.support import KeptTab

SIZES = [(360, 740), (390, 844), (740, 360)]
TABLES = {"4": (4, False), "4-teams": (4, True), "5": (5, False), "6": (6, False), "6-teams": (6, True)}
# your cards and the building piles at least as wide as before this change (px, by screen
# and players): the others' larger cards take no room from yours
OWN = {(360, 740): {"4": 53.5, "4-teams": 45, "5": 47.5, "6": 48.2, "6-teams": 46},
       (390, 844): dict.fromkeys(TABLES, 59.5), (740, 360): dict.fromkeys(TABLES, 44)}
SHOTS = {((360, 740), "4"), ((360, 740), "6"), ((360, 740), "6-teams"), ((740, 360), "6")}
# every other player's top cards (stock and discard piles): its width, its number's font
# size, and what lies over it: an order number or a badge (drawn where a finger does not
# reach, so measured by its box), or anything a finger would meet on the card
MEASURE = """() => {
  const hits = (r, o) => o.left < r.right - 0.5 && o.right > r.left + 0.5
                         && o.top < r.bottom - 0.5 && o.bottom > r.top + 0.5;
  const badges = [...document.querySelectorAll('#table .trace-no')].map(e => e.getBoundingClientRect());
  for (const p of document.querySelectorAll('#table .pile')) {  // a badge drawn by CSS (a stock's count)
    const st = getComputedStyle(p, '::after');
    if (st.content === 'none' || st.content === 'normal' || st.content === '""' || st.display === 'none') continue;
    const r = p.getBoundingClientRect(), w = parseFloat(st.width), h = parseFloat(st.height);
    const left = st.left !== 'auto' ? r.left + parseFloat(st.left) : r.right - parseFloat(st.right) - w;
    const top = st.top !== 'auto' ? r.top + parseFloat(st.top) : r.bottom - parseFloat(st.bottom) - h;
    badges.push({left, top, right: left + w, bottom: top + h});
  }
  const tops = [...document.querySelectorAll('#table .opp .pile')].map(p => {
    const card = [...p.querySelectorAll('.card')].pop();
    if (!card || card.classList.contains('empty')) return null;
    const r = card.getBoundingClientRect(), big = card.querySelector('.big');
    const over = badges.filter(b => hits(r, b)).length;
    let covered = 0;
    for (const fx of [0.2, 0.5, 0.8]) for (const fy of [0.15, 0.5, 0.85]) {
      const hit = document.elementFromPoint(r.left + r.width * fx, r.top + r.height * fy);
      if (!hit || !(hit === card || card.contains(hit))) covered++;
    }
    return {pile: p.closest('.opp').dataset.seat + ':' + p.dataset.slot, wild: card.classList.contains('c-wild'),
            width: r.width, font: parseFloat(getComputedStyle(big).fontSize), over, covered};
  }).filter(Boolean);
  const own = [...document.querySelectorAll('.me .hand-card .card, .center .pile.build')]
    .map(e => e.getBoundingClientRect().width);
  const pieces = [...document.querySelectorAll('.me .pile, .me .hand-card, .center .pile.build, .opp .pile')]
    .map(e => e.getBoundingClientRect());
  return {tops, own: Math.min(...own), width: document.documentElement.scrollWidth,
          height: document.documentElement.scrollHeight,
          outside: pieces.filter(r => r.left < -0.5 || r.top < -0.5 || r.right > innerWidth + 0.5
                                      || r.bottom > innerHeight + 0.5).length};
}"""


@pytest.fixture(scope="module", params=SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def phone(request, browser: Browser) -> Iterator[KeptTab]:
    """A touch screen's tab, kept for the module so that the site's files come from its cache."""
    width, height = request.param
    context = browser.new_context(viewport={"width": width, "height": height}, has_touch=True, is_mobile=True,
                                  device_scale_factor=2)
    yield KeptTab(context)
    context.close()


@pytest.mark.parametrize("table", list(TABLES), ids=list(TABLES))
def test_every_other_players_top_cards_can_be_read(phone: KeptTab, site, table: str) -> None:
    players, teams = TABLES[table]
    page = phone.page
    resume(page, site.url, late_game(players, teams))
    play_turn(page)
    wait_for_turn(page)  # the computers have moved: order numbers on the piles they played to
    assert page.locator("#table .opp .trace-no").count() >= 1
    size = (page.viewport_size["width"], page.viewport_size["height"])
    for lang in ("en", "de"):
        page.evaluate("l => document.querySelector(`#bar [data-lang='${l}']`).click()", lang)
        page.wait_for_function("l => document.documentElement.lang === l", arg=lang)
        page.wait_for_timeout(150)  # the fit runs after the table is drawn
        seen = page.evaluate(MEASURE)
        if os.environ.get("SKIPBO_LAYOUT_SHOTS") and (size, table) in SHOTS:  # a folder to keep screenshots in
            name = f"opponent-discards-{size[0]}x{size[1]}-{table}-{lang}.png"
            page.screenshot(path=os.path.join(os.environ["SKIPBO_LAYOUT_SHOTS"], name))
        where = (lang, seen["tops"])
        assert len(seen["tops"]) >= 3 * (players - 1), where  # the stocks and two long discard piles each
        assert all(t["width"] >= 28 for t in seen["tops"]), where
        assert all(t["font"] >= 14 for t in seen["tops"] if not t["wild"]), where
        assert all(t["over"] == 0 and t["covered"] == 0 for t in seen["tops"]), where
        assert seen["width"] <= size[0], f"the page scrolls sideways: {seen['width']} px"
        assert seen["height"] <= size[1], f"the page scrolls: {seen['height']} px"
        assert seen["outside"] == 0, "a pile off the screen"
        assert seen["own"] >= OWN[size][table], f"your cards {seen['own']:.1f} px wide"

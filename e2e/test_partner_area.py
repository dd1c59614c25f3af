"""Your partner's area on a phone (issue 39, item 12): its piles stay inside its frame (at
360x740 and 390x844 with six players the last one stuck out about 3 px), and a card of your
partner's that you pick leaves the header over it readable (at 740x360 the picked card,
lifted, covered the "your partner" label)."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser

from e2e.game_support import open_game

SIZES = [(360, 740), (390, 844), (740, 360)]
# the partner's frame (inside its border) and the boxes of its piles and cards
FRAME = """() => {
  const o = document.querySelector('#table .opp.partner'), b = o.getBoundingClientRect();
  const line = parseFloat(getComputedStyle(o).borderLeftWidth);
  const inner = [...o.querySelectorAll('.pile, .card')].map(e => e.getBoundingClientRect());
  return {left: b.left + line, right: b.right - line,
          piles: [Math.min(...inner.map(r => r.left)), Math.max(...inner.map(r => r.right))]};
}"""
# the picked card with its ring, and the header's words it lies over
PICKED = """() => {
  const o = document.querySelector('#table .opp.partner');
  const card = [...o.querySelectorAll('[data-selected="1"] .card')].pop();
  const st = getComputedStyle(card), r = card.getBoundingClientRect();
  const ring = Math.max(0, parseFloat(st.outlineWidth) + parseFloat(st.outlineOffset));
  const box = {left: r.left - ring, right: r.right + ring, top: r.top - ring, bottom: r.bottom + ring};
  return [...o.querySelectorAll('.who .name, .who .tag, .who .hand-count')].filter(e => e.getClientRects().length)
    .filter(e => { const w = e.getBoundingClientRect();
      return w.left < box.right && box.left < w.right && w.top < box.bottom - 0.5 && box.top < w.bottom - 0.5; })
    .map(e => e.textContent);
}"""


@pytest.mark.parametrize("players", [4, 6])
@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_your_partners_piles_stay_in_its_frame_and_a_picked_card_leaves_its_header_alone(
        browser: Browser, site, size, players: int) -> None:
    context = browser.new_context(viewport={"width": size[0], "height": size[1]}, has_touch=True, is_mobile=True)
    page = open_game(context.new_page(), site.url, players=players, teams=1, seed=5, lang="de")
    page.wait_for_timeout(100)
    frame = page.evaluate(FRAME)
    assert frame["left"] - 0.5 <= frame["piles"][0] and frame["piles"][1] <= frame["right"] + 0.5, frame
    page.locator('#table .opp.partner [data-slot="S"]').click()  # you may play from your partner's stock
    page.wait_for_selector('#table .opp.partner [data-selected="1"]')
    page.wait_for_timeout(300)  # (a lift took 0.12 s)
    assert page.evaluate(PICKED) == []
    context.close()

"""The table fills the screen like a card table: on a desktop, a phone upright and a phone
on its side, with two to six players, teams, the longest names and long discard piles, the
building piles, your stock, your discard piles, your hand and the line under the table are
all on screen without scrolling, nothing covers them, and the cards are as large as the
room allows (at least the sizes below)."""

from __future__ import annotations

import os
import re
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page

from e2e.game_support import BAR_CONTROLS, fresh_visit, late_game, open_game, play_turn, resume, wait_for_turn
from e2e.support import BOOT_TIMEOUT_MS, KeptTab
from skipbo_core import Game, Rules

DESKTOP, PHONE, PHONE_SIDEWAYS = (1280, 800), (360, 740), (740, 360)
LONG_NAMES = "Anna-Sophie Müller-Lüden,Bartholomew Featherston,Christiane Oberhausen,Dorothea Wolkensteiner"
TABLES = {  # name: URL options, or a game of long discard piles to resume
    "2 players": {"players": 2, "seed": 3},
    "3 players": {"players": 3, "seed": 4},
    "4 players in teams": {"players": 4, "teams": 1, "seed": 5},
    "5 players": {"players": 5, "seed": 6},
    "4 players, names of 24 letters": {"players": 4, "seed": 8, "names": LONG_NAMES},
    "6 players, names of 24 letters": {"players": 6, "seed": 7, "names": LONG_NAMES},
    "2 players, late game": ("late", 2),
    "6 players, late game": ("late", 6),
    "6 players in teams": {"players": 6, "teams": 1, "seed": 9},
    "6 players in German": {"players": 6, "seed": 7, "lang": "de"},
    "6 players in Danish": {"players": 6, "seed": 7, "lang": "da"},
}
# the smallest width of your cards we accept, by screen and number of players: what the
# layout reaches today, with some room (a phone with six players is a tight fit)
SMALLEST = {DESKTOP: {2: 90, 3: 90, 4: 90, 5: 86, 6: 76},
            PHONE: {2: 50, 3: 50, 4: 44, 5: 44, 6: 44},  # 44 px: a finger's size (WCAG 2.5.5)
            PHONE_SIDEWAYS: {2: 50, 3: 50, 4: 44, 5: 44, 6: 44}}
PIECES = ['[data-slot="B1"]', '[data-slot="B2"]', '[data-slot="B3"]', '[data-slot="B4"]',
          '.me [data-slot="S"]', '.me [data-slot="D1"]', '.me [data-slot="D2"]', '.me [data-slot="D3"]',
          '.me [data-slot="D4"]', '.me [data-slot="H"]', '#table .message']
MEASURE = """pieces => {
  const out = [];
  for (const sel of pieces) for (const e of document.querySelectorAll(sel)) {
    const r = e.getBoundingClientRect();
    // what a finger or the mouse meets in the middle of the piece's top card
    const card = [...e.querySelectorAll('.card')].pop() || e, c = card.getBoundingClientRect();
    const hit = document.elementFromPoint(c.left + c.width / 2, c.top + Math.min(c.height / 2, 12));
    out.push({sel, left: r.left, top: r.top, right: r.right, bottom: r.bottom,
              covered: !(hit && (e.contains(hit) || hit.contains(e)))});
  }
  // the others' stock tops: the number's size, and whether the "N left" badge lies on it
  const stocks = [...document.querySelectorAll('.opp [data-slot="S"]')].map(p => {
    const big = p.querySelector('.card .big'); if (!big) return null;
    const b = big.getBoundingClientRect(), badge = getComputedStyle(p, '::after');
    let over = false;
    if (badge.content && badge.content !== 'none' && badge.position === 'absolute') {
      const r = p.getBoundingClientRect(), bottom = r.bottom - parseFloat(badge.bottom);
      const top = bottom - parseFloat(badge.height), right = r.right - parseFloat(badge.right);
      const left = right - parseFloat(badge.width);
      over = left < b.right && right > b.left && top < b.bottom && bottom > b.top;
    }
    return {font: parseFloat(getComputedStyle(big).fontSize), over};
  }).filter(Boolean);
  return {pieces: out, width: document.documentElement.scrollWidth, scrolled: window.scrollY, stocks,
          height: document.documentElement.scrollHeight,
          needs: Math.min(...[...document.querySelectorAll('.needs')]
            .map(e => parseFloat(getComputedStyle(e).fontSize))),
          card: document.querySelector('.me [data-slot="H"] .card').getBoundingClientRect().width,
          // what you may touch: your cards, the building piles, your partner's piles (the pile's box)
          touch: [...document.querySelectorAll('.me .hand-card, .me .pile, .center .pile.build, .opp.partner .pile')]
            .map(e => { const r = (e.closest('.opp') ? e : [...e.querySelectorAll('.card')].pop())
                          .getBoundingClientRect();
                        return [e.dataset.slot, Math.round(r.width * 10) / 10, Math.round(r.height * 10) / 10]; }),
          // the others' names: cut short when their text is wider than their box
          cut: [...document.querySelectorAll('.opp .who .name')].filter(n => {
            const range = document.createRange(); range.selectNodeContents(n);
            const text = range.getBoundingClientRect();  // the whole text, also where it is clipped
            return [n, n.closest('.who')].map(e => e.getBoundingClientRect()).filter(b => b.width)
              .some(b => text.right > b.right + 0.5 || text.left < b.left - 0.5); }).map(n => n.textContent)};
}"""


@pytest.fixture(scope="module", params=[DESKTOP, PHONE, PHONE_SIDEWAYS], ids=["desktop", "phone", "phone-sideways"])
def screen_tab(request, browser: Browser) -> Iterator[KeptTab]:
    """One browser tab of the screen's size (a touch screen for the phones), kept for the
    module so that the site's files come from its cache."""
    width, height = request.param
    phone = width < 800
    context = browser.new_context(viewport={"width": width, "height": height}, has_touch=phone, is_mobile=phone,
                                  device_scale_factor=2 if phone else 1)
    yield KeptTab(context, prepare=watch_errors)
    context.close()


def watch_errors(page: Page) -> None:
    page.errors = []
    page.on("console", lambda msg: page.errors.append(msg.text) if msg.type == "error" else None)
    page.on("pageerror", lambda exc: page.errors.append(f"uncaught: {exc}"))


@pytest.fixture
def screen(screen_tab: KeptTab) -> Page:
    return screen_tab.page


def open_table(page: Page, url: str, table) -> int:
    """Show the table; returns the number of players."""
    if isinstance(table, tuple):
        resume(page, url, late_game(table[1]))
        counts = page.eval_on_selector_all(".me [data-slot^='D']", "es => es.map(e => +e.dataset.count)")
        assert max(counts) >= 8, counts
        return table[1]
    fresh_visit(page)
    open_game(page, url, **table)
    return table["players"]


@pytest.mark.parametrize("table", list(TABLES.values()), ids=list(TABLES))
def test_everything_you_play_with_is_on_screen(screen: Page, site, table) -> None:
    players = open_table(screen, site.url, table)
    screen.wait_for_timeout(100)  # the fit runs after the table is drawn
    width, height = screen.viewport_size["width"], screen.viewport_size["height"]
    seen = screen.evaluate(MEASURE, PIECES)
    if os.environ.get("SKIPBO_LAYOUT_SHOTS"):  # a folder to keep a screenshot of each case in
        name = re.sub(r"\W+", "-", f"{width}x{height}-{players}-{table}")
        screen.screenshot(path=os.path.join(os.environ["SKIPBO_LAYOUT_SHOTS"], name[:80] + ".png"))
    assert seen["width"] <= width, "the page scrolls sideways"
    assert seen["scrolled"] == 0
    assert seen["height"] <= height, f"the page scrolls: {seen['height']} px of {height}"
    assert seen["stocks"] and all(s["font"] >= 12 and not s["over"] for s in seen["stocks"]), seen["stocks"]
    assert seen["needs"] >= 11, f"needs labels of {seen['needs']} px"
    assert sum(p["sel"] == '.me [data-slot="H"]' for p in seen["pieces"]) == 5
    outside = [p["sel"] for p in seen["pieces"]
               if p["left"] < 0 or p["top"] < 0 or p["right"] > width + 0.5 or p["bottom"] > height + 0.5]
    assert outside == [], f"below the fold or off the side: {outside}"
    covered = [p["sel"] for p in seen["pieces"] if p["covered"] and p["sel"] != "#table .message"]
    assert covered == [], f"covered by something else: {covered}"
    assert seen["card"] >= SMALLEST[(width, height)][players], f"cards of {seen['card']:.0f} px"
    if width < 800 and players >= 4:  # a finger's size (WCAG 2.5.5): 35 px cards at 740x360 before
        small = [t for t in seen["touch"] if t[1] < 44 or t[2] < 44]
        assert small == [], f"targets under 44 x 44 px: {small}"
    if (width, height) == PHONE_SIDEWAYS:  # "Computer 1 (me..." beside 280 px of empty felt
        assert seen["cut"] == [], f"names cut short: {seen['cut']}"
    assert screen.errors == []


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("size", [DESKTOP, PHONE, PHONE_SIDEWAYS], ids=["desktop", "phone", "phone-sideways"])
def test_the_tutorial_needs_no_scrolling(browser: Browser, site, size, lang: str) -> None:
    """The tutorial at 360x740 still scrolled (811 px of 740; German 832), on a desktop in
    German too (811 of 800): its lesson box, the table and the line under it now fit. At
    740x360 it needed 381 px of 360, and on a phone its cards were 31 px (28 on its side):
    the cards the lessons ask you to touch are a finger's size now."""
    phone = size[0] < 800
    context = browser.new_context(viewport={"width": size[0], "height": size[1]}, has_touch=phone, is_mobile=phone)
    page = open_game(context.new_page(), site.url, tutorial=1, lang=lang)
    page.wait_for_timeout(100)
    seen = page.evaluate(MEASURE, PIECES)
    context.close()
    assert seen["height"] <= size[1] and seen["width"] <= size[0], seen["height"]
    outside = [p["sel"] for p in seen["pieces"] if p["top"] < 0 or p["bottom"] > size[1] + 0.5]
    assert outside == []
    if phone:
        small = [t for t in seen["touch"] if t[1] < 44 or t[2] < 44]
        assert small == [], f"targets under 44 x 44 px: {small}"


OTHER_SCREENS = [(1024, 768), (1920, 1080), (768, 1024), (390, 844), (844, 390), (412, 915)]


@pytest.mark.parametrize("size", OTHER_SCREENS, ids=[f"{w}x{h}" for w, h in OTHER_SCREENS])
@pytest.mark.parametrize("table", ["5 players", "6 players, late game"])
def test_other_screens_show_everything_too(browser: Browser, site, size, table: str) -> None:
    """Tablets, larger desktops and other phones: the same, without the size targets."""
    phone = min(size) < 500
    context = browser.new_context(viewport={"width": size[0], "height": size[1]}, has_touch=phone, is_mobile=phone)
    page = context.new_page()
    open_table(page, site.url, TABLES[table])
    page.wait_for_timeout(100)
    seen = page.evaluate(MEASURE, PIECES)
    context.close()
    assert seen["width"] <= size[0] and seen["scrolled"] == 0
    outside = [p["sel"] for p in seen["pieces"]
               if p["left"] < 0 or p["top"] < 0 or p["right"] > size[0] + 0.5 or p["bottom"] > size[1] + 0.5]
    assert outside == [] and not [p for p in seen["pieces"] if p["covered"] and p["sel"] != "#table .message"]


OPP_OVERFLOW = """() => [...document.querySelectorAll('#table .opp')].map(o => {
  const box = o.getBoundingClientRect();
  const right = Math.max(...[...o.querySelectorAll('.pile, .card')].map(c => c.getBoundingClientRect().right));
  return [o.querySelector('.who').textContent, box.right, right];
})"""


@pytest.mark.parametrize("width", [1024, 1200, 1280, 1440, 1920])
def test_each_players_piles_stay_inside_their_area_on_a_desktop(browser: Browser, site, width: int) -> None:
    """Six players on a desktop: the player across the table had an area narrower than its
    piles (at 1280x800 its last discard pile stuck out 16 px over the felt)."""
    context = browser.new_context(viewport={"width": width, "height": 800})
    page = open_game(context.new_page(), site.url, players=6, seed=3)
    page.wait_for_timeout(100)
    areas = page.evaluate(OPP_OVERFLOW)
    context.close()
    assert [a for a in areas if a[2] > a[1] + 0.5] == []


@pytest.mark.parametrize("players", [4, 6])
@pytest.mark.parametrize("size", [DESKTOP, (1024, 768)], ids=["1280x800", "1024x768"])
def test_team_headers_show_the_names_whole_on_a_desktop(browser: Browser, site, size, players: int) -> None:
    """With teams, the others' headers held the name, the team and the hand's count in one
    line: "Computer 2 (mediu…" at 1280x800 and 1024x768, in every language."""
    context = browser.new_context(viewport={"width": size[0], "height": size[1]})
    page = open_game(context.new_page(), site.url, players=players, teams=1, seed=5, ai="medium")
    for lang in ("en", "de", "da"):
        page.evaluate("l => document.querySelector(`#bar [data-lang='${l}']`).click()", lang)
        page.wait_for_function("l => document.documentElement.lang === l", arg=lang)
        page.wait_for_timeout(100)
        names = page.evaluate("""() => [...document.querySelectorAll('.opp .who .name')].map(e =>
          [e.textContent, e.scrollWidth, e.clientWidth])""")
        assert len(names) == players - 1 and all("(" in name for name, _, _ in names), names
        assert [name for name, scroll, client in names if scroll > client] == [], (lang, names)
    context.close()


# -- the bar, the new-game screen, labels and colours ------------------------------------------------

@pytest.mark.parametrize("width", [641, 700, 760, 820, 900, 1000])
def test_the_whole_bar_shows_at_every_width(browser: Browser, site, width: int) -> None:
    """The bar had a fixed height and hid what did not fit: from 641 to about 900 px (German:
    still at 900) the ?, Records and language buttons were gone."""
    context = browser.new_context(viewport={"width": width, "height": 800})
    page = open_game(context.new_page(), site.url, players=2, seed=3)
    for lang in ("de", "da", "en"):
        page.evaluate("l => document.querySelector(`#bar [data-lang='${l}']`).click()", lang)
        page.wait_for_function("l => document.documentElement.lang === l", arg=lang)
        controls = page.evaluate("""() => [...document.querySelectorAll('#bar button, #bar select')]
          .filter(e => e.getClientRects().length).map(e => {  // (More shows only on a phone upright)
            const r = e.getBoundingClientRect();
            const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
            return [e.dataset.action || e.dataset.lang || e.name, r.right, r.bottom, !!hit && e.contains(hit)]; })""")
        # the editor's pencil from 1100 px on; below, the new-game screen leads to the editor
        assert sorted(c[0] for c in controls) == sorted(c for c in BAR_CONTROLS if c != "editor"), controls
        bar = page.locator("#bar").bounding_box()
        lost = [name for name, right, bottom, reached in controls
                if right > width or bottom > bar["y"] + bar["height"] + 0.5 or not reached]
        assert lost == [], (lang, lost)
    context.close()


@pytest.mark.parametrize("size", [DESKTOP, PHONE, PHONE_SIDEWAYS], ids=["desktop", "phone", "phone-sideways"])
def test_a_first_visit_shows_the_start_button_and_every_choice_whole(browser: Browser, site, size) -> None:
    """`Deal the cards` sat below a long form, out of sight on a desktop and a phone; the
    seat's choice ("einem Menschen an diesem Gerät") was cut off on a desktop."""
    context = browser.new_context(viewport={"width": size[0], "height": size[1]})
    page = context.new_page()
    page.goto(site.url + "?lang=de")
    page.wait_for_selector("#sheet[open] form#setup", timeout=BOOT_TIMEOUT_MS)
    page.select_option("#setup [name=players]", "6")
    start = page.locator('#setup [data-action="start"]')
    box = start.bounding_box()
    assert box["y"] >= 0 and box["y"] + box["height"] <= size[1] and box["x"] + box["width"] <= size[0]
    hit = page.evaluate("([x, y]) => document.elementFromPoint(x, y).dataset.action || ''",
                        [box["x"] + box["width"] / 2, box["y"] + box["height"] / 2])
    assert hit == "start"
    cut = page.evaluate("""() => { const c = document.createElement('canvas').getContext('2d');
      return [...document.querySelectorAll('#setup select')].filter(e => e.offsetParent).map(e => {
        const st = getComputedStyle(e); c.font = st.font;
        const widest = Math.max(...[...e.options].map(o => c.measureText(o.text).width));
        return [e.name, widest + parseFloat(st.paddingLeft) + parseFloat(st.paddingRight) + 18 - e.clientWidth];
      }).filter(([, over]) => over > 0).map(([name]) => name); }""")
    assert cut == []
    start.click()  # it works from where it is
    page.wait_for_selector("#sheet[open]", state="detached")
    assert page.locator("#table").get_attribute("data-players") == "6"
    context.close()


def deep_pile_game() -> dict:
    """Two greedy players until building pile 1 holds 7 cards and seat 0 is to move."""
    import random

    from skipbo_core.ai import get_bot
    bot, rng = get_bot("greedy"), random.Random(0)
    game = Game.new(Rules(players=2, stock_size=30), seed=0, first=0,
                    players=[{"name": "", "kind": "human"}, {"name": "", "kind": "ai:easy"}])
    while not (game.current_seat == 0 and len(game.view(0).building[0]) >= 7):
        game.play(bot(game.view(game.current_seat), game.legal_moves(), rng))
    return game.to_record()


def test_a_building_piles_stacked_edge_leaves_its_label_alone(screen: Page, site) -> None:
    """The stacked edge under a deep building pile (up to 6 px) covered the top of its
    "needs N" label."""
    resume(screen, site.url, deep_pile_game(), lang="de")
    piles = screen.evaluate("""() => [...document.querySelectorAll('[data-slot^="B"]')].map(p => {
      const card = p.querySelector('.card').getBoundingClientRect();
      const label = p.querySelector('.needs').getBoundingClientRect();
      const depth = parseFloat(getComputedStyle(p).getPropertyValue('--depth')) || 0;
      return [+p.dataset.count, depth, label.top - card.bottom]; })""")
    assert max(count for count, _, _ in piles) >= 7
    assert all(gap >= depth for _, depth, gap in piles), piles  # the edge is `depth` px below the card


def busy_turn_game() -> tuple[dict, dict[str, int]]:
    """Two greedy players until the computer's last turn laid 6 or more cards on one
    building pile and some on the pile right of it; seat 0 is to move. Also returns how many
    cards each building pile got in that turn."""
    import random

    from skipbo_core.ai import get_bot
    bot, rng = get_bot("greedy"), random.Random(0)
    players = [{"name": "", "kind": "human"}, {"name": "", "kind": "ai:easy"}]
    for seed in range(50):
        game, mine = Game.new(Rules(players=2, stock_size=30), seed=seed, first=0, players=players), 0
        while not game.is_over:
            if game.current_seat == 0:
                laid = Counter(m.target_slot for m in game.moves[mine:] if m.is_build)
                if mine and any(laid[f"B{k}"] >= 6 and laid[f"B{k + 1}"] for k in (1, 2, 3)):
                    return game.to_record(), dict(laid)
                while game.current_seat == 0 and not game.is_over:
                    game.play(bot(game.view(0), game.legal_moves(), rng))
                mine = len(game.moves)
            else:
                game.play(bot(game.view(1), game.legal_moves(), rng))
    raise AssertionError("no such turn in 50 games")


def test_the_order_numbers_of_a_long_computer_turn_do_not_overlap(screen: Page, site) -> None:
    """The computer laid 6 cards on one building pile and 2 on the next: the first pile's
    order numbers ("1 2 5 6 7 8") ran on over the next pile's ("3 4") on a phone."""
    record, laid = busy_turn_game()
    resume(screen, site.url, record)
    screen.wait_for_timeout(100)
    boxes = screen.evaluate("""() => [...document.querySelectorAll('.trace-no')].map(e => {
      const r = e.getBoundingClientRect(); return [e.textContent, r.left, r.right, r.top, r.bottom]; })""")
    # the turn was as long as meant: a pile holds all its order numbers (the badge shows the newest)
    marked = screen.eval_on_selector_all("[data-trace]", "els => els.map(e => e.dataset.trace)")
    assert max(len(text.split()) for text in marked) >= 6, (laid, marked, boxes)
    width = screen.viewport_size["width"]
    assert all(0 <= left and right <= width for _, left, right, _, _ in boxes), boxes
    overlaps = [(a[0], b[0]) for i, a in enumerate(boxes) for b in boxes[i + 1:]
                if a[1] < b[2] and b[1] < a[2] and a[3] < b[4] and b[3] < a[4]]
    assert overlaps == [], boxes


def test_the_last_move_and_the_lesson_light_up_in_colours_of_their_own(screen: Page, site) -> None:
    """The ring of the computer's last move had the blue of the tutorial's highlight."""
    open_game(screen, site.url, players=2, seed=3)
    screen.emulate_media(reduced_motion="reduce")  # the lesson's colour without its pulse
    colours = screen.evaluate("""() => {
      const t = document.getElementById('table');
      t.insertAdjacentHTML('beforeend',
        '<button class="pile build" data-last="1" id="x-last"><span class="card"></span></button>'
        + '<div class="hand" data-coach="from" id="x-lesson"><span class="card"></span></div>'
        + '<button class="pile build" data-coach="to" id="x-target"><span class="card"></span></button>');
      const rgb = s => s.match(/rgba?\\([^)]*\\)/)[0];
      const out = {last: rgb(getComputedStyle(document.querySelector('#x-last .card')).boxShadow),
                   lesson: getComputedStyle(document.querySelector('#x-lesson .card')).outlineColor,
                   target: getComputedStyle(document.querySelector('#x-target'), '::before').borderTopColor,
                   felt: getComputedStyle(document.body).backgroundColor};
      for (const id of ['x-last', 'x-lesson', 'x-target']) document.getElementById(id).remove();
      return out; }""")
    screen.emulate_media(reduced_motion="no-preference")

    def rgb(text: str) -> tuple[float, ...]:
        return tuple(float(v) for v in re.findall(r"[\d.]+", text)[:3])

    def luminance(c: tuple[float, ...]) -> float:
        lin = [(v / 255 / 12.92) if v / 255 <= 0.04045 else ((v / 255 + 0.055) / 1.055) ** 2.4 for v in c]
        return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]

    def contrast(a: tuple[float, ...], b: tuple[float, ...]) -> float:
        high, low = sorted((luminance(a), luminance(b)), reverse=True)
        return (high + 0.05) / (low + 0.05)

    last, felt = rgb(colours["last"]), rgb(colours["felt"])
    for other in (colours["lesson"], colours["target"]):
        assert sum(abs(a - b) for a, b in zip(last, rgb(other))) > 150, colours  # plainly another colour
    assert contrast(last, felt) >= 3, colours  # a ring that shows on the felt (WCAG: 3 to 1)


# -- embed mode: the frame sizes docs/EMBEDDING.md promises ---------------------------------------

EMBEDDING = Path(__file__).resolve().parent.parent / "docs" / "EMBEDDING.md"
EASY_TO_READ = (32, 20)  # your cards and the other players' cards at least this wide (px)


LEVELS = """() => [...document.querySelectorAll('#table .opp .who .level')].map(level => {
  const who = level.closest('.who'), r = level.getBoundingClientRect();
  // what the header shows of it: the boxes that clip it (the header's, the name's, if it has one)
  const clip = [who, level.parentElement].map(e => e.getBoundingClientRect()).filter(b => b.width).reduce((a, b) => ({
    left: Math.max(a.left, b.left), right: Math.min(a.right, b.right),
    top: Math.max(a.top, b.top), bottom: Math.min(a.bottom, b.bottom)}));
  const whole = r.left >= clip.left - 0.5 && r.right <= clip.right + 0.5 && r.top >= clip.top - 0.5
    && r.bottom <= clip.bottom + 0.5;
  const hidden = r.right <= clip.left + 0.5 || r.left >= clip.right - 0.5 || r.bottom <= clip.top + 0.5
    || r.top >= clip.bottom - 0.5;
  // the hand's count, the tags and the computer's turn in words: never on the level's line
  const beside = [...who.querySelectorAll(':scope > :is(.hand-count, .tag, .trace)')]
    .map(e => e.getBoundingClientRect()).some(b => b.width && b.top < r.bottom - 1 && r.top < b.bottom - 1);
  return [level.closest('.opp').dataset.seat, level.textContent,
          hidden ? 'hidden' : !whole ? 'cut' : beside ? 'beside the rest' : 'whole'];
})"""


@pytest.mark.parametrize("size", [PHONE, PHONE_SIDEWAYS], ids=["phone", "phone-sideways"])
def test_a_computer_s_level_stands_by_its_name_on_a_phone(browser: Browser, site, size) -> None:
    """On a phone the level opened the header's second line, before the hand's count:
    "(mittel) zieht, wenn am Zug" at 740x360, cut to "(mittel) zieht, …" at 360x740. It
    stands on the name's line now, whole (in short), at the start, while a computer moves
    and after its turn, when the line of what it did is beside it (issue 39: at 360x740
    it was hidden, and gone once the computer had moved)."""
    phone = size[0] < 800
    context = browser.new_context(viewport={"width": size[0], "height": size[1]}, has_touch=phone, is_mobile=phone)
    page = open_game(context.new_page(), site.url, players=4, lang="de", seed=4, speed=1)
    seen = {"start": page.evaluate(LEVELS)}
    play_turn(page)
    page.wait_for_selector('#table[data-turn="1"]')
    seen["a computer's turn"] = page.evaluate(LEVELS)
    wait_for_turn(page)
    seen["after it"] = page.evaluate(LEVELS)
    context.close()
    assert all(len(levels) == 3 for levels in seen.values()), seen
    wrong = {when: levels for when, levels in seen.items() if any(state != "whole" for _, _, state in levels)}
    assert wrong == {}, wrong


def documented_frames() -> list[tuple[int, int, int]]:
    """(players, width, height) of every row of docs/EMBEDDING.md's table of frame sizes, and
    the tutorial's size."""
    text = EMBEDDING.read_text(encoding="utf-8")
    table = text[text.index("\n## Sizes\n"):text.index("\n## Saves\n")]
    frames = []
    for players, sizes in re.findall(r"^\| (\d(?:-\d)?) \| (.+?) \|$", table, re.M):
        low, high = (int(p) for p in (players.split("-") * 2)[:2])
        for w, h in re.findall(r"(\d+) × (\d+)", sizes):
            frames += [(n, int(w), int(h)) for n in range(low, high + 1)]
    tutorial = re.search(r"needs (\d+) × (\d+)", table)
    frames.append((0, int(tutorial[1]), int(tutorial[2])))
    return frames


def test_the_embedding_doc_lists_a_frame_for_every_table() -> None:
    frames = documented_frames()
    assert {n for n, _, _ in frames} == {0, 2, 3, 4, 5, 6}, frames


@pytest.mark.parametrize("players, width, height", documented_frames())
def test_a_frame_of_the_documented_size_keeps_the_cards_easy_to_read(browser: Browser, site, players: int, width: int,
                                                                   height: int) -> None:
    """At the sizes docs/EMBEDDING.md gives for embedding, the whole table fits the frame with no
    scrollbar, at full size (nothing shrunk by fit.js), your cards at least 32 px wide and
    the other players' at least 20 px ("0 players": the tutorial)."""
    context = browser.new_context(viewport={"width": width, "height": height})
    options = {"embed": 1, "tutorial": 1} if players == 0 else {"embed": 1, "players": players, "seed": 3}
    page = open_game(context.new_page(), site.url, **options)
    page.wait_for_timeout(100)
    seen = page.evaluate("""() => { const r = document.documentElement, w = s => document.querySelector(s)
        .getBoundingClientRect().width;
      return {fits: r.scrollHeight <= r.clientHeight && r.scrollWidth <= r.clientWidth,
              fit: +r.style.getPropertyValue('--fit'), mine: w('.me [data-slot="H"] .card'),
              theirs: w('.opp [data-slot="S"] .card')}; }""")
    context.close()
    assert seen["fits"], seen
    if players:  # the tutorial's lesson box is tall: its cards may shrink a little
        assert seen["fit"] == 1, seen
    assert seen["mine"] >= EASY_TO_READ[0] and seen["theirs"] >= EASY_TO_READ[1], seen

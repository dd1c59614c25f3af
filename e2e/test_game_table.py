"""The table in the browser: phone and desktop, hot-seat, teams, the new-game screen,
matches, damaged saves and bad URL options, the first paint, and an accessibility scan."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page

from e2e.game_support import (
    BAR_CONTROLS,
    axe_scan_table_and_sheets,
    open_game,
    play_turn,
    stored,
    table_state,
    wait_for_turn,
)
from e2e.support import BOOT_TIMEOUT_MS, READY, Watched
from skipbo_core import Game, Rules

RECORDS = Path(__file__).resolve().parent.parent / "tests" / "data" / "records" / "valid"
PHONE = {"width": 360, "height": 740}


def seed_where(rules: Rules, test) -> int:
    return next(s for s in range(500) if test(Game.new(rules, seed=s, first=0)))


@pytest.fixture
def phone(browser: Browser) -> Iterator[Watched]:
    """A 360 px wide touch screen, watched like ``watched``."""
    context = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True, device_scale_factor=2)
    page = context.new_page()
    w = Watched(page)
    page.on("console", lambda msg: w.errors.append(msg.text) if msg.type == "error" else None)
    page.on("pageerror", lambda exc: w.errors.append(f"uncaught: {exc}"))
    page.on("request", lambda req: w.requests.append(req.url))
    yield w
    context.close()
    assert w.errors == [] and w.outside_requests() == []


def centre(page: Page, selector: str) -> tuple[float, float]:
    box = page.locator(selector).first.bounding_box()
    assert box is not None, selector
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def test_on_a_phone_everything_fits_and_a_finger_can_play(phone: Watched, site) -> None:
    rules = Rules(players=2, stock_size=5)
    seed = seed_where(rules, lambda g: any(m.target_text == "B1" and m.from_hand
                                           for m in g.legal_moves()))
    game = Game.new(rules, seed=seed, first=0)
    page = open_game(phone.page, site.url, players=2, stock=5, ai="medium", seed=seed)
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    for sel in ('[data-slot="B4"]', '[data-seat="0"] [data-slot="D4"]', '[data-seat="1"] [data-slot="D4"]',
                '[data-seat="0"] [data-slot="H"] >> nth=4'):
        box = page.locator(sel).first.bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"], sel
    move = next(m for m in game.legal_moves() if m.target_text == "B1" and m.from_hand)
    # a finger drags the hand card onto building pile 1 (real touch events, via the DevTools protocol)
    x0, y0 = centre(page, f'[data-seat="0"] [data-slot="H"][data-card="{move.source_text[1:]}"]')
    x1, y1 = centre(page, '[data-slot="B1"]')
    cdp = page.context.new_cdp_session(page)
    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x0, "y": y0}]})
    for k in range(1, 6):
        cdp.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [
            {"x": x0 + (x1 - x0) * k / 5, "y": y0 + (y1 - y0) * k / 5}]})
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    page.wait_for_function("document.querySelectorAll('.log [data-move]').length === 1")
    assert table_state(page)["moves"] == [str(move)]
    # then taps: a hand card and a discard pile end the turn
    page.tap('[data-seat="0"] [data-slot="H"] >> nth=0')
    page.tap('[data-seat="0"] [data-slot="D2"]')
    wait_for_turn(page)
    assert table_state(page)["moves"][1].endswith(">D2")


def test_on_a_phone_the_bar_is_one_row_and_the_rest_opens_under_more(phone: Watched, site) -> None:
    """The bar took three rows of buttons at 360 px. Now: the title, New game and More in one
    row; More opens every other choice, each in sight and a finger's size, in every language."""
    page = open_game(phone.page, site.url, players=2, seed=3, lang="en")
    for lang in ("da", "de", "en"):
        if page.locator('#bar[data-menu="open"]').count() == 0:
            page.click('#bar [data-action="bar-menu"]')
        assert page.get_attribute('#bar [data-action="bar-menu"]', "aria-expanded") == "true"
        page.click(f'#bar [data-lang="{lang}"]')  # a choice closes the menu
        page.wait_for_function("l => document.documentElement.lang === l", arg=lang)
        assert page.locator('#bar[data-menu="open"]').count() == 0
        bar = page.locator("#bar").bounding_box()
        assert bar["height"] <= 56, bar  # one row
        page.click('#bar [data-action="bar-menu"]')
        controls = page.evaluate("""() => [...document.querySelectorAll('#bar button, #bar select')]
            .map(e => { const r = e.getBoundingClientRect();
              const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
              return [e.dataset.action || e.dataset.lang || e.name, r.toJSON(), !!hit && e.contains(hit)]; })""")
        assert sorted(c[0] for c in controls) == sorted([*BAR_CONTROLS, "bar-menu"]), controls
        lost = [name for name, r, reached in controls
                if not reached or r["right"] > PHONE["width"] or r["bottom"] > PHONE["height"]]
        assert lost == [], (lang, lost)
        small = [name for name, r, _ in controls if name != "speed" and min(r["width"], r["height"]) < 44]
        assert small == [], (lang, small)
        page.keyboard.press("Escape")
        assert page.locator('#bar[data-menu="open"]').count() == 0
    page.click('#bar [data-action="bar-menu"]')
    page.click('#bar [data-action="records"]')  # and a finger reaches them
    assert page.locator("#sheet[open] .records").count() == 1


def test_in_a_small_frame_the_longest_labels_stay_inside_their_piles(phone: Watched, site) -> None:
    """German says "147 zum Ziehen" under the draw pile: in a 360x480 frame (the smallest the
    docs/EMBEDDING.md allows for embed mode) it wraps rather than running into building pile 1."""
    phone.page.set_viewport_size({"width": 360, "height": 480})
    page = open_game(phone.page, site.url, players=2, stock=5, seed=3, lang="de", embed=1)
    labels = page.evaluate("""() => [...document.querySelectorAll('#table .count, #table .needs')]
        .filter(e => e.textContent.trim())
        .map(e => [e.textContent, e.scrollWidth - e.clientWidth])""")
    assert any(text.endswith("zum Ziehen") for text, _ in labels)
    assert [text for text, over in labels if over > 1] == []
    draw = page.locator(".drawpile .count").first.bounding_box()
    pile = page.locator('[data-slot="B1"]').bounding_box()
    assert draw["x"] + draw["width"] <= pile["x"]


def test_on_a_phone_every_choice_of_the_new_game_screen_shows_whole(phone: Watched, site) -> None:
    """The seat selects fit their longest choice in every language ("einem Menschen an
    diesem Gerät" was cut off at 360 px)."""
    page = phone.page
    page.goto(site.url + "?lang=de")
    page.wait_for_selector("#sheet[open] form#setup", timeout=BOOT_TIMEOUT_MS)
    page.select_option("#setup [name=players]", "6")
    measure = """() => { const c = document.createElement('canvas').getContext('2d');
      return [...document.querySelectorAll('#setup select')].filter(e => e.offsetParent).map(e => {
        const st = getComputedStyle(e); c.font = st.font;
        const widest = Math.max(...[...e.options].map(o => c.measureText(o.text).width));
        // the text, the select's own padding and about 18 px for its arrow
        return [e.name, widest + parseFloat(st.paddingLeft) + parseFloat(st.paddingRight) + 18 - e.clientWidth];
      }); }"""
    for lang in ("de", "da", "en"):
        page.select_option("#setup [name=lang]", lang)
        page.wait_for_function("l => document.documentElement.lang === l", arg=lang)
        rows = page.evaluate(measure)
        assert len(rows) >= 7 and [name for name, over in rows if over > 0] == [], lang


def test_hot_seat_two_humans_hide_each_others_hands(watched: Watched, site) -> None:
    page = open_game(watched.page, site.url, players=2, humans=2, stock=5, seed=3)
    curtain = page.locator(".curtain")
    assert curtain.is_visible() and "Player 1" in curtain.inner_text()
    assert page.locator('[data-slot="H"]').count() == 0  # no hand shows before the device is passed
    page.click('[data-action="reveal"]')
    assert page.locator('[data-seat="0"] [data-slot="H"]').count() == 5
    play_turn(page, seat=0)
    assert page.locator("#table").get_attribute("data-turn") == "1"
    assert curtain.is_visible() and "Player 2" in curtain.inner_text()
    assert page.locator('[data-slot="H"]').count() == 0  # player 1's hand is hidden now
    page.click('[data-action="reveal"]')
    assert page.locator("#table").get_attribute("data-viewer") == "1"
    assert page.locator('[data-seat="1"] [data-slot="H"]').count() == 5
    assert page.locator('.player.me').get_attribute("data-seat") == "1"
    play_turn(page, seat=1)
    assert curtain.is_visible() and page.locator("#table").get_attribute("data-turn") == "0"
    page.reload()  # the curtain survives a reload: nobody's hand shows
    page.wait_for_selector(READY)
    assert page.locator(".curtain").is_visible() and page.locator('[data-slot="H"]').count() == 0


def test_team_play_with_the_partners_stock(watched: Watched, site) -> None:
    rules = Rules(players=4, stock_size=5, teams=True)
    seed = seed_where(rules, lambda g: g.view(0).stock_tops[2] in (0, 1) and g.view(0).stock_tops[0] not in (0, 1))
    page = open_game(watched.page, site.url, players=4, teams=1, stock=5, ai="medium", seed=seed)
    partner_stock = page.locator('[data-seat="2"] [data-slot="S"]')
    assert partner_stock.get_attribute("data-playable") == "1"
    partner_stock.click()
    # an opponent's pile, with a card picked (with none, a tap shows their area large): not ours to use
    page.click('[data-seat="1"] [data-slot="S"]')
    assert page.locator(".message").get_attribute("data-message") == "msg.not_yours_teams"
    page.click('[data-slot="B1"][data-legal="1"]')  # the partner's card is still picked
    assert stored(page)["moves"] == ["PS>B1"]
    assert "team" in page.locator('[data-seat="0"] .who').inner_text()


def start_from_setup(page: Page, select: dict[str, str], check: tuple[str, ...], fill: dict[str, str]) -> None:
    """Fill in the open new-game screen (the selects first: the player count redraws it)
    and start the game."""
    for name, value in select.items():
        page.select_option(f"#setup [name={name}]", value)
    for name in check:
        page.check(f"#setup [name={name}]")
    for name, value in fill.items():
        page.fill(f"#setup [name={name}]", value)
    page.click('#setup [data-action="start"]')


def test_the_new_game_screen_and_remembered_settings(watched: Watched, site) -> None:
    page = watched.page
    page.goto(site.url + "?lang=en")
    page.wait_for_selector(READY, timeout=BOOT_TIMEOUT_MS)
    sheet = page.locator("#sheet[open] form#setup")  # first visit: the new-game screen
    assert sheet.is_visible()
    start_from_setup(page, select={"players": "3", "kind1": "hard", "kind2": "human", "lang": "da"},
                     check=("stock_mode][value=short", "faces][value=cards", "mode][value=match"),
                     fill={"name0": "Ada", "target": "200"})
    assert page.locator("#sheet[open]").count() == 0
    assert page.get_attribute("html", "lang") == "da"
    assert page.locator("#table").get_attribute("data-players") == "3"
    assert page.locator("section[data-seat]").count() == 3
    assert page.locator(".curtain").is_visible() and "Ada" in page.inner_text(".curtain")  # two humans
    assert page.locator(".card.f-cards").count() > 0
    saved = stored(page, "skipbo.settings")
    assert saved["players"] == 3 and saved["stock"] == 10 and saved["faces"] == "cards" and saved["target"] == 200
    record = stored(page)
    assert record["rules"]["stock_size"] == 10
    assert [p["kind"] for p in record["players"]] == ["human", "ai:hard", "human"]
    page.goto(site.url)  # the settings come back in the new-game screen
    page.wait_for_selector(READY)
    page.click('[data-action="new"]')
    assert page.input_value("#setup [name=players]") == "3"
    assert page.input_value("#setup [name=name0]") == "Ada"
    assert page.is_checked("#setup [name=mode][value=match]")
    page.fill("#setup [name=target]", "0")  # a wrong value is named, nothing starts
    page.click('#setup [data-action="start"]')
    assert page.locator("#setup .form-error").is_visible()
    page.keyboard.press("Escape")
    assert page.locator("#sheet[open]").count() == 0 and stored(page) == record
    # teams (offered once there are 4 players), the older deck and a stock size of one's own
    page.click('[data-action="new"]')
    assert page.is_disabled("#setup [name=teams]")
    start_from_setup(page, select={"players": "4"},
                     check=("teams", "wild_cards][value='24'", "stock_mode][value=custom"),
                     fill={"stock": "17", "target": "300"})
    assert page.locator("#sheet[open]").count() == 0
    rules = stored(page)["rules"]
    assert (rules["players"], rules["teams"], rules["wild_cards"], rules["stock_size"]) == (4, [[0, 2], [1, 3]], 24, 17)
    assert page.locator(".player.partner").count() == 1
    page.click('[data-action="new"]')
    assert page.is_checked("#setup [name=teams]") and page.is_checked("#setup [name=wild_cards][value='24']")
    assert page.is_checked("#setup [name=stock_mode][value=custom]") and page.input_value("#setup [name=stock]") == "17"


def test_a_match_shows_standings_and_the_next_game_moves_the_first_seat(watched: Watched, site) -> None:
    rules = Rules(players=2, stock_size=1)
    seed = seed_where(rules, lambda g: g.view(0).stock_tops[0] in (0, 1))
    page = open_game(watched.page, site.url, players=2, stock=1, ai="easy", seed=seed, target=100)
    page.click('[data-seat="0"] [data-slot="S"]')
    page.click('[data-slot="B1"]')
    result = page.locator(".result")
    assert result.is_visible() and "You won!" in result.inner_text()
    assert "first to 100" in result.inner_text() and result.locator('[data-seat-score="0"]').inner_text().endswith("30")
    assert stored(page, "skipbo.match")["history"] == [[30, 0]]
    page.click('[data-action="hide-result"]')  # look at the table, then back
    assert page.locator(".result").count() == 0
    page.click('[data-action="show-result"]')
    page.click('.result [data-action="next-game"]')
    wait_for_turn(page)
    record = stored(page)
    assert record["first"] == 1 and record["moves"][0]  # the computer moved first this time
    assert stored(page, "skipbo.match")["game_no"] == 1
    assert "30" in page.locator('[data-seat="0"] .who .score').inner_text()


def test_a_stalled_game_explains_the_stall_rule(watched: Watched, site) -> None:
    record = json.loads((RECORDS / "2p-stalled.json").read_text())
    record["players"] = [{"name": "Ada", "kind": "human"}, {"name": "Bo", "kind": "ai:easy"}]
    match = {"version": 1, "target": None, "first": 0, "history": [], "game_no": 0, "seed": 1, "origin": ""}
    page = watched.page
    page.goto(site.url + "?lang=en")
    page.evaluate("([r, m]) => { localStorage.setItem('skipbo.current', r); localStorage.setItem('skipbo.match', m); }",
                  [json.dumps(record), json.dumps(match)])
    page.reload()
    page.wait_for_selector(READY)
    result = page.locator(".result")
    assert result.get_attribute("data-reason") == "stalled"
    assert "Nobody wins" in result.inner_text() and "full round" in result.inner_text()
    # the sheet links to the stall rule on the rules page, in the player's language
    link = result.locator("a.rule-link")
    assert link.inner_text() == "Read the rule"
    assert link.evaluate("a => a.href") == f"{site.url}rules.html?lang=en#rule-stall"
    with page.context.expect_page() as opened:
        link.click()
    rules = opened.value
    rules.wait_for_load_state()
    assert rules.locator("#rule-stall h2:visible, #rule-stall h3:visible").count() == 1
    rules.close()
    # the keys-and-rules sheet leads to the whole rules page (here in Danish)
    page.click('[data-lang="da"]')
    page.keyboard.press("?")
    link = page.locator("#sheet[open] .help a.rule-link")
    assert link.inner_text() == "Alle regler, med eksempler"
    assert link.evaluate("a => a.href") == f"{site.url}rules.html?lang=da"


@pytest.mark.parametrize("junk", ['{"format": "skipbo-record", "version": "2"}', "not json {", '{"moves": 3}'])
def test_a_damaged_save_gives_a_notice_and_a_fresh_game(watched: Watched, site, junk: str) -> None:
    page = watched.page
    page.goto(site.url + "?lang=en")
    page.evaluate("j => localStorage.setItem('skipbo.current', j)", junk)
    page.reload()
    page.wait_for_selector(READY, timeout=BOOT_TIMEOUT_MS)
    notice = page.locator('[data-notice="notice.set_aside"]')  # set aside, kept as it was (issue 29)
    assert notice.is_visible() and "could not be read" in notice.inner_text()
    assert page.evaluate("localStorage.getItem('skipbo.aside.current')") == junk
    assert len(table_state(page)["hand"]) == 5 and Game.from_record(stored(page))  # a fresh, valid game
    notice.locator('[data-action="dismiss"]').click()  # (its other button shows what is kept aside)
    assert page.locator("[data-notice]").count() == 0


def test_bad_url_options_give_a_notice_and_start_no_game(watched: Watched, site) -> None:
    page = open_game(watched.page, site.url, players=9, stock="lots", ai="genius", seed=3)
    notice = page.locator('[data-notice="notice.url_ignored"]')
    assert notice.is_visible() and "players" in notice.inner_text() and "ai" in notice.inner_text()
    assert page.locator("#table").get_attribute("data-players") == "2"
    assert page.locator('#sheet[open] [name="players"]').count() == 1  # a first visit: the new-game screen
    assert stored(page)["rules"]["stock_size"] is None and stored(page)["players"][1]["kind"] == "ai:medium"
    page.goto(f"{site.url}?lang=xx&speed=0")  # options that are no game options: their defaults, as before
    page.wait_for_selector('[data-notice="notice.bad_url"]', timeout=60_000)
    assert "lang" in page.locator('[data-notice="notice.bad_url"]').inner_text()


@pytest.mark.parametrize("width", [1000, 360])
def test_the_first_paint_is_the_table_and_python_takes_it_over_in_place(browser: Browser, site, width: int) -> None:
    pieces = ['[data-slot="B1"], .center .pile.build', '.me .pile.stock', '.me .pile.discard', '.opp .pile.stock',
              '.center .drawpile', '.me .hand', '.message']

    def boxes(page: Page) -> list[dict]:
        return [page.locator(".table").locator(p.split(", ")[-1]).first.bounding_box() for p in pieces]

    context = browser.new_context(viewport={"width": width, "height": 900})
    plain = context.new_page()
    plain.route("**/vendor/pyscript/core.js", lambda route: route.abort())  # no Python: the first paint only
    plain.goto(site.url + "?players=2&seed=3&speed=0")
    # the "getting ready" line, in English: shuffling, or how far the downloads are
    assert re.fullmatch(r"Shuffling the cards…|Loading the game: \d+ %", plain.locator(".getting-ready").inner_text())
    assert plain.locator(".me .hand .card.back").count() == 5 and plain.locator(".building .pile").count() == 4
    first = boxes(plain)
    live = context.new_page()
    live.goto(site.url + "?players=2&seed=3&speed=0")
    live.wait_for_selector(READY, timeout=BOOT_TIMEOUT_MS)
    after = boxes(live)
    context.close()
    for name, a, b in zip(pieces, first, after):
        assert abs(a["x"] - b["x"]) <= 2 and abs(a["y"] - b["y"]) <= 2, (name, a, b)
        assert abs(a["width"] - b["width"]) <= 2, (name, a, b)


def test_no_serious_accessibility_findings(watched: Watched, site) -> None:
    page = open_game(watched.page, site.url, players=3, stock=5, ai="medium", seed=3)
    assert axe_scan_table_and_sheets(page) == []


def test_on_a_phone_a_six_player_result_stays_below_the_bar_and_scrolls(phone: Watched, site) -> None:
    """Six players in a match: the standings are longer than a phone's screen. The sheet
    keeps its headline below the bar and scrolls to its buttons."""
    record = json.loads((RECORDS / "6p-teams-stock10.json").read_text())
    record["players"] = [{"name": "", "kind": "human"}] + [{"name": "", "kind": "ai:easy"}] * 5
    match = {"version": 1, "target": 500, "first": 0, "history": [], "game_no": 0, "seed": 1, "origin": ""}
    page = phone.page
    page.goto(site.url + "?lang=de")
    page.evaluate("([r, m]) => { localStorage.setItem('skipbo.current', r); localStorage.setItem('skipbo.match', m); }",
                  [json.dumps(record), json.dumps(match)])
    page.reload()
    page.wait_for_selector(".result", timeout=BOOT_TIMEOUT_MS)
    sheet = page.locator(".result .sheet-body").bounding_box()
    bar = page.locator("#bar").bounding_box()
    assert sheet["y"] >= bar["y"] + bar["height"] and sheet["y"] + sheet["height"] <= PHONE["height"]
    title = page.locator("#result-title").bounding_box()
    hit = page.evaluate("([x, y]) => document.elementFromPoint(x, y).id",
                        [title["x"] + 10, title["y"] + title["height"] / 2])
    assert hit == "result-title"  # readable, not under the bar
    page.locator('.result [data-action="hide-result"]').scroll_into_view_if_needed()
    page.locator('.result [data-action="hide-result"]').tap()
    assert page.locator(".result").count() == 0


def test_on_a_phone_six_players_sit_two_opponents_to_a_row(phone: Watched, site) -> None:
    """Five opponents one under the other pushed your own cards two screens down; two to a
    row (three rows of one line and one row of cards each, so that their cards can be read:
    issue 39 item 3), everything inside its panel and the screen's width."""
    page = open_game(phone.page, site.url, players=6, seed=3, lang="de", names=",Anna-Sophie Müller")
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    for lang in ("de", "da"):  # "noch 20", "20 tilbage"
        page.click('#bar [data-action="bar-menu"]')
        page.click(f'#bar [data-lang="{lang}"]')
        areas = [page.locator(f'[data-seat="{s}"]').bounding_box() for s in range(1, 6)]
        assert areas[0]["y"] == areas[1]["y"] < areas[2]["y"] == areas[3]["y"] < areas[4]["y"]  # side by side
        for seat, area in zip(range(1, 6), areas):
            inside = page.evaluate("""s => [...document.querySelectorAll(
                `[data-seat="${s}"] [data-slot], [data-seat="${s}"] .count`)].map(e => e.getBoundingClientRect())
                .map(r => [r.left, r.right])""", seat)
            assert all(area["x"] <= left and right <= area["x"] + area["width"] for left, right in inside), (lang, seat)
    assert page.locator('[data-seat="0"] [data-slot="S"]').bounding_box()["y"] < 1.5 * PHONE["height"]

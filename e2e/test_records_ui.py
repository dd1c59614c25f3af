"""Records and replays in the browser: download the record, open record files (good and
bad), step through the replay viewer against a CPython replay, ``?record=`` under a
sub-path with "play on", and the share link."""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from e2e.game_support import axe_scan, open_game, play_turn, stored, table_state, wait_for_turn
from e2e.support import BOOT_TIMEOUT_MS, READY, Watched
from skipbo_core import Game, Rules

ROOT = Path(__file__).resolve().parent.parent
VALID = ROOT / "tests" / "data" / "records" / "valid" / "3p-stock10.json"
ILLEGAL = ROOT / "tests" / "data" / "records" / "invalid" / "wrong-building-pile.json"
UNFINISHED = Path(__file__).resolve().parent / "data" / "unfinished-game.json"
VIEW = '[data-replay="1"]'


def engine_table(record: dict, step: int) -> dict:
    """What the viewer must show after ``step`` moves, from CPython's engine."""
    game = Game(Rules.from_dict(record["rules"]), record["deck"], first=record["first"],
                players=record["players"], reshuffles=record["reshuffles"])
    for text in record["moves"][:step]:
        game.play(text)
    views = [game.view(s) for s in range(game.rules.players)]
    token = {0: "SB"}
    return {"hands": [sorted(token.get(c, str(c)) for c in v.hand) for v in views],
            "next": [str(x) for x in views[0].next_needed],
            "stock": [token.get(t, "" if t is None else str(t)) for t in views[0].stock_tops],
            "turn": str(game.current_seat)}


def shown_table(page: Page) -> dict:
    """The same facts, read from the viewer's data-* hooks."""
    return page.evaluate("""(sel) => {
      const root = document.querySelector(sel);
      const seats = [...root.querySelectorAll("[data-seat]")].sort((a, b) => a.dataset.seat - b.dataset.seat);
      return {
        hands: seats.map(s => [...s.querySelectorAll('[data-slot="H"]')].map(e => e.dataset.card).sort()),
        next: [...root.querySelectorAll('[data-slot^="B"]')].map(e => e.dataset.next),
        stock: seats.map(s => s.querySelector('[data-slot="S"]').dataset.top),
        turn: root.dataset.turn,
        step: root.dataset.step,
      };
    }""", VIEW)


def at_step(page: Page, record: dict, step: int) -> None:
    page.wait_for_selector(f'{VIEW}[data-step="{step}"]')
    shown = shown_table(page)
    assert shown.pop("step") == str(step)
    assert shown == engine_table(record, step), f"step {step}"


def open_records(page: Page) -> None:
    page.click('#bar [data-action="records"]')
    page.wait_for_selector('#sheet input[name="record-file"]')


def test_download_open_step_refuse_and_share(watched: Watched, site) -> None:
    page = open_game(watched.page, site.url, players=3, stock=10, seed=5, ai="easy")
    before = table_state(page)
    saved = stored(page)

    # the record as a file: the same JSON as the save
    open_records(page)
    with page.expect_download() as info:
        page.click('[data-action="record-download"]')
    download = info.value
    assert re.fullmatch(r"skipbo-\d{4}-\d\d-\d\d-seed5\.json", download.suggested_filename)
    assert json.loads(Path(download.path()).read_text(encoding="utf-8")) == saved
    share = page.input_value("#share-url")
    assert share.startswith(site.url) and "seed=5" in share and "stock=10" in share

    # a reference record opens in the viewer; every step shows what the engine says
    record = json.loads(VALID.read_text(encoding="utf-8"))
    page.set_input_files('input[name="record-file"]', str(VALID))
    at_step(page, record, 0)
    page.click('[data-action="replay-forward"]')
    at_step(page, record, 1)
    page.keyboard.press("ArrowRight")
    at_step(page, record, 2)
    page.keyboard.press("ArrowLeft")
    at_step(page, record, 1)
    page.fill('input[name="replay-turn"]', "20")
    page.press('input[name="replay-turn"]', "Enter")
    step = int(page.get_attribute(VIEW, "data-step") or 0)
    assert step > 2
    at_step(page, record, step)
    page.locator('#replay-moves [data-index="99"] button').click()
    at_step(page, record, 100)
    expect(page.locator('#replay-moves li[aria-current="step"]')).to_have_attribute("data-index", "99")
    page.select_option('select[name="replay-seat"]', "2")  # the table turns: seat 2 at the bottom
    expect(page.locator(f'{VIEW}[data-viewer="2"] .player.me')).to_have_attribute("data-seat", "2")
    at_step(page, record, 100)
    page.locator('[data-action="replay-forward"]').focus()
    page.keyboard.press("End")
    at_step(page, record, len(record["moves"]))
    assert page.get_attribute(VIEW, "data-over") == "1"
    page.keyboard.press("Home")
    at_step(page, record, 0)
    page.click('[data-action="replay-play"]')  # autoplay moves on by itself
    # a step at least 2 (autoplay moves every ~0.3 s: an exact step can come and go between looks)
    page.wait_for_function("v => Number(document.querySelector(v)?.dataset.step) >= 2", arg=VIEW, timeout=15_000)
    page.keyboard.press("p")
    paused = page.get_attribute(VIEW, "data-step")
    page.wait_for_timeout(800)
    assert page.get_attribute(VIEW, "data-step") == paused
    assert axe_scan(page) == []
    page.click('[data-action="replay-close"]')
    expect(page.locator(VIEW)).to_have_count(0)
    assert table_state(page) == before and stored(page) == saved

    # a file that is not JSON, and a record with an illegal move: a notice, nothing else
    open_records(page)
    page.set_input_files('input[name="record-file"]', files=[
        {"name": "broken.json", "mimeType": "application/json", "buffer": b'{"format": "skipbo-record", '}])
    expect(page.locator('[data-notice="record.not_json"]')).to_have_count(1)
    open_records(page)
    page.set_input_files('input[name="record-file"]', str(ILLEGAL))
    notice = page.locator('[data-notice="record.bad_move"]')
    expect(notice).to_contain_text("Move 3")
    expect(notice).to_contain_text("Building pile 2 needs a 2")
    expect(page.locator(VIEW)).to_have_count(0)
    assert table_state(page) == before and stored(page) == saved

    # the share link deals the same game again
    hand = sorted(before["hand"])
    page.goto(share)
    page.wait_for_selector(READY, timeout=BOOT_TIMEOUT_MS)
    assert sorted(table_state(page)["hand"]) == hand
    assert stored(page)["deck"] == saved["deck"]


def test_record_from_address_under_sub_path_and_play_on(watched: Watched, site_under_path) -> None:
    page = watched.page
    fetched = []

    def serve(route) -> None:
        fetched.append(route.request.url)
        route.fulfill(path=str(UNFINISHED), content_type="application/json")

    page.route("**/records/unfinished.json", serve)
    page.goto(f"{site_under_path.url}?record=records/unfinished.json&lang=en&speed=0")
    page.wait_for_selector(READY, timeout=BOOT_TIMEOUT_MS)
    page.wait_for_selector(f'{VIEW}[data-step="0"]', timeout=30_000)
    assert fetched == [f"{site_under_path.url}records/unfinished.json"]
    record = json.loads(UNFINISHED.read_text(encoding="utf-8"))
    assert page.get_attribute(VIEW, "data-last") == str(len(record["moves"]))
    page.click('[data-action="replay-last"]')
    at_step(page, record, len(record["moves"]))
    page.click('[data-action="replay-play-on"]')
    expect(page.locator(VIEW)).to_have_count(0)
    # the record's last position is now the game: the computer (seat 1) moves, then seat 0
    page.wait_for_selector('#table[data-turn="0"]', timeout=30_000)
    save = stored(page)
    assert save["moves"][:len(record["moves"])] == record["moves"]
    assert len(save["moves"]) > len(record["moves"])


def test_oversized_records_are_refused_by_address_and_by_file(watched: Watched, site) -> None:
    """Over 1 MB: refused before it is read (from the address, with or without a stated
    length, and as a file), in the player's language; the game and its save stay."""
    page = watched.page
    big = b'{"format": "skipbo-record", "pad": "' + b"x" * 1_000_100 + b'"}'
    page.route("**/big.json", lambda route: route.fulfill(body=big, content_type="application/json"))
    page.goto(f"{site.url}?record=big.json&lang=de&speed=0&players=2&seed=4")
    page.wait_for_selector(READY, timeout=BOOT_TIMEOUT_MS)
    notice = page.locator('[data-notice="record.too_big"]')
    expect(notice).to_have_count(1)
    expect(notice).to_contain_text("zu groß")
    expect(page.locator(VIEW)).to_have_count(0)
    before, saved = table_state(page), stored(page)
    notice.locator("button").click()
    open_records(page)
    page.set_input_files('input[name="record-file"]', files=[
        {"name": "big.json", "mimeType": "application/json", "buffer": big}])
    expect(notice).to_have_count(1)
    expect(page.locator(VIEW)).to_have_count(0)
    assert table_state(page) == before and stored(page) == saved


def test_on_a_phone_the_viewer_controls_stay_in_reach_below_the_board(browser, site) -> None:
    """Scrolled down to the hands and the move list, the viewer's buttons stay at the top
    of the sheet: the next move is one tap away, not a scroll back up."""
    context = browser.new_context(viewport={"width": 360, "height": 740}, has_touch=True, is_mobile=True,
                                  device_scale_factor=2, service_workers="block")
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.route("**/records/unfinished.json", lambda route: route.fulfill(path=str(UNFINISHED),
                                                                        content_type="application/json"))
    page.goto(f"{site.url}?record=records/unfinished.json&lang=de&speed=0")
    page.wait_for_selector(f'{VIEW}[data-step="0"]', timeout=BOOT_TIMEOUT_MS)
    page.evaluate("document.querySelector('#sheet .sheet-body').scrollTop = 1e6")
    forward = page.locator('[data-action="replay-forward"]')
    box = forward.bounding_box()
    assert 0 <= box["y"] and box["y"] + box["height"] <= 740
    on_top = page.evaluate("([x, y]) => document.elementFromPoint(x, y).dataset.action",
                           [box["x"] + box["width"] / 2, box["y"] + box["height"] / 2])
    assert on_top == "replay-forward"  # not covered by the board scrolling under it
    forward.tap()
    page.wait_for_selector(f'{VIEW}[data-step="1"]')
    context.close()
    assert errors == []


def test_the_replay_of_your_game_names_the_seats_as_the_game_did_and_says_the_step_in_sight(watched: Watched,
                                                                                           site) -> None:
    page = open_game(watched.page, site.url, players=2, stock=5, seed=5, ai="easy")
    play_turn(page)
    wait_for_turn(page)
    open_records(page)
    with page.expect_download() as info:
        page.click('[data-action="record-download"]')
    page.set_input_files('input[name="record-file"]', info.value.path())
    page.wait_for_selector(f'{VIEW}[data-step="0"]')
    assert page.locator("#sheet-title").inner_text() == "Replay: You, Computer"  # not "Player 1, Player 2"
    assert page.locator('select[name="replay-seat"] option').all_inner_texts() == ["You", "Computer"]
    assert page.locator(f'{VIEW} [data-seat="1"] .name').inner_text().startswith("Computer")
    now = page.locator("#replay-now")
    page.click('[data-action="replay-forward"]')
    page.wait_for_selector(f'{VIEW}[data-step="1"]')
    first = Game.from_record(stored(page)).log()[0]
    assert now.inner_text().startswith("You: ") and now.inner_text() == page.locator(f"{VIEW} .message").inner_text()
    assert str(first.card if first.card else "Skip-Bo") in now.inner_text()
    box = now.bounding_box()  # in sight with the controls, not below the board (1280x800)
    assert box is not None and 0 <= box["y"] and box["y"] + box["height"] <= page.viewport_size["height"]
    page.click('[data-action="replay-last"]')
    page.wait_for_selector(f'{VIEW}[data-step="{len(stored(page)["moves"])}"]')
    assert now.inner_text() == page.locator(f"{VIEW} .message").inner_text() != ""


WHOLE_TABLE = """(view) => {
  // scrolled as the sheet opens, or with the table right under the controls that stay at its top
  const table = document.querySelector(view), body = table.closest('.sheet-body');
  const controls = body.querySelector('.replay-controls');
  if (body.scrollTop > 0 || table.getBoundingClientRect().bottom > body.getBoundingClientRect().bottom) {
    body.scrollTop += table.getBoundingClientRect().top - body.getBoundingClientRect().top
      - controls.getBoundingClientRect().height;
  }
  const room = body.getBoundingClientRect(), box = table.getBoundingClientRect();
  const hand = [...table.querySelectorAll('.me [data-slot="H"]')].map(e => e.getBoundingClientRect());
  return {top: box.top, bottom: box.bottom, below: controls.getBoundingClientRect().bottom,
          room: Math.min(room.bottom, innerHeight), scrolled: body.scrollTop, hand: hand.length,
          handBottom: Math.max(...hand.map(r => r.bottom)), card: hand[0].width};
}"""


@pytest.mark.parametrize(("size", "embed", "lang"), [((1280, 800), False, "en"), ((420, 600), True, "de")],
                         ids=["1280x800", "embed-420x600"])
def test_the_viewer_shows_the_whole_table(browser, site, size, embed: bool, lang: str) -> None:
    """The viewer's cards were sized from the sheet's width alone: at 1280x800 and in a
    420x600 frame the bottom player's hand lay below the sheet's bottom. Now the whole
    table shows, on opening where the room allows (1280x800), else right under the
    viewer's controls, at every step."""
    context = browser.new_context(viewport={"width": size[0], "height": size[1]}, service_workers="block")
    page = context.new_page()
    page.route("**/records/unfinished.json", lambda route: route.fulfill(path=str(UNFINISHED),
                                                                        content_type="application/json"))
    page.goto(f"{site.url}?record=records/unfinished.json&lang={lang}&speed=0" + ("&embed=1" if embed else ""))
    page.wait_for_selector(f'{VIEW}[data-step="0"]', timeout=BOOT_TIMEOUT_MS)
    last = int(page.get_attribute(VIEW, "data-last"))
    for step in (0, last):
        if step:
            page.click('[data-action="replay-last"]')
            page.wait_for_selector(f'{VIEW}[data-step="{step}"]')
            page.evaluate("document.querySelector('#sheet .sheet-body').scrollTop = 0")
        seen = page.evaluate(WHOLE_TABLE, VIEW)
        if os.environ.get("SKIPBO_LAYOUT_SHOTS"):  # a folder to keep a screenshot in
            page.screenshot(path=os.path.join(os.environ["SKIPBO_LAYOUT_SHOTS"],
                                              f"replay-{size[0]}x{size[1]}-{lang}-{step}.png"))
        assert seen["hand"] == (5 if step == 0 else 3), seen
        assert seen["bottom"] <= seen["room"] + 0.5, f"the table runs past the sheet's bottom at step {step}: {seen}"
        assert seen["top"] >= seen["below"] - 0.5, seen  # not under the controls
        assert seen["card"] >= 30, f"cards of {seen['card']} px"
        if not embed:
            assert seen["scrolled"] == 0, "1280x800: the whole table shows as the viewer opens"
    context.close()

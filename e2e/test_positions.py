"""Positions in the browser: ``?pos=<compact form>`` and ``?position=<address>`` set up a
table (a reload resumes it), a bad one gives a notice naming what is wrong and changes
nothing; the host page's ``position`` command, and its refusals; the replay viewer
exports the step it shows as a file and as a link that opens that table.
"""

from __future__ import annotations

import base64
import json
import re
import zlib
from pathlib import Path
from urllib.parse import quote

from playwright.sync_api import Page, expect

from e2e.game_support import stored, table_state
from e2e.support import BOOT_TIMEOUT_MS, READY, Watched
from e2e.test_host import Host, open_lesson, seen
from skipbo_core import Game, position_of, to_compact

UNFINISHED = Path(__file__).resolve().parent / "data" / "unfinished-game.json"
VIEW = '[data-replay="1"]'
LESSON = {"rules": {"players": 2, "stock_size": 10}, "seed": 7, "building": [[1, 2, 3], [0]],
          "seats": [{"stock": {"top": 4, "count": 6}, "hand": [5, 9, 11, 0], "discards": [[7, 2]]},
                    {"stock": {"cards": [2, 8, 12]}, "hand": [1, 3]}]}
IMPOSSIBLE = {**LESSON, "building": [[1, 3]]}  # a 3 on a 1: no such pile


def compact(position: dict) -> str:
    """The compact form, also of a position the engine would refuse (to_compact checks first)."""
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    raw = json.dumps(position, separators=(",", ":")).encode()
    return "p1." + base64.urlsafe_b64encode(packer.compress(raw) + packer.flush()).decode().rstrip("=")


def open_page(page: Page, url: str) -> None:
    page.goto(url)
    page.wait_for_selector(READY, timeout=BOOT_TIMEOUT_MS)


def lesson_table(page: Page) -> None:
    """The table of LESSON, as seat 0 sees it."""
    me = page.locator('[data-seat="0"]')
    expect(me.locator('[data-slot="S"]')).to_have_attribute("data-top", "4")
    expect(page.locator('[data-slot="B1"]')).to_have_attribute("data-top", "3")
    expect(page.locator('[data-slot="B2"]')).to_have_attribute("data-top", "SB")
    expect(me.locator('[data-slot="D1"]')).to_have_attribute("data-top", "2")
    assert sorted(table_state(page)["hand"]) == ["11", "5", "9", "SB"]


def test_a_compact_position_in_the_address_sets_up_the_table(watched: Watched, site) -> None:
    page = watched.page
    address = f"{site.url}?pos={to_compact(LESSON)}&lang=en&speed=0"
    open_page(page, address)
    lesson_table(page)
    expect(page.locator("#sheet[open]")).to_have_count(0)  # no new-game screen: the position is the game
    page.click('[data-seat="0"] [data-slot="S"]')
    page.click('[data-slot="B1"]')
    expect(page.locator('[data-slot="B1"]')).to_have_attribute("data-top", "4")
    save = stored(page)
    assert save["format"] == "skipbo-position-game" and save["position"] == LESSON and save["moves"] == ["S>B1"]
    open_page(page, address)  # the same address again: that game goes on
    expect(page.locator('[data-slot="B1"]')).to_have_attribute("data-top", "4")
    before = table_state(page)

    # a position the engine refuses: the notice names the place and the problem; nothing changes
    open_page(page, f"{site.url}?pos={compact(IMPOSSIBLE)}&lang=en&speed=0")
    notice = page.locator('[data-notice="position.bad_at"]')
    expect(notice).to_contain_text("a building pile does not climb from 1 one number at a time")
    expect(notice).to_contain_text("building[0][1]")
    assert table_state(page) == before and stored(page) == save
    # a compact form that is no compact form at all, in German
    open_page(page, f"{site.url}?pos=p1.not-a-position&lang=de&speed=0")
    expect(page.locator('[data-notice="position.bad"]')).to_contain_text("Kurzform in der Adresse (pos=)")
    assert table_state(page) == before and stored(page) == save


def test_a_position_from_an_address_and_the_ways_it_can_fail(watched: Watched, site) -> None:
    page = watched.page
    served = {"lesson.json": json.dumps(LESSON), "broken.json": json.dumps(IMPOSSIBLE),
              "text.json": "not json at all"}
    def serve(body: str):
        return lambda route: route.fulfill(body=body, content_type="application/json")

    for name, body in served.items():
        page.route(f"**/positions/{name}", serve(body))
    page.route("**/positions/missing.json", lambda route: route.fulfill(status=404, body="no"))
    open_page(page, f"{site.url}?position=positions/lesson.json&lang=en&speed=0")
    lesson_table(page)
    save = stored(page)
    assert save["position"] == LESSON and save["moves"] == []
    before = table_state(page)
    for address, key, words in (
            ("positions/broken.json", "position.bad_at", "building[0][1]"),
            ("positions/text.json", "position.not_json", "not readable JSON"),
            ("positions/missing.json", "position.fetch_failed", "could not be loaded"),
            ("javascript:alert(1)", "position.bad_url", "not a web address")):
        open_page(page, f"{site.url}?position={quote(address)}&lang=en&speed=0")
        expect(page.locator(f'[data-notice="{key}"]')).to_contain_text(words)
        assert table_state(page) == before and stored(page) == save
    # the browser itself logs the missing file; that is the one error expected here
    assert [e for e in watched.errors if "404" in e] != []
    watched.errors[:] = [e for e in watched.errors if "404 (Not Found)" not in e]


def test_the_host_sets_up_a_position_and_a_bad_one_is_refused(watched: Watched, host_dir, host, site) -> None:
    page = watched.page
    frame = open_lesson(page, host_dir, host, site, "positions.html", players=3, seed=5)
    api = Host(page)
    reply = api.ok("position", {"position": LESSON, "names": ["Ana", "Bot"], "practice": True, "ai": "easy"})
    state = reply["state"]
    assert state["players"] == 2 and state["names"] == ["Ana", "Bot"] and state["practice"] is True
    assert state["stock_tops"] == ["4", "12"] and state["building"][:2] == [["1", "2", "3"], ["SB"]]
    assert api.events("newgame")[-1]["names"] == ["Ana", "Bot"]
    expect(frame.locator('[data-slot="B2"]')).to_have_attribute("data-top", "SB")
    api.ok("play", {"move": "HSB>B1"})
    assert api.ok("undo")["move"] == "HSB>B1"  # a practice game: undo goes back to the position
    assert api.error("undo", None, "not-now")["reason_key"] == "undo.none"  # and no further

    before = seen(frame)
    bad = api.error("position", {"position": IMPOSSIBLE}, "bad-position")
    assert bad["path"] == "building[0][1]" and bad["reason"] == "impossible-pile"
    assert bad["explain"] == ("This position cannot be set up: a building pile does not climb from 1 one number "
                              "at a time (at building[0][1]).")
    six = {**LESSON, "seats": [{**LESSON["seats"][0], "hand": [5, 9, 11, 0, 1, 2]}, LESSON["seats"][1]]}
    assert api.error("position", {"position": six}, "bad-position")["reason"] == "hand-size"
    api.error("position", {"position": [1, 2]}, "bad-args")
    api.error("position", {}, "bad-args")
    api.error("position", {"position": LESSON, "players": 3}, "bad-args")
    api.error("position", {"position": LESSON, "ai": "genius"}, "bad-args")
    assert seen(frame) == before


def test_the_replay_viewer_exports_the_step_it_shows(watched: Watched, site) -> None:
    page = watched.page
    page.route("**/records/unfinished.json",
               lambda route: route.fulfill(path=str(UNFINISHED), content_type="application/json"))
    open_page(page, f"{site.url}?record=records/unfinished.json&lang=en&speed=0")
    page.wait_for_selector(f'{VIEW}[data-step="0"]', timeout=30_000)
    record = json.loads(UNFINISHED.read_text(encoding="utf-8"))
    step = 7
    for _ in range(step):
        page.click('[data-action="replay-forward"]')
    expect(page.locator(VIEW)).to_have_attribute("data-step", str(step))
    at_step = Game.from_record({**record, "moves": record["moves"][:step]})

    with page.expect_download() as download:
        page.click('[data-action="replay-export"]')
    exported = json.loads(Path(download.value.path()).read_text(encoding="utf-8"))
    assert exported == position_of(at_step)
    expect(page.locator("#replay-export-status")).to_have_attribute("data-status", "replay.exported")

    page.click('[data-action="replay-export-link"]')
    status = page.locator("#replay-export-status")
    expect(status).to_have_attribute("data-status", re.compile(r"replay\.export_cop(ied|y_failed)"))
    link = page.locator("#replay-export-url").input_value()
    assert link.startswith(f"{site.url}?pos=p1.") and "lang=en" in link
    open_page(page, link)  # the table of that step, now a game to play on
    expect(page.locator(VIEW)).to_have_count(0)
    assert stored(page)["position"] == position_of(at_step)

"""Issue 29 on the page: whatever the browser's storage holds, the page starts and can be
played, with one notice in the player's language; a damaged value is set aside under a
key of its own (kept as it was, reported once) and the intact ones stay as they are."""

from __future__ import annotations

import http.server
import json
import threading
import time
from collections.abc import Iterator
from typing import ClassVar

import pytest
from playwright.sync_api import Page
from skipbo_web.i18n import t

from e2e.game_support import play_turn, stored, wait_for_turn
from e2e.support import BOOT_TIMEOUT_MS, READY
from tools.server import HOST

DEEP = "[" * 20_000 + "]" * 20_000  # overflowed Pyodide's stack before the bounded reader
NOTICE = '[data-notice="notice.set_aside"]'


def load(page: Page, url: str) -> Page:
    page.goto(url)
    page.wait_for_selector(READY, timeout=BOOT_TIMEOUT_MS)
    assert page.locator("#rescue").is_hidden()  # a page that starts shows no rescue
    return page


def put(page: Page, items: dict[str, str | None]) -> None:
    """Write (or, for None, remove) localStorage items of the page's origin."""
    page.evaluate("items => { for (const [k, v] of Object.entries(items)) "
                  "v === null ? localStorage.removeItem(k) : localStorage.setItem(k, v); }", items)


def text(page: Page, key: str) -> str | None:
    return page.evaluate("k => localStorage.getItem(k)", key)


def hand(page: Page) -> list[str]:
    return page.locator('[data-seat="0"] [data-slot="H"][data-card]').evaluate_all(
        "els => els.map(e => e.dataset.card)")


def notices(page: Page) -> list[str | None]:
    return page.locator("#notices .notice").evaluate_all("els => els.map(e => e.dataset.notice)")


def playable(page: Page) -> None:
    """The table answers: at the human's turn, a card clicked is picked up."""
    wait_for_turn(page, 0)
    page.locator('[data-seat="0"] [data-slot="H"][data-card]').first.click()
    page.wait_for_selector('[data-seat="0"] [data-selected="1"]', timeout=10_000)


def test_deep_json_in_every_store_read_at_start(watched, site) -> None:
    """Every store read at start holding JSON nested 20,000 deep: the page starts in German,
    with ONE notice naming them; each is kept under skipbo.aside.*; the next start says nothing."""
    page = load(watched.page, f"{site.url}?lang=de")
    keys = ["skipbo.current", "skipbo.match", "skipbo.theme", "skipbo.sound", "skipbo.tutorial"]
    put(page, dict.fromkeys(keys, DEEP))
    load(page, f"{site.url}?lang=de")
    assert notices(page) == ["notice.set_aside"]
    words = page.locator(NOTICE).inner_text()
    assert "gespeicherte Daten" in words and all(k in words for k in keys)
    for key in keys:
        assert text(page, "skipbo.aside." + key.removeprefix("skipbo.")) == DEEP, key
    assert isinstance(stored(page), dict)  # a new game, saved
    load(page, f"{site.url}?lang=de")  # reported once: the next start finds nothing damaged
    assert notices(page) == []
    assert text(page, "skipbo.aside.current") == DEEP


def test_embedded_stores_and_settings_deep(watched, site) -> None:
    page = load(watched.page, f"{site.url}?lang=da")
    keys = ["skipbo.embed.current", "skipbo.embed.match", "skipbo.embed.theme", "skipbo.embed.sound",
            "skipbo.settings"]
    put(page, dict.fromkeys(keys, DEEP))
    load(page, f"{site.url}?embed=1&lang=da")
    assert notices(page) == ["notice.set_aside"]
    assert page.locator(NOTICE).inner_text().startswith(t("da", "notice.set_aside", names="x", where="y")[:20])
    for key in keys[:-1]:
        assert text(page, "skipbo.aside." + key.removeprefix("skipbo.")) == DEEP, key
    assert text(page, "skipbo.settings") == DEEP  # an embedded table never reads the visitor's settings
    load(page, f"{site.url}?lang=da")  # the page itself does
    assert notices(page) == ["notice.set_aside"] and text(page, "skipbo.aside.settings") == DEEP


def test_a_damaged_game_that_cannot_be_set_aside_is_never_written_over(watched, site) -> None:
    """The browser refuses the copy (storage full: here it refuses every skipbo.aside.* key):
    the damaged value stays where it is, the page plays without saving over it and says so,
    naming each such key (issue 36: a stuck match or settings were not named)."""
    page = load(watched.page, f"{site.url}?seed=5&lang=en&speed=0")
    page.add_init_script("""{ const set = Storage.prototype.setItem;
        Storage.prototype.setItem = function (k, v) {
          if (String(k).startsWith("skipbo.aside.")) throw new DOMException("full", "QuotaExceededError");
          return set.call(this, k, v); }; }""")
    put(page, {"skipbo.current": DEEP, "skipbo.settings": '{"version": 1, "lang": [1]}'})
    load(page, f"{site.url}?speed=0")
    assert notices(page) == ["notice.stuck"]
    words = page.locator('[data-notice="notice.stuck"]').inner_text()
    assert "skipbo.current" in words and "skipbo.settings" in words
    playable(page)
    page.click('#bar [data-lang="de"]')
    assert text(page, "skipbo.current") == DEEP and text(page, "skipbo.settings") == '{"version": 1, "lang": [1]}'


def test_settings_of_the_wrong_types(watched, site) -> None:
    """``"lang": [1]`` raised TypeError (unhashable) at every start; ``{}`` has no version."""
    page = load(watched.page, site.url)
    for value in ('{"version": 1, "lang": [1], "speed": 0}', "{}", '"de"', "[]"):
        put(page, {"skipbo.settings": value, "skipbo.aside.settings": None})
        load(page, site.url)
        assert notices(page) == ["notice.set_aside"], value
        assert text(page, "skipbo.aside.settings") == value
        assert stored(page, "skipbo.settings")["version"] == 1  # what could be read, written back
        load(page, site.url)
        assert notices(page) == [], value


def test_a_damaged_match_keeps_the_game(watched, site) -> None:
    page = load(watched.page, f"{site.url}?seed=5&lang=en&speed=0")
    game, cards = text(page, "skipbo.current"), hand(page)
    for damaged in (DEEP, '{"version": 1, "game_no": -1}', "[1, 2", '"x"'):
        put(page, {"skipbo.match": damaged, "skipbo.aside.match": None})
        load(page, site.url)
        assert notices(page) == ["notice.set_aside"] and "skipbo.match" in page.locator(NOTICE).inner_text()
        assert text(page, "skipbo.current") == game and hand(page) == cards, damaged  # the same game goes on
        assert text(page, "skipbo.aside.match") == damaged
        assert isinstance(stored(page, "skipbo.match"), dict)
    playable(page)


def test_a_damaged_game_keeps_its_match_aside(watched, site) -> None:
    page = load(watched.page, f"{site.url}?seed=5&lang=en&speed=0&target=200")
    match = text(page, "skipbo.match")
    record = stored(page)
    record["players"][0]["name"] = ["x"]  # names must be texts
    damaged = json.dumps(record)
    put(page, {"skipbo.current": damaged})
    load(page, site.url)
    assert notices(page) == ["notice.set_aside"]
    assert text(page, "skipbo.aside.current") == damaged
    assert text(page, "skipbo.aside.match") == match  # kept beside its game, not overwritten
    assert "['x']" not in page.locator("#table").inner_text()
    playable(page)


def test_a_newer_versions_save_is_never_overwritten(watched, site) -> None:
    page = load(watched.page, f"{site.url}?seed=5&lang=en&speed=0")
    record = stored(page)
    record["version"] = 2
    newer = json.dumps(record)
    match = text(page, "skipbo.match")
    put(page, {"skipbo.current": newer})
    load(page, f"{site.url}?lang=de&speed=0")
    assert notices(page) == ["notice.newer_save"]
    assert page.locator('[data-notice="notice.newer_save"] p').inner_text() == t("de", "notice.newer_save")
    playable(page)
    assert text(page, "skipbo.current") == newer and text(page, "skipbo.match") == match
    load(page, f"{site.url}?seed=9&lang=en")  # a new game by address is not saved over it either
    assert text(page, "skipbo.current") == newer
    settings = '{"version": 2, "lang": "da", "colour": "blue"}'  # a newer version's settings: kept too
    put(page, {"skipbo.settings": settings})
    load(page, site.url)
    page.click('#bar [data-lang="de"]')
    assert text(page, "skipbo.settings") == settings and text(page, "skipbo.aside.settings") is None


def test_puzzle_progress_keeps_the_ids_it_can_read(watched, site) -> None:
    page = load(watched.page, f"{site.url}?seed=3&lang=en")
    value = '{"version": 1, "solved": [1, 99]}'
    put(page, {"skipbo.puzzles": value})
    page.click('[data-action="new"]')
    page.click('#sheet [data-action="puzzles"]')
    page.wait_for_selector('#sheet [data-action="puzzle-open"][data-puzzle="1"][data-solved="1"]')
    assert stored(page, "skipbo.puzzles") == {"version": 1, "solved": [1]}
    assert text(page, "skipbo.aside.puzzles") == value
    page.wait_for_selector(NOTICE)


RESCUE = "#rescue"


def test_start_up_that_raises_offers_to_start_afresh(page: Page, site) -> None:
    """The page's own start-up raised (here: the browser refuses to name its languages):
    the rescue says what failed, in the page's language, and its button puts the saved
    data aside and starts afresh. (Console errors are expected: no ``watched``.)"""
    load(page, f"{site.url}?seed=4&lang=en")
    game = text(page, "skipbo.current")
    put(page, {"skipbo.settings": None, "skipbo.tutorial": '{"version": 1}'})
    page.add_init_script("""if (!sessionStorage.getItem("rescued"))
        Object.defineProperty(navigator, "languages", {get() { throw new Error("no languages here"); }});""")
    page.goto(site.url)  # no lang=: the page asks the browser for its languages
    page.wait_for_selector(RESCUE, state="visible", timeout=BOOT_TIMEOUT_MS)
    assert page.locator(f"{RESCUE} .rescue-what").inner_text().startswith("JsException")
    assert "no languages here" in page.locator(f"{RESCUE} .rescue-what").inner_text()
    assert page.locator(f"{RESCUE} h2").inner_text() == t("en", "rescue.title")
    assert page.evaluate("document.activeElement.id") == "rescue-fresh"
    assert page.get_attribute(RESCUE, "data-kind") == "data"  # the page's own start-up: maybe saved data
    page.evaluate('sessionStorage.setItem("rescued", "1")')
    page.click("#rescue-fresh")
    page.wait_for_selector(READY, timeout=BOOT_TIMEOUT_MS)
    assert text(page, "skipbo.aside.current") == game and text(page, "skipbo.aside.tutorial") == '{"version": 1}'
    assert text(page, "skipbo.tutorial") is None and page.locator(RESCUE).is_hidden()


def test_an_error_that_does_not_stop_the_start_leaves_no_rescue(page: Page, site) -> None:
    """A side error before the table is ready (here: a promise nobody catches) shows the
    rescue for a moment at most: once the page is playable it goes again."""
    page.add_init_script("addEventListener('DOMContentLoaded', () => Promise.reject(new Error('a side failure')))")
    load(page, f"{site.url}?seed=3&lang=en")  # load() checks that no rescue is shown
    playable(page)


def test_python_that_fails_before_the_page_code_runs(page: Page, site) -> None:
    """Even when Python never reaches the page's code (its entry point broken here), the
    rescue shows, in German: a file of the site failed, so it offers to try again, not to
    set the saved data aside (issue 36; e2e/test_start_failures.py tries every file)."""
    page.route("**/main.py", lambda route: route.fulfill(status=200, content_type="text/plain",
                                                         body='raise RuntimeError("broken on purpose")'))
    page.goto(f"{site.url}?lang=de")
    page.wait_for_selector(RESCUE, state="visible", timeout=BOOT_TIMEOUT_MS)
    assert "broken on purpose" in page.locator(f"{RESCUE} .rescue-what").inner_text()
    assert page.locator(f"{RESCUE} #rescue-retry").inner_text() == t("de", "rescue.retry")
    assert page.locator(f"{RESCUE} #rescue-fresh").is_hidden()


# -- addresses ------------------------------------------------------------------------------------

def game_in_progress(page: Page, url: str) -> str:
    """A game with a move of the human's in it, saved; its saved text."""
    load(page, f"{url}?seed=5&lang=en&speed=0")
    wait_for_turn(page, 0)
    play_turn(page)
    return text(page, "skipbo.current")


def same_game(page: Page, saved: str) -> bool:
    """The saved game is still ``saved`` (the computer may have moved on in it since)."""
    old, now = json.loads(saved), stored(page)
    return now["deck"] == old["deck"] and now["moves"][:len(old["moves"])] == old["moves"]


def test_an_address_with_wrong_game_options_starts_nothing(watched, site) -> None:
    page = watched.page
    game = game_in_progress(page, site.url)
    for query, names in (("players=abc", "players"), ("seed=x", "seed"), ("players=3&seed=1_0", "seed"),
                         ("names=" + ",".join("ABCDEFGHI"), "names"), ("players=3&ai=genius&lang=de", "ai")):
        load(page, f"{site.url}?{query}")
        assert notices(page) == ["notice.url_ignored"], query
        assert names in page.locator('[data-notice="notice.url_ignored"]').inner_text()
        assert same_game(page, game), query  # the saved game goes on
        assert page.locator("#table").get_attribute("data-players") == "2"
    assert page.locator('[data-notice="notice.url_ignored"] p').inner_text().startswith("Die Adresse")
    load(page, f"{site.url}?puzzle=1_0&lang=en")  # int() read it as puzzle 10
    assert notices(page) == ["puzzles.unknown"] and same_game(page, game)
    assert page.locator("#puzzle").is_hidden()


def test_an_address_asks_before_it_replaces_a_game_in_progress(watched, site) -> None:
    page = watched.page
    game = game_in_progress(page, site.url)
    load(page, f"{site.url}?players=3&seed=8&lang=da")
    ask = page.locator('[data-notice="notice.url_replace"]')
    assert notices(page) == ["notice.url_replace"] and ask.locator("p").inner_text() == t("da", "notice.url_replace")
    assert same_game(page, game) and page.locator("#table").get_attribute("data-players") == "2"
    ask.locator('[data-action="dismiss"]').click()  # "keep playing mine"
    assert notices(page) == [] and same_game(page, game)
    load(page, f"{site.url}?players=3&seed=8&lang=da")
    ask.locator('[data-action="url-game"]').click()  # yes: the address's game
    page.wait_for_selector('#table[data-players="3"]')
    assert notices(page) == [] and stored(page)["rules"]["players"] == 3
    assert not same_game(page, game)
    load(page, f"{site.url}?players=3&seed=8&lang=da")  # the same address again: that game goes on, no question
    assert notices(page) == [] and stored(page)["rules"]["players"] == 3


def test_an_address_replaces_a_game_not_yet_played_without_asking(watched, site) -> None:
    page = load(watched.page, f"{site.url}?seed=5&lang=en&speed=0")
    load(page, f"{site.url}?players=4&seed=8")
    page.wait_for_selector('#table[data-players="4"]')
    assert notices(page) == [] and stored(page)["rules"]["players"] == 4


# -- records and positions by address -------------------------------------------------------------

class Awkward(http.server.BaseHTTPRequestHandler):
    """Answers no browser should wait on forever: ``/huge`` (a gigabyte, chunked, with no
    length given), ``/endless`` (a byte now and then, never done) and ``/deep`` (JSON
    nested 20,000 deep). Every loop is bounded in bytes and time."""

    sent: ClassVar[dict[str, int]] = {}

    def log_message(self, *args: object) -> None:
        pass

    def do_GET(self) -> None:  # noqa: N802 (the base class's name)
        path = self.path.split("?")[0]
        self.send_response(200)
        self.send_header("Access-Control-Allow-Origin", "*")
        self.send_header("Content-Type", "application/json")
        if path == "/deep":
            body = DEEP.encode()
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)
            return
        self.send_header("Transfer-Encoding", "chunked")
        self.end_headers()
        chunk, started, sent = b"[" + b" " * 65_534 + b"1", time.monotonic(), 0
        try:
            while sent < 2**30 and time.monotonic() - started < 60:
                part = chunk if path == "/huge" else b" "
                self.wfile.write(b"%x\r\n%s\r\n" % (len(part), part))
                self.wfile.flush()
                sent += len(part)
                Awkward.sent[path] = sent
                if path != "/huge":
                    time.sleep(0.5)
        except OSError:  # the page stopped reading: what this test wants
            pass


@pytest.fixture(scope="module")
def awkward() -> Iterator[str]:
    server = http.server.ThreadingHTTPServer((HOST, 0), Awkward)
    server.daemon_threads = True
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://{HOST}:{server.server_address[1]}"
    server.shutdown()
    server.server_close()


def test_a_gigabyte_record_is_too_big_and_a_deep_one_cannot_be_read(watched, site, awkward) -> None:
    page = watched.page
    started = time.monotonic()
    load(page, f"{site.url}?seed=3&lang=de&record={awkward}/huge")
    page.wait_for_selector('[data-notice="record.too_big"]', timeout=15_000)
    assert time.monotonic() - started < 30 and Awkward.sent["/huge"] < 100 * 2**20  # it stopped reading
    assert page.locator('[data-notice="record.too_big"] p').inner_text() == t("de", "record.too_big", kb=1000)
    load(page, f"{site.url}?seed=3&lang=en&record={awkward}/deep")
    page.wait_for_selector('[data-notice="record.bad_json"]', timeout=15_000)
    assert "nested too deep" in page.locator('[data-notice="record.bad_json"]').inner_text()
    playable(page)  # the page lives on; console errors: none (``watched``)


def test_a_position_that_never_ends_times_out(watched, site, awkward) -> None:
    page = load(watched.page, f"{site.url}?seed=3&lang=da&position={awkward}/endless")
    started = time.monotonic()
    page.wait_for_selector('[data-notice="position.fetch_timeout"]', timeout=40_000)
    assert 5 < time.monotonic() - started < 30
    assert page.locator('[data-notice="position.fetch_timeout"] p').inner_text() == t("da", "position.fetch_timeout",
                                                                                      s=15)
    load(page, f"{site.url}?seed=3&lang=en&position={awkward}/huge")
    page.wait_for_selector('[data-notice="position.too_big"]', timeout=15_000)
    load(page, f"{site.url}?seed=3&lang=en&position={awkward}/deep")
    page.wait_for_selector('[data-notice="position.bad_json"]', timeout=15_000)
    playable(page)

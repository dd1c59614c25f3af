"""Embed mode in the browser: a host page on another origin holds the game in a sandboxed
``<iframe>`` and receives its ``message`` events (ready, move, gameover, error); the
embedded game keeps the visitor's own save alone; names from the address are text.

The host page is served from a temporary directory by a second server (another port,
so another origin, as on a real teaching site); the game is served under ``/skipbo/``.
"""

from __future__ import annotations

from pathlib import Path
from string import Template
from urllib.parse import quote, urlencode

from playwright.sync_api import Frame, Page

from e2e.game_support import axe_scan, click_one_move, play_turn, stored
from e2e.support import BOOT_TIMEOUT_MS, READY, Watched
from skipbo_core import Game
from tools.server import SiteServer

XSS = "<svg onload=alert(1)>"  # as long as a name may be (24); <img src=x onerror=...> is longer
FRAME_W, FRAME_H = 360, 480
DEMO = {"embed": 1, "players": 2, "stock": 5, "ai": "easy", "seed": 42, "lang": "de", "speed": 0}
OWN_KEYS = ("skipbo.current", "skipbo.match", "skipbo.settings")
HOST = Template("""<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Host</title>
<link rel="icon" href="data:,">
<script>
  window.events = [];
  window.addEventListener("message", (e) => {
    if (e.data && e.data.source === "skipbo") window.events.push(e.data);
  });
</script></head><body>
<iframe id="game" src="$src" width="$w" height="$h" style="border:0" title="Skip-Bo"
        sandbox="allow-scripts allow-same-origin allow-popups allow-popups-to-escape-sandbox"></iframe>
</body></html>""")


def open_host(page: Page, host_dir: Path, host: SiteServer, name: str, game_url: str) -> Frame:
    """Write a host page around ``game_url``, open it and wait until the frame's table is ready."""
    (host_dir / name).write_text(HOST.substitute(src=game_url.replace("&", "&amp;"), w=FRAME_W, h=FRAME_H),
                                 encoding="utf-8")
    page.goto(host.url + name)
    page.frame_locator("#game").locator(READY).wait_for(timeout=BOOT_TIMEOUT_MS)
    return next(f for f in page.frames if f.url.startswith(game_url.split("?")[0]) and f is not page.main_frame)


def events(page: Page, kind: str | None = None) -> list[dict]:
    return [e for e in page.evaluate("window.events") if kind is None or e["type"] == kind]


def wait_events(page: Page, kind: str, count: int = 1) -> list[dict]:
    page.wait_for_function("([k, n]) => window.events.filter(e => e.type === k).length >= n", arg=[kind, count],
                           timeout=30_000)
    return events(page, kind)


def no_scrollbars(frame: Frame) -> bool:
    return frame.evaluate("""() => {
      const d = document.documentElement;
      return d.scrollHeight <= d.clientHeight && d.scrollWidth <= d.clientWidth;
    }""")


def test_a_host_page_receives_ready_move_and_gameover(watched: Watched, host_dir, host, site_under_path) -> None:
    page = watched.page
    dialogs: list[str] = []
    page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
    game_url = f"{site_under_path.url}?{urlencode({**DEMO, 'names': XSS + ',Bo'})}"
    frame = open_host(page, host_dir, host, "demo.html", game_url)

    ready = wait_events(page, "ready")[0]
    assert events(page)[0]["type"] == "ready"  # valid options: no error first
    assert {k: ready[k] for k in ("source", "version", "players", "stock", "lang", "to_move", "moves", "over")} == {
        "source": "skipbo", "version": 1, "players": 2, "stock": 5, "lang": "de", "to_move": 0, "moves": 0,
        "over": False}
    assert ready["names"] == [XSS, "Bo"] and ready["kinds"] == ["human", "easy"]
    # the name from the address is text: no element made from it, no script run
    me = frame.locator('[data-seat="0"] .who .name')
    assert me.text_content() == XSS
    assert frame.locator("[onload], #app svg").count() == 0 and dialogs == []
    # compact: no title, no footer, one menu; no scrollbars in a 360x480 frame
    assert frame.locator("#bar h1").is_hidden() and frame.locator("#foot").is_hidden()
    assert frame.locator("#bar details.menu").count() == 1
    assert no_scrollbars(frame)

    click_one_move(page.frame_locator("#game"))  # the first move: two clicks inside the frame
    moves = wait_events(page, "move")
    first = moves[0]
    assert first["seat"] == 0 and first["name"] == XSS and first["turn"] == 1 and first["index"] == 0
    assert first["move"] == frame.locator(".log [data-move]").last.get_attribute("data-move")
    assert first["card"] in {"SB", *map(str, range(1, 13))}

    for _ in range(200):  # play on until the game is over (the computer plays at once)
        frame.wait_for_selector('#table[data-turn="0"]:not([data-over]), #table[data-over="1"]', timeout=30_000)
        if frame.locator('#table[data-over="1"]').count():
            break
        play_turn(frame)
        assert no_scrollbars(frame)
    over = wait_events(page, "gameover")[0]
    record = stored(frame, "skipbo.embed.current")
    game = Game.from_record(record)
    assert over["winner"] == game.result.winner and over["reason"] == game.result.reason
    assert over["scores"] == list(game.result.scores)
    assert frame.locator(".result").get_attribute("data-reason") == over["reason"]
    moves = events(page, "move")  # every move once, in order, with the turn it was played in
    assert [m["move"] for m in moves] == record["moves"]
    assert [m["index"] for m in moves] == list(range(len(record["moves"])))
    assert all(a["turn"] <= b["turn"] for a, b in zip(moves, moves[1:])) and moves[-1]["turn"] == over["turns"]
    assert all(set(m) == {"source", "version", "type", "index", "turn", "seat", "name", "move", "card"}
               for m in moves)  # public facts only: no hands, no deck
    # the visitor's own game and settings were never written; the embed keeps its own keys
    assert all(stored(frame, key) is None for key in OWN_KEYS)
    assert frame.evaluate("window.parent !== window") and dialogs == []


def test_invalid_options_give_a_notice_an_error_event_and_the_defaults(watched: Watched, host_dir, host,
                                                                        site) -> None:
    page = watched.page
    bad = {"embed": 1, "players": "9", "ai": "genius", "lang": "xx", "speed": "²", "names": "A" * 2000,
           "seed": "7"}
    frame = open_host(page, host_dir, host, "bad.html", f"{site.url}?{urlencode(bad)}")
    error = wait_events(page, "error")[0]
    assert events(page)[0]["type"] == "error" and events(page)[1]["type"] == "ready"
    assert error["code"] == "notice.bad_url"
    assert set(error["options"]) == {"players", "ai", "lang", "speed", "names"}
    notice = frame.locator('[data-notice="notice.bad_url"]')
    assert notice.is_visible()
    for name in ("players", "ai", "lang", "speed", "names"):
        assert name in notice.text_content()
    # the defaults: two players, a computer at level medium, default names, normal speed
    assert frame.locator("#table").get_attribute("data-players") == "2"
    ready = events(page, "ready")[0]
    assert ready["players"] == 2 and ready["kinds"] == ["human", "medium"] and "AAAA" not in "".join(ready["names"])
    assert frame.locator('#bar select[name="speed"]').input_value() == "2"
    # Why? opens the rules page in a tab of its own (the sandbox of docs/EMBEDDING.md allows that popup)
    notice.locator("button").click()
    frame.locator('[data-seat="0"] [data-slot="S"]').click()
    frame.locator('[data-seat="0"] [data-slot="D1"]').click()
    with page.context.expect_page() as opened:
        frame.locator(".message-row a.why").click()
    rules = opened.value
    rules.wait_for_load_state()
    assert rules.url.startswith(f"{site.url}rules.html?lang=") and rules.url.endswith("#rule-discard")
    assert rules.evaluate("window.opener") is None  # the game's frame stays out of its reach
    rules.close()
    frame.locator('[data-seat="0"] [data-slot="S"]').click()  # put the stock card back
    frame.locator("#bar summary").click()  # the menu: a new deal, keys and rules, speed, language
    assert frame.locator('#bar [data-action="play-again"]').is_visible()
    assert axe_scan(frame) == []
    # the host resizes the frame: the cards grow to full size, and shrink to fit a small frame
    fit = "() => getComputedStyle(document.documentElement).getPropertyValue('--fit').trim()"
    page.evaluate("() => { const f = document.getElementById('game'); f.width = 900; f.height = 1000; }")
    frame.wait_for_function(f"() => ({fit})() === '1.000'")
    assert no_scrollbars(frame)
    page.evaluate("() => { const f = document.getElementById('game'); f.width = 360; f.height = 400; }")
    frame.wait_for_function(f"() => parseFloat(({fit})()) < 1")
    assert no_scrollbars(frame)


def test_embed_at_the_top_keeps_the_visitors_game_and_refuses_a_huge_address(watched: Watched, site) -> None:
    page = watched.page
    page.add_init_script("""
      // the visitor's own game and settings, there before the embedded game starts
      if (localStorage.getItem("skipbo.current") === null) {
        localStorage.setItem("skipbo.current", '"my own game"');
        localStorage.setItem("skipbo.settings", '"my settings"');
      }
      window.addEventListener("message", () => { window.told = (window.told || 0) + 1; });""")
    huge = quote("x" * 5000)
    page.goto(f"{site.url}?embed=1&players=3&filler={huge}")
    page.wait_for_selector(READY, timeout=BOOT_TIMEOUT_MS)
    assert page.locator('[data-notice="notice.url_too_long"]').is_visible()
    assert page.locator("#table").get_attribute("data-players") == "2"  # nothing of the address was used
    page.locator('[data-seat="0"] [data-slot="H"]').last.click()
    page.locator('[data-seat="0"] [data-slot="D1"]').click()
    page.wait_for_selector('.log [data-move]', state="attached")
    assert stored(page) == "my own game" and stored(page, "skipbo.settings") == "my settings"
    assert stored(page, "skipbo.embed.current")["moves"]
    assert page.evaluate("window.told || 0") == 0  # not in a frame: no messages to anyone

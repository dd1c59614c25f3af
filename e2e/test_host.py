"""The host API in the browser: a host page on another origin steers the game in a
sandboxed ``<iframe>`` with ``postMessage`` commands and reads the answers and events;
refused commands change nothing; ``host=<origin>`` locks the frame to one origin.

The host page is served by a second server (another port, so another origin, as on a real
teaching site); the game by the session's server.
"""

from __future__ import annotations

import json
from pathlib import Path
from string import Template
from typing import Any
from urllib.parse import urlencode, urlsplit

from playwright.sync_api import Frame, Page, expect

from e2e.game_support import stored
from e2e.support import BOOT_TIMEOUT_MS, READY, Watched
from skipbo_core import Game, Rules
from tools.server import SiteServer

ROOT = Path(__file__).resolve().parent.parent
RECORD = ROOT / "tests" / "data" / "records" / "valid" / "3p-stock10.json"
SEED = 13  # a 2-player game with stock 5: you start with 1, 3, 5, 7, 12 in hand
HOST = Template("""<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Lesson</title>
<link rel="icon" href="data:,">
<script>
  const GAME = "$game_origin";
  window.events = [];
  window.addEventListener("message", (e) => {
    if (e.origin !== GAME || !e.data || e.data.source !== "skipbo") return;  // the check docs/EMBEDDING.md asks for
    window.events.push(e.data);
  });
  // send a command; the answer with the same id (null when none comes within the time)
  window.send = (message, wait = 5000) => new Promise((resolve) => {
    const id = JSON.stringify(message && typeof message === "object" ? message.id : undefined);
    const timer = setTimeout(() => { removeEventListener("message", listen); resolve(null); }, wait);
    function listen(e) {
      if (e.origin !== GAME || !e.data || e.data.source !== "skipbo" || !("command" in e.data)) return;
      if (JSON.stringify(e.data.id) !== id) return;
      clearTimeout(timer); removeEventListener("message", listen); resolve(e.data);
    }
    addEventListener("message", listen);
    document.getElementById("game").contentWindow.postMessage(message, "*");
  });
</script></head><body>
<iframe id="game" src="$src" width="480" height="640" style="border:0" title="Skip-Bo"
        sandbox="allow-scripts allow-same-origin allow-popups allow-popups-to-escape-sandbox"></iframe>
</body></html>""")


def origin(url: str) -> str:
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}"


def open_lesson(page: Page, host_dir: Path, lessons: SiteServer, site: SiteServer, name: str,
                **options: Any) -> Frame:
    """Write a lesson page (served by ``lessons``) around the game with ``options``, open
    it and wait until the frame's table is ready."""
    game_url = f"{site.url}?{urlencode({'embed': 1, 'lang': 'en', 'speed': 0, **options})}"
    (host_dir / name).write_text(HOST.substitute(src=game_url.replace("&", "&amp;"), game_origin=origin(site.url)),
                                 encoding="utf-8")
    page.goto(lessons.url + name)
    page.frame_locator("#game").locator(READY).wait_for(timeout=BOOT_TIMEOUT_MS)
    return next(f for f in page.frames if f is not page.main_frame)


class Host:
    """The host page's side: send commands, read answers and events."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.n = 0

    def raw(self, message: Any, wait: int = 5000) -> dict | None:
        return self.page.evaluate("([m, w]) => window.send(m, w)", [message, wait])

    def send(self, command: str, args: dict | None = None, **extra: Any) -> dict:
        self.n += 1
        message = {"source": "skipbo-host", "version": 1, "id": f"m{self.n}", "command": command, **extra}
        if args is not None:
            message["args"] = args
        reply = self.raw(message)
        assert reply is not None, f"no answer to {command}"
        assert reply["id"] == message["id"] and reply["source"] == "skipbo" and reply["version"] == 1
        return reply

    def ok(self, command: str, args: dict | None = None) -> dict:
        reply = self.send(command, args)
        assert reply["type"] == "ok" and reply["command"] == command, reply
        return reply

    def error(self, command: str, args: dict | None = None, code: str = "", **extra: Any) -> dict:
        reply = self.send(command, args, **extra)
        assert reply["type"] == "error" and reply["message"], reply
        assert reply["code"] == code, reply
        return reply

    def events(self, kind: str) -> list[dict]:
        return [e for e in self.page.evaluate("window.events") if e["type"] == kind]


def seen(frame: Frame) -> dict:
    """The table and its save, to compare before and after a refused command."""
    return {"html": frame.locator("#table").evaluate("t => t.outerHTML"), "save": stored(frame, "skipbo.embed.current")}


def test_a_lesson_steers_the_game_through_commands(watched: Watched, host_dir, host, site) -> None:
    page = watched.page
    frame = open_lesson(page, host_dir, host, site, "lesson.html", players=3, seed=5)
    api = Host(page)
    state = api.ok("state")["state"]
    assert state["players"] == 3 and state["mode"] == "game" and "hand" not in state

    # a new game with URL options: the frame deals it, says newgame, and nothing of the visitor's is touched
    deal = Game.new(Rules(players=2, stock_size=5), seed=SEED)
    reply = api.ok("newgame", {"players": 2, "stock": 5, "seed": SEED, "ai": "easy", "practice": True,
                               "names": ["Ana", "Bot"]})
    assert reply["state"]["players"] == 2 and reply["state"]["names"] == ["Ana", "Bot"]
    assert reply["state"]["practice"] is True and reply["state"]["my_turn"] is True
    assert api.events("newgame")[-1]["names"] == ["Ana", "Bot"]
    assert frame.locator("#table").get_attribute("data-players") == "2"
    assert sorted(frame.locator('[data-seat="0"] [data-slot="H"]').evaluate_all(
        "els => els.map(e => e.dataset.card)")) == sorted(str(c) for c in deal.view(0).hand)

    # a hint: the move and its reason, shown on the table as the Hint button would
    hint = api.ok("hint")
    assert hint["move"] == "H1>B1" and hint["text"].startswith("Hint: Your 1 to building pile 1.")
    assert frame.locator('[data-hint="1"]').count() == 2

    # a refused command changes nothing: a move the rules refuse, a bad notation, bad options
    before = seen(frame)
    illegal = api.error("play", {"move": "H3>B1"}, "illegal-move")
    assert illegal["rule"] == "wrong-number" and "needs" in illegal["explain"]
    api.error("play", {"move": "H1>>B1"}, "bad-args")
    api.error("play", {"move": "H9>B1"}, "illegal-move")  # no 9 in this hand
    bad = api.error("newgame", {"players": 9, "ai": "genius"}, "bad-args")
    assert set(bad["args"]) == {"players", "ai"}
    api.error("step", {"to": "forward"}, "not-now")  # no replay open
    api.error("undo", None, "not-now")  # nothing of this turn to take back
    api.error("highlight", {"piles": ["H9"]}, "no-such-pile")
    api.error("highlight", {"piles": ["2:S"]}, "no-such-pile")  # a 2-player table has no seat 2
    api.error("dance", None, "unknown-command")
    api.error("play", {"move": "H1>B1"}, "malformed", version=2)
    assert seen(frame) == before

    # a demo move goes the way of a person's move: the move event, the announcement, the save
    reply = api.ok("play", {"move": "H1>B1"})
    assert reply["move"] == "H1>B1" and reply["card"] == "1" and reply["state"]["next"][0] == 2
    assert api.events("move")[-1]["move"] == "H1>B1"
    expect(frame.locator("#announce p").last).to_have_text("Ana played 1 from the hand onto building pile 1.")
    assert stored(frame, "skipbo.embed.current")["moves"] == ["H1>B1"]
    undone = api.ok("undo")
    assert undone["move"] == "H1>B1" and undone["state"]["moves"] == 0 and api.events("undo")
    assert stored(frame, "skipbo.embed.current")["moves"] == []

    # highlight piles with a caption; an empty highlight clears it
    lit = api.ok("highlight", {"piles": ["S", "B1", "1:D1", "H5"], "caption": "<b>Your stock</b> is the goal"})
    assert lit["piles"] == ["S", "B1", "1:D1", "H5"]
    assert frame.locator('[data-highlight="1"]').count() == 4
    caption = frame.locator("#caption")
    expect(caption).to_be_visible()
    assert caption.inner_text() == "<b>Your stock</b> is the goal" and caption.locator("b").count() == 0
    api.ok("highlight", {})
    expect(caption).to_be_hidden()
    assert frame.locator("[data-highlight]").count() == 0

    # language and speed
    assert api.ok("lang", {"lang": "de"})["lang"] == "de"
    expect(frame.locator("html")).to_have_attribute("lang", "de")
    assert api.ok("speed", {"speed": 3})["speed"] == 3
    assert api.ok("state")["state"]["speed"] == 3
    api.error("speed", {"speed": 7}, "bad-args")
    api.ok("lang", {"lang": "en"})
    api.ok("speed", {"speed": 0})

    # a record in the replay viewer, stepped from outside; the game waits meanwhile
    record = json.loads(RECORD.read_text(encoding="utf-8"))
    opened = api.ok("record", {"record": record})
    assert opened["step"] == 0 and opened["last"] == len(record["moves"]) and opened["move"] is None
    assert api.ok("state")["state"]["mode"] == "replay"
    view = frame.locator('[data-replay="1"]')
    assert api.ok("step", {"to": "forward"})["move"] == record["moves"][0]
    expect(view).to_have_attribute("data-step", "1")
    assert api.ok("step", {"to": 40})["step"] == 40
    expect(view).to_have_attribute("data-step", "40")
    turn = api.ok("step", {"turn": 3})
    assert turn["turn"] == 3 and 0 < turn["step"] < 40
    assert api.ok("step", {"to": "end"})["over"] is True
    assert api.ok("step", {"to": 10 ** 6})["step"] == len(record["moves"])  # clamped to the record
    api.error("play", {"move": "H1>B1"}, "not-now")  # the game waits while the viewer is open
    broken = dict(record, moves=record["moves"][:3] + ["H1>B9"])
    api.error("record", {"record": broken}, "bad-record")
    expect(view).to_have_attribute("data-step", str(len(record["moves"])))  # the open replay stays
    api.ok("close")
    expect(view).to_have_count(0)

    # the move that ends the turn: then it is the computer's, and a demo move must wait
    api.ok("speed", {"speed": 3})
    api.ok("play", {"move": "H12>D1"})
    assert api.error("play", {"move": "H1>B1"}, "not-now")["to_move"] == 1
    api.error("hint", None, "not-now")


def test_messages_that_are_not_commands_are_ignored_and_big_ones_refused(watched: Watched, host_dir, host,
                                                                        site) -> None:
    page = watched.page
    frame = open_lesson(page, host_dir, host, site, "noise.html", players=2, seed=3)
    api = Host(page)
    before = seen(frame)
    for noise in ("hello", 42, None, [1, 2], {"source": "skipbo", "type": "move"}, {"command": "newgame"}):
        assert api.raw(noise, wait=400) is None  # not for the game: no answer at all
    big = {"source": "skipbo-host", "version": 1, "id": 99, "command": "highlight",
           "args": {"caption": "x" * 1_100_000}}
    reply = api.raw(big)
    assert reply["type"] == "error" and reply["code"] == "too-large" and reply["id"] == 99
    cyclic = page.evaluate("""() => window.send({source: "skipbo-host", version: 1, id: "c", command: "state",
                                                 args: {n: 10n}})""")  # a BigInt: not JSON
    assert cyclic["code"] == "malformed" and cyclic["id"] == "c"
    assert seen(frame) == before


def test_host_option_locks_the_frame_to_one_origin(watched: Watched, host_dir, host, site) -> None:
    page = watched.page
    open_lesson(page, host_dir, host, site, "stranger.html", players=2, seed=3, host="https://teach.example")
    api = Host(page)
    # commands from another origin are ignored, and the game's messages go to teach.example only
    assert api.raw({"source": "skipbo-host", "version": 1, "id": 1, "command": "state"}, wait=800) is None
    assert page.evaluate("window.events") == []
    open_lesson(page, host_dir, host, site, "friend.html", players=2, seed=3, host=origin(host.url))
    assert Host(page).ok("state")["state"]["players"] == 2
    assert [e["type"] for e in page.evaluate("window.events")][:1] == ["ready"]
    # a host= that cannot be read: a notice, and nobody may steer
    frame = open_lesson(page, host_dir, host, site, "typo.html", players=2, seed=3, host=origin(host.url) + "/x")
    assert Host(page).raw({"source": "skipbo-host", "version": 1, "id": 1, "command": "state"}, wait=800) is None
    expect(frame.locator('[data-notice="notice.bad_url"]')).to_contain_text("host")

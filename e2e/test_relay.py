"""web/mqtt.mjs and web/room.mjs, the room codes' relay (issue 38, part 3), against real
mosquitto brokers in the tests' network namespace (e2e/broker.py): two pages that know one
code hear each other through every broker that is up, one down broker stops nothing, the
words are sealed with the code's key, and anything else published on the room's topic
(garbage, a packet too big, another code's message, bytes that are not UTF-8) is dropped."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Page

from e2e.broker import Broker, forgive_refused, free_port
from e2e.rtc_support import RtcPages, module_page
from tools.server import SiteServer

pytestmark = pytest.mark.netns

# In the page: room.mjs as R, mqtt.mjs as M, and join(code, relays): the room as window.room,
# each message it hears kept in room.got.
LOAD = """async () => {
  window.R = await import("./room.mjs");
  window.M = await import("./mqtt.mjs");
  window.join = async (code, relays) => {
    window.room = await R.openRoom(code, {relays, retryMs: [200]});
    room.got = [];
    room.addEventListener("message", (e) => room.got.push(e.data));
    return await room.whenUp(10000);
  };
}"""
CODE, OTHER = "7K3QX9MD", "7K3QX9ME"
TIMEOUT = 10_000


@pytest.fixture(scope="module")
def relay_site(tmp_path_factory) -> Iterator[SiteServer]:
    """A page with the game page's Content-Security-Policy, beside dist/'s room.mjs and mqtt.mjs."""
    folder: Path = tmp_path_factory.mktemp("relay")
    module_page(folder, "room.mjs", "mqtt.mjs")
    with SiteServer(folder) as server:
        yield server


@pytest.fixture
def brokers() -> Iterator[list[Broker]]:
    started = [Broker(), Broker()]
    yield started
    for broker in started:
        broker.stop()


def device(rtc_pages: RtcPages, site: SiteServer) -> Page:
    page = rtc_pages.new_page()
    page.goto(site.url)
    page.evaluate(LOAD)
    return page


def test_two_pages_of_one_code_hear_each_other_through_every_broker_up(rtc_pages: RtcPages, relay_site: SiteServer,
                                                                       brokers: list[Broker]) -> None:
    down = f"ws://127.0.0.1:{free_port()}/mqtt"  # nobody listens there
    relays = [down, *(b.url for b in brokers)]
    host, guest = device(rtc_pages, relay_site), device(rtc_pages, relay_site)
    assert host.evaluate("([code, relays]) => join(code, relays)", [CODE, relays])
    assert guest.evaluate("([code, relays]) => join(code, relays)", [CODE, relays])
    host.wait_for_function("room.up === 2", timeout=TIMEOUT)
    guest.wait_for_function("room.up === 2", timeout=TIMEOUT)
    stranger = device(rtc_pages, relay_site)  # another code, on the same brokers
    assert stranger.evaluate("([code, relays]) => join(code, relays)", [OTHER, relays])

    words = [f"hello {i} Ærø ✓" for i in range(20)]
    assert host.evaluate("async (words) => { let n = 0; for (const w of words) n += await room.send(w); return n; }",
                         words) == 40  # each message went to both brokers up
    guest.wait_for_function("room.got.length >= 20", timeout=TIMEOUT)
    assert guest.evaluate("room.got") == words  # once each, though two brokers brought it
    assert guest.evaluate("room.send('and back')") == 2
    host.wait_for_function("room.got.length === 1", timeout=TIMEOUT)
    assert host.evaluate("room.got") == ["and back"]  # never its own

    brokers[0].stop()  # a broker goes down: the other carries on
    host.wait_for_function("room.up === 1", timeout=TIMEOUT)
    guest.wait_for_function("room.up === 1", timeout=TIMEOUT)
    assert host.evaluate("room.send('still here')") == 1
    guest.wait_for_function("room.got.at(-1) === 'still here'", timeout=TIMEOUT)

    page = stranger.evaluate("() => new Promise((r) => setTimeout(() => r([room.got, room.dropped]), 300))")
    assert page == [[], 0]  # another code's room: another topic, nothing heard
    for p in (host, guest, stranger):
        p.evaluate("room.close()")
    forgive_refused(rtc_pages.errors, [down, brokers[0].url])


# Publishes on the room's topic what no page of the code sealed: each entry's text raw, then a
# 100,000-byte message, then bytes that are not UTF-8, then a message sealed with another
# code's key, then one good message.
HOSTILE = """async ([code, other, url, texts]) => {
  const {key, topic} = await R.deriveRoom(code);
  const wrong = await R.deriveRoom(other);
  const raw = new M.Broker(url);
  await new Promise((resolve) => raw.addEventListener("up", resolve, {once: true}));
  for (const text of texts) raw.publish(topic, text);
  raw.publish(topic, "A".repeat(100000));
  const bytes = new TextEncoder().encode(topic);
  raw.ws.send(new Uint8Array([0x30, 2 + bytes.length + 2, 0, bytes.length, ...bytes, 0xff, 0xfe]));
  const sealAs = async (k, text) => {
    const iv = crypto.getRandomValues(new Uint8Array(12));
    const data = {name: "AES-GCM", iv, additionalData: new TextEncoder().encode(topic)};
    const body = new Uint8Array(await crypto.subtle.encrypt(data, k, new TextEncoder().encode(text)));
    const b64 = (b) => btoa(String.fromCharCode(...b)).replace(/\\+/g, "-").replace(/\\//g, "_").replace(/=+$/, "");
    return `${b64(iv)}.${b64(body)}`;
  };
  raw.publish(topic, await sealAs(wrong.key, '{"kind":"knock"}'));
  const good = await sealAs(key, "the real one");
  raw.publish(topic, good);
  raw.publish(topic, good);  // the same message again: heard once
  return true;
}"""


def test_what_the_code_did_not_seal_is_dropped(rtc_pages: RtcPages, relay_site: SiteServer,
                                                 brokers: list[Broker]) -> None:
    guest = device(rtc_pages, relay_site)
    assert guest.evaluate("([code, relays]) => join(code, relays)", [CODE, [brokers[1].url]])
    texts = ["", "garbage", "<script>alert(1)</script>", '{"v":1,"kind":"knock"}', "A" * 16 + ".B", "x" * 5_000]
    hostile = device(rtc_pages, relay_site)
    assert hostile.evaluate(HOSTILE, [CODE, OTHER, brokers[1].url, texts])
    guest.wait_for_function("room.got.length === 1", timeout=TIMEOUT)
    guest.wait_for_timeout(300)
    assert guest.evaluate("room.got") == ["the real one"]
    assert guest.evaluate("room.dropped") >= len(texts) + 1  # and another code's message
    assert guest.evaluate("room.up") == 1  # the page's connection is still there


def test_a_bad_code_or_relay_connects_nothing(rtc_pages: RtcPages, relay_site: SiteServer) -> None:
    page = device(rtc_pages, relay_site)
    sockets: list[str] = []
    page.on("websocket", lambda ws: sockets.append(ws.url))
    code_of = """async ([code, relays]) => {
      try { await R.openRoom(code, {relays}); return "ok"; } catch (e) { return e.code; }
    }"""
    good = "ws://127.0.0.1:9/mqtt"
    assert page.evaluate(code_of, ["7K3QX9M", [good]]) == "bad-code"
    assert page.evaluate(code_of, ["7K3QX9MU", [good]]) == "bad-code"  # U is not one of the code's letters
    for relays in (["http://127.0.0.1:9/"], ["ws://example.org/mqtt"], ["wss://user:pw@example.org/"],
                   ["not a url"], [good] * 9):
        assert page.evaluate(code_of, [CODE, relays]) == "bad-relay", relays
    assert sockets == []  # no broker was tried

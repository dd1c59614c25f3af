"""web/link.mjs, the link path's transport (issue 38): two devices (two browser contexts)
in the tests' network namespace. The host's invitation link, the guest's reply link, the
host accepts it, and strings go both ways over a real data channel; a bad link gives its
documented error code and connects nothing."""

from __future__ import annotations

import base64
import json
import re
import zlib
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Page

from e2e import netns
from e2e.rtc_support import MDNS_NAME, RtcPages, module_page
from e2e.support import DIST
from tools.server import SiteServer

pytestmark = pytest.mark.netns

# In the page: link.mjs as L, and watch(link), which keeps the link's events and messages.
LOAD = """async () => {
  window.L = await import("./link.mjs");
  window.watch = (link) => {
    link.events = [];
    link.got = [];
    for (const type of ["open", "close", "error"]) {
      link.addEventListener(type, (e) => link.events.push(type === "error" ? `error:${e.detail.code}` : type));
    }
    link.addEventListener("message", (e) => link.got.push(e.data));
    return link;
  };
}"""
# The code of the LinkError that an async call throws, or "ok".
CODE_OF = """async (call) => {
  try { await call(); return "ok"; }
  catch (e) { return e instanceof L.LinkError ? e.code : `not a LinkError: ${e}`; }
}"""
INVITE = "async (meta) => { window.inv = watch(await L.invite({meta})); return inv.link; }"
ANSWER = "async (link) => { window.rep = watch(await L.answer(link, {meta: 'Bo'})); return rep.link; }"


@pytest.fixture(scope="module")
def link_site(tmp_path_factory) -> Iterator[SiteServer]:
    """A page holding nothing but the Content-Security-Policy of the game's page, beside
    dist/'s link.mjs (as shipped)."""
    folder: Path = tmp_path_factory.mktemp("link")
    module_page(folder, "link.mjs")
    with SiteServer(folder) as server:
        yield server


def device(rtc_pages: RtcPages, site: SiteServer) -> Page:
    page = rtc_pages.new_page()
    page.goto(site.url)
    page.evaluate(LOAD)
    return page


def code_of(page: Page, call: str, arg: object = None) -> str:
    """The error code of ``call`` (JavaScript: an async function of ``arg``), or "ok"."""
    page.evaluate(f"(arg) => {{ window.arg = arg; window.call = {call}; }}", arg)
    return page.evaluate(f"() => ({CODE_OF})(() => call(arg))")


def packed(obj: object, deflated: bool = False) -> str:
    """``obj`` as link.mjs packs it: JSON, maybe deflate-raw, base64url, a format letter."""
    data = json.dumps(obj).encode()
    if deflated:
        squeeze = zlib.compressobj(9, zlib.DEFLATED, -15)
        data = squeeze.compress(data) + squeeze.flush()
    return ("z" if deflated else "p") + base64.urlsafe_b64encode(data).decode().rstrip("=")


def connect(host: Page, guest: Page) -> tuple[str, str]:
    invitation = host.evaluate(INVITE, "Ann")
    reply = guest.evaluate(ANSWER, invitation)
    host.evaluate("async (reply) => { await inv.accept(reply); }", reply)
    host.wait_for_function("inv.state === 'open'", timeout=10_000)
    guest.wait_for_function("rep.state === 'open'", timeout=10_000)
    return invitation, reply


def test_invitation_reply_then_strings_both_ways_in_order(rtc_pages: RtcPages, link_site: SiteServer) -> None:
    host, guest = device(rtc_pages, link_site), device(rtc_pages, link_site)
    invitation, reply = connect(host, guest)
    assert re.fullmatch(re.escape(link_site.url) + r"#join=[pz][A-Za-z0-9_-]+", invitation)
    assert re.fullmatch(re.escape(link_site.url) + r"#reply=[pz][A-Za-z0-9_-]+", reply)
    print(f"invitation {len(invitation)} characters, reply {len(reply)} (link.mjs measured)")
    assert '"link.mjs": "sha256-' in (DIST / "sw.js").read_text(), "not kept for offline use"
    assert (host.evaluate("inv.guestMeta"), guest.evaluate("rep.hostMeta")) == ("Bo", "Ann")
    words = [f"move {i} Ærø ✓ 😀" for i in range(200)]
    host.evaluate("(words) => words.forEach((w) => inv.send(w))", words)
    guest.evaluate("(words) => words.forEach((w) => rep.send(w.toUpperCase()))", words)
    guest.wait_for_function("rep.got.length === 200", timeout=10_000)
    host.wait_for_function("inv.got.length === 200", timeout=10_000)
    assert guest.evaluate("rep.got") == words
    assert host.evaluate("inv.got") == [w.upper() for w in words]
    assert host.evaluate("inv.pc.sctp.maxMessageSize") == 262_144
    assert code_of(host, "(n) => inv.send('x'.repeat(n))", 262_145) == "too-long"
    host.evaluate("inv.close()")
    guest.wait_for_function("rep.state === 'closed'", timeout=10_000)
    assert host.evaluate("inv.events") == ["open", "close"]
    assert guest.evaluate("rep.events") == ["open", "close"]
    assert code_of(host, "(text) => inv.send(text)", "too late") == "closed"


def test_bad_invitations_give_their_code_and_connect_nothing(rtc_pages: RtcPages, link_site: SiteServer) -> None:
    host, guest = device(rtc_pages, link_site), device(rtc_pages, link_site)
    invitation = host.evaluate(INVITE, "Ann")
    base, good = invitation.split("#join=")
    fields = json.loads(zlib.decompress(base64.urlsafe_b64decode(good[1:] + "=="), -15)) if good[0] == "z" \
        else json.loads(base64.urlsafe_b64decode(good[1:] + "=="))
    bomb = packed(["j", "x" * 200_000], deflated=True)
    bad = {
        "truncated": (invitation[: len(base) + 6 + len(good) // 2], "malformed"),
        "garbage": (f"{base}#join=zz!!%3Cb%3E", "malformed"),
        "not a link": ("hello, want to play?", "malformed"),
        "empty": ("", "malformed"),
        "oversized": (f"{base}#join=p{'A' * 4100}", "too-long"),
        "pasted too long": (invitation + " " * 16_384, "too-long"),
        "inflates too far": (f"{base}#join={bomb}", "too-long"),
        "fields wrong": (f"{base}#join={packed(['j', 'short', *fields[2:]])}", "malformed"),
        "address wrong": (f"{base}#join={packed([*fields[:-1], ['<b>x</b> 1 1 h']])}", "malformed"),
        "no address": (f"{base}#join={packed([*fields[:-1], []])}", "malformed"),
        "too many addresses": (f"{base}#join={packed([*fields[:-1], fields[-1] * 17])}", "too-long"),
        "named a reply": (f"{base}#reply={good}", "malformed"),
        "a reply's content": (f"{base}#join={packed(['r', *fields[1:]])}", "malformed"),
        "a reply": (f"{base}#reply={packed(['r', *fields[1:]])}", "wrong-kind"),
    }
    got = {name: code_of(guest, "(text) => L.answer(text)", text) for name, (text, _) in bad.items()}
    assert got == {name: code for name, (_, code) in bad.items()}
    assert guest.evaluate("window.__pcCount") == 0, "a bad invitation made a connection"
    assert code_of(guest, "(text) => L.answer(text, {meta: 'x'.repeat(513)})", invitation) == "too-long"
    assert guest.evaluate("window.__pcCount") == 0
    assert code_of(guest, "(text) => L.answer(text, {iceServers: [{urls: 'http://x'}]})", invitation) \
        == "bad-ice-servers"
    assert guest.evaluate("window.__pcCount") == 0
    reply = guest.evaluate(ANSWER, f"Here it is: {invitation}. From Ann")  # a pasted text holds the link
    host.evaluate("async (reply) => { await inv.accept(reply); }", reply)
    guest.wait_for_function("rep.state === 'open'", timeout=10_000)


def test_bad_replies_change_nothing_and_the_right_one_connects(rtc_pages: RtcPages, link_site: SiteServer) -> None:
    host, guest = device(rtc_pages, link_site), device(rtc_pages, link_site)
    invitation = host.evaluate(INVITE, "Ann")
    other = host.evaluate("async () => (await L.invite()).link")
    reply = guest.evaluate(ANSWER, invitation)
    reply_to_other = guest.evaluate("async (link) => (await L.answer(link)).link", other)
    base, good = reply.split("#reply=")
    bad = {
        "truncated": (reply[:-len(good) // 2], "malformed"),
        "garbage": (f"{base}#reply=p{'%' * 10}", "malformed"),
        "oversized": (f"{base}#reply=z{'A' * 4096}", "too-long"),
        "inflates too far": (f"{base}#reply={packed(['r', ' ' * 100_000], deflated=True)}", "too-long"),
        "the invitation": (invitation, "wrong-kind"),
        "another invitation's reply": (reply_to_other, "not-this-invitation"),
    }
    got = {name: code_of(host, "(text) => inv.accept(text)", text) for name, (text, _) in bad.items()}
    assert got == {name: code for name, (_, code) in bad.items()}
    assert host.evaluate("[inv.state, inv.pc.signalingState, inv.events]") == ["connecting", "have-local-offer", []]
    host.evaluate("async (reply) => { await inv.accept(reply); }", reply)
    host.wait_for_function("inv.state === 'open'", timeout=10_000)
    assert code_of(host, "(text) => inv.accept(text)", reply) == "used"
    guest.evaluate("rep.send('still here')")
    host.wait_for_function("inv.got.length === 1", timeout=10_000)
    assert host.evaluate("inv.events") == ["open"]


def test_a_page_that_goes_closes_its_links_and_the_other_side_hears_it_at_once(
        rtc_pages: RtcPages, link_site: SiteServer) -> None:
    host, guest = device(rtc_pages, link_site), device(rtc_pages, link_site)
    connect(host, guest)
    guest.close()  # its tab closed: without a word, the host would wait for the browser to give up (about 20 s)
    host.wait_for_function("inv.state === 'closed'", timeout=3_000)
    assert host.evaluate("inv.events") == ["open", "close"]


def test_a_guest_gone_before_the_host_accepts_is_no_path(rtc_pages: RtcPages, link_site: SiteServer) -> None:
    host, guest = device(rtc_pages, link_site), device(rtc_pages, link_site)
    invitation = host.evaluate("async () => (window.inv = watch(await L.invite({connectMs: 3000}))).link")
    reply = guest.evaluate(ANSWER, invitation)
    guest.context.close()
    host.evaluate("async (reply) => { await inv.accept(reply); }", reply)
    host.wait_for_function("inv.state === 'closed'", timeout=15_000)
    assert host.evaluate("inv.events") == ["error:no-path", "close"]


def test_addresses_behind_mdns_names_connect_too(browser_type, browser_type_launch_args, link_site) -> None:
    """As a phone's browser does by default: its addresses are random .local names, which
    the other browser resolves by multicast. (The other tests' browser shows its addresses,
    so that each can be checked, and resolves no name but 127.0.0.1: not even these.)"""
    flags = [a for a in browser_type_launch_args["args"]
             if not a.startswith(("--host-resolver-rules", "--disable-features=WebRtcHideLocalIpsWithMdns"))]
    browser = browser_type.launch(**{**browser_type_launch_args, "args": flags})
    pages = RtcPages(browser, own=netns.check_namespace(), mdns_names=True)
    try:
        host, guest = device(pages, link_site), device(pages, link_site)
        invitation, reply = connect(host, guest)
        for link, page in ((invitation, guest), (reply, host)):
            addresses = page.evaluate("async (l) => (await L.readLink(l)).addresses", link)
            assert addresses and all(MDNS_NAME.fullmatch(a) for a in addresses), addresses
        print(f"with mDNS names: invitation {len(invitation)} characters, reply {len(reply)}")
        guest.evaluate("rep.send('hello')")
        host.wait_for_function("inv.got.length === 1", timeout=10_000)
        assert pages.candidates and not pages.outside()
        pages.check()
    finally:
        pages.close()
        browser.close()

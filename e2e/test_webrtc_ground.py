"""The ground the WebRTC tests stand on: a network namespace of their own (e2e/netns.py)
where two pages connect by a data channel, and where a candidate gathered outside the
namespace's addresses fails the test."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from e2e import netns
from e2e.rtc_support import RtcPages, candidate_address

# One side of a plain connection (no ICE server, no link.mjs: the namespace alone): given
# no offer it makes one, given an offer it answers; returns its SDP once gathered.
SIDE = """async (offer) => {
  window.pc = new RTCPeerConnection({iceServers: []});
  window.got = [];
  window.dc = pc.createDataChannel("g", {negotiated: true, id: 0});
  dc.onmessage = (e) => got.push(e.data);
  dc.onopen = () => dc.send(offer ? "from B" : "from A");
  if (offer) await pc.setRemoteDescription({type: "offer", sdp: offer});
  await pc.setLocalDescription(await (offer ? pc.createAnswer() : pc.createOffer()));
  await new Promise((r) => {
    const c = () => pc.iceGatheringState === "complete" && r();
    pc.onicegatheringstatechange = c;
    c();
  });
  return pc.localDescription.sdp;
}"""


@pytest.mark.netns
def test_namespace_holds_lo_and_a_veth_pair_only() -> None:
    found = netns.addresses()
    assert set(found) == {"lo", "v0", "v1"}
    assert {"127.0.0.1", netns.V0} <= found["lo"] | found["v0"]
    assert netns.V1 in found["v1"]


@pytest.mark.netns
def test_two_pages_connect_and_gather_only_the_namespaces_addresses(rtc_pages: RtcPages, site) -> None:
    a, b = rtc_pages.new_page(), rtc_pages.new_page()
    for page in (a, b):
        page.goto(site.url + "rules.html")
    offer = a.evaluate(SIDE, None)
    answer = b.evaluate(SIDE, offer)
    a.evaluate("async (sdp) => { await pc.setRemoteDescription({type: 'answer', sdp}); }", answer)
    a.wait_for_function("got.length === 1", timeout=10_000)
    b.wait_for_function("got.length === 1", timeout=10_000)
    assert (a.evaluate("got"), b.evaluate("got")) == (["from B"], ["from A"])
    assert rtc_pages.candidates, "no candidate gathered"
    assert netns.V0 in {candidate_address(c) for c in rtc_pages.candidates}


def test_an_address_outside_the_namespace_is_not_its_own() -> None:
    own = {"127.0.0.1", "::1", netns.V0, netns.V1, "fe80::1"}
    assert netns.is_own("10.211.0.1", own)
    assert netns.is_own("FE80:0:0:0:0:0:0:1", own)
    for outside in ("192.168.1.20", "10.211.0.3", "2001:db8::1", "0e5c7f1a-1b2c.local", "not an address"):
        assert not netns.is_own(outside, own), outside


def test_a_candidate_outside_fails_the_check() -> None:
    pages = RtcPages(browser=None, own={"127.0.0.1", netns.V0})  # type: ignore[arg-type]
    pages.candidates.append("candidate:1 1 udp 2113937151 10.211.0.1 40000 typ host generation 0")
    pages.check()
    pages.candidates.append("candidate:2 1 udp 2113937151 192.168.1.20 40001 typ host generation 0")
    with pytest.raises(AssertionError, match="outside the namespace"):
        pages.check()


def test_where_no_namespace_can_be_made_the_tests_say_why(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(netns, "SETUP", "echo 'RTNETLINK answers: Operation not permitted' >&2; exit 2")
    for root, result in ((False, "skipped"), (True, "failed")):
        monkeypatch.setattr(netns, "is_root", lambda root=root: root)
        netns.way_in.cache_clear()
        outcome = netns.run_inside(["e2e/test_x.py::test_y"], Path("."))["e2e/test_x.py::test_y"]
        assert outcome.result == result
        assert "veth pair failed here: RTNETLINK answers: Operation not permitted" in outcome.text
    netns.way_in.cache_clear()


def test_a_test_after_the_namespaces_tests_in_another_folder_sets_up() -> None:
    """The namespace's tests run by a protocol of their own; the item after them, in another
    folder, must find what they did not share torn down (a full run in random order met
    "previous item was not torn down properly" here)."""
    root = Path(__file__).resolve().parents[1]
    run = subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "no:randomly", "-q",
         "e2e/test_webrtc_ground.py::test_an_address_outside_the_namespace_is_not_its_own",
         "e2e/test_webrtc_ground.py::test_namespace_holds_lo_and_a_veth_pair_only",
         "tests/test_errors.py"],
        cwd=root, capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stdout[-3000:]
    assert "not torn down" not in run.stdout

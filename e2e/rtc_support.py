"""Pages for the WebRTC tests, watched: every ICE candidate any of their connections
gathers, every request, every console error. Used inside the tests' network namespace
(e2e/netns.py), where a candidate outside the namespace's addresses fails the test."""

from __future__ import annotations

import json
import re
import shutil
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from playwright.sync_api import Browser, BrowserContext, Page

from e2e.netns import is_own
from e2e.support import BOOT_TIMEOUT_MS, DIST, READY
from tools.csp import policy
from tools.server import HOST

MDNS_NAME = re.compile(r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.local")

# Before any script of the page: each RTCPeerConnection reports the candidates it
# gathers (and counts itself), so no connection of the page goes unwatched.
WATCH_SCRIPT = """(() => {
  const Native = window.RTCPeerConnection;
  if (!Native) return;
  window.__pcCount = 0;
  window.RTCPeerConnection = class extends Native {
    constructor(...args) {
      super(...args);
      window.__pcCount += 1;
      this.addEventListener("icecandidate", (e) => {
        if (e.candidate && e.candidate.candidate) window.skipboCandidate(e.candidate.candidate);
      });
    }
  };
})();"""


# A device's own preferences, as its page saved them on an earlier visit: each device keeps
# its own language and speed, and no link brings the host's (these: English, no waiting).
OWN_PREFS = {"lang": "en", "speed": 0}
PREFS_SCRIPT = """(() => {
  try {
    if (location.protocol.startsWith("http") && localStorage.getItem("skipbo.settings") === null)
      localStorage.setItem("skipbo.settings", %s);
  } catch (e) { /* no storage here */ }
})();"""
MODULE_PAGE = """<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>{title}</title>
</head>
<body></body>
</html>
"""


def module_page(folder: Path, *modules: str) -> None:
    """An empty page in ``folder`` under the game page's Content-Security-Policy, beside
    dist/'s ``modules`` (as shipped), for a test to import them."""
    for name in modules:
        shutil.copy2(DIST / name, folder / name)
    shutil.copy2(DIST / "favicon.svg", folder / "favicon.ico")  # what Chromium asks for
    page = MODULE_PAGE.format(title=", ".join(modules))
    meta = f'<meta http-equiv="Content-Security-Policy" content="{policy("index.html", page)}">\n'
    (folder / "index.html").write_text(page.replace('<meta charset="utf-8">\n', '<meta charset="utf-8">\n' + meta))


def candidate_address(candidate: str) -> str:
    """The address of an ICE candidate line (``candidate:F 1 udp P ADDRESS PORT typ T ...``)."""
    parts = candidate.removeprefix("a=").split()
    return parts[4] if len(parts) > 4 else candidate


@dataclass
class RtcPages:
    """Browser contexts (one per device) whose pages are watched; ``check()`` after the test."""

    browser: Browser
    own: set[str]
    mdns_names: bool = False  # a browser that hides its addresses behind mDNS names
    candidates: list[str] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    requests: list[str] = field(default_factory=list)
    contexts: list[BrowserContext] = field(default_factory=list)

    def new_page(self, prefs: dict[str, Any] | None = OWN_PREFS, **device: Any) -> Page:
        """A page in a context of its own, as on another device (``device``: Playwright's
        context options, such as a phone's viewport and pixel ratio), whose saved settings
        hold ``prefs`` (language, speed) when it first opens the game (``None``: none)."""
        context = self.browser.new_context(service_workers="block", **device)
        context.expose_function("skipboCandidate", lambda c: self.candidates.append(c))
        context.add_init_script(WATCH_SCRIPT)
        if prefs is not None:
            context.add_init_script(PREFS_SCRIPT % json.dumps(json.dumps({"version": 1, **prefs})))
        self.contexts.append(context)
        page = context.new_page()
        page.on("console", lambda msg: self.errors.append(msg.text) if msg.type == "error" else None)
        page.on("pageerror", lambda exc: self.errors.append(f"uncaught: {exc}"))
        page.on("request", lambda req: self.requests.append(req.url))
        return page

    def outside(self) -> list[str]:
        """Candidates gathered with an address that is not the namespace's. With
        ``mdns_names``, a random ``<uuid>.local`` name is not an address given away: it
        resolves only by multicast on the namespace's own links."""
        hidden = (lambda a: MDNS_NAME.fullmatch(a) is not None) if self.mdns_names else (lambda a: False)
        return [c for c in self.candidates if not (is_own(a := candidate_address(c), self.own) or hidden(a))]

    def check(self) -> None:
        """No candidate outside the namespace, no request off 127.0.0.1, no console error."""
        outside = self.outside()
        assert outside == [], f"candidates outside the namespace's addresses {sorted(self.own)}: {outside}"
        off = [u for u in self.requests if urlsplit(u).scheme in ("http", "https") and urlsplit(u).hostname != HOST]
        assert off == [], f"requests off 127.0.0.1: {off}"
        assert self.errors == [], f"browser console errors: {self.errors}"

    def close(self) -> None:
        for context in self.contexts:
            context.close()


def join_by_link(guest: Page, host: Page, seat: int, timeout: float = 20_000, init_script: str | None = None,
                 paste: bool = False, joining: str = "joining") -> Page | None:
    """The person at ``guest`` (a page of another context) takes ``seat`` of ``host``'s
    table by link: it opens the seat's invitation, and the host opens its reply in a new
    tab of its own browser (returned, open), or with ``paste`` pastes it into the
    invitation's box and presses Connect. Waits until both tables show the seat taken.
    ``joining``: words of the guest's heading in the guest's own language."""
    invitation = host.locator(f'[data-pairing="invite"][data-seat="{seat}"] a')
    invitation.wait_for(timeout=timeout)
    if init_script is not None:
        guest.context.add_init_script(init_script)
    guest.goto(invitation.get_attribute("href"))
    guest.wait_for_selector(READY, timeout=BOOT_TIMEOUT_MS)
    reply = guest.locator('[data-pairing="reply"] a')
    reply.wait_for(timeout=timeout)
    assert joining in guest.locator("#pairing h2").inner_text()  # whose table
    tab = None
    if paste:
        invite = host.locator(f'[data-pairing="invite"][data-seat="{seat}"]')
        invite.locator('input[name="reply"]').fill(reply.get_attribute("href"))
        invite.locator('[data-action="pair-accept"]').click()
    else:
        tab = host.context.new_page()  # the host opens the reply: a new tab of its browser
        tab.goto(reply.get_attribute("href"))
        tab.wait_for_selector('#pairing:has-text("went to the tab that holds the game")', timeout=BOOT_TIMEOUT_MS)
    host.wait_for_selector(f'[data-seat="{seat}"][data-link="connected"]', timeout=timeout)
    guest.wait_for_selector(f'#table [data-seat="{seat}"].me', timeout=timeout)
    return tab

"""The offline app: after one visit the service worker has the whole site, the game loads
and plays with the network off (also under a sub-path), the browser makes Python's
snapshot, a second visit downloads nothing big and restores Python from the snapshot (a
broken one means a normal start) and the wasm from the HTTP cache, a new build replaces the
old cache, and the web manifest makes it installable. The first visit's offline copy
downloads nothing the page has fetched already, and a browser that asks to save data gets
only what the game uses.

Each test has a fresh browser context, so it starts with no service worker.
"""

from __future__ import annotations

import json
import re
import shutil
import struct
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import BrowserContext, BrowserType, Page

import build
from e2e.support import BOOT_TIMEOUT_MS, DIST, ME, READY, Watched
from tools import icons
from tools.server import SiteServer

WORKER_TIMEOUT_MS = 60_000


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args: dict[str, Any]) -> dict[str, Any]:
    """Service workers allowed, unlike in the other browser tests (see conftest.py)."""
    return {**browser_context_args, "service_workers": "allow"}


def build_id(site: Path) -> str:
    """The build id that build.py wrote into the site's sw.js."""
    found = re.search(r'^const BUILD = "(\w+)";$', (site / "sw.js").read_text(), re.MULTILINE)
    assert found, "sw.js has no build id"
    return found.group(1)


def site_files(site: Path) -> set[str]:
    """Every file of the built site but the service worker itself, relative to the site."""
    return {p.relative_to(site).as_posix() for p in site.rglob("*") if p.is_file() and p.name != "sw.js"}


def wait_for_offline_copy(page: Page) -> dict[str, list[str]]:
    """Wait until a service worker controls the page; return each of its caches' files,
    relative to the page's directory (not the snapshot's cache: see wait_for_snapshot)."""
    page.wait_for_function("navigator.serviceWorker && navigator.serviceWorker.controller !== null",
                           timeout=WORKER_TIMEOUT_MS)
    return page.evaluate("""async () => {
      const base = new URL("./", location.href).href, found = {};
      for (const name of await caches.keys()) {
        if (!name.startsWith("skipbo ")) continue;
        const cache = await caches.open(name);
        found[name] = (await cache.keys()).map(r => r.url.slice(base.length)).sort();
      }
      return found;
    }""")


def wait_for_snapshot(page: Page) -> None:
    """Wait until the browser has made this build's snapshot (web/snapshot-worker.mjs)."""
    page.wait_for_selector("html[data-snapshot]", state="attached", timeout=WORKER_TIMEOUT_MS + 30_000)
    assert page.get_attribute("html", "data-snapshot") == "made"


def cache_names(page: Page) -> list[str]:
    """The service worker's caches (one per build)."""
    return [name for name in page.evaluate("caches.keys()") if name.startswith("skipbo ")]


def discard_first_hand_card(page: Page) -> str:
    """Click my first hand card, then my first discard pile (always legal); return the card."""
    card = page.locator(f'{ME} [data-slot="H"][data-card]').first
    value = card.get_attribute("data-card")
    card.click()
    page.locator(f'{ME} [data-slot="D1"]').first.click()
    return value


def test_after_one_visit_the_game_loads_and_plays_offline(watched: Watched, context: BrowserContext,
                                                          site_under_path: SiteServer) -> None:
    page = watched.open(site_under_path.url)
    caches = wait_for_offline_copy(page)
    assert list(caches) == [f"skipbo {site_under_path.url} {build_id(DIST)}"]
    assert set(next(iter(caches.values()))) == site_files(DIST)

    context.set_offline(True)
    page.reload()
    page.wait_for_selector(READY, timeout=BOOT_TIMEOUT_MS)
    card = discard_first_hand_card(page)
    assert page.locator(f'{ME} [data-slot="D1"]').first.get_attribute("data-top") == card
    assert page.evaluate("navigator.onLine") is False
    # the rules page, the tutorial and a puzzle, in another language, offline too
    page.goto(site_under_path.url + "rules.html")
    assert page.locator("h1").count() >= 1  # (one per language)
    page.goto(site_under_path.url + "?puzzle=2&lang=da")
    page.wait_for_selector(READY, timeout=BOOT_TIMEOUT_MS)
    page.locator('[data-action="url-game"]').click()  # a game in progress: the link asks first
    assert page.get_attribute("#puzzle", "data-puzzle") == "2"
    page.goto(site_under_path.url + "?tutorial=1&lang=de")
    page.wait_for_selector(READY, timeout=BOOT_TIMEOUT_MS)
    page.wait_for_selector("#coach:not([hidden])")
    assert page.get_attribute("html", "lang") == "de"
    # watched: no console error (a failed fetch would log one), no request off 127.0.0.1


def test_a_warm_load_restores_python_from_the_snapshot_and_plays(watched: Watched) -> None:
    with SiteServer(DIST) as server:
        page = watched.open(server.url)
        assert page.get_attribute("html", "data-python") == "fresh"
        wait_for_offline_copy(page)
        wait_for_snapshot(page)
        url, head, size = page.evaluate("""async () => {
          for (const name of await caches.keys()) {
            if (!name.startsWith("skipbo-snapshot ")) continue;
            const cache = await caches.open(name), [request] = await cache.keys();
            const bytes = new Uint8Array(await (await cache.match(request)).arrayBuffer());
            return [request.url, Array.from(bytes.slice(0, 20)), bytes.length];
          }
        }""")
        name = re.search(r'^const SNAPSHOT = "\./(python-snapshot-\w+\.bin)";$',
                         (DIST / "pyodide-boot.mjs").read_text(), re.MULTILINE).group(1)
        assert url == server.url + name
        magic, version, full, page_size, count = struct.unpack("<4sIIII", bytes(head))
        assert (magic, version, page_size) == (b"SKSN", 1, 4096)
        assert size == 20 + count * 4 + count * page_size and count * page_size < full  # zero pages left out
        page.reload()
        page.wait_for_selector(READY, timeout=BOOT_TIMEOUT_MS)
        assert page.get_attribute("html", "data-python") == "snapshot"
        # The restored Python plays: my move reaches the engine, the computer answers.
        moves = page.locator(".log [data-move]").count()
        card = discard_first_hand_card(page)
        assert page.locator(f'{ME} [data-slot="D1"]').first.get_attribute("data-top") == card
        page.wait_for_function("""moves => document.getElementById("table").dataset.turn === "0"
            && document.querySelectorAll(".log [data-move]").length >= moves + 2""",
                               arg=moves, timeout=BOOT_TIMEOUT_MS)


# A snapshot that is not one, and one that Pyodide refuses after it has set up the runtime
# (another Pyodide build's: the build id sits in bytes 16-47 of the snapshot).
BREAK_SNAPSHOT = {
    "unreadable": "bytes => bytes.fill(7, 0, 64)",
    "another build": "bytes => { const at = 20 + new Uint32Array(bytes.buffer, 16, 1)[0] * 4; "
                     "bytes.fill(255, at + 16, at + 48); }",
}


@pytest.mark.parametrize("damage", BREAK_SNAPSHOT)
def test_a_broken_snapshot_means_a_normal_start(watched: Watched, damage: str) -> None:
    warnings: list[str] = []
    watched.page.on("console", lambda msg: warnings.append(msg.text) if msg.type == "warning" else None)
    with SiteServer(DIST) as server:
        page = watched.open(server.url)
        wait_for_offline_copy(page)
        wait_for_snapshot(page)
        page.evaluate("""async breakIt => {
          const url = document.querySelector('link[rel="modulepreload"][href$="pyodide-boot.mjs"]').href;
          const name = (await (await fetch(url)).text()).match(/const SNAPSHOT = "(.+)";/)[1];
          const snapshot = new URL(name, url).href;
          for (const key of await caches.keys()) {
            const cache = await caches.open(key), hit = await cache.match(snapshot);
            if (!hit) continue;
            const bytes = new Uint8Array(await hit.arrayBuffer());
            (0, eval)(breakIt)(bytes);
            await cache.put(snapshot, new Response(bytes));
            return;
          }
          throw new Error("no snapshot in the caches");
        }""", BREAK_SNAPSHOT[damage])
        page.reload()
        page.wait_for_selector(READY, timeout=BOOT_TIMEOUT_MS)
        assert page.get_attribute("html", "data-python") == "fresh"
        assert [w for w in warnings if "without the snapshot" in w], warnings
        card = discard_first_hand_card(page)
        assert page.locator(f'{ME} [data-slot="D1"]').first.get_attribute("data-top") == card


@pytest.fixture
def recorded_site(tmp_path: Path) -> Iterator[tuple[SiteServer, Path]]:
    """A copy of the built site, served from a thread that records every request."""
    site = tmp_path / "site"
    shutil.copytree(DIST, site)
    with SiteServer(site, record=True) as server:
        yield server, site


def test_a_second_visit_downloads_nothing_big(watched: Watched,
                                              recorded_site: tuple[SiteServer, Path]) -> None:
    server, _ = recorded_site
    page = watched.open(server.url)
    wait_for_offline_copy(page)
    first = sum(s.size for s in server.served)
    assert first > 9_000_000  # the runtime came over the network once
    server.served.clear()
    page.reload()
    page.wait_for_selector(READY, timeout=BOOT_TIMEOUT_MS)
    sent = {s.path: s.size for s in server.served if s.size}
    assert sum(sent.values()) < 50_000, sent  # at most the update check of sw.js


def test_a_new_build_replaces_the_old_cache(watched: Watched,
                                            recorded_site: tuple[SiteServer, Path]) -> None:
    server, site = recorded_site
    page = watched.open(server.url)
    old = f"skipbo {server.url} {build_id(site)}"
    assert list(wait_for_offline_copy(page)) == [old]

    # The next deploy: one page changed, sw.js written again by the build.
    index = site / "index.html"
    index.write_text(index.read_text().replace("</body>", "<!-- deploy 2 --></body>"))
    shutil.copy2(build.WEB / "sw.js", site / "sw.js")
    new = f"skipbo {server.url} {build.write_service_worker(site)}"
    assert new != old

    # As on the next visit: the browser checks sw.js, installs the new build, which takes
    # over, keeping the old cache until a page of the new build has started the game
    # (issue 36: a new build that fails to start goes back to it).
    page.evaluate("navigator.serviceWorker.getRegistration().then(r => r.update())")
    deadline = time.monotonic() + WORKER_TIMEOUT_MS / 1000
    while sorted(cache_names(page)) != sorted([old, new]) or page.evaluate(
            "navigator.serviceWorker.getRegistration().then(r => !!(r.installing || r.waiting))"):
        assert time.monotonic() < deadline, f"caches {cache_names(page)}, expected {old} and {new}"
        page.wait_for_timeout(200)
    server.served.clear()
    page.reload()
    page.wait_for_selector(READY, timeout=BOOT_TIMEOUT_MS)
    assert "<!-- deploy 2 -->" in page.content()
    assert {s.path for s in server.served if s.size} <= {"/sw.js"}  # served by the new cache
    while cache_names(page) != [new]:  # it has started the game: the old cache goes
        assert time.monotonic() < deadline + 30, f"caches {cache_names(page)}, expected only {new}"
        page.wait_for_timeout(200)


def test_chromium_finds_the_site_installable(browser_type: BrowserType, browser_type_launch_args: dict,
                                             site_under_path: SiteServer, tmp_path: Path) -> None:
    # Installing needs a real profile (Chromium says "in-incognito" for the test contexts).
    context = browser_type.launch_persistent_context(tmp_path / "profile", **browser_type_launch_args)
    try:
        page = context.pages[0] if context.pages else context.new_page()
        page.goto(site_under_path.url)
        page.wait_for_selector(READY, timeout=BOOT_TIMEOUT_MS)
        cdp = context.new_cdp_session(page)
        manifest = cdp.send("Page.getAppManifest")
        assert manifest["url"] == site_under_path.url + "manifest.webmanifest"
        assert manifest["errors"] == []
        assert manifest["manifest"]["startUrl"] == manifest["manifest"]["scope"] == site_under_path.url
        assert cdp.send("Page.getInstallabilityErrors")["installabilityErrors"] == []
        theme = page.get_attribute('meta[name="theme-color"]', "content")
        assert theme == json.loads(manifest["data"])["theme_color"]
        for icon in manifest["manifest"]["icons"]:  # each is a PNG of the size it claims
            size = page.evaluate("""async src => {
              const img = new Image(); img.src = src; await img.decode();
              return img.naturalWidth + "x" + img.naturalHeight;
            }""", icon["url"])
            assert size == icon["sizes"]
    finally:
        context.close()


def test_a_later_visit_takes_the_wasm_from_the_http_cache(browser_type: BrowserType, browser_type_launch_args: dict,
                                                         tmp_path: Path) -> None:
    """Chromium keeps a wasm's compiled code beside the HTTP cache's copy, never beside a
    Cache Storage one (web/sw.js): with a real profile's disk cache, a later visit's wasm
    comes from the HTTP cache (or a 304), without a download and without a console error."""
    wasm = "vendor/pyodide/pyodide.asm.wasm"
    with SiteServer(DIST, record=True) as server:
        for visit in ("first", "later"):
            context = browser_type.launch_persistent_context(tmp_path / "profile", **browser_type_launch_args)
            try:
                page = context.pages[0] if context.pages else context.new_page()
                errors: list[str] = []
                page.on("console", lambda msg, errors=errors: errors.append(msg.text) if msg.type == "error" else None)
                server.served.clear()
                page.goto(server.url)
                page.wait_for_selector(READY, timeout=BOOT_TIMEOUT_MS)
                if visit == "first":
                    wait_for_offline_copy(page)
                    wait_for_snapshot(page)
                    continue
                assert page.get_attribute("html", "data-python") == "snapshot"
                delivery = page.evaluate("url => performance.getEntriesByName(url).map(e => e.deliveryType)",
                                         server.url + wasm)
                assert delivery in (["cache"], [""]), delivery  # "cache-storage": the worker's copy
                assert not [s for s in server.served if s.path == "/" + wasm and s.size], server.served
                assert errors == []
            finally:
                context.close()


def test_the_icons_are_drawn_by_tools_icons() -> None:
    for size in icons.SIZES:
        assert (icons.ICON_DIR / f"icon-{size}.png").read_bytes() == icons.draw(size), (
            f"web/icons/icon-{size}.png differs from what tools/icons.py draws: run python tools/icons.py")


@pytest.fixture
def gzip_site() -> Iterator[SiteServer]:
    """The built site from a server that answers as a static host behind a CDN (gzip,
    validators, max-age), recording every request."""
    with SiteServer(DIST, record=True, gzip=True) as server:
        yield server


def test_the_offline_copy_downloads_nothing_the_page_fetched(watched: Watched, gzip_site: SiteServer) -> None:
    page = watched.open(gzip_site.url)
    upto = len(gzip_site.served)
    wait_for_offline_copy(page)
    wait_for_snapshot(page)  # made from the caches: no download either
    bodies = [(s.path, s.size) for s in gzip_site.served if s.size]
    twice = sorted({path for path, _ in bodies if [p for p, _ in bodies].count(path) > 1})
    assert twice == [], "downloaded twice in one visit"
    after = {s.path: s.size for s in gzip_site.served[upto:] if s.size}
    # what the page never asked for: the rules page, the teaching example, icons, ... (small)
    assert sum(after.values()) < 150_000, after
    assert not [path for path in after if path.endswith((".wasm", ".zip", ".whl"))], after


def test_a_browser_that_saves_data_gets_only_what_the_game_uses(watched: Watched, context: BrowserContext,
                                                             gzip_site: SiteServer) -> None:
    page = watched.page
    context.new_cdp_session(page).send("Emulation.setDataSaverOverride", {"dataSaverEnabled": True})
    page.goto(gzip_site.url + "?seed=3&lang=en")
    page.wait_for_selector(READY, timeout=BOOT_TIMEOUT_MS)
    upto = len(gzip_site.served)
    kept = next(iter(wait_for_offline_copy(page).values()))
    assert page.get_attribute("html", "data-snapshot") == "skipped"  # made from caches it may not have
    after = {s.path: s.size for s in gzip_site.served[upto:] if s.size}
    assert set(after) <= {"/index.html", "/sw.js"}, after  # the page itself, and the worker
    assert "vendor/pyodide/pyodide.asm.wasm" in kept and "python-bytecode.zip" in kept
    assert "rules.html" not in kept and "teaching-example.html" not in kept

    # what the page asks for later is kept then; the game plays offline
    page.goto(gzip_site.url + "rules.html")
    page.wait_for_load_state()
    assert "rules.html" in next(iter(wait_for_offline_copy(page).values()))
    context.set_offline(True)
    page.goto(gzip_site.url + "?seed=3&lang=en")
    page.wait_for_selector(READY, timeout=BOOT_TIMEOUT_MS)
    card = discard_first_hand_card(page)
    assert page.locator(f'{ME} [data-slot="D1"]').first.get_attribute("data-top") == card


def test_a_repeat_visit_shows_no_download_progress(watched: Watched, context: BrowserContext,
                                                   gzip_site: SiteServer) -> None:
    page = watched.open(gzip_site.url)
    wait_for_offline_copy(page)
    page.add_init_script("""new MutationObserver(() => {
      if (document.querySelector(".getting-ready[data-progress]")) window.__progressShown = true;
    }).observe(document, {subtree: true, attributes: true, childList: true});""")
    cdp = context.new_cdp_session(page)
    cdp.send("Network.enable")
    cdp.send("Network.emulateNetworkConditions", {"offline": False, "latency": 150,
                                                  "downloadThroughput": 9_000_000 / 8, "uploadThroughput": 187_500})
    page.reload()
    page.wait_for_selector(READY, timeout=BOOT_TIMEOUT_MS)
    assert page.evaluate("window.__progressShown === undefined")

"""Issue 36, item 8: a broken update never bricks the game. After a good visit, a deploy
whose files are damaged (a truncated zip listed with its own hash: the install refuses it)
or whose start fails (the page's entry point raises: the worker goes back to the previous
build's files, and the page reloads once on them) leaves every later load, in every tab,
on the build that worked: no reload shows the rescue box, the saved game goes on.

Service workers are allowed here (see test_offline.py); each test has a fresh context.
"""

from __future__ import annotations

import json
import re
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import BrowserContext, Page

import build
from e2e.game_support import stored
from e2e.support import BOOT_TIMEOUT_MS, DIST, READY
from e2e.test_offline import cache_names, wait_for_offline_copy
from tools.server import SiteServer

MARK = "<!-- deploy 2 -->"
# the page notes in sessionStorage whether the rescue box was ever shown (it survives reloads)
WATCH_RESCUE = """addEventListener("DOMContentLoaded", () => {
  const box = document.getElementById("rescue");
  new MutationObserver(() => { if (!box.hidden) sessionStorage.setItem("test.rescued", box.textContent); })
    .observe(box, { attributes: true });
});"""


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args: dict[str, Any]) -> dict[str, Any]:
    """Service workers allowed, unlike in the other browser tests (see conftest.py)."""
    return {**browser_context_args, "service_workers": "allow"}


@pytest.fixture
def deploy(tmp_path: Path) -> Iterator[tuple[SiteServer, Path]]:
    """A copy of the built site, served from a thread, to deploy a second build into."""
    site = tmp_path / "site"
    shutil.copytree(DIST, site)
    with SiteServer(site) as server:
        yield server, site


def redeploy(site: Path, damage: str) -> None:
    """The next deploy: index.html marked, one file damaged, sw.js written by the build
    again over what is there (so its list names the damaged file with its own hash)."""
    index = site / "index.html"
    index.write_text(index.read_text().replace("</body>", MARK + "</body>"))
    if damage == "truncated zip":
        page_zip = site / "python-page.zip"
        page_zip.write_bytes(page_zip.read_bytes()[: page_zip.stat().st_size // 2])
    else:  # a start that fails: the entry point raises
        (site / "main.py").write_text('raise RuntimeError("a broken deploy")\n')
    shutil.copy2(build.WEB / "sw.js", site / "sw.js")
    build.write_service_worker(site)


def update(page: Page) -> str:
    """Have the browser check sw.js now (as a visit would); the new worker's end state:
    "activated", or "redundant" when its install failed."""
    return page.evaluate("""async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      await registration.update().catch(() => {});
      const worker = registration.installing || registration.waiting;
      if (!worker) return registration.active ? "unchanged" : "none";
      return await new Promise(resolve => {
        const settled = () => ["activated", "redundant"].includes(worker.state) && resolve(worker.state);
        worker.addEventListener("statechange", settled);
        settled();
      });
    }""")


def load(page: Page, url: str | None = None) -> None:
    if url is None:
        page.reload()
    else:
        page.goto(url)
    page.wait_for_selector(READY, timeout=BOOT_TIMEOUT_MS)


@pytest.mark.parametrize("damage", ["truncated zip", "start fails"])
def test_a_broken_update_keeps_the_build_that_worked(page: Page, context: BrowserContext,
                                                     deploy: tuple[SiteServer, Path], damage: str) -> None:
    server, site = deploy
    context.add_init_script(WATCH_RESCUE)
    load(page, server.url + "?seed=5&lang=en")
    game = stored(page)
    old = list(wait_for_offline_copy(page))
    load(page)  # a load under the worker: it learns that this build starts the game

    redeploy(site, damage)
    # a damaged file: the install fails (it may be over before the page looks: "unchanged")
    assert update(page) in (("redundant", "unchanged") if damage == "truncated zip" else ("activated",))
    for _ in range(3):  # (the first load of a deploy whose start fails goes back and reloads once)
        load(page)
        assert MARK not in page.content()
        assert page.evaluate("sessionStorage.getItem('test.rescued')") is None
        assert stored(page)["deck"] == game["deck"]
    other = context.new_page()  # another tab
    load(other, server.url)
    assert MARK not in other.content() and other.locator("#rescue").is_hidden()
    assert stored(other)["deck"] == game["deck"]
    if damage == "start fails":  # the previous build's files, in the cache the worker reads
        assert len(cache_names(page)) == 1
    else:
        assert cache_names(page) == old


def test_the_worker_checks_what_it_fetched() -> None:
    """The worker's list has each file's size beside its hash (what it checks the bytes against)."""
    text = (DIST / "sw.js").read_text()
    sizes = re.search(r"^const SIZES = (\{.*\});$", text, re.MULTILINE)
    assert sizes, "sw.js has no sizes"
    assert json.loads(sizes.group(1))["python-page.zip"] == (DIST / "python-page.zip").stat().st_size

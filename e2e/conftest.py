"""Fixtures for the browser tests: the built site served from a thread, a Chromium that
works here, and a page that records console errors and every request it makes."""

from __future__ import annotations

import os
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page

from e2e import netns
from e2e.rtc_support import RtcPages
from e2e.support import DIST, Watched
from tools.browser import launch_args
from tools.server import SiteServer

# Chromium's own output (its stderr, where a crashing renderer says why) goes to a file
# that a failed test quotes when its page crashed: a "Target crashed" alone tells nothing.
# Set before the Playwright driver starts, which reads both variables once.
BROWSER_LOG = Path(tempfile.gettempdir()) / f"skipbo-e2e-chromium-{os.getpid()}.log"
os.environ.setdefault("DEBUG", "pw:browser")
os.environ.setdefault("DEBUG_FILE", str(BROWSER_LOG))
HERE = Path(__file__).resolve().parent
CRASHES = ["Target crashed", "Page crashed"]
NETNS_DONE = pytest.StashKey[dict]()  # what the tests marked netns did inside
NETNS_RECORDER = netns.Recorder()
NOISE = ("dbus/", "Fontconfig", "DevTools listening")


def browser_output(lines: int = 60) -> str:
    """The last lines Chromium printed, without the start-up noise of a machine with no D-Bus."""
    path = Path(os.environ["DEBUG_FILE"])
    if not path.is_file():
        return f"({path} is missing)"
    kept = [line for line in path.read_text(encoding="utf-8", errors="replace").splitlines()
            if not any(n in line for n in NOISE)]
    return "\n".join([f"(the whole output: {path})", *kept[-lines:]])


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "netns: runs in a network namespace of its own with a veth pair "
                            "(e2e/netns.py); skipped, naming why, where none can be made")


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_protocol(item: pytest.Item, nextitem: pytest.Item | None) -> bool | None:
    """The tests marked ``netns`` run again, all of them at the first one's turn, by one
    pytest of their own inside a new network namespace; each reports what it did there.
    Their fixtures are set up only there."""
    if item.get_closest_marker("netns") is None or netns.inside():
        return None
    done: dict[str, netns.Outcome] = item.config.stash.setdefault(NETNS_DONE, {})
    if item.nodeid not in done:
        marked = [i.nodeid for i in item.session.items if i.get_closest_marker("netns") and i.nodeid not in done]
        done.update(netns.run_inside(marked, item.config.rootpath))

    def inside() -> None:
        outcome = done[item.nodeid]
        if outcome.result == "skipped":
            pytest.skip(outcome.text)
        if outcome.result == "failed":
            pytest.fail(outcome.text, pytrace=False)

    def teardown() -> None:
        # What the previous item left set up (its package, its module) and the next one does
        # not share goes now, as pytest's own teardown would; else the next item's setup
        # fails with "previous item was not torn down properly".
        item.session._setupstate.teardown_exact(nextitem)

    ihook = item.ihook
    ihook.pytest_runtest_logstart(nodeid=item.nodeid, location=item.location)
    for when, run in (("setup", lambda: None), ("call", inside), ("teardown", teardown)):
        report = ihook.pytest_runtest_makereport(item=item, call=pytest.CallInfo.from_call(run, when=when))
        ihook.pytest_runtest_logreport(report=report)
    ihook.pytest_runtest_logfinish(nodeid=item.nodeid, location=item.location)
    return True


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    """Inside the namespace: note what each test did, for the pytest outside."""
    if netns.inside():
        NETNS_RECORDER.add(report)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """A browser test whose renderer crashed runs once more (pytest-rerunfailures), and only
    then: any other failure fails at once, and a second crash fails too. Chromium 156's
    renderer crashed in 2 of ~4,000 page loads of full runs here (docs/stack-notes.md)."""
    for item in items:
        if item.path.parent == HERE:
            item.add_marker(pytest.mark.flaky(reruns=1, only_rerun=CRASHES))


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo) -> Iterator[None]:
    """A test whose page crashed reports what Chromium printed last."""
    outcome = yield
    report = outcome.get_result()
    if report.failed and "crashed" in str(report.longrepr).lower():
        report.sections.append(("Chromium's output before the crash", browser_output()))


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    """Keep Chromium's output only where a run failed (its path is in the failure report); inside
    the tests' network namespace, say what each test did."""
    NETNS_RECORDER.write()
    if exitstatus == 0:
        BROWSER_LOG.unlink(missing_ok=True)


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any], playwright) -> dict[str, Any]:
    """Playwright's own Chromium if installed, else Debian's, with the flags of tools/browser.py.
    In the tests' network namespace, ICE candidates carry their addresses instead of mDNS
    names, so that a test can check each one is the namespace's."""
    args = launch_args(playwright)
    if netns.inside():
        args = {**args, "args": [*args["args"], "--disable-features=WebRtcHideLocalIpsWithMdns"]}
    return {**browser_type_launch_args, **args}


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args: dict[str, Any]) -> dict[str, Any]:
    """No service worker: each test's fresh context would otherwise copy the whole site
    into a new offline cache after the page is ready, 10 MB each time (test_offline.py
    allows them)."""
    return {**browser_context_args, "service_workers": "block"}


@pytest.fixture(scope="session")
def site() -> Iterator[SiteServer]:
    """dist/ served at the root of a free port on 127.0.0.1."""
    with SiteServer(DIST) as server:
        yield server


@pytest.fixture(scope="session")
def site_under_path() -> Iterator[SiteServer]:
    """dist/ served under /skipbo/, as on a project's GitHub Pages."""
    with SiteServer(DIST, prefix="/skipbo/") as server:
        yield server


@pytest.fixture(scope="module")
def host_dir(tmp_path_factory) -> Path:
    """A folder for the host pages a test module writes (pages that hold the game in a frame)."""
    path = tmp_path_factory.mktemp("host")
    (path / "index.html").write_text("host pages of the browser tests", encoding="utf-8")
    return path


@pytest.fixture(scope="module")
def host(host_dir: Path) -> Iterator[SiteServer]:
    """Serves ``host_dir``: another port, so another origin than the game, as on a
    teaching site."""
    with SiteServer(host_dir) as server:
        yield server


@pytest.fixture
def watched(page: Page) -> Iterator[Watched]:
    """The test's page, watched. After the test: no console error, nothing left 127.0.0.1."""
    w = Watched(page)
    page.on("console", lambda msg: w.errors.append(msg.text) if msg.type == "error" else None)
    page.on("pageerror", lambda exc: w.errors.append(f"uncaught: {exc}"))
    page.on("request", lambda req: w.requests.append(req.url))
    yield w
    assert w.errors == [], "browser console errors"
    assert w.outside_requests() == [], "requests to hosts other than 127.0.0.1"


@pytest.fixture
def rtc_pages(browser) -> Iterator[RtcPages]:
    """Pages in contexts of their own (one per device) inside the tests' network namespace
    (marker ``netns``). After the test: every ICE candidate they gathered is one of the
    namespace's addresses, nothing left 127.0.0.1, no console error."""
    pages = RtcPages(browser, own=netns.check_namespace())
    yield pages
    try:
        pages.check()
    finally:
        pages.close()

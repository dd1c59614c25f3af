"""How fast the built site loads and answers in headless Chromium, from a local server.

For cold loads (a fresh browser profile each time) and warm loads (a profile that has
visited once, so its HTTP cache and service worker are filled) it prints the median of
``--runs`` runs (default 5) of:

- first contentful paint (FCP), ms since navigation start;
- playable: the table is ready (``data-ready="1"``) and a hand card is on screen;
- CPU: the CPU time all the browser's processes used from its start until playable (less
  sensitive than the times to other work on the machine, so better for comparisons);
  "page CPU" and "main": what the page's renderer process used, all its threads (compiling
  the wasm happens off the main thread) and its main thread alone (Chromium's ProcessTime
  and ThreadTime): the steadiest figures when the machine is busy;
- downloaded: body bytes the server sent until playable, and how many requests reached it
  (304s included; whatever the HTTP cache or the service worker answered did not); cold
  loads also say what the service worker then fetched for its offline copy;
- the longest main-thread task (PerformanceObserver ``longtask``) while the computer plays
  one turn: the bench discards a hand card to end the human's turn, and waits until it is
  the human's turn again.

The page is opened with ``?players=2&stock=5&ai=medium&seed=29&speed=0`` (``--ai``,
``--seed``). Times depend on the machine's load: the load average is printed
with the figures; compare runs made under the same conditions.

``--phone`` measures the page as a player on a mid-range phone meets it (issue "weight"):
Chromium's CPU throttled 4x, the network at 9 Mbit/s down, 1.5 Mbit/s up and 150 ms latency,
a 390x844 touch screen, and a server that answers as a static host behind a CDN (gzip for
text, scripts, JSON and wasm; ETag, Last-Modified, max-age=600). Bytes are then what went
over that network, compressed. "whole visit" adds what the service worker fetched for its
offline copy to what came before playable: the first visit's total.

``--no-sw`` blocks service workers (warm loads then come from the HTTP cache alone);
``--dist DIR`` measures another build (default: $SKIPBO_DIST, else dist/); ``--compare DIR``
(repeatable) measures further builds in the same run, to compare a change with the build
before it; ``--baseline`` also measures bare Pyodide and PyScript running an empty script,
from the same vendored files, to show how much of the time is the runtime's and how much
is the game's. The pages take turns (cold load 1 of each, cold load 2 of each, ...), so
a change in the machine's load touches them all alike: compare figures of one run.
A page that restored Python from the snapshot (``<html data-python="snapshot">``, see
web/pyodide-boot.mjs) is counted in the runs' line.

Run after ``python3 build.py``:  .venv/bin/python bench/load.py [--runs 5] [--no-sw] [--baseline]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
from collections import Counter
from contextlib import ExitStack
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from playwright.sync_api import Error as PlaywrightError  # noqa: E402
from playwright.sync_api import Page, Playwright, sync_playwright  # noqa: E402

from tools.browser import launch_args  # noqa: E402
from tools.server import SiteServer  # noqa: E402

# Seed 29 deals a game whose first computer turn is long: 8 moves at level medium.
QUERY = "?players=2&stock=5&ai={ai}&seed={seed}&speed=0&lang=en"
HAND = '[data-seat="0"] [data-slot="H"][data-card]'
MY_DISCARD = '[data-seat="0"] [data-slot="D1"]'
LOGGED = ".log [data-move]"
TIMEOUT_MS = 60_000
TARGETS_MS = {("cold", "fcp"): 600, ("cold", "playable"): 2000, ("warm", "playable"): 1000,
              ("cold", "task"): 200, ("warm", "task"): 200}
PHONE_TARGETS_MS = {("cold", "fcp"): 1500, ("warm", "fcp"): 1500, ("cold", "playable"): 8000,
                    ("warm", "playable"): 2000}


@dataclass(frozen=True)
class Profile:
    """How the browser and the server are set up for a measurement."""

    name: str
    cpu_slowdown: float = 1            # Emulation.setCPUThrottlingRate
    network: dict | None = None        # Network.emulateNetworkConditions (None: not throttled)
    gzip: bool = False                 # the server compresses, as a CDN does
    context: dict = field(default_factory=dict)  # launch_persistent_context's screen options


DESKTOP = Profile("desktop")
PHONE = Profile(
    "phone", cpu_slowdown=4, gzip=True,
    network={"offline": False, "latency": 150, "downloadThroughput": 9_000_000 / 8,
             "uploadThroughput": 1_500_000 / 8},
    context={"viewport": {"width": 390, "height": 844}, "device_scale_factor": 3, "is_mobile": True,
             "has_touch": True})

# Runs before the page's own scripts: notes every long task, and when the page becomes
# playable.
PROBE = """
window.__bench = {longtasks: []};
new PerformanceObserver(list => {
  for (const e of list.getEntries()) __bench.longtasks.push([e.startTime, e.duration]);
}).observe({type: "longtask", buffered: true});
new MutationObserver((_, observer) => {
  const table = document.getElementById("table");
  if (__bench.playable !== undefined || !table || table.dataset.ready !== "1") return;
  const card = document.querySelector('HAND');  // (the baseline pages have no table)
  if (card ? card.getClientRects().length > 0 : !document.querySelector("[data-seat]")) {
    __bench.playable = performance.now();
    observer.disconnect();
  } else {  // ready, but no card yet: watch the table until one appears
    observer.observe(table, {subtree: true, childList: true, attributes: true});
  }
}).observe(document, {subtree: true, attributes: true, attributeFilter: ["data-ready"]});
""".replace("HAND", HAND)

BASELINES = {
    "bare Pyodide": """<!doctype html><html><body><p>Loading</p><div id="table"></div><script type="module">
import { loadPyodide } from "./vendor/pyodide/pyodide.mjs";
await loadPyodide({ lockFileURL: "./pyodide-lock.json" });
document.getElementById("table").dataset.ready = "1";
</script></body></html>""",
    "PyScript, empty script": """<!doctype html><html><head>
<script type="module" src="./vendor/pyscript/core.js"></script></head>
<body><p>Loading</p><div id="table"></div><script type="py" config="./pyscript.json">
from pyscript import document
document.getElementById("table").setAttribute("data-ready", "1")
</script></body></html>""",
}


@dataclass
class Load:
    """One page load and, where the page has a game, one computer turn."""

    fcp_ms: float
    playable_ms: float
    bytes: int                      # body bytes the server sent until playable
    requests: int                   # requests that reached the server until playable
    cpu_s: float | None = None      # CPU time the browser used from its start until playable
    page_cpu_s: float | None = None  # ... the page's renderer process (all threads) until playable
    main_cpu_s: float | None = None  # ... the renderer's main thread until playable
    background_bytes: int = 0       # sent after playable (the service worker's offline copy)
    task_ms: float | None = None    # longest main-thread task during the computer's turn
    turn_ms: float | None = None    # the computer's whole turn
    twice: list[str] = field(default_factory=list)  # URLs the page requested more than once
    python: str | None = None       # how Python started: "snapshot", "fresh" (None: not said)
    served: list = field(default_factory=list)  # (path, status, bytes, "before"/"after" playable)


def browser_cpu_seconds(profile: Path) -> float | None:
    """CPU time used so far by the browser that runs ``profile`` (all its processes and
    threads: compiling the wasm happens off the main thread). Linux only, else None."""
    marker = f"--user-data-dir={profile}".encode()
    total, found = 0, False
    for proc in Path("/proc").glob("[0-9]*"):
        try:
            if marker not in (proc / "cmdline").read_bytes():
                continue
            fields = (proc / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += int(fields[11]) + int(fields[12])  # utime, stime
        found = True
    return total / os.sysconf("SC_CLK_TCK") if found else None


def load_once(pw: Playwright, server: SiteServer, query: str, profile: Path, sw: bool, setup: Profile,
              tries: int = 2) -> Load:
    """``load_page``, tried again (and said so) if the browser's renderer crashes."""
    for attempt in range(1, tries + 1):
        try:
            return load_page(pw, server, query, profile, sw, setup)
        except PlaywrightError as exc:
            if "crash" not in str(exc).lower() or attempt == tries:
                raise
            print(f"  (renderer crashed while loading; trying again: {str(exc).splitlines()[0]})")
    raise AssertionError("unreachable")


def load_page(pw: Playwright, server: SiteServer, query: str, profile: Path, sw: bool, setup: Profile) -> Load:
    """Open the site in a browser using ``profile``; measure the load and one computer turn."""
    context = pw.chromium.launch_persistent_context(
        str(profile), service_workers="allow" if sw else "block", **setup.context, **launch_args(pw))
    try:
        page = context.pages[0] if context.pages else context.new_page()
        cdp = context.new_cdp_session(page)
        requested: Counter[str] = Counter()
        cdp.on("Network.requestWillBeSent", lambda e: requested.update([e["request"]["url"]]))
        cdp.send("Network.enable")
        cdp.send("Performance.enable")
        if setup.network:
            cdp.send("Network.emulateNetworkConditions", setup.network)
        if setup.cpu_slowdown != 1:
            cdp.send("Emulation.setCPUThrottlingRate", {"rate": setup.cpu_slowdown})
        page.add_init_script(PROBE)
        server.served.clear()
        page.goto(server.url + query)
        page.wait_for_function("window.__bench.playable !== undefined", timeout=TIMEOUT_MS)
        playable, fcp = page.evaluate("""() => [__bench.playable,
            (performance.getEntriesByName("first-contentful-paint")[0] || {}).startTime]""")
        upto = len(server.served)
        metrics = {m["name"]: m["value"] for m in cdp.send("Performance.getMetrics")["metrics"]}
        load = Load(fcp, playable, sum(s.size for s in server.served[:upto]), upto,
                    cpu_s=browser_cpu_seconds(profile),
                    page_cpu_s=metrics.get("ProcessTime"), main_cpu_s=metrics.get("ThreadTime"),
                    python=page.evaluate("document.documentElement.dataset.python || null"))
        if sw and page.locator('script[src$="sw-register.js"]').count():
            # the first visit's service worker fills its cache before the turn is measured
            page.wait_for_function("navigator.serviceWorker.controller", timeout=TIMEOUT_MS)
        makes_snapshot = page.evaluate("""() => [...document.querySelectorAll('link[rel="modulepreload"]')]
            .some(link => link.href.endsWith("pyodide-boot.mjs"))""") and server.makes_snapshot
        if sw and load.python == "fresh" and makes_snapshot:
            # the browser makes Python's snapshot for the next visit (web/snapshot-worker.mjs)
            page.wait_for_selector("html[data-snapshot]", state="attached", timeout=2 * TIMEOUT_MS)
        if page.locator(HAND).count():
            load.task_ms, load.turn_ms = computer_turn(page)
            page.evaluate("localStorage.clear()")  # the next run deals the same game again
        page.wait_for_load_state("networkidle")
        load.background_bytes = sum(s.size for s in server.served[upto:])
        load.served = [(s.path, s.status, s.size, "before" if i < upto else "after")
                       for i, s in enumerate(server.served)]
        load.twice = sorted(url for url, n in requested.items() if n > 1 and not url.startswith("data:"))
        return load
    finally:
        context.close()


def computer_turn(page: Page) -> tuple[float, float]:
    """Discard a hand card, ending my turn; wait until the computer has moved (the move log
    has grown by two or more) and it is my turn again, or the game is over. Returns the
    longest task and the turn's duration, in ms."""
    start, moves = page.evaluate(f"[performance.now(), document.querySelectorAll({LOGGED!r}).length]")
    page.locator(HAND).first.click()
    page.locator(MY_DISCARD).first.click()
    page.wait_for_function(f"""moves => {{
      const table = document.getElementById("table");
      return table.hasAttribute("data-over") || (table.dataset.turn === "0" &&
             document.querySelectorAll({LOGGED!r}).length >= moves + 2);
    }}""", arg=moves, timeout=TIMEOUT_MS, polling=50)
    end, tasks = page.evaluate("[performance.now(), __bench.longtasks]")
    longest = max((d for s, d in tasks if s + d >= start), default=0.0)
    return longest, end - start


def measure(pw: Playwright, sites: dict[str, Path], query: str, runs: int, tmp: Path,
            sw: bool, setup: Profile = DESKTOP) -> dict[str, dict[str, list[Load]]]:
    """Cold and warm loads of each site (name: folder), the sites taking turns."""
    results: dict[str, dict[str, list[Load]]] = {name: {"cold": [], "warm": []} for name in sites}
    with ExitStack() as stack:
        servers = {name: stack.enter_context(SiteServer(site, record=True, gzip=setup.gzip))
                   for name, site in sites.items()}
        for name, server in servers.items():  # (builds before issue "weight" downloaded it instead)
            server.makes_snapshot = (sites[name] / "snapshot-worker.mjs").is_file()
        profiles = {name: tmp / f"profiles{i}" for i, name in enumerate(sites)}
        for i in range(runs):
            for name, server in servers.items():
                results[name]["cold"].append(load_once(pw, server, query, profiles[name] / f"cold{i}", sw, setup))
        for name, server in servers.items():  # the one visit that fills the caches
            load_once(pw, server, query, profiles[name] / "warm", sw, setup)
        for _ in range(runs):
            for name, server in servers.items():
                results[name]["warm"].append(load_once(pw, server, query, profiles[name] / "warm", sw, setup))
    return results


def cell(kind: str, what: str, value: float | None, targets: dict = TARGETS_MS) -> str:
    """A median in seconds or ms, marked when over its target."""
    if value is None:
        return "-"
    target = targets.get((kind, what))
    text = f"{value:.0f} ms" if what == "task" else f"{value / 1000:.2f} s"
    return text + (" (!)" if target is not None and value > target else "")


def table(results: dict[str, list[Load]], targets: dict = TARGETS_MS) -> list[str]:
    """The medians, one row per kind of load, then each run's figures."""
    rows = [f"  {'':5} {'FCP':>11} {'playable':>11} {'CPU':>7} {'page CPU':>8} {'main':>6} {'downloaded':>11} "
            f"{'requests':>8} {'longest task':>13} {'AI turn':>8}   then (offline copy)   whole visit"]
    for kind, loads in results.items():
        def med(attr: str, loads: list[Load] = loads) -> float | None:
            values = [getattr(x, attr) for x in loads if getattr(x, attr) is not None]
            return statistics.median(values) if values else None
        turn = med("turn_ms")
        cpus = ["-" if v is None else f"{v:.2f} s" for v in (med("cpu_s"), med("page_cpu_s"), med("main_cpu_s"))]
        whole = statistics.median(x.bytes + x.background_bytes for x in loads)
        rows.append(f"  {kind:5} {cell(kind, 'fcp', med('fcp_ms'), targets):>11} "
                    f"{cell(kind, 'playable', med('playable_ms'), targets):>11} "
                    f"{cpus[0]:>7} {cpus[1]:>8} {cpus[2]:>6} "
                    f"{med('bytes') / 1e6:>8.2f} MB {med('requests'):>8.0f} "
                    f"{cell(kind, 'task', med('task_ms'), targets):>13} "
                    f"{'-' if turn is None else f'{turn / 1000:.2f} s':>8}   {med('background_bytes') / 1e6:>9.2f} MB"
                    f"   {whole / 1e6:>8.2f} MB")
    for kind, loads in results.items():
        started = Counter(x.python for x in loads if x.python)
        rows.append(f"  {kind} runs: playable " + ", ".join(f"{x.playable_ms / 1000:.2f}" for x in loads)
                    + "; longest task " + ", ".join("-" if x.task_ms is None else f"{x.task_ms:.0f}" for x in loads)
                    + "".join(f"; Python {how} {n}x" for how, n in sorted(started.items())))
        twice = sorted({url for x in loads for url in x.twice})
        if twice:
            rows.append(f"  {kind}: requested more than once in one load: {', '.join(twice)}")
    return rows


def requests_listing(load: Load) -> list[str]:
    """What one load asked of the server, biggest first: before and after playable."""
    rows = []
    for when in ("before", "after"):
        served = sorted((x for x in load.served if x[3] == when), key=lambda x: -x[2])
        rows.append(f"  {when} playable: {len(served)} requests, {sum(x[2] for x in served) / 1e6:.2f} MB")
        rows += [f"    {size / 1e3:>9.1f} kB  {status}  {path}" for path, status, size, _ in served]
    return rows


def ratios(results: dict[str, dict[str, list[Load]]], page: str) -> list[str]:
    """``page``'s median playable time, page CPU and main-thread CPU as multiples of each
    other page's, measured in the same run: steadier than the times themselves when the
    machine is busy."""
    def med(name: str, kind: str, attr: str) -> float | None:
        values = [getattr(x, attr) for x in results[name][kind] if getattr(x, attr) is not None]
        return statistics.median(values) if values else None
    rows = [f"{page}: playable, page CPU and main-thread CPU as multiples of"]
    for name in results:
        if name == page:
            continue
        cells = []
        for kind in ("cold", "warm"):
            pairs = [(med(page, kind, a), med(name, kind, a)) for a in ("playable_ms", "page_cpu_s", "main_cpu_s")]
            cells.append(f"{kind} " + " ".join("-" if not (x and y) else f"x{x / y:.2f}" for x, y in pairs))
        rows.append(f"  {name}: " + ", ".join(cells))
    return rows


def baseline_site(dist: Path, html: str, tmp: Path) -> Path:
    """A folder with ``html`` as its page and the built site's runtime files."""
    tmp.mkdir()
    (tmp / "index.html").write_text(html)
    (tmp / "vendor").symlink_to(dist.resolve() / "vendor")
    # a lock file without packages (builds since issue "weight" ship none; Pyodide needs its info)
    info = json.loads((ROOT / "node_modules" / "pyodide" / "pyodide-lock.json").read_text())["info"]
    (tmp / "pyodide-lock.json").write_text(json.dumps({"info": info, "packages": {}}))
    (tmp / "boot.mjs").write_text(
        'import { loadPyodide as load, version } from "./vendor/pyodide/pyodide.mjs";\n'
        'export { version };\n'
        'export const loadPyodide = (options = {}) => load({ ...options, lockFileURL: "./pyodide-lock.json",\n'
        '  indexURL: new URL("./vendor/pyodide/", import.meta.url).href });\n')
    (tmp / "pyscript.json").write_text('{"interpreter": "./boot.mjs"}')
    return tmp


def load_average() -> str:
    return f"{os.getloadavg()[0]:.1f}" if hasattr(os, "getloadavg") else "?"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=5, help="loads per measurement (default 5)")
    parser.add_argument("--dist", type=Path, default=Path(os.environ.get("SKIPBO_DIST") or ROOT / "dist"),
                        help="the built site (default: $SKIPBO_DIST, else dist/)")
    parser.add_argument("--compare", type=Path, action="append", default=[], metavar="DIR",
                        help="also measure the site built in DIR, in the same run (repeatable)")
    parser.add_argument("--no-sw", action="store_true", help="block service workers")
    parser.add_argument("--requests", action="store_true",
                        help="also list what the first cold load asked of the server, and the bytes of each")
    parser.add_argument("--phone", action="store_true",
                        help="a mid-range phone on 4G: CPU 4x slower, 9/1.5 Mbit/s, 150 ms, 390x844 touch, gzip host")
    parser.add_argument("--ai", default="medium", help="the computer's level (default medium)")
    parser.add_argument("--seed", type=int, default=29, help="the deal (default 29)")
    parser.add_argument("--baseline", action="store_true",
                        help="also measure bare Pyodide and PyScript with an empty script")
    args = parser.parse_args(argv)
    if args.runs < 1:
        parser.error("--runs must be at least 1")
    pages = {"the game": args.dist}
    pages.update({f"the game in {site}": site for site in args.compare})
    query = QUERY.format(ai=args.ai, seed=args.seed)
    with sync_playwright() as pw, tempfile.TemporaryDirectory(prefix="skipbo-bench-") as tmp:
        if args.baseline:
            pages.update({name: baseline_site(args.dist, html, Path(tmp) / f"site{i}")
                          for i, (name, html) in enumerate(BASELINES.items())})
        setup, targets = (PHONE, PHONE_TARGETS_MS) if args.phone else (DESKTOP, TARGETS_MS)
        if args.phone:
            print("Phone profile: CPU 4x slower, 9 Mbit/s down, 1.5 Mbit/s up, 150 ms latency, 390x844 touch "
                  "screen, gzip host; (!) = over target (FCP 1.5 s; playable 8 s cold, 2 s warm)")
        else:
            print("Desktop profile: (!) = over target (FCP 0.6 s cold; playable 2.0 s cold, 1.0 s warm; "
                  "tasks 200 ms)")
        print(f"Headless Chromium, pages served from 127.0.0.1, {os.cpu_count()} CPUs, median of "
              f"{args.runs} loads; service workers {'blocked' if args.no_sw else 'allowed'}")
        before = load_average()
        results = measure(pw, pages, query, args.runs, Path(tmp), sw=not args.no_sw, setup=setup)
        print(f"load average {before} -> {load_average()}")
        for name, site in pages.items():
            print(f"{name} ({site}{query}):")
            print("\n".join(table(results[name], targets)), flush=True)
            if args.requests:
                print("\n".join(requests_listing(results[name]["cold"][0])))
        if len(pages) > 1:
            print("\n".join(ratios(results, next(iter(pages)))))
    return 0


if __name__ == "__main__":
    sys.exit(main())

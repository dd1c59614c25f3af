"""How fast the built site loads and answers in headless Chromium, from a local server.

For cold loads (a fresh browser profile each time) and warm loads (a profile that has
visited once, so its HTTP cache and service worker are filled) it prints the median of
``--runs`` runs (default 5) of:

- first contentful paint (FCP), ms since navigation start;
- playable: the table is ready (``data-ready="1"``) and a hand card is on screen;
- CPU: the CPU time all the browser's processes used from its start until playable (less
  sensitive than the times to other work on the machine, so better for comparisons);
- downloaded: body bytes the server sent until playable, and how many requests reached it
  (304s included; whatever the HTTP cache or the service worker answered did not); cold
  loads also say what the service worker then fetched for its offline copy;
- the longest main-thread task (PerformanceObserver ``longtask``) while the computer plays
  one turn: the bench discards a hand card to end the human's turn, and waits until it is
  the human's turn again.

The page is opened with ``?players=2&stock=5&ai=medium&seed=29&speed=0`` (``--ai``,
``--seed``). Times depend on the machine's load: the load average is printed
with the figures; compare runs made under the same conditions.

``--no-sw`` blocks service workers (warm loads then come from the HTTP cache alone);
``--dist DIR`` measures another build; ``--baseline`` also measures bare Pyodide and
PyScript running an empty script, from the same vendored files, to show how much of the
time is the runtime's and how much is the game's.

Run after ``python3 build.py``:  .venv/bin/python bench/load.py [--runs 5] [--no-sw] [--baseline]
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
from collections import Counter
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
await loadPyodide();
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
    background_bytes: int = 0       # sent after playable (the service worker's offline copy)
    task_ms: float | None = None    # longest main-thread task during the computer's turn
    turn_ms: float | None = None    # the computer's whole turn
    twice: list[str] = field(default_factory=list)  # URLs the page requested more than once


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


def load_once(pw: Playwright, server: SiteServer, query: str, profile: Path, sw: bool, tries: int = 2) -> Load:
    """``load_page``, tried again (and said so) if the browser's renderer crashes."""
    for attempt in range(1, tries + 1):
        try:
            return load_page(pw, server, query, profile, sw)
        except PlaywrightError as exc:
            if "crash" not in str(exc).lower() or attempt == tries:
                raise
            print(f"  (renderer crashed while loading; trying again: {str(exc).splitlines()[0]})")
    raise AssertionError("unreachable")


def load_page(pw: Playwright, server: SiteServer, query: str, profile: Path, sw: bool) -> Load:
    """Open the site in a browser using ``profile``; measure the load and one computer turn."""
    context = pw.chromium.launch_persistent_context(
        str(profile), service_workers="allow" if sw else "block", **launch_args(pw))
    try:
        page = context.pages[0] if context.pages else context.new_page()
        cdp = context.new_cdp_session(page)
        requested: Counter[str] = Counter()
        cdp.on("Network.requestWillBeSent", lambda e: requested.update([e["request"]["url"]]))
        cdp.send("Network.enable")
        page.add_init_script(PROBE)
        server.served.clear()
        page.goto(server.url + query)
        page.wait_for_function("window.__bench.playable !== undefined", timeout=TIMEOUT_MS)
        playable, fcp = page.evaluate("""() => [__bench.playable,
            (performance.getEntriesByName("first-contentful-paint")[0] || {}).startTime]""")
        upto = len(server.served)
        load = Load(fcp, playable, sum(s.size for s in server.served[:upto]), upto,
                    cpu_s=browser_cpu_seconds(profile))
        if sw and page.locator('script[src$="sw-register.js"]').count():
            # the first visit's service worker fills its cache before the turn is measured
            page.wait_for_function("navigator.serviceWorker.controller", timeout=TIMEOUT_MS)
        if page.locator(HAND).count():
            load.task_ms, load.turn_ms = computer_turn(page)
            page.evaluate("localStorage.clear()")  # the next run deals the same game again
        page.wait_for_load_state("networkidle")
        load.background_bytes = sum(s.size for s in server.served[upto:])
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


def measure(pw: Playwright, site: Path, query: str, runs: int, tmp: Path, sw: bool) -> dict[str, list[Load]]:
    """Cold and warm loads of the site in folder ``site``."""
    with SiteServer(site, record=True) as server:
        cold = [load_once(pw, server, query, tmp / f"cold{i}", sw) for i in range(runs)]
        load_once(pw, server, query, tmp / "warm", sw)  # the one visit that fills the caches
        warm = [load_once(pw, server, query, tmp / "warm", sw) for _ in range(runs)]
    return {"cold": cold, "warm": warm}


def cell(kind: str, what: str, value: float | None) -> str:
    """A median in seconds or ms, marked when over its target."""
    if value is None:
        return "-"
    target = TARGETS_MS.get((kind, what))
    text = f"{value:.0f} ms" if what == "task" else f"{value / 1000:.2f} s"
    return text + (" (!)" if target is not None and value > target else "")


def table(results: dict[str, list[Load]]) -> list[str]:
    """The medians, one row per kind of load, then each run's figures."""
    rows = [f"  {'':5} {'FCP':>11} {'playable':>11} {'CPU':>7} {'downloaded':>11} {'requests':>8} "
            f"{'longest task':>13} {'AI turn':>8}   then (offline copy)"]
    for kind, loads in results.items():
        def med(attr: str) -> float | None:
            values = [getattr(x, attr) for x in loads if getattr(x, attr) is not None]
            return statistics.median(values) if values else None
        turn, cpu = med("turn_ms"), med("cpu_s")
        rows.append(f"  {kind:5} {cell(kind, 'fcp', med('fcp_ms')):>11} {cell(kind, 'playable', med('playable_ms')):>11} "
                    f"{'-' if cpu is None else f'{cpu:.2f} s':>7} "
                    f"{med('bytes') / 1e6:>8.2f} MB {med('requests'):>8.0f} {cell(kind, 'task', med('task_ms')):>13} "
                    f"{'-' if turn is None else f'{turn / 1000:.2f} s':>8}   {med('background_bytes') / 1e6:.2f} MB")
    for kind, loads in results.items():
        rows.append(f"  {kind} runs: playable " + ", ".join(f"{x.playable_ms / 1000:.2f}" for x in loads)
                    + "; longest task " + ", ".join("-" if x.task_ms is None else f"{x.task_ms:.0f}" for x in loads))
        twice = sorted({url for x in loads for url in x.twice})
        if twice:
            rows.append(f"  {kind}: requested more than once in one load: {', '.join(twice)}")
    return rows


def baseline_site(dist: Path, html: str, tmp: Path) -> Path:
    """A folder with ``html`` as its page and the built site's runtime files."""
    tmp.mkdir()
    (tmp / "index.html").write_text(html)
    (tmp / "vendor").symlink_to(dist.resolve() / "vendor")
    (tmp / "pyscript.json").write_text('{"interpreter": "./vendor/pyodide/pyodide.mjs"}')
    return tmp


def load_average() -> str:
    return "{:.1f}".format(os.getloadavg()[0]) if hasattr(os, "getloadavg") else "?"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=5, help="loads per measurement (default 5)")
    parser.add_argument("--dist", type=Path, default=ROOT / "dist", help="the built site")
    parser.add_argument("--no-sw", action="store_true", help="block service workers")
    parser.add_argument("--ai", default="medium", help="the computer's level (default medium)")
    parser.add_argument("--seed", type=int, default=29, help="the deal (default 29)")
    parser.add_argument("--baseline", action="store_true",
                        help="also measure bare Pyodide and PyScript with an empty script")
    args = parser.parse_args(argv)
    if args.runs < 1:
        parser.error("--runs must be at least 1")
    pages = {"the game": args.dist}
    query = QUERY.format(ai=args.ai, seed=args.seed)
    with sync_playwright() as pw, tempfile.TemporaryDirectory(prefix="skipbo-bench-") as tmp:
        if args.baseline:
            pages.update({name: baseline_site(args.dist, html, Path(tmp) / f"site{i}")
                          for i, (name, html) in enumerate(BASELINES.items())})
        print(f"Headless Chromium, pages served from 127.0.0.1, {os.cpu_count()} CPUs, median of "
              f"{args.runs} loads; service workers {'blocked' if args.no_sw else 'allowed'}; "
              f"(!) = over target (FCP 0.6 s cold; playable 2.0 s cold, 1.0 s warm; tasks 200 ms)")
        for i, (name, site) in enumerate(pages.items()):
            before = load_average()
            results = measure(pw, site, query, args.runs, Path(tmp) / f"profiles{i}", sw=not args.no_sw)
            print(f"{name} ({site}{query}), load average {before} -> {load_average()}:")
            print("\n".join(table(results)), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())

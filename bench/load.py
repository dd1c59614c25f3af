"""How fast the built site loads in headless Chromium, from a local server.

Measures bytes downloaded (the network's encoded bytes, headers included) and the time
from navigation start to the page's ``data-ready="1"`` (Python booted, table drawn):
cold with a fresh profile each run, warm with one persistent profile that has visited
the page once. Prints the median of ``--runs`` runs (default 5).

With ``--baseline`` it also loads two stripped pages built from the same vendored files:
bare Pyodide (``loadPyodide()`` only) and PyScript running an empty script, to show how
much of the time is the runtime's and how much is the game's.

Run after ``python3 build.py``:  .venv/bin/python bench/load.py [--baseline]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from playwright.sync_api import Error as PlaywrightError  # noqa: E402
from playwright.sync_api import Playwright, sync_playwright  # noqa: E402

from tools.browser import launch_args  # noqa: E402
from tools.server import SiteServer  # noqa: E402

# Records the moment the table root gets data-ready="1", in ms since navigation start.
READY_PROBE = """
new MutationObserver((_, observer) => {
  const root = document.getElementById("table");
  if (root && root.dataset.ready === "1") {
    window.__readyAt = performance.now();
    observer.disconnect();
  }
}).observe(document, {subtree: true, attributes: true, attributeFilter: ["data-ready"]});
"""
TARGETS_MS = {"cold": 2500, "warm": 1500}
BASELINES = {
    "bare Pyodide": """<!doctype html><html><body><div id="table"></div><script type="module">
import { loadPyodide } from "./vendor/pyodide/pyodide.mjs";
await loadPyodide();
document.getElementById("table").dataset.ready = "1";
</script></body></html>""",
    "PyScript, empty script": """<!doctype html><html><head>
<script type="module" src="./vendor/pyscript/core.js"></script></head>
<body><div id="table"></div><script type="py" config="./pyscript.json">
from pyscript import document
document.getElementById("table").setAttribute("data-ready", "1")
</script></body></html>""",
}


@dataclass
class Load:
    """One page load."""

    ready_ms: float
    bytes: int
    requests: int
    from_cache: int


def load_once(pw: Playwright, profile: Path, url: str, tries: int = 2) -> Load:
    """``load_page``, tried again (and said so) if the browser's renderer crashes."""
    for attempt in range(1, tries + 1):
        try:
            return load_page(pw, profile, url)
        except PlaywrightError as exc:
            if "crash" not in str(exc).lower() or attempt == tries:
                raise
            print(f"  (renderer crashed while loading; trying again: {str(exc).splitlines()[0]})")
    raise AssertionError("unreachable")


def load_page(pw: Playwright, profile: Path, url: str, timeout_ms: int = 60_000) -> Load:
    """Open ``url`` in a browser using ``profile``; wait until the page is ready."""
    context = pw.chromium.launch_persistent_context(str(profile), **launch_args(pw))
    try:
        page = context.pages[0] if context.pages else context.new_page()
        cdp = context.new_cdp_session(page)
        totals = {"bytes": 0, "requests": 0, "from_cache": 0}

        def finished(event: dict) -> None:
            totals["bytes"] += int(event.get("encodedDataLength", 0))

        def response(event: dict) -> None:
            totals["requests"] += 1
            resp = event.get("response", {})
            totals["from_cache"] += bool(resp.get("fromDiskCache") or resp.get("fromPrefetchCache"))

        cdp.on("Network.loadingFinished", finished)
        cdp.on("Network.responseReceived", response)
        cdp.send("Network.enable")
        page.add_init_script(READY_PROBE)
        page.goto(url)
        page.wait_for_function("window.__readyAt !== undefined", timeout=timeout_ms)
        ready = float(page.evaluate("window.__readyAt"))
        page.wait_for_load_state("networkidle")
        return Load(ready, totals["bytes"], totals["requests"], totals["from_cache"])
    finally:
        context.close()


def summarize(kind: str, loads: list[Load]) -> str:
    ready = statistics.median(x.ready_ms for x in loads)
    size = statistics.median(x.bytes for x in loads)
    verdict = "ok" if ready < TARGETS_MS[kind] else "OVER TARGET"
    runs = ", ".join(f"{x.ready_ms / 1000:.2f}" for x in loads)
    return (f"  {kind}: ready {ready / 1000:.2f} s median (target < {TARGETS_MS[kind] / 1000:.1f} s: "
            f"{verdict}), downloaded {size / 1e6:.2f} MB, "
            f"{loads[0].requests} requests ({loads[0].from_cache} from disk cache); runs: {runs}")


def measure(pw: Playwright, site: Path, runs: int, tmp: Path) -> dict[str, list[Load]]:
    """Cold and warm loads of the site in folder ``site``."""
    with SiteServer(site) as server:
        url = server.url + "?seed=1"
        cold = [load_once(pw, tmp / f"cold{i}", url) for i in range(runs)]
        load_once(pw, tmp / "warm", url)  # the one visit that fills the cache
        warm = [load_once(pw, tmp / "warm", url) for _ in range(runs)]
    return {"cold": cold, "warm": warm}


def baseline_site(dist: Path, html: str, tmp: Path) -> Path:
    """A folder with ``html`` as its page and the built site's runtime files."""
    tmp.mkdir()
    (tmp / "index.html").write_text(html)
    (tmp / "vendor").symlink_to(dist.resolve() / "vendor")
    (tmp / "pyscript.json").write_text('{"interpreter": "./vendor/pyodide/pyodide.mjs"}')
    return tmp


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=5, help="loads per measurement (default 5)")
    parser.add_argument("--dist", type=Path, default=ROOT / "dist", help="the built site")
    parser.add_argument("--baseline", action="store_true",
                        help="also measure bare Pyodide and PyScript with an empty script")
    args = parser.parse_args(argv)
    if args.runs < 1:
        parser.error("--runs must be at least 1")
    pages = {"the game": args.dist}
    with sync_playwright() as pw, tempfile.TemporaryDirectory(prefix="skipbo-bench-") as tmp:
        if args.baseline:
            pages.update({name: baseline_site(args.dist, html, Path(tmp) / f"site{i}")
                          for i, (name, html) in enumerate(BASELINES.items())})
        print(f"Headless Chromium, pages served from 127.0.0.1, median of {args.runs} loads:")
        for i, (name, site) in enumerate(pages.items()):
            results = measure(pw, site, args.runs, Path(tmp) / f"profiles{i}")
            print(f"{name} ({site}):")
            for kind, loads in results.items():
                print(summarize(kind, loads), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())

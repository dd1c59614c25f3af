"""How fast the built site loads in headless Chromium, from a local server.

Measures bytes downloaded (the network's encoded bytes, headers included) and the time
from navigation start to the page's ``data-ready="1"`` (Python booted, table drawn):
cold with a fresh profile each run, warm with one persistent profile that has visited
the page once. Prints the median of ``--runs`` runs (default 5).

Run after ``python3 build.py``:  .venv/bin/python bench/load.py
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


@dataclass
class Load:
    """One page load."""

    ready_ms: float
    bytes: int
    requests: int
    from_cache: int


def load_once(pw: Playwright, profile: Path, url: str, timeout_ms: int = 60_000) -> Load:
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


def summarize(name: str, loads: list[Load]) -> str:
    ready = statistics.median(x.ready_ms for x in loads)
    size = statistics.median(x.bytes for x in loads)
    verdict = "ok" if ready < TARGETS_MS[name] else "OVER TARGET"
    runs = ", ".join(f"{x.ready_ms / 1000:.2f}" for x in loads)
    return (f"{name:>4}: ready {ready / 1000:.2f} s median (target < {TARGETS_MS[name] / 1000:.1f} s: "
            f"{verdict}), downloaded {size / 1e6:.2f} MB, "
            f"{loads[0].requests} requests ({loads[0].from_cache} from disk cache); runs: {runs}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=5, help="loads per measurement (default 5)")
    parser.add_argument("--dist", type=Path, default=ROOT / "dist", help="the built site")
    args = parser.parse_args(argv)
    if args.runs < 1:
        parser.error("--runs must be at least 1")
    with SiteServer(args.dist) as server, sync_playwright() as pw, \
            tempfile.TemporaryDirectory(prefix="skipbo-bench-") as tmp:
        url = server.url + "?seed=1"
        cold = [load_once(pw, Path(tmp) / f"cold{i}", url) for i in range(args.runs)]
        warm_profile = Path(tmp) / "warm"
        load_once(pw, warm_profile, url)  # the one visit that fills the cache
        warm = [load_once(pw, warm_profile, url) for _ in range(args.runs)]
    print(f"Site {args.dist} served from 127.0.0.1, headless Chromium, median of {args.runs}:")
    print(summarize("cold", cold))
    print(summarize("warm", warm))
    return 0


if __name__ == "__main__":
    sys.exit(main())

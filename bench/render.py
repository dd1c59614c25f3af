"""How long the page takes to answer a click, and the longest main-thread task while
cards fly: the built site in headless Chromium with the real Pyodide and wheel.

A click's handler runs synchronously inside ``element.click()`` (Python is called from
the event), so ``performance.now()`` around it measures everything the page does for it:
the controller, building the view model, patching the table in place, the marks and, at
speed 2, starting the card's flight. Printed as medians (and the 90th percentile) over
``--rounds`` rounds of:

- pick: a hand card is picked up (attributes change: selection, lit piles, message);
- put back: the same card clicked again;
- refused: a move the rules refuse (the message says why; nothing else changes);
- move: a card played onto a building pile (speed 0: no flight);
- move + flight: the same at speed 2 (the FLIP measurements and the animation's start).

Then, at speed 2, a few whole turns against the computer are played with a
PerformanceObserver on long tasks (over 50 ms): the longest and how many, split into
those that started while a card was flying and the others.

Run after ``python3 build.py``:  .venv/bin/python bench/render.py [--rounds 30] [--dist DIR]
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from playwright.sync_api import Page, sync_playwright  # noqa: E402

from e2e.game_support import open_game, play_turn, wait_for_turn  # noqa: E402
from skipbo_core import Game, Rules  # noqa: E402
from tools.browser import launch_args  # noqa: E402
from tools.server import SiteServer  # noqa: E402

ME = '[data-seat="0"]'
CLICK = """sel => { const el = document.querySelector(sel); const t = performance.now(); el.click();
                   return performance.now() - t; }"""
OBSERVE = """() => {
  window.__long = [];
  new PerformanceObserver(list => {
    for (const e of list.getEntries()) {
      const flying = document.getAnimations().some(a => a.playState === "running" && a.effect
        && a.effect.target && a.effect.target.classList && a.effect.target.classList.contains("card"));
      window.__long.push([e.duration, flying]);
    }
  }).observe({type: "longtask"});
  window.__flying = 0;
  const look = () => { if (document.getAnimations().some(a => a.playState === "running")) window.__flying++;
                       requestAnimationFrame(look); };
  requestAnimationFrame(look);
}"""


def seed_with_build(stock: int) -> tuple[int, str, str]:
    """A deal whose first hand has a card for a building pile and one that fits none there."""
    for seed in range(1, 500):
        game = Game.new(Rules(players=2, stock_size=stock), seed=seed, first=0)
        builds = [m for m in game.legal_moves() if m.target_text.startswith("B") and m.source_text.startswith("H")]
        hand = {f"H{'SB' if c == 0 else c}" for c in game.view(0).hand}
        refused = hand - {m.source_text for m in builds}
        if builds and refused:
            return seed, str(builds[0]), sorted(refused)[0]
    raise SystemExit("no suitable deal")


def card(part: str) -> str:
    return f'{ME} [data-slot="H"][data-card="{part[1:]}"]'


def clicks(page: Page, base: str, stock: int, rounds: int, speed: int) -> dict[str, list[float]]:
    seed, build, refused = seed_with_build(stock)
    source, target = build.split(">")
    out: dict[str, list[float]] = {"pick": [], "put back": [], "refused": [], "move": []}
    for _ in range(rounds):
        page.evaluate("localStorage.clear()")
        open_game(page, base, players=2, stock=stock, ai="medium", seed=seed, speed=speed)
        out["pick"].append(page.evaluate(CLICK, card(refused)))
        out["put back"].append(page.evaluate(CLICK, card(refused)))
        page.evaluate(CLICK, card(refused))
        out["refused"].append(page.evaluate(CLICK, f'[data-slot="{target}"]'))
        page.evaluate(CLICK, card(refused))  # put back
        page.evaluate(CLICK, card(source))
        out["move"].append(page.evaluate(CLICK, f'[data-slot="{target}"]'))
    return out


def turns_with_flights(page: Page, base: str, turns: int) -> tuple[list[tuple[float, bool]], int]:
    open_game(page, base, players=2, stock=10, ai="medium", seed=11, speed=2)
    page.wait_for_timeout(500)
    page.evaluate(OBSERVE)
    for _ in range(turns):
        wait_for_turn(page, timeout=60_000)
        if page.locator('#table[data-over="1"]').count():
            break
        play_turn(page)
    wait_for_turn(page, timeout=60_000)
    page.wait_for_timeout(800)
    return page.evaluate("window.__long"), page.evaluate("window.__flying")


def summary(values: list[float]) -> str:
    values = sorted(values)
    p90 = values[min(len(values) - 1, int(len(values) * 0.9))]
    return (f"median {statistics.median(values):6.1f} ms   p90 {p90:6.1f} ms   max {values[-1]:6.1f} ms"
            f"   (n={len(values)})")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rounds", type=int, default=20)
    parser.add_argument("--turns", type=int, default=6)
    parser.add_argument("--dist", type=Path, default=Path(os.environ.get("SKIPBO_DIST") or ROOT / "dist"))
    args = parser.parse_args()
    print(f"load average before: {os.getloadavg()[0]:.2f}")
    with SiteServer(args.dist.resolve()) as server, sync_playwright() as pw:
        browser = pw.chromium.launch(**launch_args(pw))
        context = browser.new_context(viewport={"width": 1280, "height": 800}, service_workers="block")
        page = context.new_page()
        open_game(page, server.url, players=2, stock=10, seed=1)  # warm up: compile, caches
        print(f"click handlers, {args.rounds} rounds (ms from the click to the table patched):")
        still = clicks(page, server.url, 10, args.rounds, speed=0)
        for name, values in still.items():
            print(f"  {name:14} {summary(values)}")
        flying = clicks(page, server.url, 10, max(5, args.rounds // 2), speed=2)
        print(f"  {'move + flight':14} {summary(flying['move'])}")
        long, frames = turns_with_flights(page, server.url, args.turns)
        during = [d for d, f in long if f]
        other = [d for d, f in long if not f]
        print(f"{args.turns} turns at speed 2 ({frames} animation frames with a card in flight):")
        print(f"  long tasks while a card flies: {len(during)}, longest {max(during, default=0):.0f} ms")
        print(f"  long tasks otherwise (the computer thinking, Python's start): {len(other)}, "
              f"longest {max(other, default=0):.0f} ms")
        browser.close()
    print(f"load average after: {os.getloadavg()[0]:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

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

Then cards in flight (speed 3, the slowest): a card is played onto a building pile by
clicks, and for the next 700 ms (the flight is 560 ms) every animation frame is timed:
the first two frames after the click (the patched table laid out and painted, the
flights set up), then the longest gap between two frames (16.7 ms at 60 Hz; a gap over 50 ms
is a task that blocked the page) and the long tasks (PerformanceObserver, over 50 ms) that began
after the click's handler had returned: those would come from the animation itself.

Then the computer's turns at speed 2 (``--rounds // 2`` turns of ``medium`` after you
discard, seed 29): what the flights cost the main thread (the page's ``skipbo:flight``
measure per move: measuring the cards before and after the patch and starting their
animations), and every main-thread task of the turn from Chromium's trace, by the clock
and by the main thread's CPU time (on a busy machine the clock also counts the waits for
a core; see e2e/tasks.py): how many took over 50 ms, and the longest.

Last, a won game's celebration: the winning click (the game ends, the sheet opens, the
cards start to cascade) and the frames and long tasks while they fall, beside the same
click with reduced motion (no cascade): the difference is the cascade's own cost.

Run after ``python3 build.py``:  .venv/bin/python bench/render.py [--rounds 30] [--dist DIR]
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "web")]

from playwright.sync_api import Browser, Page, sync_playwright  # noqa: E402
from skipbo_web.state.ending import CASCADE_FALL_MS, cascade  # noqa: E402

from e2e.game_support import open_game, wait_for_turn  # noqa: E402
from e2e.tasks import main_thread_tasks  # noqa: E402
from skipbo_core import Game, Move, Rules  # noqa: E402
from tools.browser import launch_args  # noqa: E402
from tools.server import SiteServer  # noqa: E402

ME = '[data-seat="0"]'
CLICK = """sel => { const el = document.querySelector(sel); const t = performance.now(); el.click();
                   return performance.now() - t; }"""
FLIGHT = """async ([source, target, watch]) => {
  const long = [];
  const observer = new PerformanceObserver(list => { for (const e of list.getEntries()) long.push(e); });
  observer.observe({type: "longtask"});
  document.querySelector(source).click();
  const t0 = performance.now();
  document.querySelector(target).click();
  const t1 = performance.now();
  const frames = [];
  let last = t1;
  await new Promise(done => {
    const frame = () => { const now = performance.now(); frames.push(now - last); last = now;
                          if (now - t0 < watch) requestAnimationFrame(frame); else done(); };
    requestAnimationFrame(frame);
  });
  observer.disconnect();
  const after = long.filter(e => e.startTime >= t1).map(e => e.duration);
  return {handler: t1 - t0, first: frames[0] + frames[1], gap: Math.max(...frames.slice(2)), long: after};
}"""


def seed_with_build(stock: int) -> tuple[int, Move, str]:
    """A deal whose first hand has a card for a building pile and one that fits none there."""
    for seed in range(1, 500):
        game = Game.new(Rules(players=2, stock_size=stock), seed=seed, first=0)
        builds = [m for m in game.legal_moves(source="H") if m.is_build]
        refused = {m.source_text for m in game.legal_moves(source="H")} - {m.source_text for m in builds}
        if builds and refused:
            return seed, builds[0], sorted(refused)[0]
    raise SystemExit("no suitable deal")


def card(part: str) -> str:
    return f'{ME} [data-slot="H"][data-card="{part[1:]}"]'


def clicks(page: Page, base: str, stock: int, rounds: int, speed: int) -> dict[str, list[float]]:
    seed, build, refused = seed_with_build(stock)
    source, target = build.source_text, build.target_text
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


def flights(page: Page, base: str, stock: int, rounds: int) -> dict[str, list[float]]:
    seed, build, _ = seed_with_build(stock)
    source, target = build.source_text, build.target_text
    out: dict[str, list[float]] = {"handler": [], "first": [], "gap": [], "long": []}
    for _ in range(rounds):
        page.evaluate("localStorage.clear()")
        open_game(page, base, players=2, stock=stock, ai="medium", seed=seed, speed=3)
        page.wait_for_timeout(300)
        seen = page.evaluate(FLIGHT, [card(source), f'[data-slot="{target}"]', 700])
        out["handler"].append(seen["handler"])
        out["first"].append(seen["first"])
        out["gap"].append(seen["gap"])
        out["long"] += seen["long"]
    return out


def computer_turns(page: Page, base: str, rounds: int) -> dict[str, list[float]]:
    """The computer's turn after a discard of yours, at speed 2, ``rounds`` times."""
    out: dict[str, list[float]] = {"flight": [], "wall": [], "cpu": []}
    for _ in range(rounds):
        page.evaluate("localStorage.clear()")
        open_game(page, base, players=2, stock=5, ai="medium", seed=29, speed=2)
        page.click(f'{ME} [data-slot="H"]')
        page.click(f'{ME} [data-slot="D1"]')
        with main_thread_tasks(page) as tasks:
            wait_for_turn(page)
            page.wait_for_timeout(600)  # the last flight lands
        out["flight"] += page.evaluate("performance.getEntriesByName('skipbo:flight').map(e => e.duration)")[1:]
        out["wall"] += [t.wall_ms for t in tasks]
        out["cpu"] += [t.cpu_ms for t in tasks]
    return out


def cascade_span() -> int:
    """How long the win's cascade lasts: its last card's start and one fall."""
    return max(d.delay for d in cascade()) + CASCADE_FALL_MS


def cascades(browser: Browser, base: str, rounds: int, reduced: bool) -> dict[str, list[float]]:
    """The winning click of a one-card game and the next ``cascade_span()`` + 300 ms: the
    cards cascade, or with reduced motion nothing moves (the same work otherwise)."""
    rules = Rules(players=2, stock_size=1)
    seed = next(s for s in range(1, 3000) if Game.new(rules, seed=s, first=0).view(0).stock_tops[0] in (0, 1))
    context = browser.new_context(viewport={"width": 1280, "height": 800}, service_workers="block",
                                  reduced_motion="reduce" if reduced else "no-preference")
    page = context.new_page()
    out: dict[str, list[float]] = {"handler": [], "first": [], "gap": [], "long": []}
    page.goto(base)
    for _ in range(rounds):
        page.evaluate("localStorage.clear()")  # else the same address opens the finished game again
        open_game(page, base, players=2, stock=1, ai="easy", seed=seed, speed=0)
        page.wait_for_timeout(300)
        seen = page.evaluate(FLIGHT, [f'{ME} [data-slot="S"]', '[data-slot="B1"]', cascade_span() + 300])
        if page.locator('.result[data-ending="win"]').count() != 1:
            raise SystemExit("the winning click did not win the game")
        for key in ("handler", "first", "gap"):
            out[key].append(seen[key])
        out["long"] += seen["long"]
    context.close()
    return out


def summary(values: list[float]) -> str:
    values = sorted(values)
    p90 = values[min(len(values) - 1, int(len(values) * 0.9))]
    return (f"median {statistics.median(values):6.1f} ms   p90 {p90:6.1f} ms   max {values[-1]:6.1f} ms"
            f"   (n={len(values)})")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rounds", type=int, default=20)
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
        seen = flights(page, server.url, 10, max(5, args.rounds // 2))
        print("a card flying onto a building pile at speed 3 (560 ms):")
        print(f"  {'click handler':14} {summary(seen['handler'])}")
        print(f"  {'first 2 frames':14} {summary(seen['first'])}")
        print(f"  {'then, longest gap between frames':14} {summary(seen['gap'])}")
        longest = max(seen["long"], default=0)
        print(f"  long tasks after the click while the card flew: {len(seen['long'])}, longest {longest:.0f} ms")
        turns = computer_turns(page, server.url, max(5, args.rounds // 2))
        print(f"the computer's turns at speed 2 ({max(5, args.rounds // 2)} turns of medium):")
        print(f"  {'flight per move':14} {summary(turns['flight'])}")
        for kind, label in (("wall", "on the clock"), ("cpu", "CPU time")):
            over = sum(1 for v in turns[kind] if v > 50)
            print(f"  main-thread tasks, {label}: {len(turns[kind])}, over 50 ms: {over}, "
                  f"longest {max(turns[kind]):.1f} ms")
        print(f"the winning click and the {cascade_span() + 300} ms after it: the cards cascade, or nothing moves "
              "(reduced motion)")
        for reduced in (False, True):
            won = cascades(browser, server.url, max(5, args.rounds // 2), reduced)
            print(f"  {'reduced motion' if reduced else 'cascade'}:")
            print(f"    {'click handler':14} {summary(won['handler'])}")
            print(f"    {'first 2 frames':14} {summary(won['first'])}")
            print(f"    {'longest gap':14} {summary(won['gap'])}")
            longest = max(won["long"], default=0)
            print(f"    long tasks after the click: {len(won['long'])}, longest {longest:.0f} ms")
        browser.close()
    print(f"load average after: {os.getloadavg()[0]:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

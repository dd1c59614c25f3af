"""Take the screenshots of the README and docs/: the built site in headless Chromium, a few turns into a
seeded game, on a 1280x800 desktop (docs/screenshot.png), a 360x740 phone upright
(docs/screenshot-phone.png) and on its side, 740x360 (docs/screenshot-phone-landscape.png),
embedded in a 400x560 frame (docs/screenshot-embed.png), the computer's card in flight
(docs/screenshot-flight.png: its animations are paused half-way to take the picture), and
the position editor on a phone with a problem shown (docs/screenshot-editor.png). Each
is the whole screen: the table fits it without scrolling. The shots are written as
full-colour PNGs; reduce each to a palette of at most 256 colours (for example with
pngquant) before committing, so that each stays under the 150 kB that
tests/test_docs_links.py allows.

Run after ``python3 build.py``:  .venv/bin/python -m tools.screenshot [file names...]
(no names: all of them; the site is ``$SKIPBO_DIST`` or dist/). ``--as FILE`` writes the
one shot named under another name (say, the same shot of an older build).
"""

from __future__ import annotations

import sys
from pathlib import Path

from playwright.sync_api import sync_playwright

from e2e.game_support import open_game, play_turn, wait_for_turn
from e2e.support import DIST
from tools.browser import launch_args
from tools.server import SiteServer

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
SHOTS = {  # file: (viewport, URL options, turns to play first)
    "screenshot.png": ({"width": 1280, "height": 800}, {"players": 3, "stock": 12, "ai": "hard", "seed": 45}, 4),
    "screenshot-phone.png": ({"width": 360, "height": 740}, {"players": 2, "stock": 12, "ai": "medium", "seed": 12}, 3),
    "screenshot-phone-landscape.png": ({"width": 740, "height": 360},
                                       {"players": 2, "stock": 12, "ai": "medium", "seed": 7}, 4),
    "screenshot-embed.png": ({"width": 400, "height": 560},
                             {"embed": 1, "players": 2, "stock": 10, "ai": "easy", "seed": 42, "lang": "de"}, 3),
    "screenshot-flight.png": ({"width": 1100, "height": 860},
                              {"players": 2, "stock": 12, "ai": "medium", "seed": 12, "speed": 3}, 2),
    "screenshot-editor.png": ({"width": 360, "height": 740}, {"edit": 1, "seed": 3}, 0),
}
# As soon as a card on the page animates, every animation stops at 45 % of its way.
FREEZE = """() => new Promise(done => {
  const look = () => {
    const moving = document.getAnimations().filter(a => a.playState === "running" && a.effect
      && a.effect.target && a.effect.target.classList && a.effect.target.classList.contains("card")
      && a.effect.getKeyframes().some(k => k.transform && k.transform !== "none"));
    if (!moving.length) return requestAnimationFrame(look);
    for (const a of document.getAnimations()) {
      a.pause();
      const t = a.effect.getComputedTiming();
      a.currentTime = (t.delay || 0) + 0.45 * t.duration;
    }
    done();
  };
  requestAnimationFrame(look);
})"""


def computer_in_flight(page) -> None:
    """End the turn with a discard; when the computer's first card flies, freeze it."""
    page.locator('[data-seat="0"] [data-slot="H"]').last.click()
    page.locator('[data-seat="0"] [data-slot="D1"]').click()
    page.wait_for_selector('#table[data-turn="1"]')
    page.wait_for_timeout(800)  # the human's own discard has landed
    page.evaluate(FREEZE)


def editor_with_a_problem(page) -> None:
    """In the position editor: a 1 and a Skip-Bo card on building pile 1, then a 5 on
    building pile 2, which the engine refuses (the problem shown at that pile)."""
    for card, pile in (("1", "B1"), ("0", "B1"), ("5", "B2")):
        page.click(f'[data-editor] [data-action="ed-card"][data-card="{card}"]')
        page.click(f'[data-editor] [data-action="ed-pile"][data-pile="{pile}"]')
    page.wait_for_selector('[data-editor] .ed-pile[data-pile="B2"][data-problem="1"]')


def main(names: list[str]) -> int:
    rename = None
    if "--as" in names:
        at = names.index("--as")
        rename, names = names[at + 1], names[:at] + names[at + 2:]
        if len(names) != 1:
            print("--as needs exactly one shot", file=sys.stderr)
            return 2
    unknown = set(names) - set(SHOTS)
    if unknown:
        print(f"no such screenshot: {', '.join(sorted(unknown))} (known: {', '.join(SHOTS)})", file=sys.stderr)
        return 2
    DOCS.mkdir(exist_ok=True)
    with SiteServer(DIST) as server, sync_playwright() as pw:
        browser = pw.chromium.launch(**launch_args(pw))
        for name, (viewport, options, turns) in SHOTS.items():
            if names and name not in names:
                continue
            page = browser.new_context(viewport=viewport, device_scale_factor=1).new_page()
            open_game(page, server.url, **options)
            for _ in range(turns):
                wait_for_turn(page)
                play_turn(page)
            if not options.get("edit"):
                wait_for_turn(page)
            if name == "screenshot-flight.png":
                computer_in_flight(page)
            elif name == "screenshot-editor.png":
                editor_with_a_problem(page)
            else:
                page.locator('[data-seat="0"] [data-slot="H"]').first.click()  # a picked card and its piles
            page.mouse.move(0, 0)
            path = DOCS / (rename or name)
            page.screenshot(path=str(path))
            page.context.close()
            print(f"wrote {path}")
        browser.close()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

"""Take docs/screenshot.png: the built site in headless Chromium, a few turns into a game.

Run after ``python3 build.py``:  .venv/bin/python -m tools.screenshot
"""

from __future__ import annotations

import sys
from pathlib import Path

from playwright.sync_api import sync_playwright

from e2e.support import ME, click_move
from tools.browser import launch_args
from tools.server import SiteServer

ROOT = Path(__file__).resolve().parent.parent
SEED = 45
TURNS = 3


def main(out: Path = ROOT / "docs" / "screenshot.png") -> int:
    from skipbo_web.controller import Controller

    # Find human moves on the host: build what fits, then discard, for a few turns.
    ctrl = Controller(seed=SEED)
    clicks: list[str] = []
    for _ in range(TURNS):
        while True:
            moves = [str(m) for m in ctrl.game.legal_moves()]
            move = next((m for m in moves if ">B" in m), None) or next(m for m in moves if ">D" in m)
            clicks.append(move)
            ctrl.play(move)
            if ">D" in move or ctrl.game.is_over:
                break
    out.parent.mkdir(parents=True, exist_ok=True)
    with SiteServer(ROOT / "dist") as server, sync_playwright() as pw:
        browser = pw.chromium.launch(**launch_args(pw))
        page = browser.new_page(viewport={"width": 1000, "height": 900})
        page.goto(f"{server.url}?seed={SEED}&lang=en")
        page.wait_for_selector('#table[data-ready="1"]', timeout=60_000)
        for move in clicks:
            click_move(page, move)
        playable = page.locator(f'{ME} [data-playable="1"]')
        if playable.count():
            playable.first.click()  # show a selection and its legal targets
        page.screenshot(path=str(out), full_page=True)
        browser.close()
    print(f"wrote {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

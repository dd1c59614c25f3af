"""Helpers of the game's browser tests: open a seeded game through URL options, play
turns only through the page's data-* hooks, read what the page saved."""

from __future__ import annotations

import json
from pathlib import Path
from urllib.parse import urlencode

from playwright.sync_api import FrameLocator, Page

from e2e.support import BOOT_TIMEOUT_MS, READY
from skipbo_core import Game, Rules

ROOT = Path(__file__).resolve().parent.parent
AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
# What the bar holds (data-action, data-lang or name): every one must stay in sight and reach
BAR_CONTROLS = ("new", "speed", "en", "de", "da", "theme", "sound", "help", "records", "stats", "editor")
HUMAN_TURN = '#table[data-turn="{seat}"]:not([data-over]), #table[data-over="1"]'
NO_MATCH = {"version": 1, "target": None, "first": 0, "history": [], "game_no": 0, "seed": 1, "origin": ""}


def open_game(page: Page, base_url: str, **options: object) -> Page:
    """Load ``base_url`` with URL options (``speed=0`` and ``lang=en`` unless given) and
    wait until Python has taken over the table."""
    query = {"lang": "en", "speed": 0, **options}
    page.goto(f"{base_url}?{urlencode(query)}")
    page.wait_for_selector(READY, timeout=BOOT_TIMEOUT_MS)
    return page


def late_game(players: int, teams: bool = False) -> dict:
    """A game many turns on: everybody has discarded round and round, so every discard pile
    holds a long fan (9 cards with two players, 8 on two piles with more), and nobody played
    onto a building pile. Seat 0 (you) is to move, against computers (``ai:easy``)."""
    game = Game.new(Rules(players=players, stock_size=5 if players > 2 else 30, teams=teams or None),
                    seed=11, first=0)
    turns, piles = (36, 4) if players == 2 else (16, 2)  # six players: the draw pile lasts 16 rounds
    for turn in range(turns * players):
        hand = [m for m in game.legal_moves() if m.from_hand and m.is_discard]
        pile = f"D{turn // players % piles + 1}"
        game.play(next(m for m in hand if m.target_slot == pile))
    assert game.current_seat == 0 and not game.is_over
    record = game.to_record()
    record["players"] = [{"name": "", "kind": "human"}] + [{"name": "", "kind": "ai:easy"}] * (players - 1)
    return record


def resume(page: Page, base_url: str, record: dict, lang: str = "en") -> Page:
    """Open ``record`` (a game record) as the game in progress, at speed 0 (its moves since
    you last moved are the computer's turn the table marks)."""
    page.goto(f"{base_url}?lang={lang}&speed=0")
    page.evaluate("([r, m]) => { localStorage.clear(); localStorage.setItem('skipbo.current', r);"
                  " localStorage.setItem('skipbo.match', m); }", [json.dumps(record), json.dumps(NO_MATCH)])
    page.reload()
    page.wait_for_selector(READY, timeout=BOOT_TIMEOUT_MS)
    return page


def fresh_visit(page: Page) -> None:
    """Forget what the page saved (a tab kept for a whole module): the next address's game
    then starts at once, where a game in progress would be kept and the page would ask."""
    if page.url.startswith("http"):
        page.evaluate("localStorage.clear()")


def stored(page: Page, key: str = "skipbo.current") -> object:
    """What the page saved in localStorage under ``key`` (parsed JSON, or None)."""
    text = page.evaluate("k => localStorage.getItem(k)", key)
    return None if text is None else json.loads(text)


def over(page: Page) -> bool:
    return page.locator('#table[data-over="1"]').count() > 0


def wait_for_turn(page: Page, seat: int = 0, timeout: float = 30_000) -> None:
    """Until seat ``seat`` is to move, or the game is over."""
    page.wait_for_selector(HUMAN_TURN.format(seat=seat), timeout=timeout)


def click_one_move(root: Page | FrameLocator, discard: int = 1) -> None:
    """One move of seat 0 by two clicks in ``root`` (a page, or the frame of an embedded
    table): a card the page marks playable onto the first building pile that lights up,
    else the last hand card onto discard pile ``discard``."""
    playable = root.locator('[data-seat="0"] [data-playable="1"]')
    if playable.count():
        playable.first.click()
        root.locator('[data-slot^="B"][data-legal="1"]').first.click()
    else:
        root.locator('[data-seat="0"] [data-slot="H"]').last.click()
        root.locator(f'[data-seat="0"] [data-slot="D{discard}"]').click()


def play_turn(page: Page, seat: int = 0) -> list[str]:
    """Play one turn of ``seat`` by clicks only: every card that the page marks playable
    goes onto the first building pile that lights up; then the last hand card goes onto
    discard pile 1 (or the turn ends, when the hand is empty and nothing can be drawn).
    Returns the clicked moves (as the move log shows them)."""
    me = f'[data-seat="{seat}"]'
    played = []
    for _ in range(60):
        if over(page):
            return played
        logged = moves_played(page)
        source = page.locator(f'{me} [data-playable="1"]')
        if source.count():
            source.first.click()
            page.locator('[data-slot^="B"][data-legal="1"]').first.click()
            played.append(logged_move(page, logged))
            continue
        end = page.locator('[data-action="end"]')
        if end.count():
            end.click()
        else:
            page.locator(f'{me} [data-slot="H"]').last.click()
            page.locator(f'{me} [data-slot="D1"]').click()
        played.append(logged_move(page, logged))
        return played
    raise AssertionError("a turn that never ends")


def moves_played(page: Page) -> int:
    """How many moves the log counts (it shows only the newest ones)."""
    return int(page.locator(".log ol").get_attribute("data-count") or 0)


def logged_move(page: Page, index: int) -> str:
    """The move with ``index`` (0 = the game's first) as the log shows it. Waits for it:
    a loaded machine may answer a click after Playwright has returned from it."""
    return page.evaluate_handle(
        """async i => {
            for (let waited = 0; waited < 10000; waited += 50) {
                const ol = document.querySelector('.log ol');
                const count = Number(ol.dataset.count);
                if (count > i) return ol.children[count - 1 - i].dataset.move;  // the newest first
                await new Promise(done => setTimeout(done, 50));
            }
            throw new Error('move ' + i + ' never reached the log');
        }""",
        index,
    ).json_value()


def table_state(page: Page) -> dict[str, object]:
    """The game as the DOM shows it, through the stable hooks."""
    return page.evaluate("""() => {
      const t = document.getElementById("table");
      const all = (sel, attr) => [...t.querySelectorAll(sel)].map(e => e.getAttribute(attr));
      return {
        turn: t.dataset.turn, over: t.dataset.over || null,
        hand: all('[data-slot="H"]', "data-card"),
        next: all('[data-slot^="B"]', "data-next"),
        tops: all('[data-seat] [data-slot="S"], [data-seat] [data-slot^="D"]', "data-top"),
        moves: all(".log [data-move]", "data-move").reverse(),  // in play order (the log shows the newest first)
      };
    }""")


def axe_scan_table_and_sheets(page: Page, sheets: tuple[str, ...] = ("help", "new")) -> list[dict]:
    """axe-core's findings on the table with a picked card (lit piles), then with each of
    ``sheets`` open (the bar's ``data-action``)."""
    page.locator('[data-seat="0"] [data-slot="H"]').first.click()
    findings = axe_scan(page)
    for action in sheets:
        page.click(f'#bar [data-action="{action}"]')
        findings += axe_scan(page)
        page.keyboard.press("Escape")
    return findings


def axe_scan(page: Page) -> list[dict]:
    """axe-core's serious and critical findings on the page as it is now."""
    # evaluated by the test, not added as an inline <script>: the page's policy refuses those
    page.evaluate(AXE.read_text(encoding="utf-8") + "\n;undefined")
    result = page.evaluate("""async () => {
      const r = await axe.run(document, {resultTypes: ["violations"]});
      return r.violations.map(v => ({id: v.id, impact: v.impact, help: v.help,
                                     nodes: v.nodes.slice(0, 3).map(n => n.target.join(" "))}));
    }""")
    return [v for v in result if v["impact"] in ("serious", "critical")]

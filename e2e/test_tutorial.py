"""The tutorial in the browser: played to the win only by clicking what lights up; a
wrong move refused; left, reloaded and resumed; Danish; a damaged save; and the normal
saved game never touched."""

from __future__ import annotations

import json

from playwright.sync_api import Page
from skipbo_web.i18n import t
from skipbo_web.state.saves import TUTORIAL_KEY
from skipbo_web.state.tutorial import STEP_COUNT, STEPS

from e2e.game_support import axe_scan, stored
from e2e.support import BOOT_TIMEOUT_MS, READY
from skipbo_core import Game, Rules

COACH = "#coach .coach-text"


def seed_storage(page: Page, items: dict[str, str]) -> None:
    """Put ``items`` into localStorage before the page's first script runs (once per tab,
    so that a reload finds what the page saved meanwhile)."""
    page.add_init_script(f"""
      if (!sessionStorage.getItem("seeded")) {{
        const items = {json.dumps(items)};
        for (const k in items) localStorage.setItem(k, items[k]);
        sessionStorage.setItem("seeded", "1");
      }}""")


def normal_save() -> dict[str, str]:
    """A normal game in progress, as the page saves it."""
    game = Game.new(Rules(players=2, stock_size=5), seed=11,
                    players=[{"name": "", "kind": "human"}, {"name": "", "kind": "ai:medium"}])
    match = {"version": 1, "target": None, "first": 0, "history": [], "game_no": 0, "seed": 11, "origin": "",
             "practice": False}  # as the page saves a single game's match
    return {"skipbo.current": json.dumps(game.to_record(), separators=(",", ":")),
            "skipbo.match": json.dumps(match, separators=(",", ":"))}


def load(page: Page, url: str) -> None:
    page.goto(url)
    page.wait_for_selector(READY, timeout=BOOT_TIMEOUT_MS)


def step_key(page: Page) -> str | None:
    box = page.locator(COACH)
    return box.get_attribute("data-step") if box.count() else None


def wait_step(page: Page, index: int) -> None:
    page.wait_for_selector(f'{COACH}[data-step="{STEPS[index].key}"]', timeout=15_000)
    assert page.locator("#coach .coach-progress").inner_text() == t("en", "tut.progress", k=index + 1, n=STEP_COUNT)


def do_step(page: Page, index: int) -> int:
    """What step ``index`` asks, by clicking only what lights up; the step reached (the
    computer's turns pass at once at speed 0)."""
    act(page, index)
    index += 2 if STEPS[index + 1].kind == "computer" else 1
    wait_step(page, index)
    return index


def act(page: Page, index: int) -> None:
    """Click what step ``index`` lights up: Next, or the card and the pile of its move."""
    step = STEPS[index]
    if step.kind == "explain":
        page.click('#coach [data-action="tutorial-next"]')
    elif step.kind == "move":
        source = page.locator('[data-coach="from"]')
        if source.first.evaluate("e => e.classList.contains('hand')"):
            source = source.locator('[data-slot="H"]')  # the free step: any hand card
        source.last.click()
        page.locator('[data-coach="to"]').last.click()


def test_the_tutorial_played_by_clicks_left_resumed_and_won(watched, site) -> None:
    page = watched.page
    saved = normal_save()
    seed_storage(page, saved)
    load(page, f"{site.url}?lang=en&speed=0")  # the saved game; Learn to play on the new-game screen
    page.click('[data-action="new"]')
    page.click('#sheet [data-action="tutorial-start"]')
    wait_step(page, 0)
    index = 0
    while STEPS[index].key != "start_pile":
        index = do_step(page, index)

    # A legal move that is not the lesson's: refused gently, nothing changes.
    before = stored(page, TUTORIAL_KEY)
    page.click('[data-seat="0"] [data-slot="H"][data-card="1"]')
    page.click('[data-slot="B2"]')
    page.wait_for_selector('.message[data-message="tut.refused_build"]')
    assert stored(page, TUTORIAL_KEY) == before and page.get_attribute('[data-slot="B2"]', "data-next") == "1"
    page.keyboard.press("Escape")

    index = do_step(page, index)

    # One step by keyboard: key 2 picks the second hand card (the 2), Enter puts it on the
    # building pile that gets the focus.
    assert STEPS[index].key == "one_up"
    page.keyboard.press("2")
    page.keyboard.press("Enter")
    index += 1
    wait_step(page, index)
    while STEPS[index].key != "stock_next":
        index = do_step(page, index)

    # Leave mid-way: the normal game is back, its save untouched; a reload shows it.
    page.click('#coach [data-action="tutorial-leave"]')
    page.wait_for_selector("#coach", state="hidden")
    assert page.locator('[data-slot="S"][data-count="5"]').count() == 2
    load(page, page.url)
    assert page.locator("#coach").is_hidden()
    assert {k: page.evaluate("k => localStorage.getItem(k)", k) for k in saved} == saved

    # Come back from the new-game screen: the tutorial resumes at the same step.
    page.click('[data-action="new"]')
    resume = page.locator('#sheet [data-action="tutorial-resume"]')
    assert resume.inner_text() == t("en", "tut.resume", k=index + 1, n=STEP_COUNT)
    resume.click()
    wait_step(page, index)

    while index < STEP_COUNT - 1:
        index = do_step(page, index)
    page.wait_for_selector('#table[data-over="1"]')
    assert page.locator(COACH).inner_text() == t("en", "tut.won")
    assert stored(page, TUTORIAL_KEY)["step"] == STEP_COUNT - 1
    assert {k: page.evaluate("k => localStorage.getItem(k)", k) for k in saved} == saved
    assert stored(page, "skipbo.stats") is None  # a lesson won is not a game played
    load(page, page.url)  # a finished tutorial does not come back by itself
    assert page.locator("#coach").is_hidden() and page.locator('[data-slot="S"][data-count="5"]').count() == 2


def test_danish_a_damaged_save_and_leaving_on_a_first_visit(watched, site) -> None:
    page = watched.page
    seed_storage(page, {TUTORIAL_KEY: '{"version": 1, "step": "x"}'})
    load(page, f"{site.url}?tutorial=1&lang=da&speed=0")
    page.wait_for_selector('[data-notice="notice.tutorial_bad_save"]')
    assert page.evaluate("localStorage.getItem('skipbo.aside.tutorial')") == '{"version": 1, "step": "x"}'
    assert page.locator(COACH).inner_text() == t("da", "tut.welcome")
    assert page.locator("#coach .coach-live").text_content() == t("da", "tut.welcome")  # for screen readers
    assert page.locator("#coach h2").inner_text() == t("da", "tut.title")
    assert stored(page, TUTORIAL_KEY)["step"] == 0 and stored(page) is None
    page.click('#coach [data-action="tutorial-next"]')
    page.click('#coach [data-action="tutorial-next"]')  # a move step: its piles light up
    page.wait_for_selector('[data-coach="to"]')
    assert axe_scan(page) == []
    # On a phone the coach box is in view at the top and covers none of the lit piles.
    page.set_viewport_size({"width": 360, "height": 640})
    page.evaluate("window.scrollTo(0, 0)")
    box = page.locator("#coach").bounding_box()
    assert box["y"] >= 0 and box["y"] + box["height"] <= 640 and box["x"] + box["width"] <= 360
    for lit in page.locator("[data-coach]").all():
        pile = lit.bounding_box()
        assert pile["y"] >= box["y"] + box["height"] or pile["y"] + pile["height"] <= box["y"]
    # Leaving on a first visit shows the new-game screen, which offers to go on or restart.
    page.click('#coach [data-action="tutorial-leave"]')
    page.wait_for_selector("#sheet[open] form#setup")
    assert "tutorial" not in page.url and stored(page) is not None
    page.click('#sheet [data-action="tutorial-restart"]')
    page.wait_for_selector(f'{COACH}[data-step="welcome"]')


def test_the_records_sheet_shares_the_tutorial_itself(watched, site) -> None:
    """A teacher in the tutorial gets a link that opens the tutorial (not a note that the
    game cannot be dealt again), and the link works."""
    page = watched.page
    load(page, f"{site.url}?tutorial=1&lang=de&speed=0")
    wait_step_de = f'{COACH}[data-step="{STEPS[0].key}"]'
    page.wait_for_selector(wait_step_de)
    page.click('#coach [data-action="tutorial-next"]')
    page.click('#bar [data-action="records"]')
    link = page.input_value("#share-url")
    assert link == f"{site.url}?tutorial=1&lang=de"
    assert page.locator("#sheet .share-notes").inner_text() == t("de", "records.share_tutorial")
    page.keyboard.press("Escape")
    page.click('#coach [data-action="tutorial-leave"]')
    page.evaluate("k => localStorage.removeItem(k)", TUTORIAL_KEY)  # as for a pupil's first visit
    load(page, link)
    page.wait_for_selector(wait_step_de)
    assert page.get_attribute("html", "lang") == "de"


SIZES = """() => {
  const box = document.querySelector('#coach .coach-box').getBoundingClientRect();
  const lit = [...document.querySelectorAll('#table [data-coach], #table .center')].map(e => e.getBoundingClientRect());
  return {card: document.querySelector('.me [data-slot="H"] .card').getBoundingClientRect().width,
          table: document.getElementById('table').getBoundingClientRect().top,
          covers: lit.filter(r => r.top < box.bottom - 0.5).length};
}"""


def test_on_a_phone_the_table_keeps_its_size_through_the_lesson(browser, site) -> None:
    """At 360x740 the table grew and shrank at every step (your cards 37 <-> 54 px) as the
    lesson's box grew and shrank with its text. Now the box keeps one height in the page
    and a longer lesson lays over the other player's area: the table keeps one size, and
    the box never covers the building piles or what the lesson lights up."""
    context = browser.new_context(viewport={"width": 360, "height": 740}, has_touch=True, is_mobile=True,
                                  service_workers="block")
    page = context.new_page()
    load(page, f"{site.url}?tutorial=1&lang=de&speed=0")
    seen, index = [], 0
    while index < STEP_COUNT - 1:
        page.wait_for_selector(f'{COACH}[data-step="{STEPS[index].key}"]', timeout=15_000)
        page.wait_for_timeout(50)
        seen.append((STEPS[index].key, page.evaluate(SIZES)))
        act(page, index)
        index += 2 if STEPS[index + 1].kind == "computer" else 1
    context.close()
    assert len(seen) > 20
    cards = {round(s["card"], 1) for _, s in seen}
    tops = {round(s["table"]) for _, s in seen}
    assert len(cards) == 1 and len(tops) == 1, f"the table changed its size: {seen}"
    assert min(cards) >= 44
    covered = [key for key, s in seen if s["covers"]]
    assert covered == [], f"the lesson's box covers the building piles or what it lights up: {covered}"

"""docs/teaching-example.html, as a teaching site would show it: the lesson page in a
sandboxed ``<iframe>`` of another site, the game in its own frame inside it. Its buttons
steer the game through the host API; the test reads what the lesson shows (answers,
events, the sentence under the game) and what the game's table shows, and checks that
the lesson ignores messages that do not come from its game frame; a puzzle below it is
played in a frame of its own.
"""

from __future__ import annotations

import os

import pytest
from playwright.sync_api import Browser, Frame, FrameLocator, Page, expect

from e2e.support import BOOT_TIMEOUT_MS, READY, Watched

SCHOOL = """<!doctype html><html lang="en"><head><meta charset="utf-8"><title>A school's site</title>
<link rel="icon" href="data:,"></head><body>
<iframe id="lesson" src="{src}" title="Lesson" width="1240" height="2200" style="border:0"
        sandbox="allow-scripts allow-same-origin allow-popups allow-popups-to-escape-sandbox"></iframe>
</body></html>"""


def open_example(page: Page, host_dir, host, site) -> tuple[FrameLocator, FrameLocator, Frame]:
    """The school's page (``host``) around the example page (the game's site) around the game."""
    (host_dir / "school.html").write_text(SCHOOL.format(src=f"{site.url}teaching-example.html"), encoding="utf-8")
    page.set_viewport_size({"width": 1280, "height": 900})
    page.goto(host.url + "school.html")
    lesson = page.frame_locator("#lesson")
    game = lesson.frame_locator("#game")
    game.locator(READY).wait_for(timeout=BOOT_TIMEOUT_MS)
    frame = next(f for f in page.frames if f.url.startswith(f"{site.url}teaching-example.html"))
    return lesson, game, frame


def click(lesson: FrameLocator, name: str) -> None:
    n = lesson.locator("#answers li").count()
    lesson.get_by_role("button", name=name, exact=True).click()
    expect(lesson.locator("#answers li")).to_have_count(n + 1)


def last_answer(lesson: FrameLocator):
    return lesson.locator("#answers li").last


def test_the_lesson_steers_its_game_and_shows_what_it_hears(watched: Watched, host_dir, host, site) -> None:
    page = watched.page
    lesson, game, frame = open_example(page, host_dir, host, site)
    said = lesson.locator("#said")
    expect(lesson.locator("#events li").first).to_have_text("ready: You, Computer")
    expect(said).to_have_text("The game is ready.")
    # the frame is locked to the lesson's origin (host=), and plays the lesson's deal
    assert f"host={site.url.rstrip('/').replace(':', '%3A').replace('/', '%2F')}" in \
        lesson.locator("#game").get_attribute("src")
    expect(game.locator('[data-seat="0"] [data-slot="S"]')).to_have_attribute("data-top", "3")

    # the stock rule: the stock card lit up, with the caption
    click(lesson, "Show my stock card")
    expect(last_answer(lesson)).to_contain_text("highlight: ok")
    expect(game.locator('[data-highlight="1"]')).to_have_count(1)
    expect(game.locator("#caption")).to_have_text("Your stock card. Emptying the stock wins the game.")
    click(lesson, "Show the Skip-Bo card")
    expect(game.locator('[data-highlight="1"]')).to_have_count(2)

    # a hint, then the moves of the text; each answered and reported as a move event
    click(lesson, "Ask for a hint")
    expect(last_answer(lesson)).to_contain_text("hint: ok")
    expect(said).to_contain_text("Hint:")
    expect(game.locator('[data-hint="1"]')).not_to_have_count(0)
    for move in ("H1>B1", "HSB>B1"):
        click(lesson, f"Play {move}")
        expect(said).to_have_text(f"Played {move}.")
        expect(lesson.locator("#events li").last).to_have_text(f"move: turn 1, You played {move}")
    expect(game.locator('[data-slot="B1"]')).to_have_attribute("data-top", "SB")

    # undo takes the Skip-Bo card back (a practice game); the lesson's line again, to the stock card
    click(lesson, "Take the last move back")
    expect(said).to_have_text("Took back HSB>B1.")
    expect(lesson.locator("#events li").last).to_have_text("undo")
    expect(game.locator('[data-slot="B1"]')).to_have_attribute("data-top", "1")
    for move in ("HSB>B1", "S>B1"):
        click(lesson, f"Play {move}")
        expect(said).to_have_text(f"Played {move}.")
    expect(game.locator('[data-slot="B1"]')).to_have_attribute("data-top", "3")
    expect(game.locator('[data-seat="0"] [data-slot="S"]')).to_have_attribute("data-top", "11")

    # refusals are shown as errors and change nothing: the stock move turned up a hidden card,
    # and the 1 is already on the pile
    click(lesson, "Take the last move back")
    expect(last_answer(lesson)).to_contain_text("undo: error")
    expect(said).to_have_text("the last move showed a hidden card, so it stays")
    click(lesson, "Play H1>B1")
    expect(last_answer(lesson)).to_contain_text('"code":"illegal-move"')
    expect(said).to_have_attribute("data-type", "error")
    expect(game.locator('[data-slot="B1"]')).to_have_attribute("data-top", "3")

    # the recorded game: open, step to the move before the completion, then see the pile leave
    click(lesson, "Open the recorded game")
    expect(said).to_have_text("The record is open in the replay viewer: move 0 of 23.")
    board = game.locator('[data-replay="1"]')
    click(lesson, "Go to move 18")
    expect(board).to_have_attribute("data-step", "18")
    expect(board.locator('[data-slot="B1"]')).to_have_attribute("data-count", "11")
    click(lesson, "One move forward")
    expect(said).to_have_text("Move 19 of 23 (turn 5): H12>B1.")
    expect(board.locator('[data-slot="B1"]')).to_have_attribute("data-count", "0")
    expect(board.locator("[data-completed]")).to_have_attribute("data-completed", "12")
    click(lesson, "One move back")
    expect(board).to_have_attribute("data-step", "18")
    click(lesson, "Close the record")
    expect(board).to_have_count(0)

    # the game's language; then a fresh deal of the lesson's game
    click(lesson, "Deutsch")
    expect(game.locator("html")).to_have_attribute("lang", "de")
    click(lesson, "Deal the lesson's game")
    expect(said).to_have_text("A new game is dealt: Du against Computer.")
    expect(lesson.locator("#events li").last).to_have_text("newgame: Du, Computer")
    expect(game.locator('[data-slot="B1"]')).to_have_attribute("data-top", "")

    # the puzzle below the lesson: its own frame, solved there by a move of the player's choice
    board = lesson.frame_locator("#puzzle")
    board.locator(READY).wait_for(timeout=BOOT_TIMEOUT_MS)
    box = board.locator("#puzzle")
    expect(box).to_have_attribute("data-puzzle", "13")
    board.locator('[data-seat="0"] [data-slot="H"][data-card="11"]').click()
    board.locator('[data-seat="0"] [data-slot="D3"]').click()
    expect(box).to_have_attribute("data-status", "reached")
    expect(lesson.locator("#puzzle-said")).to_have_text("You played H11>D3.")


def test_the_lesson_ignores_messages_from_other_windows(watched: Watched, host_dir, host, site) -> None:
    page = watched.page
    lesson, game, frame = open_example(page, host_dir, host, site)
    expect(lesson.locator("#events li")).to_have_count(1)
    ignored = lesson.locator("#ignored")
    start = int(ignored.inner_text())
    forged = {"source": "skipbo", "version": 1, "type": "move", "turn": 9, "name": "Mallory", "move": "S>B1"}
    # from the school's page: another origin
    page.evaluate("m => document.getElementById('lesson').contentWindow.postMessage(m, '*')", forged)
    expect(ignored).to_have_text(str(start + 1))
    # from the lesson's own window: the game's origin, but not the game's window
    frame.evaluate("m => window.postMessage(m, '*')", forged)
    expect(ignored).to_have_text(str(start + 2))
    # a forged answer to a command the lesson is waiting for does not count either
    frame.evaluate("m => window.postMessage(m, '*')", {**forged, "type": "ok", "command": "hint", "id": 1,
                                                        "text": "Hint: trust Mallory"})
    expect(ignored).to_have_text(str(start + 3))
    assert lesson.locator("#answers li").count() == 0
    expect(lesson.locator("#events li")).to_have_count(1)
    expect(lesson.locator("#said")).to_have_text("The game is ready.")
    # and the real game still answers
    click(lesson, "Show my stock card")
    expect(game.locator('[data-highlight="1"]')).to_have_count(1)


def test_the_lessons_buttons_work_in_the_order_the_text_gives_them(watched: Watched, host_dir, host, site) -> None:
    """Section 2 read top to bottom: every button once, and after "Take the last move back"
    the move before it again (as the text says). Every answer is ok: the undo comes
    before the stock move, which turns up a hidden card and could not be taken back."""
    lesson, game, _ = open_example(watched.page, host_dir, host, site)
    buttons = lesson.locator("#wild button")
    labels = [label.strip() for label in buttons.all_inner_texts()]
    assert labels.count("Take the last move back") == 1
    played = []
    for label in labels:
        click(lesson, label)
        expect(last_answer(lesson)).not_to_contain_text("error")
        if label.startswith("Play "):
            played.append(label)
        elif label == "Take the last move back":
            expect(lesson.locator("#said")).to_have_text(f"Took back {played[-1][5:]}.")
            click(lesson, played[-1])  # "Play it again with the button before"
            expect(last_answer(lesson)).not_to_contain_text("error")
    assert played == ["Play H1>B1", "Play HSB>B1", "Play S>B1"]
    expect(game.locator('[data-slot="B1"]')).to_have_attribute("data-top", "3")
    expect(game.locator('[data-seat="0"] [data-slot="S"]')).to_have_attribute("data-top", "11")


FITS = """() => {
  const view = document.documentElement.clientWidth;
  const wider = [...document.querySelectorAll('body *')]
    .filter(e => e.getBoundingClientRect().right > view + 0.5).map(e => e.tagName.toLowerCase() + '#' + e.id);
  const inside = document.getElementById('game').contentDocument.documentElement;
  return {scroll: document.documentElement.scrollWidth, view, wider,
          game: [inside.scrollWidth, inside.clientWidth]};
}"""


@pytest.mark.parametrize("width", [360, 390])
def test_the_lesson_fits_a_phone(browser: Browser, site, width: int) -> None:
    """On a phone held upright the lesson page scrolled sideways: its game frame was 420 px
    wide at any size. Now the page is as wide as the screen, and so is the game's frame,
    whose table fits it without scrolling sideways either."""
    context = browser.new_context(viewport={"width": width, "height": 800}, has_touch=True, is_mobile=True)
    page = context.new_page()
    page.goto(f"{site.url}teaching-example.html")
    page.frame_locator("#game").locator(READY).wait_for(timeout=BOOT_TIMEOUT_MS)
    page.locator("#game").scroll_into_view_if_needed()
    if os.environ.get("SKIPBO_LAYOUT_SHOTS"):  # a folder to keep a screenshot in
        page.screenshot(path=os.path.join(os.environ["SKIPBO_LAYOUT_SHOTS"], f"teaching-example-{width}.png"))
    seen = page.evaluate(FITS)
    context.close()
    assert seen["scroll"] <= width and seen["wider"] == [], f"the page scrolls sideways: {seen}"
    assert seen["game"][0] <= seen["game"][1], f"the game scrolls sideways in its frame: {seen['game']}"

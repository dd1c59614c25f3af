"""Feedback where the eye is: a refused move says why at the pile that was tapped (it shakes,
or flashes when the device asks for reduced motion, and the reason stands beside it), not
only in the line under the table (y = 713 of 800); the keyboard's focus on a lit pile is
another ring than the lit piles' glow; the chosen language is not in the yellow that says
whose turn it is."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page

from e2e.game_support import open_game

NOTE = """() => { const n = document.querySelector('.refusal');
  if (!n || n.hidden) return null;
  const r = n.getBoundingClientRect(), p = document.querySelector('[data-refused="1"]');
  return {text: n.textContent, box: r.toJSON(), message: document.querySelector('#table .message').textContent,
          pile: p ? p.dataset.slot : null, pileBox: p ? p.getBoundingClientRect().toJSON() : null,
          moves: p ? p.getAnimations().map(a => a.animationName) : [],
          ring: p ? getComputedStyle([...p.querySelectorAll('.card')].pop()).outlineColor : null}; }"""


def rgb(text: str) -> tuple[float, ...]:
    return tuple(float(v) for v in re.findall(r"[\d.]+", text)[:3])


@pytest.mark.parametrize("lang", ["en", "de", "da"])
def test_a_refused_move_says_why_at_the_pile(page: Page, site, lang: str) -> None:
    open_game(page, site.url, players=2, seed=3, lang=lang)
    page.click('[data-slot="B2"]')  # nothing picked: a building pile is no card to play
    seen = page.evaluate(NOTE)
    assert seen is not None, "no reason beside the pile"
    assert seen["pile"] == "B2" and seen["text"] == seen["message"] != ""
    assert "refuse-shake" in seen["moves"]
    red, green, blue = rgb(seen["ring"])
    assert red > 200 and green < 120 and blue < 120, seen["ring"]  # its card ringed in red
    note, pile = seen["box"], seen["pileBox"]
    assert note["left"] < pile["right"] and note["right"] > pile["left"]  # over or under the pile itself
    gap = min(abs(pile["top"] - note["bottom"]), abs(note["top"] - pile["bottom"]))
    assert gap <= 12, (note, pile)
    assert page.get_attribute(".refusal", "aria-hidden") == "true"  # the status line speaks for it
    page.wait_for_selector(".refusal", state="hidden", timeout=6000)  # a few seconds, then gone
    assert page.locator('[data-refused="1"]').count() == 0


def test_with_reduced_motion_a_refusal_flashes_instead(page: Page, site) -> None:
    page.emulate_media(reduced_motion="reduce")
    open_game(page, site.url, players=2, seed=3)
    hand = page.locator('[data-seat="0"] [data-slot="H"]:not([data-playable="1"])').first
    hand.click()  # a card that cannot go onto any building pile ...
    page.click('[data-slot="B1"]')  # ... onto one
    seen = page.evaluate(NOTE)
    assert seen is not None and seen["pile"] == "B1" and seen["text"] == seen["message"]
    assert seen["moves"] == ["refuse-flash"]


def test_a_playable_card_and_a_lit_piles_focus_stand_out(page: Page, site) -> None:
    open_game(page, site.url, players=2, seed=3)
    ring = page.evaluate("""() => getComputedStyle(
        document.querySelector('[data-seat="0"] [data-playable="1"] .card')).boxShadow""")
    assert len(re.findall(r"rgb", ring)) >= 3 and "rgb(255, 255, 255) 0px 0px 0px 2px" not in ring, ring
    page.locator('[data-seat="0"] [data-playable="1"]').first.click()
    page.keyboard.press("Shift")  # the keyboard is in use: focus shows
    page.evaluate("document.querySelector('[data-slot^=\"B\"][data-legal=\"1\"]').focus()")
    seen = page.evaluate("""() => { const p = document.activeElement, st = getComputedStyle(p),
        glow = getComputedStyle(p, '::after');
      return {legal: p.dataset.legal, focus: p.matches(':focus-visible'), style: st.outlineStyle,
              colour: st.outlineColor, offset: parseFloat(st.outlineOffset),
              glow: glow.borderTopColor, glowOut: -parseFloat(glow.top)}; }""")
    assert seen["legal"] == "1" and seen["focus"], seen
    # a dashed ring of another colour, wholly outside the glow
    assert seen["style"] == "dashed" and sum(abs(a - b) for a, b in zip(rgb(seen["colour"]), rgb(seen["glow"]))) > 150
    assert seen["offset"] > seen["glowOut"], seen


def test_the_chosen_language_is_not_the_yellow_of_the_turn(page: Page, site) -> None:
    open_game(page, site.url, players=2, seed=3)
    colours = page.evaluate("""() => ({lang: getComputedStyle(document.querySelector(
        '#bar [data-lang][aria-pressed="true"]')).backgroundColor,
      other: getComputedStyle(document.querySelector('#bar [data-lang][aria-pressed="false"]')).backgroundColor,
      turn: getComputedStyle(document.querySelector('.tag.now')).backgroundColor})""")
    lang, other, turn = (rgb(colours[k]) for k in ("lang", "other", "turn"))
    assert sum(abs(a - b) for a, b in zip(lang, turn)) > 150, colours  # plainly another colour
    assert sum(abs(a - b) for a, b in zip(lang, other)) > 150, colours  # still plainly the chosen one

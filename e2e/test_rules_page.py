"""The built rules page (dist/rules.html) in headless Chromium: it opens at a rule in the
asked language, switches language in place, follows the browser's language, fits a phone,
and stays inside the site (also under a sub-path). No Python runs on this page.

Every test's page is also checked (``watched`` in conftest.py) for console errors and for
requests to any host but 127.0.0.1.
"""

from __future__ import annotations

from urllib.parse import urlsplit

from playwright.sync_api import Browser, expect

from e2e.support import DIST, Watched
from tools import rules_page
from tools.csp import with_policy
from tools.rules_text import PAGE, RULES, SECTIONS


def visible_heading(page, key: str):
    return page.locator(f"#{key} h2:visible")


def test_the_built_page_is_the_rendered_catalogue() -> None:
    assert (DIST / "rules.html").read_text(encoding="utf-8") == with_policy("rules.html", rules_page.render())


def test_opens_at_the_rule_in_german_and_switches_to_danish(watched: Watched, site) -> None:
    page = watched.page
    page.goto(f"{site.url}rules.html?lang=de#rule-building")
    assert page.evaluate("document.documentElement.lang") == "de"
    assert page.title() == PAGE["de"]["title"]
    heading = visible_heading(page, "rule-building")
    expect(heading).to_have_text(RULES["de"]["rule-building"].title)
    expect(heading).to_be_in_viewport()
    assert page.evaluate("document.querySelector(':target').id") == "rule-building"
    expect(page.locator("#rule-building").get_by_text("Eine Skip-Bo-Karte zählt genau")).to_be_visible()
    expect(page.locator("h1:visible")).to_have_text(PAGE["de"]["heading"])
    assert page.locator("#rule-building .card:visible").all_inner_texts()[:6] == ["1", "2", "3", "4", "5", "Skip-Bo"]

    page.locator('a[data-set-lang="da"]:visible').click()
    assert page.evaluate("document.documentElement.lang") == "da"
    expect(heading).to_have_text(RULES["da"]["rule-building"].title)
    expect(heading).to_be_in_viewport()
    assert page.title() == PAGE["da"]["title"]
    assert urlsplit(page.url).query == "lang=da" and urlsplit(page.url).fragment == "rule-building"
    current = page.locator('a[data-set-lang="da"]:visible')
    expect(current).to_have_attribute("aria-current", "true")
    expect(current).to_be_focused()
    expect(page.locator('[data-l="de"]:visible')).to_have_count(0)

    assert {urlsplit(u).path for u in watched.requests} <= {"/rules.html", "/favicon.svg"}


def test_every_rule_is_listed_and_reachable_from_the_contents(watched: Watched, site) -> None:
    page = watched.page
    page.goto(f"{site.url}rules.html?lang=en")
    toc = page.locator("nav.toc:visible a")
    assert toc.all_inner_texts() == [RULES["en"][key].title for key in SECTIONS]
    toc.filter(has_text=RULES["en"]["rule-stall"].title).click()
    assert urlsplit(page.url).fragment == "rule-stall"
    expect(visible_heading(page, "rule-stall")).to_be_in_viewport()


def test_the_browser_language_is_the_default(browser: Browser, site) -> None:
    for locale, lang in (("da-DK", "da"), ("de-AT", "de"), ("fr-FR", "en")):
        context = browser.new_context(locale=locale)
        page = context.new_page()
        errors: list[str] = []
        page.on("console", lambda msg, errors=errors: errors.append(msg.text) if msg.type == "error" else None)
        page.goto(f"{site.url}rules.html")
        assert page.evaluate("document.documentElement.lang") == lang, locale
        expect(page.locator("h1:visible")).to_have_text(PAGE[lang]["heading"])
        page.goto(f"{site.url}rules.html?lang=xx")  # an unknown language: the browser's again
        assert page.evaluate("document.documentElement.lang") == lang, locale
        assert errors == []
        context.close()


def test_fits_a_phone_screen(watched: Watched, site) -> None:
    page = watched.page
    page.set_viewport_size({"width": 360, "height": 740})
    for lang in ("de", "da", "en"):
        page.goto(f"{site.url}rules.html?lang={lang}#rule-notation")
        assert page.evaluate("document.documentElement.scrollWidth") <= 360, lang


def test_links_stay_inside_the_site_under_a_sub_path(watched: Watched, site_under_path) -> None:
    page = watched.page
    page.goto(f"{site_under_path.url}rules.html?lang=da#rule-teams")
    expect(visible_heading(page, "rule-teams")).to_have_text(RULES["da"]["rule-teams"].title)
    back = page.locator("a.back:visible")
    assert back.evaluate("a => a.href") == f"{site_under_path.url}index.html"
    hrefs = page.eval_on_selector_all("a[href]", "els => els.map(a => a.href)")
    assert all(h.startswith(site_under_path.url) for h in hrefs)

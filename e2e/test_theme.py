"""The light and the dark table in a real browser: the device's setting is followed, the
switch is remembered across a reload, theme= in the address wins for that visit, a bad
value gets the usual notice, and the dark table passes the accessibility scan."""

from __future__ import annotations

from playwright.sync_api import Browser, Page

from e2e.game_support import axe_scan_table_and_sheets, open_game, stored
from e2e.support import BOOT_TIMEOUT_MS, READY, Watched

DARK_FELT = "rgb(22, 32, 28)"  # --felt of :root[data-theme="dark"]


def theme(page: Page) -> tuple[str, str]:
    """(the colours shown, the choice) as the page's root says."""
    root = "document.documentElement.dataset"
    return tuple(page.evaluate(f"[{root}.theme, {root}.themeChoice]"))


def felt(page: Page) -> str:
    return page.evaluate("getComputedStyle(document.body).backgroundColor")


def test_the_device_setting_is_followed_from_the_first_paint(browser: Browser, site) -> None:
    for scheme, shown in (("dark", "dark"), ("light", "light")):
        context = browser.new_context(color_scheme=scheme, service_workers="block")
        page = context.new_page()
        page.route("**/vendor/pyscript/core.js", lambda route: route.abort())  # the first paint alone
        page.goto(site.url + "?seed=3")
        assert theme(page) == (shown, "auto")
        assert (felt(page) == DARK_FELT) == (scheme == "dark")
        context.close()


def test_auto_follows_the_device_when_it_changes(watched: Watched, site) -> None:
    page = watched.page
    page.emulate_media(color_scheme="light")
    open_game(page, site.url, seed=3)
    assert theme(page) == ("light", "auto")
    page.emulate_media(color_scheme="dark")
    page.wait_for_function("document.documentElement.dataset.theme === 'dark'")
    assert felt(page) == DARK_FELT


def test_the_switch_is_remembered_across_a_reload(watched: Watched, site) -> None:
    page = watched.page
    page.emulate_media(color_scheme="light")
    open_game(page, site.url, seed=3)
    switch = page.locator('#bar [data-action="theme"]')
    assert switch.get_attribute("data-theme-choice") == "auto"
    assert "as the device" in switch.get_attribute("title")
    switch.click()
    assert theme(page) == ("light", "light") and stored(page, "skipbo.theme") == "light"
    switch.click()
    assert theme(page) == ("dark", "dark") and felt(page) == DARK_FELT
    assert "dark" in page.locator('#bar [data-action="theme"]').inner_text()  # its words, for screen readers
    page.reload()
    page.wait_for_selector(READY, timeout=BOOT_TIMEOUT_MS)
    assert theme(page) == ("dark", "dark") and stored(page, "skipbo.theme") == "dark"
    assert page.locator('#bar [data-action="theme"]').get_attribute("data-theme-choice") == "dark"
    page.emulate_media(color_scheme="light")  # a chosen theme no longer follows the device
    assert theme(page) == ("dark", "dark")
    page.click('#bar [data-action="theme"]')  # back to auto
    assert theme(page) == ("light", "auto")


def test_the_address_chooses_for_one_visit_and_a_bad_value_gets_a_notice(watched: Watched, site) -> None:
    page = watched.page
    page.emulate_media(color_scheme="light")
    open_game(page, site.url, seed=3, theme="dark")
    assert theme(page) == ("dark", "dark") and stored(page, "skipbo.theme") is None
    open_game(page, site.url, seed=3, theme="neon")
    notice = page.locator('[data-notice="notice.bad_url"]')
    assert notice.is_visible() and "theme" in notice.inner_text()
    assert theme(page) == ("light", "auto")


def test_the_embedded_menu_has_the_switch_and_keeps_its_own_choice(watched: Watched, site) -> None:
    page = watched.page
    page.emulate_media(color_scheme="light")
    open_game(page, site.url, seed=3, embed=1)
    page.click(".menu summary")
    page.click('.menu-panel [data-action="theme"]')
    assert theme(page) == ("light", "light")
    assert stored(page, "skipbo.embed.theme") == "light" and stored(page, "skipbo.theme") is None


def test_no_serious_accessibility_findings_on_the_dark_table(watched: Watched, site) -> None:
    page = watched.page
    page.emulate_media(color_scheme="dark")
    open_game(page, site.url, players=3, stock=5, ai="medium", seed=3)
    assert theme(page) == ("dark", "auto")
    assert axe_scan_table_and_sheets(page, ("help", "new", "records", "stats")) == []

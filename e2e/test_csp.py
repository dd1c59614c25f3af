"""Issue 36, item 1: no address taken from a link runs script with the site's origin, and
every page of dist/ carries a Content-Security-Policy that holds. The teaching example
puts only a web address (http or https) into its frames; each page loads and is used
with no policy violation, and an inline script or a ``javascript:`` address injected into
it is refused by the policy."""

from __future__ import annotations

from urllib.parse import quote

import pytest
from playwright.sync_api import Page, expect

from e2e.game_support import wait_for_turn
from e2e.support import BOOT_TIMEOUT_MS, DIST, READY, Watched

# Every violation a page reports, and whether anything injected ran (window.__pwned).
LISTEN = """window.__violations = [];
document.addEventListener("securitypolicyviolation", (e) => {
  window.__violations.push(e.violatedDirective + " " + (e.blockedURI || "") + " " + (e.sourceFile || ""));
}, true);"""

SCRIPT_ADDRESSES = ("javascript:parent.__pwned=1;top.__pwned=1;window.__pwned=1//",
                    "data:text/html,<script>parent.__pwned=1;top.__pwned=1</script>",
                    "vbscript:msgbox(1)")


def violations(page: Page) -> list[str]:
    return page.evaluate("window.__violations || []")


def pwned(page: Page) -> list[str]:
    """The frames of ``page`` (the site's: a frame whose address was refused never gets a
    document to ask) where injected script set ``__pwned``."""
    return [f.url for f in page.frames if f.url.startswith("http") and f.evaluate("window.__pwned === 1")]


def policy_of(page_name: str) -> str:
    html = (DIST / page_name).read_text(encoding="utf-8")
    head = html[:html.index("<script") if "<script" in html else len(html)]
    assert 'http-equiv="Content-Security-Policy"' in head, f"{page_name}: the policy must come before any script"
    return html.split('http-equiv="Content-Security-Policy" content="', 1)[1].split('"', 1)[0]


@pytest.mark.parametrize("address", SCRIPT_ADDRESSES)
def test_the_teaching_example_frames_only_web_addresses(page: Page, site, address: str) -> None:
    """``?game=javascript:...`` used to go into both frames' ``src`` and run with the
    site's origin; now the lesson says the address is refused and frames the game beside it."""
    page.add_init_script(LISTEN)
    dialogs: list[str] = []
    page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
    page.goto(f"{site.url}teaching-example.html?game={quote(address, safe='')}")
    game = page.frame_locator("#game")
    game.locator(READY).wait_for(timeout=BOOT_TIMEOUT_MS)
    for frame in ("#game", "#puzzle"):
        src = page.locator(frame).get_attribute("src") or ""
        assert src.startswith(f"{site.url}?"), f"{frame} src={src!r}"
    expect(page.locator("#said")).to_contain_text("not a web address")
    assert pwned(page) == [] and dialogs == []
    assert violations(page) == []  # refused before any use: the policy had nothing to stop


def test_the_teaching_example_still_takes_a_web_address(page: Page, site) -> None:
    """A relative or absolute http(s) address for ``?game=`` is used as before."""
    page.add_init_script(LISTEN)
    page.goto(f"{site.url}teaching-example.html?game={quote(site.url + 'index.html', safe='')}")
    page.frame_locator("#game").locator(READY).wait_for(timeout=BOOT_TIMEOUT_MS)
    assert (page.locator("#game").get_attribute("src") or "").startswith(f"{site.url}index.html?")
    expect(page.locator("#said")).to_have_text("The game is ready.")
    assert violations(page) == []


@pytest.mark.parametrize("page_name", ["index.html", "rules.html", "teaching-example.html"])
def test_each_page_has_a_policy(page_name: str) -> None:
    policy = dict(part.strip().split(" ", 1) for part in policy_of(page_name).split(";"))
    assert policy["object-src"] == "'none'" and policy["base-uri"] == "'none'"
    scripts = policy["script-src"].split()
    assert "'unsafe-inline'" not in scripts and "data:" not in scripts and "*" not in scripts
    assert "frame-src" in policy
    if page_name != "index.html":  # only the game runs PyScript (see tools/csp.py)
        assert "'unsafe-eval'" not in scripts and "'self'" not in scripts


def inject(page: Page) -> None:
    """Try what an injection would: an inline script, a javascript: frame and link, an
    inline event handler. Each must be refused by the page's policy."""
    page.evaluate("""() => {
      const s = document.createElement("script");
      s.textContent = "window.__pwned = 1";
      document.body.append(s);
      const f = document.createElement("iframe");
      f.src = "javascript:parent.__pwned=1";
      document.body.append(f);
      const i = document.createElement("img");
      i.setAttribute("onerror", "window.__pwned = 1");
      i.src = "./no-such-image.png";
      document.body.append(i);
      const a = document.createElement("a");
      a.href = "javascript:window.__pwned=1";
      document.body.append(a);
      a.click();
    }""")
    page.wait_for_timeout(1500)


def test_the_game_plays_under_its_policy_and_refuses_injected_script(watched: Watched, site) -> None:
    """The game loads and plays with no violation (``watched`` also fails on the console
    error a violation logs); then injected script is refused."""
    page = watched.page
    page.add_init_script(LISTEN)
    page.goto(f"{site.url}?seed=3&lang=en")
    page.wait_for_selector(READY, timeout=BOOT_TIMEOUT_MS)
    wait_for_turn(page, 0)
    page.locator('[data-seat="0"] [data-slot="H"][data-card]').first.click()
    page.wait_for_selector('[data-seat="0"] [data-selected="1"]', timeout=10_000)
    assert violations(page) == []
    inject(page)
    assert pwned(page) == []
    found = violations(page)
    assert any(v.startswith("script-src") for v in found), found
    watched.errors.clear()  # the refusals just provoked are logged as errors, as they should be


@pytest.mark.parametrize("page_name", ["rules.html", "teaching-example.html"])
def test_the_other_pages_keep_to_their_policy(page: Page, site, page_name: str) -> None:
    page.add_init_script(LISTEN)
    page.goto(f"{site.url}{page_name}")
    if page_name == "teaching-example.html":
        page.frame_locator("#game").locator(READY).wait_for(timeout=BOOT_TIMEOUT_MS)
        page.get_by_role("button", name="Deal the lesson's game").click()
        expect(page.locator("#answers li")).to_have_count(1)
    else:
        page.locator('[data-set-lang="de"]').first.click()
        expect(page.locator("html")).to_have_attribute("lang", "de")
    assert violations(page) == []
    inject(page)
    assert pwned(page) == []
    assert any(v.startswith("script-src") for v in violations(page)), violations(page)

"""The page ships only the part of Python's standard library that its modules import
(build.py ``ship_stdlib``, derived by tools/stdlib_modules.mjs from the page's own modules),
and only the part of PyScript that it loads (build.py ``pyscript_chunks``).

These tests play through every part of the page with those trimmed files, in each
language: a game against the expert with hints, undo and reading the table, every sheet
(new game, rules, records, statistics and their downloads), the replay viewer with a
record and its position export, a game played to its end, a position from a compact
address, a puzzle and its solution, the tutorial. An import watcher is put before the
page's code (the site's main.py, served with it in front): Python asks it only for a
module that no other finder has. The test fails when the page asked for a module that
Pyodide's standard library has but the build left out, or when any file the page asked
for was not there (the watched page fails on a console error).
"""

from __future__ import annotations

import re
import zipfile
from pathlib import Path

import pytest
from playwright.sync_api import Page, Route
from skipbo_web.state.puzzle_book import puzzle

from e2e.game_support import open_game, over, play_turn, wait_for_turn
from e2e.support import DIST, Watched, click_move
from skipbo_core.position import to_compact

ROOT = Path(__file__).resolve().parent.parent
RECORD = ROOT / "tests" / "data" / "records" / "valid" / "3p-stock10.json"
WATCHER = '''import sys as _sys, js as _js
class _MissingModules:  # after every other finder: asked only for a module nobody has
    def find_spec(self, name, path=None, target=None):
        _js.console.warn("skipbo-test: no module " + name)
        return None
_sys.meta_path.append(_MissingModules())
_js.document.documentElement.dataset.importsWatched = "1"
'''
NO_MODULE = re.compile(r"^skipbo-test: no module (\S+)$")


def library_modules(zip_path: Path) -> set[str]:
    """The module names a standard-library zip holds (sources or bytecode)."""
    names = set()
    for entry in zipfile.ZipFile(zip_path).namelist():
        if entry.endswith((".py", ".pyc")):
            names.add(re.sub(r"(/__init__)?\.pyc?$", "", entry).replace("/", "."))
    return names


LEFT_OUT = (library_modules(ROOT / "node_modules" / "pyodide" / "python_stdlib.zip")
            - library_modules(DIST / "vendor" / "pyodide" / "python_stdlib.zip"))


def watch_imports(page: Page) -> list[str]:
    """Serve main.py with the import watcher in front; returns the list it fills."""
    missing: list[str] = []

    def main_py(route: Route) -> None:
        response = route.fetch()
        route.fulfill(response=response, body=WATCHER + response.text())

    page.route("**/main.py", main_py)
    page.on("console", lambda msg: missing.extend(NO_MODULE.findall(msg.text)) if msg.type == "warning" else None)
    return missing


def open_watched(page: Page, url: str, **options: object) -> Page:
    open_game(page, url, **options)
    assert page.get_attribute("html", "data-imports-watched") == "1", "the watcher did not run"
    return page


def sheet(page: Page, action: str) -> None:
    """Open a sheet by its button in the bar, and wait for it."""
    page.click(f'#bar [data-action="{action}"]')
    page.wait_for_selector("#sheet[open]")


def close_sheet(page: Page) -> None:
    page.keyboard.press("Escape")
    page.wait_for_selector("#sheet:not([open])", state="attached")


def test_the_library_is_trimmed_and_pyscripts_editor_left_out() -> None:
    """What the build left out: most of the library (doctest, the REPL, xml...) and
    PyScript's editor and terminal chunks; the modules the page starts with are there."""
    shipped = library_modules(DIST / "vendor" / "pyodide" / "python_stdlib.zip")
    assert {"asyncio", "json", "random", "encodings.utf_8", "pyodide.ffi", "_pyodide._base"} <= shipped
    assert {"doctest", "pdb", "_pyrepl", "unittest", "xml", "argparse"} <= LEFT_OUT
    assert len(shipped) < len(LEFT_OUT)
    pyscript = {p.name for p in (DIST / "vendor" / "pyscript").iterdir()}
    assert "core.js" in pyscript
    assert not [name for name in pyscript if name.startswith(("codemirror", "xterm", "mpy-", "toml-"))]


@pytest.mark.parametrize("lang", ["en", "de", "da"])
def test_every_part_of_the_page_finds_its_modules(watched: Watched, site, lang: str) -> None:
    page = watched.page
    missing = watch_imports(page)

    # a practice game against the expert: hint, read the table, a turn, undo
    open_watched(page, site.url, lang=lang, seed=5, stock=3, ai="expert", practice=1)
    for key in ("h", "r"):
        page.keyboard.press(key)
    play_turn(page)
    wait_for_turn(page)
    page.keyboard.press("u")

    # every sheet, and what the records and statistics sheets download
    sheet(page, "help")
    close_sheet(page)
    sheet(page, "new")
    page.select_option('#sheet select[name="players"]', "4")
    close_sheet(page)
    sheet(page, "records")
    with page.expect_download():
        page.click('#sheet [data-action="record-download"]')
    page.set_input_files('#sheet input[name="record-file"]', str(RECORD))  # the replay viewer
    page.wait_for_selector('[data-replay="1"][data-step="0"]')
    for _ in range(3):
        page.keyboard.press("ArrowRight")
    page.wait_for_selector('[data-replay="1"][data-step="3"]')
    with page.expect_download():
        page.click('[data-action="replay-export"]')
    page.click('[data-action="replay-close"]')

    # a game played to its end (one stock card each), then its statistics and their downloads
    open_watched(page, site.url, lang=lang, seed=7, stock=1, ai="easy")
    for _ in range(40):
        if over(page):
            break
        wait_for_turn(page)
        play_turn(page)
    assert over(page)
    close_sheet(page)  # the result
    sheet(page, "stats")
    for kind in ("csv", "json"):
        with page.expect_download():
            page.click(f'#sheet [data-action="stats-{kind}"]')
    close_sheet(page)

    # a position from a compact address (read through the engine's JSON reader)
    open_watched(page, site.url, lang=lang, pos=to_compact(puzzle(2).position))
    page.wait_for_selector('[data-seat="0"] [data-slot="S"][data-top="2"]')

    # a puzzle tried and failed, then its solution played out (H1>B1, S>B1)
    open_watched(page, site.url, lang=lang, puzzle=2)
    click_move(page, "H12>D1")
    page.wait_for_selector('#puzzle[data-status="failed"]')
    page.click('#puzzle [data-action="puzzle-solution"]')
    page.wait_for_selector('#puzzle[data-status="shown"]')
    page.wait_for_selector('[data-slot="B1"][data-top="2"]', timeout=10_000)

    # the tutorial, a few steps in
    open_watched(page, site.url, lang=lang, tutorial=1)
    for _ in range(2):
        page.click('#coach [data-action="tutorial-next"]')

    assert [name for name in missing if name in LEFT_OUT] == [], "modules the build left out"

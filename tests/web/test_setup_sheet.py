"""Where the new-game screen starts: from the game on the table (a game the address dealt
too), never from what the address would make of the saved settings, and the saved
settings are left as they were. The page's session and sheet, on the host: a stand-in
window (its address and ``localStorage``) and the ``pyodide.ffi`` stand-in; the sheet
is read as its element tree, before it reaches a DOM."""

from __future__ import annotations

import json
import types
from collections.abc import Iterator
from typing import Any

import pytest
from skipbo_web.state.settings import Seat, Settings, default_seats
from skipbo_web.views.tree import El

from skipbo_core import Game, Rules, position_of, to_compact

from .pyodide_stand_in import page_modules
from .tree_support import elements


@pytest.fixture(scope="module")
def page() -> Iterator[types.SimpleNamespace]:
    with page_modules("page_session", "page_sheet") as modules:
        yield modules


class LocalStorage:
    """``localStorage``: texts by key."""

    def __init__(self, items: dict[str, Any]) -> None:
        self.items = {key: json.dumps(value) for key, value in items.items()}

    def getItem(self, key: str) -> str | None:  # noqa: N802 (DOM names)
        return self.items.get(key)

    def setItem(self, key: str, text: str) -> None:  # noqa: N802
        self.items[key] = text

    def removeItem(self, key: str) -> None:  # noqa: N802
        self.items.pop(key, None)


SAVED = Settings(players=3, seats=(Seat("Ada", "human"), Seat("Bo", "hard"), *default_seats()[2:]),
                 stock=10, lang="de", faces="cards")
POSITION = to_compact(position_of(Game.new(Rules(players=2, stock_size=5), seed=3)))


def start(page: types.SimpleNamespace, search: str, stored: dict[str, Any] | LocalStorage) -> tuple[Any, LocalStorage]:
    """The page's sheet after a start at address ``?search`` with ``stored`` in ``localStorage``."""
    storage = stored if isinstance(stored, LocalStorage) else LocalStorage(stored)
    window = types.SimpleNamespace(location=types.SimpleNamespace(search=search), localStorage=storage,
                                   navigator=types.SimpleNamespace(languages=["de"], language="de"))
    window.top = window.self = window  # the top of its tab (page_apart.in_frame)
    browser = types.SimpleNamespace(window=window, by_id=lambda name: None, matches_media=lambda query: False)
    session = page.session.Session(browser)
    sheet = page.sheet.Sheet(session.store, None, session, browser, None, {})
    return sheet, storage


def form(tree: El) -> dict[str, str]:
    """What the new-game form shows: each select's chosen option, each text and number
    input's value, each chosen radio button and check box."""
    out: dict[str, str] = {}
    for el, _ in elements(tree):
        name = el.attr("name")
        if el.tag == "select":
            out[name] = next(o.attr("value") for o in el.kids if isinstance(o, El) and o.attr("selected") is not None)
        elif el.tag == "input" and el.attr("type") in ("radio", "checkbox"):
            if el.attr("checked") is not None:
                out[name] = str(el.attr("value"))
        elif el.tag == "input":
            out[name] = str(el.attr("value"))
    return out


def test_the_new_game_screen_offers_the_address_s_game_and_the_saved_settings_stay(page) -> None:
    saved = {"skipbo.settings": SAVED.to_dict()}
    sheet, storage = start(page, "?players=4&ai=hard&teams=1&stock=7&lang=de&seed=4", saved)
    shown = form(sheet.body("setup"))
    assert shown["players"] == "4" and shown.get("teams") == "1"
    assert shown["stock_mode"] == "custom" and shown["stock"] == "7"
    assert [shown[f"kind{i}"] for i in range(4)] == ["human", "hard", "hard", "hard"]
    # a seat with the default name keeps its saved name; the look is the saved one
    assert [shown[f"name{i}"] for i in range(4)] == ["Ada", "Bo", "", ""]
    assert shown["faces"] == "cards"
    assert json.loads(storage.items["skipbo.settings"]) == SAVED.to_dict()  # nothing saved changed
    assert sheet.session.save()  # the address's game is kept, and the next visit without the address resumes it
    again, _ = start(page, "", storage)
    assert again.store.state.ctrl.players == 4 and form(again.body("setup")) == shown


def test_the_new_game_screen_of_a_first_visit_offers_the_settings(page) -> None:
    sheet, _ = start(page, "", {"skipbo.settings": SAVED.to_dict()})
    shown = form(sheet.body("setup"))
    assert shown["players"] == "3" and shown["stock_mode"] == "short"
    assert [shown[f"name{i}"] for i in range(3)] == ["Ada", "Bo", ""]


def test_a_draft_wins_over_the_game_on_the_table(page) -> None:
    sheet, _ = start(page, "?players=4&seed=4", {})
    sheet.store.update(draft=Settings(players=5))  # the form as filled in so far: the page's state
    assert form(sheet.body("setup"))["players"] == "5"


def test_a_position_s_table_is_not_offered(page) -> None:
    """A position is no game of the new-game screen's: it offers the saved settings."""
    sheet, _ = start(page, "?pos=" + POSITION, {"skipbo.settings": SAVED.to_dict()})
    assert sheet.store.state.ctrl.position is not None and sheet.store.state.ctrl.players == 2
    assert form(sheet.body("setup"))["players"] == "3"

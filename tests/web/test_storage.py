"""The page's storage on the host (issue 36): a stand-in ``localStorage`` with a quota, as
a browser's, shared with other pages of the site. A write the browser refuses is said at
once and tried again at the next save; what is set aside is never written over; a damaged
value is never wrapped into a live store; ``null`` is no "nothing saved"."""

from __future__ import annotations

import json
import types
from collections.abc import Iterator
from typing import Any

import pytest
from skipbo_web.state.controller import BadSave

from .pyodide_stand_in import page_modules


@pytest.fixture(scope="module")
def page() -> Iterator[types.SimpleNamespace]:
    with page_modules("page_storage", "page_session", "page_stats", "page_tabs") as modules:
        yield modules


class QuotaStorage:
    """``localStorage`` with a quota in characters (keys and values), as Chromium counts it:
    a write that would go over it raises the browser's error and changes nothing."""

    def __init__(self, error: type[Exception], quota: int = 10**9, items: dict[str, str] | None = None) -> None:
        self.error, self.quota, self.items = error, quota, dict(items or {})

    def used(self, items: dict[str, str] | None = None) -> int:
        return sum(len(k) + len(v) for k, v in (self.items if items is None else items).items())

    def getItem(self, key: str) -> str | None:  # noqa: N802 (DOM names)
        return self.items.get(key)

    def setItem(self, key: str, text: str) -> None:  # noqa: N802
        if self.used({**self.items, key: str(text)}) > self.quota:
            raise self.error("QuotaExceededError")
        self.items[key] = str(text)

    def removeItem(self, key: str) -> None:  # noqa: N802
        self.items.pop(key, None)

    @property
    def length(self) -> int:
        return len(self.items)

    def key(self, i: int) -> str | None:
        return list(self.items)[i] if 0 <= i < len(self.items) else None

    def fill(self, leave: int = 0) -> None:
        """Another page of the site fills the storage, ``leave`` characters short of full."""
        free = self.quota - self.used() - leave - len("other.page")
        if free > 0:
            self.items["other.page"] = "x" * free


def window(ls: QuotaStorage, search: str = "") -> Any:
    win = types.SimpleNamespace(location=types.SimpleNamespace(search=search), localStorage=ls,
                                navigator=types.SimpleNamespace(languages=["de"], language="de"))
    win.top = win.self = win  # the top of its tab (page_apart.in_frame), not a frame
    return win


def session_of(page: types.SimpleNamespace, ls: QuotaStorage, search: str = "") -> Any:
    """The page's session at start, its start's notices reported, its first save made (as App does)."""
    session = page.session.Session(types.SimpleNamespace(window=window(ls, search), by_id=lambda name: None,
                                                         matches_media=lambda query: False))
    session.report()
    session.save()
    return session


def keys_of(session: Any) -> list[str]:
    return [n.key for n in session.store.state.notices]


def play(session: Any) -> None:
    """One move of the human (or any legal one): the game changes, and is saved as App does."""
    ctrl = session.store.state.ctrl
    ctrl.game.play(ctrl.game.legal_moves()[0])
    session.save()


def error(page: types.SimpleNamespace) -> type[Exception]:
    return page.storage.JsException


def test_a_write_refused_is_said_and_tried_again(page) -> None:
    """Before: the first refusal set ``ok = False`` and the page never wrote again, saying nothing."""
    ls = QuotaStorage(error(page), quota=200_000)
    storage = page.storage.Storage(window(ls))
    heard: list[set[str]] = []
    storage.listener = lambda: heard.append(set(storage.failed))
    ls.fill()
    assert storage.set("skipbo.current", {"a": 1}) is None and storage.failed == {"skipbo.current"}
    del ls.items["other.page"]  # the other page's data goes
    assert storage.set("skipbo.current", {"a": 1}) == '{"a":1}' and ls.items["skipbo.current"] == '{"a":1}'
    assert storage.failed == set() and heard == [{"skipbo.current"}, set()]


def test_a_full_storage_asks_the_reliefs_before_it_gives_up(page) -> None:
    ls = QuotaStorage(error(page), quota=10_000)
    storage = page.storage.Storage(window(ls))
    ls.items["skipbo.stats"] = "s" * 5_000
    ls.fill()

    def relief() -> bool:
        return storage.set("skipbo.stats", "short") is not None

    storage.reliefs.append(relief)
    assert storage.set("skipbo.current", "x" * 1_000) is not None and storage.failed == set()
    assert ls.items["skipbo.stats"] == '"short"'


def test_twelve_damaged_values_are_all_kept_aside(page) -> None:
    """Before: ``aside.current.9`` was written over by the 10th, 11th and 12th."""
    ls = QuotaStorage(error(page))
    storage = page.storage.Storage(window(ls))
    for i in range(12):
        ls.items["skipbo.current"] = f"damaged {i}"
        assert storage.set_aside("skipbo.current") == page.storage.aside_key("skipbo.current", i + 1)
    kept = {k: v for k, v in ls.items.items() if k.startswith("skipbo.aside.current")}
    assert sorted(kept.values()) == sorted(f"damaged {i}" for i in range(12)) and "skipbo.current" not in ls.items
    ls.items["skipbo.current"] = "damaged 4"  # the same value again: no second copy
    assert storage.set_aside("skipbo.current") == "skipbo.aside.current.5" and len(storage.kept_aside()) == 12
    del ls.items["skipbo.aside.current.3"]  # the player deleted one: its place is taken next
    ls.items["skipbo.current"] = "damaged 12"
    assert storage.set_aside("skipbo.current") == "skipbo.aside.current.3" and len(storage.kept_aside()) == 12


def test_a_value_with_no_room_to_be_set_aside_is_stuck_and_named(page) -> None:
    """A 3 MB match that cannot be copied: kept, never written, and now said (item 10)."""
    ls = QuotaStorage(error(page), quota=5_000_000)
    big = "{" * 3_000_000
    ls.items["skipbo.match"] = big
    session = page.session.Session(types.SimpleNamespace(window=window(ls, "?seed=4"), by_id=lambda name: None,
                                                         matches_media=lambda query: False))
    session.report()
    assert "notice.stuck" in keys_of(session) and "skipbo.match" in session.store.state.notices[-1].args["names"]
    session.save()
    assert ls.items["skipbo.match"] == big and "skipbo.current" in ls.items


def test_null_is_a_damaged_save_and_its_match_is_kept(page) -> None:
    """``skipbo.current = null`` read as "no save": the match beside it was written over unseen."""
    match = json.dumps({"version": 1, "anything": "else"})
    ls = QuotaStorage(error(page), items={"skipbo.current": "null", "skipbo.match": match})
    session = session_of(page, ls)
    assert keys_of(session) == ["notice.set_aside"]
    assert ls.items["skipbo.aside.current"] == "null" and ls.items["skipbo.aside.match"] == match
    with pytest.raises(BadSave):
        page.storage.Storage(window(QuotaStorage(error(page), items={"k": "null"}))).get("k")


def test_a_full_storage_on_the_first_visit_says_so_and_the_game_is_saved_once_there_is_room(page) -> None:
    """Before: nothing was ever saved and nothing said; and a save that failed once made the
    page believe another tab had the game (``seen`` no longer matched the store)."""
    ls = QuotaStorage(error(page), quota=100_000)
    ls.fill(leave=100)
    session = session_of(page, ls, "?seed=4&lang=de")
    assert "skipbo.current" not in ls.items
    notices = session.store.state.notices
    assert keys_of(session)[-1] == "notice.not_saved" and "skipbo.current" in notices[-1].args["names"]
    assert session.save()  # not "another tab has the game"
    del ls.items["other.page"]
    play(session)
    assert keys_of(session)[-1] == "notice.saved_again" and "notice.not_saved" not in keys_of(session)
    assert json.loads(ls.items["skipbo.current"])["moves"] and "skipbo.match" in ls.items


def test_a_storage_filled_during_play_keeps_the_last_save_and_goes_on(page) -> None:
    ls = QuotaStorage(error(page), quota=100_000)
    session = session_of(page, ls, "?seed=4")
    first = ls.items["skipbo.current"]
    ls.fill()
    play(session)
    assert ls.items["skipbo.current"] == first and keys_of(session) == ["notice.not_saved"]
    session.store.update(notices=())  # dismissed: not said again while the same key fails
    play(session)
    assert keys_of(session) == [] and session.save()
    del ls.items["other.page"]
    play(session)
    assert keys_of(session) == ["notice.saved_again"]
    assert len(json.loads(ls.items["skipbo.current"])["moves"]) == 3


def test_damaged_statistics_are_set_aside_whole_and_stay_bounded(page) -> None:
    """Before: the damaged text was wrapped into the store's own ``aside`` list at every read,
    growing past the reader's limit until the storage was full."""
    ls = QuotaStorage(error(page), quota=5_000_000)
    damaged = "{" + "é\"" * 225_000
    ls.items["skipbo.stats"] = damaged
    for load in range(3):
        session = session_of(page, ls)
        desk = page.stats.StatsDesk(session.store, None, session, None)
        assert desk.games == []
        assert ls.used() < len(damaged) + 20_000, load
    assert ls.items["skipbo.aside.stats"] == damaged and "skipbo.aside.stats.2" not in ls.items
    assert "skipbo.stats" not in ls.items or len(ls.items["skipbo.stats"]) < 100


def test_a_full_storage_drops_the_oldest_statistics_to_save_the_game_and_says_so(page) -> None:
    from skipbo_web.state.stats import KEEP_WHEN_FULL, GameSummary, to_store

    one = GameSummary(date="2026-01-01T00:00:00Z", players=2, stock=5, teams=False, wild_cards=18, target=None,
                      practice=False, levels=("medium",), result="won", points=50, turns=20, seed=7)
    ls = QuotaStorage(error(page), quota=200_000)
    ls.items["skipbo.stats"] = json.dumps(to_store([one] * (KEEP_WHEN_FULL + 50)), separators=(",", ":"))
    session = session_of(page, ls, "?seed=4")
    desk = page.stats.StatsDesk(session.store, None, session, None)
    ls.fill()
    play(session)
    assert len(json.loads(ls.items["skipbo.current"])["moves"]) == 1  # saved, in room the statistics made
    assert len(json.loads(ls.items["skipbo.stats"])["games"]) == KEEP_WHEN_FULL == len(desk.games)
    trimmed = [n for n in session.store.state.notices if n.key == "notice.stats_trimmed"]
    assert [n.args["count"] for n in trimmed] == [50] and "notice.not_saved" not in keys_of(session)


def test_unreadable_statistics_entries_are_kept_under_a_key_of_their_own(page) -> None:
    good = {"date": "2026-01-01T00:00:00Z", "players": 2, "stock": 5, "teams": False, "wild_cards": 18,
            "target": None, "practice": False, "levels": ["medium"], "result": "won", "points": 50, "turns": 20,
            "seed": 7}
    bad = {**good, "stock": "thirty"}
    ls = QuotaStorage(error(page), items={"skipbo.stats": json.dumps({"version": 1, "games": [good, bad]})})
    for load in range(2):
        session = session_of(page, ls)
        desk = page.stats.StatsDesk(session.store, None, session, None)
        assert len(desk.games) == 1 and desk.kept_aside() == 1
        assert keys_of(session) == (["notice.stats_aside"] if load == 0 else [])  # told once
    assert json.loads(ls.items["skipbo.stats"]) == {"version": 1, "games": [good]}
    assert json.loads(ls.items["skipbo.aside.stats"]) == [bad] and "skipbo.aside.stats.2" not in ls.items


def test_a_tab_that_could_not_claim_the_game_in_a_full_storage_still_steps_back(page) -> None:
    """Before: a refused claim turned the tab guard off for good; another tab's save then
    made this tab's saves fail (``seen`` no longer matched) with no cover and no word."""
    ls = QuotaStorage(error(page), quota=100_000)
    ls.fill()
    session = session_of(page, ls, "?seed=4")
    covered: list[bool] = []
    guard = page.tabs.TabGuard(session, types.SimpleNamespace(step_back=lambda: covered.append(True)))
    guard.claim()
    guard.on_storage(types.SimpleNamespace(key="skipbo.current", newValue="{}"))
    assert covered == [True]

"""The page's Python modules on the host (no browser): texts, clicks, markup, site check."""

from __future__ import annotations

import random
from html.parser import HTMLParser
from pathlib import Path

import pytest

import build
from skipbo_web.controller import Controller, slot_notation
from skipbo_web.i18n import CATALOGUE, DEFAULT, describe, pick_language, t
from skipbo_web.table import render_bar, render_table, root_attributes

SLOTS = ["S", "D1", "D2", "D3", "D4", "B1", "B2", "B3", "B4"]


class Hooks(HTMLParser):
    """Collects the data-* attributes of every element."""

    def __init__(self) -> None:
        super().__init__()
        self.elements: list[dict[str, str | None]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.elements.append({k: v for k, v in attrs if k.startswith("data-")})


def hooks(html: str) -> list[dict[str, str | None]]:
    parser = Hooks()
    parser.feed(html)
    return parser.elements


def test_every_language_has_every_text() -> None:
    keys = set(CATALOGUE[DEFAULT])
    for lang, table in CATALOGUE.items():
        assert set(table) == keys, lang
        for key in keys:
            assert table[key].strip(), (lang, key)


def test_texts_fill_in_arguments_and_cards() -> None:
    assert t("de", "illegal.wrong-number", pile=2, needs=3, card=0) == \
        "Baustapel 2 braucht 3, nicht Skip-Bo."
    assert t("en", "selected", source="HSB").startswith("Skip-Bo selected")
    assert t("de", "selected", source="D2").startswith("Ablage 2 gewählt")
    assert t("da", "selected", source="S").startswith("Dit startkort valgt")
    assert describe("da", "illegal.some-new-rule", {}) == "Det træk er ikke tilladt (some-new-rule)."
    with pytest.raises(KeyError, match="no text"):
        t("en", "no-such-key")


def test_language_is_picked_from_preferences() -> None:
    assert pick_language(["fr-FR", "de-AT", "en"]) == "de"
    assert pick_language(["DA"]) == "da"
    assert pick_language(["fr", ""]) == "en"


def test_slot_notation_and_bad_slots() -> None:
    assert slot_notation("H", "SB") == "HSB"
    assert slot_notation("D2", own=False) == "PD2"
    assert slot_notation("B3", own=False) == "B3"
    for slot, card in [("H", "13"), ("H", None), ("X1", None), ("D5", None), ("", None)]:
        with pytest.raises(ValueError):
            slot_notation(slot, card)


def test_bad_clicks_change_nothing_and_say_why() -> None:
    ctrl = Controller(seed=3)
    before = ctrl.view()
    ctrl.click("B1")
    assert ctrl.message.key == "pick_source"
    ctrl.click("Q9")
    assert ctrl.message.key == "invalid"
    ctrl.click("S", seat=1)  # the bot's stock: not ours to play
    ctrl.click("B1")
    assert ctrl.message.key == "illegal.no-teams"
    ctrl.click("S")
    ctrl.click("D1")
    assert ctrl.message.key == "illegal.stock-to-discard"
    assert ctrl.view() == before and ctrl.log == []


def test_selecting_twice_deselects() -> None:
    ctrl = Controller(seed=3)
    ctrl.click("H", card="1")
    assert ctrl.selected == "H1" and ctrl.legal_targets() == {"B1", "B2", "B3", "B4", "D1", "D2", "D3", "D4"}
    ctrl.click("H", card="1")
    assert ctrl.selected is None and ctrl.legal_targets() == set()


def click_move(ctrl: Controller, move: str) -> None:
    """Click a move's source, then its target, as the page would report them."""
    if move == "end":
        assert ctrl.can_end()
        ctrl.play("end")  # the page's "end turn" button
        return
    for part in move.split(">"):
        if part.startswith("H"):
            ctrl.click("H", 0, part[1:])
        else:
            ctrl.click(part, 0)


@pytest.mark.parametrize("seed", range(3))
def test_random_clicking_plays_whole_games_with_known_texts(seed: int) -> None:
    """Click legal moves and random places until the game ends: every message has its
    own text in every language, and an unfinished click never breaks the game."""
    rng = random.Random(seed)
    ctrl = Controller(seed=seed)
    for _ in range(50_000):
        if ctrl.game.is_over:
            break
        if rng.random() < 0.5:
            click_move(ctrl, str(rng.choice(ctrl.game.legal_moves())))
        else:
            ctrl.click(rng.choice(SLOTS), rng.choice([0, 0, 0, 1]))
        key = ctrl.message.key
        assert key in CATALOGUE[DEFAULT], key
        for lang in CATALOGUE:
            describe(lang, key, ctrl.message.args)
    assert ctrl.game.is_over and root_attributes(ctrl)["data-over"] == "1"
    assert ctrl.message.key in {"won", "lost", "stalled", "turn-limit"}
    ctrl.click("S")
    assert ctrl.message.key == "game_over"


def test_markup_carries_the_stable_hooks() -> None:
    ctrl = Controller(seed=3)
    ctrl.click("H", card="1")
    elements = hooks(render_table(ctrl, "en"))
    seats = [e["data-seat"] for e in elements if "data-seat" in e and "data-slot" not in e]
    assert seats == ["1", "0"]
    slots = [e["data-slot"] for e in elements if "data-slot" in e]
    assert slots.count("S") == 2 and slots.count("H") == 5
    assert all(slots.count(f"D{k}") == 2 and slots.count(f"B{k}") == 1 for k in range(1, 5))
    assert [e["data-next"] for e in elements if "data-next" in e] == ["1"] * 4
    assert all("data-top" in e for e in elements if e.get("data-slot", "").startswith(("S", "D")))
    assert {e["data-slot"] for e in elements if e.get("data-legal") == "1"} == {
        "B1", "B2", "B3", "B4", "D1", "D2", "D3", "D4"}
    assert [e["data-card"] for e in elements if e.get("data-selected") == "1"] == ["1"]
    assert root_attributes(ctrl) == {"data-turn": "0", "data-over": None}
    assert 'data-version="0.1.0"' in render_bar("en", "0.1.0")


def test_site_check_rejects_outside_urls_and_root_paths(tmp_path: Path) -> None:
    (tmp_path / "pyscript.json").write_text('{"interpreter": "./vendor/pyodide/pyodide.mjs"}')
    (tmp_path / "vendor" / "pyodide").mkdir(parents=True)
    (tmp_path / "vendor" / "pyodide" / "pyodide.mjs").write_text('"https://cdn.example/x"')  # vendored: ok
    (tmp_path / "index.html").write_text('<svg xmlns="http://www.w3.org/2000/svg"></svg>'
                                         '<a href="http://127.0.0.1:8000/">local</a>')
    build.check_site(tmp_path)
    (tmp_path / "style.css").write_text('body { background: url("/img.png") }')
    (tmp_path / "app.py").write_text('URL = "https://cdn.example.org/pyodide.js"')
    with pytest.raises(build.BuildError) as err:
        build.check_site(tmp_path)
    assert "cdn.example.org" in str(err.value) and "style.css: root-relative" in str(err.value)


def test_installed_version_matches_importlib_metadata() -> None:
    import importlib.metadata

    from skipbo_web.meta import installed_version

    assert installed_version("skipbo_core") == importlib.metadata.version("skipbo_core")
    assert installed_version("pytest") == importlib.metadata.version("pytest")
    with pytest.raises(importlib.metadata.PackageNotFoundError):
        installed_version("no-such-distribution-here")

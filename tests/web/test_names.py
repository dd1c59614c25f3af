"""Issue 36, item 9: a name never turns the text beside it around. Bidi controls (marks,
embeddings, overrides, isolates) are dropped wherever a name is read (the new-game
screen, stored settings, a record, a saved game or position) or refused (the address's
``names=``, the host API's ``newgame``), and the table shows each name in a ``<bdi>``."""

from __future__ import annotations

import re

import pytest
from skipbo_web.host.host_api import check_command
from skipbo_web.i18n import LANGUAGES
from skipbo_web.state import positions
from skipbo_web.state.address import parse_url
from skipbo_web.state.controller import Controller
from skipbo_web.state.look import Look
from skipbo_web.state.replay import Replay
from skipbo_web.state.settings import BIDI_CONTROLS, MAX_NAME, Seat, Settings, clean_name
from skipbo_web.views.isolate import isolate_text
from skipbo_web.views.replay_view import replay_tree
from skipbo_web.views.table_model import table_model
from skipbo_web.views.table_view import table_tree
from skipbo_web.views.tree import to_html

from tests.web.test_positions import LESSON

CONTROLS = sorted(BIDI_CONTROLS)


def test_the_list_holds_every_bidi_control() -> None:
    assert {"\u200e", "\u200f", "\u061c"} | {chr(c) for c in range(0x202A, 0x202F)} | \
        {chr(c) for c in range(0x2066, 0x206A)} == BIDI_CONTROLS


@pytest.mark.parametrize("control", CONTROLS)
def test_a_name_loses_its_bidi_controls_and_keeps_its_letters(control: str) -> None:
    assert clean_name(f"{control}Ada{control} Lovelace{control}") == "Ada Lovelace"
    assert clean_name(f"דנה{control}") == "דנה"


def test_joiners_stay_and_the_length_is_bounded() -> None:
    family = "\U0001f468\u200d\U0001f469\u200d\U0001f467"  # one emoji, joined
    assert clean_name(family) == family
    assert clean_name("a\u200cb") == "a\u200cb"
    assert clean_name("\u202e" * 100 + "x" * 100) == "x" * MAX_NAME
    assert clean_name("Ada\x00\tBen\n") == "Ada Ben"


def test_the_new_game_screen_and_stored_settings_drop_them() -> None:
    settings, bad = Settings().with_form({"players": "2", "name0": "Ada\u202e", "name1": "\u2067Ben\u2069"})
    assert [s.name for s in settings.seats[:2]] == ["Ada", "Ben"] and bad == []
    data = Settings(seats=(Seat("Ada\u202e", "human"),) + Settings().seats[1:]).to_dict()
    read, _ = Settings.from_dict(data, LANGUAGES)
    assert read.seats[0].name == "Ada"


@pytest.mark.parametrize("control", ["\u202e", "\u2066", "\u200f"])
def test_the_address_and_the_host_api_refuse_them(control: str) -> None:
    url = parse_url({"names": f"Ada{control},Ben"}, Settings(), LANGUAGES)
    assert "names" in url.bad and url.settings is None
    command = check_command({"source": "skipbo-host", "version": 1, "id": 1, "command": "newgame",
                             "args": {"names": [f"Ada{control}", "Ben"]}})
    embedded = parse_url({**command.args, "embed": "1"}, Settings(), LANGUAGES)
    assert "names" in embedded.bad and embedded.settings.seats[0].name == ""


def names_of(ctrl: Controller) -> list[str]:
    return [p["name"] for p in ctrl.game.players]


def test_records_saved_games_and_positions_drop_them() -> None:
    settings = Settings(seats=(Seat("Ada", "human"), Seat("Ben", "medium")) + Settings().seats[2:])
    ctrl = Controller.start(settings, 11)
    record = ctrl.game.to_record()
    record["players"][0]["name"] = "Ada\u202e (x)"
    assert [p["name"] for p in Replay(record).players] == ["Ada (x)", "Ben"]
    assert names_of(Controller.resume(record, None, Settings())) == ["Ada (x)", "Ben"]
    game = positions.start(LESSON, [{"name": "\u2066Cleo", "kind": "human"}, {"name": "Dan", "kind": "ai:easy"}])
    save = positions.save(LESSON, game)
    assert names_of(Controller.resume(save, None, Settings())) == ["Cleo", "Dan"]


def shown_apart(html: str, name: str) -> bool:
    """Whether ``name`` is in the text of ``html`` and every time in a ``<bdi>`` of its own
    (attributes, such as aria-label, are not laid out; a select's option is a line of its own)."""
    html = re.sub(r"<option[^>]*>[^<]*</option>", "", html)
    text = re.sub(r"<[^>]*>", "", html)
    rest = re.sub(r"<[^>]*>", "", html.replace(f"<bdi>{name}</bdi>", ""))
    return name in text and name not in rest


def test_the_table_shows_each_name_apart() -> None:
    seats = (Seat("דנה", "human"), Seat("Ben 2", "medium"), Seat("Ben", "easy")) + Settings().seats[3:]
    ctrl = Controller.start(Settings(players=3, seats=seats), 11)
    ctrl.play(str(ctrl.game.legal_moves()[0]))  # a line in the log
    html = to_html(table_tree(table_model(ctrl), Look("en")))
    assert shown_apart(html, "דנה") and shown_apart(html, "Ben 2")
    assert "<bdi>Ben 2</bdi></span> <span class=\"level\" title=\"medium\" data-short=\"M\">(med.)</span>" in html
    plain = to_html(table_tree(table_model(Controller.start(Settings(), 11)), Look("en")))
    assert "<bdi>" not in plain  # default names ("You", "Computer") are the page's own words


def test_the_replay_viewer_shows_each_name_apart() -> None:
    seats = (Seat("דנה", "human"), Seat("Ben 2", "medium")) + Settings().seats[2:]
    ctrl = Controller.start(Settings(seats=seats), 11)
    for _ in range(3):
        ctrl.play(str(ctrl.game.legal_moves()[0]))
    replay = Replay(ctrl.game.to_record()).go(2)
    html = to_html(replay_tree(replay, Look("en"), 0))
    assert shown_apart(html, "דנה") and shown_apart(html, "Ben 2")


def test_plain_text_isolates_each_name_with_isolate_marks() -> None:
    assert isolate_text("That pile belongs to Ben 2: (medium)", ["Ben 2", ""]) == \
        "That pile belongs to \u2068Ben 2\u2069: (medium)"
    assert isolate_text("Bent", ["Ben"]) == "Bent" and isolate_text("You", []) == "You"

"""skipbo_web.state.positions on the host: positions set up with the page's players, the
engine's refusals worded for the notice, the save of a position game and its damage,
and the link of the replay viewer's export."""

from __future__ import annotations

import json

import pytest
from skipbo_web.i18n import LANGUAGES, describe
from skipbo_web.state import positions
from skipbo_web.state.address import parse_url
from skipbo_web.state.controller import BadSave, Controller, Message
from skipbo_web.state.look import Look
from skipbo_web.state.settings import Settings
from skipbo_web.views.seat_words import message_text
from skipbo_web.views.table_model import controller_names

from skipbo_core import parse_compact, position_of

LESSON = {"rules": {"players": 2, "stock_size": 10}, "seed": 7, "building": [[1, 2, 3], [0]],
          "seats": [{"stock": {"top": 4, "count": 6}, "hand": [5, 9, 11, 0], "discards": [[7, 2]]},
                    {"stock": {"cards": [2, 8, 12]}, "hand": [1, 3]}]}


def test_a_position_game_seats_the_page_s_players() -> None:
    url = parse_url({"ai": "easy", "names": "Ana,Bo", "practice": "1"}, Settings(), LANGUAGES)
    ctrl = Controller.from_position(LESSON, url.settings, origin="host")
    assert ctrl.kinds == ["human", "easy"] and ctrl.practice and ctrl.position == LESSON
    assert [p["name"] for p in ctrl.game.players] == ["Ana", "Bo"]
    assert ctrl.game.view(0).stock_tops == (4, 12) and ctrl.my_turn


def test_the_save_sets_the_table_up_again_with_its_moves() -> None:
    ctrl = Controller.from_position(LESSON, Settings())
    assert ctrl.play("S>B1").played and ctrl.play("HSB>B1").played
    save = ctrl.record()
    assert save == {"format": "skipbo-position-game", "version": 1, "position": LESSON,
                    "players": ctrl.game.players, "moves": ["S>B1", "HSB>B1"]}
    json.dumps(save)
    again = Controller.resume(save, ctrl.match_data(), Settings())
    assert again.game.view(0) == ctrl.game.view(0) and again.position == LESSON
    for damaged in ({**save, "moves": ["H3>B1"]}, {**save, "version": 2}, {**save, "players": "x"},
                    {**save, "position": {**LESSON, "building": [[2]]}}, {**save, "extra": 1},
                    {**save, "players": [{"name": "", "kind": "wizard"}, {"name": "", "kind": "human"}]}):
        with pytest.raises(BadSave):
            Controller.resume(damaged, ctrl.match_data(), Settings())


@pytest.mark.parametrize("position, path, code", [
    ({**LESSON, "building": [[1, 3]]}, "building[0][1]", "impossible-pile"),
    ({**LESSON, "seats": [{"hand": [1] * 13}, {}]}, "seats[0].hand", None),
    ({**LESSON, "colour": "red"}, "colour", "unknown-key"),
    ({"seats": "none"}, "seats", None),
])
def test_a_refused_position_is_worded_with_its_place_and_its_kind(position, path, code) -> None:
    with pytest.raises(positions.PositionProblem) as err:
        Controller.from_position(position, Settings())
    problem = err.value
    assert problem.path.startswith(path) and (code is None or problem.code == code)
    assert problem.code in positions.CODES and str(problem).startswith(problem.path)
    for lang in LANGUAGES:  # every kind of problem has its words in every language
        text = message_text(controller_names(Controller.from_position(LESSON, Settings())), Look(lang), problem.message)
        assert problem.path in text and "{" not in text


def test_every_code_has_words_in_every_language() -> None:
    for code in positions.CODES:
        for lang in LANGUAGES:
            assert describe(lang, f"position.why.{code}", {}) != f"position.why.{code}"


def test_texts_that_are_not_positions() -> None:
    for text, key in (("{", "position.not_json"), ("[1]", "position.bad"),
                      ("x" * (positions.MAX_BYTES + 1), "position.too_big")):
        with pytest.raises(positions.PositionProblem) as err:
            positions.read_text(text)
        assert err.value.message.key == key
    assert positions.read_text(json.dumps(LESSON)) == LESSON
    with pytest.raises(positions.PositionProblem) as err:
        positions.read_compact("p1.@@@")
    assert err.value.message == Message("position.bad", {"why": Message("position.why.bad-compact")})


def test_the_export_link_opens_the_same_table() -> None:
    ctrl = Controller.from_position(LESSON, Settings())
    ctrl.play("HSB>B1")
    exported = position_of(ctrl.game)
    link = positions.link("https://example.org/skipbo/", exported, "de", "cards")
    assert link.startswith("https://example.org/skipbo/?pos=p1.") and link.endswith("&lang=de&faces=cards")
    compact = link.split("pos=")[1].split("&")[0]
    again = Controller.from_position(parse_compact(compact), Settings())
    assert again.game.view(0) == ctrl.game.view(0)

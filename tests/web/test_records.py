"""Records, replays and share links on the host (no browser): opening records (good and
bad), the viewer's steps against the engine, its markup and hooks, and share links that
deal the same game again."""

from __future__ import annotations

import json
import re
from dataclasses import FrozenInstanceError
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import parse_qsl, urlsplit

import pytest
from skipbo_web.i18n import LANGUAGES
from skipbo_web.i18n import t as words
from skipbo_web.state import positions
from skipbo_web.state.address import parse_url
from skipbo_web.state.controller import Controller
from skipbo_web.state.look import Look
from skipbo_web.state.replay import MAX_BYTES, RecordProblem, Replay, autoplay_delay_ms, json_problem, parse_record
from skipbo_web.state.settings import Seat, Settings
from skipbo_web.views.bar import bar_tree, notices_tree
from skipbo_web.views.replay_view import board_tree, replay_tree
from skipbo_web.views.share import dealt_from_seed, record_filename, records_tree, share_link
from skipbo_web.views.tree import to_html

from skipbo_core import Game, Match, Rules
from skipbo_core.jsonread import JSONInputError

RECORDS = Path(__file__).resolve().parents[2] / "tests" / "data" / "records"
UNFINISHED = Path(__file__).resolve().parents[2] / "e2e" / "data" / "unfinished-game.json"
INVALID = {  # tests/data/records/README.md: what is wrong -> what the player is told
    "bad-notation.json": ("record.bad_notation", 4),
    "end-with-cards-in-hand.json": ("record.bad_move", 1),
    "move-after-win.json": ("record.after_end", 366),
    "reshuffle-not-from-completed.json": ("record.bad_reshuffle", 161),
    "stock-to-discard.json": ("record.bad_move", 25),
    "wrong-building-pile.json": ("record.bad_move", 3),
    "wrong-deck.json": ("record.damaged", None),
    "wrong-score.json": ("record.bad_result", None),
    "wrong-winner.json": ("record.bad_result", None),
}


def load(path: Path) -> Replay:
    return Replay(parse_record(path.read_bytes()))


def engine_at(record: dict, step: int) -> Game:
    game = Game(Rules.from_dict(record["rules"]), record["deck"], first=record["first"],
                players=record["players"], reshuffles=record["reshuffles"])
    for text in record["moves"][:step]:
        game.play(text)
    return game


class Tags(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.tags: list[dict[str, str | None]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append({"tag": tag, **dict(attrs)})


def tags(html: str) -> list[dict[str, str | None]]:
    p = Tags()
    p.feed(html)
    return p.tags


# -- opening records ------------------------------------------------------------------------------

@pytest.mark.parametrize("path", sorted((RECORDS / "valid").glob("*.json")), ids=lambda p: p.name)
def test_every_position_of_a_reference_record_is_the_engines(path: Path) -> None:
    record = json.loads(path.read_text(encoding="utf-8"))
    replay = load(path)
    assert replay.last == len(record["moves"]) and replay.finished
    for step in sorted({0, 1, 15, 16, 17, replay.last // 2, replay.last - 1}):
        replay = replay.go(step)
        expected = engine_at(record, step)
        for seat in range(expected.rules.players):
            assert replay.game.view(seat) == expected.view(seat), (step, seat)
        assert replay.turn == expected.turn
    replay = replay.end()
    assert replay.game.result == Game.from_record(record).result
    assert [str(e.move) for e in replay.log] == record["moves"]


@pytest.mark.parametrize("name", sorted(INVALID))
def test_a_bad_reference_record_names_its_problem(name: str) -> None:
    key, n = INVALID[name]
    with pytest.raises(RecordProblem) as err:
        load(RECORDS / "invalid" / name)
    assert err.value.message.key == key
    assert err.value.message.args.get("n") == n
    html = to_html(notices_tree([err.value.message], "de"))  # a nested reason is written out too
    assert f'data-notice="{key}"' in html and "{" not in html


def test_files_that_are_not_records_are_refused_by_name() -> None:
    good = json.loads(UNFINISHED.read_text(encoding="utf-8"))
    cases = [(b"x" * (MAX_BYTES + 1), "record.too_big"), (b"{\"format\": ", "record.not_json"),
             (b"\xff\xfe", "record.not_json"), (b"[1, 2]", "record.not_record"),
             (json.dumps({**good, "version": 2}), "record.version"),
             (json.dumps({**good, "rules": {"players": 9}}), "record.damaged"),
             (json.dumps({**good, "moves": "S>B1"}), "record.damaged"),
             (json.dumps({**good, "players": [{"name": 3}]}), "record.damaged"),
             (b"[" * 100_000 + b"]" * 100_000, "record.bad_json"), (b"[" + b"9" * 40 + b"]", "record.bad_json")]
    for data, key in cases:
        with pytest.raises(RecordProblem) as err:
            Replay(parse_record(data))
        assert err.value.message.key == key, key
    with pytest.raises(RecordProblem) as err:  # deep JSON is refused before a parse can overflow Pyodide's stack
        parse_record("[" * 20_000 + "]" * 20_000)
    assert err.value.message.args["why"].key == "json.too-deep"


def test_every_code_of_the_json_reader_has_words_in_each_language() -> None:
    documented = set(re.findall(r"``([a-z-]+)``\s{2,}", JSONInputError.__doc__ or ""))
    assert documented == set(positions.JSON_CODES)
    for lang in LANGUAGES:
        for code in positions.JSON_CODES:
            assert code not in ("too-big", "not-json") or json_problem("record", code, 1).key != "record.bad_json"
            said = words(lang, f"json.{code}")
            assert said and (lang == "en" or said != words("en", f"json.{code}"))  # its own language's words
        for kind in ("record", "position"):
            for code in positions.JSON_CODES:  # every refusal has its words: a notice never shows a key
                message = json_problem(kind, code, 1000)
                assert words(lang, message.key, **{k: v if not hasattr(v, "key") else words(lang, v.key)
                                               for k, v in message.args.items()})
        assert words(lang, "position.why.bad-json") and words(lang, "record.fetch_timeout", s=15)


def test_steps_turns_and_autoplay_stay_inside_the_record() -> None:
    replay = load(RECORDS / "valid" / "3p-stock10.json")
    assert replay.back().step == 0 and replay.first().step == 0
    assert replay.forward().step == 1 and replay.step == 0  # a value: moving gives the replay at its new step
    assert replay.go(10_000).step == replay.last and replay.go(-5).step == 0
    at = replay.go_turn(20)
    start = at.step
    assert at.turn == 20 and replay.turns[start - 1] == 19
    assert at.forward().previous_turn().step == start  # back to the start of this turn
    before = at.previous_turn()
    assert before.step < start and before.turn == 19
    assert before.next_turn().step == start
    assert replay.go_turn(10_000).step == replay.go_turn(replay.last_turn).step
    playing = replay.end().toggle_play()
    assert playing.playing and playing.step == 0       # playing at the end starts again ...
    assert playing.run == replay.run + 1               # ... as a new run of autoplay
    assert playing.forward().playing and not playing.go(replay.last).playing  # reaching the end stops it
    assert not playing.toggle_play().playing
    with pytest.raises(FrozenInstanceError):
        replay.step = 3  # type: ignore[misc]
    assert autoplay_delay_ms(0) >= 300 and autoplay_delay_ms(3) == 1200


def test_a_position_can_be_played_on_when_the_game_goes_on_and_its_seats_are_ours() -> None:
    replay = load(UNFINISHED).end()
    assert not replay.finished and replay.can_play_on()
    ctrl = Controller(replay.game_to_play_on(), Settings())
    assert ctrl.kinds == ["human", "easy"] and ctrl.ai_to_move
    ctrl.ai_move()
    assert len(ctrl.game.moves) == replay.last + 1
    foreign = json.loads(UNFINISHED.read_text(encoding="utf-8"))
    foreign["players"][1]["kind"] = "ai:greedy"
    assert not Replay(foreign).can_play_on()
    game = Game.new(Rules(players=2, stock_size=2), seed=4, players=[{"name": "A", "kind": "human"}] * 2)
    while not game.is_over:  # builds first; a whole game of stock 2 ends soon
        moves = game.legal_moves()
        game.play(next((m for m in moves if m.is_build), moves[-1]))
    finished = Replay(game.to_record()).end()
    assert not finished.can_play_on()               # over at its end
    finished = finished.go(7)                       # earlier the game goes on: a new game from there
    again = finished.game_to_play_on()
    assert [str(m) for m in again.moves] == [str(m) for m in game.moves[:7]] and not again.is_over
    assert again.view(0) == engine_at(game.to_record(), 7).view(0)
    again.play(again.legal_moves()[0])


# -- the viewer's markup --------------------------------------------------------------------------

def test_the_board_shows_every_hand_with_the_tables_hooks() -> None:
    record = json.loads((RECORDS / "valid" / "4p-teams.json").read_text(encoding="utf-8"))
    record["players"][2]["name"] = '<img src=x onerror="alert(1)">' + "x" * 100
    replay = Replay(record).go(57)
    html = to_html(board_tree(replay, Look("en"), replay.seat))
    found = tags(html)
    assert found[0]["data-replay"] == "1" and found[0]["data-step"] == "57"
    expected = engine_at(record, 57)
    assert found[0]["data-turn"] == str(expected.current_seat)
    for seat in range(4):
        cards = []
        inside = False
        for t in found:
            if t.get("data-seat") is not None:
                inside = t["data-seat"] == str(seat)
            if inside and t.get("data-slot") == "H":
                cards.append(t["data-card"])
        assert sorted(cards) == sorted("SB" if c == 0 else str(c) for c in expected.view(seat).hand)
    nexts = [t["data-next"] for t in found if t.get("data-slot", "").startswith("B")]
    assert nexts == [str(n) for n in expected.next_needed()]
    assert "<img" not in html and "&lt;img" in html
    assert not any(t.get("data-action") for t in found)   # read-only: no result sheet, no moves
    assert not any(t.get("data-legal") or t.get("data-playable") for t in found)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_viewer_has_its_controls_and_move_list(lang: str) -> None:
    replay = load(UNFINISHED).go(5)
    found = tags(to_html(replay_tree(replay, Look(lang), 0)))
    actions = {t.get("data-action") for t in found}
    assert {"replay-first", "replay-back", "replay-play", "replay-forward", "replay-last",
            "replay-close", "replay-play-on"} <= actions
    steps = [t["data-step"] for t in found if t.get("data-action") == "replay-go"]
    assert steps == [str(k) for k in range(1, replay.last + 1)]
    slider = next(t for t in found if t.get("name") == "replay-step")
    assert (slider["min"], slider["max"], slider["value"]) == ("0", str(replay.last), "5")
    options = [t for t in found if t["tag"] == "option"]
    assert [o["value"] for o in options] == ["0", "1"] and "selected" in options[0]
    finished = load(RECORDS / "valid" / "2p-stalled.json")
    assert 'data-action="replay-play-on" hidden' in to_html(replay_tree(finished, Look(lang), 0))  # not our seats


# -- share links and file names -------------------------------------------------------------------

def test_a_share_link_deals_the_same_game_again() -> None:
    seats = (Seat("Åse", "human"), Seat("", "hard"), Seat("Bot <b>", "hard"), Seat("", "hard"), Seat(), Seat())
    settings = Settings(players=4, seats=seats, stock=12, teams=True, wild_cards=24, faces="cards",
                        practice=True)
    ctrl = Controller.start(settings, 987654)
    assert ctrl.play(str(ctrl.game.legal_moves()[0])).played  # a link deals the game, not the position
    link = share_link(ctrl, "https://example.org/skipbo/", "da", "cards")
    parts = urlsplit(link.url)
    assert parts.path == "/skipbo/" and link.notes == ()
    url = parse_url(dict(parse_qsl(parts.query)), Settings(), LANGUAGES)
    assert url.bad == () and url.lang == "da" and url.faces == "cards"
    again = Controller.start(url.settings, url.seed)
    assert again.game.to_record()["deck"] == ctrl.game.to_record()["deck"]
    assert again.game.rules == ctrl.game.rules and again.kinds == ctrl.kinds
    assert again.game.players == ctrl.game.players and again.practice
    assert record_filename(ctrl, "2026-12-02") == "skipbo-2026-12-02-seed987654.json"


def test_a_share_link_keeps_the_seats_of_people_on_other_devices() -> None:
    """A seat played from another device is a person's seat, not a computer level."""
    url = parse_url({"players": "4", "humans": "1", "remote": "2", "ai": "easy", "seed": "77"},
                    Settings(), LANGUAGES)
    ctrl = Controller.start(url.settings, url.seed)
    assert ctrl.kinds == ["human", "remote", "remote", "easy"]
    link = share_link(ctrl, "http://h/", "en", "skipbo")
    query = dict(parse_qsl(urlsplit(link.url).query))
    assert (query["humans"], query["remote"], query["ai"]) == ("1", "2", "easy") and link.notes == ()
    again = parse_url(query, Settings(), LANGUAGES)
    assert Controller.start(again.settings, again.seed).kinds == ctrl.kinds


def test_a_link_says_what_it_leaves_out_and_none_is_made_for_a_foreign_deal() -> None:
    seats = (Seat("Ann, Bo", "easy"), Seat("", "human"), Seat("", "hard")) + (Seat(),) * 3
    ctrl = Controller.start(Settings(players=3, seats=seats), 5)
    keys = [m.key for m in share_link(ctrl, "http://h/", "en", "skipbo").notes]
    assert sorted(keys) == ["records.share_names", "records.share_seats"]
    match = Match(Settings().rules(), target=500, first=1)  # as in a match's second game
    second = Controller(match.new_game(6), Settings(), match)
    assert [m.key for m in share_link(second, "http://h/", "en", "skipbo").notes] == ["records.share_first"]
    foreign = Controller(load(UNFINISHED).game_to_play_on(), Settings())
    assert not dealt_from_seed(foreign)
    link = share_link(foreign, "http://h/", "en", "skipbo")
    assert link.url is None and [m.key for m in link.notes] == ["records.share_none"]
    assert record_filename(foreign, "2026-12-02") == "skipbo-2026-12-02.json"
    html = to_html(records_tree(link, Look("de")))
    assert 'id="share-url"' not in html and 'name="record-file"' in html


def test_the_bar_opens_the_records_sheet() -> None:
    for lang in LANGUAGES:
        assert 'data-action="records"' in to_html(bar_tree(Look(lang), 2))

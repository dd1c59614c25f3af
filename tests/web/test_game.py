"""The page's Python on the host (no browser): texts, settings, URL options, clicks,
saves, matches, hot-seat, teams and the markup's hooks."""

from __future__ import annotations

import random
import re
from html.parser import HTMLParser
from pathlib import Path

import pytest
from skipbo_web import i18n
from skipbo_web.i18n import CATALOGUE, DEFAULT, LANGUAGES, card_name, describe, pick_language, t
from skipbo_web.i18n.messageformat import arguments, choices, variants
from skipbo_web.state.address import UrlOptions, parse_url
from skipbo_web.state.clicks import slot_notation
from skipbo_web.state.controller import BadMatch, BadSave, Controller
from skipbo_web.state.look import Look
from skipbo_web.state.settings import Seat, Settings, most_stock
from skipbo_web.views.bar import bar_tree, foot_tree, notices_tree
from skipbo_web.views.result_sheet import result_tree
from skipbo_web.views.seat_words import message_text
from skipbo_web.views.sheets import help_tree, setup_tree
from skipbo_web.views.table_model import controller_names, table_model
from skipbo_web.views.table_view import root_attributes, table_tree
from skipbo_web.views.tree import to_html

import skipbo_core.errors
from skipbo_core import Game, Move, Rules
from skipbo_core.cards import BUILDING_SLOTS
from skipbo_core.result import REASONS

from .table_support import AtTable

WEB = Path(__file__).resolve().parents[2] / "web"
SLOTS = ["S", "D1", "D2", "D3", "D4", "B1", "B2", "B3", "B4"]


def settings(players: int = 2, humans: int = 1, level: str = "medium", **kw) -> Settings:
    seats = tuple(Seat("", "human" if i < humans else level) for i in range(6))
    return Settings(players=players, seats=seats, **kw)


def start(seed: int = 3, **kw) -> AtTable:
    """A new game at its table (its picked card and line kept as the page keeps them)."""
    return AtTable(Controller.start(settings(**kw), seed))


class Elements(HTMLParser):
    """Every start tag's attributes, and the text outside tags."""

    def __init__(self) -> None:
        super().__init__()
        self.elements: list[dict[str, str | None]] = []
        self.texts: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.elements.append({"tag": tag, **dict(attrs)})

    def handle_data(self, data: str) -> None:
        if data.strip():
            self.texts.append(data.strip())


def parse(html: str) -> Elements:
    p = Elements()
    p.feed(html)
    return p


# -- the catalogue ------------------------------------------------------------------------------

def test_every_key_exists_in_every_language_with_the_same_placeholders() -> None:
    """Every language's file has the keys of English, each a message that parses, uses
    the same arguments and counts by the same one (en.json, de.json, da.json)."""
    keys = set(CATALOGUE[DEFAULT])
    fields = re.compile(r"{(\w+)}")
    for lang, table in CATALOGUE.items():
        assert set(table) == keys, (lang, set(table) ^ keys)
        for key in keys:
            entry, english = i18n.message(table[key]), i18n.message(CATALOGUE[DEFAULT][key])
            # a counted text is counted in every language, by the same argument
            counted = [(name, kind) for name, kind, _ in choices(entry) if kind == "plural"]
            assert counted == [(name, kind) for name, kind, _ in choices(english) if kind == "plural"], (lang, key)
            assert arguments(entry) == arguments(english), (lang, key)
            for text in variants(entry):
                assert text.strip(), (lang, key)
                assert set(fields.findall(text)) <= arguments(english), (lang, key)


def test_every_engine_code_and_end_reason_has_a_text() -> None:
    codes = re.findall(r"``([a-z-]+)``\s+``?[{]", skipbo_core.errors.IllegalMove.__doc__)
    assert len(codes) >= 9 and "wrong-number" in codes
    for code in codes:
        assert f"illegal.{code}" in CATALOGUE[DEFAULT], code
    for reason in REASONS:
        assert f"end.{reason}" in CATALOGUE[DEFAULT], reason


def test_the_examples_of_the_issue_read_as_asked() -> None:
    assert t("en", "illegal.wrong-number", pile=2, needs=7, card=9) == "Building pile 2 needs a 7 - this is a 9."
    assert t("en", "illegal.stock-to-discard").startswith("Stock cards cannot go to a discard pile")
    assert t("de", "illegal.wrong-number", pile=2, needs=7, card=9) == "Baustapel 2 braucht eine 7 - das ist eine 9."
    assert card_name("en", 7) == "7, green" and card_name("da", 0) == "Skip-Bo-kort (joker)"
    assert card_name("en", 12, "cards") == "Queen, red" and t("en", "src.H", card=0, faces="cards") == "Your K"
    assert describe("da", "illegal.some-new-rule", {}) == "Det træk er ikke tilladt."
    with pytest.raises(KeyError, match="no text"):
        t("en", "no-such-key")


def test_language_is_picked_from_preferences() -> None:
    assert pick_language(["fr-FR", "de-AT", "en"]) == "de"
    assert pick_language(["DA"]) == "da"
    assert pick_language(["fr", ""]) == "en"


def every_screen(lang: str) -> list[str]:
    """The page's markup in many states: table, picks, errors, result, hot-seat, setup, help."""
    look = Look(lang)
    out = [to_html(bar_tree(look, 2)), to_html(foot_tree(lang, "0.1.0")), to_html(help_tree(lang)),
           to_html(setup_tree(Settings(), lang)),
           to_html(setup_tree(settings(4, teams=True, stock=7), lang, ["stock", "kind1", "target"])),
           to_html(notices_tree([m for m in _notices()], lang))]
    for faces in ("skipbo", "cards"):
        look = Look(lang, faces)
        ctrl = start(seed=5, stock=3)
        rng = random.Random(1)
        while not ctrl.game.is_over:
            if ctrl.ai_to_move:
                ctrl.ai_move()
                continue
            move = str(rng.choice(ctrl.game.legal_moves()))
            if rng.random() < 0.2:
                ctrl.click(rng.choice(SLOTS), rng.choice([0, 1]))
                out.append(to_html(table_tree(table_model(ctrl), look)))
            ctrl.play(move)
            out.append(to_html(table_tree(table_model(ctrl), look)))
        out.append(to_html(result_tree(table_model(ctrl), look)))
    hot = start(seed=2, players=4, humans=4, teams=True, stock=2)
    out.append(to_html(table_tree(table_model(hot), Look(lang))))
    hot.reveal()
    out.append(to_html(table_tree(table_model(hot), Look(lang))))
    return out


def _notices():
    from skipbo_web.state.controller import Message
    return [Message("notice.bad_save"), Message("notice.bad_url", {"names": "stock"}), Message("notice.no_storage")]


def test_no_text_outside_the_catalogue(monkeypatch) -> None:
    """Every catalogue entry is wrapped in markers; whatever text is left outside markers
    on any screen must be numbers or punctuation (and the names players typed)."""
    def mark(text: str) -> str:
        return f"\u27e6{text}\u27e7"

    marked = {k: mark(v) for k, v in CATALOGUE["en"].items()}
    monkeypatch.setitem(CATALOGUE, "xx", marked)
    own_names = {CATALOGUE[code][k] for code in LANGUAGES for k in ("lang.name", "lang.code")}  # in its own words
    leftovers = set()
    for html in every_screen("xx"):
        page = parse(html)
        pieces = page.texts + [e[a] for e in page.elements for a in ("aria-label", "title", "placeholder")
                               if e.get(a)]
        for text in pieces:
            while True:  # innermost markers first
                stripped = re.sub(r"\u27e6[^\u27e6\u27e7]*\u27e7", "", text)
                if stripped == text:
                    break
                text = stripped
            if not re.fullmatch(r"[\d\s\-+·:,.()/!?…=]*", text) and text not in own_names:
                leftovers.add(text)
    assert leftovers == set()


def test_the_first_paint_has_only_catalogue_texts() -> None:
    page = parse((WEB / "index.html").read_text(encoding="utf-8"))
    allowed = {f for table in CATALOGUE.values() for v in table.values() for f in variants(i18n.message(v))}
    body_texts = [x for x in page.texts if not x.startswith(("/*", "try {")) and "localStorage" not in x]
    assert body_texts and all(x in allowed for x in body_texts), body_texts
    assert {e.get("lang") for e in page.elements if "ready-text" in (e.get("class") or "")} == set(LANGUAGES)


# -- settings and URL options -----------------------------------------------------------------

def test_stored_settings_are_validated_field_by_field() -> None:
    good = settings(4, humans=2, teams=True, stock=12, faces="cards", match=True, target=300, lang="da", speed=0)
    back, bad = Settings.from_dict(good.to_dict(), LANGUAGES)
    assert back == good and bad == []
    back, bad = Settings.from_dict({**good.to_dict(), "players": 9, "faces": "tarot", "lang": "fr"}, LANGUAGES)
    assert sorted(bad) == ["faces", "lang", "players", "teams"]  # teams need 4 or 6: back to 2 players
    assert back.players == 2 and back.teams is False and back.stock == 12
    assert Settings.from_dict("garbage", LANGUAGES) == (Settings(), ["version"])
    for lang in ([1], {}, 5):  # "lang": [1] raised TypeError (unhashable) at every start (issue 29)
        assert Settings.from_dict({**good.to_dict(), "lang": lang}, LANGUAGES)[1] == ["lang"]
    assert Settings.from_dict({"version": 99}, LANGUAGES) == (Settings(), ["version"])
    _, bad = Settings.from_dict({**good.to_dict(), "seats": [{"name": 3}]}, LANGUAGES)
    assert bad == ["seats"]


def test_the_engine_decides_the_largest_stock() -> None:
    assert most_stock(2) == 50
    assert most_stock(6) == (162 - 32) // 6 and most_stock(6, 24) == (168 - 32) // 6


def test_url_options_start_a_game_only_when_all_are_right() -> None:
    url = parse_url({"players": "3", "stock": "5", "ai": "hard", "seed": "3", "lang": "de", "speed": "0"},
                    Settings(), LANGUAGES)
    assert isinstance(url, UrlOptions) and url.bad == ()
    s = url.settings
    assert (s.players, s.stock, [x.kind for x in s.table], url.seed, url.lang, url.speed) == \
        (3, 5, ["human", "hard", "hard"], 3, "de", 0)
    assert url.origin == "ai=hard&players=3&seed=3&stock=5"
    bad = {"players": "9", "stock": "x", "ai": "genius", "lang": "fr", "speed": "7", "teams": "1", "deck": "170"}
    url = parse_url({**bad, "embed": "1"}, Settings(), LANGUAGES)  # an embedded table plays with the defaults
    assert set(url.bad) == {"players", "stock", "ai", "lang", "speed", "teams", "deck"}
    assert url.settings.players == 2 and url.settings.stock is None and url.settings.table[1].kind == "medium"
    url = parse_url(bad, Settings(), LANGUAGES)  # the page itself starts no game (issue 29)
    assert url.settings is None and set(url.ignored) == {"players", "stock", "ai", "teams", "deck"}
    assert parse_url({"lang": "da"}, Settings(), LANGUAGES).settings is None  # no game option: no game
    too_big = parse_url({"players": "6", "stock": "50", "embed": "1"}, Settings(), LANGUAGES)
    assert too_big.bad == ("stock",) and too_big.settings.stock is None
    # numbers are ASCII digits only, in range: no sign, "_", spaces or other scripts' digits
    for seed in ("x", "1_0", "+7", " 7", "7 ", "\u0663", "-1", "9" * 40, ""):
        url = parse_url({"seed": seed}, Settings(), LANGUAGES)
        assert url.ignored == ("seed",) and url.settings is None, seed
    assert parse_url({"names": ",".join("abcdefghi")}, Settings(), LANGUAGES).ignored == ("names",)
    assert parse_url({"players": "abc"}, Settings(), LANGUAGES).ignored == ("players",)
    hot = parse_url({"players": "4", "humans": "2", "teams": "1", "target": "200"}, Settings(), LANGUAGES).settings
    assert hot.humans == [0, 1] and hot.teams and hot.match and hot.target == 200


def test_the_new_game_form_reads_back_and_names_wrong_fields() -> None:
    form = {"players": "4", "name0": "  Ada  Lovelace ", "kind0": "human", "kind1": "expert", "kind2": "human",
            "kind3": "easy", "stock_mode": "custom", "stock": "12", "wild_cards": "24", "teams": "1",
            "faces": "cards", "mode": "match", "target": "250"}
    new, bad = Settings().with_form(form)
    assert bad == []
    assert new.players == 4 and new.seats[0] == Seat("Ada Lovelace", "human") and new.humans == [0, 2]
    assert ((new.stock, new.wild_cards, new.teams, new.faces, new.match, new.target)
            == (12, 24, True, "cards", True, 250))
    _, bad = Settings().with_form({**form, "players": "6", "stock": "40"})
    assert bad == ["stock"]
    _, bad = Settings().with_form({**form, "kind1": "wizard", "target": "-3"})
    assert bad == ["kind1", "target"]
    short, bad = Settings().with_form({"players": "3", "stock_mode": "short", "teams": "1"})
    assert bad == [] and short.stock == 10 and short.teams is False  # teams need 4 or 6


# -- the controller -------------------------------------------------------------------------------

def test_slot_notation_and_bad_slots() -> None:
    assert slot_notation("H", "SB") == "HSB"
    assert slot_notation("D2", own=False) == "PD2" and slot_notation("S", own=False) == "PS"
    assert slot_notation("B3", own=False) == "B3"
    for slot, card in [("H", "13"), ("H", None), ("X1", None), ("D5", None), ("", None)]:
        with pytest.raises(ValueError):
            slot_notation(slot, card)


def test_bad_clicks_change_nothing_and_say_why() -> None:
    ctrl = start()
    before = ctrl.record()
    ctrl.click("B1")
    assert ctrl.message.key == "msg.pick_source"
    ctrl.click("Q9")
    assert ctrl.message.key == "msg.invalid"
    ctrl.click("S", seat=1)  # the computer's stock: not ours
    assert ctrl.message.key == "msg.not_yours" and ctrl.selected is None
    ctrl.click("S", 0)
    ctrl.click("D1", 0)
    assert ctrl.message.key == "illegal.stock-to-discard"
    ctrl.cancel()
    ctrl.click("D2", 0, top="")
    assert ctrl.message.key == "illegal.empty-source" and ctrl.selected is None
    hand = [c for c in ctrl.view().hand if c not in (0, 1)]
    ctrl.click("H", 0, str(hand[0]))
    ctrl.click("B1")
    assert ctrl.message.key == "illegal.wrong-number"
    said = message_text(controller_names(ctrl), Look("en"), ctrl.message)
    assert said == f"Building pile 1 needs a 1 - this is a {hand[0]}."
    assert ctrl.record() == before and ctrl.log == []


def test_picking_twice_puts_the_card_back_and_targets_come_from_the_engine() -> None:
    ctrl = start()
    ctrl.click("H", 0, "4")
    assert ctrl.selected == "H4"
    assert ctrl.legal_targets() == {m.target_text for m in ctrl.game.legal_moves() if m.source_text == "H4"}
    ctrl.click("H", 0, "4")
    assert ctrl.selected is None and ctrl.legal_targets() == set() and ctrl.message.key == "msg.cancelled"


def test_a_picked_card_says_how_to_put_it_back_by_touch_on_a_touch_screen() -> None:
    """Esc on a phone means nothing: there the card goes back with a second tap on it."""
    ctrl = start()
    for lang, key_word, tap_word in (("en", "Esc", "tap the card again"), ("de", "Esc", "antippen"),
                                     ("da", "Esc", "tryk på kortet igen")):
        for card in ("4", "S"):
            ctrl.cancel()
            ctrl.click("H", 0, card) if card != "S" else ctrl.click("S", 0)
            assert ctrl.message.key.startswith("msg.picked")
            assert key_word in message_text(controller_names(ctrl), Look(lang), ctrl.message)
            touch = message_text(controller_names(ctrl), Look(lang, touch=True), ctrl.message)
            assert key_word not in touch and tap_word in touch


def click_move(ctrl: AtTable, move: str) -> None:
    if move == "end":
        assert ctrl.can_end()
        ctrl.play("end")
        return
    parsed = Move.parse(move)
    for part in (parsed.source_text, parsed.target_text):
        if part.startswith("H"):
            ctrl.click("H", ctrl.game.current_seat, part[1:])
        elif part.startswith("P"):
            ctrl.click(part[1:], ctrl.partner(ctrl.game.current_seat))
        else:
            ctrl.click(part, ctrl.game.current_seat)


@pytest.mark.parametrize("seed", range(3))
def test_random_clicking_plays_whole_games_with_known_texts(seed: int) -> None:
    """Click legal moves and random places until the game ends: every message has a text
    in every language, and a stray click never breaks the game."""
    rng = random.Random(seed)
    ctrl = start(seed=seed, stock=8)
    for _ in range(20_000):
        if ctrl.game.is_over:
            break
        if ctrl.ai_to_move:
            ctrl.ai_move()
        elif rng.random() < 0.5:
            click_move(ctrl, str(rng.choice(ctrl.game.legal_moves())))
        else:
            ctrl.click(rng.choice(SLOTS), rng.choice([0, 0, 0, 1]))
        for lang in CATALOGUE:
            message_text(controller_names(ctrl), Look(lang), ctrl.message)
    assert ctrl.game.is_over and root_attributes(table_model(ctrl))["data-over"] == "1"
    assert ctrl.message.key == "msg.game_over"
    ctrl.click("S", 0)
    assert ctrl.message.key == "msg.game_over"
    assert ctrl.match.history == [ctrl.game.result.scores]


def test_the_computer_plays_one_decision_at_a_time() -> None:
    ctrl = start(seed=4)
    move = next(str(m) for m in ctrl.game.legal_moves() if m.target_text == "D1")
    assert ctrl.play(move).played and ctrl.ai_to_move
    entry = ctrl.ai_move()
    assert entry.seat == 1 and ctrl.log[-1] == entry and len(ctrl.game.moves) == 2
    while ctrl.ai_to_move:
        ctrl.ai_move()
    assert ctrl.game.current_seat == 0 and ctrl.message.key == "msg.your_turn"
    with pytest.raises(ValueError):
        ctrl.ai_move()


def test_a_saved_game_resumes_exactly_and_bad_saves_are_refused() -> None:
    ctrl = start(seed=6, stock=6)
    for _ in range(3):
        ctrl.play(next(str(m) for m in ctrl.game.legal_moves() if m.ends_turn))
        while ctrl.ai_to_move:
            ctrl.ai_move()
    record, match = ctrl.record(), ctrl.match_data()
    back = Controller.resume(record, match, Settings())
    assert back.view() == ctrl.view() and back.record() == record and back.log == ctrl.log
    assert [k for k in back.kinds] == ["human", "medium"]
    for bad_record in ["junk", {**record, "version": 2}, {**record, "moves": ["H13>B9"]},
                       {**record, "players": [{"name": "A", "kind": "wizard"}, record["players"][1]]}]:
        with pytest.raises(BadSave):
            Controller.resume(bad_record, match, Settings())
    for bad_match in ["x", {**match, "version": 7}, {**match, "history": [[1]]}, {**match, "first": 5},
                      {**match, "practice": 1}, {**match, "origin": 7}, {**match, "game_no": 5},
                      {**match, "game_no": -1}]:
        with pytest.raises(BadMatch):  # the match alone is wrong: the page can still resume the game
            Controller.resume(record, bad_match, Settings())
    alone = Controller.resume(record, None, Settings())  # no match (it was set aside): a single game
    assert alone.record() == record and alone.match.target is None


def test_a_match_adds_points_once_and_moves_the_first_seat() -> None:
    s = settings(match=True, target=30, stock=1)
    ctrl = Controller.start(s, 11)
    games = 0
    while True:
        assert ctrl.game.first == games % 2
        while not ctrl.game.is_over:
            if ctrl.ai_to_move:
                ctrl.ai_move()
            else:
                ctrl.play(str(ctrl.game.legal_moves()[0]))
        games += 1
        again = Controller.resume(ctrl.record(), ctrl.match_data(), s)  # reload at the end: no double count
        assert again.match.history == ctrl.match.history and len(ctrl.match.history) == games
        if ctrl.match.is_over:
            break
        ctrl = ctrl.next_game(100 + games)
    assert max(ctrl.match.scores) >= 30
    html = to_html(result_tree(table_model(ctrl), Look("en")))
    assert "won the match" in html and 'data-action="new-match"' in html


def test_hot_seat_hides_the_hand_until_the_next_player_has_the_device() -> None:
    ctrl = start(seed=8, humans=2)
    assert ctrl.hot_seat and ctrl.curtain and not ctrl.shows_hand
    ctrl.click("S", 0)
    assert ctrl.message.key == "msg.pass_device" and ctrl.selected is None
    html = to_html(table_tree(table_model(ctrl), Look("en")))
    assert 'data-action="reveal"' in html and 'data-slot="H"' not in html
    ctrl.reveal()
    assert not ctrl.curtain and ctrl.shows_hand and ctrl.viewer == 0
    ctrl.play(next(str(m) for m in ctrl.game.legal_moves() if m.ends_turn))
    assert ctrl.game.current_seat == 1 and ctrl.viewer == 1 and ctrl.curtain and not ctrl.shows_hand
    ctrl.reveal()
    elements = parse(to_html(table_tree(table_model(ctrl), Look("en")))).elements
    assert [e["data-seat"] for e in elements if "data-seat" in e and e["tag"] == "section"][-1] == "1"
    assert len([e for e in elements if e.get("data-slot") == "H"]) == 5


def test_team_play_uses_the_partners_piles_and_only_those() -> None:
    seed = next(s for s in range(200)
                if Game.new(Rules(players=4, stock_size=5, teams=True), seed=s).view(0).stock_tops[2] in (0, 1))
    ctrl = start(seed=seed, players=4, teams=True, stock=5)
    assert "PS" in ctrl.playable_sources()
    ctrl.click("S", 1)
    assert ctrl.message.key == "msg.not_yours_teams"
    ctrl.click("S", 2)
    assert ctrl.selected == "PS"
    assert ctrl.click("B1").played and str(ctrl.log[-1].move) == "PS>B1"


def test_markup_carries_the_stable_hooks() -> None:
    ctrl = start()
    ctrl.click("H", 0, "4")
    page = parse(to_html(table_tree(table_model(ctrl), Look("en"))))
    elements = page.elements
    assert [e["data-seat"] for e in elements if e["tag"] == "section" and "data-seat" in e] == ["1", "0"]
    slots = [e["data-slot"] for e in elements if "data-slot" in e]
    assert slots.count("S") == 2 and slots.count("H") == 5
    assert all(slots.count(f"D{k}") == 2 and slots.count(f"B{k}") == 1 for k in range(1, BUILDING_SLOTS + 1))
    assert [e["data-next"] for e in elements if "data-next" in e] == ["1"] * 4
    assert all("data-top" in e for e in elements if e.get("data-slot", "").startswith(("S", "D")))
    assert {e["data-slot"] for e in elements if e.get("data-legal") == "1"} == ctrl.legal_targets()
    assert [e["data-card"] for e in elements if e.get("data-selected") == "1"] == ["4"]
    assert all(e["tag"] == "button" and e.get("aria-label") for e in elements if "data-slot" in e)
    root = root_attributes(table_model(ctrl))
    assert root["data-turn"] == "0" and root["data-over"] is None
    assert 'data-version="0.1.0"' in to_html(foot_tree("en", "0.1.0"))


def test_saves_of_the_version_before_skipbo_core_match_still_load() -> None:
    """The page's match save kept its shape when the engine's Match replaced the page's
    own MatchState: a save written before (game 2 of a match to 500, from an address)
    resumes with its standings, origin and first seat."""
    game = Game.new(Rules(players=2), seed=77, first=1, players=[{"name": "", "kind": "human"},
                                                                  {"name": "", "kind": "ai:easy"}])
    old = {"version": 1, "target": 500, "first": 0, "history": [[0, 45]], "game_no": 1, "seed": 77,
           "origin": "players=2", "practice": False}
    ctrl = Controller.resume(game.to_record(), old, Settings())
    assert (ctrl.match.scores, ctrl.match.game_no, ctrl.origin, ctrl.practice) == ([0, 45], 1, "players=2", False)
    assert ctrl.match_data() == old
    with pytest.raises(BadSave):
        Controller.resume(game.to_record(), {**old, "first": 1}, Settings())  # game 2 starts with seat 1

    assert i18n.colour_of(4) == "blue" and i18n.colour_of(5) == "green" and i18n.colour_of(12) == "red"

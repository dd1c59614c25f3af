"""Hints, Why? links, practice games with Undo, and the screen reader's sentences, on
the host (no browser): skipbo_web.views.practice, .explain, .announce and their hooks."""

from __future__ import annotations

import random
import re
from dataclasses import replace
from html.parser import HTMLParser

import pytest
from skipbo_web.i18n import CATALOGUE, LANGUAGES, t
from skipbo_web.state.address import parse_url
from skipbo_web.state.controller import BadSave, Controller
from skipbo_web.state.look import Look
from skipbo_web.state.messages import Message
from skipbo_web.state.settings import Seat, Settings
from skipbo_web.state.undo import undo_block
from skipbo_web.views.announce import move_sentences, table_sentences
from skipbo_web.views.explain import why_tree
from skipbo_web.views.practice import assist_tree, hint_for, hint_marks, hint_message
from skipbo_web.views.rules_links import ILLEGAL_ANCHORS
from skipbo_web.views.seat_words import message_text
from skipbo_web.views.sheets import help_tree, setup_tree
from skipbo_web.views.table_model import controller_names, table_model
from skipbo_web.views.table_view import table_tree
from skipbo_web.views.tree import to_html

from skipbo_core import Game, Move
from skipbo_core.ai.hints import REASONS, Hint
from tests.web.table_support import AtTable
from tests.web.tree_support import elements, lit
from tools import rules_page


def settings(players: int = 2, humans: int = 1, **kw) -> Settings:
    seats = tuple(Seat("", "human" if i < humans else "medium") for i in range(6))
    return Settings(players=players, seats=seats, **kw)


def ids_per_language() -> dict[str, set[str]]:
    """The ids of rules.html's sections that hold a text block in each language."""
    class Sections(HTMLParser):
        def __init__(self) -> None:
            super().__init__()
            self.section: str | None = None
            self.found: dict[str, set[str]] = {lang: set() for lang in LANGUAGES}

        def handle_starttag(self, tag: str, attrs: list) -> None:
            a = dict(attrs)
            if tag == "section" and a.get("id"):
                self.section = a["id"]
            elif self.section and a.get("lang") in self.found:
                self.found[a["lang"]].add(self.section)

    p = Sections()
    p.feed(rules_page.render())
    return p.found


def test_every_illegal_move_links_to_a_rule_that_exists_in_every_language() -> None:
    found = ids_per_language()
    for code, anchor in ILLEGAL_ANCHORS.items():
        for lang in LANGUAGES:
            link = why_tree(Message(f"illegal.{code}"), lang)
            assert link is not None and link.tag == "a"
            assert link.attr("href") == f"./rules.html?lang={lang}#{anchor}"  # relative: works under a sub-path
            assert anchor in found[lang], (code, lang)
            assert link.attr("target") == "_blank" and link.attr("rel") == "noopener"
            assert link.kids == (CATALOGUE[lang]["why.link"],)
    assert why_tree(Message("msg.cancelled"), "en") is None
    assert why_tree(Message("illegal.some-new-code"), "en") is None  # no rule known: no link


def why_links(ctrl: Controller, lang: str) -> list[str | None]:
    """The ``href`` of each "Why?" link on the table as the page draws it."""
    return [el.attr("href") for el, _ in elements(table_tree(table_model(ctrl), Look(lang)))
            if "why" in (el.attr("class") or "").split()]


def test_refusals_in_play_carry_the_why_link() -> None:
    ctrl = AtTable(Controller.start(settings(stock=5), 3))
    ctrl.click("S")
    ctrl.click("D1")
    assert ctrl.message.key == "illegal.stock-to-discard"
    assert why_links(ctrl, "da") == ["./rules.html?lang=da#rule-discard"]
    ctrl.cancel()
    assert why_links(ctrl, "da") == []


# -- practice games ------------------------------------------------------------------------------

def test_practice_is_a_remembered_setting_a_form_field_and_a_url_option() -> None:
    s = settings(practice=True)
    back, bad = Settings.from_dict(s.to_dict(), LANGUAGES)
    assert back.practice and bad == []
    assert Settings.from_dict({**s.to_dict(), "practice": "yes"}, LANGUAGES)[1] == ["practice"]
    assert Settings().with_form({"players": "2", "practice": "1"})[0].practice
    assert not s.with_form({"players": "2"})[0].practice  # an unticked box is not sent
    assert 'name="practice" value="1" checked' in to_html(setup_tree(s, "en"))
    url = parse_url({"practice": "1", "seed": "4"}, Settings(), LANGUAGES)
    assert url.settings.practice and "practice=1" in url.origin and url.bad == ()
    url = parse_url({"practice": "maybe"}, Settings(), LANGUAGES)
    assert url.settings is None and url.bad == url.ignored == ("practice",)  # a wrong game option: no game


def test_a_practice_game_keeps_its_practice_through_saves_and_the_next_game() -> None:
    ctrl = Controller.start(settings(practice=True, match=True, target=5000), 3)
    assert ctrl.practice
    again = Controller.resume(ctrl.record(), ctrl.match_data(), settings())  # settings say no practice
    assert again.practice
    with pytest.raises(BadSave):
        Controller.resume(ctrl.record(), {**ctrl.match_data(), "practice": 1}, settings())
    old = {k: v for k, v in ctrl.match_data().items() if k != "practice"}  # saved before practice existed
    assert Controller.resume(ctrl.record(), old, settings()).practice is False
    while not ctrl.game.is_over:
        ctrl.ai_move() if ctrl.ai_to_move else ctrl.play(str(ctrl.game.legal_moves()[0]))
    assert ctrl.next_game(9).practice


def undoable_seed() -> int:
    """A deal whose human can start with a hand card onto a building pile that shows nothing."""
    for seed in range(100):
        game = Game.new(settings(stock=5).rules(), seed=seed, first=0)
        hand = game.view(0).hand
        if len(hand) == 5 and 1 in hand:
            return seed
    raise AssertionError("no such seed")


def test_undo_takes_back_the_humans_building_moves_and_only_those() -> None:
    seed = undoable_seed()
    ctrl = AtTable(Controller.start(settings(stock=5, practice=True), seed))
    before, log = ctrl.record(), list(ctrl.log)
    assert undo_block(ctrl) == "undo.none"
    assert ctrl.play("H1>B1").played
    assert undo_block(ctrl) is None
    assert ctrl.undo()
    assert ctrl.record() == before and ctrl.log == log and ctrl.message.key == "undo.done"
    assert message_text(controller_names(ctrl), Look("en"), ctrl.message) == "Taken back: Your 1 to building pile 1."
    # a stock card that shows the next one cannot be taken back
    stock_moves = [m for m in ctrl.game.legal_moves() if m.source_text == "S" and m.is_build]
    if stock_moves:
        ctrl.play(str(stock_moves[0]))
        saved = ctrl.record()
        assert undo_block(ctrl) == "undo.hidden" and not ctrl.undo() and ctrl.record() == saved
    # after the discard, the computer moves: nothing of the human's is left to take back
    discard = next(m for m in ctrl.game.legal_moves() if m.is_discard)
    ctrl.play(str(discard))
    assert undo_block(ctrl) == "undo.not_now"
    # not a practice game: Undo says so and changes nothing
    plain = AtTable(Controller.start(settings(stock=5), seed))
    plain.play("H1>B1")
    saved = plain.record()
    assert not plain.undo() and plain.message.key == "undo.not_practice" and plain.record() == saved


# -- hints -----------------------------------------------------------------------------------------

def sample_hint(reason: str) -> Hint:
    details = {"line": ("H5>B2",), "card": 5, "pile": 2, "steps": 3, "seat": 1, "source": 2, "top": 6}
    move = Move.parse("end" if reason == "end" else "H5>D2" if reason == "discard" else "H5>B2")
    return Hint(move, reason, details)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_hint_reason_reads_in_every_language(lang: str) -> None:
    ctrl = Controller.start(settings(stock=5), 3)
    look = Look(lang)
    seen = set()
    for reason in REASONS:
        h = sample_hint(reason)
        text = message_text(controller_names(ctrl), look, hint_message(h))
        assert "{" not in text and text not in seen, (reason, text)
        seen.add(text)
        if reason == "block":
            assert "Computer" in text
    empty = Hint(Move.parse("H5>D2"), "discard", {"line": ("H5>D2",), "card": 5, "pile": 2, "top": None})
    assert message_text(controller_names(ctrl), look, hint_message(empty)) not in seen
    if lang == "en":
        text = message_text(controller_names(ctrl), look, hint_message(sample_hint("discard")))
        assert text == "Hint: Your 5 to discard pile 2. Discard the 5 onto your 6 pile."


def test_hints_are_legal_and_light_up_their_piles_in_whole_games() -> None:
    for seed in range(3):
        ctrl = Controller.start(settings(players=4, stock=3, teams=True, humans=1), seed)
        rng = random.Random(seed)
        while not ctrl.game.is_over:
            if ctrl.ai_to_move:
                ctrl.ai_move()
                continue
            h = hint_for(ctrl)
            assert h is not None and h.move in ctrl.game.legal_moves()
            marks = hint_marks(ctrl, h.move)
            tree = table_tree(table_model(ctrl), Look(), marks=marks)
            assert lit(tree, marks)  # each lights the element that shows its pile
            assert sum(el.attr("data-hint") == "1" for el, _ in elements(tree)) == len(marks)
            move = h.move if rng.random() < 0.7 else rng.choice(ctrl.game.legal_moves())
            assert ctrl.play(str(move)).played
        assert hint_for(ctrl) is None


def test_the_assist_bar_says_why_a_button_cannot_act() -> None:
    ctrl = Controller.start(settings(stock=5), 3)
    html = to_html(assist_tree(ctrl, Look("de")))
    assert 'data-action="hint"' in html and 'data-action="read-table"' in html
    assert re.search(r'data-action="undo"[^>]*title="Rückgängig machen geht in Übungsspielen[^"]*" '
                     r'aria-disabled="true"', html)
    lesson = to_html(assist_tree(ctrl, Look("en"), lesson=True))
    assert 'data-action="read-table"' in lesson and 'data-action="hint"' not in lesson
    keys = to_html(help_tree("en"))
    assert all(f"<kbd>{k}</kbd>" in keys for k in ("H", "U", "R"))


# -- the screen reader -------------------------------------------------------------------------------

@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_move_of_whole_games_is_announced(lang: str) -> None:
    look = Look(lang)
    complete = re.escape(CATALOGUE[lang]["ann.complete"]).replace(r"\{pile\}", r"\d")
    completed = 0
    for seed in range(2):
        ctrl = Controller.start(replace(settings(stock=4), seats=(Seat("Anna", "human"),) + settings().seats[1:]), seed)
        rng = random.Random(seed)
        while not ctrl.game.is_over:
            if ctrl.ai_to_move:
                entry = ctrl.ai_move()
            else:
                ctrl.play(str(rng.choice(ctrl.game.legal_moves())))
                entry = ctrl.log[-1]
            lines = move_sentences(ctrl, look, entry)
            assert lines and all(line and "{" not in line for line in lines)
            who = "Anna" if entry.seat == 0 else "Computer"
            assert lines[0].startswith(who)
            completed += any(re.fullmatch(complete, line) for line in lines)
            if entry.move.is_discard:
                assert len(lines) == 2  # and then whose turn it is
        assert lines[-1] in {CATALOGUE[lang]["end.won"].format(name=n) for n in ("Anna", "Computer")} | {
            CATALOGUE[lang]["end.nobody"]}
    assert completed


def test_the_words_for_a_move() -> None:
    ctrl = Controller.start(settings(stock=5), undoable_seed())
    ctrl.play("H1>B1")
    assert move_sentences(ctrl, Look("en"), ctrl.log[-1]) == [
        "You played 1 from your hand onto building pile 1."]
    assert move_sentences(ctrl, Look("de"), ctrl.log[-1]) == [
        "Du spielst 1 aus deiner Hand auf Baustapel 1."]


def test_reading_the_table_names_every_pile() -> None:
    ctrl = Controller.start(settings(players=3, stock=5), 3)
    view = ctrl.game.view(0)
    lines = table_sentences(ctrl, Look("en"))
    assert lines[0] == "Building piles need 1, 1, 1, 1."
    assert lines[1] == "Your hand: " + ", ".join("Skip-Bo" if c == 0 else str(c) for c in view.hand) + "."
    assert [line.split(":")[0] for line in lines[2:5]] == ["You", "Computer 1", "Computer 2"]
    assert f"{view.stock_sizes[1]} cards" in lines[3] and lines[-1] == "Your turn."
    hot = Controller.start(settings(players=2, humans=2, stock=5), 3)
    assert "Your hand is hidden." in table_sentences(hot, Look("en"))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_hint_from_a_pile_names_the_card(lang: str) -> None:
    ctrl = Controller.start(settings(stock=5), 3)
    look = Look(lang)
    said = {}
    for move in ("S>B1", "D2>B1", "PS>B1", "PD3>B1"):
        h = Hint(Move.parse(move), "stock", {"line": (move,), "card": 7})
        said[move] = message_text(controller_names(ctrl), look, hint_message(h, 11))
        assert "11" in said[move] and "{" not in said[move], said[move]
    assert len(set(said.values())) == 4
    if lang == "en":  # was "Hint: Your discard pile 2 to building pile 1."
        assert said["D2>B1"].startswith("Hint: The 11 on your discard pile 2 to building pile 1.")
        assert said["S>B1"].startswith("Hint: Your stock card 11 to building pile 1.")
    hint_sb = hint_message(Hint(Move.parse("D1>B2"), "stock", {"card": 2}), 0)
    skipbo = message_text(controller_names(ctrl), look, hint_sb)
    assert t(lang, "card.SB") in skipbo

"""The page's sentences on the host (no browser): counted texts take the form of their
count, English says "an 8", sentences about the player at the device use the "you" form
in every language, results share one tense, and the German words say one thing each."""

from __future__ import annotations

import pytest
from skipbo_web import i18n
from skipbo_web.i18n import CATALOGUE, t
from skipbo_web.i18n.messageformat import plural_category
from skipbo_web.state.controller import Controller
from skipbo_web.state.look import Look
from skipbo_web.state.settings import Seat, Settings
from skipbo_web.views.announce import move_sentences
from skipbo_web.views.result_sheet import result_headline, result_tree
from skipbo_web.views.table_model import table_model
from skipbo_web.views.table_view import table_tree
from skipbo_web.views.tree import to_html

from skipbo_core import Game, Rules


def settings(players: int = 2, **kw) -> Settings:
    seats = tuple(Seat("", "human" if i == 0 else "easy") for i in range(6))
    return Settings(players=players, seats=seats, **kw)


def seed_where(rules: Rules, test) -> int:
    return next(s for s in range(2000) if test(Game.new(rules, seed=s, first=0)))


def playable(card: int | None, needs: int = 1) -> bool:
    return card in (0, needs)


# -- counted texts and articles -----------------------------------------------------------------

def test_counted_texts_take_the_form_of_their_count() -> None:
    """One card is "1 card", "1 Karte", "1 kort"; "1 stock cards left" and "1 Karten" were
    sentences that ignored their count."""
    for count, en, de in ((1, "1 stock card left", "noch 1 Vorratskarte"),
                          (3, "3 stock cards left", "noch 3 Vorratskarten")):
        assert t("en", "cards_left", count=count) == en and t("de", "cards_left", count=count) == de
    assert t("de", "stock.aria", name="Bo", count=1, what="7") == "Bo: Vorratsstapel, 1 Karte, oben 7"
    assert t("en", "discard.aria", name="Bo", n=2, count=1, what="7") == "Bo: discard pile 2, 1 card, top card 7"
    assert t("en", "discard.aria", name="Bo", n=2, count=0, what="7").endswith("0 cards, top card 7")
    assert t("de", "illegal.end-with-cards", hand=1).startswith("Du hast noch 1 Karte:")
    assert t("da", "cards_left", count=1) == "1 lagerkort tilbage"
    assert t("en", "score.points", points=1) == "1 point" and t("de", "score.points", points=25) == "25 Punkte"
    with pytest.raises(KeyError, match="count"):
        t("en", "cards_left")  # a counted text needs its count
    assert plural_category("da", 1) == "one" and plural_category("de", 0) == "other"


def test_english_says_an_before_eight_eleven_and_ace() -> None:
    assert t("en", "illegal.wrong-number", pile=1, needs=8, card=11) == "Building pile 1 needs an 8 - this is an 11."
    assert t("en", "illegal.wrong-number", pile=1, needs="A", card=12, faces="cards") == (
        "Building pile 1 needs an A - this is a Q.")
    assert t("en", "illegal.wrong-number", pile=3, needs=7, card=0) == "Building pile 3 needs a 7 - this is a Skip-Bo."
    for card in range(13):  # the article is chosen in en.json by the face it stands before
        for faces in ("skipbo", "cards"):
            face = i18n.card_face(card, faces)
            said = t("en", "illegal.wrong-number", pile=1, needs=face, card=card, faces=faces)
            article = "an" if face in ("8", "11", "A") else "a"
            assert said == f"Building pile 1 needs {article} {face} - this is {article} {face}.", said
    assert t("de", "illegal.wrong-number", pile=1, needs=8, card=11) == "Baustapel 1 braucht eine 8 - das ist eine 11."


# -- sentences about "you" ------------------------------------------------------------------------

def you_win(**kw) -> Controller:
    """A one-card game that seat 0 (the player at the device, "You") wins with its first move."""
    rules = settings(stock=1, **kw).rules()
    seed = seed_where(rules, lambda g: playable(g.view(0).stock_tops[0]))
    ctrl = Controller.start(settings(stock=1, **kw), seed)
    assert ctrl.game.current_seat == 0
    ctrl.play("S>B1")
    assert ctrl.game.is_over and ctrl.game.result.winner == 0
    return ctrl


@pytest.mark.parametrize("lang, headline, reason, bad", [
    ("en", "You won!", "You played the last card of your stock pile.", "You wins"),
    ("de", "Du hast gewonnen!", "Du hast die letzte Karte deines Vorratsstapels gespielt.", "Du hat"),
    ("da", "Du vandt!", "Du spillede det sidste kort fra din lagerbunke.", "Dig spillede"),
])
def test_the_result_speaks_to_you_in_the_you_form(lang: str, headline: str, reason: str, bad: str) -> None:
    ctrl = you_win()
    html = to_html(result_tree(table_model(ctrl), Look(lang)))
    assert headline in html and reason in html and bad not in html
    said = move_sentences(ctrl, Look(lang), ctrl.log[-1])
    assert said[-1] == headline


def test_every_winner_is_named_in_the_same_tense() -> None:
    """"Computer wins!" stood beside "You won!"."""
    for lang, you, other in (("en", "You won!", "Computer won!"), ("de", "Du hast gewonnen!", "Computer hat gewonnen!"),
                             ("da", "Du vandt!", "Computer vandt!")):
        assert t(lang, "end.you_won") == you and t(lang, "end.won", name="Computer") == other
    assert t("en", "end.match_won", name="Computer", points=500) == "Computer won the match with 500 points!"
    assert t("de", "end.match_won", name="Computer", points=500) == "Computer hat die Partie mit 500 Punkten gewonnen!"
    assert t("da", "end.match_won", name="Computer", points=500) == "Computer vandt kampen med 500 point!"


def teams_game(target: int | None = None) -> Controller:
    """Four players in teams (seats 0 and 2 against 1 and 3), one stock card each, dealt so
    that seat 0 plays its own and its partner's stock card and wins for the team."""
    rules = Rules(players=4, stock_size=1, teams=True)
    seed = seed_where(rules, lambda g: playable(g.view(0).stock_tops[0]) and g.view(0).stock_tops[2] in (0, 2))
    kw = {"match": True, "target": target} if target else {}
    ctrl = Controller.start(settings(4, stock=1, teams=True, **kw), seed)
    ctrl.play("S>B1")
    ctrl.play("PS>B1")
    assert ctrl.game.is_over and ctrl.game.result.winner == 0
    return ctrl


@pytest.mark.parametrize("lang, tag, headline, match, bad", [
    ("en", "your partner", "You and Computer 2 won together!", "You and Computer 2 won the match with", "with You"),
    ("de", "dein Partner", "Du und Computer 2 habt gemeinsam gewonnen!", "Du und Computer 2 habt die Partie mit",
     "mit Du"),
    ("da", "din makker", "Du og Computer 2 vandt sammen!", "Du og Computer 2 vandt kampen med", "med Dig"),
])
def test_a_team_of_you_and_your_partner(lang: str, tag: str, headline: str, match: str, bad: str) -> None:
    """The partner's area said "team with You" ("im Team mit Du"); the team's win joined
    names with "+"."""
    ctrl = Controller.start(settings(4, stock=5, teams=True), 3)
    html = to_html(table_tree(table_model(ctrl), Look(lang)))
    assert tag in html and bad not in html
    ctrl = teams_game(target=1)
    assert result_headline(table_model(ctrl), Look(lang)) == headline
    html = to_html(result_tree(table_model(ctrl), Look(lang)))
    assert match in html and "+" not in html


def test_a_hand_that_is_empty_between_turns_says_when_it_fills() -> None:
    """Before their first turn the others hold no cards: "0 in hand" looked like a bug."""
    ctrl = Controller.start(settings(3, stock=5), 3)
    assert ctrl.game.current_seat == 0
    for lang in ("en", "de", "da"):
        html = to_html(table_tree(table_model(ctrl), Look(lang)))
        assert html.count(t(lang, "hand.draws_at_turn")) == 2 and t(lang, "hand.count", count=0) not in html
        assert t(lang, "hand.count", count=5) in html  # the player to move holds five
    # your own hand, emptied by your last discard, says so in your words
    ctrl = Controller.start(settings(2, stock=5), 14)  # 1, SB, 3, 4 go up building pile 1: the 10 is left
    for move in ("H1>B1", "HSB>B1", "H3>B1", "H4>B1", "H10>D1"):
        ctrl.play(move)
    assert ctrl.game.view(0).hand_sizes[0] == 0 and ctrl.game.current_seat == 1
    html = to_html(table_tree(table_model(ctrl), Look("de")))
    assert "du ziehst, wenn du dran bist" in html and "zieht, wenn am Zug" not in html


# -- words that say one thing each ----------------------------------------------------------------

def test_german_words_say_one_thing_each() -> None:
    """"Partie" meant both a match and a game record, Undo was "Zurück" beside "Zurück zum
    Spiel", and a deal was "Geben"."""
    de = CATALOGUE["de"]
    record_keys = [k for k in de if k.startswith(("bar.records", "records.", "record.", "replay."))]
    assert record_keys and not [k for k in record_keys if "Partie" in de[k] and k != "records.share_first"]
    assert "Partie" in de["end.new_match"] and "Partie" in de["mode.match"]
    assert de["undo.button"] == "Rückgängig" and de["setup.cancel"] == "Zurück zum Spiel"
    assert "Geben" not in de["records.share"] and "Geben" not in de["records.link_label"]
    assert "Rückgängig" in de["setup.practice"]


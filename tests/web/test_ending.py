"""The end of a game on the host (no browser): a win, a loss and a stall each get their
own sheet and sound, a lost game says how many stock cards were left, a match says which
game it was and who leads, in every language with the count's form; the win's cascade."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest
from skipbo_web.state.controller import Controller
from skipbo_web.state.ending import CASCADE_CARDS, CASCADE_FALL_MS, cascade, ending
from skipbo_web.state.look import Look
from skipbo_web.state.settings import Seat, Settings
from skipbo_web.state.sounds import SOUNDS, move_sounds
from skipbo_web.views.result_sheet import result_tree
from skipbo_web.views.table_model import table_model
from skipbo_web.views.tree import to_html

from skipbo_core import Game, Rules
from skipbo_core.ai import greedy_bot

RECORDS = Path(__file__).resolve().parents[2] / "tests" / "data" / "records" / "valid"


def settings(players: int = 2, **kw) -> Settings:
    seats = tuple(Seat("", "human" if i == 0 else "easy") for i in range(6))
    return Settings(players=players, seats=seats, **kw)


def seed_where(rules: Rules, test) -> int:
    return next(s for s in range(3000) if test(Game.new(rules, seed=s, first=0)))


def one_card_game(you_win: bool, **kw) -> Controller:
    """Two players, one stock card each: you play yours at once (``you_win``), or you
    discard and the computer plays its own."""
    rules = settings(stock=1, **kw).rules()
    if you_win:
        seed = seed_where(rules, lambda g: g.view(0).stock_tops[0] in (0, 1))
    else:
        seed = seed_where(rules, lambda g: g.view(0).stock_tops[1] in (0, 1)
                          and g.view(0).stock_tops[0] not in (0, 1))
    ctrl = Controller.start(settings(stock=1, **kw), seed)
    if you_win:
        ctrl.play("S>B1")
    else:
        hand = ctrl.game.view(0).hand
        ctrl.play(f"H{'SB' if hand[0] == 0 else hand[0]}>D1")
        ctrl.game.play("S>B1")
    assert ctrl.game.is_over and ctrl.game.result.winner == (0 if you_win else 1)
    return ctrl


def stalled(kinds: tuple[str, str] = ("human", "ai:easy")) -> Controller:
    record = json.loads((RECORDS / "2p-stalled.json").read_text())
    record["players"] = [{"name": "", "kind": k} for k in kinds]
    return Controller(Game.from_record(record), settings())


def text(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


def test_three_endings() -> None:
    won, lost, stuck = one_card_game(True), one_card_game(False), stalled()
    assert [ending(c) for c in (won, lost, stuck)] == ["win", "loss", "stall"]
    assert ending(Controller.start(settings(), 3)) is None  # a game still running
    # hot-seat: the winner is at the table; computers alone: someone won all the same
    assert ending(stalled(("human", "human"))) == "stall"
    for ctrl, sound in ((won, "win"), (lost, "loss"), (stuck, "stall")):
        assert move_sounds(ctrl, ctrl.log[-1])[-1] == sound and sound in SOUNDS


@pytest.mark.parametrize("lang, win, loss, stall", [
    ("en", "Victory", "Defeat", "Stuck"),
    ("de", "Sieg", "Niederlage", "Festgefahren"),
    ("da", "Sejr", "Nederlag", "Gået i stå"),
])
def test_each_ending_has_its_own_sheet(lang: str, win: str, loss: str, stall: str) -> None:
    sheets = {kind: to_html(result_tree(table_model(ctrl), Look(lang))) for kind, ctrl in
              (("win", one_card_game(True)), ("loss", one_card_game(False)), ("stall", stalled()))}
    for kind, word in (("win", win), ("loss", loss), ("stall", stall)):
        html = sheets[kind]
        assert f'data-ending="{kind}"' in html and f'<span class="mood">{word}</span>' in html
        assert 'class="game-no"' not in html and 'class="lead"' not in html  # not a match
    assert 'class="left"' in sheets["loss"] and 'class="left"' not in sheets["win"] + sheets["stall"]


def play_out(ctrl: Controller, you_build: bool) -> None:
    """Play ``ctrl``'s game to its end: the computer with the greedy bot, you by building
    when you can (``you_build``), else discarding at once."""
    rng = random.Random(1)
    while not ctrl.game.is_over:
        game = ctrl.game
        moves = game.legal_moves()
        if game.current_seat == 0 and not you_build:
            move = next((m for m in moves if m.is_discard), moves[-1])
        else:
            move = greedy_bot(game.view(game.current_seat), moves, rng)
        game.play(move)


def test_a_lost_game_counts_the_stock_cards_that_were_left() -> None:
    one = one_card_game(False)
    assert "Your stock pile still held 1 card." in text(to_html(result_tree(table_model(one), Look("en"))))
    assert "Auf deinem Vorratsstapel lag noch 1 Karte." in text(to_html(result_tree(table_model(one), Look("de"))))
    assert "Din lagerbunke havde stadig 1 kort." in text(to_html(result_tree(table_model(one), Look("da"))))
    ctrl = Controller.start(settings(stock=3), 5)
    play_out(ctrl, you_build=False)  # you never build: your three stock cards stay
    assert ending(ctrl) == "loss" and ctrl.game.view(0).stock_sizes[0] == 3
    assert "Your stock pile still held 3 cards." in text(to_html(result_tree(table_model(ctrl), Look("en"))))
    assert "Auf deinem Vorratsstapel lagen noch 3 Karten." in text(to_html(result_tree(table_model(ctrl), Look("de"))))
    teams = Controller.start(settings(4, stock=2, teams=True), 5)
    play_out(teams, you_build=False)
    assert ending(teams) == "loss"  # your partner (a computer) did not win it for you either
    left = sum(teams.game.view(0).stock_sizes[s] for s in (0, 2))
    said = text(to_html(result_tree(table_model(teams), Look("en"))))
    assert left > 1 and f"Your team's stock piles still held {left} cards." in said


def test_a_match_says_which_game_it_was_and_who_leads() -> None:
    ctrl = one_card_game(True, match=True, target=100)
    assert ctrl.match.game_no == 0
    html = text(to_html(result_tree(table_model(ctrl), Look("en"))))
    assert "Game 1 of the match" in html and "Match standings (first to 100)" in html
    assert "You lead the match and need 70 more points to reach 100." in html
    table = table_model(ctrl)
    assert "Du führst die Partie und brauchst noch 70 Punkte bis 100." in text(to_html(result_tree(table, Look("de"))))
    assert "Du fører kampen og mangler 70 point for at nå 100." in text(to_html(result_tree(table, Look("da"))))
    one_left = one_card_game(True, match=True, target=31)
    html = text(to_html(result_tree(table_model(one_left), Look("en"))))
    assert "You lead the match and need 1 more point to reach 31." in html
    table = table_model(one_left)
    assert "Du führst die Partie und brauchst noch 1 Punkt bis 31." in text(to_html(result_tree(table, Look("de"))))


def test_the_second_game_of_a_match_with_the_computer_in_the_lead() -> None:
    ctrl = one_card_game(False, match=True, target=200)
    second = ctrl.next_game(11)
    assert second.match.game_no == 1
    play_out(second, you_build=False)
    totals = second.match.scores
    assert totals[1] > totals[0] == 0 and not second.match.is_over
    html = text(to_html(result_tree(table_model(second), Look("en"))))
    table = table_model(second)
    assert "Game 2 of the match" in html and "Spiel 2 der Partie" in text(to_html(result_tree(table, Look("de"))))
    assert f"Computer leads the match and needs {200 - totals[1]} more points to reach 200." in html
    assert "Spil 2 i kampen" in text(to_html(result_tree(table_model(second), Look("da"))))


def test_a_stall_in_a_match_with_no_points_yet_names_no_leader() -> None:
    ctrl = stalled()
    ctrl.match.target = 500
    html = to_html(result_tree(table_model(ctrl), Look("en")))
    assert "Game 1 of the match" in text(html) and 'class="lead"' not in html


def test_the_cascade() -> None:
    drops = cascade()
    assert sorted(d.value for d in drops) == sorted(CASCADE_CARDS) and 0 in CASCADE_CARDS
    assert {d.pile for d in drops} == {0, 1, 2, 3}
    assert [d.delay for d in drops] == sorted(d.delay for d in drops)
    assert {d.drift > 0 for d in drops} == {True, False} and all(abs(d.drift) < 0.5 for d in drops)
    assert 2000 <= drops[-1].delay + CASCADE_FALL_MS <= 3500  # short

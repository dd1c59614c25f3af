"""The trace of the computer's turn, on the host: which moves it holds (the computer's,
since you last moved), the order numbers on the piles they went to, and the line in
words in every language."""

from __future__ import annotations

import random

import pytest
from skipbo_web.i18n import LANGUAGES
from skipbo_web.state.controller import Controller, LogEntry
from skipbo_web.state.settings import Settings
from skipbo_web.state.trace import line, move_phrase, trace

from skipbo_core import Move
from skipbo_core.ai import greedy_bot


def entry(move: str, card: int | None, seat: int = 1) -> LogEntry:
    return LogEntry(index=0, turn=1, seat=seat, move=Move.parse(move), card=card, revealed=False)


def computer_turn(ctrl: Controller) -> None:
    """The computer's moves until the human is to move again."""
    game, rng = ctrl.game, random.Random(1)
    while not game.is_over and ctrl.is_ai(game.current_seat):
        game.play(greedy_bot(game.view(game.current_seat), game.legal_moves(), rng))


def test_every_kind_of_move_in_words() -> None:
    said = [move_phrase("en", entry(m, c)) for m, c in (
        ("S>B2", 7), ("H5>B1", 5), ("D2>B4", 3), ("PS>B3", 9), ("PD1>B2", 0), ("H12>D3", 12), ("end", None))]
    assert said == ["7 from stock to pile 2", "5 to pile 1", "3 from discard pile 2 to pile 4",
                    "9 from the partner's stock to pile 3", "Skip-Bo from the partner's discard pile 1 to pile 2",
                    "discarded 12", "no cards left"]
    assert line("en", "Computer", [entry("S>B2", 7), entry("H12>D1", 12)]) == \
        "Computer: 7 from stock to pile 2, discarded 12"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_line_reads_in_every_language(lang: str) -> None:
    moves = [entry(m, c) for m, c in (("S>B2", 7), ("H5>B1", 5), ("D2>B4", 3), ("PS>B3", 9), ("PD1>B2", 0),
                                      ("H12>D3", 12), ("end", None))]
    text = line(lang, "X", moves)
    assert text.startswith("X: ") and "{" not in text and text.count(", ") == 6


def test_the_computers_moves_since_you_moved_until_you_move() -> None:
    ctrl = Controller.start(Settings(players=3, stock=5), 8)
    assert trace(ctrl).entries == ()  # nothing played yet
    hand = ctrl.game.view(0).hand
    assert ctrl.play(f"H{'SB' if hand[-1] == 0 else hand[-1]}>D1").played  # your turn ends at once
    computer_turn(ctrl)
    done = trace(ctrl)
    theirs = ctrl.game.log()[1:]
    assert done.entries == tuple(theirs) and {e.seat for e in theirs} == {1, 2} and done.seats() == [1, 2]
    numbers = sorted(n for ns in done.marks.values() for n in ns)
    assert numbers == [k for k, e in enumerate(theirs, start=1) if not e.move.is_end]
    for k, e in enumerate(theirs, start=1):
        if not e.move.is_end:
            where = e.move.target_slot if e.move.is_build else f"{e.seat}:{e.move.target_slot}"
            assert k in done.marks[where]
    legal = ctrl.game.legal_moves()
    assert ctrl.play(str(legal[0])).played
    assert trace(ctrl).entries == () and trace(ctrl).marks == {}  # you moved: the trace is gone

"""The computer's seats at the page's table: one player per seat, whom the page (its
decision in steps, ``Controller.ai_think``) and the tests (``Controller.ai_move()``)
drive alike. The digests were recorded before one player per seat (issue 30)."""

from __future__ import annotations

import hashlib

import pytest
from skipbo_web.state.controller import Controller
from skipbo_web.state.settings import Seat, Settings

from skipbo_core.ai import finish

TABLES = [(level, players) for level in ("easy", "medium", "hard", "expert") for players in (2, 3, 4)]
EXPECTED = "789f7fd92cef4bcf"


def computers(level: str, players: int, seed: int = 1) -> Controller:
    """A table of computers only: ``level`` at every other seat, ``hard`` between."""
    seats = tuple(Seat(f"P{s}", level if s % 2 == 0 else "hard") for s in range(6))
    return Controller.start(Settings(players=players, seats=seats, stock=3), seed)


def play(ctrl: Controller, how: str) -> str:
    """Play the game to its end: every decision ``stepped`` (the page's way), ``at once``
    (the tests' way), or the two taking turns decision by decision (``mixed``)."""
    k = 0
    while not ctrl.game.is_over:
        if how == "at once" or (how == "mixed" and k % 2):
            ctrl.ai_move()
        else:
            ctrl.ai_move(finish(ctrl.ai_think()))
        k += 1
    return " ".join(map(str, ctrl.game.moves))


def digest(how: str) -> str:
    text = "\n".join(play(computers(level, players), how) for level, players in TABLES)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


@pytest.mark.parametrize("how", ["stepped", "at once", "mixed"])
def test_the_page_and_the_tests_drive_the_same_players(how):
    """Stepped, at once, or both in turn: the same games, as recorded. Mixed, the
    expert's plan remembered while thinking is played when asked at once (a seat's
    bot and thinker share one memory)."""
    assert digest(how) == EXPECTED

"""Sounds on the host: which sounds a move calls for, short tones, the stored switch."""

from __future__ import annotations

import random

from skipbo_web.state.controller import Controller
from skipbo_web.state.prefs import stored_sound
from skipbo_web.state.settings import Settings
from skipbo_web.state.sounds import SOUNDS, move_sounds

from skipbo_core.ai import greedy_bot


def test_every_sound_is_short_and_audible() -> None:
    for name, tones in SOUNDS.items():
        assert tones and max(t.start + t.length for t in tones) <= 1.2, name
        assert all(20 <= t.hz <= 5000 and 0 < t.gain <= 0.3 for t in tones), name


def test_the_stored_switch() -> None:
    assert stored_sound(None, embed=False) is True and stored_sound(None, embed=True) is False
    assert stored_sound(False, embed=False) is False and stored_sound("yes", embed=False) is True


def test_a_whole_game_sounds_as_it_is_played() -> None:
    """Every move puts a card down (or ends a turn), stock cards and completed piles have
    their own sound, your turn is told, and the end is a win or a loss."""
    heard: list[list[str]] = []
    for seed in range(1, 4):
        ctrl = Controller.start(Settings(stock=4), seed)
        rng = random.Random(seed)
        while not ctrl.game.is_over:
            game = ctrl.game
            game.play(greedy_bot(game.view(game.current_seat), game.legal_moves(), rng))
            entry = next(iter(game.log(len(game.moves) - 1)))
            names = move_sounds(ctrl, entry)
            heard.append(names)
            if entry.move.is_build and entry.move.from_stock and not game.is_over:
                assert names[0] in ("stock", "complete")
            if game.is_over:
                winner = game.result.winner
                assert names[-1] == ("stall" if winner is None else "win" if 0 in game.rules.team_of(winner)
                                     else "loss")
            elif "turn" in names:
                assert game.current_seat == 0 and entry.seat != 0
    flat = {n for names in heard for n in names}
    assert {"place", "stock", "complete", "turn"} <= flat and flat & {"win", "loss", "stall"}

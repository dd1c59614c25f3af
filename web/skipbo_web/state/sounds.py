"""The game's sounds: which ones a move calls for, and each sound as a few tones that the
page plays with WebAudio (page_sound.py), so no sound file is shipped or fetched. No DOM
access here.

Sound is on by default, off by default in an embedded table; the bar's switch is kept
under its own ``localStorage`` key (prefs.py) and ``sound=0|1`` in the address chooses
for one visit.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from .ending import ending


class Tone(NamedTuple):
    """One tone: its pitch (Hz, gliding to ``end_hz``), when it starts and how long it
    lasts (s), its waveform (an OscillatorNode type) and its loudness (0-1)."""

    hz: float
    start: float
    length: float
    wave: str = "triangle"
    gain: float = 0.2
    end_hz: float | None = None


def _run(notes: list[float], step: float, length: float, wave: str = "triangle", gain: float = 0.2) -> list[Tone]:
    return [Tone(hz, i * step, length, wave, gain) for i, hz in enumerate(notes)]


SOUNDS: dict[str, list[Tone]] = {
    "place": [Tone(700, 0, 0.07, "triangle", 0.22, 420)],                  # a card put down
    "complete": _run([523.3, 659.3, 784.0, 1046.5], 0.07, 0.12),          # a building pile completed
    "stock": _run([587.3, 880.0], 0.08, 0.14, "sine", 0.25),               # a stock card freed
    "illegal": [Tone(170, 0, 0.16, "square", 0.08, 120)],                 # a move the rules refuse
    "turn": _run([880.0, 1318.5], 0.11, 0.18, "sine", 0.18),               # your turn
    "win": _run([523.3, 659.3, 784.0, 1046.5, 1318.5], 0.1, 0.22) + [Tone(1046.5, 0.5, 0.5, "sine", 0.18)],
    "loss": _run([392.0, 329.6, 261.6], 0.18, 0.3, "sine", 0.2) + [Tone(196.0, 0.54, 0.5, "sine", 0.15)],
    "stall": _run([440.0, 440.0], 0.3, 0.25, "sine", 0.16) + [Tone(440.0, 0.6, 0.45, "sine", 0.12, 415.3)],
}
VIBRATE_TURN = [60, 60, 60]  # ms on, off, on: your turn, on phones


def move_sounds(ctrl: Any, entry: Any) -> list[str]:
    """The sounds after ``entry`` was played in ``ctrl``'s game (a ``Controller``): the
    card put down (a completed pile or a freed stock card have their own), then the end of
    the game as the people at the table see it, or ``turn`` when it passes to a person."""
    game, move = ctrl.game, entry.move
    out = []
    if move.is_build:
        pile = ctrl.view().building[int(move.target_slot[1:]) - 1]
        out.append("complete" if not pile else "stock" if move.from_stock else "place")
    elif move.is_discard:
        out.append("place")
    if game.is_over:
        out.append(ending(ctrl))
    elif not ctrl.is_ai(game.current_seat) and game.current_seat != entry.seat:
        out.append("turn")
    return out

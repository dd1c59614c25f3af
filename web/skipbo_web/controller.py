"""The page's state: one game of a human against a bot, the selected card, the last message.

Clicks arrive as the ``data-*`` attributes of the clicked element; they become move
notation (``"H5>B2"``), and the engine alone decides whether a move is legal. No DOM
access here, so the controller runs and is tested on the host too.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from skipbo_core import Game, IllegalMove, InvalidMove, Rules
from skipbo_core.ai import get_bot

SOURCE_ONLY = ("S", "H")  # clicking these always (re)selects a source
TARGET_ONLY = ("B",)      # clicking these needs a selected source


@dataclass(frozen=True)
class Message:
    """A status line: an ``i18n`` key and its arguments."""

    key: str
    args: dict[str, Any] = field(default_factory=dict)


def slot_notation(slot: str, card: str | None = None, own: bool = True) -> str:
    """The notation of a clicked slot: ``("H", "5")`` -> ``"H5"``, ``("D", own=False)`` -> ``"PD1"``.

    ``slot`` is ``S``, ``H``, ``D1``-``D4`` or ``B1``-``B4`` (the element's ``data-slot``);
    ``card`` is a hand card's ``data-card`` (``"1"``-``"12"`` or ``"SB"``). Raises
    ``ValueError`` for anything else.
    """
    if slot == "H":
        if card is None or card not in {"SB", *map(str, range(1, 13))}:
            raise ValueError(f"bad hand card {card!r}")
        return "H" + card
    if slot != "S" and not (len(slot) == 2 and slot[0] in "DB" and slot[1] in "1234"):
        raise ValueError(f"bad slot {slot!r}")
    return slot if own or slot[0] == "B" else "P" + slot


class Controller:
    """One game: the human at seat ``human`` moves first; every other seat is the bot."""

    def __init__(self, seed: int, bot: str = "greedy", players: int = 2, human: int = 0) -> None:
        self.seed = seed
        self.human = human
        self.bot_name = bot
        self.bot = get_bot(bot)
        self.rng = random.Random(seed)
        self.game = Game.new(Rules(players=players), seed=seed, first=human)
        self.selected: str | None = None
        self.message = Message("your_turn")
        self.log: list[tuple[int, str]] = []  # (seat, move notation), oldest first

    # -- what the page shows ---------------------------------------------------------------

    def view(self) -> dict[str, Any]:
        """The human's view of the table (``SeatView.to_dict``)."""
        return self.game.view(self.human).to_dict()

    def legal_targets(self) -> set[str]:
        """Targets (``"B2"``, ``"D1"``) of the legal moves from the selected source."""
        if self.selected is None or self.game.current_seat != self.human:
            return set()
        return {m.target_text for m in self.game.legal_moves() if m.source_text == self.selected}

    def playable_sources(self) -> set[str]:
        """Sources (``"S"``, ``"H5"``, ``"D2"``) that have a legal move onto a building pile."""
        if self.game.current_seat != self.human:
            return set()
        return {m.source_text for m in self.game.legal_moves() if m.target_text.startswith("B")}

    def can_end(self) -> bool:
        """Whether ``end`` is legal now (empty hand, nothing left to draw)."""
        return self.game.current_seat == self.human and any(m.is_end for m in self.game.legal_moves())

    # -- what the player does --------------------------------------------------------------

    def click(self, slot: str, seat: int | None = None, card: str | None = None) -> None:
        """React to a click on the element with ``data-slot=slot`` inside ``data-seat=seat``.

        Selects a source, or plays ``<selected>><clicked>``. A bad click leaves the game as
        it was and sets ``message``.
        """
        if self.game.is_over:
            self.message = Message("game_over")
            return
        if self.game.current_seat != self.human:
            self.message = Message("not_your_turn")
            return
        try:
            text = slot_notation(slot, card, own=seat in (None, self.human))
        except ValueError:
            self.message = Message("invalid", {"move": f"{slot}{card or ''}"})
            return
        if text == self.selected:
            self.selected = None
            self.message = Message("your_turn")
        elif self.selected is None or slot.startswith(SOURCE_ONLY):
            if slot.startswith(TARGET_ONLY):
                self.message = Message("pick_source")
            else:
                self.selected = text
                self.message = Message("selected", {"source": text})
        else:
            self.play(f"{self.selected}>{text}")

    def play(self, text: str) -> bool:
        """Play the human's move ``text``; then the bots, once the turn has passed.

        Returns whether the move was played. An invalid or illegal move changes nothing
        but ``message``; the selection stays so that another target can be tried.
        """
        try:
            self.game.play(text)
        except IllegalMove as exc:
            self.message = Message("illegal." + exc.code, dict(exc.details))
            return False
        except InvalidMove:
            self.message = Message("invalid", {"move": text})
            return False
        self.log.append((self.human, text))
        self.selected = None
        self.message = Message("your_turn")
        if self.game.current_seat != self.human:
            self.run_bots()
        self._announce_end()
        return True

    def run_bots(self) -> None:
        """Let the bots play until it is the human's turn again or the game is over."""
        played: list[str] = []
        while not self.game.is_over and self.game.current_seat != self.human:
            seat = self.game.current_seat
            move = self.bot(self.game.view(seat), self.game.legal_moves(), self.rng)
            self.game.play(move)
            self.log.append((seat, str(move)))
            played.append(str(move))
        if played:
            self.message = Message("bot_played", {"moves": ", ".join(played)})

    def _announce_end(self) -> None:
        result = self.game.result
        if result is None:
            return
        if result.reason == "stock-empty":
            self.message = Message("won" if result.winner == self.human else "lost")
        else:
            self.message = Message(result.reason)

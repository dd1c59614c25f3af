"""The computer's turns: its players move one decision at a time on the main thread,
and the page yields to the browser between decisions (a pause of the chosen speed) and,
while a decision takes long (``expert``), between slices of its thinking, so it never
freezes. Starting another game stops the turns of the one before (``stop``).
"""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING

from skipbo_core.ai import think_for

from ..state.settings import SPEED_DELAY_MS
from ..state.store import Mode

if TYPE_CHECKING:
    from ..commands import Commands
    from ..state.store import Store

AI_SLICE_S = 0.03  # the computer thinks in slices of about this long, then yields


class ComputerTurns:
    """Runs the computer's moves of the game on the table while it is their turn (read
    from the page's state); each move goes to the page through the commands."""

    def __init__(self, store: Store, commands: Commands) -> None:
        self.store = store
        self.commands = commands
        self.generation = 0   # a running loop goes on while this is unchanged
        self.running = False
        self.task = None

    def stop(self) -> None:
        """The game on the table changes: a running loop stops at its next step."""
        self.generation += 1

    def play_if_due(self) -> None:
        """Start the computer's moves if it is to move (and nothing holds the game)."""
        if self.store.state.ctrl.ai_to_move and not self.running and self.free():
            self.running = True
            self.task = asyncio.ensure_future(self.run(self.generation))

    def _goes_on(self, generation: int) -> bool:
        # an open replay pauses the game (it goes on when the replay closes)
        return generation == self.generation and self.store.state.ctrl.ai_to_move and self.free()

    def free(self) -> bool:
        """Nothing holds the game: no replay open over it, no other tab has it."""
        state = self.store.state
        return state.mode is not Mode.REPLAY and not state.covered

    async def run(self, generation: int) -> None:
        state = self.store.state
        try:
            while self._goes_on(generation):
                await asyncio.sleep(SPEED_DELAY_MS.get(state.speed, 0) / 1000)
                if not self._goes_on(generation):
                    break
                thinking = state.ctrl.ai_think()
                move = think_for(thinking, AI_SLICE_S)
                while move is None and generation == self.generation:
                    await asyncio.sleep(0)  # let the browser paint and handle input
                    if generation == self.generation:
                        move = think_for(thinking, AI_SLICE_S)
                if move is None:
                    break  # another game was started meanwhile
                entry = state.ctrl.ai_move(move)
                self.commands.announce(entry)
                await asyncio.sleep(0)  # the decision and the redraw are separate tasks
                if generation != self.generation:
                    break
                self.commands.show_move(entry)
        finally:
            self.running = False
        self.play_if_due()  # the game now shown may have been switched to while this one ran

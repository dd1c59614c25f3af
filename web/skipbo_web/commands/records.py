"""Sheets, records and the replay viewer: open and close a sheet, open a record, step
through it, export a position."""

from __future__ import annotations

from typing import Any

from ..host.host_api import message_words
from ..state.protocol import BAD_RECORD, NOT_NOW, HostError
from ..state.replay import RecordProblem, Replay
from .base import CommandsBase


class RecordCommands(CommandsBase):
    """Sheets, records and the replay viewer."""

    def open_sheet(self, kind: str) -> None:
        """Open sheet ``kind`` (setup, help, records, replay, stats, puzzles, aside)."""
        rooms = self.rooms
        if kind == "stats":
            rooms.stats.read()
        elif kind == "puzzles":
            rooms.puzzles.read_solved()
        rooms.sheet.open(kind)  # (a notice, if what is kept of stats or puzzles was damaged)

    def close_sheet(self) -> None:
        """Close the open sheet (the replay viewer ends with ``end_replay``)."""
        self.rooms.sheet.close()

    def redraw_sheet(self) -> None:
        """Draw the open sheet again (what it shows changed)."""
        self.rooms.sheet.refresh()

    def end_replay(self) -> None:
        """Leave the replay viewer (if open): the game that was running goes on, unchanged."""
        if self.rooms.records.end_replay():
            self.rooms.computer.play_if_due()

    def close(self) -> dict[str, Any]:
        """Close the open sheet and the replay viewer; the game goes on."""
        rooms = self.rooms
        if self.store.state.sheet is not None:
            rooms.sheet.close()
        self.end_replay()
        return self.current()

    def open_record(self, record: dict[str, Any]) -> dict[str, Any]:
        """Show ``record`` in the replay viewer, at its start."""
        try:
            replay = Replay(record)
        except RecordProblem as problem:
            raise HostError(BAD_RECORD, message_words("en", problem.message), reason_key=problem.message.key,
                            explain=message_words(self.store.state.look.lang, problem.message)) from None
        self.rooms.records.show(replay)
        return self._where(replay)

    def step(self, to: str | int | None = None, turn: int | None = None) -> dict[str, Any]:
        """Move the replay viewer: to a step (a number), a turn, or one of host_api.STEP_TARGETS."""
        replay = self.store.state.replay
        if replay is None:
            raise HostError(NOT_NOW, "no record is open in the replay viewer (send the record command first)")
        records = self.rooms.records
        if turn is not None:
            records.go(lambda shown: shown.go_turn(turn))
        elif isinstance(to, int):
            records.go(lambda shown: shown.go(to))
        else:
            records.go({"forward": Replay.forward, "back": Replay.back, "start": Replay.first, "end": Replay.end,
                        "next-turn": Replay.next_turn, "previous-turn": Replay.previous_turn}[to])
        return self._where(self.store.state.replay)

    def export_position(self, as_link: bool) -> None:
        """The replay viewer's step as a position: a file, or a link (``as_link``)."""
        replay = self.store.state.replay
        if replay is not None:
            self.rooms.positions.export(replay, as_link)

    def record_action(self, action: str, go: str | None = None) -> None:
        """The records sheet's and the replay viewer's buttons (``record-download``,
        ``share-copy``, ``replay-first``... ``go``: the step of a ``replay-go`` button)."""
        self.rooms.records.action(action, go)

    def stats_action(self, action: str) -> None:
        """The statistics sheet's buttons: downloads, and clearing (asked first)."""
        self.rooms.stats.action(action)

    def aside_action(self, action: str, key: str | None) -> None:
        """The "Kept aside" sheet's buttons: download a value, delete one downloaded."""
        self.rooms.aside.action(action, key)

    def toggle_replay(self) -> None:
        """The replay viewer plays on by itself, or pauses."""
        self.rooms.records.play()

    def _where(self, replay: Replay) -> dict[str, Any]:
        """Where the replay viewer stands: the step, the move just shown, the turn."""
        step = replay.step
        return {"step": step, "last": replay.last, "turn": replay.turn,
                "move": replay.moves[step - 1] if step else None, "over": replay.game.is_over}

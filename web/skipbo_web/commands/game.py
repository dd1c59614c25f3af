"""Which game is on the table: a new game (the host's options), a puzzle, a position,
the next game, the same again, the address's game."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from ..host.host_api import message_words
from ..i18n import LANGUAGES
from ..state.address import UrlOptions, parse_url
from ..state.controller import Controller, new_seed
from ..state.links import ask, asks
from ..state.positions import PositionProblem
from ..state.protocol import BAD_ARGS, BAD_POSITION, HostError
from ..state.puzzle_book import PUZZLES, puzzle
from ..state.store import GAME
from ..state.table_state import TableState
from .base import CommandsBase


class GameCommands(CommandsBase):
    """Which game is on the table."""

    def show_game(self, ctrl: Controller) -> None:
        """Put a new game on the table: sheets and the replay close, the tutorial waits."""
        rooms = self.rooms
        if self.store.state.sheet is not None:
            rooms.sheet.close()
        self.end_replay()
        self.switch_game(ctrl)

    def set_table_game(self, ctrl: Controller, result_hidden: bool = False, table: TableState | None = None) -> None:
        """``ctrl``'s game on the table (nothing saved, nothing drawn yet: the caller goes on),
        its table saying and holding ``table`` (None: what the game opens with)."""
        self.store.update(ctrl=ctrl, table=table if table is not None else ctrl.opening,
                          look=replace(self.store.state.look, result_hidden=result_hidden))

    def switch_game(self, ctrl: Controller, table: TableState | None = None) -> None:
        """Switch to another game (its table at ``table``; None: as it opens): kept and
        drawn, the computer's turns of the previous one stopped and those of this one
        going on."""
        rooms = self.rooms
        rooms.computer.stop()
        if self.store.state.in_tutorial:  # another game starts: the tutorial waits, to be resumed
            rooms.tutorial.close()
        self.set_table_game(ctrl, table=table)
        self.store.notify(GAME)
        rooms.computer.play_if_due()

    def _options(self, options: dict[str, str]) -> UrlOptions:
        """URL options read as the address would be (``address.parse_url``); refused when bad."""
        url = parse_url({**options, "embed": "1"}, self.rooms.session.settings, LANGUAGES)
        if url.bad:
            raise HostError(BAD_ARGS, f"invalid value(s) for {', '.join(url.bad)} (docs/EMBEDDING.md, URL options)",
                            args=list(url.bad))
        return url

    def new_game(self, **options: str) -> dict[str, Any]:
        """A new game with the address's options (``puzzle``: that puzzle's table)."""
        if "puzzle" in options:
            return self._puzzle(options)
        url = self._options(options)
        ctrl = Controller.start(url.settings, url.seed if url.seed is not None else new_seed(), origin="host")
        if url.faces is not None:
            self.store.update_look(faces=url.faces)
        self.show_game(ctrl)
        return self.current()

    def _puzzle(self, options: dict[str, str]) -> dict[str, Any]:
        others = sorted(set(options) - {"puzzle"})
        if others:
            raise HostError(BAD_ARGS, f"puzzle takes no other options: {', '.join(others)}", args=others)
        if not self.open_puzzle(options["puzzle"]):
            raise HostError(BAD_ARGS, f"puzzle must be the number of a puzzle, 1 to {len(PUZZLES)}",
                            args=["puzzle"])
        return {"puzzle": self.store.state.puzzle.id, "state": self.public_state()}

    def open_puzzle(self, ident: Any) -> bool:
        """Put puzzle ``ident`` on the table, from its start; False when there is none."""
        p = puzzle(ident)
        if p is None:
            return False
        puzzles = self.rooms.puzzles
        ctrl = puzzles.table_for(p)
        self.show_game(ctrl)  # (it closes the tutorial)
        puzzles.attach(p, ctrl)
        return True

    def puzzle_action(self, action: str, ident: str | None = None) -> None:
        """The puzzles' buttons: open puzzle ``ident``; Retry, Next puzzle and Show
        solution for the puzzle on the table."""
        if action == "puzzle-open":
            self.open_puzzle(ident)
            return
        state = self.store.state
        if not state.in_puzzle:
            return
        if action == "puzzle-retry":
            self.open_puzzle(state.puzzle.id)
        elif action == "puzzle-next":
            self.open_puzzle(state.puzzle.id + 1)
        elif action == "puzzle-solution":
            self.open_puzzle(state.puzzle.id)
            self.rooms.puzzles.show_solution()

    def position(self, position: dict[str, Any], options: dict[str, str]) -> dict[str, Any]:
        """A position set up as the game on the table."""
        state = self.store.state
        url = self._options(options)
        try:
            ctrl = Controller.from_position(position, url.settings or self.rooms.session.settings, origin="host")
        except PositionProblem as err:
            raise HostError(BAD_POSITION, str(err), path=err.path, reason=err.code,
                            explain=message_words(state.look.lang, err.message)) from None
        if url.faces is not None:
            self.store.update_look(faces=url.faces)
        self.show_game(ctrl)
        return self.current()

    def open_setup(self) -> bool:
        """The new-game screen (an embedded table has none: False)."""
        if self.rooms.session.embed:
            return False
        self.open_sheet("setup")
        return True

    def next_game(self) -> None:
        self.switch_game(self.store.state.ctrl.next_game(new_seed()))

    def play_again(self) -> None:
        """The same settings again (a new match)."""
        self.switch_game(self.rooms.session.deal(self.store.state.ctrl.settings_for_replay()))

    def restore_aside(self) -> None:
        """Yes, the game set aside comes back to the table (notice ``notice.aside_game``)."""
        ctrl = self.rooms.restore.restore()
        if ctrl is not None:
            self.show_game(ctrl)

    def url_game(self) -> None:
        """Yes, the address's new game replaces the one in progress."""
        rooms = self.rooms
        waiting = rooms.session.take_waiting()
        if waiting is not None:
            self.switch_game(waiting)
            rooms.puzzles.take_up(waiting)  # a puzzle's try: its box and its verdicts

    def offer_game(self, ctrl: Controller) -> None:
        """A game the address asked for, ready once the page is up (``?position=``): on
        the table now, or waiting for the player's yes when it would replace a game in
        progress (the one on the table, or the one the tutorial keeps for later)."""
        rooms = self.rooms
        state = self.store.state
        aside = state.tutorial_aside
        in_progress = (aside.ctrl if aside is not None else None) if state.in_tutorial else state.ctrl
        if not asks(in_progress, rooms.session.embed):
            self.show_game(ctrl)
            return
        rooms.session.waiting = ctrl
        self.store.update(notices=ask(self.store.state.notices))

"""The tutorial: enter it, leave it, its buttons."""

from __future__ import annotations

from ..state.store import GAME, SetAside
from ..state.tutorial import Tutorial, controller_for
from .base import CommandsBase


class TutorialCommands(CommandsBase):
    """The tutorial."""

    def enter_tutorial(self, tutorial: Tutorial, unsaved: bool = False, setup: bool = False) -> None:
        """Show ``tutorial``; the game on the table waits (its save is not touched).
        ``unsaved``: that game is a new deal not saved yet; ``setup``: leaving opens the
        new-game screen."""
        rooms = self.rooms
        rooms.computer.stop()  # the set-aside game's computer player stops
        state = self.store.state
        aside = state.tutorial_aside if state.in_tutorial else SetAside(state.ctrl, unsaved, setup, state.table)
        self.store.update(tutorial=tutorial, tutorial_aside=aside)  # a tutorial shown already keeps its game aside
        self.set_table_game(controller_for(tutorial, rooms.session.settings), result_hidden=tutorial.game.is_over)

    def leave_tutorial(self, open_setup: bool = False) -> None:
        """Back to the game that was set aside, or to the new-game screen on a first visit."""
        rooms = self.rooms
        aside = self.store.state.tutorial_aside
        normal = aside.ctrl if aside is not None else None
        rooms.tutorial.close()
        if aside is None or aside.unsaved:
            self.switch_game(normal if normal is not None else rooms.session.deal(),
                             aside.table if aside is not None else None)
            open_setup = open_setup or aside is not None and aside.setup
        else:  # not saved again: the normal game's save stays exactly as it was
            rooms.computer.stop()
            self.set_table_game(normal, table=aside.table)
            rooms.computer.play_if_due()
        if open_setup:
            self.open_sheet("setup")

    def tutorial_action(self, action: str) -> None:
        """The coach box's and the new-game screen's tutorial buttons (``tutorial-start``,
        ``-resume``, ``-restart``, ``-next``, ``-leave``, ``-new``)."""
        rooms = self.rooms
        if action == "tutorial-leave":
            self.leave_tutorial()
            return
        if action == "tutorial-new":
            self.leave_tutorial(open_setup=True)
            return
        if self.store.state.sheet is not None:
            rooms.sheet.close()
        tutorial = self.store.state.tutorial
        if action in ("tutorial-start", "tutorial-restart"):
            self.enter_tutorial(Tutorial())
        elif action == "tutorial-resume" and tutorial is None:
            saved, _ = rooms.tutorial.load()
            self.enter_tutorial(saved or Tutorial())
        elif action == "tutorial-next" and tutorial is not None:
            tutorial.next()
        self.store.notify(GAME)
        rooms.tutorial.focus_coach()
        rooms.computer.play_if_due()  # a tutorial left during the computer's turn goes on with it

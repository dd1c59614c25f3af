"""What the commands need of each of the page's rooms, as protocols: the rooms themselves
live in ``dom/`` (``page_session.Session``, ``page_sheet.Sheet``...), which builds on the
commands, so the commands name only these (an import of ``dom/``, even for a type, would
make a cycle: tests/web/test_layout.py). ``dom/page_app`` hands the real rooms over
(``Rooms`` in ``commands.base``)."""

from __future__ import annotations

from typing import Any, Protocol

from ..state.controller import Controller
from ..state.messages import Message
from ..state.puzzle_book import Puzzle
from ..state.replay import Replay
from ..state.settings import Settings
from ..state.tutorial import Tutorial


class Session(Protocol):
    """The page's session: settings, preferences, the save and the game waiting for a yes."""

    settings: Settings
    embed: bool
    waiting: Controller | None

    def deal(self, settings: Settings | None = None) -> Controller: ...
    def load_saved(self, notices: list[Message] | None = None) -> Controller | None: ...
    def take_waiting(self) -> Controller | None: ...
    def set_language(self, lang: str) -> None: ...
    def set_speed(self, speed: int) -> None: ...
    def set_sound(self, on: bool) -> None: ...
    def set_theme(self, choice: str) -> None: ...


class Browser(Protocol):
    """The browser's window, and a query of the page."""

    window: Any

    def query(self, selector: str, root: Any = None) -> Any: ...


class Sheet(Protocol):
    """The open sheet (new game, help, records, statistics, puzzles...)."""

    def open(self, kind: str) -> None: ...
    def close(self) -> None: ...
    def refresh(self) -> None: ...
    def relanguage(self) -> None: ...


class RecordsDesk(Protocol):
    """Records and the replay viewer."""

    def action(self, action: str, go: str | None = None) -> None: ...
    def show(self, replay: Replay) -> None: ...
    def end_replay(self) -> bool: ...
    def go(self, move: Any) -> None: ...
    def play(self) -> None: ...


class TutorialSession(Protocol):
    """The tutorial's save, its coach and the address."""

    def load(self) -> tuple[Tutorial | None, bool]: ...
    def close(self) -> None: ...
    def focus_coach(self) -> None: ...


class PuzzleSession(Protocol):
    """The puzzle being tried."""

    def table_for(self, p: Puzzle) -> Controller: ...
    def read_solved(self) -> None: ...
    def attach(self, p: Puzzle, ctrl: Controller) -> None: ...
    def take_up(self, ctrl: Controller) -> bool: ...
    def judge(self, mark: bool = True) -> None: ...
    def show_solution(self) -> None: ...


class StatsDesk(Protocol):
    """The statistics of finished games."""

    def read(self) -> object: ...
    def action(self, action: str) -> None: ...
    def forget(self) -> None: ...


class PositionDesk(Protocol):
    """A replay's step kept as a position."""

    def export(self, replay: Replay, as_link: bool) -> None: ...


class ComputerTurns(Protocol):
    """The computer's moves."""

    def stop(self) -> None: ...
    def play_if_due(self) -> None: ...


class Keyboard(Protocol):
    """Focus and the keys."""

    def focus(self, selector: str) -> bool: ...
    def after_pick(self) -> None: ...


class DragAndDrop(Protocol):
    """A card dragged (the drag is ``PageState.drag``)."""

    def drop_gesture(self) -> None: ...


class TableView(Protocol):
    """The table's own menu."""

    def toggle_menu(self, open_: bool | None = None) -> None: ...


class Narration(Protocol):
    """The moves and the table in words."""

    def read_table(self) -> None: ...


class Motion(Protocol):
    """Cards in flight: a dragged card refused flies back."""

    def put_back(self, dragged: str) -> None: ...


class AsideGames(Protocol):
    """A game set aside, offered back."""

    def restore(self) -> Controller | None: ...


class AsideDesk(Protocol):
    """What is kept aside: the sheet's downloads and deletions."""

    def action(self, action: str, key: str | None) -> None: ...



class EditorDesk(Protocol):
    """The position editor's room: its link or embed code copied to the clipboard, its
    table saved as a file."""

    def copy(self, embed: bool = False) -> None: ...
    def save(self) -> None: ...

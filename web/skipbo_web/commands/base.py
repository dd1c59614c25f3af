"""What every command works through: the store, the page's parts (``Rooms``), and
when a person may act (``CommandsBase``)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..host.host_api import public_state, refusal_error
from ..state.controller import Controller
from ..state.protocol import NOT_NOW, HostError
from ..state.store import Mode, Store

if TYPE_CHECKING:
    from .rooms import (
        AsideDesk,
        AsideGames,
        Browser,
        ComputerTurns,
        DragAndDrop,
        EditorDesk,
        Keyboard,
        Motion,
        Narration,
        PositionDesk,
        PuzzleSession,
        RecordsDesk,
        Session,
        Sheet,
        StatsDesk,
        TableView,
        TutorialSession,
    )


@dataclass
class Rooms:
    """What the commands are carried out through: the session, the browser, the rooms
    (``page_app`` wires them; none of them is the page). Each is typed by what the commands
    need of it (``commands.rooms``): the rooms are in ``dom/``, which builds on the commands."""

    session: Session
    browser: Browser
    root: Any                       # the table's container
    sheet: Sheet
    records: RecordsDesk
    tutorial: TutorialSession
    puzzles: PuzzleSession
    stats: StatsDesk
    positions: PositionDesk
    computer: ComputerTurns
    keys: Keyboard
    drag: DragAndDrop
    table: TableView
    narration: Narration            # the moves and the table in words
    motion: Motion                  # a dragged card refused flies back
    restore: AsideGames             # a game set aside, offered back
    aside: AsideDesk                # what is kept aside: the sheet's downloads and deletions
    editor: EditorDesk              # the position editor's clipboard


class CommandsBase:
    """The store and the page's parts (``Rooms``) that the commands of every domain
    (``commands.game``, ``.moves``, ``.help``...) work through, and the checks they share.
    A domain calls another's commands through ``self``: ``Commands`` joins them all."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self._rooms: Rooms | None = None

    def wire(self, rooms: Rooms) -> None:
        """The parts the commands work through (made after the commands, which they hold)."""
        self._rooms = rooms

    @property
    def rooms(self) -> Rooms:
        assert self._rooms is not None, "Commands.wire comes first"
        return self._rooms

    # -- when a person may act ------------------------------------------------------------------

    def table_free(self) -> None:
        """Refused while the replay viewer is open over the game."""
        if self.store.state.mode is Mode.REPLAY:
            raise HostError(NOT_NOW, "the replay viewer is open (close it, or open a game)")

    def person_to_move(self) -> Controller:
        """The game, when a person of this device is to move now; refused otherwise."""
        self.table_free()
        ctrl = self.store.state.ctrl
        refused = ctrl.why_not_now()
        if refused is not None:
            raise refusal_error(refused, ctrl, self.store.state.look)
        return ctrl

    def public_state(self) -> dict[str, Any]:
        """The host's ``state``: what everyone at the table sees, and the mode."""
        state = self.store.state
        return public_state(state.ctrl, state.look, state.speed, str(state.mode))

    def current(self) -> dict[str, Any]:
        return {"state": self.public_state()}

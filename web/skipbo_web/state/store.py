"""The page's state in one place (``PageState``, a frozen value), owned by one ``Store``:
its one write path (``update`` and its helpers) makes the next state and tells the
listeners which parts changed and what happened (``Event``).

What the page shows and how it answers input follows from this state: which game is on
the table, the mode the page is in (a game, a replay, the tutorial, a puzzle), the open
sheet, the selection, the host's highlight and caption, the notices and the preferences.
Rooms read it here instead of asking each other; nothing here touches the browser.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, fields, replace
from enum import Enum, StrEnum
from typing import TYPE_CHECKING, Any

from .puzzle_book import OPEN
from .table_state import TableState

if TYPE_CHECKING:
    from skipbo_core import Game
    from skipbo_core.ai.hints import Hint

    from .controller import Controller, LogEntry
    from .editor import Editor
    from .look import Look
    from .messages import Message
    from .protocol import Pile
    from .puzzle_book import Puzzle
    from .replay import Replay
    from .settings import Settings
    from .tutorial import Tutorial


class Mode(StrEnum):
    """What the page is doing (the host's ``state`` answer names it: docs/EMBEDDING.md)."""

    GAME = "game"
    REPLAY = "replay"      # the replay viewer is open: the game on the table waits
    TUTORIAL = "tutorial"  # the tutorial's game is on the table; the player's own waits
    PUZZLE = "puzzle"      # a puzzle's try is the game on the table


@dataclass(frozen=True)
class Highlight:
    """Piles the host page lit up, and its caption, for one game (``game``): another game
    on the table has none."""

    piles: tuple[Pile, ...] = ()
    caption: str = ""
    game: object | None = None


@dataclass(frozen=True)
class Hinted:
    """The hint shown on the table (its piles marked), asked when ``moves`` moves had been
    played: a move played since makes it stale."""

    moves: int
    hint: Hint


@dataclass(frozen=True)
class SetAside:
    """The game the tutorial set aside while it is shown, back on the table when it is
    left with what its table said and held (``table``; None: the game's ``opening``):
    ``unsaved``, a new deal not saved yet (leaving saves it); ``setup``, leaving opens the
    new-game screen (a first visit)."""

    ctrl: Controller
    unsaved: bool = False
    setup: bool = False
    table: TableState | None = None


@dataclass(frozen=True)
class Moved:
    """A move just played on the game on the table: its log entry, and where its card was
    dragged from (the ``data-key`` of that pile or hand card; None: not dragged), whose
    copy under the pointer is where its flight starts."""

    entry: LogEntry
    drop: str | None = None


@dataclass(frozen=True)
class Drag:
    """A card dragged with the mouse or a finger: taken from the pile or hand card
    ``source`` (its ``data-key``) by pointer ``pointer`` pressed at (``x``, ``y``);
    ``started`` once the pointer moved far enough (a copy of the card follows it), and
    ``over``, the pile under the pointer (its ``data-key``; None: none)."""

    source: str
    pointer: int
    x: float
    y: float
    started: bool = False
    over: str | None = None


@dataclass(frozen=True, eq=False)
class PageState:
    """Everything the page holds that is not drawn markup: the game on the table
    (``ctrl``), its picked card and message line (``table``), how it is shown (``look``),
    what is open over it. A value: ``Store.update`` makes the next one (the game itself is
    the engine's mutable ``Game``, changed by its moves and heard as ``Event.GAME``)."""

    ctrl: Controller
    table: TableState             # the picked card and the message line of the game on the table
    look: Look                    # language, faces, theme, sound, result hidden, covered
    speed: int                    # the computer's pace (settings.SPEED_DELAY_MS)
    notices: tuple[Message, ...] = ()
    sheet: str | None = None      # setup, help, records, replay, stats, puzzles; None: closed
    draft: Settings | None = None  # the new-game form as filled in so far (None: none yet) ...
    draft_errors: tuple[str, ...] = ()  # ... and its wrong fields
    replay: Replay | None = None  # the record open in the replay viewer, its step, seat and autoplay
    tutorial: Tutorial | None = None  # the tutorial while it is shown ...
    tutorial_aside: SetAside | None = None  # ... and the game it set aside meanwhile
    puzzle: Puzzle | None = None  # the puzzle last opened ...
    puzzle_game: Controller | None = None  # ... and the game that is a try at it ...
    puzzle_start: Game | None = None  # ... the puzzle's table as the try began ...
    puzzle_status: str = OPEN     # ... and where the try stands (puzzle_book: OPEN, REACHED, FAILED, SHOWN)
    puzzles_solved: frozenset[int] = frozenset()  # the puzzles solved, as read when their sheet opened
    stats_confirm: bool = False   # the statistics sheet asks whether to clear them
    highlight: Highlight = field(default_factory=Highlight)
    hinted: Hinted | None = None  # the hint shown, while no move has been played since
    moved: Moved | None = None    # the move played last on the table (its effects read it)
    drag: Drag | None = None      # a card being dragged, while it is
    menu: Look | None = None      # the look in which the bar's More menu was opened: a new look closes it
    picked: str | None = None     # the pile or card being picked (its data-key: "0:S", "B2", "H3"), while it is
    editor: Editor | None = None  # the table in the position editor, while it is being built ...
    editor_note: Message | None = None  # ... and what its last Copy, Save or Open came to

    @property
    def mode(self) -> Mode:
        """The one answer to "what is the page doing": an open replay comes first (the
        game under it waits), then the tutorial, then a puzzle still on the table."""
        if self.replay is not None:
            return Mode.REPLAY
        if self.tutorial is not None:
            return Mode.TUTORIAL
        return Mode.PUZZLE if self.in_puzzle else Mode.GAME

    @property
    def in_tutorial(self) -> bool:
        """The tutorial's game is on the table (under a replay too)."""
        return self.tutorial is not None

    @property
    def in_puzzle(self) -> bool:
        """A puzzle's try is the game on the table (another game replaces it)."""
        return self.puzzle is not None and self.puzzle_game is self.ctrl

    @property
    def covered(self) -> bool:
        """Another tab has the game: this one takes no input but the cover's button."""
        return self.look.elsewhere



class Event(Enum):
    """What happened, beside which parts of the state changed (never a field's name)."""

    # A change inside the game on the table, or another game put there (a move played or
    # taken back, a tutorial step): what is kept of it (the save) follows it.
    GAME = "game"
    # A change of what the table shows that the state's fields do not hold yet (the
    # controller's curtain, seats connected and played by the computer): the page is patched.
    TABLE = "table"
    # What the effects (sound, narration, motion, celebration, frame) follow, in this order
    # for a move: PLAYED as soon as it is played (``moved`` says which; the narration says
    # it), SHOWING just before the table is patched to show it (an ended game is counted,
    # the cards take off), DRAWN after every patch of the page (the frame fits and tells the
    # host), SHOWN when the move is to be seen (the page's screen, which hears first,
    # patches it; then the cards land, a win is celebrated, the sounds play); PICKED when
    # a pile or card is picked (``picked`` says which: an earlier refusal's note goes),
    # REFUSED when a pick played nothing (drawn first the same way; then its sound, and
    # its reason beside the pile).
    PLAYED = "played"
    SHOWING = "showing"
    DRAWN = "drawn"
    SHOWN = "shown"
    PICKED = "picked"
    REFUSED = "refused"


def stale_parts(state: PageState) -> dict[str, Any]:
    """The parts of ``state`` that no longer hold for the game on the table, as their next
    values: the hint once a move was played since or nobody may act on it (gone for good,
    even when an undo comes back to as many moves), the host's highlight once another game
    is on the table."""
    stale: dict[str, Any] = {}
    ctrl, hinted = state.ctrl, state.hinted
    if hinted is not None and (hinted.moves != len(ctrl.game.moves) or not ctrl.my_turn):
        stale["hinted"] = None
    if state.highlight.game is not None and state.highlight.game is not ctrl.game:
        stale["highlight"] = Highlight()
    return stale


GAME, PLAYED, SHOWING, DRAWN, SHOWN = Event.GAME, Event.PLAYED, Event.SHOWING, Event.DRAWN, Event.SHOWN
PICKED, REFUSED, TABLE = Event.PICKED, Event.REFUSED, Event.TABLE
Change = frozenset[str | Event]  # the names of the fields that changed, and the events
Listener = Callable[[Change], None]
FIELDS = frozenset(f.name for f in fields(PageState))


class Store:
    """Owns the ``PageState``: every change goes through ``update`` (or its helpers:
    ``update_look``, ``add_notice``, ``drop_notices``), and ``notify`` tells what happened
    (an ``Event``, such as a move played on ``ctrl``); every listener hears, in the order
    they subscribed, which parts changed and what happened, in one batch."""

    def __init__(self, state: PageState) -> None:
        self.state = state
        self._listeners: list[Listener] = []

    def subscribe(self, listener: Listener) -> Callable[[], None]:
        """Call ``listener`` after each change; what is returned unsubscribes it."""
        self._listeners.append(listener)

        def unsubscribe() -> None:
            if listener in self._listeners:
                self._listeners.remove(listener)

        return unsubscribe

    def update(self, *events: Event, **changes: Any) -> frozenset[str]:
        """The next state, with ``changes`` (and without what they made stale:
        ``stale_parts``); the listeners hear, in one batch, the parts whose value changed
        and ``events`` (heard even when nothing changed). What changed is returned.
        Another game on the table (``ctrl``) comes with its ``table``: what it opens with,
        unless ``changes`` say otherwise (nothing picked in one game stays picked in another)."""
        unknown = set(changes) - FIELDS
        if unknown:
            raise AttributeError(f"PageState has no {', '.join(sorted(unknown))}")
        state = self.state
        if "ctrl" in changes and "table" not in changes and changes["ctrl"] is not state.ctrl:
            changes["table"] = changes["ctrl"].opening
        changed = frozenset(name for name, value in changes.items()
                            if getattr(state, name) is not value and getattr(state, name) != value)
        if changed:
            self.state = replace(state, **{name: changes[name] for name in changed})
        stale = stale_parts(self.state)  # a move played in the game on the table, another game there
        if stale:
            self.state = replace(self.state, **stale)
            changed = changed | frozenset(stale)
        if changed or events:
            self._tell(frozenset((*changed, *events)))
        return changed

    def update_look(self, **changes: Any) -> bool:
        """The next ``Look`` (it is a value: never changed in place), heard as ``look``
        when it differs; True when it did."""
        return bool(self.update(look=replace(self.state.look, **changes)))

    def add_notice(self, message: Message) -> None:
        """Say ``message`` above the table, after the notices already there."""
        self.update(notices=(*self.state.notices, message))

    def drop_notices(self, key: str) -> None:
        """Take the notices of ``key`` away."""
        self.update(notices=tuple(n for n in self.state.notices if n.key != key))

    def notify(self, *events: Event) -> None:
        """Tell the listeners what happened (``GAME`` for a change inside the game on the
        table, ``TABLE`` for one of the controller's curtain or seats; ``PLAYED``,
        ``SHOWING``, ``DRAWN``, ``SHOWN``, ``PICKED``, ``REFUSED``), with the parts it made
        stale (``stale_parts``)."""
        self.update(*events)

    def _tell(self, what: Change) -> None:
        for listener in list(self._listeners):
            listener(what)

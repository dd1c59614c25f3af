"""The page's state in one place (``PageState``), owned by one ``Store`` that tells its
listeners what changed.

What the page shows and how it answers input follows from this state: which game is on
the table, the mode the page is in (a game, a replay, the tutorial, a puzzle), the open
sheet, the selection, the host's highlight and caption, the notices and the preferences.
Rooms read it here instead of asking each other; nothing here touches the browser.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, fields, replace
from enum import StrEnum
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from skipbo_core.ai.hints import Hint

    from .controller import Controller, LogEntry
    from .look import Look
    from .messages import Message
    from .protocol import Pile
    from .puzzle_book import Puzzle
    from .replay import Replay
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
class Moved:
    """A move just played on the game on the table: its log entry, and the dragged card's
    copy it was dropped as (a node of the page; None: not dragged), where its flight starts."""

    entry: LogEntry
    drop: Any = None


@dataclass(eq=False)
class PageState:
    """Everything the page holds that is not drawn markup: the game on the table
    (``ctrl``, its selection inside), how it is shown (``look``), what is open over it."""

    ctrl: Controller
    look: Look                    # language, faces, theme, sound, result hidden, covered
    speed: int                    # the computer's pace (settings.SPEED_DELAY_MS)
    notices: list[Message] = field(default_factory=list)
    sheet: str | None = None      # setup, help, records, replay, stats, puzzles; None: closed
    replay: Replay | None = None  # the record open in the replay viewer
    tutorial: Tutorial | None = None  # the tutorial while it is shown
    puzzle: Puzzle | None = None  # the puzzle last opened ...
    puzzle_game: Controller | None = None  # ... and the game that is a try at it
    highlight: Highlight = field(default_factory=Highlight)
    hinted: Hinted | None = None  # the hint shown, while no move has been played since
    moved: Moved | None = None    # the move played last on the table (its effects read it)
    picked: Any = None            # the pile or card being picked (an element of the page), while it is

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



Listener = Callable[[frozenset[str]], None]
# A change inside the game on the table, or another game put there (a move played or taken
# back, a tutorial step): what is kept of it (the save) follows it.
GAME = "game"
# What the effects (sound, narration, motion, celebration, frame) follow, in this order for
# a move: PLAYED as soon as it is played (``moved`` says which; the narration says it),
# SHOWING just before the table is patched to show it (an ended game is counted, the cards
# take off), DRAWN after every patch of the page (the frame fits and tells the host),
# SHOWN after the move's patch (the cards land, a win is celebrated, the sounds play);
# PICKED when a pile or card is picked (``picked`` says which: an earlier refusal's note
# goes), REFUSED after a move refused was drawn (its sound, and its reason beside the pile).
PLAYED, SHOWING, DRAWN, SHOWN = "played", "showing", "drawn", "shown"
PICKED, REFUSED = "picked", "refused"
FIELDS = frozenset(f.name for f in fields(PageState))


class Store:
    """Owns the ``PageState``: changes go through ``update`` (or ``notify`` for a change
    made inside a part, such as a move played on ``ctrl``), and every listener hears
    which parts changed, in the order they subscribed."""

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

    def update(self, **changes: Any) -> frozenset[str]:
        """Set parts of the state; the listeners hear of those whose value changed."""
        unknown = set(changes) - FIELDS
        if unknown:
            raise AttributeError(f"PageState has no {', '.join(sorted(unknown))}")
        changed = frozenset(name for name, value in changes.items()
                            if getattr(self.state, name) is not value and getattr(self.state, name) != value)
        for name in changed:
            setattr(self.state, name, changes[name])
        if changed:
            self.notify(*changed)
        return changed

    def update_look(self, **changes: Any) -> bool:
        """The next ``Look`` (it is a value: never changed in place), heard as ``look``
        when it differs; True when it did."""
        return bool(self.update(look=replace(self.state.look, **changes)))

    def notify(self, *parts: str) -> None:
        """Tell the listeners that ``parts`` changed (names of ``PageState`` fields, or
        ``GAME`` for a change inside the game on the table), or what happened on the page
        (``PLAYED``, ``SHOWING``, ``DRAWN``, ``SHOWN``, ``PICKED``, ``REFUSED``)."""
        what = frozenset(parts)
        for listener in list(self._listeners):
            listener(what)

"""What the table shows, as plain values: the table model. The table's view
(``table_view.table_view``) draws from it alone; the game at the table gives it
(``table_model``), a replay gives it at any step (``replay_view.replay_table``), and a
seat at another device can send it: nothing in it is a live object of the page.

The piles, the viewer's hand, the draw pile and whose turn it is are the engine's own
``SeatView`` of the seat the table is seen from (``view``). No DOM access here.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from skipbo_core import Move, SeatView
from skipbo_core.history import LogEntry

from ..state.controller import Message
from ..state.ending import ending
from ..state.trace import Trace, trace

if TYPE_CHECKING:
    from ..state.controller import Controller
    from ..state.table_state import TableState

LOG_SHOWN = 60  # the newest moves in the log; older ones are counted only


@dataclass(frozen=True)
class SeatName:
    """A seat's name: the one its player gave (``given``, may be ``""``), and the i18n key
    and arguments of the name it has without one ("You", "Computer 2", "Player 3")."""

    given: str
    key: str
    args: tuple[tuple[str, Any], ...] = ()

    @property
    def is_you(self) -> bool:
        """Whether the table calls this seat "You" (the single person, without a name):
        sentences about it then take their "you" form ("You won!", not "You wins!")."""
        return not self.given and self.key == "name.you"


def seat_names(given: Sequence[str], computers: Sequence[bool]) -> tuple[SeatName, ...]:
    """Each seat's name from the names given and which seats a computer plays: a
    computer is "Computer" (or "Computer 2" where there are several), a person "You"
    (or "Player 3" where several people share the device)."""
    ais = [s for s, ai in enumerate(computers) if ai]
    people = len(computers) - len(ais)
    out = []
    for seat, (name, ai) in enumerate(zip(given, computers)):
        if ai:
            key, args = ("name.ai_n", (("n", ais.index(seat) + 1),)) if len(ais) > 1 else ("name.ai", ())
        else:
            key, args = ("name.you", ()) if people <= 1 else ("name.player", (("n", seat + 1),))
        out.append(SeatName(name, key, args))
    return tuple(out)


@dataclass(frozen=True)
class MatchScore:
    """The match a game belongs to: its target (``None``: a single game), each seat's
    points so far, whether it is over and the game's number in it (0-based)."""

    target: int | None = None
    scores: tuple[int, ...] = ()
    over: bool = False
    game_no: int = 0

    @property
    def leaders(self) -> list[int]:
        """The seats with the highest total."""
        best = max(self.scores)
        return [s for s, v in enumerate(self.scores) if v == best]


@dataclass(frozen=True)
class TableModel:
    """Everything the table shows (see the module's text)."""

    view: SeatView                        # the piles, hands' sizes and the viewer's hand
    names: tuple[SeatName, ...]
    levels: tuple[str | None, ...]        # each seat's computer level; None: a person
    message: Message                      # the line under the table
    match: MatchScore = MatchScore()
    acting: bool = False                  # the viewer may act now (their turn, cards shown)
    shows_hand: bool = True               # the viewer's hand is face up
    curtain: bool = False                 # hot seat: the device goes to the next person first
    can_end: bool = False                 # ending the turn is a legal move now
    selected: str | None = None           # the picked card or pile ("H5", "S")
    legal: frozenset[str] = frozenset()   # where the picked card may go
    playable: frozenset[str] = frozenset()  # what may be built with now
    trace: Trace = Trace()                # what the computer did since the viewer moved
    log: tuple[LogEntry, ...] = ()        # the newest moves shown (``LOG_SHOWN``), oldest first
    played: int = 0                       # moves played in all
    last_target: str | None = None        # the building pile the last move went to
    open_hands: tuple[tuple[int, ...], ...] | None = None  # every seat's hand face up (a replay)
    humans: tuple[int, ...] = ()          # the seats people play
    ending: str | None = None             # ``win``, ``loss``, ``stall`` (``state.ending``); None: it runs
    halted: bool = False                  # a puzzle's computer seats never move
    links: tuple[str, ...] = ()           # where each seat is played from (``data-link``); empty: a replay
    away: tuple[str | None, ...] = ()     # the host's choice for each seat whose person is away (``wait``...)
    deals: bool = True                    # this device deals the next game (a guest's: its host does)

    @property
    def viewer(self) -> int:
        return self.view.seat

    @property
    def turn(self) -> int:
        """The seat to move."""
        return self.view.current_seat

    @property
    def players(self) -> int:
        return self.view.players

    @property
    def over(self) -> bool:
        return self.view.result is not None

    def partner(self, seat: int) -> int | None:
        return self.view.rules.partner(seat)

    def team_of(self, seat: int) -> tuple[int, ...]:
        return self.view.rules.team_of(seat)

    def is_ai(self, seat: int) -> bool:
        return self.levels[seat] is not None


def built_on(moves: Sequence[Move]) -> str | None:
    """The building pile the last of ``moves`` went to (``None``: it went to none)."""
    return moves[-1].target_slot if moves and moves[-1].is_build else None


def controller_names(ctrl: Controller) -> tuple[SeatName, ...]:
    """The seats' names at the controller's table."""
    return seat_names([p.get("name", "") for p in ctrl.game.players], [ctrl.is_ai(s) for s in range(ctrl.players)])


def table_model(ctrl: Controller, table: TableState | None = None) -> TableModel:
    """The table of the game at the controller, seen from its viewer, with the picked card
    and message line of ``table`` (the page state's; None: what the game opens with)."""
    table = table if table is not None else ctrl.opening
    game = ctrl.game
    moves = game.moves
    played = len(moves)
    match = ctrl.match
    return TableModel(
        view=ctrl.view(), names=controller_names(ctrl),
        levels=tuple(k if ctrl.is_ai(s) else None for s, k in enumerate(ctrl.kinds)), message=table.message,
        match=MatchScore(match.target, tuple(match.scores), match.is_over, match.game_no),
        acting=ctrl.my_turn, shows_hand=ctrl.shows_hand, curtain=ctrl.curtain, can_end=ctrl.can_end(),
        selected=table.selected, legal=frozenset(ctrl.legal_targets(table.selected)),
        playable=frozenset(ctrl.playable_sources()),
        trace=trace(ctrl), log=tuple(game.log(max(0, played - LOG_SHOWN))), played=played,
        last_target=built_on(moves),
        humans=tuple(ctrl.humans), ending=ending(ctrl), halted=ctrl.halted,
        links=tuple(ctrl.link_of(s) for s in range(ctrl.players)),
        away=tuple(ctrl.away_choice(s) for s in range(ctrl.players)), deals=ctrl.deals)

"""The game on the table (and its match), whose side the table is seen from and the move
log. The picked card and the message line are not held here: they are the page state's
``TableState``, which each click or move takes and returns the next of.

Clicks arrive as the ``data-*`` attributes of the clicked element; they become move
notation (``"H5>B2"``, ``clicks``) and the engine alone decides whether a move is legal.
A click or a move returns what it came to (``outcome``) beside the next ``TableState``;
a refusal is said on its message line (``refusals``). Who may act now is ``seating``'s.
There is no DOM access here, so the controller runs and is tested on the host too.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import replace
from typing import Any, NamedTuple

from skipbo_core import Game, InvalidMove, Match, Move, RecordError, SeatView
from skipbo_core.ai import Player, Thinking, new_player
from skipbo_core.history import LogEntry
from skipbo_core.moves import SOURCE_TEXTS
from skipbo_core.record import FORMAT as RECORD_FORMAT
from skipbo_core.record import VERSION as RECORD_VERSION

from . import positions
from .clicks import ONLY_SOURCES, click_notation
from .messages import Message
from .outcome import LESSON, NOT_NOTATION, PICK_SOURCE, Outcome, Picked, Played, PutBack, Refused
from .refusals import refusal_message
from .save_errors import BadMatch, BadSave
from .seating import Seats, player_kind
from .settings import MAX_SEATS, Seat, Settings, clean_name
from .table_state import NOTHING_PICKED, TableState


class Answer(NamedTuple):
    """What a click or a move came to (``outcome``), and the table's next state (its picked
    card and line: ``table``)."""

    table: TableState
    outcome: Outcome

    @property
    def played(self) -> bool:
        return self.outcome.played


def new_seed() -> int:
    """A fresh seed for a new game (the system's randomness)."""
    return random.SystemRandom().randrange(1, 2**31)


def newer_save(record: Any) -> bool:
    """Whether ``record`` is a save a newer version of the page wrote (a known format
    with a higher version number): it is kept, never overwritten."""
    if not isinstance(record, dict):
        return False
    version = record.get("version")
    known = {RECORD_FORMAT: RECORD_VERSION, positions.SAVE_FORMAT: positions.SAVE_VERSION}
    kind = record.get("format")
    return isinstance(kind, str) and kind in known and type(version) is int and version > known[kind]


class Controller(Seats):
    """One game at the table, plus the match it belongs to (``skipbo_core.Match``: a
    single game is a match with ``target=None``), where it came from (``origin``: the URL
    options that dealt it, '' for the new-game screen) and whether it is a practice game.
    ``guard``: the tutorial's check of the human's moves (a ``Message`` refuses a move),
    given when the game is made and never changed."""

    def __init__(self, game: Game, settings: Settings, match: Match | None = None, origin: str = "",
                 practice: bool = False, position: dict[str, Any] | None = None, remote: list[int] = (), *,
                 guard: Callable[[Move], Message | None] | None = None) -> None:
        self.game = game
        self.position = position  # the table the game was set up from (it then has no record)
        self.settings = settings
        self.match = match if match is not None else Match.single(game)
        self.origin = origin
        self.practice = practice
        for p in game.players:  # a saved game, a position or a match may hold names of any text
            if isinstance(p.get("name"), str):
                p["name"] = clean_name(p["name"])
        self.kinds = [player_kind(p.get("kind")) for p in game.players]
        for seat in remote:  # people on other devices: "human" in the record
            if 0 <= seat < len(self.kinds) and self.kinds[seat] == "human":
                self.kinds[seat] = "remote"
        # One player per computer seat: the page's turns (ai_think) and ai_move() ask the
        # same one, so what it remembers (expert: the rest of its plan) serves both.
        self.computers: dict[int, Player] = {s: new_player(k) for s, k in enumerate(self.kinds) if self.is_ai(s)}
        played = len(game.moves)
        self.rngs = {s: random.Random(f"{self.match.seed}:{s}:{played}") for s in self.computers}
        self.halted = False  # a puzzle: the computer's seats never move
        self.guard = guard
        humans = self.humans
        self.last_human = humans[0] if humans else 0
        # hot-seat: whose cards are shown; a single human always sees their own
        self.revealed: int | None = humans[0] if len(humans) == 1 else None
        # what the table says when the game is put on it (the page state's ``table``)
        self.opening = TableState(self.greeting())

    # -- creation ----------------------------------------------------------------------------

    @classmethod
    def start(cls, settings: Settings, seed: int, origin: str = "") -> Controller:
        """Deal a new game (the first of a match when ``settings`` ask for one)."""
        players = [{"name": s.name, "kind": s.record_kind()} for s in settings.table]
        match = Match(settings.rules(), target=settings.target if settings.match else None, players=players)
        return cls(match.new_game(seed), settings, match, origin, settings.practice, remote=settings.remote)

    @classmethod
    def from_position(cls, position: dict[str, Any], settings: Settings, origin: str = "") -> Controller:
        """A game at the table of ``position``, with the players of ``settings`` (as many
        as the position seats). Raises ``positions.PositionProblem`` for a bad position."""
        n = positions.players_of(position)
        players = [{"name": s.name, "kind": s.record_kind()} for s in settings.seats[:n]]
        return cls(positions.start(position, players), settings, None, origin, settings.practice, position)

    @classmethod
    def resume(cls, record: Any, match_data: Any, settings: Settings) -> Controller:
        """The saved game and its match (``match_data``; ``None``: the game alone, as a
        single game). Raises ``BadSave`` (naming the problem) when it cannot be resumed,
        ``BadMatch`` when only the match is wrong."""
        position = None
        try:
            if positions.is_save(record):
                position, game = positions.resume(record)
            else:
                game = Game.from_record(record)
        except (RecordError, ValueError, TypeError) as exc:
            raise BadSave(str(exc)) from None
        if match_data is None:
            return cls(game, settings, None, "", False, position)
        if not isinstance(match_data, dict):
            raise BadMatch("match data must be an object")
        data = dict(match_data)
        origin, practice = data.pop("origin", ""), data.pop("practice", False)
        remote, stand_ins = data.pop("remote", []), data.pop("stand_ins", [])
        if not isinstance(origin, str) or not isinstance(practice, bool) or not (
                isinstance(remote, list) and all(type(s) is int for s in remote)) or not (
                isinstance(stand_ins, list) and all(type(s) is int and s in remote for s in stand_ins)):
            raise BadMatch("match data is damaged")
        try:
            match = Match.from_dict(data, game)
        except (ValueError, TypeError, LookupError) as exc:
            raise BadMatch(str(exc)) from None
        ctrl = cls(game, settings, match, origin, practice, position, remote)
        if stand_ins:  # the game opens as the computer's turn for them where it is one
            ctrl.opening = ctrl.stand_in(ctrl.opening, frozenset(s for s in stand_ins if s in ctrl.remote))
        return ctrl

    def match_data(self) -> dict[str, Any]:
        """What is saved beside the game's record: the match and the page's own facts (where
        it came from, practice, the seats of people on other devices and those of them the
        computer plays while their person is away: the host's choice outlives a reload)."""
        remote = {"remote": self.remote} if self.remote else {}
        if self.stand_ins:
            remote["stand_ins"] = sorted(self.stand_ins)
        return {**self.match.to_dict(), "origin": self.origin, "practice": self.practice, **remote}

    def next_game(self, seed: int) -> Controller:
        """The match's next game (same players and rules; the first seat moves left)."""
        return Controller(self.match.new_game(seed), self.settings_for_replay(), self.match, self.origin,
                          self.practice, remote=self.remote)

    def settings_for_replay(self) -> Settings:
        """Settings that deal this game's table again (names, kinds, rules)."""
        return self.table_on(self.settings)

    def table_on(self, base: Settings) -> Settings:
        """``base`` with this game's table: its seats (names, kinds), rules, match and
        practice; the seats beyond the table, the look, the language and the speed stay."""
        seats = [Seat(p["name"], k) for p, k in zip(self.game.players, self.kinds)]
        seats += list(base.seats[len(seats):MAX_SEATS])
        r = self.game.rules
        return replace(base, players=r.players, seats=tuple(seats), stock=r.stock_size,
                       teams=r.teams is not None, wild_cards=r.wild_cards,
                       match=self.match.target is not None,
                       target=self.match.target or base.target, practice=self.practice)

    # -- what the page shows ---------------------------------------------------------------------

    def view(self) -> SeatView:
        """The viewer's view of the table."""
        return self.game.view(self.viewer)

    @property
    def log(self) -> list[LogEntry]:
        """The moves played so far (``Game.log``: seat, move, card...)."""
        return self.game.log()

    @property
    def in_progress(self) -> bool:
        """A game someone is playing: not over, and a human has moved in it (replacing it
        would lose something, so the page asks first)."""
        return not self.game.is_over and any(e.seat in self.humans for e in self.log)

    def legal_targets(self, source: str | None) -> set[str]:
        """Targets (``"B2"``, ``"D1"``) of the legal moves from ``source`` (the picked card; None: none)."""
        if source is None or not self.my_turn:
            return set()
        return {m.target_slot for m in self.game.legal_moves(source=source)}

    def playable_sources(self) -> set[str]:
        """Sources (``"S"``, ``"H5"``, ``"PD2"``) with a legal move onto a building pile."""
        return {m.source_text for m in self.game.legal_moves() if m.is_build} if self.my_turn else set()

    def can_end(self) -> bool:
        """Whether ``end`` is legal now (empty hand, nothing left to draw)."""
        return self.my_turn and self.game.is_legal("end")

    # -- what the player does --------------------------------------------------------------------

    def greeted(self, table: TableState) -> TableState:
        """``table`` saying the message for the start of a turn."""
        return table.saying(self.greeting())

    def reveal(self, table: TableState) -> TableState:
        """Hot-seat: the player to move has the device; show their cards (the next state
        of ``table``: it greets them)."""
        if not self.curtain:
            return table
        self.revealed = self.game.current_seat
        return self.greeted(table)

    @staticmethod
    def cancel(table: TableState) -> TableState:
        """Put the picked card back."""
        return table if table.selected is None else TableState(Message("msg.cancelled"))

    @staticmethod
    def refuse(table: TableState, refused: Refused) -> Answer:
        """Say on ``table``'s message line why nothing changed."""
        return Answer(table.saying(refusal_message(refused)), refused)

    @staticmethod
    def put_back(table: TableState) -> TableState:
        """A dragged card was refused where it was dropped: it goes back, so nothing stays
        picked (a later tap must not play it); the refusal's reason stays said."""
        if table.selected is None:
            return table
        if table.message.key.startswith("msg.picked"):  # dropped on another source: not picked either
            return TableState(Message("msg.cancelled"))
        return TableState(table.message)

    def notation(self, slot: str, seat: int | None, card: str | None) -> str | Refused:
        """The notation of a click (``clicks.click_notation``), or why it is nobody's pile to use."""
        return click_notation(self, slot, seat, card)

    def click(self, slot: str, seat: int | None = None, card: str | None = None, top: str | None = None, *,
              table: TableState) -> Answer:
        """React to a click on the element with ``data-slot=slot`` inside ``data-seat=seat``
        (``top`` is a pile's ``data-top``: ``""`` when empty) at ``table``: picks a source,
        puts the picked card back, or plays ``<picked>><clicked>``. A bad click leaves the
        game as it was, is ``Refused`` and the next state says why on its line."""
        text = self.why_not_now() or self.notation(slot, seat, card)
        if isinstance(text, Refused):
            return self.refuse(table, text)
        if text == table.selected:
            return Answer(self.cancel(table), PutBack(text))
        if table.selected is None or text in ONLY_SOURCES:
            return self._pick(table, text, top)
        return self.play(f"{table.selected}>{text}", table=table)

    def _pick(self, table: TableState, text: str, top: str | None) -> Answer:
        if text not in SOURCE_TEXTS:  # a building pile
            return self.refuse(table, Refused(PICK_SOURCE))
        if top == "":
            return self.refuse(table, Refused("empty-source", {"source": text}))
        moves = self.game.legal_moves(source=text)
        key = ("msg.picked_nowhere" if not moves else
               "msg.picked" if any(m.is_build for m in moves) else "msg.picked_discard")
        return Answer(TableState(Message(key, {"source": text}), text), Picked(text))

    def refusal(self, text: str) -> Refused | None:
        """Why the person to move may not play ``text`` now (``None``: they may): not now
        (``why_not_now``), not move notation, not the lesson's move (the tutorial's
        ``guard``), or the rule it breaks (``Game.explain_illegal``). Changes nothing."""
        refused = self.why_not_now()
        if refused is not None:
            return refused
        try:
            move = Move.parse(text)
        except InvalidMove:
            return Refused(NOT_NOTATION)
        lesson = self.guard(move) if self.guard is not None else None
        if lesson is not None:
            return Refused(LESSON, {"message": lesson})
        rule = self.game.explain_illegal(move)
        return None if rule is None else Refused(rule.code, dict(rule.details))

    def play(self, text: str, table: TableState = NOTHING_PICKED) -> Answer:
        """Play the human's move ``text`` at ``table`` (default: nothing picked). A move
        refused (``refusal``) changes nothing but the line (the picked card stays picked, so
        another pile can be tried); one played leaves nothing picked and the line saying
        what comes next."""
        refused = self.refusal(text)
        if refused is not None:
            return self.refuse(table, refused)
        seat = self.game.current_seat
        self.game.play(Move.parse(text))
        self.last_human = seat
        entry = self.game.log(-1)[0]
        return Answer(TableState(self.said_after(entry)), Played(entry))

    def ai_think(self) -> Thinking:
        """The computer player to move, thinking in steps (``Player.think``): step it to
        its end, then hand its move to ``ai_move``."""
        seat = self.game.current_seat
        if not self.ai_to_move:
            raise ValueError("it is not a computer player's turn")
        return self.computers[seat].think(self.game.view(seat), self.game.legal_moves(), self.rngs[seat])

    def ai_move(self, move: Move | None = None) -> LogEntry:
        """One decision of the computer player to move: plays ``move`` (from
        ``ai_think``) or asks the same player to choose at once (``Player.choose``)."""
        seat = self.game.current_seat
        if not self.ai_to_move:
            raise ValueError("it is not a computer player's turn")
        if move is None:
            move = self.computers[seat].choose(self.game.view(seat), self.game.legal_moves(), self.rngs[seat])
        elif not self.game.is_legal(move):
            raise ValueError(f"{move} is not a legal move now")
        self.game.play(move)
        return self.game.log(-1)[0]

    def stand_in(self, table: TableState, seats: frozenset[int], level: str = "medium") -> TableState:
        """The computer plays ``seats`` (remote seats whose person is away) until their
        person is back, at ``level``; the other remote seats wait for theirs. The next
        state of ``table``: a remote seat to move is greeted again (waited for or played)."""
        for seat in seats - set(self.computers):
            self.computers[seat] = new_player(level)
            self.rngs[seat] = random.Random(f"{self.match.seed}:{seat}:{len(self.game.moves)}")
        self.stand_ins = frozenset(seats)
        if not self.game.is_over and self.game.current_seat in self.remote:
            return self.greeted(table)
        return table

    def remote_move(self, move: Move | str) -> LogEntry:
        """Play ``move`` for the seat to move, a person on another device (the host's table
        checked that it came from that seat). The engine's ``InvalidMove`` and
        ``IllegalMove``; ``ValueError`` when that seat is not to move."""
        seat = self.game.current_seat
        if self.game.is_over or self.kinds[seat] != "remote":
            raise ValueError("it is not the turn of a person on another device")
        self.game.play(move)
        return self.game.log(-1)[0]

    def said_after(self, entry: LogEntry) -> Message:
        """What the line says once ``entry`` (the last move) was played: the greeting of
        the next turn, or whose turn goes on."""
        seat, move = entry.seat, entry.move
        if move.ends_turn or self.game.is_over or self.kinds[seat] == "remote":
            return self.greeting()
        return self.your_turn(seat) if not self.is_ai(seat) else Message("msg.ai_turn", {"seat": seat})

    # -- saving ---------------------------------------------------------------------------------

    def record(self) -> dict[str, Any]:
        """The save: the game's record, or for a game set up from a position, the position
        and the moves (such a game has no record)."""
        if self.position is not None:
            return positions.save(self.position, self.game)
        return self.game.to_record()

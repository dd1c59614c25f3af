"""Opening a game record (docs/RULES.md) for the replay viewer, and where the viewer stands.

A record is untrusted: it may be too big, not JSON, of another format or version,
or break the rules at some move. ``load_record`` lets the engine replay it and turns
every refusal into a ``RecordProblem`` carrying an ``i18n`` message, so the page can
name the problem in the player's language. The engine alone decides what is legal:
this module only keeps the positions the engine produces.
"""

from __future__ import annotations

from dataclasses import FrozenInstanceError
from typing import Any

from skipbo_core import Game, RecordError, Rules
from skipbo_core.history import LogEntry
from skipbo_core.jsonread import JSONInputError, read_json
from skipbo_core.record import FORMAT, VERSION

from .messages import Message
from .seating import player_kind
from .settings import SPEED_DELAY_MS, clean_name

MAX_BYTES = 1_000_000       # a record of the longest real games is well below 100 kB
MIN_AUTOPLAY_MS = 300       # "instant" computer speed still lets a replay be watched


class RecordProblem(ValueError):
    """A record that cannot be opened; ``message`` says why, in catalogue terms."""

    def __init__(self, message: Message) -> None:
        self.message = message
        super().__init__(f"{message.key} {message.args}")


def parse_record(data: str | bytes) -> Any:
    """The JSON of a record file, read by the engine's bounded reader (no nesting deep
    enough to overflow Pyodide's stack); refuses oversized or non-JSON input."""
    if len(data) > MAX_BYTES:
        raise RecordProblem(Message("record.too_big", {"kb": MAX_BYTES // 1000}))
    try:
        return read_json(data, "record", max_chars=MAX_BYTES)
    except JSONInputError as err:
        raise RecordProblem(json_problem("record", err.code, MAX_BYTES)) from None


def json_problem(kind: str, code: str, most: int) -> Message:
    """The notice for JSON a ``kind`` (``record``, ``position``) cannot be read from:
    its own words for text that is no JSON or too big, else what the reader refused."""
    if code == "not-json":
        return Message(f"{kind}.not_json")
    if code == "too-big":
        return Message(f"{kind}.too_big", {"kb": most // 1000})
    return Message(f"{kind}.bad_json", {"why": Message(f"json.{code}")})


def check_record(data: Any) -> Game:
    """The replayed game of a parsed record; raises ``RecordProblem`` naming the problem."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise RecordProblem(Message("record.not_record"))
    if data.get("version") != VERSION:
        raise RecordProblem(Message("record.version", {"version": str(data.get("version"))[:12]}))
    try:
        return Game.from_record(data)
    except RecordError as exc:
        raise RecordProblem(_explain(exc)) from exc
    except (ValueError, TypeError) as exc:
        raise RecordProblem(Message("record.damaged")) from exc


_MOVE_PROBLEMS = {"move-after-end": "record.after_end", "bad-notation": "record.bad_notation",
                  "illegal-move": "record.bad_move", "bad-reshuffle": "record.bad_reshuffle"}


def _explain(exc: RecordError) -> Message:
    """The catalogue message for a refused record: which move and why, when a move is at
    fault (the engine's error says so: ``code``, ``move_index``, ``move``, ``illegal``)."""
    key = _MOVE_PROBLEMS.get(exc.code)
    if key is None or exc.move_index is None or exc.move is None:
        return Message("record.bad_result" if exc.code == "wrong-result" else "record.damaged")
    args: dict[str, Any] = {"n": exc.move_index + 1, "move": exc.move[:16]}
    if exc.illegal is not None:
        args["why"] = Message("illegal." + exc.illegal.code, dict(exc.illegal.details))
    return Message(key, args)


def _start(data: dict) -> Game:
    """The dealt game of a record that the engine has checked, before its first move."""
    return Game(Rules.from_dict(data["rules"]), data["deck"], first=data.get("first", 0),
                players=data.get("players"), reshuffles=data.get("reshuffles", []))


class Replay:
    """A checked record and the viewer's place in it: ``step`` is the number of moves
    played (0 = the deal, ``last`` = the end of the record), ``playing`` whether autoplay
    runs (its ``run``: the autoplay started last), ``seat`` the seat at the bottom of the
    viewer's table.

    A value, as the page's state is: moving through it (``go``, ``forward``...) gives a new
    ``Replay`` on the same record, and nothing changes one in place. Positions are rebuilt
    on demand from a copy kept every ``CHECKPOINT`` moves, so opening a long record costs
    one replay and little memory."""

    CHECKPOINT = 16

    def __init__(self, data: Any) -> None:
        final = check_record(data)
        moves: list[str] = list(data["moves"])
        game = _start(data)
        for p in game.players:  # names are untrusted text: shown escaped, and kept short
            p["name"] = clean_name(p["name"])
        players = [dict(p) for p in game.players]
        checkpoints: dict[int, Game] = {0: game.copy()}
        turns: list[int] = [game.turn]     # the turn each position is in
        for k, text in enumerate(moves, start=1):
            game.play(text)
            turns.append(game.turn)
            if k % self.CHECKPOINT == 0:
                checkpoints[k] = game.copy()
        log: list[LogEntry] = game.log()  # each move: who, the card it took...
        if final.is_over and not game.is_over:  # a stated resignation ends the record
            game.resign()
        seat = next((s for s, p in enumerate(players) if p.get("kind") == "human"), 0)  # the first person
        self.__dict__.update(data=data, moves=moves, players=players, checkpoints=checkpoints, turns=turns,
                             log=log, final=game, step=0, playing=False, seat=seat, run=0,
                             _memo=[0, checkpoints[0]])  # the position built last (shared by every step's value)

    def __setattr__(self, name: str, value: Any) -> None:
        raise FrozenInstanceError(f"a Replay is a value: {name} is not set on it (use go, but...)")

    def but(self, **changes: Any) -> Replay:
        """This replay with ``changes`` (``step``, ``playing``, ``seat``, ``run``) on the same record."""
        unknown = set(changes) - {"step", "playing", "seat", "run"}
        if unknown:
            raise AttributeError(f"a Replay has no {', '.join(sorted(unknown))} to change")
        new = object.__new__(Replay)
        new.__dict__.update(self.__dict__, **changes)
        return new

    # -- what the record is -----------------------------------------------------------------

    @property
    def last(self) -> int:
        return len(self.moves)

    @property
    def game(self) -> Game:
        """The game at the current step (read it; do not play on it)."""
        return self.game_at(self.step)

    def game_at(self, step: int) -> Game:
        """The game after ``step`` moves: the nearest checkpoint, replayed forward."""
        if step == self.last:
            return self.final
        memo = self._memo
        if memo[0] != step:
            base = step - step % self.CHECKPOINT
            game = self.checkpoints[base].copy()
            for text in self.moves[base:step]:
                game.play(text)
            memo[:] = [step, game]
        return memo[1]

    @property
    def turn(self) -> int:
        return self.turns[self.step]

    @property
    def last_turn(self) -> int:
        return self.turns[-1]

    @property
    def finished(self) -> bool:
        return self.final.is_over

    def turn_of_move(self, index: int) -> int:
        """The turn in which move ``index`` (0-based) was played."""
        return self.turns[index]

    def can_play_on(self) -> bool:
        """Whether the position shown can become the page's game: the game is not over
        there and every seat is a person or one of our computer levels."""
        if self.game.is_over:
            return False
        try:
            for p in self.players:
                player_kind(p.get("kind"))
        except ValueError:
            return False
        return True

    def game_to_play_on(self) -> Game:
        """A fresh game at the position shown, free to go its own way from there (the
        record's later moves and reshuffles are left behind)."""
        return Game.from_record(self.game.to_record())

    # -- moving through it: each gives the replay at its new step -------------------------------

    def go(self, step: int) -> Replay:
        """At ``step`` (clamped to the record); autoplay stops at the end."""
        step = max(0, min(self.last, step))
        return self.but(step=step, playing=self.playing and step != self.last)

    def forward(self) -> Replay:
        return self.go(self.step + 1)

    def back(self) -> Replay:
        return self.go(self.step - 1)

    def first(self) -> Replay:
        return self.go(0)

    def end(self) -> Replay:
        return self.go(self.last)

    def go_turn(self, turn: int) -> Replay:
        """At the start of ``turn`` (clamped to the turns the record has)."""
        return self.go(self._turn_start(max(1, min(self.last_turn, turn))))

    def next_turn(self) -> Replay:
        return self.go_turn(self.turn + 1) if self.turn < self.last_turn else self.end()

    def previous_turn(self) -> Replay:
        """At the start of this turn, or of the turn before when already at its start."""
        start = self._turn_start(self.turn)
        return self.go(start) if start < self.step else self.go_turn(self.turn - 1)

    def _turn_start(self, turn: int) -> int:
        return next(k for k, t in enumerate(self.turns) if t >= turn)

    def toggle_play(self) -> Replay:
        """Autoplay started (a new ``run``) or paused; starting at the end begins again
        from the deal."""
        if self.playing:
            return self.but(playing=False)
        start = self.first() if self.step == self.last else self
        return start.but(playing=True, run=self.run + 1)


def autoplay_delay_ms(speed: int) -> int:
    """The pause between moves in autoplay, from the computer-speed setting."""
    return max(MIN_AUTOPLAY_MS, SPEED_DELAY_MS.get(speed, 0))

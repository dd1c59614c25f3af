"""Goals for one turn that the engine checks (for puzzles), and a search that proves
one can be reached.

A goal belongs to the seat to move in ``start`` (the game as the turn began) and is
judged on the moves played since: ``goal.status(start, game)`` is ``"reached"``,
``"failed"`` (the seat's turn ended without reaching it) or ``"open"``. Any line of
moves that reaches the goal counts; ``find_line`` looks for one with the engine's
``legal_moves``, ``play`` and ``pop``.

===================  =============================================================
kind                 reached when
===================  =============================================================
``stock_played``     ``count`` stock cards were played this turn (``whose``: the
                     seat's own stock, its ``partner``'s, or ``either``)
``stock_empty``      the seat's own stock was emptied this turn
``build_complete``   ``count`` building piles were completed this turn
``block_next``       the turn is over and the next seat's stock card (an opponent's)
                     fits no building pile (also reached when the seat wins)
``all``              every goal of ``goals`` is reached (judged as each says)
===================  =============================================================
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .cards import PILE_COMPLETE, WILD
from .errors import PositionError
from .jsonread import JSONInputError, brief, read_json
from .moves import Move

if TYPE_CHECKING:
    from .game import Game

REACHED, FAILED, OPEN = "reached", "failed", "open"
KINDS = ("stock_played", "stock_empty", "build_complete", "block_next", "all")
WHOSE = ("own", "partner", "either")
MAX_COUNT = 50
MAX_TEXT = 2_000
"""The longest goal text ``Goal.from_text`` reads (characters)."""
MAX_NODES = 20_000
"""The moves ``find_line`` tries at most by default: about half a second on a desktop's
CPython (bench/goals.py), so a goal a teacher writes is judged while they wait."""


class GoalError(PositionError):
    """A goal that is malformed; ``path`` is relative to the goal (``count``,
    ``goals[1].kind``), ``code`` is ``malformed``, ``unknown-key`` or (``from_text``)
    ``bad-json``."""


@dataclass(frozen=True)
class Goal:
    """One goal; make it with ``Goal.from_dict`` (checked) or directly."""

    kind: str
    count: int = 1
    whose: str = "own"
    goals: tuple[Goal, ...] = ()

    @classmethod
    def from_dict(cls, data: Any, path: str = "") -> Goal:
        """The goal of a JSON object such as ``{"kind": "stock_played", "count": 2}``;
        raises ``GoalError`` naming the first problem."""
        where = (path + ".") if path else ""
        if not isinstance(data, dict):
            raise GoalError(path, f"a goal must be an object, not {type(data).__name__}")
        kind = data.get("kind")
        if kind not in KINDS:
            raise GoalError(f"{where}kind", f"must be one of {', '.join(KINDS)}, not {brief(kind)}")
        allowed = {"stock_played": ("count", "whose"), "build_complete": ("count",), "all": ("goals",)}.get(kind, ())
        for key in data:
            if key != "kind" and key not in allowed:
                raise GoalError(f"{where}{key}", f"unknown key {brief(key)} for a {kind} goal", "unknown-key")
        count = data.get("count", 1)
        if type(count) is not int or not 1 <= count <= MAX_COUNT:
            raise GoalError(f"{where}count", f"must be a whole number from 1 to {MAX_COUNT}, not {brief(count)}")
        whose = data.get("whose", "own")
        if whose not in WHOSE:
            raise GoalError(f"{where}whose", f"must be one of {', '.join(WHOSE)}, not {brief(whose)}")
        goals: tuple[Goal, ...] = ()
        if kind == "all":
            parts = data.get("goals")
            if not isinstance(parts, list) or not 1 <= len(parts) <= 4:
                raise GoalError(f"{where}goals", "must be a list of 1 to 4 goals")
            goals = tuple(cls.from_dict(p, f"{where}goals[{i}]") for i, p in enumerate(parts))
            if any(g.kind == "all" for g in goals):
                raise GoalError(f"{where}goals", "an all goal lists simple goals, not other all goals")
        return cls(kind, count, whose, goals)

    @classmethod
    def from_text(cls, text: str | bytes, source: str = "goal") -> Goal:
        """The goal in JSON ``text``, read by the bounded reader (at most ``MAX_TEXT``
        characters); raises ``GoalError`` (code ``bad-json`` for text that is not
        readable JSON) naming ``source`` and the first problem."""
        try:
            data = read_json(text, source, max_chars=MAX_TEXT)
        except JSONInputError as exc:
            raise GoalError("", str(exc), "bad-json") from None
        try:
            return cls.from_dict(data)
        except GoalError as exc:
            exc.args = (f"{source}: {exc}",)
            raise

    def to_dict(self) -> dict[str, Any]:
        """The JSON object ``from_dict`` reads (only the keys this kind has)."""
        out: dict[str, Any] = {"kind": self.kind}
        if self.kind in ("stock_played", "build_complete"):
            out["count"] = self.count
        if self.kind == "stock_played" and self.whose != "own":
            out["whose"] = self.whose
        if self.kind == "all":
            out["goals"] = [g.to_dict() for g in self.goals]
        return out

    @property
    def needs_turn_end(self) -> bool:
        """Whether the goal can only be reached once the turn is over."""
        return self.kind == "block_next" or any(g.needs_turn_end for g in self.goals)

    def status(self, start: Game, game: Game) -> str:
        """``"reached"``, ``"failed"`` or ``"open"`` for the turn that began at ``start``,
        judged on the moves ``game`` played since (``game`` continues ``start``)."""
        return _Turn(start).status(self, game)


class _Turn:
    """What a goal needs to know of the turn that began at ``start``."""

    def __init__(self, start: Game) -> None:
        self.seat = seat = start.current_seat
        self.base = len(start.moves)
        view = start.view(seat)
        self.lengths = [len(p) for p in view.building]
        self.stock = view.stock_sizes[seat]
        nxt = (seat + 1) % view.players
        self.next_top = view.stock_tops[nxt]

    def facts(self, game: Game) -> tuple[bool, int, int, int, list[int], bool]:
        """(turn over, own stock cards played, partner's, piles completed, building pile
        lengths, won) for the moves since the start."""
        if len(game.moves) < self.base:
            raise ValueError("the game is not a continuation of the start of the turn")
        moves = game.moves[self.base:]
        lengths = self.lengths[:]
        own = partner = completed = 0
        over = False
        for m in moves:
            if m.ends_turn:
                over = True
                break
            completed += _build(lengths, m)
            own += m.from_stock and not m.from_partner
            partner += m.from_stock and m.from_partner
        return over or game.is_over, own, partner, completed, lengths, not over and _won(game)

    def status(self, goal: Goal, game: Game) -> str:
        over, own, partner, completed, lengths, won = self.facts(game)
        return _judge(goal, self, over, own, partner, completed, lengths, won)


def _build(lengths: list[int], m: Move) -> bool:
    """Count building move ``m`` into the pile ``lengths``; True when it completed its pile
    (which then starts again empty)."""
    lengths[m.slot] += 1
    if lengths[m.slot] < PILE_COMPLETE:
        return False
    lengths[m.slot] = 0
    return True


def _won(game: Game) -> bool:
    return game.is_over and game.result is not None and game.result.winner is not None


def _judge(goal: Goal, turn: _Turn, over: bool, own: int, partner: int, completed: int, lengths: list[int],
           won: bool) -> str:
    kind = goal.kind
    if kind == "all":
        states = [_judge(g, turn, over, own, partner, completed, lengths, won) for g in goal.goals]
        return REACHED if all(s == REACHED for s in states) else FAILED if FAILED in states or over else OPEN
    if kind == "stock_played":
        played = {"own": own, "partner": partner, "either": own + partner}[goal.whose]
        reached = played >= goal.count
    elif kind == "stock_empty":
        reached = own == turn.stock
    elif kind == "build_complete":
        reached = completed >= goal.count
    else:  # block_next
        top = turn.next_top
        reached = over and (won or top is None or top != WILD and all(n + 1 != top for n in lengths))
    return REACHED if reached else FAILED if over else OPEN


def _order(moves: list[Move]) -> list[Move]:
    """Building moves, the likeliest first: stock, discard piles, number cards, Skip-Bo cards."""
    def rank(m: Move) -> int:
        if m.from_stock:
            return 0
        if m.from_discard:
            return 1
        return 3 if m.hand_card == WILD else 2
    return sorted((m for m in moves if m.is_build), key=rank)


def find_line(game: Game, goal: Goal, max_nodes: int = MAX_NODES) -> list[Move] | None:
    """A line of moves from ``game`` (the start of a turn, or any point in it) that
    reaches ``goal`` this turn, or ``None`` when none is found within ``max_nodes``
    moves tried (every move played counts, so the work is bounded whatever the goal).
    The line ends with the turn's discard when the goal needs the turn
    to be over. Draws in the turn are the game's own (a position's seed decides them)."""
    world = game.copy()
    turn = _Turn(game)
    seat = turn.seat
    mate = game.rules.partner(seat)
    needs_end = goal.needs_turn_end
    line: list[Move] = []
    seen: set[tuple] = set()
    nodes = 0

    def search(own: int, partner: int, completed: int, lengths: list[int]) -> bool:
        # the turn's progress is kept here, move by move, rather than read back from the game
        nonlocal nodes
        state = _judge(goal, turn, world.is_over, own, partner, completed, lengths, _won(world))
        if state != OPEN:
            return state == REACHED
        moves = world.legal_moves()
        if needs_end:
            if nodes >= max_nodes:
                return False
            end = next(m for m in reversed(moves) if m.ends_turn)
            world.play(end)
            nodes += 1
            if _judge(goal, turn, True, own, partner, completed, lengths, False) == REACHED:
                line.append(end)
                return True
            world.pop()
        view = world.view(seat)
        key = (tuple(sorted(lengths)), tuple(sorted(view.hand)), view.discards[seat],
               view.discards[mate] if mate is not None else (), view.stock_sizes, view.draw_size)
        if key in seen:
            return False
        seen.add(key)
        tried: set[tuple] = set()
        for m in _order(moves):
            # the same card onto a pile of the same length leads to the same table
            same = (m.source, m.hand_card if m.from_hand else m.arg, lengths[m.slot])
            if same in tried:
                continue
            tried.add(same)
            if nodes >= max_nodes:
                return False
            world.play(m)
            nodes += 1
            line.append(m)
            after = lengths[:]
            done = _build(after, m)
            if search(own + (m.from_stock and not m.from_partner), partner + (m.from_stock and m.from_partner),
                      completed + done, after):
                return True
            line.pop()
            world.pop()
        return False

    _, own, partner, completed, lengths, _ = turn.facts(game)
    return line if search(own, partner, completed, lengths) else None

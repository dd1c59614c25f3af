"""Statistics of finished games: one compact summary per game, kept in ``localStorage``
(the newest ``MAX_GAMES``), and what the statistics sheet shows of them. No DOM access
here (the page reads and writes the store; ``stats_view`` draws the sheet).

A game is counted when it ends at a table with exactly one person (you) against the
computer: hot-seat games have no single "you", and the tutorial and embedded tables never
count. ``won`` means you (or your team) played the last stock card; ``stalled`` that
nobody could (the stall rule or the turn limit).
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable
from dataclasses import asdict, dataclass, field
from typing import Any

from skipbo_core.ai import LEVELS
from skipbo_core.rules import default_stock

VERSION = 1
MAX_GAMES = 500
KEEP_WHEN_FULL = 100  # the storage is full: older games are dropped to make room for the save
RESULTS = ("won", "lost", "stalled")
MIXED = "mixed"  # opponents of different levels
CHART_GAMES = 30  # the chart shows the newest games


@dataclass(frozen=True)
class GameSummary:
    """One finished game, as kept: when (UTC, ISO 8601 to the second), the table
    (players, stock size, teams, deck's Skip-Bo cards, match target or None, practice),
    the opponents' levels in seat order, your result, your points, turns, and the seed
    the game was dealt from (None when unknown)."""

    date: str
    players: int
    stock: int
    teams: bool
    wild_cards: int
    target: int | None
    practice: bool
    levels: tuple[str, ...]
    result: str
    points: int
    turns: int
    seed: int | str | None

    @property
    def rounds(self) -> int:
        """The rounds the game lasted (in a round every player has one turn; ``turns``
        counts every player's turns, the last round's too when it ended part way)."""
        return -(-self.turns // self.players)

    @property
    def opponents(self) -> str:
        """The opponents' level, or ``mixed``."""
        return self.levels[0] if len(set(self.levels)) == 1 else MIXED

    def to_dict(self) -> dict[str, Any]:
        out = asdict(self)
        out["levels"] = list(self.levels)
        return out

    @classmethod
    def from_dict(cls, data: Any) -> GameSummary:
        """Raises ``ValueError`` for anything but a summary this version wrote. A
        ``"stock": null`` (an earlier version wrote that for a game with the default
        stock) reads as the default stock of its player count."""
        if not isinstance(data, dict) or set(data) != set(cls.__dataclass_fields__):
            raise ValueError("not a game summary")
        if data["stock"] is None and _is_int(data["players"]) and 2 <= data["players"] <= 6:
            data = {**data, "stock": default_stock(data["players"])}
        ints = ("players", "stock", "wild_cards", "points", "turns")
        if not all(_is_int(data[k]) and data[k] >= 0 for k in ints) or not 2 <= data["players"] <= 6:
            raise ValueError("a count is wrong")
        levels = data["levels"]
        if (not isinstance(levels, list) or len(levels) != data["players"] - 1 or not levels
                or any(level not in LEVELS for level in levels)):
            raise ValueError("levels are wrong")
        if (data["result"] not in RESULTS or not isinstance(data["date"], str) or len(data["date"]) > 40
                or not isinstance(data["teams"], bool) or not isinstance(data["practice"], bool)
                or not (data["target"] is None or _is_int(data["target"]))
                or not (data["seed"] is None or _is_int(data["seed"])
                        or (isinstance(data["seed"], str) and len(data["seed"]) <= 100))):
            raise ValueError("a field is wrong")
        return cls(**{**data, "levels": tuple(levels)})


def summarise(ctrl: Any, date: str) -> GameSummary | None:
    """The summary of ``ctrl``'s finished game (a ``Controller``), or None when it is not
    counted (not over, or not exactly one person at the table)."""
    game = ctrl.game
    humans = ctrl.humans
    if not game.is_over or len(humans) != 1:
        return None
    you = humans[0]
    result = game.result
    if result.winner is None:
        outcome = "stalled"
    else:
        outcome = "won" if you in game.rules.team_of(result.winner) else "lost"
    rules = game.rules
    seed = ctrl.match.seed
    return GameSummary(date=date, players=rules.players, stock=rules.stock, teams=rules.teams is not None,
                       wild_cards=rules.wild_cards, target=ctrl.match.target, practice=bool(ctrl.practice),
                       levels=tuple(k for s, k in enumerate(ctrl.kinds) if s != you), result=outcome,
                       points=result.scores[you], turns=game.turn,
                       seed=seed if _is_int(seed) or isinstance(seed, str) else None)


@dataclass(frozen=True)
class Shelf:
    """What a read of the store found: the games, the entries to set aside (those that
    could not be read, kept as they were, and an earlier version's own ``aside`` list: the
    page moves them to a key of their own, out of the store, which then holds games only),
    and how many of them could not be read now (the page reports them once)."""

    games: list[GameSummary] = field(default_factory=list)
    aside: list[Any] = field(default_factory=list)
    new_aside: int = 0
    damaged: bool = False  # the store itself could not be read: the page sets it aside whole


def read_store(data: Any) -> Shelf:
    """The games of the stored value (``None``: nothing stored yet). An entry that
    cannot be read is set aside and the others kept; a value that is no store at all
    is ``damaged``: the page moves it, as it is, to a key of its own (never into the
    new store, where it would be read, wrapped and written again at every read)."""
    if data is None:
        return Shelf()
    if not isinstance(data, dict) or data.get("version") != VERSION or not isinstance(data.get("games"), list):
        return Shelf([], [], 1, damaged=True)
    games, aside = [], []
    for entry in data["games"]:
        try:
            games.append(GameSummary.from_dict(entry))
        except (ValueError, TypeError, KeyError):
            aside.append(entry)
    kept = data.get("aside")
    kept = kept if isinstance(kept, list) else [] if kept is None else [kept]
    return Shelf(games[-MAX_GAMES:], [*kept, *aside], len(aside))


def to_store(games: Iterable[GameSummary]) -> dict[str, Any]:
    """The value to store (what could not be read is kept aside under a key of its own)."""
    return {"version": VERSION, "games": [g.to_dict() for g in games][-MAX_GAMES:]}


def add(games: list[GameSummary], game: GameSummary) -> list[GameSummary]:
    """``games`` with ``game`` after them, the oldest dropped beyond ``MAX_GAMES``."""
    return [*games, game][-MAX_GAMES:]


@dataclass(frozen=True)
class Tally:
    games: int = 0
    wins: int = 0

    @property
    def rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    def plus(self, won: bool) -> Tally:
        return Tally(self.games + 1, self.wins + won)


@dataclass(frozen=True)
class Totals:
    """What the statistics sheet shows."""

    all: Tally = field(default_factory=Tally)
    stalled: int = 0
    by_level: dict[str, Tally] = field(default_factory=dict)    # in LEVELS order, then mixed
    by_players: dict[int, Tally] = field(default_factory=dict)  # by table size
    longest_streak: int = 0
    current_streak: int = 0
    average_rounds: float = 0.0  # rounds (each player one turn), not every player's turns added up
    best: GameSummary | None = None  # the win with the most points (then the fewest turns)


def totals(games: list[GameSummary]) -> Totals:
    if not games:
        return Totals()
    everything, by_level, by_players = Tally(), {}, {}
    streak = longest = 0
    for g in games:
        won = g.result == "won"
        everything = everything.plus(won)
        by_level[g.opponents] = by_level.get(g.opponents, Tally()).plus(won)
        by_players[g.players] = by_players.get(g.players, Tally()).plus(won)
        streak = streak + 1 if won else 0
        longest = max(longest, streak)
    order = [*LEVELS, MIXED]
    wins = [g for g in games if g.result == "won"]
    best = min(wins, key=lambda g: (-g.points, g.rounds)) if wins else None
    return Totals(everything, sum(g.result == "stalled" for g in games),
                  {k: by_level[k] for k in order if k in by_level}, dict(sorted(by_players.items())),
                  longest, streak, sum(g.rounds for g in games) / len(games), best)


CSV_FIELDS = ("date", "players", "stock", "teams", "wild_cards", "target", "practice", "levels", "result",
              "points", "turns", "seed")


def to_csv(games: Iterable[GameSummary]) -> str:
    """The games as CSV, one line each (levels joined by ``+``)."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(CSV_FIELDS)
    for g in games:
        row = g.to_dict()
        row["levels"] = "+".join(g.levels)
        writer.writerow(["" if row[k] is None else row[k] for k in CSV_FIELDS])
    return out.getvalue()


def _is_int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)

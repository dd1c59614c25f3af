"""Game options: player count, stock size, teams, deck edition."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .cards import DECK_EDITIONS
from .jsonread import brief

MIN_PLAYERS, MAX_PLAYERS = 2, 6
MAX_STOCK = 50
MIN_DRAW_PILE = 32
TEAM_PLAYERS = (4, 6)  # teams of two partners sitting opposite
NUMBER_CARDS = 144  # twelve each of 1-12, beside the Skip-Bo cards


def default_stock(players: int) -> int:
    """Stock size by player count: 30 for 2-4 players, 20 for 5-6."""
    return 30 if players <= 4 else 20


def allows_teams(players: int) -> bool:
    """Whether a table of ``players`` can play in teams of two (4 or 6 players)."""
    return players in TEAM_PLAYERS


def team_pairs(players: int) -> tuple[tuple[int, int], ...]:
    """Partners sit opposite: (0, 2), (1, 3) for 4 players; (0, 3), (1, 4), (2, 5) for 6."""
    half = players // 2
    return tuple((s, s + half) for s in range(half))


@dataclass(frozen=True)
class Rules:
    """The options of one game; invalid values raise ``ValueError`` naming what is allowed.

    ``stock_size=None`` means the default for the player count; ``teams`` is
    ``None``/``False``, ``True`` (partners opposite) or the list of seat pairs.
    """

    players: int = 2
    stock_size: int | None = None
    teams: Any = None
    wild_cards: int = 18

    def __post_init__(self) -> None:
        p = self.players
        if not isinstance(p, int) or isinstance(p, bool) or not MIN_PLAYERS <= p <= MAX_PLAYERS:
            raise ValueError(f"players must be a whole number from {MIN_PLAYERS} to {MAX_PLAYERS}, not {brief(p)}")
        if type(self.wild_cards) is not int or self.wild_cards not in DECK_EDITIONS:
            raise ValueError("wild_cards must be 18 (162-card deck) or 24 (168-card deck), "
                             f"not {brief(self.wild_cards)}")
        s = self.stock_size
        if s is not None:
            most = min(MAX_STOCK, (NUMBER_CARDS + self.wild_cards - MIN_DRAW_PILE) // p)
            if not isinstance(s, int) or isinstance(s, bool) or not 1 <= s <= most:
                raise ValueError(
                    f"stock_size must be a whole number from 1 to {most} for {p} players "
                    f"(at most {MAX_STOCK}, leaving {MIN_DRAW_PILE} cards to draw), not {brief(s)}")
        object.__setattr__(self, "teams", self._normalise_teams(self.teams))

    def _normalise_teams(self, teams: Any) -> tuple[tuple[int, int], ...] | None:
        if teams is None or teams is False:
            return None
        if not allows_teams(self.players):
            raise ValueError(f"teams need 4 or 6 players, not {self.players}")
        expected = team_pairs(self.players)
        if teams is True:
            return expected
        try:
            given = sorted(tuple(sorted(pair)) for pair in teams)
        except TypeError:
            given = None
        if given != sorted(expected):
            raise ValueError(f"teams must be partners sitting opposite: {[list(t) for t in expected]}, "
                             f"not {brief(teams)}")
        return expected

    @property
    def stock(self) -> int:
        """The effective stock size."""
        return self.stock_size if self.stock_size is not None else default_stock(self.players)

    @property
    def deck_size(self) -> int:
        """How many cards the deck holds: 162, or 168 with the older deck's 24 Skip-Bo cards."""
        return NUMBER_CARDS + self.wild_cards

    @staticmethod
    def allows_teams(players: int) -> bool:
        """Whether a table of ``players`` can play in teams (4 or 6 players)."""
        return allows_teams(players)

    @staticmethod
    def wild_cards_for_deck(size: int) -> int | None:
        """The number of Skip-Bo cards in the deck of ``size`` cards (162 -> 18, 168 -> 24),
        or ``None`` when no deck edition has that size."""
        return next((w for w in DECK_EDITIONS if NUMBER_CARDS + w == size), None)

    def partner(self, seat: int) -> int | None:
        """The partner's seat in team play, else ``None``."""
        if self.teams is None:
            return None
        return (seat + self.players // 2) % self.players

    def team_of(self, seat: int) -> tuple[int, ...]:
        """The seats that win together with ``seat`` (just ``seat`` without teams)."""
        mate = self.partner(seat)
        return (seat,) if mate is None else tuple(sorted((seat, mate)))

    def to_dict(self) -> dict[str, Any]:
        """The ``rules`` object of a game record."""
        return {"players": self.players, "stock_size": self.stock_size,
                "teams": None if self.teams is None else [list(t) for t in self.teams],
                "wild_cards": self.wild_cards}

    @classmethod
    def from_dict(cls, data: Any) -> Rules:
        """Rules from a record's ``rules`` object; raises ``ValueError`` when malformed."""
        if not isinstance(data, dict):
            raise ValueError("rules must be an object")
        unknown = set(data) - {"players", "stock_size", "teams", "wild_cards"}
        if unknown:
            raise ValueError(f"unknown rules keys: {sorted(unknown)}")
        return cls(players=data.get("players", 2), stock_size=data.get("stock_size"),
                   teams=data.get("teams"), wild_cards=data.get("wild_cards", 18))

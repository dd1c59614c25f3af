"""A match: games in a row until a seat reaches the target score (or one single game)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from .game import Game
from .jsonread import brief, read_json
from .rules import Rules

MATCH_VERSION = 1


class Match:
    """A series of games; the dealer moves one seat left after each game, so the
    seat that moves first does too. Points of each game are added per seat
    (partners get their team's points each). Over once a seat reaches ``target``;
    ``target=None`` is a single game, over when that game is.

    ``game`` is the current game (``None`` before the first deal), ``game_no`` its
    number (0-based) and ``seed`` the seed it was dealt from (``None`` when it was not
    dealt from a seed); ``history`` holds the points of every finished game, the
    current one included as soon as it is over. ``to_dict``/``from_dict`` save and
    restore all of it except the game, which is saved as its record.
    """

    def __init__(self, rules: Rules, target: int | None = 500, seed: Any = None,
                 players: Sequence[dict[str, str]] | None = None, first: int = 0) -> None:
        if target is not None and (not isinstance(target, int) or isinstance(target, bool) or target < 1):
            raise ValueError(f"target must be a whole number of at least 1 (or None), not {brief(target)}")
        if type(first) is not int or not 0 <= first < rules.players:
            raise ValueError(f"first must be a seat from 0 to {rules.players - 1}, not {brief(first)}")
        self.rules = rules
        self.target = target
        self.players = [dict(p) for p in players] if players is not None else None
        self.first = first
        self._before: list[tuple[int, ...]] = []  # points of the games before the current one
        self.game_no = 0
        self.seed: int | str | None = None
        self.game: Game | None = None
        self._rng = random.Random(seed)

    # -- reading ------------------------------------------------------------------------------

    @property
    def history(self) -> list[tuple[int, ...]]:
        """The points per seat of each finished game, in order."""
        result = self.game.result if self.game is not None else None
        return self._before + [result.scores] if result is not None else self._before[:]

    @property
    def scores(self) -> list[int]:
        """The points of each seat so far (the finished games')."""
        history = self.history
        return [sum(game[s] for game in history) for s in range(self.rules.players)]

    @property
    def is_over(self) -> bool:
        """A seat reached the target; for a single game: that game is over."""
        if self.target is None:
            return bool(self.history)
        return max(self.scores) >= self.target

    @property
    def leaders(self) -> list[int]:
        """The seats with the highest total."""
        scores = self.scores
        best = max(scores)
        return [s for s, v in enumerate(scores) if v == best]

    def first_of(self, game_no: int) -> int:
        """The seat that moves first in game ``game_no`` (0-based)."""
        return (self.first + game_no) % self.rules.players

    def next_first(self) -> int:
        """The seat that moves first in the next game to be dealt."""
        return self.first_of(self.game_no + (self.game is not None))

    # -- playing --------------------------------------------------------------------------------

    def new_game(self, seed: int | str | None = None) -> Game:
        """Deal the next game (the current one, if any, must be over). ``seed`` deals
        it; by default the match's own random source picks one, so the same match
        seed deals the same games."""
        if self.is_over:
            raise ValueError("the match is over")
        if self.game is not None:
            if self.game.result is None:
                raise ValueError("the current game is not over yet")
            self._before.append(self.game.result.scores)
        if seed is None:
            seed = self._rng.getrandbits(64)
        elif type(seed) not in (int, str):
            raise ValueError(f"seed must be a whole number or a string, not {brief(seed)}")
        game_no = self.game_no + (self.game is not None)
        game = Game.new(self.rules, seed=seed, first=self.first_of(game_no), players=self.players)
        self.game, self.game_no, self.seed = game, game_no, seed
        return game

    # -- saving -----------------------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """A JSON-able form of the match without its game (save the game's record beside it)."""
        return {"version": MATCH_VERSION, "target": self.target, "first": self.first,
                "history": [list(g) for g in self.history], "game_no": self.game_no, "seed": self.seed}

    @classmethod
    def from_dict(cls, data: Any, game: Game) -> Match:
        """The match of ``to_dict`` whose current game is ``game`` (restored from its
        record). Raises ``ValueError`` naming the problem when the data is damaged,
        of another version, or does not fit the game."""
        if not isinstance(data, dict):
            raise ValueError("match data must be an object")
        if data.get("version") != MATCH_VERSION:
            raise ValueError(f"match data of another version ({brief(data.get('version'))}, expected {MATCH_VERSION})")
        unknown = set(data) - {"version", "target", "first", "history", "game_no", "seed"}
        if unknown:
            raise ValueError(f"unknown match data keys: {sorted(unknown)}")
        n = game.rules.players
        target, first, history = data.get("target"), data.get("first"), data.get("history")
        game_no, seed = data.get("game_no"), data.get("seed")
        if target is not None and (not _is_int(target) or target < 1):
            raise ValueError(f"match target must be a whole number of at least 1 or null, not {brief(target)}")
        if not _is_int(first) or not 0 <= first < n:
            raise ValueError(f"match first must be a seat from 0 to {n - 1}, not {brief(first)}")
        if not isinstance(history, list) or not all(
                isinstance(g, list) and len(g) == n and all(_is_int(p) and p >= 0 for p in g) for g in history):
            raise ValueError(f"match history must list the points of each finished game, {n} seats each")
        if not _is_int(game_no) or game_no < 0 or game_no not in (len(history), len(history) - 1):
            raise ValueError(f"match game_no {brief(game_no)} does not fit a history of {len(history)} games")
        if seed is not None and type(seed) not in (int, str):
            raise ValueError(f"match seed must be a whole number, a string or null, not {brief(seed)}")
        if target is None and game_no != 0:
            raise ValueError("a single game (target null) has no game after the first")
        if game_no == len(history) - 1:
            if game.result is None:
                raise ValueError("the match says the game is over, the record does not")
            if list(game.result.scores) != history[-1]:
                raise ValueError("the match's points of the game are not the record's")
        if target is not None and game.first != (first + game_no) % n:
            raise ValueError(f"match game_no {game_no} starts with seat {(first + game_no) % n}, "
                             f"the record with seat {game.first}")
        if target is not None and game_no and max(map(sum, zip(*history[:game_no]))) >= target:
            raise ValueError("the match was over before its current game")
        match = cls(game.rules, target=target, players=game.players, first=first)
        match._before = [tuple(g) for g in history[:game_no]]
        match.game_no, match.seed, match.game = game_no, seed, game
        return match

    @classmethod
    def from_text(cls, text: str | bytes, game: Game, source: str = "match") -> Match:
        """``from_dict`` of JSON ``text``, read by the bounded reader of ``jsonread``;
        raises ``ValueError`` (``JSONInputError`` for text that is not readable JSON)
        naming ``source`` and the problem."""
        data = read_json(text, source)
        try:
            return cls.from_dict(data, game)
        except ValueError as exc:
            raise ValueError(f"{source}: {exc}") from None

    @classmethod
    def single(cls, game: Game, seed: int | str | None = None) -> Match:
        """A one-game match around ``game`` (e.g. a game continued from a record)."""
        match = cls(game.rules, target=None, players=game.players, first=game.first)
        match.game, match.seed = game, seed
        return match


def _is_int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)

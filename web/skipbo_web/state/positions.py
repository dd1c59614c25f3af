"""Positions on the page: a table set up from a position (docs/ENGINE.md "Positions"), from the
address (``?position=<address>``, ``?pos=<compact form>``) or a host page's ``position``
command; the save of such a game; a replay step exported as a position.

The engine (``skipbo_core.position``) checks a position; here its refusal becomes a
``Message`` in the player's language that names the place (the engine's ``path``) and
the kind of problem (its ``code``). A game set up from a position has no record, so its
save is the position, the players and the moves.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import urlencode

from skipbo_core import Game, IllegalMove, InvalidMove, PositionError, game_from_position, parse_compact, to_compact
from skipbo_core.jsonread import JSONInputError, read_json

from .messages import Message
from .replay import json_problem

SAVE_FORMAT, SAVE_VERSION = "skipbo-position-game", 1
MAX_BYTES = 100_000  # a position file or command, as JSON text
CODES = ("malformed", "unknown-key", "bad-card", "too-many-cards", "impossible-pile", "too-many-piles",
         "hand-size", "stock-size", "draw-size", "bad-seat", "game-over", "bad-compact", "bad-json")
JSON_CODES = ("too-big", "too-deep", "bad-number", "not-json", "unreadable")  # jsonread.JSONInputError's


class PositionProblem(ValueError):
    """A position that cannot be set up: ``message`` says why, for the page's notice;
    ``path`` and ``code`` are the engine's (``code`` also ``not-json``, ``too-big``)."""

    def __init__(self, message: Message, path: str = "", code: str = "malformed", english: str = "") -> None:
        super().__init__(english or message.key)
        self.message, self.path, self.code = message, path, code


def problem(err: PositionError) -> PositionProblem:
    code = err.code if err.code in CODES else "malformed"
    why = Message(f"position.why.{code}")
    message = (Message("position.bad_at", {"path": err.path, "why": why}) if err.path
               else Message("position.bad", {"why": why}))
    return PositionProblem(message, err.path, code, str(err))


def read_text(text: str) -> dict[str, Any]:
    """A position from JSON text (a file or a fetched address); checked by ``start``."""
    if len(text.encode("utf-8", "surrogatepass")) > MAX_BYTES:
        raise PositionProblem(Message("position.too_big", {"kb": MAX_BYTES // 1000}), code="too-big",
                              english=f"a position may hold at most {MAX_BYTES} bytes")
    try:
        data = read_json(text, "position", max_chars=MAX_BYTES)
    except JSONInputError as err:
        raise PositionProblem(json_problem("position", err.code, MAX_BYTES), code=err.code, english=str(err)) from None
    if not isinstance(data, dict):
        raise PositionProblem(Message("position.bad", {"why": Message("position.why.malformed")}),
                              english="a position is a JSON object")
    return data


def read_compact(text: str) -> dict[str, Any]:
    """The position of ``?pos=<compact form>`` (``skipbo_core.parse_compact``), checked."""
    try:
        return parse_compact(text)
    except PositionError as err:
        raise problem(err) from None


def players_of(position: Any) -> int:
    """How many seats ``position`` lists (at most 6; the engine checks the rest)."""
    seats = position.get("seats") if isinstance(position, dict) else None
    return min(len(seats), 6) if isinstance(seats, list) else 2


def start(position: Any, players: list[dict[str, str]]) -> Game:
    """The game at the table of ``position``, with ``players`` (names and kinds)."""
    try:
        return game_from_position(position, players=players)
    except PositionError as err:
        raise problem(err) from None


def save(position: dict[str, Any], game: Game) -> dict[str, Any]:
    """What is kept of a game set up from ``position``: enough to set it up again."""
    return {"format": SAVE_FORMAT, "version": SAVE_VERSION, "position": position,
            "players": [dict(p) for p in game.players], "moves": [str(m) for m in game.moves]}


def is_save(data: Any) -> bool:
    return isinstance(data, dict) and data.get("format") == SAVE_FORMAT


def resume(data: Any) -> tuple[dict[str, Any], Game]:
    """The position and the game of a ``save``; ``ValueError`` naming what is damaged."""
    if data.get("version") != SAVE_VERSION or set(data) != {"format", "version", "position", "players", "moves"}:
        raise ValueError("a saved position game of another version, or damaged")
    players, moves = data["players"], data["moves"]
    if not (isinstance(players, list) and all(isinstance(p, dict) for p in players)
            and isinstance(moves, list) and all(isinstance(m, str) for m in moves)):
        raise ValueError("the saved players or moves are damaged")
    try:
        game = start(data["position"], players)
        for move in moves:
            game.play(move)
    except (PositionProblem, IllegalMove, InvalidMove, ValueError, TypeError) as exc:
        raise ValueError(f"the saved position game cannot be set up again: {exc}") from None
    return data["position"], game


def link(base: str, position: dict[str, Any], lang: str, faces: str) -> str | None:
    """The address that opens ``position`` (``?pos=``); None when it is too long for one."""
    try:
        compact = to_compact(position)
    except PositionError:
        return None
    query = {"pos": compact, "lang": lang, **({"faces": faces} if faces != "skipbo" else {})}
    return f"{base}?{urlencode(query)}"

"""Replaying game records (RULES.md, "Game record"): replaying is the parser."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .cards import is_full_deck
from .errors import IllegalMove, InvalidMove, RecordError
from .result import REASONS
from .rules import Rules

if TYPE_CHECKING:
    from .game import Game

FORMAT, VERSION = "skipbo-record", 1
MAX_MOVES = 100_000


def _int_list(value: Any, what: str) -> list[int]:
    if not isinstance(value, list) or not all(type(c) is int and 0 <= c <= 12 for c in value):
        raise RecordError(f"bad record: {what} must be a list of card values 0-12")
    return value


def _check_shape(data: Any) -> tuple[Rules, list[dict[str, str]] | None, int, list[int], list[list[int]], list[str]]:
    if not isinstance(data, dict):
        raise RecordError("bad record: not a JSON object")
    if data.get("format") != FORMAT or data.get("version") != VERSION:
        raise RecordError(f"bad record: unknown format/version {data.get('format')!r} "
                          f"{data.get('version')!r} (expected {FORMAT!r} version {VERSION})")
    try:
        rules = Rules.from_dict(data.get("rules"))
    except ValueError as exc:
        raise RecordError(f"bad record: rules: {exc}") from None
    players = data.get("players")
    if players is not None:
        if (not isinstance(players, list) or len(players) != rules.players
                or not all(isinstance(p, dict) and isinstance(p.get("name"), str)
                           and isinstance(p.get("kind"), str) for p in players)):
            raise RecordError(f"bad record: players must list {rules.players} objects with name and kind")
        players = [{"name": p["name"], "kind": p["kind"]} for p in players]
    first = data.get("first", 0)
    if type(first) is not int or not 0 <= first < rules.players:
        raise RecordError(f"bad record: first must be a seat from 0 to {rules.players - 1}")
    deck = _int_list(data.get("deck"), "deck")
    if not is_full_deck(deck, rules.wild_cards):
        raise RecordError(f"bad record: deck is not the {rules.deck_size}-card Skip-Bo deck")
    reshuffles = data.get("reshuffles", [])
    if not isinstance(reshuffles, list):
        raise RecordError("bad record: reshuffles must be a list")
    reshuffles = [_int_list(r, "each reshuffle") for r in reshuffles]
    moves = data.get("moves")
    if not isinstance(moves, list) or not all(isinstance(m, str) for m in moves):
        raise RecordError("bad record: moves must be a list of strings")
    if len(moves) > MAX_MOVES:
        raise RecordError(f"bad record: more than {MAX_MOVES} moves")
    return rules, players, first, deck, reshuffles, moves


def replay(game_cls: type[Game], data: Any) -> Game:
    """Rebuild the game of a record, checking every move and the stated result."""
    from .game import ReshuffleError
    rules, players, first, deck, reshuffles, moves = _check_shape(data)
    game = game_cls(rules, deck, first=first, players=players, reshuffles=reshuffles)
    for i, text in enumerate(moves):
        if game.is_over:
            raise RecordError(f"move #{i} {text}: move {text} after the game was "
                              f"{'won' if game.result and game.result.winner is not None else 'over'}", i)
        try:
            game.play(text)
        except InvalidMove:
            raise RecordError(f"move #{i} {text}: bad notation {text!r}", i) from None
        except IllegalMove as exc:
            raise RecordError(f"move #{i} {text}: {exc}", i) from None
        except ReshuffleError as exc:
            raise RecordError(f"move #{i} {text}: {exc}", i) from None
    if game._supply:
        raise RecordError(f"bad record: {len(game._supply)} reshuffle(s) never needed")
    game._supply = None
    _check_result(game, data.get("result"))
    return game


def _check_result(game: Game, stated: Any) -> None:
    if stated is None:
        if game.is_over:
            raise RecordError(f"bad record: the game is over ({game.result.reason}) but the record has no result")
        return
    if not isinstance(stated, dict) or stated.get("reason") not in REASONS:
        raise RecordError(f"bad record: result must be an object with a reason among {list(REASONS)}")
    if not game.is_over:
        if stated["reason"] == "resigned":
            game.resign()
        else:
            raise RecordError(f"result says {stated['reason']} but the game is not over after the last move")
    actual = game.result
    assert actual is not None
    if stated.get("winner") != actual.winner:
        raise RecordError(f"result.winner {stated.get('winner')} but referee says {actual.winner}")
    if stated["reason"] != actual.reason:
        raise RecordError(f"result.reason {stated['reason']} but referee says {actual.reason}")
    if "scores" in stated and stated["scores"] != list(actual.scores):
        raise RecordError(f"scores {stated['scores']} but referee says {list(actual.scores)}")

"""Game records (docs/RULES.md, "Game record"), both directions: ``write`` turns a game into
its record, ``replay`` turns a record back into the game, checking every move (replaying
is the parser). Both go through ``Game``'s public API only; ``Game.to_record`` and
``Game.from_record`` call them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .cards import is_full_deck
from .errors import IllegalMove, InvalidMove, RecordError, ReshuffleError
from .jsonread import JSONInputError, brief, read_json
from .result import REASONS
from .rules import Rules

if TYPE_CHECKING:
    from .game import Game

FORMAT, VERSION = "skipbo-record", 1
MAX_MOVES = 100_000


def write(game: Game) -> dict[str, Any]:
    """The JSON-able record of ``game``; ``result`` only once the game is over."""
    deck = game.deck
    if deck is None:
        raise ValueError("a game set up from a position or a sampled world was not dealt from a deck "
                         "and has no record (keep its position and moves instead)")
    data: dict[str, Any] = {
        "format": FORMAT, "version": VERSION, "rules": game.rules.to_dict(),
        "players": [dict(p) for p in game.players], "first": game.first, "deck": list(deck),
        "reshuffles": [list(r) for r in game.reshuffles], "moves": [str(m) for m in game.moves]}
    if game.result is not None:
        data["result"] = game.result.to_dict()
    return data


def _malformed(message: str) -> RecordError:
    return RecordError(f"bad record: {message}", code="malformed")


def _int_list(value: Any, what: str) -> list[int]:
    if not isinstance(value, list) or not all(type(c) is int and 0 <= c <= 12 for c in value):
        raise _malformed(f"{what} must be a list of card values 0-12")
    return value


def _check_shape(data: Any) -> tuple[Rules, list[dict[str, str]] | None, int, list[int], list[list[int]], list[str]]:
    if not isinstance(data, dict):
        raise _malformed("not a JSON object")
    if data.get("format") != FORMAT or data.get("version") != VERSION:
        raise RecordError(f"bad record: unknown format/version {brief(data.get('format'))} "
                          f"{brief(data.get('version'))} (expected {FORMAT!r} version {VERSION})", code="format")
    try:
        rules = Rules.from_dict(data.get("rules"))
    except ValueError as exc:
        raise _malformed(f"rules: {exc}") from exc
    players = data.get("players")
    if players is not None:
        if (not isinstance(players, list) or len(players) != rules.players
                or not all(isinstance(p, dict) and isinstance(p.get("name"), str)
                           and isinstance(p.get("kind"), str) for p in players)):
            raise _malformed(f"players must list {rules.players} objects with name and kind")
        players = [{"name": p["name"], "kind": p["kind"]} for p in players]
    first = data.get("first", 0)
    if type(first) is not int or not 0 <= first < rules.players:
        raise _malformed(f"first must be a seat from 0 to {rules.players - 1}")
    deck = _int_list(data.get("deck"), "deck")
    if not is_full_deck(deck, rules.wild_cards):
        raise _malformed(f"deck is not the {rules.deck_size}-card Skip-Bo deck")
    reshuffles = data.get("reshuffles", [])
    if not isinstance(reshuffles, list):
        raise _malformed("reshuffles must be a list")
    reshuffles = [_int_list(r, "each reshuffle") for r in reshuffles]
    moves = data.get("moves")
    if not isinstance(moves, list) or not all(isinstance(m, str) for m in moves):
        raise _malformed("moves must be a list of strings")
    if len(moves) > MAX_MOVES:
        raise _malformed(f"more than {MAX_MOVES} moves")
    return rules, players, first, deck, reshuffles, moves


def read(game_cls: type[Game], text: str | bytes, source: str = "record") -> Game:
    """Rebuild the game of a record given as JSON text, read by the bounded reader
    (``skipbo_core.jsonread``: at most ``MAX_CHARS`` characters, nested at most
    ``MAX_DEPTH`` deep); ``RecordError`` (code ``bad-json`` when the text is not
    readable JSON) naming ``source`` and the first problem."""
    try:
        data = read_json(text, source)
    except JSONInputError as exc:
        raise RecordError(str(exc), code="bad-json") from exc
    try:
        return replay(game_cls, data)
    except RecordError as exc:
        exc.args = (f"{source}: {exc}",)
        raise


def replay(game_cls: type[Game], data: Any) -> Game:
    """Rebuild the game of a record, checking every move and the stated result.

    Raises ``RecordError`` naming the first problem; a bad move's error carries its
    index, its text and (as ``illegal`` and as the cause) the ``IllegalMove``."""
    rules, players, first, deck, reshuffles, moves = _check_shape(data)
    game = game_cls(rules, deck, first=first, players=players, reshuffles=reshuffles)
    for i, text in enumerate(moves):
        if game.is_over:
            over = "won" if game.result and game.result.winner is not None else "over"
            raise RecordError(f"move #{i} {text}: move {text} after the game was {over}", i,
                              code="move-after-end", move=text)
        try:
            game.play(text)
        except InvalidMove as exc:
            raise RecordError(f"move #{i} {text}: bad notation {text!r}", i, code="bad-notation", move=text) from exc
        except IllegalMove as exc:
            raise RecordError(f"move #{i} {text}: {exc}", i, code="illegal-move", move=text, illegal=exc) from exc
        except ReshuffleError as exc:
            raise RecordError(f"move #{i} {text}: {exc}", i, code="bad-reshuffle", move=text) from exc
    unused = game.release_reshuffles()
    if unused:
        raise _malformed(f"{unused} reshuffle(s) never needed")
    _check_result(game, data.get("result"))
    return game


def _wrong(message: str) -> RecordError:
    return RecordError(message, code="wrong-result")


def _check_result(game: Game, stated: Any) -> None:
    if stated is None:
        if game.result is not None:
            raise _malformed(f"the game is over ({game.result.reason}) but the record has no result")
        return
    if not isinstance(stated, dict) or stated.get("reason") not in REASONS:
        raise _malformed(f"result must be an object with a reason among {list(REASONS)}")
    if not game.is_over:
        if stated["reason"] == "resigned":
            game.resign()
        else:
            raise _wrong(f"result says {stated['reason']} but the game is not over after the last move")
    actual = game.result
    assert actual is not None
    winner, scores = stated.get("winner"), stated.get("scores")
    # type() and not ==: true and 1.0 equal 1 in Python but are not seat numbers in JSON
    if winner is not None and type(winner) is not int:
        raise _malformed(f"result.winner must be a seat number or null, not {brief(winner)}")
    if scores is not None and not (isinstance(scores, list) and all(type(p) is int for p in scores)):
        raise _malformed(f"result.scores must be a list of whole numbers, not {brief(scores)}")
    if winner != actual.winner:
        raise _wrong(f"result.winner {winner} but referee says {actual.winner}")
    if stated["reason"] != actual.reason:
        raise _wrong(f"result.reason {stated['reason']} but referee says {actual.reason}")
    if "scores" in stated and scores != list(actual.scores):
        raise _wrong(f"scores {brief(scores)} but referee says {list(actual.scores)}")

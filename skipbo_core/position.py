"""Positions: a table set up directly (format ``skipbo-position``, version 1; see docs/ENGINE.md).

``game_from_position(data)`` checks a position and sets up the game it describes, dealing
every card it does not give from the rest of the deck by its ``seed``;
``position_of(game)`` writes the current table as a position; ``to_compact`` and
``parse_compact`` turn a position into a short URL-safe text and back; ``read_position``
reads a position's JSON text with the bounded reader of ``jsonread``. A bad position
raises ``PositionError`` with the ``path`` of the first problem and a ``code``.
"""

from __future__ import annotations

import base64
import binascii
import json
import random
import zlib
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .cards import BUILDING_SLOTS, DISCARD_PILES, HAND_SIZE, NUMBERS, PILE_COMPLETE, WILD
from .errors import PositionError
from .jsonread import JSONInputError, brief, read_json
from .rules import Rules

if TYPE_CHECKING:
    from .game import Game

FORMAT, VERSION = "skipbo-position", 1
MAX_COMPACT = 2000
"""The longest compact form ``parse_compact`` reads (characters)."""
MAX_JSON = 20_000
"""The longest position JSON a compact form may unpack to (bytes), and the longest
position text ``read_position`` reads (characters)."""
MAX_SEED_TEXT = 100
COMPACT_PREFIX = "p1."

_TOP_KEYS = ("format", "version", "rules", "seats", "building", "draw_pile", "current_seat", "turn",
             "stall_count", "seed")
_SEAT_KEYS = ("stock", "hand", "discards")


@dataclass
class _Table:
    """What a position says, read and checked: given cards, and counts to deal."""

    rules: Rules
    current: int
    turn: int
    stall: int
    seed: int | str
    building: list[list[int]]
    stocks: list[tuple[list[int], int]] = field(default_factory=list)  # (given cards bottom to top, hidden below)
    hands: list[tuple[list[int], int]] = field(default_factory=list)   # (given cards, hidden cards)
    discards: list[list[list[int]]] = field(default_factory=list)
    draw: list[int] | int | None = None                                 # cards, a count, or all the rest


def _fail(path: str, message: str, code: str = "malformed") -> PositionError:
    return PositionError(path, message, code)


def _object(value: Any, path: str, keys: tuple[str, ...]) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise _fail(path, f"must be an object, not {type(value).__name__}")
    for key in value:
        if key not in keys:
            raise _fail(f"{path}.{key}" if path else str(key), f"unknown key {brief(key)} (known: {', '.join(keys)})",
                        "unknown-key")
    return value


def _int(value: Any, path: str, low: int, high: int, code: str = "malformed") -> int:
    if type(value) is not int or not low <= value <= high:
        raise _fail(path, f"must be a whole number from {low} to {high}, not {brief(value)}",
                    code if type(value) is int else "malformed")
    return value


def _cards(value: Any, path: str, most: int | None = None, code: str = "too-many-piles") -> list[int]:
    if not isinstance(value, list):
        raise _fail(path, f"must be a list of cards (0 = Skip-Bo card, 1-12), not {type(value).__name__}")
    if most is not None and len(value) > most:
        raise _fail(path, f"holds {len(value)} cards, at most {most} allowed", code)
    for i, card in enumerate(value):
        if type(card) is not int or not 0 <= card <= 12:
            raise _fail(f"{path}[{i}]", f"must be a card value (0 = Skip-Bo card, 1-12), not {brief(card)}", "bad-card")
    return value


def _rules(data: dict[str, Any], seats: int) -> Rules:
    raw = data.get("rules", {})
    _object(raw, "rules", ("players", "stock_size", "teams", "wild_cards"))
    try:
        rules = Rules.from_dict({"players": seats, **raw})
    except ValueError as exc:
        name = str(exc).split(" ", 1)[0]
        raise _fail(f"rules.{name}" if name in ("players", "stock_size", "teams", "wild_cards") else "rules",
                    str(exc)) from None
    if rules.players != seats:
        raise _fail("seats", f"lists {seats} seats but rules.players is {rules.players}", "bad-seat")
    return rules


def _building(value: Any) -> list[list[int]]:
    if not isinstance(value, list):
        raise _fail("building", "must be a list of up to 4 building piles")
    if len(value) > BUILDING_SLOTS:
        raise _fail("building", f"lists {len(value)} building piles; at most {BUILDING_SLOTS} exist at once",
                    "too-many-piles")
    piles = []
    for k, pile in enumerate(value):
        path = f"building[{k}]"
        cards = _cards(pile, path)
        if len(cards) >= PILE_COMPLETE:
            raise _fail(path, f"holds {len(cards)} cards: a pile is complete at 12 and leaves the table",
                        "impossible-pile")
        for i, card in enumerate(cards):
            if card not in (i + 1, WILD):
                raise _fail(f"{path}[{i}]", f"card {i + 1} of a building pile must be a {i + 1} or a Skip-Bo "
                            f"card (0), not {card}", "impossible-pile")
        piles.append(cards)
    return piles + [[] for _ in range(BUILDING_SLOTS - len(piles))]


def _stock(value: Any, path: str, rules: Rules) -> tuple[list[int], int]:
    stock = _object(value, path, ("top", "count", "cards"))
    if "cards" in stock:
        if len(stock) > 1:
            raise _fail(path, "gives either cards, or a count (and a top card), not both")
        cards = _cards(stock["cards"], f"{path}.cards")
        given, hidden = cards, 0
    else:
        if "count" not in stock:
            raise _fail(f"{path}.count", "is missing: a stock is {\"top\": card, \"count\": n} or {\"cards\": [...]}")
        count = _int(stock["count"], f"{path}.count", 0, 10_000)
        if "top" in stock:
            if type(stock["top"]) is not int or not 0 <= stock["top"] <= 12:
                raise _fail(f"{path}.top", f"must be a card value (0 = Skip-Bo card, 1-12), not {brief(stock['top'])}",
                            "bad-card")
            if count < 1:
                raise _fail(f"{path}.count", "must be at least 1 when a top card is given")
            given, hidden = [stock["top"]], count - 1
        else:
            given, hidden = [], count
    size = len(given) + hidden
    if size > rules.stock:
        raise _fail(f"{path}.count" if "count" in stock else f"{path}.cards",
                    f"{size} cards, but a stock starts with {rules.stock} under these rules", "stock-size")
    return given, hidden


def _hand(value: Any, path: str, most: int) -> tuple[list[int], int]:
    if isinstance(value, dict):
        count = _int(_object(value, path, ("count",)).get("count"), f"{path}.count", 0, 10_000)
        given, hidden = [], count
    else:
        given, hidden = _cards(value, path), 0
    if len(given) + hidden > most:
        why = "" if most == HAND_SIZE else " (a seat not to move has discarded one card since drawing five)"
        raise _fail(path, f"holds {len(given) + hidden} cards, at most {most}{why}", "hand-size")
    return given, hidden


def _discards(value: Any, path: str) -> list[list[int]]:
    if not isinstance(value, list):
        raise _fail(path, "must be a list of up to 4 discard piles")
    if len(value) > DISCARD_PILES:
        raise _fail(path, f"lists {len(value)} discard piles; a seat has {DISCARD_PILES}", "too-many-piles")
    piles = [_cards(pile, f"{path}[{k}]") for k, pile in enumerate(value)]
    return piles + [[] for _ in range(DISCARD_PILES - len(piles))]


def _read(data: Any) -> _Table:
    """Check the shape and every field of a position; the card counts come later."""
    data = _object(data, "", _TOP_KEYS)
    if data.get("format", FORMAT) != FORMAT:
        raise _fail("format", f"must be {FORMAT!r}, not {brief(data['format'])}")
    if data.get("version", VERSION) != VERSION:
        raise _fail("version", f"must be {VERSION}, not {brief(data['version'])}")
    seats = data.get("seats")
    if not isinstance(seats, list) or not 2 <= len(seats) <= 6:
        raise _fail("seats", "must be a list of 2 to 6 seats", "bad-seat" if isinstance(seats, list) else "malformed")
    rules = _rules(data, len(seats))
    n = rules.players
    current = _int(data.get("current_seat", 0), "current_seat", 0, n - 1, "bad-seat")
    seed = data.get("seed", 0)
    if not (type(seed) is int and abs(seed) < 2 ** 63 or isinstance(seed, str) and len(seed) <= MAX_SEED_TEXT):
        raise _fail("seed", f"must be a whole number or a text of up to {MAX_SEED_TEXT} characters")
    from .game import TURN_LIMIT
    table = _Table(rules, current, _int(data.get("turn", 1), "turn", 1, TURN_LIMIT),
                   _int(data.get("stall_count", 0), "stall_count", 0, n - 1), seed,
                   _building(data.get("building", [])))
    for s, seat in enumerate(seats):
        path = f"seats[{s}]"
        seat = _object(seat, path, _SEAT_KEYS)
        table.stocks.append(_stock(seat.get("stock", {"count": rules.stock}), f"{path}.stock", rules))
        most = HAND_SIZE if s == current else HAND_SIZE - 1
        table.hands.append(_hand(seat.get("hand", {"count": HAND_SIZE if s == current else 0}), f"{path}.hand", most))
        table.discards.append(_discards(seat.get("discards", []), f"{path}.discards"))
    draw = data.get("draw_pile")
    if isinstance(draw, dict):
        table.draw = _cards(_object(draw, "draw_pile", ("cards",)).get("cards"), "draw_pile.cards")
    elif draw is not None:
        table.draw = _int(draw, "draw_pile", 0, 10_000)
    return table


def _placed(table: _Table) -> list[tuple[str, list[int], int]]:
    """Every place of the table in reading order: (path, given cards, hidden count)."""
    out: list[tuple[str, list[int], int]] = [(f"building[{k}]", p, 0) for k, p in enumerate(table.building)]
    for s in range(table.rules.players):
        given, hidden = table.stocks[s]
        out.append((f"seats[{s}].stock" + (".cards" if hidden == 0 and given else ""), given, hidden))
        given, hidden = table.hands[s]
        out.append((f"seats[{s}].hand", given, hidden))
        out += [(f"seats[{s}].discards[{k}]", p, 0) for k, p in enumerate(table.discards[s])]
    if isinstance(table.draw, list):
        out.append(("draw_pile.cards", table.draw, 0))
    return out


def _check_counts(table: _Table) -> tuple[Counter[int], int]:
    """The cards left to deal, and how many of them go to completed piles."""
    rules = table.rules
    left = Counter({WILD: rules.wild_cards, **{n: len(NUMBERS) for n in NUMBERS}})
    total = 0
    for path, given, hidden in _placed(table):
        for i, card in enumerate(given):
            left[card] -= 1
            if left[card] < 0:
                what = (f"a Skip-Bo card more than the {rules.wild_cards} of this deck" if card == WILD
                        else f"a 13th {card}: the deck holds 12 of each number")
                raise _fail(f"{path}.top" if path.endswith(".stock") else f"{path}[{i}]", what, "too-many-cards")
        total += len(given) + hidden
        if total > rules.deck_size:
            raise _fail(path, f"the position places {total} cards by here; the deck has {rules.deck_size}",
                        "too-many-cards")
    rest = rules.deck_size - total
    draw = table.draw if isinstance(table.draw, int) else rest if table.draw is None else 0
    if draw > rest:
        raise _fail("draw_pile", f"{draw} cards, but only {rest} are not placed elsewhere", "draw-size")
    aside = rest - draw
    if aside % PILE_COMPLETE:
        raise _fail("draw_pile", f"leaves {aside} cards, which must be completed piles set aside: a multiple of "
                    f"{PILE_COMPLETE} (the draw pile could hold {rest - aside % PILE_COMPLETE} or {rest})",
                    "draw-size")
    piles = aside // PILE_COMPLETE
    missing = sum(max(0, piles - left[n]) for n in NUMBERS)
    if missing > left[WILD]:
        raise _fail("draw_pile", f"leaves {piles} completed piles set aside, but the cards not placed cannot "
                    "make them (each needs 1 to 12, or Skip-Bo cards in their place)", "draw-size")
    for s in range(rules.players):
        if all(not table.stocks[o][0] and not table.stocks[o][1] for o in rules.team_of(s)):
            both = ", and so is its partner's" if rules.teams else ""
            raise _fail(f"seats[{s}].stock", f"is empty{both}: the game is already won", "game-over")
    current_hand = table.hands[table.current]
    if not current_hand[0] and not current_hand[1] and (draw or aside):
        raise _fail(f"seats[{table.current}].hand", "the seat to move holds no cards while cards can be drawn "
                    "(it would draw five)", "hand-size")
    if table.stall and (draw or aside):
        raise _fail("stall_count", "counts stuck turns, which happen only when nothing can be drawn")
    return left, piles


def game_from_position(data: Any, players: Sequence[dict[str, str]] | None = None) -> Game:
    """The game a position describes, ready for its seat to move. Cards the position
    does not give are dealt by its ``seed`` from the rest of the deck (the completed
    piles set aside first, then the stocks below their tops, the hands, the draw pile).
    ``players`` (names and kinds, as in records) sit at the table; by default ``P1``... .
    Raises ``PositionError`` naming the first problem; nothing is set up then."""
    from .game import Game

    table = _read(data)
    left, piles = _check_counts(table)
    rng = random.Random(table.seed)
    pool = sorted(left.elements())
    rng.shuffle(pool)
    completed: list[int] = []
    for _ in range(piles):
        for number in NUMBERS:
            card = number if number in pool else WILD
            pool.remove(card)
            completed.append(card)
    stocks = [[pool.pop() for _ in range(hidden)] + given for given, hidden in table.stocks]
    hands = [given + [pool.pop() for _ in range(hidden)] for given, hidden in table.hands]
    draw = table.draw if isinstance(table.draw, list) else pool
    try:
        return Game.from_table(table.rules, stocks=stocks, hands=hands, discards=table.discards,
                               building=table.building, draw=draw, completed=completed,
                               current_seat=table.current, turn=table.turn, stall_count=table.stall,
                               shuffle_key=rng.getrandbits(64), players=players)
    except ValueError as exc:  # the checks above make this unreachable; kept as a last guard
        raise _fail("", str(exc)) from exc


def position_of(game: Game, *, full: bool = False, seed: int | str = 0) -> dict[str, Any]:
    """The current table of ``game`` as a position (JSON-able, every field written).

    Stocks are written as top card and count, the draw pile as a count, so the hidden
    cards are dealt again by ``seed``; ``full=True`` writes every stock card and the
    draw pile's cards too, so the game set up from it draws the same cards.
    ``game_from_position(position_of(game))`` shows every seat the same table."""
    if game.is_over:
        raise PositionError("", "the game is over: there is no table to set up", "game-over")
    n = game.rules.players
    view = game.view(game.current_seat)
    seats = []
    for s in range(n):
        stock = game.stock(s)
        if full or not stock:
            if None in stock:
                raise PositionError(f"seats[{s}].stock", "holds cards a sampled world has not dealt", "malformed")
            written: dict[str, Any] = {"cards": list(stock)}
        else:
            written = {"top": stock[-1], "count": len(stock)}
        seats.append({"stock": written, "hand": list(game.view(s).hand),
                      "discards": [list(p) for p in view.discards[s]]})
    draw: Any = len(game.draw_pile)
    if full:
        if None in game.draw_pile:
            raise PositionError("draw_pile", "holds cards a sampled world has not dealt", "malformed")
        draw = {"cards": list(game.draw_pile)}
    return {"format": FORMAT, "version": VERSION, "rules": game.rules.to_dict(), "seats": seats,
            "building": [list(p) for p in view.building], "draw_pile": draw, "current_seat": game.current_seat,
            "turn": game.turn, "stall_count": game.stall_count, "seed": seed}


def to_compact(position: Any) -> str:
    """A short URL-safe text for ``position`` (for ``?pos=``): ``p1.`` and the position's
    JSON, deflated and base64url-encoded. The position is checked first (``PositionError``),
    and one whose compact form is longer than ``MAX_COMPACT`` is refused."""
    game_from_position(position)
    raw = json.dumps(position, separators=(",", ":"), sort_keys=True).encode()
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    text = COMPACT_PREFIX + base64.urlsafe_b64encode(packer.compress(raw) + packer.flush()).decode().rstrip("=")
    if len(text) > MAX_COMPACT:
        raise PositionError("", f"the compact form has {len(text)} characters, at most {MAX_COMPACT}", "bad-compact")
    return text


def parse_compact(text: Any) -> dict[str, Any]:
    """The position of a compact form, checked; ``PositionError`` (code ``bad-compact``
    for text that is not a compact form) when it is not one."""
    if not isinstance(text, str) or not text.startswith(COMPACT_PREFIX):
        raise PositionError("", f"a compact position starts with {COMPACT_PREFIX!r}", "bad-compact")
    if len(text) > MAX_COMPACT:
        raise PositionError("", f"a compact position has at most {MAX_COMPACT} characters, not {len(text)}",
                            "bad-compact")
    body = text[len(COMPACT_PREFIX):]
    try:
        packed = base64.urlsafe_b64decode(body + "=" * (-len(body) % 4))
        if base64.urlsafe_b64encode(packed).decode().rstrip("=") != body:
            raise ValueError("not base64url")
        unpacker = zlib.decompressobj(-15)
        raw = unpacker.decompress(packed, MAX_JSON)
        if unpacker.unconsumed_tail or not unpacker.eof:
            raise ValueError("too long or cut short")
        data = read_json(raw, "compact position", max_chars=MAX_JSON)
    except JSONInputError as exc:
        raise PositionError("", str(exc), "bad-compact") from None
    except (ValueError, binascii.Error, zlib.error) as exc:
        raise PositionError("", f"not a compact position ({exc})", "bad-compact") from None
    game_from_position(data)
    return data


def read_position(text: str | bytes, source: str = "position") -> dict[str, Any]:
    """The position in JSON ``text``, checked (as ``game_from_position`` checks it) and
    read by the bounded reader: at most ``MAX_JSON`` characters, nested at most
    ``jsonread.MAX_DEPTH`` deep. ``PositionError`` otherwise (code ``bad-json`` when
    the text is not readable JSON; the message names ``source``)."""
    try:
        data = read_json(text, source, max_chars=MAX_JSON)
    except JSONInputError as exc:
        raise PositionError("", str(exc), "bad-json") from None
    try:
        game_from_position(data)
    except PositionError as exc:
        exc.args = (f"{source}: {exc}",)
        raise
    return data

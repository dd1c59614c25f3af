"""The position editor's table as a value (``Editor``): the piles as the teacher builds
them, the card picked from the palette, and the changes a tap makes (place the card on a
pile, take a pile's top, clear it, another player count or seat to move).

No rules live here: ``judge`` asks the engine (``skipbo_core.game_from_position``) about
the position the editor writes, and ``pile_of`` names the pile of the engine's ``path``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from html import escape
from typing import Any
from urllib.parse import urlencode

from skipbo_core import Game, PositionError, Rules, game_from_position, position_of, to_compact
from skipbo_core.ai import LEVELS
from skipbo_core.cards import BUILDING_SLOTS, DISCARD_PILES

from .settings import DEFAULT_LEVEL, clean_name

Pile = tuple[int, ...]  # cards bottom to top (0 = Skip-Bo card)
PALETTE = (*range(1, 13), 0)  # what the palette offers: 1-12 and the Skip-Bo card
MAX_DRAW = 168  # the most cards a draw pile can be set to (the bigger deck)
# the smallest frame (width, height) that keeps a table of n players easy to read: docs/EMBEDDING.md "Sizes"
FRAME_SIZES = {2: (360, 480), 3: (360, 640), 4: (480, 640), 5: (640, 720), 6: (640, 720)}
SANDBOX = "allow-scripts allow-same-origin allow-popups allow-popups-to-escape-sandbox"  # docs/EMBEDDING.md


@dataclass(frozen=True)
class SeatSetup:
    """One seat: its stock (``count`` cards, ``top`` face up; None: dealt), hand (sorted,
    as the engine holds it) and discard piles."""

    count: int
    top: int | None
    hand: Pile = ()
    discards: tuple[Pile, ...] = ((),) * DISCARD_PILES


@dataclass(frozen=True)
class Editor:
    """The table being built. ``draw``: the draw pile's size (None: every card not placed);
    ``card``: the palette's card picked (None: none)."""

    seats: tuple[SeatSetup, ...]
    building: tuple[Pile, ...] = ((),) * BUILDING_SLOTS
    current: int = 0
    draw: int | None = None
    stock_size: int | None = None
    wild_cards: int = 18
    teams: bool = False
    names: tuple[str, ...] = ()  # the players' names, seat by seat ("" or none: the default name)
    level: str = DEFAULT_LEVEL   # the computer's level at the seats not to move, for Play from here and the link
    card: int | None = None

    @property
    def players(self) -> int:
        return len(self.seats)

    # -- from and to positions ---------------------------------------------------------------

    @classmethod
    def from_position(cls, data: dict[str, Any]) -> Editor:
        """The editor at ``data``'s table (checked by the engine first: ``PositionError``).
        Cards the position leaves hidden (a hand's count) are dealt as the game would."""
        game = game_from_position(data)
        draw = data.get("draw_pile")
        return cls.from_game(game, draw if type(draw) is int else None, data.get("seats", []))

    @classmethod
    def from_game(cls, game: Game, draw: int | None = None, seats: Any = ()) -> Editor:
        """The editor at ``game``'s table (``draw``: its draw pile's count, None: the rest;
        ``seats``: the position's seats, whose stocks without a top keep none)."""
        data = position_of(game)
        rules = game.rules
        out = []
        for s, seat in enumerate(data["seats"]):
            stock = seat["stock"]
            given = seats[s].get("stock", {}) if s < len(seats) and isinstance(seats[s], dict) else {}
            count = stock["count"] if "count" in stock else len(stock["cards"])
            top = None if count == 0 or (isinstance(given, dict) and "count" in given and "top" not in given) \
                else stock.get("top", stock.get("cards", [None])[-1])
            out.append(SeatSetup(count, top, tuple(seat["hand"]), tuple(tuple(p) for p in seat["discards"])))
        return cls(tuple(out), tuple(tuple(p) for p in data["building"]), game.current_seat, draw,
                   rules.stock_size, rules.wild_cards, rules.teams is not None)

    @classmethod
    def dealt(cls, players: int = 2, seed: int = 0) -> Editor:
        """A fresh deal's table (the editor's start when no game is at hand)."""
        return cls.from_game(Game.new(Rules(players=players), seed=seed))

    def position(self) -> dict[str, Any]:
        """The position this table is (format ``skipbo-position``)."""
        seats = []
        for seat in self.seats:
            stock: dict[str, Any] = ({"count": seat.count} if seat.top is None or seat.count == 0
                                     else {"top": seat.top, "count": seat.count})
            seats.append({"stock": stock, "hand": list(seat.hand), "discards": [list(p) for p in seat.discards]})
        rules = {"stock_size": self.stock_size, "wild_cards": self.wild_cards,
                 "teams": True if self.teams else None}
        out = {"format": "skipbo-position", "version": 1, "rules": rules, "seats": seats,
               "building": [list(p) for p in self.building], "current_seat": self.current}
        if self.draw is not None:
            out["draw_pile"] = self.draw
        return out

    # -- the changes a tap makes ---------------------------------------------------------------

    def pick(self, card: int) -> Editor:
        """Pick ``card`` from the palette (picked again: put back)."""
        return replace(self, card=None if self.card == card else card)

    def place(self, pile: str) -> Editor:
        """The picked card on ``pile`` (a stock's new top; on top of any other pile)."""
        if self.card is None:
            return self
        return self._change(pile, lambda cards: (*cards, self.card),
                            lambda seat: replace(seat, top=self.card, count=max(seat.count, 1)))

    def pop(self, pile: str) -> Editor:
        """``pile`` without its top card (a stock's top is dealt again)."""
        return self._change(pile, lambda cards: cards[:-1], lambda seat: replace(seat, top=None))

    def clear(self, pile: str) -> Editor:
        """``pile`` emptied (a stock: no cards at all)."""
        return self._change(pile, lambda cards: (), lambda seat: replace(seat, top=None, count=0))

    def stock_count(self, seat: int, delta: int) -> Editor:
        """Seat ``seat``'s stock ``delta`` cards bigger (at least 0, at most the rules' stock)."""
        most = self.rules().stock
        seats = list(self.seats)
        count = max(0, min(most, seats[seat].count + delta))
        seats[seat] = replace(seats[seat], count=count, top=seats[seat].top if count else None)
        return replace(self, seats=tuple(seats))

    def draw_count(self, delta: int | None, shown: int) -> Editor:
        """The draw pile ``delta`` cards bigger than the ``shown`` size (None: every card
        not placed)."""
        return replace(self, draw=None if delta is None else max(0, min(MAX_DRAW, shown + delta)))

    def with_players(self, players: int) -> Editor:
        """``players`` seats: new seats come with the default stock, and no teams."""
        stock = Rules(players=players).stock
        seats = tuple(replace(s, count=min(s.count, stock)) for s in self.seats[:players])
        seats += tuple(SeatSetup(stock, None) for _ in range(players - len(seats)))
        names = self.names[:players] if any(self.names[:players]) else ()
        return replace(self, seats=seats, stock_size=None, teams=False, current=min(self.current, players - 1),
                       names=names)

    def with_teams(self, on: bool) -> Editor:
        """Partners sitting opposite (``on``), where the engine allows teams (4 or 6 players)."""
        return replace(self, teams=on and Rules.allows_teams(self.players))

    def with_deck(self, size: int) -> Editor:
        """The deck of ``size`` cards (162, or 168 with 24 Skip-Bo cards); another size: unchanged."""
        wild = Rules.wild_cards_for_deck(size)
        return self if wild is None else replace(self, wild_cards=wild)

    def named(self, seat: int, name: str) -> Editor:
        """Seat ``seat`` called ``name`` (cleaned as every name; no commas, which part the
        names in a link)."""
        if not 0 <= seat < self.players:
            return self
        names = [*self.names, *[""] * (self.players - len(self.names))][:self.players]
        names[seat] = clean_name(name.replace(",", " "))
        return replace(self, names=tuple(names) if any(names) else ())

    def at_level(self, level: str) -> Editor:
        """The computer plays at ``level`` (``skipbo_core.ai.LEVELS``; another: unchanged)."""
        return replace(self, level=level) if level in LEVELS else self

    def to_move(self, seat: int) -> Editor:
        return replace(self, current=seat) if 0 <= seat < self.players else self

    def rules(self) -> Rules:
        return Rules(players=self.players, stock_size=self.stock_size, wild_cards=self.wild_cards,
                     teams=self.teams or None)

    def _change(self, pile: str, cards: Any, stock: Any) -> Editor:
        where = parse_pile(pile, self.players)
        if where is None:
            return self
        seat, kind, k = where
        if kind == "B":
            building = list(self.building)
            building[k] = cards(building[k])
            return replace(self, building=tuple(building))
        seats = list(self.seats)
        one = seats[seat]
        if kind == "S":
            one = stock(one)
        elif kind == "H":  # a hand is a set of cards: kept in the engine's order (sorted)
            one = replace(one, hand=tuple(sorted(cards(one.hand))))
        else:
            discards = list(one.discards)
            discards[k] = cards(discards[k])
            one = replace(one, discards=tuple(discards))
        seats[seat] = one
        return replace(self, seats=tuple(seats))


_PILE = re.compile(r"(?:([0-5]):(S|H|D([1-4]))|B([1-4]))")


def parse_pile(key: str | None, players: int) -> tuple[int, str, int] | None:
    """A pile's key (``0:S``, ``1:H``, ``2:D3``, ``B1``) as (seat, kind, index); None when
    there is no such pile."""
    match = _PILE.fullmatch(key or "")
    if match is None:
        return None
    if match.group(4):
        return -1, "B", int(match.group(4)) - 1
    seat = int(match.group(1))
    if seat >= players:
        return None
    kind = match.group(2)[0]
    return seat, kind, int(match.group(3)) - 1 if kind == "D" else 0


_PATH = re.compile(r"(?:building\[(\d)\]|seats\[(\d)\]\.(stock|hand|discards\[(\d)\]))")


def pile_of(path: str) -> str:
    """The key of the pile an engine's ``PositionError.path`` names (``draw`` for the draw
    pile, ``table`` for the table as a whole)."""
    if path.startswith("draw_pile"):
        return "draw"
    match = _PATH.match(path)
    if match is None:
        return "table"
    if match.group(1) is not None:
        return f"B{int(match.group(1)) + 1}"
    seat, part = match.group(2), match.group(3)
    return f"{seat}:S" if part == "stock" else f"{seat}:H" if part == "hand" else f"{seat}:D{int(match.group(4)) + 1}"


@dataclass(frozen=True)
class Verdict:
    """What the engine says of the editor's table: its game, or its problem (``code``
    and the ``pile`` it names)."""

    game: Game | None
    code: str = ""
    pile: str = ""
    english: str = ""


def judge(editor: Editor) -> Verdict:
    """The engine's verdict on ``editor``'s table."""
    try:
        return Verdict(game_from_position(editor.position()))
    except PositionError as err:
        return Verdict(None, err.code, pile_of(err.path), str(err))


def link(base: str, editor: Editor, lang: str, edit: bool = False) -> str | None:
    """The address of ``editor``'s table (``?pos=``; ``edit``: opened in the editor); None
    when the engine refuses it or it is too long for an address."""
    try:
        compact = to_compact(editor.position())
    except PositionError:
        return None
    names = {"names": ",".join(editor.names)} if any(editor.names) else {}
    level = {"ai": editor.level} if editor.level != DEFAULT_LEVEL else {}
    query = {**({"edit": "1"} if edit else {}), "pos": compact, **names, **level, "lang": lang}
    return f"{base}?{urlencode(query)}"


def embed_code(base: str, editor: Editor, lang: str, title: str) -> str | None:
    """The ``<iframe>`` that shows ``editor``'s table in another page (``embed=1``), as big
    as the smallest frame for its players; None when there is no link for it."""
    url = link(base, editor, lang)
    if url is None:
        return None
    width, height = FRAME_SIZES[editor.players]
    src = url.replace("?", "?embed=1&", 1)
    return (f'<iframe src="{escape(src)}" title="{escape(title)}" width="{width}" height="{height}" '
            f'style="border: 0; max-width: 100%" loading="lazy" sandbox="{SANDBOX}"></iframe>')

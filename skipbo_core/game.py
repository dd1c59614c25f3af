"""The game state and the rules of play (docs/RULES.md, "A turn" to "Teams")."""

from __future__ import annotations

import hashlib
import random
from collections.abc import Sequence
from typing import Any

from . import record
from .cards import BUILDING_SLOTS, DISCARD_PILES, HAND_SIZE, NUMBERS, PILE_COMPLETE, WILD, is_full_deck, new_deck
from .errors import IllegalMove, InvalidMove, Refusal, ReshuffleError, UndoError
from .history import LogEntry
from .jsonread import brief
from .moves import ALL_MOVES as _ALL
from .moves import (
    BUILD,
    DISCARD,
    END,
    END_MOVE,
    HAND,
    PARTNER_DISCARD,
    PARTNER_STOCK,
    SOURCE_TEXTS,
    STOCK,
    TARGET_TEXTS,
    TO_DISCARD,
    Move,
)
from .moves import move as _move
from .result import Result
from .rules import Rules
from .view import SeatView

TURN_LIMIT = 3000
"""Last guard against endless games: after this many turns the game ends with
reason ``turn-limit``, no winner and no points. The stall rule ends stuck games
long before; only games that keep recycling cards without progress reach it."""

_HAND_VALUES = (*NUMBERS, WILD)


def _by_mask(kind: int, arg: int) -> tuple[tuple[Move, ...], ...]:
    """For each set of building slots (a 4-bit mask), the building moves of one
    source onto those slots, in slot order."""
    return tuple(tuple(_move(kind, arg, BUILD, k) for k in range(BUILDING_SLOTS) if mask >> k & 1)
                 for mask in range(1 << BUILDING_SLOTS))


# Building moves per source, indexed by the slot mask of the card it shows.
_B_STOCK = _by_mask(STOCK, 0)
_B_PSTOCK = _by_mask(PARTNER_STOCK, 0)
_B_HAND = tuple(_by_mask(HAND, v) for v in range(len(NUMBERS) + 1))  # indexed by card value
_B_DISCARD = tuple(_by_mask(DISCARD, d) for d in range(DISCARD_PILES))
_B_PDISCARD = tuple(_by_mask(PARTNER_DISCARD, d) for d in range(DISCARD_PILES))
_TO_DISCARD = {v: tuple(_move(HAND, v, TO_DISCARD, k) for k in range(DISCARD_PILES)) for v in _HAND_VALUES}


class Game:
    """One game of Skip-Bo. Create it with ``Game.new`` or ``Game.from_record``.

    The game owns its random source; the same seed always deals the same game.
    """

    # Everything a seat may see is kept in immutable tuples (hands sorted, Skip-Bo
    # cards first; discard and building piles bottom to top) that a move replaces
    # rather than changes, so views and copies share them instead of copying.
    # Only the hidden piles (stocks, draw pile, completed cards) are lists.

    # -- creation ---------------------------------------------------------------------------

    def __init__(self, rules: Rules, deck: Sequence[int], first: int = 0,
                 players: Sequence[dict[str, str]] | None = None,
                 rng: random.Random | None = None,
                 reshuffles: Sequence[Sequence[int]] | None = None) -> None:
        """Deal ``deck`` (``deck[0]`` dealt first). Prefer ``Game.new``/``Game.from_record``.
        ``ValueError`` when ``first``, ``players`` (``n`` objects with a text ``name`` and
        ``kind``) or ``deck`` do not fit ``rules``."""
        n = rules.players
        if not isinstance(first, int) or isinstance(first, bool) or not 0 <= first < n:
            raise ValueError(f"first must be a seat from 0 to {n - 1}, not {brief(first)}")
        self.rules = rules
        self.first = first
        self.players = _players(players, n)
        self._deck: tuple[int, ...] | None = tuple(deck)
        if not is_full_deck(list(self._deck), rules.wild_cards):
            raise ValueError(f"deck is not the {rules.deck_size}-card Skip-Bo deck")
        # Each reshuffle k is shuffled by Random(key + k): a copy needs no random state
        # of its own. Without an explicit rng the key comes from the deck, so a game
        # resumed from its record reshuffles exactly as it would have without a reload.
        self._shuffle_key = (rng.getrandbits(64) if rng is not None else
                             int.from_bytes(hashlib.sha256(bytes(self._deck)).digest()[:8], "big"))
        stock = rules.stock
        self._stocks: list[list[int]] = [[] for _ in range(n)]
        for i in range(stock * n):
            self._stocks[i % n].append(self._deck[i])
        self._draw: list[int] = list(self._deck[stock * n:][::-1])  # pop() gives the next card
        self._hands: list[tuple[int, ...]] = [()] * n
        self._discards: tuple[tuple[tuple[int, ...], ...], ...] = (((),) * 4,) * n
        self._building: tuple[tuple[int, ...], ...] = ((),) * 4
        self._completed: list[int] = []
        self._reshuffles: list[list[int]] = []
        self._supply: list[list[int]] | None = [list(r) for r in reshuffles] if reshuffles is not None else None
        # A world sampled from a view (from_view) deals a hidden card when it shows: its
        # piles hold place numbers (negative) that _undealt, shared by its copies, turns
        # into cards.
        self._undealt: _Hidden | None = None
        self._moves: list[Move] = []
        # One entry per move, for pop() and log(): (seat, turn, card, revealed, completed
        # pile or None, drew) for building moves, (seat, turn, stall count before, drew)
        # for turn ends; drew = what a draw after the move needs to be taken back.
        self._undo: list[tuple] = []
        self._stall = 0
        self._result: Result | None = None
        self.current_seat = first
        self.turn = 1
        self._derive()
        self._draw_to_five(first)

    def _derive(self) -> None:
        """Recompute what is kept alongside the state: partners, the slot mask of
        each card value, stock sizes and tops. Call after setting the state by hand."""
        self._mates = _mates(self.rules)
        self._needs = _needs_code(self._building)
        self._masks = _masks_for(self._needs)
        self._stock_view = _stock_view(self._stocks)

    @classmethod
    def new(cls, rules: Rules | None = None, seed: Any = None, first: int = 0,
            players: Sequence[dict[str, str]] | None = None) -> Game:
        """A freshly shuffled game. The same ``seed`` always gives the same game.
        ``seed`` is ``None`` (a fresh shuffle), a whole number or a text; other values,
        and ``rules`` that are not ``Rules``, raise ``ValueError``."""
        rules = rules if rules is not None else Rules()
        if not isinstance(rules, Rules):
            raise ValueError(f"rules must be Rules, not {brief(rules)}")
        if seed is not None and not isinstance(seed, (int, str, bytes, float)):
            raise ValueError(f"seed must be a whole number or a text, not {brief(seed)}")
        rng = random.Random(seed)
        deck = new_deck(rules.wild_cards)
        rng.shuffle(deck)
        return cls(rules, deck, first=first, players=players)

    @classmethod
    def from_record(cls, data: Any) -> Game:
        """Replay a game record (docs/RULES.md); raises ``RecordError`` naming the first problem."""
        return record.replay(cls, data)

    @classmethod
    def from_record_text(cls, text: str | bytes, source: str = "record") -> Game:
        """Replay a game record given as JSON text, read with the engine's bounded JSON
        reader; raises ``RecordError`` naming ``source`` and the first problem."""
        return record.read(cls, text, source)

    def to_record(self) -> dict[str, Any]:
        """The JSON-able game record of docs/RULES.md; ``result`` only once the game is over."""
        return record.write(self)

    @property
    def deck(self) -> tuple[int, ...] | None:
        """The deck as dealt (``deck[0]`` first); ``None`` for a sampled world (``from_view``)."""
        return self._deck

    @property
    def reshuffles(self) -> tuple[tuple[int, ...], ...]:
        """Each new draw pile made from completed piles so far, first card drawn first."""
        return tuple(map(tuple, self._reshuffles))

    def release_reshuffles(self) -> int:
        """Stop taking reshuffles from the list given when the game was made (replaying a
        record): from now on the game shuffles itself. Returns how many were never needed."""
        unused = len(self._supply) if self._supply is not None else 0
        self._supply = None
        return unused

    @classmethod
    def from_view(cls, view: SeatView, rng: random.Random) -> Game:
        """A world for search (determinization): a game that matches ``view`` in all its
        seat can see, with the hidden cards (the other hands, the stock cards below the
        tops, the draw pile, the completed piles) dealt at random by ``rng`` from the
        cards the seat has not seen. Built from the view alone, so nothing hidden from
        the seat can leak into it. It has no deck and no record; its moves start here.

        The other hands are dealt at once; every other hidden card is dealt when it is
        first shown (a stock card turned up, a card drawn), which is the same as dealing
        all of them now (any order of the unseen cards is as likely) and much cheaper.
        Copies of the world deal the same cards, so plans compared in copies of one
        world meet the same hidden cards.
        """
        pool: list[int] = []
        for card, count in enumerate(view.unseen_counts()):
            pool += [card] * count
        n = view.rules.players
        seat = view.seat
        sizes, tops = view.stock_sizes, view.stock_tops
        hand_sizes = view.hand_sizes
        wanted = (sum(sizes) - len(sizes) + tops.count(None) + sum(hand_sizes) - len(view.hand)
                  + view.draw_size + view.completed_size)
        if wanted != len(pool):
            raise ValueError(f"inconsistent view: {len(pool)} unseen cards for {wanted} hidden places")
        r = rng.random
        hands = []
        for s, size in enumerate(hand_sizes):
            if s == seat or not size:
                hands.append(view.hand if s == seat else ())
                continue
            got = []
            for _ in range(size):  # a card picked at random from those left
                i = int(r() * len(pool))
                got.append(pool[i])
                pool[i] = pool[-1]
                pool.pop()
            got.sort()
            hands.append(tuple(got))
        # The other hidden places get numbers in the order they are likely to show (the
        # card below each stock top, the draw pile from the top, the deeper stock cards,
        # the completed piles); a pile holds -1 - number until its card is dealt.
        below = [s for s, size in enumerate(sizes) if size > 1]  # seats with a card below the top
        first_draw, draw = len(below), view.draw_size
        at = first_draw + draw  # the deeper stock cards' numbers start here
        stocks: list[list[int]] = [[top] if top is not None else [] for top in tops]
        for k, s in enumerate(below):
            deeper = sizes[s] - 2
            stocks[s][:0] = [*range(-at - deeper, -at), -1 - k]
            at += deeper
        rules = view.rules
        g = _new(cls)
        g.__dict__ = {
            "rules": rules, "first": view.current_seat,
            "players": [{"name": f"P{i + 1}", "kind": "sampled"} for i in range(n)],
            "_deck": None, "_shuffle_key": rng.getrandbits(64), "_stocks": stocks,
            "_draw": list(range(-first_draw - draw, -first_draw)), "_hands": hands, "_discards": view.discards,
            "_building": view.building, "_completed": list(range(-at - view.completed_size, -at)),
            "_reshuffles": [], "_supply": None, "_undealt": _Hidden(pool, rng.getrandbits(64)),
            "_moves": [], "_undo": [], "_stall": view.stall_count, "_result": view.result,
            "current_seat": view.current_seat, "turn": view.turn,
            "_mates": _mates(rules), "_stock_view": (sizes, tops)}
        g._needs = code = _needs_code(view.building)
        g._masks = _MASKS_BY_CODE[code] or _masks_for(code)
        return g

    @classmethod
    def from_table(cls, rules: Rules, *, stocks: Sequence[Sequence[int]], hands: Sequence[Sequence[int]],
                   discards: Sequence[Sequence[Sequence[int]]], building: Sequence[Sequence[int]],
                   draw: Sequence[int], completed: Sequence[int], current_seat: int, turn: int = 1,
                   stall_count: int = 0, shuffle_key: int = 0,
                   players: Sequence[dict[str, str]] | None = None) -> Game:
        """A game set up directly at a table, every card placed (``skipbo_core.position``
        builds one from a position and gives the friendly errors; this checks only what
        would break the engine).

        ``stocks`` are bottom to top, ``discards[seat][pile]`` and the four ``building``
        piles bottom to top (a building pile holds 0 to 11 cards that fit), ``draw``
        first card drawn first, ``completed`` the cards set aside for the next reshuffle.
        Together they must be exactly the deck. ``current_seat`` moves next and holds its
        hand as given (no draw). The game has no deck and so no record; its moves start
        here, and its reshuffles are shuffled by ``shuffle_key``.
        """
        n = rules.players
        if not (len(stocks) == len(hands) == len(discards) == n and len(building) == BUILDING_SLOTS
                and all(len(d) == DISCARD_PILES for d in discards)):
            raise ValueError(f"a table needs {n} stocks, hands and sets of {DISCARD_PILES} discard piles "
                             f"and {BUILDING_SLOTS} building piles")
        if type(current_seat) is not int or not 0 <= current_seat < n:
            raise ValueError(f"current_seat must be a seat from 0 to {n - 1}, not {brief(current_seat)}")
        if any(len(h) > HAND_SIZE for h in hands):
            raise ValueError(f"a hand holds at most {HAND_SIZE} cards")
        for pile in building:
            if len(pile) >= PILE_COMPLETE or any(c not in (i + 1, WILD) for i, c in enumerate(pile)):
                raise ValueError(f"building pile {list(pile)} is not 1 to 11 cards built up from 1")
        everything = [c for group in (*stocks, *hands, *(p for d in discards for p in d), *building, draw, completed)
                      for c in group]
        if not is_full_deck(everything, rules.wild_cards):
            raise ValueError(f"the cards on the table are not the {rules.deck_size}-card Skip-Bo deck")
        if any(all(not stocks[o] for o in rules.team_of(s)) for s in range(n)):
            raise ValueError("a stock (in teams: both partners' stocks) is empty: the game is over")
        g = _new(cls)
        g.__dict__ = {
            "rules": rules, "first": current_seat,
            "players": _players(players, n),
            "_deck": None, "_shuffle_key": shuffle_key, "_stocks": [list(s) for s in stocks],
            "_draw": list(draw)[::-1], "_hands": [tuple(sorted(h)) for h in hands],
            "_discards": tuple(tuple(tuple(p) for p in d) for d in discards),
            "_building": tuple(tuple(p) for p in building), "_completed": list(completed),
            "_reshuffles": [], "_supply": None, "_undealt": None, "_moves": [], "_undo": [],
            "_stall": stall_count, "_result": None, "current_seat": current_seat, "turn": turn}
        g._derive()
        return g

    def resample(self, seat: int, rng: random.Random) -> Game:
        """``Game.from_view(self.view(seat), rng)``: a world as ``seat`` might imagine it."""
        return type(self).from_view(self.view(seat), rng)

    def copy(self) -> Game:
        """An independent copy (for search). It reshuffles exactly as the original would."""
        d = self.__dict__
        state = d.copy()  # tuples (hands' cards, piles, views' parts) are shared
        state["_stocks"] = list(map(list.copy, d["_stocks"]))
        state["_hands"] = d["_hands"][:]
        state["_draw"] = d["_draw"][:]
        state["_completed"] = d["_completed"][:]
        state["_reshuffles"] = d["_reshuffles"][:]  # a reshuffle list never changes once made
        if d["_supply"] is not None:
            state["_supply"] = d["_supply"][:]
        state["players"] = list(map(dict, d["players"]))
        state["_moves"] = d["_moves"][:]
        state["_undo"] = d["_undo"][:]
        g = _new(Game)
        g.__dict__ = state
        return g

    # -- reading the position ---------------------------------------------------------------

    @property
    def is_over(self) -> bool:
        return self._result is not None

    @property
    def result(self) -> Result | None:
        """``None`` while the game runs, else winner, reason and scores."""
        return self._result

    @property
    def moves(self) -> list[Move]:
        """The moves played so far."""
        return list(self._moves)

    @property
    def stall_count(self) -> int:
        """Turns in a row that ended stuck with nothing to draw (the stall rule)."""
        return self._stall

    # The whole table, hidden cards included: for referees, tests and tools. A seat's
    # player (human or AI) sees only ``view(seat)``.

    def stock(self, seat: int) -> tuple[int | None, ...]:
        """Every card of ``seat``'s stock, bottom to top (only the top is face up).
        ``None`` is a card a sampled world (``from_view``) has not dealt yet.
        Raises ``ValueError`` for a seat that is not at the table."""
        return _shown(self._stocks[self._seat(seat)])

    @property
    def draw_pile(self) -> tuple[int | None, ...]:
        """The draw pile, the next card to be drawn first (face down; ``None``: not dealt yet)."""
        return _shown(self._draw[::-1])

    @property
    def completed_cards(self) -> tuple[int | None, ...]:
        """The cards of completed building piles waiting to be reshuffled, in the order
        set aside (``None``: not dealt yet)."""
        return _shown(self._completed)

    @property
    def undealt_cards(self) -> tuple[int, ...]:
        """The cards a sampled world has not dealt yet (sorted); ``()`` for a dealt game."""
        hidden = self._undealt
        if hidden is None:
            return ()
        places = [c for pile in (*self._stocks, self._draw, self._completed) for c in pile if c < 0]
        return tuple(sorted(hidden.card(-1 - c) for c in places))

    def next_needed(self) -> list[int]:
        """The number each building pile needs next (1 for an empty slot)."""
        return [len(p) + 1 for p in self._building]

    def view(self, seat: int) -> SeatView:
        """All that ``seat`` may see, and nothing more.

        The game keeps everything a seat may see in immutable tuples, so the view
        shares them instead of copying."""
        hands = self._hands
        if type(seat) is not int or not 0 <= seat < len(hands):  # inline, not _seat: a hot path
            raise ValueError(f"seat must be from 0 to {len(hands) - 1}, not {brief(seat)}")
        stock_sizes, stock_tops = self._stock_view
        view = _new(SeatView)
        _set(view, "__dict__", {  # a frozen dataclass: fill its fields without __setattr__
            "rules": self.rules, "seat": seat, "current_seat": self.current_seat, "turn": self.turn,
            "hand": hands[seat], "hand_sizes": tuple(map(len, hands)), "stock_sizes": stock_sizes,
            "stock_tops": stock_tops, "discards": self._discards, "building": self._building,
            "draw_size": len(self._draw), "completed_size": len(self._completed),
            "stall_count": self._stall, "result": self._result})
        return view

    def _seat(self, seat: Any) -> int:
        """``seat`` when it is a seat at the table, else ``ValueError``."""
        if type(seat) is not int or not 0 <= seat < len(self._hands):
            raise ValueError(f"seat must be from 0 to {len(self._hands) - 1}, not {brief(seat)}")
        return seat

    def legal_moves(self, source: str | None = None, target: str | None = None) -> list[Move]:
        """Every legal move for the seat to move, in a stable order: building moves
        (stock, hand 1-12 and Skip-Bo, discards 1-4, partner's stock and discards,
        each onto slots 1-4), then discards of hand cards, then ``end``.

        ``source`` keeps only the moves from one source of the notation (``"S"``,
        ``"H5"``, ``"HSB"``, ``"D2"``, ``"PS"``, ``"PD1"``; ``"H"`` is any hand card),
        ``target`` only those onto one pile (``"B1"``-``"B4"``, ``"D1"``-``"D4"``).
        Raises ``InvalidMove`` for any other ``source`` or ``target`` (of any type).
        """
        if source is not None or target is not None:
            return _filtered(self.legal_moves(), source, target)
        if self._result is not None:
            return []
        s = self.current_seat
        masks = self._masks  # card value -> the building slots it fits, as a bit mask
        out: list[Move] = []
        stock = self._stocks[s]
        if stock:
            mask = masks[stock[-1]]
            if mask:
                out += _B_STOCK[mask]
        hand = self._hands[s]
        info = _HAND_INFO.get(hand)
        if info is None:
            info = _hand_info(hand)
        values, discard_moves = info
        for v in values:
            mask = masks[v]
            if mask:
                out += _B_HAND[v][mask]
        for pile, moves in zip(self._discards[s], _B_DISCARD):
            if pile:
                mask = masks[pile[-1]]
                if mask:
                    out += moves[mask]
        mate = self._mates[s]
        if mate is not None:
            stock = self._stocks[mate]
            if stock:
                mask = masks[stock[-1]]
                if mask:
                    out += _B_PSTOCK[mask]
            for pile, moves in zip(self._discards[mate], _B_PDISCARD):
                if pile:
                    mask = masks[pile[-1]]
                    if mask:
                        out += moves[mask]
        if values:
            out += discard_moves
        else:
            out.append(END_MOVE)
        return out

    def is_legal(self, move: Move | str) -> bool:
        """Whether ``move`` (a ``Move`` or its notation) may be played now; ``play``
        would raise ``IllegalMove`` saying why not. Raises ``InvalidMove`` for bad notation."""
        m = move if move.__class__ is Move and move._text is not None else _valid_move(move)
        return bool(self._allows(m))

    def explain_illegal(self, move: Move | str) -> Refusal | None:
        """Why ``move`` may not be played now (the ``code`` and ``details`` that ``play``
        would raise in ``IllegalMove``), or ``None`` when it is legal. The game is not
        changed. Raises ``InvalidMove`` for bad notation."""
        m = move if move.__class__ is Move and move._text is not None else _valid_move(move)
        return None if self._allows(m) else self._refusal(m)

    def card_of(self, move: Move | str) -> int | None:
        """The card ``move`` would take for the seat to move (``0`` = Skip-Bo card):
        the hand card, or the top of the stock or discard pile; ``None`` for ``end``
        and for an empty or missing pile (a move that is not legal)."""
        m = move if move.__class__ is Move and move._text is not None else _valid_move(move)
        if m.source == END:
            return None
        return self._source_card(self.current_seat, m)

    def log(self, start: int = 0) -> list[LogEntry]:
        """The moves played so far as ``LogEntry``s (index, turn, seat, move, card,
        revealed), from move ``start`` on (negative: counted from the end, as in slicing);
        ``ValueError`` when ``start`` is not a whole number."""
        if type(start) is not int:
            raise ValueError(f"start must be a whole number, not {brief(start)}")
        moves, entries = self._moves, self._undo
        first = range(len(moves))[start:].start if moves else 0
        out = []
        for i, e in enumerate(entries[first:], start=first):
            m = moves[i]
            if m.target == BUILD:
                out.append(LogEntry(i, e[1], e[0], m, e[2], e[3]))
            else:
                out.append(LogEntry(i, e[1], e[0], m, None if m.source == END else m.arg, e[3] is not None))
        return out

    def has_building_move(self, seat: int | None = None) -> bool:
        """True when ``seat`` (default: the seat to move) could play a card onto a building
        pile; ``ValueError`` for a seat that is not at the table."""
        s = self.current_seat if seat is None else self._seat(seat)
        masks = self._masks
        if any(masks[c] for c in self._hands[s]):
            return True
        mate = self._mates[s]
        for owner in ((s,) if mate is None else (s, mate)):
            stock = self._stocks[owner]
            if stock and masks[stock[-1]]:
                return True
            if any(pile and masks[pile[-1]] for pile in self._discards[owner]):
                return True
        return False

    # -- playing ----------------------------------------------------------------------------

    def play(self, move: Move | str) -> None:
        """Play a move (a ``Move`` or its notation). Raises ``InvalidMove`` for bad
        notation and ``IllegalMove`` for a move the rules forbid; the game is then unchanged."""
        m = move if move.__class__ is Move and move._text is not None else _valid_move(move)
        if not self._allows(m):
            refusal = self._refusal(m)
            if refusal is not None:
                raise IllegalMove(str(m), self.current_seat, refusal.code, **refusal.details)
        if m.target == BUILD:
            self._build(m)
        else:
            self._end_turn(m)

    def resign(self) -> None:
        """End the game now without a winner (reason ``resigned``)."""
        if self._result is not None:
            raise IllegalMove("resign", self.current_seat, "game-over")
        self._finish(None, "resigned")

    def pop(self) -> Move:
        """Take back the last move, whatever it showed, and return it: the game is then
        exactly as it was before (hands, piles, draw pile, reshuffles, turn, stall
        count, result). What search needs; a game that was resigned cannot step back."""
        if not self._moves:
            raise UndoError("there is no move to take back")
        if self._result is not None:
            if self._result.reason == "resigned":
                raise UndoError("the game was resigned")
            self._result = None
        m = self._moves.pop()
        entry = self._undo.pop()
        if m.target == BUILD:
            seat, _, card, _, finished, drew = entry
            if drew is not None:
                self._undraw(seat, drew)
            if finished is not None:  # the move completed the pile
                pile = finished
                del self._completed[len(self._completed) - PILE_COMPLETE:]
            else:
                pile = self._building[m.slot]
            self._set_building(m.slot, pile[:-1])
            self._return_card(seat, m, card)
        else:
            seat, turn, stall, drew = entry
            if drew is not None:
                self._undraw((seat + 1) % len(self._hands), drew)
            if m.source != END:
                self._discards = _pop_discard(self._discards, seat, m.slot)[1]
                self._hands[seat] = _with_card(self._hands[seat], m.arg)
            self._stall, self.turn, self.current_seat = stall, turn, seat
        return m

    def _undraw(self, seat: int, drew: tuple) -> None:
        """Put the cards ``seat`` drew back (see ``_draw_to_five``)."""
        hand, drawn, saved = drew
        self._hands[seat] = hand
        if saved is None:
            self._draw += drawn
            return
        draw, completed, count = saved  # shared with copies of this game: copied back
        self._draw, self._completed = draw[:], completed[:]
        taken = self._reshuffles[count:]
        del self._reshuffles[count:]
        if self._supply is not None:  # replaying a record: its reshuffles are due again
            self._supply[:0] = taken

    def _return_card(self, seat: int, m: Move, card: int) -> None:
        mate = self._mates[seat]
        if m.from_stock:
            self._stocks[mate if m.from_partner else seat].append(card)  # type: ignore[index]
            self._stock_view = _stock_view(self._stocks)
        elif m.source == HAND:
            self._hands[seat] = _with_card(self._hands[seat], card)
        else:
            owner = seat if m.source == DISCARD else mate
            self._discards = _push_discard(self._discards, owner, m.arg, card)  # type: ignore[arg-type]

    def _allows(self, m: Move) -> bool:
        """A quick legality test for ``play``; when it fails, ``_check`` says why."""
        if self._result is not None:
            return False
        s = self.current_seat
        src = m.source
        if src == HAND:
            return m.arg in self._hands[s] and (m.target != BUILD or self._masks[m.arg] >> m.slot & 1)
        if m.target != BUILD:
            return src == END and not self._hands[s]
        owner = self._mates[s] if m.from_partner else s
        if owner is None:
            return False
        pile = self._stocks[owner] if m.from_stock else self._discards[owner][m.arg]
        return bool(pile) and self._masks[pile[-1]] >> m.slot & 1

    def _refusal(self, m: Move) -> Refusal | None:
        """Why ``_allows`` refused ``m``: the rule it breaks."""
        s = self.current_seat
        if self._result is not None:
            return Refusal("game-over")
        src = m.source
        if src == END:
            hand = len(self._hands[s])
            return Refusal("end-with-cards", {"hand": hand}) if hand else None
        if m.from_partner and self.rules.teams is None:
            return Refusal("no-teams", {"source": m.source_text})
        if m.target == TO_DISCARD:
            if src == STOCK:
                return Refusal("stock-to-discard")
            if src == DISCARD:
                return Refusal("discard-to-discard", {"source": m.source_text})
            if src != HAND:
                return Refusal("partner-to-discard", {"source": m.source_text})
        card = self._source_card(s, m)
        if card is None:
            if src == HAND:
                return Refusal("not-in-hand", {"card": m.arg})
            return Refusal("empty-source", {"source": m.source_text})
        if m.target == BUILD and card != WILD:
            needs = len(self._building[m.slot]) + 1
            if card != needs:
                return Refusal("wrong-number", {"pile": m.slot + 1, "needs": needs, "card": card})
        return None

    def _source_card(self, s: int, m: Move) -> int | None:
        src = m.source
        if src == HAND:
            return m.arg if m.arg in self._hands[s] else None
        owner = self._mates[s] if m.from_partner else s
        if owner is None:
            return None
        pile = self._stocks[owner] if m.from_stock else self._discards[owner][m.arg]
        return pile[-1] if pile else None

    def _build(self, m: Move) -> None:
        s = self.current_seat
        src = m.source
        revealed = False
        if src == HAND:
            card = m.arg
            self._hands[s] = _without_card(self._hands[s], card)
        elif m.from_stock:
            stock = self._stocks[self._mates[s] if m.from_partner else s]  # type: ignore[index]
            card = stock.pop()
            revealed = bool(stock)
            if revealed and stock[-1] < 0:  # a sampled world's hidden card shows
                stock[-1] = self._undealt.card(-1 - stock[-1])  # type: ignore[union-attr]
            self._stock_view = _stock_view(self._stocks)
        else:
            owner = s if src == DISCARD else self._mates[s]
            card, self._discards = _pop_discard(self._discards, owner, m.arg)  # type: ignore[arg-type]
        pile = self._building[m.slot] + (card,)
        finished = None
        if len(pile) == PILE_COMPLETE:
            finished = pile
            self._completed.extend(pile)
            pile = ()
        self._set_building(m.slot, pile)
        self._moves.append(m)
        if m.from_stock and not revealed and self._stocks_done(s):
            self._undo.append((s, self.turn, card, False, finished, None))
            self._finish(s, "stock-empty")
            return
        # An empty hand draws five at once: after its last card was played, and also
        # when a pile completed later in the turn makes cards drawable again (rule 7
        # allows 'end' only while nothing can be drawn).
        drew = self._draw_to_five(s) if not self._hands[s] else None
        self._undo.append((s, self.turn, card, revealed or drew is not None, finished, drew))

    def _set_building(self, slot: int, pile: tuple[int, ...]) -> None:
        """Put ``pile`` on building slot ``slot`` and update what the slots need."""
        old = self._building
        self._building = _replace(old, slot, pile)
        code = self._needs + (len(pile) - len(old[slot])) * _NEED_STEP[slot]
        self._needs = code
        self._masks = _MASKS_BY_CODE[code] or _masks_for(code)

    def _stocks_done(self, seat: int) -> bool:
        return all(not self._stocks[o] for o in self.rules.team_of(seat))

    def _end_turn(self, m: Move) -> None:
        s = self.current_seat
        # the stall rule asks for a building move only when nothing is left to draw
        stuck = not self._draw and not self._completed and not self.has_building_move(s)
        if m.source != END:
            self._hands[s] = _without_card(self._hands[s], m.arg)
            self._discards = _push_discard(self._discards, s, m.slot, m.arg)
        self._moves.append(m)
        stall, turn = self._stall, self.turn
        self._stall = stall + 1 if stuck else 0
        n = len(self._hands)
        if self._stall >= n or turn >= TURN_LIMIT:
            self._undo.append((s, turn, stall, None))
            self._finish(None, "stalled" if self._stall >= n else "turn-limit")
            return
        nxt = (s + 1) % n
        self.current_seat = nxt
        self.turn = turn + 1
        self._undo.append((s, turn, stall, self._draw_to_five(nxt)))

    def _draw_to_five(self, seat: int) -> tuple | None:
        """Draw until ``seat`` holds five cards or nothing can be drawn. Returns ``None``
        when nothing was drawn, else what ``_undraw`` needs: the hand before, and the
        cards taken off the draw pile (no reshuffle) or the piles as they were."""
        hand = self._hands[seat]
        wanted = HAND_SIZE - len(hand)
        draw = self._draw
        if 0 < wanted <= len(draw):  # no reshuffle: take them at once (the hand is sorted anyway)
            cards = draw[-wanted:]
            del draw[-wanted:]
            if self._undealt is not None:
                self._undealt.deal(cards)
            drawn = tuple(cards)  # kept for pop(): a tuple of numbers, which the GC need not walk
            cards += hand
            cards.sort()
            self._hands[seat] = tuple(cards)
            return hand, drawn, None
        if wanted <= 0 or not draw and not self._completed:
            return None
        saved = (draw[:], self._completed[:], len(self._reshuffles))
        got: list[int] = []
        for _ in range(wanted):
            if not self._draw:
                if not self._completed:
                    break
                self._reshuffle()
            got.append(self._draw.pop())
        if self._undealt is not None:
            self._undealt.deal(got)
        self._hands[seat] = tuple(sorted(hand + tuple(got)))
        return hand, None, saved

    def _reshuffle(self) -> None:
        """Turn the completed piles into a new draw pile (only when a card must be drawn)."""
        if self._supply is not None:
            if not self._supply:
                raise ReshuffleError("the record has too few reshuffles")
            new = self._supply.pop(0)
            if sorted(new) != sorted(self._completed):
                raise ReshuffleError("reshuffle is not a permutation of the completed piles")
        else:
            new = self._completed[:]
            random.Random(self._shuffle_key + len(self._reshuffles)).shuffle(new)
        self._reshuffles.append(new)
        self._draw = new[::-1]
        self._completed = []

    def _finish(self, winner: int | None, reason: str) -> None:
        n = self.rules.players
        scores = [0] * n
        if winner is not None:
            team = self.rules.team_of(winner)
            points = 25 + 5 * sum(len(self._stocks[o]) for o in range(n) if o not in team)
            for o in team:
                scores[o] = points
        self._result = Result(winner, reason, tuple(scores))


# -- immutable pieces of the state ------------------------------------------------------------

# What the building slots need next is kept as one number, the "needs code"
# sum((need - 1) * 12**k): a card played or taken back changes it by a multiple of
# 12**k, and it indexes the table of slot masks. (Plain numbers and tuples of
# numbers: the cyclic garbage collector never has to walk them.)
_NEED_STEP = tuple(PILE_COMPLETE ** k for k in range(BUILDING_SLOTS))
_MASKS_BY_CODE: list[tuple[int, ...] | None] = [None] * PILE_COMPLETE ** BUILDING_SLOTS


def _needs_code(building: tuple[tuple[int, ...], ...]) -> int:
    """The needs code of these building piles (a pile's length is its need minus 1)."""
    return sum(len(pile) * step for pile, step in zip(building, _NEED_STEP))


def _masks_for(code: int) -> tuple[int, ...]:
    """Card value -> bit mask of the building slots it fits (a Skip-Bo card fits all),
    for a needs code. Filled in on first use: at most 12**4 small tuples."""
    masks = _MASKS_BY_CODE[code]
    if masks is None:
        table = [0] * (len(NUMBERS) + 1)
        table[WILD] = (1 << BUILDING_SLOTS) - 1
        for k, step in enumerate(_NEED_STEP):
            table[code // step % PILE_COMPLETE + 1] |= 1 << k
        masks = _MASKS_BY_CODE[code] = tuple(table)
    return masks


_HAND_INFO: dict[tuple[int, ...], tuple[tuple[int, ...], tuple[Move, ...]]] = {}


def _hand_info(hand: tuple[int, ...]) -> tuple[tuple[int, ...], tuple[Move, ...]]:
    """A sorted hand's distinct values (1-12, then Skip-Bo) and every discard of it.
    Memoised: hands hold at most five cards, so there are fewer than 9,000."""
    values = tuple([v for v in _HAND_VALUES if v in hand])
    info = _HAND_INFO[hand] = (values, tuple([m for v in values for m in _TO_DISCARD[v]]))
    return info


_M64, _GOLDEN = (1 << 64) - 1, 0x9E3779B97F4A7C15


class _Hidden:
    """The hidden cards of a sampled world, dealt as they show.

    Place ``p`` of the world gets ``cards[p]`` of a random order of the unseen cards,
    worked out from the front only as far as a place needs (Fisher-Yates, with a
    counter-based random source: splitmix64 of ``key`` and the step). A place's card
    does not depend on when or in which order places show, so the copies of a world
    (which share this object) meet the same hidden cards whatever they play, as in a
    world dealt in full at once.
    """

    __slots__ = ("cards", "done", "key")

    def __init__(self, cards: list[int], key: int) -> None:
        self.cards, self.done, self.key = cards, 0, key

    def card(self, place: int) -> int:
        cards, done = self.cards, self.done
        if place >= done:
            n, key = len(cards), self.key
            while done <= place:
                x = (key + done * _GOLDEN) & _M64
                x = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & _M64
                x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & _M64
                j = done + (x ^ (x >> 31)) % (n - done)
                cards[done], cards[j] = cards[j], cards[done]
                done += 1
            self.done = done
        return cards[place]

    def deal(self, cards: list[int]) -> None:
        """Replace the place numbers (negative) in ``cards`` by their cards."""
        for i, c in enumerate(cards):
            if c < 0:
                cards[i] = self.card(-1 - c)
_MATES: dict[Rules, tuple[int | None, ...]] = {}


def _mates(rules: Rules) -> tuple[int | None, ...]:
    """Each seat's partner (``None`` without teams)."""
    mates = _MATES.get(rules)
    if mates is None:
        mates = _MATES[rules] = tuple(rules.partner(s) for s in range(rules.players))
    return mates


def _shown(cards: list[int]) -> tuple[int | None, ...]:
    return tuple(None if c < 0 else c for c in cards)


def _stock_view(stocks: list[list[int]]) -> tuple[tuple[int, ...], tuple[int | None, ...]]:
    """Every stock's size and top card, as views show them."""
    return tuple([len(s) for s in stocks]), tuple([s[-1] if s else None for s in stocks])


def _replace(items: tuple, i: int, item: Any) -> tuple:
    """``items`` with ``items[i]`` replaced."""
    out = list(items)  # two allocations instead of slicing's five
    out[i] = item
    return tuple(out)


def _push_discard(discards: tuple, seat: int, pile: int, card: int) -> tuple:
    """``discards`` with ``card`` put on ``seat``'s discard pile ``pile``."""
    return _with_pile(discards, seat, pile, discards[seat][pile] + (card,))


def _pop_discard(discards: tuple, seat: int, pile: int) -> tuple[int, tuple]:
    """The top card of ``seat``'s discard pile ``pile``, and ``discards`` without it."""
    cards = discards[seat][pile]
    return cards[-1], _with_pile(discards, seat, pile, cards[:-1])


def _with_pile(discards: tuple, seat: int, pile: int, cards: tuple[int, ...]) -> tuple:
    """``discards`` with ``seat``'s discard pile ``pile`` holding ``cards``."""
    piles = list(discards[seat])
    piles[pile] = cards
    seats = list(discards)
    seats[seat] = tuple(piles)
    return tuple(seats)


def _without_card(hand: tuple[int, ...], card: int) -> tuple[int, ...]:
    i = hand.index(card)
    return hand[:i] + hand[i + 1:]


def _with_card(hand: tuple[int, ...], card: int) -> tuple[int, ...]:
    return tuple(sorted(hand + (card,)))


_new, _set = object.__new__, object.__setattr__
_VALID = frozenset(_ALL)


def _players(players: Any, n: int) -> list[dict[str, str]]:
    """A copy of ``players`` (``P1``, ``P2``... people when none are given); ``ValueError``
    unless it lists ``n`` objects whose ``name`` and ``kind`` are texts."""
    if not players:
        return [{"name": f"P{i + 1}", "kind": "human"} for i in range(n)]
    if not isinstance(players, (list, tuple)) or not all(
            isinstance(p, dict) and isinstance(p.get("name"), str) and isinstance(p.get("kind"), str)
            for p in players):
        raise ValueError(f"players must list {n} objects whose name and kind are texts, not {brief(players)}")
    if len(players) != n:
        raise ValueError(f"players must list {n} players, not {len(players)}")
    return [dict(p) for p in players]


def _check_filters(source: str | None, target: str | None) -> None:
    # isinstance first: a list or a dict is not hashable, and "in" a set would raise TypeError
    if source is not None and (not isinstance(source, str) or source != "H" and source not in SOURCE_TEXTS):
        raise InvalidMove(f"bad move source {brief(source)}")
    if target is not None and (not isinstance(target, str) or target not in TARGET_TEXTS):
        raise InvalidMove(f"bad move target {brief(target)}")


def _filtered(moves: list[Move], source: str | None, target: str | None) -> list[Move]:
    """``moves`` from ``source`` onto ``target`` (either may be ``None``: any)."""
    _check_filters(source, target)
    if source == "H":
        moves = [m for m in moves if m.source == HAND]
    elif source is not None:
        moves = [m for m in moves if m.source_text == source]
    if target is not None:
        moves = [m for m in moves if m.target_text == target]
    return moves


def _valid_move(move: Move | str) -> Move:
    """``move`` as a ``Move``; ``InvalidMove`` unless it is one of the moves that exist."""
    m = move if isinstance(move, Move) else Move.parse(move)
    if m not in _VALID:
        raise InvalidMove(f"not a move: {brief(move)}")
    return m

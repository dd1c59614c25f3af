"""The game state and the rules of play (RULES.md, "A turn" to "Teams")."""

from __future__ import annotations

import hashlib
import random
from typing import Any, Iterable, Sequence

from .cards import HAND_SIZE, PILE_COMPLETE, WILD, is_full_deck, new_deck
from .errors import IllegalMove, InvalidMove, UndoError
from .moves import (BUILD, DISCARD, END, END_MOVE, HAND, PARTNER_DISCARD, PARTNER_STOCK, STOCK,
                    TO_DISCARD, Move, move as _move)
from .result import Result
from .rules import Rules

TURN_LIMIT = 3000
"""Last guard against endless games: after this many turns the game ends with
reason ``turn-limit``, no winner and no points. The stall rule ends stuck games
long before; only games that keep recycling cards without progress reach it."""

_HAND_VALUES = (*range(1, 13), WILD)
# Building moves per source, one per slot, in slot order.
_B_STOCK = tuple(_move(STOCK, 0, BUILD, k) for k in range(4))
_B_PSTOCK = tuple(_move(PARTNER_STOCK, 0, BUILD, k) for k in range(4))
_B_HAND = {v: tuple(_move(HAND, v, BUILD, k) for k in range(4)) for v in _HAND_VALUES}
_B_DISCARD = tuple(tuple(_move(DISCARD, d, BUILD, k) for k in range(4)) for d in range(4))
_B_PDISCARD = tuple(tuple(_move(PARTNER_DISCARD, d, BUILD, k) for k in range(4)) for d in range(4))
_TO_DISCARD = {v: tuple(_move(HAND, v, TO_DISCARD, k) for k in range(4)) for v in _HAND_VALUES}


class ReshuffleError(ValueError):
    """A replayed reshuffle that does not match the completed piles (records only)."""


class Game:
    """One game of Skip-Bo. Create it with ``Game.new`` or ``Game.from_record``.

    The game owns its random source; the same seed always deals the same game.
    """

    # -- creation ---------------------------------------------------------------------------

    def __init__(self, rules: Rules, deck: Sequence[int], first: int = 0,
                 players: Sequence[dict[str, str]] | None = None,
                 rng: random.Random | None = None,
                 reshuffles: Sequence[Sequence[int]] | None = None) -> None:
        """Deal ``deck`` (``deck[0]`` dealt first). Prefer ``Game.new``/``Game.from_record``."""
        n = rules.players
        if not isinstance(first, int) or isinstance(first, bool) or not 0 <= first < n:
            raise ValueError(f"first must be a seat from 0 to {n - 1}, not {first!r}")
        self.rules = rules
        self.first = first
        self.players = [dict(p) for p in players] if players else [
            {"name": f"P{i + 1}", "kind": "human"} for i in range(n)]
        if len(self.players) != n:
            raise ValueError(f"players must list {n} players, not {len(self.players)}")
        self._deck = list(deck)
        if not is_full_deck(self._deck, rules.wild_cards):
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
        self._draw: list[int] = self._deck[stock * n:][::-1]  # pop() gives the next card
        self._hands: list[list[int]] = [[0] * 13 for _ in range(n)]
        self._hand_size: list[int] = [0] * n
        self._discards: list[list[list[int]]] = [[[], [], [], []] for _ in range(n)]
        self._building: list[list[int]] = [[], [], [], []]
        self._completed: list[int] = []
        self._reshuffles: list[list[int]] = []
        self._supply: list[list[int]] | None = [list(r) for r in reshuffles] if reshuffles is not None else None
        self._moves: list[Move] = []
        self._undo: list[tuple | None] = []
        self._stall = 0
        self._result: Result | None = None
        self._snap: dict = {}  # immutable snapshots for views; cleared on every change
        self.current_seat = first
        self.turn = 1
        self._draw_to_five(first)

    @classmethod
    def new(cls, rules: Rules | None = None, seed: Any = None, first: int = 0,
            players: Sequence[dict[str, str]] | None = None) -> "Game":
        """A freshly shuffled game. The same ``seed`` always gives the same game."""
        rules = rules if rules is not None else Rules()
        rng = random.Random(seed)
        deck = new_deck(rules.wild_cards)
        rng.shuffle(deck)
        return cls(rules, deck, first=first, players=players)

    @classmethod
    def from_record(cls, data: Any) -> "Game":
        """Replay a game record (RULES.md); raises ``RecordError`` naming the first problem."""
        from .record import replay
        return replay(cls, data)

    def to_record(self) -> dict[str, Any]:
        """The JSON-able game record of RULES.md; ``result`` only once the game is over."""
        data: dict[str, Any] = {
            "format": "skipbo-record", "version": 1, "rules": self.rules.to_dict(),
            "players": [dict(p) for p in self.players], "first": self.first,
            "deck": list(self._deck), "reshuffles": [list(r) for r in self._reshuffles],
            "moves": [str(m) for m in self._moves]}
        if self._result is not None:
            data["result"] = self._result.to_dict()
        return data

    def copy(self) -> "Game":
        """An independent copy (for search). It reshuffles exactly as the original would."""
        g = object.__new__(Game)
        g.__dict__.update(self.__dict__)
        g._stocks = [s[:] for s in self._stocks]
        g._hands = [h[:] for h in self._hands]
        g._hand_size = self._hand_size[:]
        g._discards = [[p[:] for p in d] for d in self._discards]
        g._building = [p[:] for p in self._building]
        g._draw = self._draw[:]
        g._completed = self._completed[:]
        g._reshuffles = [r[:] for r in self._reshuffles]
        g._supply = None if self._supply is None else [r[:] for r in self._supply]
        g.players = [dict(p) for p in self.players]
        g._moves = self._moves[:]
        g._undo = self._undo[:]
        g._snap = dict(self._snap)
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

    def next_needed(self) -> list[int]:
        """The number each building pile needs next (1 for an empty slot)."""
        return [len(p) + 1 for p in self._building]

    def view(self, seat: int) -> "SeatView":
        """All that ``seat`` may see, and nothing more."""
        return make_view(self, seat)

    def legal_moves(self) -> list[Move]:
        """Every legal move for the seat to move, in a stable order: building moves
        (stock, hand 1-12 and Skip-Bo, discards 1-4, partner's stock and discards,
        each onto slots 1-4), then discards of hand cards, then ``end``."""
        if self._result is not None:
            return []
        s = self.current_seat
        snap = self._snap
        fits = snap.get("f")
        if fits is None:
            fits = snap["f"] = _fits([len(p) + 1 for p in self._building])
        values = snap.get(("v", s))
        if values is None:
            hand = self._hands[s]
            values = snap[("v", s)] = tuple([v for v in _HAND_VALUES if hand[v]])
        out: list[Move] = []
        stock = self._stocks[s]
        if stock:
            _add_builds(out, stock[-1], fits, _B_STOCK)
        for v in values:
            if v == WILD:
                out.extend(_B_HAND[WILD])
            elif v in fits:
                moves = _B_HAND[v]
                for k in fits[v]:
                    out.append(moves[k])
        for d, pile in enumerate(self._discards[s]):
            if pile:
                _add_builds(out, pile[-1], fits, _B_DISCARD[d])
        mate = self.rules.partner(s)
        if mate is not None:
            if self._stocks[mate]:
                _add_builds(out, self._stocks[mate][-1], fits, _B_PSTOCK)
            for d, pile in enumerate(self._discards[mate]):
                if pile:
                    _add_builds(out, pile[-1], fits, _B_PDISCARD[d])
        if values:
            out.extend(_discard_moves(values))
        else:
            out.append(END_MOVE)
        return out

    def has_building_move(self, seat: int | None = None) -> bool:
        """True when ``seat`` (default: the seat to move) could play a card onto a building pile."""
        s = self.current_seat if seat is None else seat
        hand = self._hands[s]
        if hand[WILD]:
            return True  # a building pile always has room, so a wild always fits
        needs = {len(p) + 1 for p in self._building}
        if any(hand[v] for v in needs):
            return True
        tops = [p[-1] for p in self._discards[s] if p]
        if self._stocks[s]:
            tops.append(self._stocks[s][-1])
        mate = self.rules.partner(s)
        if mate is not None:
            tops += [p[-1] for p in self._discards[mate] if p]
            if self._stocks[mate]:
                tops.append(self._stocks[mate][-1])
        return any(c == WILD or c in needs for c in tops)

    # -- playing ----------------------------------------------------------------------------

    def play(self, move: Move | str) -> None:
        """Play a move (a ``Move`` or its notation). Raises ``InvalidMove`` for bad
        notation and ``IllegalMove`` for a move the rules forbid; the game is then unchanged."""
        m = move if isinstance(move, Move) else Move.parse(move)
        if m not in _VALID:
            raise InvalidMove(f"not a move: {move!r}")
        self._check(m)
        if m.target == BUILD:
            self._build(m)
        else:
            self._end_turn(m)

    def resign(self) -> None:
        """End the game now without a winner (reason ``resigned``)."""
        if self._result is not None:
            raise IllegalMove("resign", self.current_seat, "game-over")
        self._finish(None, "resigned")

    def undo(self) -> Move:
        """Take back the last move, if it revealed no hidden card; returns that move."""
        if self._result is not None:
            raise UndoError("the game is over")
        if not self._moves:
            raise UndoError("there is no move to take back")
        entry = self._undo[-1]
        if entry is None:
            raise UndoError(f"{self._moves[-1]} revealed a hidden card and cannot be taken back")
        self._undo.pop()
        self._snap.clear()
        m = self._moves.pop()
        if entry[0] == "build":
            _, seat, card, finished = entry
            pile = self._building[m.slot]
            if finished is not None:
                pile[:] = finished
                del self._completed[len(self._completed) - PILE_COMPLETE:]
            pile.pop()
            self._return_card(seat, m, card)
        else:
            _, seat, stall, turn = entry
            if m.source != END:
                self._discards[seat][m.slot].pop()
                self._hands[seat][m.arg] += 1
                self._hand_size[seat] += 1
            self._stall, self.turn, self.current_seat = stall, turn, seat
        return m

    def _return_card(self, seat: int, m: Move, card: int) -> None:
        mate = self.rules.partner(seat)
        if m.source == STOCK:
            self._stocks[seat].append(card)
        elif m.source == HAND:
            self._hands[seat][card] += 1
            self._hand_size[seat] += 1
        elif m.source == DISCARD:
            self._discards[seat][m.arg].append(card)
        elif m.source == PARTNER_STOCK:
            self._stocks[mate].append(card)  # type: ignore[index]
        else:
            self._discards[mate][m.arg].append(card)  # type: ignore[index]

    def _check(self, m: Move) -> None:
        s = self.current_seat
        if self._result is not None:
            raise IllegalMove(str(m), s, "game-over")
        src = m.source
        if src == END:
            if self._hand_size[s]:
                raise IllegalMove(str(m), s, "end-with-cards", hand=self._hand_size[s])
            return
        if src >= PARTNER_STOCK and self.rules.teams is None:
            raise IllegalMove(str(m), s, "no-teams", source=m.source_text)
        if m.target == TO_DISCARD:
            if src == STOCK:
                raise IllegalMove(str(m), s, "stock-to-discard")
            if src == DISCARD:
                raise IllegalMove(str(m), s, "discard-to-discard", source=m.source_text)
            if src != HAND:
                raise IllegalMove(str(m), s, "partner-to-discard", source=m.source_text)
        card = self._source_card(s, m)
        if card is None:
            if src == HAND:
                raise IllegalMove(str(m), s, "not-in-hand", card=m.arg)
            raise IllegalMove(str(m), s, "empty-source", source=m.source_text)
        if m.target == BUILD and card != WILD:
            needs = len(self._building[m.slot]) + 1
            if card != needs:
                raise IllegalMove(str(m), s, "wrong-number", pile=m.slot + 1, needs=needs, card=card)

    def _source_card(self, s: int, m: Move) -> int | None:
        src = m.source
        if src == HAND:
            return m.arg if self._hands[s][m.arg] else None
        owner = s if src in (STOCK, DISCARD) else self.rules.partner(s)
        pile = self._stocks[owner] if src in (STOCK, PARTNER_STOCK) else self._discards[owner][m.arg]
        return pile[-1] if pile else None

    def _build(self, m: Move) -> None:
        s = self.current_seat
        src = m.source
        revealed = False
        snap = self._snap
        snap.pop("b", None)
        snap.pop("f", None)
        if src == HAND:
            card = m.arg
            self._hands[s][card] -= 1
            self._hand_size[s] -= 1
            snap.pop(("h", s), None)
            snap.pop(("v", s), None)
        elif src == STOCK or src == PARTNER_STOCK:
            owner = s if src == STOCK else self.rules.partner(s)
            stock = self._stocks[owner]  # type: ignore[index]
            card = stock.pop()
            revealed = bool(stock)
            snap.pop("s", None)
        else:
            owner = s if src == DISCARD else self.rules.partner(s)
            card = self._discards[owner][m.arg].pop()  # type: ignore[index]
            snap.pop("d", None)
        pile = self._building[m.slot]
        pile.append(card)
        finished = None
        if len(pile) == PILE_COMPLETE:
            finished = pile[:]
            self._completed.extend(pile)
            pile.clear()
        self._moves.append(m)
        if (src == STOCK or src == PARTNER_STOCK) and not revealed and self._stocks_done(s):
            self._undo.append(None)
            self._finish(s, "stock-empty")
            return
        # An empty hand draws five at once: after its last card was played, and also
        # when a pile completed later in the turn makes cards drawable again (rule 7
        # allows 'end' only while nothing can be drawn).
        if self._hand_size[s] == 0 and self._draw_to_five(s):
            revealed = True
        self._undo.append(None if revealed else ("build", s, card, finished))

    def _stocks_done(self, seat: int) -> bool:
        return all(not self._stocks[o] for o in self.rules.team_of(seat))

    def _end_turn(self, m: Move) -> None:
        s = self.current_seat
        stuck = not self.has_building_move(s)
        if m.source != END:
            self._hands[s][m.arg] -= 1
            self._hand_size[s] -= 1
            self._discards[s][m.slot].append(m.arg)
            self._snap.pop(("h", s), None)
            self._snap.pop(("v", s), None)
            self._snap.pop("d", None)
        self._moves.append(m)
        entry = ("turn", s, self._stall, self.turn)
        if stuck and not self._draw and not self._completed:
            self._stall += 1
        else:
            self._stall = 0
        if self._stall >= self.rules.players:
            self._undo.append(None)
            self._finish(None, "stalled")
            return
        if self.turn >= TURN_LIMIT:
            self._undo.append(None)
            self._finish(None, "turn-limit")
            return
        nxt = (s + 1) % self.rules.players
        self.current_seat = nxt
        self.turn += 1
        self._undo.append(None if self._draw_to_five(nxt) else entry)

    def _draw_to_five(self, seat: int) -> int:
        """Draw until ``seat`` holds five cards or nothing can be drawn; returns cards drawn."""
        need = HAND_SIZE - self._hand_size[seat]
        hand = self._hands[seat]
        drawn = 0
        while drawn < need:
            if not self._draw:
                if not self._completed:
                    break
                self._reshuffle()
            hand[self._draw.pop()] += 1
            drawn += 1
        if drawn:
            self._hand_size[seat] += drawn
            self._snap.pop(("h", seat), None)
            self._snap.pop(("v", seat), None)
        return drawn

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


def _fits(needs: list[int]) -> dict[int, list[int]]:
    """Needed number -> the slots that need it."""
    fits: dict[int, list[int]] = {}
    for k, nd in enumerate(needs):
        fits.setdefault(nd, []).append(k)
    return fits


_DISCARD_MOVES: dict[tuple[int, ...], list[Move]] = {}


def _discard_moves(values: tuple[int, ...]) -> list[Move]:
    """Every discard of a hand holding these distinct values (memoised; few hands exist)."""
    moves = _DISCARD_MOVES.get(values)
    if moves is None:
        moves = _DISCARD_MOVES[values] = [m for v in values for m in _TO_DISCARD[v]]
    return moves


def _add_builds(out: list[Move], card: int, fits: dict[int, list[int]], moves: tuple[Move, ...]) -> None:
    if card == WILD:
        out.extend(moves)
    elif card in fits:
        out.extend([moves[k] for k in fits[card]])


from .moves import ALL_MOVES as _ALL  # noqa: E402
from .view import SeatView, make_view  # noqa: E402,F401

_VALID = frozenset(_ALL)

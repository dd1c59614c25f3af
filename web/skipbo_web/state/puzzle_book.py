"""The puzzle collection: table positions with a goal for one turn, from first rules to
expert play.

Each puzzle is a position (``skipbo_core.position``) and a goal (``skipbo_core.goals``)
that the engine judges: any line that reaches the goal solves it, the stored
``solution`` is the line ``Show solution`` plays. Texts live in the catalogue under
``puzzle.<id>.title``, ``puzzle.<id>.task`` and ``puzzle.<id>.why``; ``cards`` names
the card values a text mentions (printed in the chosen card faces). ``not_trivial``
says that the ``easy`` computer player's turn does not already reach the goal (a test
checks it). You are always seat 0, and you move.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from skipbo_core import Game, game_from_position
from skipbo_core.goals import Goal
from skipbo_core.jsonread import whole_number

SB = 0
OPEN, REACHED, FAILED, SHOWN = "open", "reached", "failed", "shown"  # where a try at a puzzle stands
LEVELS = ("first", "basics", "planning", "teams", "expert")


@dataclass(frozen=True)
class Puzzle:
    """One puzzle: ``id`` (1, 2, ...: its place in the book and in ``?puzzle=<id>``),
    ``level`` (one of ``LEVELS``), the ``position`` and ``goal`` as JSON objects, the
    stored ``solution`` in move notation, ``not_trivial`` and the ``cards`` its texts name."""

    id: int
    level: str
    position: dict[str, Any]
    goal: dict[str, Any]
    solution: tuple[str, ...]
    not_trivial: bool = False
    cards: dict[str, int] = field(default_factory=dict)

    def game(self) -> Game:
        """A new game at the puzzle's table."""
        return game_from_position(self.position)

    def goal_object(self) -> Goal:
        """The checked goal."""
        return Goal.from_dict(self.goal)


def _two(me: dict[str, Any], building: list[list[int]], them: int = 12, seed: int = 1,
         stock_size: int = 10) -> dict[str, Any]:
    """A two-player table: ``me`` is seat 0 (to move), the other seat shows ``them``."""
    return {"rules": {"players": 2, "stock_size": stock_size}, "seed": seed, "building": building,
            "seats": [me, {"stock": {"top": them, "count": 8}, "hand": {"count": 4}}]}


def _team(me: dict[str, Any], partner: dict[str, Any], building: list[list[int]], seed: int = 1) -> dict[str, Any]:
    """A table of four in two teams: you are seat 0, your partner seat 2."""
    return {"rules": {"players": 4, "stock_size": 10, "teams": True}, "seed": seed, "building": building,
            "seats": [me, {"stock": {"top": 12, "count": 7}, "hand": {"count": 4}}, partner,
                      {"stock": {"top": 11, "count": 7}, "hand": {"count": 4}}]}


def _up(n: int) -> list[int]:
    """A building pile built from 1 up to ``n``."""
    return list(range(1, n + 1))


def _stock(top: int, count: int = 6) -> dict[str, int]:
    return {"top": top, "count": count}


STOCK_1 = {"kind": "stock_played", "count": 1}
BLOCK = {"kind": "block_next"}

PUZZLES: tuple[Puzzle, ...] = (
    # -- first rules ------------------------------------------------------------------------
    Puzzle(1, "first", _two({"stock": _stock(1), "hand": [4, 7, 9, 10, 12]}, []),
           STOCK_1, ("S>B1",), cards={"a": 1}),
    Puzzle(2, "first", _two({"stock": _stock(2), "hand": [1, 6, 8, 10, 12]}, []),
           STOCK_1, ("H1>B1", "S>B1"), cards={"a": 1, "b": 2}),
    Puzzle(3, "first", _two({"stock": _stock(3), "hand": [2, 6, 9, 11, 12]}, [[1]]),
           STOCK_1, ("H2>B1", "S>B1"), cards={"b": 2, "c": 3}),
    Puzzle(4, "first", _two({"stock": _stock(SB), "hand": [3, 5, 8, 11, 12]}, [_up(6), _up(2)]),
           STOCK_1, ("S>B1",), cards={"w": SB}),
    Puzzle(5, "first", _two({"stock": _stock(5), "hand": [SB, 7, 9, 11, 12]}, [_up(3)]),
           STOCK_1, ("HSB>B1", "S>B1"), cards={"w": SB, "d": 4, "e": 5}),
    Puzzle(6, "first", _two({"stock": _stock(4), "hand": [3, 6, 9, 11, 12]}, [_up(5), _up(2)]),
           STOCK_1, ("H3>B2", "S>B2"), cards={"c": 3, "d": 4, "f": 6}),
    Puzzle(7, "first", _two({"stock": _stock(6), "hand": [2, 8, 10, 11, 12], "discards": [[9, 5]]}, [_up(4)]),
           STOCK_1, ("D1>B1", "S>B1"), cards={"e": 5, "f": 6}),
    # -- basics -----------------------------------------------------------------------------
    Puzzle(8, "basics", _two({"stock": _stock(8), "hand": [5, 7, 10, 11, 12], "discards": [[6]]}, [_up(4)]),
           STOCK_1, ("H5>B1", "D1>B1", "H7>B1", "S>B1"), cards={"h": 8}),
    Puzzle(9, "basics", _two({"stock": {"cards": [3, 3, 8, 6]}, "hand": [7, 2, 10, 11, 12]}, [_up(5)]),
           {"kind": "stock_played", "count": 2}, ("S>B1", "H7>B1", "S>B1"), cards={"f": 6}),
    Puzzle(10, "basics", _two({"stock": _stock(3), "hand": [11, 12, 4, 6, 9]}, [_up(10), _up(1)]),
           {"kind": "build_complete", "count": 1}, ("H11>B1", "H12>B1"), cards={"k": 11, "q": 12}),
    Puzzle(11, "basics", _two({"stock": _stock(6), "hand": [8, 8, 10, 11, 12],
                               "discards": [[9, 5], [4], [12, 3]]}, [_up(2)]),
           STOCK_1, ("D3>B1", "D2>B1", "D1>B1", "S>B1"), cards={"c": 3, "f": 6}),
    Puzzle(12, "basics", _two({"stock": _stock(7), "hand": [5, 9, 10, 11, 12], "discards": [[6, 4]]}, [_up(3)]),
           STOCK_1, ("D1>B1", "H5>B1", "D1>B1", "S>B1"), cards={"d": 4, "f": 6, "g": 7}),
    Puzzle(13, "basics", _two({"stock": _stock(9), "hand": [5, 9, 10, 11, 12]}, [_up(4)], them=6),
           BLOCK, ("H12>D1",), cards={"e": 5, "f": 6}),
    # -- planning ---------------------------------------------------------------------------
    Puzzle(14, "planning", _two({"stock": _stock(7), "hand": [SB, 6, 10, 11, 12]}, [_up(4)]),
           STOCK_1, ("HSB>B1", "H6>B1", "S>B1"), not_trivial=True, cards={"w": SB, "e": 5, "g": 7}),
    Puzzle(15, "planning", _two({"stock": _stock(5), "hand": [10, 11, SB, 4, 6]}, [_up(9)]),
           {"kind": "build_complete", "count": 1}, ("H10>B1", "H11>B1", "HSB>B1"), not_trivial=True,
           cards={"w": SB, "q": 12}),
    Puzzle(16, "planning", _two({"stock": _stock(1), "hand": [11, SB, 5, 9, 9]},
                                [_up(10), _up(3), _up(6), _up(2)]),
           STOCK_1, ("H11>B1", "HSB>B1", "S>B1"), not_trivial=True, cards={"a": 1, "w": SB, "q": 12}),
    Puzzle(17, "planning", _two({"stock": {"cards": [7, 5, 3]}, "hand": [4, 6, 9, 11, 12]}, [_up(2)]),
           {"kind": "stock_empty"}, ("S>B1", "H4>B1", "S>B1", "H6>B1", "S>B1"), cards={"c": 3}),
    Puzzle(18, "planning", _two({"stock": _stock(11), "hand": [SB, 5, 5, 9, 12]}, [_up(3), _up(6), _up(9)],
                                them=1),
           BLOCK, ("HSB>B4", "H5>D1"), not_trivial=True, cards={"a": 1, "w": SB}),
    Puzzle(19, "planning", _two({"stock": _stock(10), "hand": [SB, 4, 4, 7, 9]}, [_up(11), _up(2)], them=12),
           BLOCK, ("HSB>B1", "H4>D1"), not_trivial=True, cards={"q": 12, "w": SB}),
    # -- teams ------------------------------------------------------------------------------
    Puzzle(20, "teams", _team({"stock": _stock(10), "hand": [3, 8, 9, 11, 12]}, {"stock": _stock(4)}, [_up(2)]),
           {"kind": "stock_played", "count": 1, "whose": "partner"}, ("H3>B1", "PS>B1"), cards={"d": 4}),
    Puzzle(21, "teams", _team({"stock": _stock(6), "hand": [2, 8, 9, 11, 12]},
                              {"stock": _stock(10), "discards": [[4], [5]]}, [_up(3)]),
           STOCK_1, ("PD1>B1", "PD2>B1", "S>B1"), cards={"d": 4, "e": 5, "f": 6}),
    Puzzle(22, "teams", _team({"stock": {"cards": [12, 5]}, "hand": [4, SB, 10, 11, 9]}, {"stock": _stock(7)},
                              [_up(3)]),
           {"kind": "stock_played", "count": 2, "whose": "either"}, ("H4>B1", "S>B1", "HSB>B1", "PS>B1"),
           not_trivial=True, cards={"e": 5, "g": 7, "w": SB}),
    # -- expert -----------------------------------------------------------------------------
    Puzzle(23, "expert", _two({"stock": {"cards": [4, 8]}, "hand": [SB, 2, 6, 11, 12]}, [_up(7)], them=9),
           {"kind": "all", "goals": [STOCK_1, BLOCK]}, ("S>B1", "HSB>B1", "H12>D1"), not_trivial=True,
           cards={"h": 8, "i": 9, "w": SB}),
    Puzzle(24, "expert", _two({"stock": {"cards": [9, 6, 2]}, "hand": [SB, 3, 5, 7, 8]}, [_up(1)]),
           {"kind": "stock_empty"}, ("S>B1", "H3>B1", "HSB>B1", "H5>B1", "S>B1", "H7>B1", "H8>B1", "S>B1"),
           not_trivial=True, cards={"w": SB, "d": 4}),
    Puzzle(25, "expert", _two({"stock": {"cards": [8, 5]}, "hand": [4, SB, 7, 11, 12]}, [_up(3), _up(5)]),
           {"kind": "stock_played", "count": 2}, ("H4>B1", "S>B1", "HSB>B2", "H7>B2", "S>B2"), not_trivial=True,
           cards={"w": SB, "d": 4, "e": 5, "h": 8}),
)

BY_ID: dict[int, Puzzle] = {p.id: p for p in PUZZLES}


def puzzle(number: Any) -> Puzzle | None:
    """The puzzle with this id (``?puzzle=<n>``: an int or its text in ASCII digits only, so
    not ``1_0``, ``+7`` or `` 7``), else ``None``."""
    if type(number) is int:
        return BY_ID.get(number)
    try:
        return BY_ID.get(whole_number(number, "puzzle", 1, len(PUZZLES)))
    except ValueError:
        return None

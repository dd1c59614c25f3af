"""The tutorial: a first game on a prepared deck that teaches the rules in order.

The script is a list of steps. A step either explains something (the player presses
Next), asks the player for one move in the engine's notation, or lets the computer
play its scripted moves. Web holds no rules: every move of the script is checked by
the engine (``Game.legal_moves``), and a test replays the whole script. The state is
the step reached plus the moves played; it is saved under its own key, never in the
normal game's save.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from skipbo_core import Game, Move, Rules
from skipbo_core.ai import Player
from skipbo_core.cards import DISCARD_PILES, WILD, new_deck

from .controller import Controller
from .messages import Message
from .save_errors import BadSave
from .settings import Settings

SAVE_VERSION = 1
RULES = Rules(players=2, stock_size=4)
PLAYERS = ({"name": "", "kind": "human"}, {"name": "", "kind": "ai:easy"})
HUMAN, COMPUTER = 0, 1
SB = WILD

# The first cards of the deck, in dealing order. Stocks are dealt one card at a time,
# seat 0 first, each card on top: the human's stock is (top first) 4, 7, 10, 6 and the
# computer's shows a 12 that never fits on its turns. Then the draw pile, first card first.
_STOCKS = (6, 11, 10, 3, 7, 9, 4, 12)
_DRAWS = (1, 2, SB, 9, 8,        # your first hand
          5, 6, 11, 12, 9,       # the computer's first hand
          11, 1, 2, 3,           # you fill up to five in turn 2
          12, 7, 9, 10, 11,      # five new cards once your hand is empty
          4, 5, 8)               # the computer fills up in its second turn


def tutorial_deck() -> list[int]:
    """The full 162-card deck of the tutorial: the scripted cards, then the rest in a
    fixed spread-out order (a stride through the sorted rest)."""
    head = [*_STOCKS, *_DRAWS]
    rest = new_deck(RULES.wild_cards)
    for card in head:
        rest.remove(card)
    stride = 37  # coprime with len(rest) (130): visits every card once
    return head + [rest[i * stride % len(rest)] for i in range(len(rest))]


@dataclass(frozen=True)
class Step:
    """One step of the script. ``key`` names its text (``tut.<key>``); ``move`` is the
    move asked of the player (``None``: press Next, or the computer's turn);
    ``free`` accepts any discard of a hand card instead; ``opponent`` lists the
    computer's moves; ``show`` names piles to light up while explaining; ``cards``
    are the card values the text names (printed in the chosen card faces)."""

    key: str
    move: str | None = None
    free: bool = False
    opponent: tuple[str, ...] = ()
    show: tuple[str, ...] = ()
    cards: dict[str, int] = field(default_factory=dict)

    @property
    def kind(self) -> str:
        """``"move"``, ``"computer"`` or ``"explain"``."""
        return "move" if self.move else ("computer" if self.opponent else "explain")

    def accepts(self, move: Move) -> bool:
        """Whether this step takes ``move`` from the player."""
        if self.move is None:
            return False
        if str(move) == self.move:
            return True
        return self.free and move.from_hand and move.is_discard

    @property
    def played(self) -> int:
        """How many moves this step adds to the game."""
        return 1 if self.move else len(self.opponent)


STEPS: tuple[Step, ...] = (
    # building piles: from 1 up, one number at a time
    Step("welcome"),
    Step("piles", show=("B1", "B2", "B3", "B4"), cards={"a": 1, "q": 12}),
    Step("start_pile", "H1>B1", cards={"a": 1}),
    Step("one_up", "H2>B1", cards={"b": 2}),
    # the Skip-Bo card is wild
    Step("wild", "HSB>B1", cards={"w": SB, "c": 3}),
    # the stock card is the goal
    Step("stock", show=("S",)),
    Step("stock_play", "S>B1", cards={"d": 4}),
    Step("stock_next", show=("S",), cards={"g": 7, "e": 5}),
    # a discard ends the turn; only the top of a discard pile can be played
    Step("discards", show=("D1", "D2", "D3", "D4")),
    Step("discard_play", "H9>D1", cards={"i": 9}),
    Step("their_turn", opponent=("H5>B1", "H6>B1", "H11>D1")),
    Step("your_turn", "S>B1", cards={"f": 6, "g": 7}),
    Step("from_hand", "H8>B1", cards={"h": 8}),
    Step("from_discard", "D1>B1", cards={"i": 9}),
    Step("stock_again", "S>B1", cards={"j": 10}),
    Step("eleven", "H11>B1", cards={"k": 11}),
    # an empty hand draws five at once
    Step("empty_hand", show=("H",)),
    Step("second_pile", "H1>B2", cards={"a": 1}),
    Step("two", "H2>B2", cards={"b": 2}),
    Step("last_card", "H3>B2", cards={"c": 3}),
    Step("five_new", show=("H",)),
    # a complete pile is cleared; its cards come back later
    Step("complete", "H12>B1", cards={"q": 12}),
    Step("cleared", show=("draw",)),
    Step("free_discard", "H7>D1", free=True),
    Step("their_turn2", opponent=("H4>B2", "H5>B2", "H9>D1")),
    # emptying the stock wins
    Step("last_stock", "S>B2", cards={"x": 6}),
    Step("won"),
)

STEP_COUNT = len(STEPS)


def new_game() -> Game:
    """The tutorial's game, dealt from its deck; you move first."""
    return Game(RULES, tutorial_deck(), first=HUMAN, players=[dict(p) for p in PLAYERS])


class Tutorial:
    """Where the player is in the script, and the game the script plays.

    The page plays moves on ``game`` (through its controller, with ``check`` as the
    guard) and calls ``sync`` after each one; ``next`` passes an explanation step.
    """

    def __init__(self, game: Game | None = None, step: int = 0) -> None:
        self.game = game if game is not None else new_game()
        self.step = step

    # -- where we are ---------------------------------------------------------------------

    @property
    def total(self) -> int:
        return STEP_COUNT

    @property
    def current(self) -> Step:
        return STEPS[self.step]

    @property
    def finished(self) -> bool:
        """The last step: the game is won."""
        return self.step == len(STEPS) - 1

    def played_before(self, step: int | None = None) -> int:
        """Moves the script plays before ``step`` (default: the current step) begins."""
        end = self.step if step is None else step
        return sum(s.played for s in STEPS[:end])

    def expected(self) -> str | None:
        """The move the current step asks the player for (the one that lights up)."""
        return self.current.move

    def marks(self) -> list[tuple[str, str]]:
        """What lights up now: ``(pile, role)`` pairs, role ``from``, ``to`` or ``look``.
        Piles are ``S``, ``H5``/``HSB`` (a hand card), ``H`` (the whole hand), ``D1``,
        ``B2`` or ``draw`` (the draw pile)."""
        step = self.current
        if step.move and not self.game.is_over:
            if step.free:
                return [(f"D{k + 1}", "to") for k in range(DISCARD_PILES)] + [("H", "from")]
            move = Move.parse(step.move)
            return [(move.source_text, "from"), (move.target_slot, "to")]
        return [(pile, "look") for pile in step.show]

    # -- what the player does -------------------------------------------------------------

    def check(self, move: Move) -> Message | None:
        """The guard of the player's moves: ``None`` lets the move through (the lesson's
        move, or an illegal one that the engine will explain); a legal move the lesson
        does not want is refused with a hint towards the lesson's move."""
        if not self.game.is_legal(move):
            return None
        step = self.current
        if step.accepts(move):
            return None
        if step.move is None:
            return Message("tut.press_next")
        if step.free:
            return Message("tut.refused_any_discard")
        wanted = Move.parse(step.move)
        kind = "build" if wanted.is_build else "discard"
        return Message(f"tut.refused_{kind}", {"source": wanted.source_text, "pile": wanted.slot + 1})

    def next(self) -> bool:
        """Pass an explanation step (the Next button); False when this step needs a move."""
        if self.current.kind != "explain" or self.finished:
            return False
        self.step += 1
        self.sync()
        return True

    def sync(self) -> None:
        """Move on past every move and computer step that the game has played."""
        while not self.finished:
            step = self.current
            if step.kind == "explain" or len(self.game.moves) < self.played_before() + step.played:
                return
            self.step += 1

    def computer_move(self, view: Any = None, legal: Sequence[Move] = (), rng: Any = None) -> Move:
        """The computer's next scripted move (called like an AI bot)."""
        step = self.current
        done = len(self.game.moves) - self.played_before()
        if step.kind != "computer" or not 0 <= done < len(step.opponent):
            raise ValueError(f"no scripted computer move at step {self.step} ({step.key})")
        return Move.parse(step.opponent[done])

    # -- saving ---------------------------------------------------------------------------

    def to_dict(self, active: bool = True) -> dict[str, Any]:
        """What is saved under ``saves.TUTORIAL_KEY``."""
        return {"version": SAVE_VERSION, "active": active, "step": self.step,
                "moves": [str(m) for m in self.game.moves]}

    @classmethod
    def from_dict(cls, data: Any) -> Tutorial:
        """Rebuild a saved tutorial by replaying its moves through the script; raises
        ``BadSave`` when the save is damaged or does not follow the script."""
        if not isinstance(data, dict) or data.get("version") != SAVE_VERSION:
            raise BadSave("tutorial save of another version")
        step, moves = data.get("step"), data.get("moves")
        if (type(step) is not int or not 0 <= step < len(STEPS) or not isinstance(moves, list)
                or not all(isinstance(m, str) for m in moves) or len(moves) > 100):
            raise BadSave("tutorial save is damaged")
        tut = cls()
        for i, text in enumerate(moves):
            while tut.current.kind == "explain" and tut.next():
                pass
            try:
                move = Move.parse(text)
            except ValueError:
                raise BadSave(f"tutorial move {i} is not a move") from None
            wanted = (tut.current.accepts(move) if tut.current.kind == "move"
                      else tut.current.kind == "computer" and move == tut.computer_move())
            if not wanted or not tut.game.is_legal(move):
                raise BadSave(f"tutorial move {i} ({text}) is not the script's")
            tut.game.play(move)
            tut.sync()
        while tut.step < step and tut.next():
            pass
        if tut.step != step:
            raise BadSave("tutorial step does not match its moves")
        return tut


def is_active(data: Any) -> bool:
    """Whether stored tutorial data (even damaged) says the tutorial was left open."""
    return isinstance(data, dict) and data.get("active") is True


def url_choice(params: dict[str, str]) -> tuple[bool, bool]:
    """``?tutorial=1``: (start the tutorial, the value was bad). ``0`` means no."""
    value = params.get("tutorial")
    if value is None or value == "0":
        return False, False
    return value == "1", value != "1"


def controller_for(tutorial: Tutorial, settings: Settings) -> Controller:
    """A controller for the tutorial's game: the computer plays the script, and the
    player's moves pass the tutorial's guard first."""
    ctrl = Controller(tutorial.game, settings, guard=tutorial.check)
    ctrl.computers[COMPUTER] = Player(tutorial.computer_move)
    return ctrl

"""Puzzles on the page: a puzzle's table as the game (the computer never moves in it),
its box above the table, the engine's verdict after each move, Retry, Show solution,
Next puzzle, the list of puzzles and the progress in ``localStorage``.
(skipbo_web.state.puzzle_book holds the puzzles, .puzzle_view draws them.)

Whether a try solved the puzzle is asked of the engine (``Goal.status``), so any line
that reaches the goal counts, not only the stored one.
"""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING

from ..state import positions
from ..state.controller import Controller
from ..state.links import ask, asks
from ..state.messages import Message
from ..state.puzzle_book import FAILED, OPEN, PUZZLES, REACHED, SHOWN, Puzzle, puzzle
from ..state.saves import PUZZLES_EMBED_KEY, PUZZLES_KEY
from ..state.settings import SPEED_DELAY_MS, Settings
from ..state.store import GAME
from ..views.puzzle_view import box_tree, entry_tree, list_tree, progress_data, read_progress
from ..views.tree import El
from .patcher import TreeView

if TYPE_CHECKING:
    from ..commands import Commands
    from ..state.store import PageState, Store
    from .page_dom import Browser
    from .page_session import Session
    from .patcher import Patcher

ORIGIN = "puzzle="          # a puzzle's game is the one whose origin is puzzle=<id>
SOLUTION_STEP_MS = 500      # at least this long between the moves of Show solution


class PuzzleSession:
    """The puzzle on the table: its try, the engine's verdict, its box, the progress kept.
    Opening one and its buttons are commands (``Commands.open_puzzle``, ``.puzzle_action``)."""

    def __init__(self, store: Store, commands: Commands, session: Session, browser: Browser,
                 patcher: Patcher) -> None:
        self.store = store
        self.commands = commands
        self.session = session
        self.showing = 0                  # Show solution runs while it matches
        self.key = PUZZLES_EMBED_KEY if session.apart else PUZZLES_KEY
        box = browser.by_id("puzzle")
        self.box = box
        self.view = TreeView(patcher, box) if box is not None else None

    # -- progress -------------------------------------------------------------------------------

    def solved(self) -> set[int]:
        session = self.session
        data = session.read(self.key)  # not JSON the reader takes: set aside, counts for nothing
        solved, damaged = read_progress(data)
        if damaged:  # kept whole aside; the ids it could read go on counting
            session.put_aside(self.key)
            session.storage.set(self.key, progress_data(solved))
        session.report()
        return solved

    def read_solved(self) -> None:
        """Read which puzzles are solved for their sheet (a damaged progress is set aside
        and said now, before the sheet is drawn)."""
        self.store.update(puzzles_solved=frozenset(self.solved()))

    def mark_solved(self, ident: int) -> None:
        self.session.storage.set(self.key, progress_data(self.solved() | {ident}))

    # -- which puzzle is on the table --------------------------------------------------------------

    def table_for(self, p: Puzzle) -> Controller:
        ctrl = Controller.from_position(p.position, Settings(), origin=f"{ORIGIN}{p.id}")
        ctrl.halted = True  # one turn of yours: the other seats never move
        return ctrl

    def on_load(self, given: dict[str, str]) -> bool:
        """``?puzzle=<n>`` opens puzzle n (the same address again resumes its try; a game
        in progress stays on the table while the puzzle waits for the player's yes); a
        saved puzzle game is taken up again. Whether a puzzle is now on the table."""
        store = self.store
        ctrl = store.state.ctrl
        if "puzzle" in given:
            p = puzzle(given["puzzle"])
            if p is None:
                store.add_notice(Message("puzzles.unknown", {"n": given["puzzle"][:12], "last": len(PUZZLES)}))
            elif ctrl.origin == f"{ORIGIN}{p.id}":
                pass  # the same address again: its try goes on
            elif asks(ctrl, self.session.embed):
                self.session.waiting = self.table_for(p)  # Commands.url_game takes it up
                store.update(notices=ask(store.state.notices))
            else:
                self.attach(p, self.table_for(p))
                self.store.notify(GAME)
                return True
        return self.take_up(ctrl)

    def take_up(self, ctrl: Controller) -> bool:
        """When ``ctrl`` is a try at a puzzle (its origin says which), it goes on as one:
        the session's game, put on the table by the caller. Whether it is one."""
        p = puzzle(ctrl.origin[len(ORIGIN):]) if ctrl.origin.startswith(ORIGIN) else None
        if p is None:
            return False
        ctrl.halted = True
        self.attach(p, ctrl)
        return True

    def attach(self, p: Puzzle, ctrl: Controller) -> None:
        """``ctrl`` is a try at ``p`` (the session's game: put on the table by the caller)."""
        self.showing += 1
        start = positions.start(p.position, [dict(q) for q in ctrl.game.players])
        self.store.update(puzzle=p, puzzle_game=ctrl, puzzle_start=start, puzzle_status=OPEN)
        self.judge(mark=False)
        self.commands.set_table_game(ctrl)

    # -- the engine's verdict -------------------------------------------------------------------------

    def judge(self, mark: bool = True) -> None:
        """After a move: has the try reached the goal, or failed it?"""
        state = self.store.state
        if not state.in_puzzle or state.puzzle_status == SHOWN:
            return
        status = state.puzzle.goal_object().status(state.puzzle_start, state.ctrl.game)
        self.store.update(puzzle_status=status if status in (REACHED, FAILED) else OPEN)
        if status == REACHED and mark:
            self.mark_solved(state.puzzle.id)

    # -- the buttons ------------------------------------------------------------------------------

    def show_solution(self) -> None:
        """Show solution (the puzzle just opened again): its stored line is played."""
        self.store.update(puzzle_status=SHOWN)
        asyncio.ensure_future(self.play_solution(self.showing))

    async def play_solution(self, token: int) -> None:
        """The stored line, move by move, the cards flying as in play."""
        delay = max(SPEED_DELAY_MS.get(self.store.state.speed, 0), SOLUTION_STEP_MS) / 1000
        for move in self.store.state.puzzle.solution:
            await asyncio.sleep(delay)
            state = self.store.state
            if token != self.showing or not state.in_puzzle:
                return
            table, outcome = state.ctrl.play(move, state.table)
            self.store.update(table=table)
            if not outcome.played:
                return
            self.commands.show_move(state.ctrl.log[-1])

    # -- drawing ------------------------------------------------------------------------------------

    def render(self) -> None:
        if self.view is None:
            return
        state = self.store.state
        if not state.in_puzzle:
            if not self.box.hidden:
                self.box.hidden = True
            return
        p = state.puzzle
        look = state.look
        self.view.show(box_tree(p, state.puzzle_status, look.lang, look.faces, p.id < len(PUZZLES)))
        self.box.hidden = False

    def sheet_tree(self, state: PageState) -> El:
        """The puzzles sheet: the list, with those solved marked (as read when it opened:
        ``read_solved``). Reads the state only."""
        return list_tree(state.puzzles_solved, state.look.lang, state.look.faces)

    @staticmethod
    def entry_tree(state: PageState) -> El:
        """The puzzles' button on the new-game screen."""
        return entry_tree(state.look.lang)

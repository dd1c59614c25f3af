"""The page's command API: every change the player or the host page asks for, one method
each (``new_game``, ``pick``, ``play``, ``hint``, ``undo``, ``highlight``, ``open_record``,
``step``, ``close``, ``set_lang``, ``set_speed``, ...). Clicks, keys, drag and drop, the
tutorial's and the puzzles' buttons and the host's ``postMessage`` all come here.

A command changes the page's state (skipbo_web.state.store) through the game's controller and
the rooms' logic, and returns what the host answers with. ``strict`` commands (the host's)
refuse with a ``HostError`` (its code is the host API's, docs/EMBEDDING.md) where the
page itself would only say why on its message line; a refused command changes nothing.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from skipbo_core import IllegalMove, InvalidMove, Move

from ..host.host_api import (
    BAD_ARGS,
    BAD_POSITION,
    BAD_RECORD,
    ILLEGAL,
    NO_PILE,
    NOT_NOW,
    HostError,
    Pile,
    message_words,
    public_state,
)
from ..i18n import LANGUAGES, describe
from ..views.coach import controller_for
from ..views.practice import undo_block
from ..views.table import card_token, message_text
from .controller import Controller, LogEntry, Message, new_seed
from .positions import PositionProblem
from .prefs import next_theme
from .puzzle_book import PUZZLES, puzzle
from .replay import RecordProblem, Replay
from .settings import UrlOptions, parse_url
from .store import GAME, PLAYED, Highlight, Mode, Moved, PageState, Store
from .tutorial import Tutorial

if TYPE_CHECKING:
    from ..dom.page_assist import Assist, Narration
    from ..dom.page_computer import ComputerTurns
    from ..dom.page_dom import Browser
    from ..dom.page_drag import DragAndDrop
    from ..dom.page_keys import Keyboard
    from ..dom.page_positions import PositionDesk
    from ..dom.page_puzzles import PuzzleSession
    from ..dom.page_records import RecordsDesk
    from ..dom.page_session import Session
    from ..dom.page_sheet import Sheet
    from ..dom.page_sound import Sound
    from ..dom.page_stats import StatsDesk
    from ..dom.page_table import TableView
    from ..dom.page_tutorial import TutorialSession

UNDO_REFUSALS = {"undo.not_practice": "Undo works in practice games only",
                 "undo.not_now": "no person may move now",
                 "undo.none": "there is no move of this turn to take back",
                 "undo.hidden": "the last move showed a hidden card, so it stays",
                 "undo.tutorial": "the tutorial takes no moves back"}


@dataclass
class Rooms:
    """What the commands are carried out through: the session, the browser, the rooms, and
    the page's steps after a change (``page_app`` wires them; none of them is the page)."""

    session: Session
    browser: Browser
    root: Any                       # the table's container
    sheet: Sheet
    records: RecordsDesk
    tutorial: TutorialSession
    puzzles: PuzzleSession
    stats: StatsDesk
    assist: Assist
    positions: PositionDesk
    computer: ComputerTurns
    keys: Keyboard
    drag: DragAndDrop
    table: TableView
    sound: Sound
    narration: Narration            # the moves and the table in words
    render: Callable[[], None]      # patch the page to the state
    use: Callable[[Controller], None]  # switch to another game (drawn, the computer going on)
    show_game: Callable[..., None]  # put a game on the table (nothing saved, nothing drawn yet)
    after_human: Callable[..., None]  # a person's click was taken (played or not)
    show_move: Callable[[LogEntry], None]  # draw a move just played, its card moving


class Commands:
    """One method per command. It holds the page's parts (``Rooms``) only to carry the
    command out; the callers (input, the rooms and the host) hold this and the store,
    never each other."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self._rooms: Rooms | None = None

    def wire(self, rooms: Rooms) -> None:
        """The parts the commands work through (made after the commands, which they hold)."""
        self._rooms = rooms

    @property
    def rooms(self) -> Rooms:
        assert self._rooms is not None, "Commands.wire comes first"
        return self._rooms

    @property
    def state(self) -> PageState:
        return self.store.state

    # -- when a person may act ------------------------------------------------------------------

    def table_free(self) -> None:
        """Refused while the replay viewer is open over the game."""
        if self.state.mode is Mode.REPLAY:
            raise HostError(NOT_NOW, "the replay viewer is open (close it, or open a game)")

    def person_to_move(self) -> Controller:
        """The game, when a person of this device is to move now; refused otherwise."""
        self.table_free()
        ctrl = self.state.ctrl
        if ctrl.game.is_over:
            raise HostError(NOT_NOW, "the game is over")
        if ctrl.is_ai(ctrl.game.current_seat):
            raise HostError(NOT_NOW, "it is the computer's turn", to_move=ctrl.game.current_seat)
        if ctrl.curtain:
            raise HostError(NOT_NOW, "the device is to be passed on to the next player (hot-seat)")
        return ctrl

    def public_state(self) -> dict[str, Any]:
        """The host's ``state``: what everyone at the table sees, and the mode."""
        state = self.state
        return public_state(state.ctrl, state.look, state.speed, str(state.mode))

    def current(self) -> dict[str, Any]:
        return {"state": self.public_state()}

    # -- which game is on the table -------------------------------------------------------------

    def new_table(self, ctrl: Controller) -> None:
        """Put a new game on the table: sheets and the replay close, the tutorial waits."""
        rooms = self.rooms
        if self.state.sheet is not None:
            rooms.sheet.close()
        self.end_replay()
        rooms.use(ctrl)

    def put_game(self, ctrl: Controller, result_hidden: bool = False) -> None:
        """``ctrl``'s game on the table (nothing saved, nothing drawn yet: the caller goes on)."""
        self.rooms.show_game(ctrl, result_hidden)

    def _options(self, options: dict[str, str]) -> UrlOptions:
        """URL options read as the address would be (``settings.parse_url``); refused when bad."""
        url = parse_url({**options, "embed": "1"}, self.rooms.session.settings, LANGUAGES)
        if url.bad:
            raise HostError(BAD_ARGS, f"invalid value(s) for {', '.join(url.bad)} (docs/EMBEDDING.md, URL options)",
                            args=list(url.bad))
        return url

    def new_game(self, **options: str) -> dict[str, Any]:
        """A new game with the address's options (``puzzle``: that puzzle's table)."""
        if "puzzle" in options:
            return self._puzzle(options)
        url = self._options(options)
        ctrl = Controller.start(url.settings, url.seed if url.seed is not None else new_seed(), origin="host")
        if url.faces is not None:
            self.state.look.faces = url.faces
        self.new_table(ctrl)
        return self.current()

    def _puzzle(self, options: dict[str, str]) -> dict[str, Any]:
        others = sorted(set(options) - {"puzzle"})
        if others:
            raise HostError(BAD_ARGS, f"puzzle takes no other options: {', '.join(others)}", args=others)
        if not self.open_puzzle(options["puzzle"]):
            raise HostError(BAD_ARGS, f"puzzle must be the number of a puzzle, 1 to {len(PUZZLES)}",
                            args=["puzzle"])
        return {"puzzle": self.state.puzzle.id, "state": self.public_state()}

    def open_puzzle(self, ident: Any) -> bool:
        """Put puzzle ``ident`` on the table, from its start; False when there is none."""
        p = puzzle(ident)
        if p is None:
            return False
        puzzles = self.rooms.puzzles
        ctrl = puzzles.table_for(p)
        self.new_table(ctrl)  # (it closes the tutorial)
        puzzles.attach(p, ctrl)
        self.rooms.render()
        return True

    def puzzle_action(self, action: str, ident: str | None = None) -> None:
        """The puzzles' buttons: open puzzle ``ident``; Retry, Next puzzle and Show
        solution for the puzzle on the table."""
        if action == "puzzle-open":
            self.open_puzzle(ident)
            return
        state = self.state
        if not state.in_puzzle:
            return
        if action == "puzzle-retry":
            self.open_puzzle(state.puzzle.id)
        elif action == "puzzle-next":
            self.open_puzzle(state.puzzle.id + 1)
        elif action == "puzzle-solution":
            self.open_puzzle(state.puzzle.id)
            self.rooms.puzzles.show_solution()
            self.rooms.render()

    def position(self, position: dict[str, Any], options: dict[str, str]) -> dict[str, Any]:
        """A position set up as the game on the table."""
        state = self.state
        url = self._options(options)
        try:
            ctrl = Controller.from_position(position, url.settings or self.rooms.session.settings, origin="host")
        except PositionProblem as err:
            raise HostError(BAD_POSITION, str(err), path=err.path, reason=err.code,
                            explain=message_words(state.look.lang, err.message)) from None
        if url.faces is not None:
            state.look.faces = url.faces
        self.new_table(ctrl)
        return self.current()

    def open_setup(self) -> bool:
        """The new-game screen (an embedded table has none: False)."""
        if self.rooms.session.embed:
            return False
        self.open_sheet("setup")
        return True

    def next_game(self) -> None:
        self.rooms.use(self.state.ctrl.next_game(new_seed()))

    def play_again(self) -> None:
        """The same settings again (a new match)."""
        self.rooms.use(self.rooms.session.deal(self.state.ctrl.settings_for_replay()))

    def url_game(self) -> None:
        """Yes, the address's new game replaces the one in progress."""
        waiting = self.rooms.session.take_waiting()
        if waiting is not None:
            self.rooms.use(waiting)
        self.rooms.render()

    # -- moves -----------------------------------------------------------------------------------

    def pick(self, slot: str | None, seat: int | None, card: str | None, top: str | None,
             keyboard: bool = False, drop: Any = None) -> bool:
        """A pile or hand card chosen (clicked, tapped, Enter, or a dragged card dropped on
        it: ``drop`` is its copy under the pointer): picked up, put down, or played.
        Whether a move was played."""
        played = self.state.ctrl.click(slot, seat, card, top)
        self.rooms.after_human(played, keyboard, drop)
        return played

    def lift(self, slot: str | None, seat: int | None, card: str | None, top: str | None) -> bool:
        """A drag begins: its card is picked (unless it is already). False: it may not move."""
        ctrl = self.state.ctrl
        notation = ctrl.notation(slot, seat, card)
        if notation is not None and ctrl.selected != notation:
            ctrl.click(slot, seat, card, top)
        self.rooms.render()
        return notation is not None

    def cancel_pick(self) -> None:
        """Put the picked card back (nothing changes when none is picked)."""
        ctrl = self.state.ctrl
        if ctrl.selected is not None:
            ctrl.cancel()
            self.rooms.render()

    def drop_nowhere(self) -> None:
        """A drag ended off the table's piles: the card goes back."""
        self.state.ctrl.cancel()
        self.rooms.render()

    def play(self, move: str) -> dict[str, Any]:
        """Play ``move`` in the rules' notation for the person to move (the host's ``play``)."""
        ctrl = self.person_to_move()
        look = self.state.look
        try:
            parsed = Move.parse(move)
        except InvalidMove:
            raise HostError(BAD_ARGS, f"{move!r} is not a move in the rules' notation (such as H5>B1, S>B2, "
                            "H7>D1, end)", args=["move"]) from None
        refusal = ctrl.guard(parsed) if ctrl.guard is not None else None
        if refusal is not None:
            raise HostError(NOT_NOW, "the lesson asks for another move", explain=message_text(ctrl, look, refusal))
        if not ctrl.game.is_legal(parsed):
            try:
                ctrl.game.copy().play(parsed)
                rule, details = "illegal", {}
            except IllegalMove as exc:
                rule, details = exc.code, dict(exc.details)
            explain = describe(look.lang, "illegal." + rule, details, faces=look.faces)
            raise HostError(ILLEGAL, f"{parsed} breaks a rule: {describe('en', 'illegal.' + rule, details)}",
                            rule=rule, explain=explain)
        ctrl.selected = None
        self.rooms.after_human(ctrl.play(str(parsed)), False)
        entry = self.state.ctrl.game.log(-1)[0]
        return {"move": str(entry.move), "card": card_token(entry.card) or None, "state": self.public_state()}

    def announce(self, entry: LogEntry) -> None:
        """A move was played (the computer's): said in words now (the narration follows
        the store), kept and drawn by ``show_move``."""
        self.state.moved = Moved(entry)
        self.store.notify(PLAYED)

    def show_move(self, entry: LogEntry) -> None:
        """A move was played on the game on the table (the computer's): kept, then drawn."""
        self.store.notify(GAME)
        self.rooms.show_move(entry)

    def end_turn(self) -> None:
        self.rooms.after_human(self.state.ctrl.play("end"), False)

    def reveal(self) -> None:
        """Hot-seat: the next player is at the device; their cards show."""
        self.state.ctrl.reveal()
        self.rooms.render()
        self.rooms.keys.focus('.me [data-playable="1"], .me [data-slot="H"]')

    # -- help at the table --------------------------------------------------------------------------

    def hint(self, strict: bool = False) -> dict[str, Any]:
        """The hard computer player's move for the person to move, shown on the table."""
        if strict:
            self.person_to_move()
            if self.state.in_tutorial:
                raise HostError(NOT_NOW, "the tutorial gives no hints")
        found = self.rooms.assist.show_hint()
        if found is None:
            if strict:
                raise HostError(NOT_NOW, "no hint now")
            return {}
        ctrl = self.state.ctrl
        return {"move": str(found.move), "reason": found.reason,
                "text": message_text(ctrl, self.state.look, ctrl.message)}  # the hint just shown

    def undo(self, strict: bool = False) -> dict[str, Any]:
        """Take back the last move of this turn (practice games); ``strict``: refused with
        the reason instead of saying it on the message line."""
        if strict:
            self.table_free()
            why = "undo.tutorial" if self.state.in_tutorial else undo_block(self.state.ctrl)
            if why is not None:
                raise HostError(NOT_NOW, UNDO_REFUSALS[why], reason_key=why)
        moves = self.state.ctrl.game.moves
        move = moves[-1] if moves else None
        self.rooms.assist.take_back()
        return {"move": str(move), "state": self.public_state()}

    def read_table(self) -> None:
        self.rooms.narration.read_table()

    def highlight(self, piles: list[Pile], caption: str) -> dict[str, Any]:
        """Light up ``piles`` (each must be on the table now) and show ``caption``."""
        rooms = self.rooms
        self.table_free()
        players = self.state.ctrl.players
        missing = [p.name for p in piles if (p.seat is not None and p.seat >= players)
                   or rooms.browser.query(p.selector(), rooms.root) is None]
        if missing:
            raise HostError(NO_PILE, f"not on the table now: {', '.join(missing)}", piles=missing)
        self.store.update(highlight=Highlight(tuple(piles), caption, self.state.ctrl.game))
        rooms.render()
        return {"piles": [p.name for p in piles], "caption": caption}

    # -- sheets, records and the replay viewer ------------------------------------------------------

    def open_sheet(self, kind: str) -> None:
        """Open sheet ``kind`` (setup, help, records, replay, stats, puzzles)."""
        rooms = self.rooms
        if kind == "stats":
            rooms.stats.confirm = False
        rooms.sheet.open(kind)
        if kind in ("stats", "puzzles"):
            rooms.render()  # a notice, if what is kept of them was damaged

    def close_sheet(self) -> None:
        """Close the open sheet (the replay viewer ends with ``end_replay``)."""
        self.rooms.sheet.close()

    def redraw_sheet(self) -> None:
        """Draw the open sheet again (what it shows changed)."""
        self.rooms.sheet.refresh()

    def end_replay(self) -> None:
        """Leave the replay viewer (if open): the game that was running goes on, unchanged."""
        if self.rooms.records.end_replay():
            self.rooms.computer.kick()

    def close(self) -> dict[str, Any]:
        """Close the open sheet and the replay viewer; the game goes on."""
        rooms = self.rooms
        if self.state.sheet is not None:
            rooms.sheet.close()
        self.end_replay()
        rooms.render()
        return self.current()

    def open_record(self, record: dict[str, Any]) -> dict[str, Any]:
        """Show ``record`` in the replay viewer, at its start."""
        try:
            replay = Replay(record)
        except RecordProblem as problem:
            raise HostError(BAD_RECORD, message_words("en", problem.message), reason_key=problem.message.key,
                            explain=message_words(self.state.look.lang, problem.message)) from None
        self.rooms.records.show(replay)
        return self._where(replay)

    def step(self, to: str | int | None = None, turn: int | None = None) -> dict[str, Any]:
        """Move the replay viewer: to a step (a number), a turn, or one of host_api.STEP_TARGETS."""
        replay = self.state.replay
        if replay is None:
            raise HostError(NOT_NOW, "no record is open in the replay viewer (send the record command first)")
        records = self.rooms.records
        if turn is not None:
            records.go(lambda: replay.go_turn(turn))
        elif isinstance(to, int):
            records.go(lambda: replay.go(to))
        else:
            records.go({"forward": replay.forward, "back": replay.back, "start": replay.first, "end": replay.end,
                        "next-turn": replay.next_turn, "previous-turn": replay.previous_turn}[to])
        return self._where(replay)

    def export_position(self, as_link: bool) -> None:
        """The replay viewer's step as a position: a file, or a link (``as_link``)."""
        replay = self.state.replay
        if replay is not None:
            self.rooms.positions.export(replay, as_link)

    def toggle_replay(self) -> None:
        """The replay viewer plays on by itself, or pauses."""
        self.rooms.records.play()

    def _where(self, replay: Replay) -> dict[str, Any]:
        """Where the replay viewer stands: the step, the move just shown, the turn."""
        step = replay.step
        return {"step": step, "last": replay.last, "turn": replay.turn,
                "move": replay.moves[step - 1] if step else None, "over": replay.game.is_over}

    # -- the tutorial ---------------------------------------------------------------------------------

    def enter_tutorial(self, tutorial: Tutorial, unsaved: bool = False, setup: bool = False) -> None:
        """Show ``tutorial``; the game on the table waits (its save is not touched).
        ``unsaved``: that game is a new deal not saved yet; ``setup``: leaving opens the
        new-game screen."""
        rooms = self.rooms
        rooms.computer.stop()  # the set-aside game's computer player stops
        rooms.tutorial.set_aside(self.state.ctrl, unsaved, setup)
        self.store.update(tutorial=tutorial)
        self.put_game(controller_for(tutorial, rooms.session.settings), result_hidden=tutorial.game.is_over)

    def leave_tutorial(self, open_setup: bool = False) -> None:
        """Back to the game that was set aside, or to the new-game screen on a first visit."""
        rooms = self.rooms
        tutorial = rooms.tutorial
        normal = tutorial.normal
        tutorial.close()
        if normal is None or tutorial.normal_unsaved:
            rooms.use(normal if normal is not None else rooms.session.deal())
            open_setup = open_setup or tutorial.normal_setup
        else:  # not saved again: the normal game's save stays exactly as it was
            rooms.computer.stop()
            self.put_game(normal)
            rooms.render()
            rooms.computer.kick()
        if open_setup:
            self.open_sheet("setup")

    def tutorial_action(self, action: str) -> None:
        """The coach box's and the new-game screen's tutorial buttons (``tutorial-start``,
        ``-resume``, ``-restart``, ``-next``, ``-leave``, ``-new``)."""
        rooms = self.rooms
        if action == "tutorial-leave":
            self.leave_tutorial()
            return
        if action == "tutorial-new":
            self.leave_tutorial(open_setup=True)
            return
        if self.state.sheet is not None:
            rooms.sheet.close()
        tutorial = self.state.tutorial
        if action in ("tutorial-start", "tutorial-restart"):
            self.enter_tutorial(Tutorial())
        elif action == "tutorial-resume" and tutorial is None:
            saved, _ = rooms.tutorial.load()
            self.enter_tutorial(saved or Tutorial())
        elif action == "tutorial-next" and tutorial is not None:
            tutorial.next()
        self.store.notify(GAME)
        rooms.render()
        rooms.tutorial.focus_coach()
        rooms.computer.kick()  # a tutorial left during the computer's turn goes on with it

    # -- one tab owns the game (page_tabs) ------------------------------------------------------------

    def step_back(self) -> None:
        """Another tab has the game: stop, close any sheet, cover the table."""
        rooms = self.rooms
        self.state.look.elsewhere = True
        rooms.computer.stop()
        rooms.drag.drop_gesture()
        if self.state.sheet is not None:
            rooms.sheet.close()
        rooms.render()
        rooms.keys.focus('[data-action="take-over"]')

    def take_over(self) -> None:
        """Uncover the table and go on from the newest save (the tab has claimed the game)."""
        rooms = self.rooms
        self.state.look.elsewhere = False
        saved = rooms.session.load_saved()
        rooms.stats.forget()  # the other tab may have counted games meanwhile
        if saved is not None:
            rooms.computer.stop()
            if self.state.in_tutorial:  # the tutorial goes on; leaving it finds the newest game
                rooms.tutorial.normal, rooms.tutorial.normal_unsaved = saved, False
            else:
                rooms.show_game(saved)
        rooms.render()
        rooms.keys.focus('.me [data-playable="1"], .me [data-slot="H"]')
        rooms.computer.kick()

    # -- the page's switches ------------------------------------------------------------------------

    def set_lang(self, lang: str) -> dict[str, Any]:
        rooms = self.rooms
        rooms.session.set_language(lang)
        rooms.render()
        rooms.sheet.relanguage()
        return {"lang": lang}

    def show_lang(self, lang: str) -> None:
        """The page in ``lang`` for now (the new-game form's choice: kept when its game starts)."""
        self.state.look.lang = lang
        self.rooms.render()

    def set_speed(self, speed: int, redraw: bool = True) -> dict[str, Any]:
        """The computer's pace (``redraw``: the bar shows it; the bar's own field needs none)."""
        self.rooms.session.set_speed(speed)
        if redraw:
            self.rooms.render()
        return {"speed": speed}

    def set_theme(self, choice: str) -> None:
        """Colour the table as ``choice`` says (index.html's ``skipboTheme`` resolves
        ``auto`` with the device's setting, and follows it when it changes)."""
        rooms = self.rooms
        rooms.session.set_theme(choice)
        apply = getattr(rooms.browser.window, "skipboTheme", None)
        if apply is not None:
            apply(choice)
        rooms.render()

    def next_theme(self) -> None:
        self.set_theme(next_theme(self.state.look.theme))

    def close_menu(self) -> None:
        """Fold the bar's menu (on a narrow screen)."""
        self.rooms.table.toggle_menu(False)

    def toggle_sound(self) -> None:
        self.rooms.session.set_sound(not self.state.look.sound)
        self.store.notify("look")  # the sound follows its switch
        self.rooms.render()

    def show_result(self, shown: bool) -> None:
        self.state.look.result_hidden = not shown
        self.rooms.render()

    def notice(self, message: Message) -> None:
        """Say ``message`` above the table (what is wrong with an address, a file, a save)."""
        self.state.notices.append(message)
        self.store.notify("notices")
        self.rooms.render()

    def dismiss(self, index: int) -> None:
        """Close a notice (the address's game waiting for a yes: no, the game goes on)."""
        notices = self.state.notices
        if 0 <= index < len(notices):
            if notices[index].key == "notice.url_replace":
                self.rooms.session.waiting = None
            del notices[index]
            self.store.notify("notices")
        self.rooms.render()

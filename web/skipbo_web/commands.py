"""The page's command API: every change the player or the host page asks for, one method
each (``new_game``, ``pick``, ``play``, ``hint``, ``undo``, ``highlight``, ``open_record``,
``step``, ``close``, ``set_lang``, ``set_speed``, ...). Clicks, keys, drag and drop, the
tutorial's and the puzzles' buttons and the host's ``postMessage`` all come here.

A command changes the page's state (skipbo_web.state) through the game's controller and
the rooms' logic, and returns what the host answers with. ``strict`` commands (the host's)
refuse with a ``HostError`` (its code is the host API's, docs/EMBEDDING.md) where the
page itself would only say why on its message line; a refused command changes nothing.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from skipbo_core import IllegalMove, InvalidMove, Move

from .controller import Controller, LogEntry, Message
from .host_api import (
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
from .i18n import LANGUAGES, describe
from .page_session import new_seed
from .positions import PositionProblem
from .practice import undo_block
from .prefs import next_theme
from .puzzle_book import PUZZLES
from .replay import RecordProblem, Replay
from .settings import UrlOptions, parse_url
from .state import GAME, PLAYED, Highlight, Mode, Moved, PageState, Store
from .table import card_token, message_text

if TYPE_CHECKING:
    from .page_app import App

UNDO_REFUSALS = {"undo.not_practice": "Undo works in practice games only",
                 "undo.not_now": "no person may move now",
                 "undo.none": "there is no move of this turn to take back",
                 "undo.hidden": "the last move showed a hidden card, so it stays",
                 "undo.tutorial": "the tutorial takes no moves back"}


class Commands:
    """One method per command. It holds the page's parts only to carry the command out;
    the callers (input and the host) hold this and the store, never each other."""

    def __init__(self, app: App) -> None:
        self._app = app
        self.store: Store = app.store

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
        app = self._app
        if self.state.sheet is not None:
            app.sheet.close()
        app.records.end_replay()
        app.use(ctrl)

    def _options(self, options: dict[str, str]) -> UrlOptions:
        """URL options read as the address would be (``settings.parse_url``); refused when bad."""
        url = parse_url({**options, "embed": "1"}, self._app.session.settings, LANGUAGES)
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
        return self._app.puzzles.open(ident)

    def position(self, position: dict[str, Any], options: dict[str, str]) -> dict[str, Any]:
        """A position set up as the game on the table."""
        state = self.state
        url = self._options(options)
        try:
            ctrl = Controller.from_position(position, url.settings or self._app.session.settings, origin="host")
        except PositionProblem as err:
            raise HostError(BAD_POSITION, str(err), path=err.path, reason=err.code,
                            explain=message_words(state.look.lang, err.message)) from None
        if url.faces is not None:
            state.look.faces = url.faces
        self.new_table(ctrl)
        return self.current()

    def open_setup(self) -> bool:
        """The new-game screen (an embedded table has none: False)."""
        if self._app.session.embed:
            return False
        self.open_sheet("setup")
        return True

    def next_game(self) -> None:
        self._app.use(self.state.ctrl.next_game(new_seed()))

    def play_again(self) -> None:
        """The same settings again (a new match)."""
        self._app.use(self._app.session.deal(self.state.ctrl.settings_for_replay()))

    def url_game(self) -> None:
        """Yes, the address's new game replaces the one in progress."""
        waiting = self._app.session.take_waiting()
        if waiting is not None:
            self._app.use(waiting)
        self._app.render()

    # -- moves -----------------------------------------------------------------------------------

    def pick(self, slot: str | None, seat: int | None, card: str | None, top: str | None,
             keyboard: bool = False, drop: Any = None) -> bool:
        """A pile or hand card chosen (clicked, tapped, Enter, or a dragged card dropped on
        it: ``drop`` is its copy under the pointer): picked up, put down, or played.
        Whether a move was played."""
        played = self.state.ctrl.click(slot, seat, card, top)
        self._app.after_human(played, keyboard, drop)
        return played

    def lift(self, slot: str | None, seat: int | None, card: str | None, top: str | None) -> bool:
        """A drag begins: its card is picked (unless it is already). False: it may not move."""
        ctrl = self.state.ctrl
        notation = ctrl.notation(slot, seat, card)
        if notation is not None and ctrl.selected != notation:
            ctrl.click(slot, seat, card, top)
        self._app.render()
        return notation is not None

    def cancel_pick(self) -> None:
        """Put the picked card back (nothing changes when none is picked)."""
        ctrl = self.state.ctrl
        if ctrl.selected is not None:
            ctrl.cancel()
            self._app.render()

    def drop_nowhere(self) -> None:
        """A drag ended off the table's piles: the card goes back."""
        self.state.ctrl.cancel()
        self._app.render()

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
        self._app.after_human(ctrl.play(str(parsed)), False)
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
        self._app.show_move(entry)

    def end_turn(self) -> None:
        self._app.after_human(self.state.ctrl.play("end"), False)

    def reveal(self) -> None:
        """Hot-seat: the next player is at the device; their cards show."""
        self.state.ctrl.reveal()
        self._app.render()
        self._app.keys.focus('.me [data-playable="1"], .me [data-slot="H"]')

    # -- help at the table --------------------------------------------------------------------------

    def hint(self, strict: bool = False) -> dict[str, Any]:
        """The hard computer player's move for the person to move, shown on the table."""
        if strict:
            self.person_to_move()
            if self.state.in_tutorial:
                raise HostError(NOT_NOW, "the tutorial gives no hints")
        found = self._app.assist.show_hint()
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
        self._app.assist.take_back()
        return {"move": str(move), "state": self.public_state()}

    def read_table(self) -> None:
        self._app.narration.read_table()

    def highlight(self, piles: list[Pile], caption: str) -> dict[str, Any]:
        """Light up ``piles`` (each must be on the table now) and show ``caption``."""
        app = self._app
        self.table_free()
        players = self.state.ctrl.players
        missing = [p.name for p in piles
                   if (p.seat is not None and p.seat >= players) or app.browser.query(p.selector(), app.root) is None]
        if missing:
            raise HostError(NO_PILE, f"not on the table now: {', '.join(missing)}", piles=missing)
        self.store.update(highlight=Highlight(tuple(piles), caption, self.state.ctrl.game))
        app.render()
        return {"piles": [p.name for p in piles], "caption": caption}

    # -- sheets, records and the replay viewer ------------------------------------------------------

    def open_sheet(self, kind: str) -> None:
        self._app.sheet.open(kind)

    def close(self) -> dict[str, Any]:
        """Close the open sheet and the replay viewer; the game goes on."""
        app = self._app
        if self.state.sheet is not None:
            app.sheet.close()
        app.records.end_replay()
        app.render()
        return self.current()

    def open_record(self, record: dict[str, Any]) -> dict[str, Any]:
        """Show ``record`` in the replay viewer, at its start."""
        try:
            replay = Replay(record)
        except RecordProblem as problem:
            raise HostError(BAD_RECORD, message_words("en", problem.message), reason_key=problem.message.key,
                            explain=message_words(self.state.look.lang, problem.message)) from None
        self._app.records.show(replay)
        return self._where(replay)

    def step(self, to: str | int | None = None, turn: int | None = None) -> dict[str, Any]:
        """Move the replay viewer: to a step (a number), a turn, or one of host_api.STEP_TARGETS."""
        replay = self.state.replay
        if replay is None:
            raise HostError(NOT_NOW, "no record is open in the replay viewer (send the record command first)")
        records = self._app.records
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
            self._app.positions.export(replay, as_link)

    def toggle_replay(self) -> None:
        """The replay viewer plays on by itself, or pauses."""
        self._app.records.play()

    def _where(self, replay: Replay) -> dict[str, Any]:
        """Where the replay viewer stands: the step, the move just shown, the turn."""
        step = replay.step
        return {"step": step, "last": replay.last, "turn": replay.turn,
                "move": replay.moves[step - 1] if step else None, "over": replay.game.is_over}

    # -- one tab owns the game (page_tabs) ------------------------------------------------------------

    def step_back(self) -> None:
        """Another tab has the game: stop, close any sheet, cover the table."""
        app = self._app
        self.state.look.elsewhere = True
        app.computer.stop()
        app.drag.drop_gesture()
        if self.state.sheet is not None:
            app.sheet.close()
        app.render()
        app.keys.focus('[data-action="take-over"]')

    def take_over(self) -> None:
        """Uncover the table and go on from the newest save (the tab has claimed the game)."""
        app = self._app
        self.state.look.elsewhere = False
        saved = app.session.load_saved()
        app.stats.forget()  # the other tab may have counted games meanwhile
        if saved is not None:
            app.computer.stop()
            if self.state.in_tutorial:  # the tutorial goes on; leaving it finds the newest game
                app.tutorial.normal, app.tutorial.normal_unsaved = saved, False
            else:
                app.show_game(saved)
        app.render()
        app.keys.focus('.me [data-playable="1"], .me [data-slot="H"]')
        app.computer.kick()

    # -- the page's switches ------------------------------------------------------------------------

    def set_lang(self, lang: str) -> dict[str, Any]:
        app = self._app
        app.session.set_language(lang)
        app.render()
        app.sheet.relanguage()
        return {"lang": lang}

    def set_speed(self, speed: int, redraw: bool = True) -> dict[str, Any]:
        """The computer's pace (``redraw``: the bar shows it; the bar's own field needs none)."""
        self._app.session.set_speed(speed)
        if redraw:
            self._app.render()
        return {"speed": speed}

    def set_theme(self, choice: str) -> None:
        """Colour the table as ``choice`` says (index.html's ``skipboTheme`` resolves
        ``auto`` with the device's setting, and follows it when it changes)."""
        app = self._app
        app.session.set_theme(choice)
        apply = getattr(app.browser.window, "skipboTheme", None)
        if apply is not None:
            apply(choice)
        app.render()

    def next_theme(self) -> None:
        self.set_theme(next_theme(self.state.look.theme))

    def close_menu(self) -> None:
        """Fold the bar's menu (on a narrow screen)."""
        self._app.table.toggle_menu(False)

    def toggle_sound(self) -> None:
        self._app.session.set_sound(not self.state.look.sound)
        self.store.notify("look")  # the sound follows its switch
        self._app.render()

    def show_result(self, shown: bool) -> None:
        self.state.look.result_hidden = not shown
        self._app.render()

    def notice(self, message: Message) -> None:
        """Say ``message`` above the table (what is wrong with an address, a file, a save)."""
        self.state.notices.append(message)
        self.store.notify("notices")
        self._app.render()

    def dismiss(self, index: int) -> None:
        """Close a notice (the address's game waiting for a yes: no, the game goes on)."""
        notices = self.state.notices
        if 0 <= index < len(notices):
            if notices[index].key == "notice.url_replace":
                self._app.session.waiting = None
            del notices[index]
            self.store.notify("notices")
        self._app.render()

"""The host API on the page: commands from the page around the frame (``postMessage``),
carried out through the same paths as a player's clicks, and their answers
(skipbo_web.host_api reads and checks the commands and writes the answers).

Only the parent window may steer the game, and with ``host=<origin>`` in the address
only a parent of that origin; any other message is ignored, unanswered. A command that
is refused changes nothing and is answered with an ``error``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from skipbo_core import IllegalMove, InvalidMove, Move

from .controller import Controller
from .host_api import (
    BAD_ARGS,
    BAD_POSITION,
    BAD_RECORD,
    ILLEGAL,
    MALFORMED,
    NO_PILE,
    NOT_NOW,
    SOURCE,
    Command,
    HostError,
    Pile,
    answer,
    error_answer,
    message_words,
    parse_command,
    peek_id,
    public_state,
)
from .i18n import LANGUAGES, describe
from .page_dom import JsException, js
from .page_session import new_seed
from .positions import PositionProblem
from .practice import undo_block
from .puzzle_book import PUZZLES
from .replay import RecordProblem, Replay
from .settings import parse_url
from .state import Highlight, Mode
from .table import card_token, message_text
from .view_tree import TreeView, h, props

if TYPE_CHECKING:
    from .page_app import App


class HostLink:
    """Commands from the parent page, and the piles and caption a ``highlight`` shows."""

    def __init__(self, app: App) -> None:
        self.app = app
        self.store = app.store
        box = app.browser.by_id("caption")
        self.view = TreeView(app.patcher, box) if box is not None else None

    # -- messages ---------------------------------------------------------------------------

    def accepts(self, event: Any) -> bool:
        """Whether ``event`` is a message from the parent page that may steer the game."""
        window = self.app.browser.window
        if window.parent == window or js(event.source) is None or not window.parent == event.source:
            return False
        allowed = self.app.session.host_origin
        return allowed is None or str(event.origin) == allowed

    def on_message(self, event: Any) -> None:
        if not self.accepts(event):
            return
        data = js(event.data)
        if getattr(data, "source", None) != SOURCE:
            return  # not a command: other messages are none of the game's business
        try:
            text = js(self.app.browser.window.JSON.stringify(data))
        except JsException:
            text = None
        if not isinstance(text, str):
            err = HostError(MALFORMED, "the command cannot be written as JSON")
            err.id = peek_id(js(getattr(data, "id", None)))
            self.app.frame.tell([error_answer(err)])
            return
        try:
            command = parse_command(text)
        except HostError as err:
            if err.id is None:
                err.id = peek_id(js(getattr(data, "id", None)))
            self.app.frame.tell([error_answer(err)])
            return
        self.app.frame.tell([self.run(command)])

    def run(self, command: Command) -> dict[str, Any]:
        """Carry out a checked command; its answer (``ok`` or ``error``)."""
        try:
            return answer(command, **getattr(self, "do_" + command.name)(**command.args))
        except HostError as err:
            err.id, err.command = command.id, command.name
            return error_answer(err)

    # -- what is shown ------------------------------------------------------------------------

    def state(self) -> dict[str, Any]:
        app = self.app
        return public_state(app.ctrl, app.look, app.session.speed, self.mode())

    def mode(self) -> str:
        return str(self.store.state.mode)

    @property
    def piles(self) -> tuple[Pile, ...]:
        """The piles the last highlight lit up."""
        return self.store.state.highlight.piles

    @property
    def caption(self) -> str:
        return self.store.state.highlight.caption

    def marks(self) -> list[tuple[str, str, str]]:
        """The highlight's marks on the table (none once another game is on it)."""
        if self.store.state.highlight.game is not self.app.ctrl.game:
            self.store.update(highlight=Highlight())
        return [(pile.selector(), "data-highlight", "1") for pile in self.piles]

    def render(self) -> None:
        """The caption box above the table (hidden when there is no caption)."""
        if self.view is None:
            return
        node = self.view.node
        if self.caption:
            self.view.show(h("div", props(id="caption", class_="caption", aria_live="polite"),
                             h("p", props(class_="caption-text"), self.caption, key="text")))
            node.hidden = False
        elif not node.hidden:
            node.hidden = True

    # -- the game must be at a point where a person may act ------------------------------------

    def _table_free(self) -> None:
        if self.store.state.mode is Mode.REPLAY:
            raise HostError(NOT_NOW, "the replay viewer is open (close it, or open a game)")

    def _person_to_move(self) -> Controller:
        self._table_free()
        ctrl = self.app.ctrl
        if ctrl.game.is_over:
            raise HostError(NOT_NOW, "the game is over")
        if ctrl.is_ai(ctrl.game.current_seat):
            raise HostError(NOT_NOW, "it is the computer's turn", to_move=ctrl.game.current_seat)
        if ctrl.curtain:
            raise HostError(NOT_NOW, "the device is to be passed on to the next player (hot-seat)")
        return ctrl

    def new_table(self, ctrl: Controller) -> None:
        """Put a new game on the table: sheets and the replay close, the tutorial waits."""
        app = self.app
        if app.state.sheet is not None:
            app.sheet.close()
        app.records.end_replay()
        app.use(ctrl)

    # -- the commands -----------------------------------------------------------------------

    def do_state(self) -> dict[str, Any]:
        return {"state": self.state()}

    def _options(self, options: dict[str, str]) -> Any:
        """URL options read as the address would be (``settings.parse_url``); refused when bad."""
        url = parse_url({**options, "embed": "1"}, self.app.session.settings, LANGUAGES)
        if url.bad:
            raise HostError(BAD_ARGS, f"invalid value(s) for {', '.join(url.bad)} (docs/EMBEDDING.md, URL options)",
                            args=list(url.bad))
        return url

    def do_newgame(self, **options: str) -> dict[str, Any]:
        app = self.app
        if "puzzle" in options:
            return self._puzzle(options)
        url = self._options(options)
        ctrl = Controller.start(url.settings, url.seed if url.seed is not None else new_seed(), origin="host")
        if url.faces is not None:
            app.look.faces = url.faces
        self.new_table(ctrl)
        return {"state": self.state()}

    def _puzzle(self, options: dict[str, str]) -> dict[str, Any]:
        """``newgame`` with ``puzzle``: that puzzle's table (other options do not fit it)."""
        others = sorted(set(options) - {"puzzle"})
        if others:
            raise HostError(BAD_ARGS, f"puzzle takes no other options: {', '.join(others)}", args=others)
        if not self.app.puzzles.open(options["puzzle"]):
            raise HostError(BAD_ARGS, f"puzzle must be the number of a puzzle, 1 to {len(PUZZLES)}",
                            args=["puzzle"])
        return {"puzzle": self.app.puzzles.puzzle.id, "state": self.state()}

    def do_position(self, position: dict[str, Any], options: dict[str, str]) -> dict[str, Any]:
        app = self.app
        url = self._options(options)
        try:
            ctrl = Controller.from_position(position, url.settings or app.session.settings, origin="host")
        except PositionProblem as err:
            raise HostError(BAD_POSITION, str(err), path=err.path, reason=err.code,
                            explain=message_words(app.lang, err.message)) from None
        if url.faces is not None:
            app.look.faces = url.faces
        self.new_table(ctrl)
        return {"state": self.state()}

    def do_hint(self) -> dict[str, Any]:
        self._person_to_move()
        app = self.app
        if app.state.in_tutorial:
            raise HostError(NOT_NOW, "the tutorial gives no hints")
        found = app.assist.show_hint()
        if found is None:
            raise HostError(NOT_NOW, "no hint now")
        return {"move": str(found.move), "reason": found.reason,
                "text": message_text(app.ctrl, app.look, app.ctrl.message)}  # the hint just shown

    def do_undo(self) -> dict[str, Any]:
        self._table_free()
        app = self.app
        why = "undo.tutorial" if app.state.in_tutorial else undo_block(app.ctrl)
        if why is not None:
            reason = {"undo.not_practice": "Undo works in practice games only",
                      "undo.not_now": "no person may move now",
                      "undo.none": "there is no move of this turn to take back",
                      "undo.hidden": "the last move showed a hidden card, so it stays",
                      "undo.tutorial": "the tutorial takes no moves back"}[why]
            raise HostError(NOT_NOW, reason, reason_key=why)
        move = app.ctrl.game.moves[-1]
        app.assist.take_back()
        return {"move": str(move), "state": self.state()}

    def do_play(self, move: str) -> dict[str, Any]:
        ctrl = self._person_to_move()
        app = self.app
        try:
            parsed = Move.parse(move)
        except InvalidMove:
            raise HostError(BAD_ARGS, f"{move!r} is not a move in the rules' notation (such as H5>B1, S>B2, "
                            "H7>D1, end)", args=["move"]) from None
        refusal = ctrl.guard(parsed) if ctrl.guard is not None else None
        if refusal is not None:
            raise HostError(NOT_NOW, "the lesson asks for another move",
                            explain=message_text(ctrl, app.look, refusal))
        if not ctrl.game.is_legal(parsed):
            try:
                ctrl.game.copy().play(parsed)
                rule, details = "illegal", {}
            except IllegalMove as exc:
                rule, details = exc.code, dict(exc.details)
            explain = describe(app.lang, "illegal." + rule, details, faces=app.look.faces)
            raise HostError(ILLEGAL, f"{parsed} breaks a rule: {describe('en', 'illegal.' + rule, details)}",
                            rule=rule, explain=explain)
        ctrl.selected = None
        app.after_human(ctrl.play(str(parsed)), False)
        entry = app.ctrl.game.log(-1)[0]
        return {"move": str(entry.move), "card": card_token(entry.card) or None, "state": self.state()}

    def do_lang(self, lang: str) -> dict[str, Any]:
        self.app.set_language(lang)
        return {"lang": lang}

    def do_speed(self, speed: int) -> dict[str, Any]:
        self.app.session.set_speed(speed)
        self.app.render()
        return {"speed": speed}

    def do_highlight(self, piles: list[Pile], caption: str) -> dict[str, Any]:
        app = self.app
        self._table_free()
        players = app.ctrl.players
        missing = [p.name for p in piles
                   if (p.seat is not None and p.seat >= players)
                   or app.browser.query(p.selector(), app.root) is None]
        if missing:
            raise HostError(NO_PILE, f"not on the table now: {', '.join(missing)}", piles=missing)
        self.store.update(highlight=Highlight(tuple(piles), caption, app.ctrl.game))
        app.render()
        return {"piles": [p.name for p in piles], "caption": caption}

    def do_record(self, record: dict[str, Any]) -> dict[str, Any]:
        app = self.app
        try:
            replay = Replay(record)
        except RecordProblem as problem:
            raise HostError(BAD_RECORD, message_words("en", problem.message), reason_key=problem.message.key,
                            explain=message_words(app.lang, problem.message)) from None
        app.records.show(replay)
        return self._where(replay)

    def do_step(self, to: str | int | None = None, turn: int | None = None) -> dict[str, Any]:
        records = self.app.records
        replay = records.replay
        if replay is None:
            raise HostError(NOT_NOW, "no record is open in the replay viewer (send the record command first)")
        if turn is not None:
            records.go(lambda: replay.go_turn(turn))
        elif isinstance(to, int):
            records.go(lambda: replay.go(to))
        else:
            records.go({"forward": replay.forward, "back": replay.back, "start": replay.first, "end": replay.end,
                        "next-turn": replay.next_turn, "previous-turn": replay.previous_turn}[to])
        return self._where(replay)

    def do_close(self) -> dict[str, Any]:
        app = self.app
        if app.state.sheet is not None:
            app.sheet.close()
        app.records.end_replay()
        app.render()
        return {"state": self.state()}

    def _where(self, replay: Replay) -> dict[str, Any]:
        """Where the replay viewer stands: the step, the move just shown, the turn."""
        step = replay.step
        return {"step": step, "last": replay.last, "turn": replay.turn,
                "move": replay.moves[step - 1] if step else None, "over": replay.game.is_over}

"""The position editor: opened (from a link's position or the table on screen), a tap's
change of its table, and "Play from here". Its table is ``PageState.editor``, a value
(``state.editor.Editor``); the engine judges it (``state.editor.judge``)."""

from __future__ import annotations

from dataclasses import replace

from skipbo_core import Game, PositionError, to_compact

from ..state import positions
from ..state.address import parse_names
from ..state.controller import Controller
from ..state.editor import Editor, judge
from ..state.messages import Message
from ..state.positions import PositionProblem
from ..state.settings import Seat
from .base import CommandsBase

STEPS = {"ed-draw-less12": -12, "ed-draw-less": -1, "ed-draw-more": 1, "ed-draw-more12": 12}


def editor_of(game: Game) -> Editor:
    """The editor at the table of ``game`` (a fresh deal's when it is over); its draw
    pile "the rest" when that is its size (no completed piles set aside)."""
    if game.is_over:
        return Editor.dealt(game.rules.players)
    try:
        editor = Editor.from_game(game)
    except PositionError:  # a table not all of whose cards this page knows
        return Editor.dealt(game.rules.players)
    verdict = judge(editor)
    if verdict.game is None or len(verdict.game.draw_pile) != len(game.draw_pile):
        editor = replace(editor, draw=len(game.draw_pile))
    return editor


class EditorCommands(CommandsBase):
    """The position editor's commands."""

    def open_editor(self, compact: str | None = None, names: str | None = None, level: str | None = None) -> bool:
        """Open the editor at the position of ``compact`` (a ``pos=`` text, with the
        players' ``names`` of a ``names=`` text and the computer's ``level`` of ``ai=``),
        else at the table on screen. A position that cannot be read is said in a notice,
        and nothing changes (False)."""
        if compact is not None:
            try:
                editor = Editor.from_position(positions.read_compact(compact))
            except PositionProblem as err:
                self.store.add_notice(err.message)
                return False
            given = parse_names(names) if names is not None else None
            for seat, name in enumerate(given or ()):
                editor = editor.named(seat, name)
            editor = editor.at_level(level or "")
        else:
            editor = editor_of(self.store.state.ctrl.game)
        self.store.update(editor=editor, editor_note=None)
        self.rooms.sheet.open("editor")
        return True

    def editor_action(self, action: str, pile: str | None = None, card: str | None = None,
                      seat: str | None = None, n: str | None = None) -> None:
        """A button of the editor: its table changes (and is judged again as it is drawn)."""
        editor = self.store.state.editor
        if editor is None or self.store.state.sheet != "editor":
            return
        if action in ("ed-copy", "ed-copy-embed"):
            self.rooms.editor.copy(embed=action == "ed-copy-embed")
            return
        if action == "ed-save":
            self.rooms.editor.save()
            return
        if action == "ed-play":
            self.play_edited(editor)
            return
        following = _changed(editor, action, pile or "", card, seat, n)
        if following is not editor:
            self.store.update(editor=following, editor_note=None)
            self.redraw_sheet()

    def editor_name(self, seat: int, name: str) -> None:
        """A player's name typed in the editor."""
        editor = self.store.state.editor
        if editor is not None:
            self.store.update(editor=editor.named(seat, name), editor_note=None)
            self.redraw_sheet()

    def open_editor_text(self, text: str) -> None:
        """A position file opened in the editor: its table, or (a bad file) what is wrong
        with it, said in the sheet; the table being built stays as it was."""
        try:
            editor = Editor.from_position(positions.read_text(text))
        except PositionProblem as err:
            self.editor_says(err.message)
        except PositionError as err:
            self.editor_says(positions.problem(err).message)
        else:
            self.store.update(editor=editor, editor_note=Message("editor.opened"))
            self.redraw_sheet()

    def editor_says(self, note: Message) -> None:
        """Say ``note`` in the editor's sheet (what a Copy, Save or Open came to)."""
        self.store.update(editor_note=note)
        self.redraw_sheet()

    def play_edited(self, editor: Editor) -> None:
        """"Play from here": the edited table as the game, the seat to move a person, the
        others the computer (the engine refusing it: nothing happens)."""
        position = editor.position()
        try:
            compact = to_compact(position)
        except PositionError:
            return
        settings, level = self.rooms.session.settings, editor.level
        names = (*editor.names, *[""] * len(settings.seats))
        seats = tuple(Seat(names[i] or s.name, "human" if i == editor.current else level)
                      for i, s in enumerate(settings.seats))
        try:
            ctrl = Controller.from_position(position, replace(settings, seats=seats), origin=f"pos={compact}")
        except PositionProblem:
            return
        self.store.update(editor=None, editor_note=None)
        self.show_game(ctrl)


def _changed(editor: Editor, action: str, pile: str, card: str | None, seat: str | None, n: str | None) -> Editor:
    """The editor after button ``action`` (``pile``, ``card``, ``seat``, ``n``: its element's
    ``data-*``); the same value when it changes nothing."""
    number = int(n) if n is not None and n.isdigit() else None
    seat_no = int(seat) if seat is not None and seat.isdigit() else -1
    if action == "ed-card" and card is not None and card.isdigit() and 0 <= int(card) <= 12:
        return editor.pick(int(card))
    if action == "ed-pile":
        return editor.place(pile)
    if action == "ed-pop":
        return editor.pop(pile)
    if action == "ed-clear":
        return editor.clear(pile)
    if action == "ed-players" and number is not None and 2 <= number <= 6:
        return editor.with_players(number)
    if action == "ed-teams":
        return editor.with_teams(not editor.teams)
    if action == "ed-deck" and number is not None:
        return editor.with_deck(number)
    if action == "ed-level":
        return editor.at_level(n or "")
    if action == "ed-turn":
        return editor.to_move(seat_no)
    if action in ("ed-stock-less", "ed-stock-more") and 0 <= seat_no < editor.players:
        return editor.stock_count(seat_no, 1 if action == "ed-stock-more" else -1)
    if action == "ed-draw-rest":
        return editor.draw_count(None, 0)
    if action in STEPS:
        verdict = judge(editor)
        shown = len(verdict.game.draw_pile) if verdict.game is not None else editor.draw
        return editor if shown is None else editor.draw_count(STEPS[action], shown)
    return editor

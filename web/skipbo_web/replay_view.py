"""The replay viewer's HTML: a read-only table at any step of a record, its controls and
its move list. No DOM access; the page fills the sheet once and then patches the board
(``board_holder``, the same view model as the game's table) and the few controls that
change (``position_text``).

The table is the game's own table (``table.table_tree``) drawn from a read-only
``ReplayTable``: seen from one fixed seat, with every hand face up, because a replay
is for learning from the whole game.
"""

from __future__ import annotations

from html import escape

from skipbo_core import TURN_LIMIT, Match
from skipbo_core.history import LogEntry

from .controller import Controller, Message
from .i18n import t
from .replay import Replay
from .settings import KINDS, Settings
from .table import Look, attrs, message_text, seat_name, table_tree
from .view_tree import El, h, props, to_html

KEYS = {"ArrowRight": "forward", "ArrowLeft": "back", "Home": "first", "End": "last",
        "PageDown": "next-turn", "PageUp": "previous-turn", "p": "play", "P": "play"}


class ReplayTable(Controller):
    """A controller that only shows: the record's game at one step, seen from ``viewer``."""

    def __init__(self, replay: Replay, viewer: int) -> None:  # no super().__init__(): it deals a game to play
        self.game = replay.game
        self.settings = Settings()
        self.match = Match.single(replay.game)
        self.origin, self.practice = "", False
        kinds = [str(p.get("kind", "")) for p in replay.players]
        self.kinds = [k[3:] if k.startswith("ai:") and k[3:] in KINDS else "human" for k in kinds]
        self.computers, self.rngs = {}, {}
        self.selected = None
        self.last_human = self.revealed = self._viewer = viewer
        self.message = _message(replay, replay.log[:replay.step])

    @property
    def viewer(self) -> int:
        return self._viewer

    curtain = False
    shows_hand = True
    my_turn = False
    ai_to_move = False


def _message(replay: Replay, log: list[LogEntry]) -> Message:
    """The line under the table: the move just played, or how the game ended."""
    game = replay.game
    if replay.step == replay.last and game.is_over:
        result = game.result
        if result.winner is None:
            return Message(f"end.{result.reason}", {"limit": TURN_LIMIT})
        return Message("end.won", {"seat": result.winner})
    if not log:
        return Message("replay.dealt", {"seat": game.current_seat})
    return log_message(log[-1])


def log_message(e: LogEntry) -> Message:
    """One move in words (the texts of the game's move log)."""
    m = e.move
    if m.is_end:
        return Message("log.end", {"seat": e.seat})
    key = "log.discard" if m.is_discard else ("log.build_stock" if m.from_stock else "log.build")
    return Message(key, {"seat": e.seat, "card": e.card, "pile": m.slot + 1})


def default_viewer(replay: Replay) -> int:
    """The seat at the bottom of the replay: the first person in the record, else seat 0."""
    return next((s for s, p in enumerate(replay.players) if p.get("kind") == "human"), 0)


def board_tree(replay: Replay, look: Look, viewer: int) -> El:
    """The table at the current step, in a root that carries the replay's hooks."""
    ctrl = ReplayTable(replay, viewer)
    root = props(class_="table replay-table", data_replay="1", data_step=replay.step, data_last=replay.last)
    return table_tree(ctrl, Look(look.lang, look.faces, replay=True), "div", root)


def board_holder(replay: Replay, look: Look, viewer: int) -> El:
    """``board_tree`` in the ``#replay-board`` element that the page patches."""
    return h("div", props(id="replay-board"), board_tree(replay, look, viewer))


def board_html(replay: Replay, look: Look, viewer: int) -> str:
    return to_html(board_tree(replay, look, viewer))


def position_text(replay: Replay, lang: str) -> str:
    return t(lang, "replay.position", step=replay.step, total=replay.last, turn=replay.turn)


def step_text(replay: Replay, look: Look, viewer: int) -> str:
    """The current step in words (the move just played), shown by the controls: the line
    under the board is below the fold."""
    ctrl = ReplayTable(replay, viewer)
    return message_text(ctrl, look, ctrl.message)


def render_replay(replay: Replay, look: Look, viewer: int) -> str:
    """The whole viewer: title, controls, the board, the move list and the way out."""
    lang = look.lang
    ctrl = ReplayTable(replay, viewer)
    names = ", ".join(seat_name(ctrl, look, s) for s in range(len(replay.players)))

    def button(action: str, key: str, keys: str) -> str:
        return (f'<button type="button"{attrs(data_action="replay-" + action, aria_keyshortcuts=keys)}>'
                f'{escape(t(lang, key))}</button>')

    play_key = "replay.pause" if replay.playing else "replay.play"
    pressed = str(replay.playing).lower()
    controls = (button("first", "replay.first", "Home") + button("back", "replay.back", "ArrowLeft")
                + f'<button type="button" class="primary"'
                  f'{attrs(data_action="replay-play", aria_keyshortcuts="P", aria_pressed=pressed)}>'
                  f'{escape(t(lang, play_key))}</button>'
                + button("forward", "replay.forward", "ArrowRight") + button("last", "replay.last", "End"))
    items = []
    for k, e in enumerate(replay.log):
        msg = log_message(e)
        args = dict(msg.args)
        args["name"] = seat_name(ctrl, look, args.pop("seat"))
        text = t(lang, msg.key, faces=look.faces, **args)
        items.append(f'<li{attrs(data_move=str(e.move), data_by=e.seat, data_index=k)}>'
                     f'<button type="button"{attrs(data_action="replay-go", data_step=k + 1)}>'
                     f'<span class="turn-no">{replay.turn_of_move(k)}</span> {escape(text)}</button></li>')
    seats = "".join(f'<option value="{s}"{" selected" if s == viewer else ""}>'
                    f'{escape(seat_name(ctrl, look, s))}</option>'
                    for s in range(len(replay.players)))
    play_on = (f'<button type="button" data-action="replay-play-on"{"" if replay.can_play_on() else " hidden"}>'
               f'{escape(t(lang, "replay.play_on"))}</button>')
    end_note = "" if replay.finished else f'<p class="hint">{escape(t(lang, "replay.unfinished"))}</p>'
    return (f'<div class="sheet-body replay">'
            f'<h2 id="sheet-title">{escape(t(lang, "replay.title", names=names))}</h2>'
            f'<p class="hint">{escape(t(lang, "replay.open_hands"))} {escape(t(lang, "replay.keys"))}</p>'
            f'<div class="replay-controls" role="toolbar" aria-label="{escape(t(lang, "replay.controls"))}">{controls}'
            f'<label class="replay-slider"><span>{escape(t(lang, "replay.step"))}</span>'
            f'<input type="range" name="replay-step" min="0" max="{replay.last}" value="{replay.step}"></label>'
            f'<label class="replay-turn"><span>{escape(t(lang, "replay.turn"))}</span>'
            f'<input type="number" name="replay-turn" min="1" max="{replay.last_turn}" value="{replay.turn}"'
            f' inputmode="numeric"></label>'
            f'<label class="replay-seat"><span>{escape(t(lang, "replay.seen_from"))}</span>'
            f'<select name="replay-seat">{seats}</select></label>'
            f'<span class="replay-pos" id="replay-pos">{escape(position_text(replay, lang))}</span>'
            f'<p class="replay-now" id="replay-now">{escape(step_text(replay, look, viewer))}</p></div>'
            f'{to_html(board_holder(replay, look, viewer))}'
            f'{end_note}'
            f'<details class="replay-moves" open><summary>{escape(t(lang, "replay.moves"))} ({replay.last})</summary>'
            f'<ol id="replay-moves">{"".join(items)}</ol></details>'
            f'<div class="replay-export"><button type="button" data-action="replay-export">'
            f'{escape(t(lang, "replay.export"))}</button>'
            f'<button type="button" data-action="replay-export-link">{escape(t(lang, "replay.export_link"))}</button>'
            f'<input type="text" id="replay-export-url" readonly hidden'
            f' aria-label="{escape(t(lang, "replay.export_url"))}">'
            f'<p class="hint" id="replay-export-status" role="status"></p></div>'
            f'<div class="actions">{play_on}'
            f'<button type="button" class="primary" data-action="replay-close">'
            f'{escape(t(lang, "replay.close"))}</button></div>'
            f'</div>')

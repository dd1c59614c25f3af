"""The replay viewer's HTML: a read-only table at any step of a record, its controls and
its move list. No DOM access; the page fills the sheet once and then patches the board
(``board_holder``, the same view model as the game's table) and the few controls that
change (``position_text``).

The table is the game's own table (``table_view.table_tree``) drawn from the record's
table model at the step shown (``replay_table``): seen from one fixed seat, with every
hand face up, because a replay is for learning from the whole game.
"""

from __future__ import annotations

from skipbo_core import TURN_LIMIT
from skipbo_core.ai import LEVELS
from skipbo_core.history import LogEntry

from ..i18n import t
from ..state.controller import Message
from ..state.look import Look
from ..state.replay import Replay
from .isolate import isolate_names
from .seat_words import message_text, seat_name
from .table_model import TableModel, built_on, seat_names
from .table_view import table_tree
from .tree import El, h, props

KEYS = {"ArrowRight": "forward", "ArrowLeft": "back", "Home": "first", "End": "last",
        "PageDown": "next-turn", "PageUp": "previous-turn", "p": "play", "P": "play"}


def replay_table(replay: Replay, viewer: int) -> TableModel:
    """The table that only shows: the record's game at the current step, seen from
    ``viewer``, every hand face up, nothing to pick or play."""
    game = replay.game
    kinds = [str(p.get("kind", "")) for p in replay.players]
    levels = tuple(k[3:] if k.startswith("ai:") and k[3:] in LEVELS else None for k in kinds)
    names = seat_names([str(p.get("name", "")) for p in game.players], [level is not None for level in levels])
    return TableModel(view=game.view(viewer), names=names, levels=levels,
                      message=_message(replay, replay.log[:replay.step]), last_target=built_on(game.moves),
                      open_hands=tuple(game.view(s).hand for s in range(game.rules.players)),
                      humans=tuple(s for s, level in enumerate(levels) if level is None))


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


def board_tree(replay: Replay, look: Look, viewer: int) -> El:
    """The table at the current step, in a root that carries the replay's hooks."""
    root = props(class_="table replay-table", data_replay="1", data_step=replay.step, data_last=replay.last)
    return table_tree(replay_table(replay, viewer), Look(look.lang, look.faces, replay=True), "div", root)


def board_holder(replay: Replay, look: Look, viewer: int) -> El:
    """``board_tree`` in the ``#replay-board`` element that the page patches."""
    return h("div", props(id="replay-board"), board_tree(replay, look, viewer))


def position_text(replay: Replay, lang: str) -> str:
    return t(lang, "replay.position", step=replay.step, total=replay.last, turn=replay.turn)


def step_text(replay: Replay, look: Look, viewer: int) -> str:
    """The current step in words (the move just played), shown by the controls: the line
    under the board is below the fold."""
    table = replay_table(replay, viewer)
    return message_text(table.names, look, table.message)


def replay_tree(replay: Replay, look: Look, viewer: int) -> El:
    """The whole viewer: title, controls, the board, the move list and the way out."""
    lang = look.lang
    seats = replay_table(replay, viewer).names
    names = ", ".join(seat_name(seats, look, s) for s in range(len(replay.players)))

    def button(action: str, key: str, keys: str) -> El:
        return h("button", props(type="button", data_action="replay-" + action, aria_keyshortcuts=keys), t(lang, key))

    play_key = "replay.pause" if replay.playing else "replay.play"
    controls = [button("first", "replay.first", "Home"), button("back", "replay.back", "ArrowLeft"),
                h("button", props(type="button", class_="primary", data_action="replay-play", aria_keyshortcuts="P",
                                  aria_pressed=str(replay.playing).lower()), t(lang, play_key)),
                button("forward", "replay.forward", "ArrowRight"), button("last", "replay.last", "End")]
    items = []
    for k, e in enumerate(replay.log):
        msg = log_message(e)
        args = dict(msg.args)
        args["name"] = seat_name(seats, look, args.pop("seat"))
        text = t(lang, msg.key, faces=look.faces, **args)
        items.append(h("li", props(data_move=str(e.move), data_by=e.seat, data_index=k,
                                   aria_current="step" if k == replay.step - 1 else None),
                       h("button", props(type="button", data_action="replay-go", data_step=k + 1),
                         h("span", props(class_="turn-no"), str(replay.turn_of_move(k))), " " + text)))
    options = [h("option", props(value=s, selected="" if s == viewer else None), seat_name(seats, look, s))
               for s in range(len(replay.players))]
    return isolate_names(h(
        "div", props(class_="sheet-body replay"),
        h("h2", props(id="sheet-title"), t(lang, "replay.title", names=names)),
        h("p", props(class_="hint"), f'{t(lang, "replay.open_hands")} {t(lang, "replay.keys")}'),
        h("div", props(class_="replay-controls", role="toolbar", aria_label=t(lang, "replay.controls")), controls,
          h("label", props(class_="replay-slider"), h("span", None, t(lang, "replay.step")),
            h("input", props(type="range", name="replay-step", min=0, max=replay.last, value=replay.step))),
          h("label", props(class_="replay-turn"), h("span", None, t(lang, "replay.turn")),
            h("input", props(type="number", name="replay-turn", min=1, max=replay.last_turn, value=replay.turn,
                             inputmode="numeric"))),
          h("label", props(class_="replay-seat"), h("span", None, t(lang, "replay.seen_from")),
            h("select", props(name="replay-seat"), options)),
          h("span", props(class_="replay-pos", id="replay-pos"), position_text(replay, lang)),
          h("p", props(class_="replay-now", id="replay-now"), step_text(replay, look, viewer))),
        board_holder(replay, look, viewer),
        None if replay.finished else h("p", props(class_="hint"), t(lang, "replay.unfinished")),
        h("details", props(class_="replay-moves", open=""),
          h("summary", None, f'{t(lang, "replay.moves")} ({replay.last})'),
          h("ol", props(id="replay-moves"), items)),
        h("div", props(class_="replay-export"),
          h("button", props(type="button", data_action="replay-export"), t(lang, "replay.export")),
          h("button", props(type="button", data_action="replay-export-link"), t(lang, "replay.export_link")),
          h("input", props(type="text", id="replay-export-url", readonly="", hidden="",
                           aria_label=t(lang, "replay.export_url"))),
          h("p", props(class_="hint", id="replay-export-status", role="status"))),
        h("div", props(class_="actions"),
          h("button", props(type="button", data_action="replay-play-on", hidden=None if replay.can_play_on() else ""),
            t(lang, "replay.play_on")),
          h("button", props(type="button", class_="primary", data_action="replay-close"), t(lang, "replay.close")))),
        [p.get("name", "") for p in replay.players])  # each name apart from the words beside it

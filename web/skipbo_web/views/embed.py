"""Embed mode (``?embed=1``): its bar, and the messages it posts to the page around it.

An embedded game must not touch the visitor's own game on the same site, so it keeps
its game under keys of its own (``state.saves``) and never writes the new-game settings. The messages
tell the parent page only public facts: what the human at seat 0 may see (played
cards are face up; hands and the deck are never sent). Every message is a plain JSON
object ``{"source": "skipbo", "version": 1, "type": ..., ...}``; see docs/EMBEDDING.md,
"Messages to the host page". No DOM access here: the page posts what ``Reporter`` returns.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from skipbo_core.cards import card_token
from skipbo_core.history import LogEntry

from ..i18n import t
from ..state.controller import Controller
from ..state.look import Look
from ..state.messages import Message
from ..state.protocol import GAME_SOURCE, PROTOCOL
from .bar import sound_switch, speed_and_languages, theme_switch
from .seat_words import seat_name
from .table_model import controller_names
from .tree import El, h, props


def embed_bar_tree(look: Look, speed: int) -> El:
    """``#bar`` of an embedded table: its only chrome, a small menu with a new deal, the
    keys-and-rules sheet, the table's colours, sound, the computer's speed and the language
    (no title, no new-game screen)."""
    lang = look.lang
    menu = t(lang, "embed.menu")
    return h("header", props(id="bar"),
             h("details", props(class_="menu"),
               h("summary", props(title=menu), h("span", props(class_="menu-icon", aria_hidden="true")),
                 h("span", props(class_="menu-text"), menu)),
               h("div", props(class_="menu-panel"),
                 h("button", props(type="button", class_="tool", data_action="play-again"), t(lang, "embed.restart")),
                 h("button", props(type="button", class_="tool", data_action="help", aria_keyshortcuts="?"),
                   t(lang, "bar.help")),
                 theme_switch(look), sound_switch(look), speed_and_languages(look, speed))))


def event(kind: str, **fields: Any) -> dict[str, Any]:
    """One message in the documented shape."""
    return {"source": GAME_SOURCE, "version": PROTOCOL, "type": kind, **fields}


def table_facts(ctrl: Controller, look: Look) -> dict[str, Any]:
    """The public facts of the game at the table (``ready`` and ``newgame`` messages)."""
    rules = ctrl.game.rules
    return {"players": ctrl.players,
            "names": [seat_name(controller_names(ctrl), look, s) for s in range(ctrl.players)],
            "kinds": list(ctrl.kinds),
            "stock": rules.stock_size,
            "teams": rules.teams is not None,
            "target": ctrl.match.target,
            "game": ctrl.match.game_no + 1,
            "turn": ctrl.game.turn,
            "to_move": ctrl.game.current_seat,
            "moves": len(ctrl.game.moves),
            "over": ctrl.game.is_over,
            "lang": look.lang,
            "faces": look.faces}


def move_event(ctrl: Controller, look: Look, entry: LogEntry) -> dict[str, Any]:
    """One move of the game's log."""
    name = seat_name(controller_names(ctrl), look, entry.seat)
    return event("move", index=entry.index, turn=entry.turn, seat=entry.seat, name=name,
                 move=str(entry.move), card=card_token(entry.card) or None)


def gameover_event(ctrl: Controller, look: Look) -> dict[str, Any]:
    result = ctrl.game.result
    assert result is not None
    in_match = ctrl.match.target is not None
    return event("gameover", winner=result.winner,
                 winner_name=None if result.winner is None else seat_name(controller_names(ctrl), look, result.winner),
                 reason=result.reason, scores=list(result.scores), turns=ctrl.game.turn,
                 names=[seat_name(controller_names(ctrl), look, s) for s in range(ctrl.players)],
                 totals=ctrl.match.scores if in_match else None,
                 match_over=ctrl.match.is_over if in_match else None)


def notice_event(msg: Message, lang: str) -> dict[str, Any]:
    """A notice the page shows (bad options, a damaged save...) as an ``error`` message."""
    names = msg.args.get("names")
    options = [n.strip() for n in str(names).split(",")] if names else []
    return event("error", code=msg.key, options=options, message=t(lang, msg.key, **msg.args))


@dataclass
class Reporter:
    """Remembers what the parent page has been told, and says what is new since."""

    started: bool = False
    game: object | None = None
    told: int = 0                    # moves of ``game`` already reported
    over_told: bool = False
    notices: list[Message] = field(default_factory=list)  # the notices already told

    def ready(self, ctrl: Controller, look: Look, notices: Sequence[Message]) -> list[dict[str, Any]]:
        """The first messages, once the table can be played: notices, then ``ready``."""
        self.started = True
        out = self._notices(notices, look.lang)
        self._adopt(ctrl)
        out.append(event("ready", **table_facts(ctrl, look)))
        if ctrl.game.is_over:
            self.over_told = True
            out.append(gameover_event(ctrl, look))
        return out

    def updates(self, ctrl: Controller, look: Look, notices: Sequence[Message]) -> list[dict[str, Any]]:
        """Messages for what changed since the last call (nothing before ``ready``)."""
        if not self.started:
            return []
        out = self._notices(notices, look.lang)
        if ctrl.game is not self.game:
            self._adopt(ctrl)
            out.append(event("newgame", **table_facts(ctrl, look)))
        played = len(ctrl.game.moves)
        if played < self.told:  # moves were taken back
            out.append(event("undo", moves=played, to_move=ctrl.game.current_seat))
            self.told = played
        if played > self.told:
            out += [move_event(ctrl, look, e) for e in ctrl.game.log(self.told)]
            self.told = played
        if ctrl.game.is_over and not self.over_told:
            self.over_told = True
            out.append(gameover_event(ctrl, look))
        elif not ctrl.game.is_over:
            self.over_told = False
        return out

    def _adopt(self, ctrl: Controller) -> None:
        self.game, self.told, self.over_told = ctrl.game, len(ctrl.game.moves), False

    def _notices(self, notices: Sequence[Message], lang: str) -> list[dict[str, Any]]:
        fresh = [m for m in notices if not any(m is seen for seen in self.notices)]
        self.notices += fresh
        return [notice_event(m, lang) for m in fresh]

"""The host API: commands a page around an embedded game sends with ``postMessage``, read
and checked here (no DOM access; ``page_host`` carries them out and posts the answers).

A command is one JSON object::

    {"source": "skipbo-host", "version": 1, "id": <any JSON value>,
     "command": "play", "args": {"move": "H5>B1"}}

and gets exactly one answer in the envelope of the game's events (docs/EMBEDDING.md,
"Messages to the host page")::

    {"source": "skipbo", "version": 1, "type": "ok", "id": <the same id>, "command": "play", ...}
    {"source": "skipbo", "version": 1, "type": "error", "id": ..., "command": ..., "code": ..., "message": ...}

Everything here is untrusted: ``parse_command`` refuses what is not a command of this
version (``malformed``), too big (``too-large``), unknown (``unknown-command``) or with
arguments that do not fit (``bad-args``), raising a ``HostError`` that becomes the error
answer. Nothing is changed before a command passed these checks.
"""

from __future__ import annotations

import json
import math
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from skipbo_core import Move
from skipbo_core.cards import BUILDING_SLOTS, DISCARD_PILES, NUMBERS, WILD, card_token
from skipbo_core.jsonread import JSONInputError, read_json

from ..i18n import LANGUAGES, describe
from ..state.controller import Controller
from ..state.look import Look
from ..state.messages import Message
from ..state.outcome import GAME_OVER, LESSON, NOT_NOTATION, NOT_YOUR_TURN, PASS_DEVICE, Refused
from ..state.protocol import (
    BAD_ARGS,
    GAME_SOURCE,
    HOST_SOURCE,
    ILLEGAL,
    MALFORMED,
    NOT_NOW,
    PROTOCOL,
    TOO_LARGE,
    UNKNOWN,
    HostError,
    Pile,
)
from ..state.settings import SPEEDS
from ..views.embed import table_facts
from ..views.seat_words import message_text
from ..views.table_model import controller_names

MAX_COMMAND_BYTES = 1_000_000  # a command (with a record in it) as JSON text, in UTF-8 bytes
MAX_CAPTION = 300             # characters of a highlight's caption
MAX_PILES = 24                # piles one highlight may light up

# The commands and the arguments each takes (docs/EMBEDDING.md, "Commands from the host page").
COMMANDS = ("newgame", "position", "hint", "undo", "play", "lang", "speed", "highlight", "record", "step", "close",
            "state")
NEWGAME_ARGS = ("players", "stock", "ai", "humans", "remote", "teams", "deck", "target", "seed", "names",
                "practice", "faces", "puzzle")
POSITION_ARGS = ("position", "ai", "names", "practice", "faces")  # the table, and who sits at it
STEP_TARGETS = ("forward", "back", "start", "end", "next-turn", "previous-turn")

@dataclass(frozen=True)
class Command:
    """A command that passed the checks: its ``id`` (echoed in the answer), its name and
    its arguments, normalised (see the ``_args_*`` functions)."""

    id: Any
    name: str
    args: dict[str, Any] = field(default_factory=dict)


# -- the envelope ------------------------------------------------------------------------------

def utf8_size(text: str) -> int:
    return len(text.encode("utf-8", "surrogatepass"))


def parse_command(text: str) -> Command:
    """A command from the JSON text of a message whose ``source`` is ``skipbo-host``.
    Raises ``HostError`` (with ``id`` and ``command`` set when they could be read)."""
    if utf8_size(text) > MAX_COMMAND_BYTES:
        raise HostError(TOO_LARGE, f"a command may hold at most {MAX_COMMAND_BYTES} bytes of JSON")
    try:  # the bounded reader: a command nested thousands deep cannot overflow Pyodide's stack
        data = read_json(text, "command", max_chars=MAX_COMMAND_BYTES)
    except JSONInputError as err:
        raise HostError(MALFORMED, f"the message is not JSON the page reads ({err})") from None
    return check_command(data)


def check_command(data: Any) -> Command:
    """A command from a parsed message (see ``parse_command``)."""
    if not isinstance(data, dict) or data.get("source") != HOST_SOURCE:
        raise HostError(MALFORMED, f'a command is an object with "source": "{HOST_SOURCE}"')
    ident = data.get("id")
    name = data.get("command")
    try:
        if data.get("version") != PROTOCOL:
            raise HostError(MALFORMED, f'this page speaks version {PROTOCOL} of the host API ("version": {PROTOCOL})')
        if not isinstance(name, str):
            raise HostError(MALFORMED, 'a command needs "command": the name of the command')
        if name not in COMMANDS:
            raise HostError(UNKNOWN, f"unknown command {_short(name)}; the commands are {', '.join(COMMANDS)}")
        extra = sorted(set(data) - {"source", "version", "id", "command", "args"})
        if extra:
            raise HostError(MALFORMED, f"unknown field(s) in the command: {', '.join(map(_short, extra))}")
        args = data.get("args", {})
        if args is None:
            args = {}
        if not isinstance(args, dict):
            raise HostError(MALFORMED, '"args" must be an object')
        return Command(ident, name, CHECKS[name](args))
    except HostError as err:
        err.id = ident
        err.command = name if isinstance(name, str) and name in COMMANDS else None
        raise


def answer(command: Command, **fields: Any) -> dict[str, Any]:
    """The ``ok`` answer to ``command``."""
    return {"source": GAME_SOURCE, "version": PROTOCOL, "type": "ok", "id": command.id,
            "command": command.name, **fields}


def error_answer(err: HostError) -> dict[str, Any]:
    """The ``error`` answer for a refused command."""
    return {"source": GAME_SOURCE, "version": PROTOCOL, "type": "error", "id": err.id, "command": err.command,
            "code": err.code, "message": err.message, **err.details}


def peek_id(value: Any) -> Any:
    """A command's ``id`` when it is a plain value (for answering a command too large or
    too strange to read whole); ``None`` otherwise."""
    if value is None or isinstance(value, bool) or (isinstance(value, str) and len(value) <= 200):
        return value
    if isinstance(value, int | float) and math.isfinite(value):
        return value
    return None


# -- the arguments of each command -----------------------------------------------------------

def _short(value: Any, most: int = 40) -> str:
    text = json.dumps(value, ensure_ascii=False) if not isinstance(value, str) else repr(value)
    return text if len(text) <= most else text[:most - 3] + "..."


def _only(args: Mapping[str, Any], allowed: tuple[str, ...], required: tuple[str, ...] = ()) -> None:
    unknown = sorted(set(args) - set(allowed))
    if unknown:
        raise HostError(BAD_ARGS, f"unknown argument(s): {', '.join(map(_short, unknown))}; allowed: "
                        f"{', '.join(allowed) or 'none'}", args=unknown)
    missing = [name for name in required if name not in args]
    if missing:
        raise HostError(BAD_ARGS, f"missing argument(s): {', '.join(missing)}", args=missing)


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _args_none(args: Mapping[str, Any]) -> dict[str, Any]:
    _only(args, ())
    return {}


def _args_newgame(args: Mapping[str, Any]) -> dict[str, str]:
    """URL options as strings (``address.parse_url`` checks their values): numbers and
    booleans are taken as the address would write them, names also as a list."""
    _only(args, NEWGAME_ARGS)
    return _options(args)


def _args_position(args: Mapping[str, Any]) -> dict[str, Any]:
    """``position``: a position object (docs/ENGINE.md "Positions"; the engine checks it); and
    the options ``ai``, ``names``, ``practice``, ``faces`` as in ``newgame``."""
    _only(args, POSITION_ARGS, ("position",))
    if not isinstance(args["position"], dict):
        raise HostError(BAD_ARGS, "position must be a position object (format skipbo-position)", args=["position"])
    return {"position": args["position"], "options": _options({k: v for k, v in args.items() if k != "position"})}


def _options(args: Mapping[str, Any]) -> dict[str, str]:
    out: dict[str, str] = {}
    for name, value in args.items():
        if name == "names" and isinstance(value, list) and all(isinstance(v, str) for v in value):
            value = ",".join(value)
        if isinstance(value, bool):
            value = "1" if value else "0"
        elif _is_int(value):
            value = str(value)
        if not isinstance(value, str):
            raise HostError(BAD_ARGS, f"{name} must be a string or a whole number", args=[name])
        out[name] = value
    return out


def _args_play(args: Mapping[str, Any]) -> dict[str, str]:
    _only(args, ("move",), ("move",))
    move = args["move"]
    if not isinstance(move, str) or not 1 <= len(move) <= 16:
        raise HostError(BAD_ARGS, 'move must be a move in the rules\' notation, such as "H5>B1"', args=["move"])
    return {"move": move.strip()}


def _args_lang(args: Mapping[str, Any]) -> dict[str, str]:
    _only(args, ("lang",), ("lang",))
    if args["lang"] not in LANGUAGES:
        raise HostError(BAD_ARGS, f"lang must be one of {', '.join(LANGUAGES)}", args=["lang"])
    return {"lang": args["lang"]}


def _args_speed(args: Mapping[str, Any]) -> dict[str, int]:
    _only(args, ("speed",), ("speed",))
    speed = args["speed"]
    if not _is_int(speed) or speed not in SPEEDS:
        raise HostError(BAD_ARGS, f"speed must be one of {', '.join(map(str, SPEEDS))} (0 instant, 3 slow)",
                        args=["speed"])
    return {"speed": speed}


def _args_highlight(args: Mapping[str, Any]) -> dict[str, Any]:
    """``piles``: names (see ``parse_pile``), none to clear; ``caption``: text shown beside."""
    _only(args, ("piles", "caption"))
    piles = args.get("piles", [])
    caption = args.get("caption", "")
    if not isinstance(piles, list) or len(piles) > MAX_PILES:
        raise HostError(BAD_ARGS, f"piles must be a list of at most {MAX_PILES} pile names", args=["piles"])
    parsed = []
    for name in piles:
        pile = parse_pile(name)
        if pile is None:
            raise HostError(BAD_ARGS, f"{_short(name)} is not a pile name (S, D1-D4, H, H5, HSB, B1-B4, draw, "
                            'completed; another seat\'s as "1:D2")', args=["piles"])
        parsed.append(pile)
    if not isinstance(caption, str) or len(caption) > MAX_CAPTION:
        raise HostError(BAD_ARGS, f"caption must be text of at most {MAX_CAPTION} characters", args=["caption"])
    if not all(ch.isprintable() or ch in "\n" for ch in caption):
        raise HostError(BAD_ARGS, "caption must not hold control characters", args=["caption"])
    return {"piles": list(dict.fromkeys(parsed)), "caption": " ".join(caption.split())}


def _args_record(args: Mapping[str, Any]) -> dict[str, Any]:
    _only(args, ("record",), ("record",))
    if not isinstance(args["record"], dict):
        raise HostError(BAD_ARGS, "record must be a game record object (format skipbo-record)", args=["record"])
    return {"record": args["record"]}


def _args_step(args: Mapping[str, Any]) -> dict[str, Any]:
    """``to``: ``forward``, ``back``, ``start``, ``end``, ``next-turn``, ``previous-turn`` or
    a move number (0 = the deal); or ``turn``: the start of that turn."""
    _only(args, ("to", "turn"))
    if ("to" in args) == ("turn" in args):
        raise HostError(BAD_ARGS, 'step takes either "to" (forward, back, start, end, next-turn, previous-turn '
                        'or a move number) or "turn"', args=sorted(args) or ["to"])
    if "turn" in args:
        if not _is_int(args["turn"]) or args["turn"] < 1:
            raise HostError(BAD_ARGS, "turn must be a whole number from 1", args=["turn"])
        return {"turn": args["turn"]}
    to = args["to"]
    if not (to in STEP_TARGETS or (_is_int(to) and to >= 0)):
        raise HostError(BAD_ARGS, f"to must be one of {', '.join(STEP_TARGETS)} or a move number from 0",
                        args=["to"])
    return {"to": to}


CHECKS = {"newgame": _args_newgame, "position": _args_position, "hint": _args_none, "undo": _args_none,
          "play": _args_play, "lang": _args_lang, "speed": _args_speed, "highlight": _args_highlight,
          "record": _args_record, "step": _args_step, "close": _args_none, "state": _args_none}
assert set(CHECKS) == set(COMMANDS)


# -- piles by name -------------------------------------------------------------------------------

_SEAT_SLOTS = {"S", "H", *(f"D{k + 1}" for k in range(DISCARD_PILES)),
               *(f"H{card_token(v)}" for v in (WILD, *NUMBERS))}
_MIDDLE = {"draw", "completed", *(f"B{k + 1}" for k in range(BUILDING_SLOTS))}


def parse_pile(name: Any) -> Pile | None:
    """``"S"``, ``"D2"``, ``"H"``, ``"H5"`` are seat 0's (the person at the device);
    ``"1:D2"`` is seat 1's; ``"B3"``, ``"draw"``, ``"completed"`` are in the middle."""
    if not isinstance(name, str) or len(name) > 12:
        return None
    seat_text, colon, slot = name.rpartition(":")
    if name in _MIDDLE:
        return Pile(None, name)
    if colon and not (seat_text.isascii() and seat_text.isdigit() and len(seat_text) == 1):
        return None
    seat = int(seat_text) if colon else 0
    if slot in _SEAT_SLOTS and 0 <= seat <= 5:
        return Pile(seat, slot)
    return None


# -- what the answers say ------------------------------------------------------------------------

def message_words(lang: str, msg: Message) -> str:
    """A catalogue message in words (an argument may itself be a message: a record's
    broken move says which rule)."""
    args = {k: describe(lang, v.key, dict(v.args)) if isinstance(v, Message) else v for k, v in msg.args.items()}
    return describe(lang, msg.key, args)


NOT_NOW_TEXTS = {GAME_OVER: "the game is over", NOT_YOUR_TURN: "it is the computer's turn",
                 PASS_DEVICE: "the device is to be passed on to the next player (hot-seat)",
                 LESSON: "the lesson asks for another move"}


def refusal_error(refused: Refused, ctrl: Controller, look: Look, move: str = "") -> HostError:
    """The error answer for a command the table refused (``Controller.refusal``, or
    ``why_not_now`` before any move): not now (``not-now``), ``move`` (its text as sent)
    not in the notation (``bad-args``), or the rule it breaks (``illegal-move``, with the
    engine's ``rule``). ``explain`` is what the page would say, in its language."""
    details = dict(refused.details)
    if refused.code == NOT_NOTATION:
        return HostError(BAD_ARGS, f"{move!r} is not a move in the rules' notation (such as H5>B1, S>B2, "
                         "H7>D1, end)", args=["move"])
    if refused.code == LESSON:
        explain = message_text(controller_names(ctrl), look, details["message"])
        return HostError(NOT_NOW, NOT_NOW_TEXTS[LESSON], explain=explain)
    if refused.code == NOT_YOUR_TURN:
        return HostError(NOT_NOW, NOT_NOW_TEXTS[NOT_YOUR_TURN], to_move=details["seat"])
    if not refused.breaks_rule:
        return HostError(NOT_NOW, NOT_NOW_TEXTS[refused.code])
    key = f"illegal.{refused.code}"
    return HostError(ILLEGAL, f"{Move.parse(move)} breaks a rule: {describe('en', key, details)}",
                     rule=refused.code, explain=describe(look.lang, key, details, faces=look.faces))


def public_state(ctrl: Controller, look: Look, speed: int, mode: str) -> dict[str, Any]:
    """The table as everyone at it sees it (no hand, no deck, no seed): the facts of the
    ``ready`` event, and every pile. Cards are written as in the events: ``"1"``-``"12"``,
    ``"SB"``."""
    view = ctrl.game.view(ctrl.viewer)
    result = ctrl.game.result
    return {**table_facts(ctrl, look), "mode": mode, "speed": speed, "practice": ctrl.practice,
            "my_turn": ctrl.my_turn, "winner": None if result is None else result.winner,
            "stock_tops": [card_token(c) or None for c in view.stock_tops],
            "stock_counts": list(view.stock_sizes),
            "discards": [[[card_token(c) for c in pile] for pile in piles] for piles in view.discards],
            "building": [[card_token(c) for c in pile] for pile in view.building],
            "next": list(view.next_needed), "hand_sizes": list(view.hand_sizes),
            "draw_pile": view.draw_size, "completed": view.completed_size}

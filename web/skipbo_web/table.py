"""HTML for the page, as strings, from the controller's state (no DOM access).

The markup carries the stable hooks that tests and later UI work rely on:
``data-seat`` on each player area; ``data-slot`` = ``S``, ``D1``-``D4``, ``B1``-``B4``, ``H``;
``data-top`` on stock and discard piles; ``data-next`` on building piles; ``data-card`` on
hand cards (``1``-``12`` or ``SB``); ``data-legal="1"`` on targets of the selected card.
"""

from __future__ import annotations

from html import escape
from typing import Any

from .controller import Controller
from .i18n import LANGUAGES, card_label, describe, t


def card_token(value: int | None) -> str:
    """``data-*`` form of a card: ``"7"``, ``"SB"`` for a Skip-Bo card, ``""`` for none."""
    if value is None:
        return ""
    return "SB" if value == 0 else str(value)


def card_html(lang: str, value: int) -> str:
    """One face-up card; colours 1-4 / 5-8 / 9-12 are looks only."""
    colour = "wild" if value == 0 else ("blue", "green", "red")[(value - 1) // 4]
    return f'<span class="card {colour}">{escape(card_label(lang, value))}</span>'


def attrs(**values: Any) -> str:
    """`` data-x="1"`` pairs for the non-``None`` values (underscores become dashes)."""
    return "".join(f' {k.replace("_", "-")}="{escape(str(v))}"' for k, v in values.items()
                   if v is not None)


def root_attributes(ctrl: Controller) -> dict[str, str | None]:
    """Attributes of the table root: whose turn it is and whether the game is over."""
    return {"data-turn": str(ctrl.game.current_seat), "data-over": "1" if ctrl.game.is_over else None}


def render_bar(lang: str, version: str) -> str:
    """Title, engine version, language buttons and the new-game button."""
    langs = "".join(
        f'<button type="button"{attrs(data_lang=code, aria_pressed=str(code == lang).lower())}>'
        f'{escape(t(code, "language"))}</button>' for code in LANGUAGES)
    return (f'<h1>{escape(t(lang, "title"))}</h1>'
            f'<span id="version"{attrs(data_version=version)}>{escape(t(lang, "version", version=version))}</span>'
            f'<nav class="langs">{langs}</nav>'
            f'<button type="button" data-action="new">{escape(t(lang, "new_game"))}</button>')


def render_table(ctrl: Controller, lang: str) -> str:
    """Everything inside the table root: players, building piles, hand, message, move log."""
    view = ctrl.view()
    others = [s for s in range(len(view["stock_sizes"])) if s != ctrl.human]
    parts = [_player(ctrl, view, lang, seat) for seat in others]
    parts.append(_building(ctrl, view, lang))
    parts.append(_player(ctrl, view, lang, ctrl.human))
    parts.append(f'<p class="message" role="status"{attrs(data_message=ctrl.message.key)}>'
                 f'{escape(describe(lang, ctrl.message.key, ctrl.message.args))}</p>')
    parts.append(_log(ctrl, lang))
    return "".join(parts)


def _name(ctrl: Controller, lang: str, seat: int) -> str:
    return t(lang, "you") if seat == ctrl.human else t(lang, "bot", name=ctrl.bot_name)


def _flags(ctrl: Controller, text: str, legal: set[str], playable: set[str]) -> dict[str, str | None]:
    return {"data_legal": "1" if text in legal else None,
            "data_playable": "1" if text in playable else None,
            "data_selected": "1" if text == ctrl.selected else None}


def _player(ctrl: Controller, view: dict[str, Any], lang: str, seat: int) -> str:
    mine = seat == ctrl.human
    legal = ctrl.legal_targets() if mine else set()
    playable = ctrl.playable_sources() if mine else set()
    top = view["stock_tops"][seat]
    count = view["stock_sizes"][seat]
    flags = _flags(ctrl, "S", legal, playable) if mine else {}
    stock = (f'<div class="pile stock"{attrs(data_slot="S", data_top=card_token(top), data_count=count, **flags)}>'
             f'<span class="label">{escape(t(lang, "stock", count=count))}</span>'
             f'{card_html(lang, top) if top is not None else ""}</div>')
    discards = []
    for k, pile in enumerate(view["discards"][seat], start=1):
        slot = f"D{k}"
        flags = _flags(ctrl, slot, legal, playable) if mine else {}
        cards = "".join(card_html(lang, c) for c in pile)
        discards.append(
            f'<div class="pile discard"{attrs(data_slot=slot, data_top=card_token(pile[-1] if pile else None), data_count=len(pile), **flags)}>'
            f'<span class="label">{escape(t(lang, "discard", n=k))}</span><div class="fan">{cards}</div></div>')
    header = (f'<h2>{escape(_name(ctrl, lang, seat))} · '
              f'{escape(t(lang, "hand_count", count=view["hand_sizes"][seat]))}</h2>')
    hand = _hand(ctrl, view, lang, playable) if mine else ""
    if mine and ctrl.can_end():
        hand += f'<button type="button" class="end" data-action="end">{escape(t(lang, "end_turn"))}</button>'
    return (f'<section class="player{" me" if mine else ""}"{attrs(data_seat=seat)}>{header}'
            f'<div class="piles">{stock}{"".join(discards)}</div>{hand}</section>')


def _hand(ctrl: Controller, view: dict[str, Any], lang: str, playable: set[str]) -> str:
    buttons = []
    marked = False
    for value in view["hand"]:
        token = card_token(value)
        selected = not marked and ctrl.selected == "H" + token
        marked = marked or selected
        buttons.append(
            f'<button type="button" class="hand-card"{attrs(data_slot="H", data_card=token, data_playable="1" if "H" + token in playable else None, data_selected="1" if selected else None)}>'
            f'{card_html(lang, value)}</button>')
    return f'<div class="hand" aria-label="{escape(t(lang, "hand"))}">{"".join(buttons)}</div>'


def _building(ctrl: Controller, view: dict[str, Any], lang: str) -> str:
    legal = ctrl.legal_targets()
    piles = []
    for k, (pile, needs) in enumerate(zip(view["building"], view["next_needed"]), start=1):
        slot = f"B{k}"
        top = card_html(lang, pile[-1]) if pile else f'<span class="card empty">{escape(t(lang, "empty"))}</span>'
        piles.append(
            f'<div class="pile build"{attrs(data_slot=slot, data_next=needs, data_count=len(pile), data_top=card_token(pile[-1] if pile else None), data_legal="1" if slot in legal else None)}>'
            f'{top}<span class="label">{escape(t(lang, "needs", n=needs))}</span></div>')
    return (f'<section class="center"><h2>{escape(t(lang, "building"))}</h2>'
            f'<div class="piles">{"".join(piles)}</div>'
            f'<p class="draw">{escape(t(lang, "draw_pile", count=view["draw_size"]))}</p></section>')


def _log(ctrl: Controller, lang: str) -> str:
    items = "".join(f'<li{attrs(data_by=seat, data_move=move)}>{escape(_name(ctrl, lang, seat))}: {escape(move)}</li>'
                    for seat, move in ctrl.log)
    return (f'<details class="log"><summary>{escape(t(lang, "log"))} ({len(ctrl.log)})</summary>'
            f'<ol{attrs(data_count=len(ctrl.log))}>{items}</ol></details>')

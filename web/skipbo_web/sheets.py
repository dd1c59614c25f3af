"""The sheets of the page as HTML strings: the new-game screen and the keys-and-rules
sheet (no DOM access here; the records sheet and the replay viewer are in share.py and
replay_view.py)."""

from __future__ import annotations

from html import escape
from typing import Any

from skipbo_core import Rules
from skipbo_core.cards import DECK_EDITIONS

from .explain import rules_page_link
from .i18n import LANGUAGES, t
from .settings import FACES, KINDS, MAX_NAME, MAX_SEATS, Settings, default_stock, most_stock


def render_setup(settings: Settings, lang: str, errors: list[str] = (), can_cancel: bool = True,
                 intro: str = "") -> str:
    """The new-game screen, filled with ``settings``; ``errors`` names wrong fields;
    ``intro`` is HTML shown under the title (the tutorial's entry)."""
    def sel(value: Any, current: Any) -> str:
        return " selected" if value == current else ""

    def chk(on: bool) -> str:
        return " checked" if on else ""

    p = settings.players
    players = "".join(f'<option value="{k}"{sel(k, p)}>{k}</option>' for k in range(2, MAX_SEATS + 1))
    seats = []
    for i, seat in enumerate(settings.seats):
        kinds = "".join(f'<option value="{k}"{sel(k, seat.kind)}>'
                        f'{escape(t(lang, f"kind.{k}"))}</option>' for k in KINDS)
        hidden = " hidden" if i >= p else ""
        seats.append(
            f'<fieldset class="seat" data-seat-setup="{i}"{hidden}><legend>'
            f'{escape(t(lang, "setup.seat", n=i + 1))}</legend>'
            f'<label><span>{escape(t(lang, "setup.name"))}</span>'
            f'<input type="text" name="name{i}" maxlength="{MAX_NAME}" '
            f'value="{escape(seat.name)}" placeholder="{escape(t(lang, "setup.name_placeholder", n=i + 1))}"'
            f' autocomplete="off"></label>'
            f'<label><span>{escape(t(lang, "setup.kind"))}</span><select name="kind{i}">{kinds}</select></label>'
            f'</fieldset>')
    mode = "default" if settings.stock is None else ("short" if settings.stock == 10 else "custom")
    most = most_stock(p, settings.wild_cards)
    stock_value = settings.stock if settings.stock is not None else default_stock(p)
    stock_opts = "".join(
        f'<label class="choice"><input type="radio" name="stock_mode" value="{m}"{chk(mode == m)}>'
        f'<span>{escape(t(lang, key, n=default_stock(p)))}</span></label>'
        for m, key in (("default", "stock.default"), ("short", "stock.short"), ("custom", "stock.custom")))
    teams_ok = Rules.allows_teams(p)
    decks = "".join(f'<label class="choice">'
                    f'<input type="radio" name="wild_cards" value="{w}"{chk(settings.wild_cards == w)}>'
                    f'<span>{escape(t(lang, f"deck.{w}"))}</span></label>' for w in DECK_EDITIONS)
    faces = "".join(f'<label class="choice"><input type="radio" name="faces" value="{f}"{chk(settings.faces == f)}>'
                    f'<span>{escape(t(lang, f"faces.{f}"))}</span></label>' for f in FACES)
    modes = "".join(f'<label class="choice">'
                    f'<input type="radio" name="mode" value="{m}"{chk(settings.match == (m == "match"))}>'
                    f'<span>{escape(t(lang, f"mode.{m}"))}</span></label>' for m in ("single", "match"))
    langs = "".join(f'<option value="{code}"{sel(code, lang)}>'
                    f'{escape(t(code, "lang.name"))}</option>' for code in LANGUAGES)
    error = ""
    if errors:
        names = []
        for f in errors:
            if f.startswith("kind"):
                names.append(t(lang, "field.kind", n=int(f[4:]) + 1))
            else:
                names.append(t(lang, f"field.{f}", most=most, players=p))
        error = f'<p class="form-error" role="alert">{escape(t(lang, "setup.error", fields="; ".join(names)))}</p>'
    cancel = (f'<button type="button" data-action="close">{escape(t(lang, "setup.cancel"))}</button>'
              if can_cancel else "")
    return (f'<form id="setup" class="sheet-body setup" method="dialog" novalidate>'
            f'<h2 id="sheet-title">{escape(t(lang, "setup.title"))}</h2>{intro}{error}'
            f'<label class="line"><span>{escape(t(lang, "setup.players"))}</span>'
            f'<select name="players" data-action="players">{players}</select></label>'
            f'<div class="seats">{"".join(seats)}</div>'
            f'<fieldset><legend>{escape(t(lang, "setup.stock"))}</legend>{stock_opts}'
            f'<label class="line"><span>{escape(t(lang, "setup.stock_size", most=most))}</span>'
            f'<input type="number" name="stock" min="1" max="{most}" value="{stock_value}" inputmode="numeric">'
            f'</label></fieldset>'
            f'<fieldset><legend>{escape(t(lang, "setup.teams_legend"))}</legend>'
            f'<label class="choice"><input type="checkbox" name="teams" value="1"{chk(settings.teams and teams_ok)}'
            f'{"" if teams_ok else " disabled"}><span>{escape(t(lang, "setup.teams"))}</span></label>'
            f'{"" if teams_ok else "<p class=hint>" + escape(t(lang, "setup.teams_hint")) + "</p>"}</fieldset>'
            f'<fieldset><legend>{escape(t(lang, "setup.deck"))}</legend>{decks}</fieldset>'
            f'<fieldset><legend>{escape(t(lang, "setup.faces"))}</legend>{faces}</fieldset>'
            f'<fieldset><legend>{escape(t(lang, "setup.practice_legend"))}</legend>'
            f'<label class="choice"><input type="checkbox" name="practice" value="1"{chk(settings.practice)}>'
            f'<span>{escape(t(lang, "setup.practice"))}</span></label></fieldset>'
            f'<fieldset><legend>{escape(t(lang, "setup.mode"))}</legend>{modes}'
            f'<label class="line"><span>{escape(t(lang, "setup.target"))}</span>'
            f'<input type="number" name="target" min="1" value="{settings.target}" inputmode="numeric"></label>'
            f'</fieldset>'
            f'<label class="line"><span>{escape(t(lang, "setup.language"))}</span><select name="lang">'
            f'{langs}</select></label>'
            f'<div class="actions">{cancel}<button type="submit" class="primary" data-action="start">'
            f'{escape(t(lang, "setup.start"))}</button></div>'
            f'</form>')


def render_help(lang: str, embed: bool = False) -> str:
    """The '?' sheet: the rules in short, the controls and the keys (an embedded table
    has no new-game screen, so no N key)."""
    rules = "".join(f'<li>{escape(t(lang, k))}</li>' for k in (
        "help.rule_build", "help.rule_wild", "help.rule_turn", "help.rule_stock", "help.rule_teams",
        "help.rule_stall", "help.rule_score"))
    keys = "".join(f'<tr><th scope="row"><kbd>{escape(t(lang, f"key.{k}"))}</kbd></th><td>'
                   f'{escape(t(lang, f"key.{k}_do"))}</td></tr>'
                   for k in ("arrows", "enter", "escape", "stock", "hand", "discard", "build", "help", "new",
                             "hint", "undo", "read") if not (embed and k == "new"))
    return (f'<div class="sheet-body help">'
            f'<h2 id="sheet-title">{escape(t(lang, "help.title"))}</h2>'
            f'<p class="goal">{escape(t(lang, "help.goal"))}</p><ul>{rules}</ul><p>{rules_page_link(lang)}</p>'
            f'<h3>{escape(t(lang, "help.controls"))}</h3><p>{escape(t(lang, "help.click"))}</p><p>'
            f'{escape(t(lang, "help.drag"))}</p>'
            f'<h3>{escape(t(lang, "help.keys"))}</h3><table class="keys">{keys}</table>'
            f'<div class="actions"><button type="button" class="primary" data-action="close">'
            f'{escape(t(lang, "help.close"))}</button></div></div>')

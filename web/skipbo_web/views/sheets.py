"""The sheets of the page as element trees: the new-game screen and the keys-and-rules
sheet (no DOM access here; the records sheet and the replay viewer are in share.py and
replay_view.py)."""

from __future__ import annotations

from typing import Any

from skipbo_core import Rules
from skipbo_core.cards import DECK_EDITIONS

from ..i18n import LANGUAGES, t
from ..state.settings import FACES, KINDS, MAX_NAME, MAX_SEATS, Settings, default_stock, most_stock
from .explain import rules_page_tree
from .tree import El, h, props


def _choice(kind: str, name: str, value: Any, on: bool, text: str, **extra: Any) -> El:
    """A radio button or a check box with its words."""
    return h("label", props(class_="choice"),
             h("input", props(type=kind, name=name, value=value, checked="" if on else None, **extra)),
             h("span", None, text))


def _line(text: str, field: El) -> El:
    return h("label", props(class_="line"), h("span", None, text), field)


def setup_tree(settings: Settings, lang: str, errors: list[str] = (), can_cancel: bool = True,
               intro: list[El] = ()) -> El:
    """The new-game screen, filled with ``settings``; ``errors`` names wrong fields;
    ``intro`` is shown under the title (the tutorial's and the puzzles' entries)."""
    def option(value: Any, text: str, current: Any) -> El:
        return h("option", props(value=value, selected="" if value == current else None), text)

    p = settings.players
    seats = []
    for i, seat in enumerate(settings.seats):
        seats.append(h(
            "fieldset", props(class_="seat", data_seat_setup=i, hidden="" if i >= p else None),
            h("legend", None, t(lang, "setup.seat", n=i + 1)),
            h("label", None, h("span", None, t(lang, "setup.name")),
              h("input", props(type="text", name=f"name{i}", maxlength=MAX_NAME, value=seat.name,
                               placeholder=t(lang, "setup.name_placeholder", n=i + 1), autocomplete="off"))),
            h("label", None, h("span", None, t(lang, "setup.kind")),
              h("select", props(name=f"kind{i}"), [option(k, t(lang, f"kind.{k}"), seat.kind) for k in KINDS]))))
    mode = "default" if settings.stock is None else ("short" if settings.stock == 10 else "custom")
    most = most_stock(p, settings.wild_cards)
    stock_value = settings.stock if settings.stock is not None else default_stock(p)
    teams_ok = Rules.allows_teams(p)
    error = None
    if errors:
        names = []
        for f in errors:
            if f.startswith("kind"):
                names.append(t(lang, "field.kind", n=int(f[4:]) + 1))
            else:
                names.append(t(lang, f"field.{f}", most=most, players=p))
        error = h("p", props(class_="form-error", role="alert"), t(lang, "setup.error", fields="; ".join(names)))
    cancel = (h("button", props(type="button", data_action="close"), t(lang, "setup.cancel")) if can_cancel else None)
    return h(
        "form", props(id="setup", class_="sheet-body setup", method="dialog", novalidate=""),
        h("h2", props(id="sheet-title"), t(lang, "setup.title")), intro, error,
        _line(t(lang, "setup.players"),
              h("select", props(name="players", data_action="players"),
                [option(k, str(k), p) for k in range(2, MAX_SEATS + 1)])),
        h("div", props(class_="seats"), seats),
        h("fieldset", None, h("legend", None, t(lang, "setup.stock")),
          [_choice("radio", "stock_mode", m, mode == m, t(lang, key, n=default_stock(p)))
           for m, key in (("default", "stock.default"), ("short", "stock.short"), ("custom", "stock.custom"))],
          _line(t(lang, "setup.stock_size", most=most),
                h("input", props(type="number", name="stock", min=1, max=most, value=stock_value,
                                 inputmode="numeric")))),
        h("fieldset", None, h("legend", None, t(lang, "setup.teams_legend")),
          _choice("checkbox", "teams", 1, settings.teams and teams_ok, t(lang, "setup.teams"),
                  disabled=None if teams_ok else ""),
          None if teams_ok else h("p", props(class_="hint"), t(lang, "setup.teams_hint"))),
        h("fieldset", None, h("legend", None, t(lang, "setup.deck")),
          [_choice("radio", "wild_cards", w, settings.wild_cards == w, t(lang, f"deck.{w}")) for w in DECK_EDITIONS]),
        h("fieldset", None, h("legend", None, t(lang, "setup.faces")),
          [_choice("radio", "faces", f, settings.faces == f, t(lang, f"faces.{f}")) for f in FACES]),
        h("fieldset", None, h("legend", None, t(lang, "setup.practice_legend")),
          _choice("checkbox", "practice", 1, settings.practice, t(lang, "setup.practice"))),
        h("fieldset", None, h("legend", None, t(lang, "setup.mode")),
          [_choice("radio", "mode", m, settings.match == (m == "match"), t(lang, f"mode.{m}"))
           for m in ("single", "match")],
          _line(t(lang, "setup.target"),
                h("input", props(type="number", name="target", min=1, value=settings.target, inputmode="numeric")))),
        _line(t(lang, "setup.language"),
              h("select", props(name="lang"), [option(code, t(code, "lang.name"), lang) for code in LANGUAGES])),
        h("div", props(class_="actions"), cancel,
          h("button", props(type="submit", class_="primary", data_action="start"), t(lang, "setup.start"))))


def help_tree(lang: str, embed: bool = False) -> El:
    """The '?' sheet: the rules in short, the controls and the keys (an embedded table
    has no new-game screen, so no N key)."""
    rules = [h("li", None, t(lang, k)) for k in (
        "help.rule_build", "help.rule_wild", "help.rule_turn", "help.rule_stock", "help.rule_teams",
        "help.rule_stall", "help.rule_score")]
    keys = [h("tr", None, h("th", props(scope="row"), h("kbd", None, t(lang, f"key.{k}"))),
              h("td", None, t(lang, f"key.{k}_do")))
            for k in ("arrows", "enter", "escape", "stock", "hand", "discard", "build", "help", "new",
                      "hint", "undo", "read") if not (embed and k == "new")]
    return h("div", props(class_="sheet-body help"),
             h("h2", props(id="sheet-title"), t(lang, "help.title")),
             h("p", props(class_="goal"), t(lang, "help.goal")), h("ul", None, rules),
             h("p", None, rules_page_tree(lang)),
             h("h3", None, t(lang, "help.controls")), h("p", None, t(lang, "help.click")),
             h("p", None, t(lang, "help.drag")),
             h("h3", None, t(lang, "help.keys")), h("table", props(class_="keys"), keys),
             h("div", props(class_="actions"),
               h("button", props(type="button", class_="primary", data_action="close"), t(lang, "help.close"))))

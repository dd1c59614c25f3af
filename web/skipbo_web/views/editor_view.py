"""The position editor's sheet as an element tree (no DOM access): the player count, the
palette, every pile with its one-tap "take the top" and "clear", who is to move, the draw
pile's size, the engine's verdict at the pile it names, and the table's links.

Hooks (docs/EMBEDDING.md): the root carries ``data-editor``; each pile ``data-pile`` (its
key: ``0:S``, ``1:H``, ``0:D2``, ``B3``, ``draw``) and ``data-cards`` (bottom to top,
``SB`` for a Skip-Bo card); the pile the engine refuses ``data-problem``; the current link
is an ``<a href>`` inside ``[data-editor-link]``.
"""

from __future__ import annotations

from skipbo_core import Rules
from skipbo_core.ai import LEVELS
from skipbo_core.cards import DECK_EDITIONS

from ..i18n import t
from ..state.editor import PALETTE, Editor, Pile, Verdict
from ..state.settings import MAX_NAME
from .tree import El, h, props


def card_text(card: int, lang: str) -> str:
    return t(lang, "card.SB") if card == 0 else str(card)


def _cards_attr(cards: Pile) -> str:
    return " ".join("SB" if c == 0 else str(c) for c in cards)


def _pile(key: str, title: str, cards: Pile, verdict: Verdict, lang: str, extra: El | None = None,
          shown: str | None = None) -> El:
    """One pile: a button showing its cards (a tap places the picked card), its "take the
    top" and "clear" buttons, and the engine's problem when it names this pile."""
    text = shown if shown is not None else (" ".join(card_text(c, lang) for c in cards) or t(lang, "editor.empty"))
    wrong = verdict.game is None and verdict.pile == key
    return h("div", props(class_="ed-pile", data_pile=key, data_cards=_cards_attr(cards),
                          data_problem="1" if wrong else None),
             h("button", props(type="button", class_="ed-cards", data_action="ed-pile", data_pile=key),
               h("span", props(class_="ed-title"), title), " ", h("span", props(class_="ed-face"), text)),
             h("span", props(class_="ed-tools"),
               extra,
               h("button", props(type="button", class_="ed-tool", data_action="ed-pop", data_pile=key,
                                 aria_label=t(lang, "editor.pop", pile=title), title=t(lang, "editor.pop", pile=title)),
                 "\u232b"),
               h("button", props(type="button", class_="ed-tool", data_action="ed-clear", data_pile=key,
                                 aria_label=t(lang, "editor.clear", pile=title),
                                 title=t(lang, "editor.clear", pile=title)), "\u2715")),
             h("p", props(class_="ed-why", role="alert"), t(lang, f"position.why.{verdict.code}")) if wrong else None)


def _seat(editor: Editor, s: int, verdict: Verdict, lang: str) -> El:
    seat = editor.seats[s]
    stock_title = t(lang, "editor.stock")
    top = t(lang, "editor.hidden") if seat.top is None else card_text(seat.top, lang)
    count = h("span", props(class_="ed-count"),
              h("button", props(type="button", class_="ed-tool", data_action="ed-stock-less", data_seat=s,
                                aria_label=t(lang, "editor.less", pile=stock_title)), "\u2212"),
              h("span", props(data_count=seat.count), str(seat.count)),
              h("button", props(type="button", class_="ed-tool", data_action="ed-stock-more", data_seat=s,
                                aria_label=t(lang, "editor.more", pile=stock_title)), "+"))
    stock = _pile(f"{s}:S", stock_title, () if seat.top is None or not seat.count else (seat.top,), verdict, lang,
                  count, shown=t(lang, "editor.stock_shown", count=seat.count, top=top) if seat.count
                  else t(lang, "editor.empty"))
    moving = editor.current == s
    name = editor.names[s] if s < len(editor.names) else ""
    return h("section", props(class_="ed-seat", data_seat_edit=s, data_moving="1" if moving else None),
             h("h3", None, t(lang, "editor.seat", n=s + 1),
               h("input", props(type="text", name="editor-name", data_seat=s, value=name, maxlength=MAX_NAME,
                                autocomplete="off", aria_label=t(lang, "editor.name", n=s + 1),
                                placeholder=t(lang, "editor.name", n=s + 1))),
               h("button", props(type="button", class_="ed-turn", data_action="ed-turn", data_seat=s,
                                 aria_pressed=str(moving).lower()),
                 t(lang, "editor.to_move" if moving else "editor.make_move"))),
             h("div", props(class_="ed-piles"),
               stock,
               [_pile(f"{s}:D{k + 1}", t(lang, "editor.discard", n=k + 1), pile, verdict, lang)
                for k, pile in enumerate(seat.discards)],
               _pile(f"{s}:H", t(lang, "editor.hand"), seat.hand, verdict, lang)))


def _draw(editor: Editor, verdict: Verdict, lang: str) -> El:
    size = len(verdict.game.draw_pile) if verdict.game is not None else editor.draw
    words = (t(lang, "editor.draw_rest", count=size) if editor.draw is None and size is not None
             else t(lang, "editor.draw_rest_unknown") if editor.draw is None else str(editor.draw))
    wrong = verdict.game is None and verdict.pile == "draw"
    game = verdict.game
    completed = game.view(game.current_seat).completed_size if game is not None else None
    tools = [("ed-draw-less12", "\u221212"), ("ed-draw-less", "\u22121"), ("ed-draw-more", "+1"),
             ("ed-draw-more12", "+12")]
    return h("section", props(class_="ed-draw ed-pile", data_pile="draw", data_count=size if size is not None else "",
                              data_completed=completed, data_problem="1" if wrong else None),
             h("h3", None, t(lang, "editor.draw")), h("p", props(class_="ed-face"), words),
             h("p", props(class_="ed-completed"), t(lang, "editor.completed", count=completed)) if completed else None,
             h("span", props(class_="ed-tools"),
               [h("button", props(type="button", class_="ed-tool", data_action=action,
                                  disabled="" if size is None else None), text) for action, text in tools],
               h("button", props(type="button", class_="ed-tool ed-rest", data_action="ed-draw-rest",
                                 aria_pressed=str(editor.draw is None).lower()), t(lang, "editor.rest"))),
             h("p", props(class_="ed-why", role="alert"), t(lang, f"position.why.{verdict.code}")) if wrong else None)


def editor_tree(editor: Editor, verdict: Verdict, lang: str, play_link: str | None, edit_link: str | None,
                status: str = "", embed: str | None = None) -> El:
    """The editor's sheet for ``editor``'s table, the engine's ``verdict`` on it, and its
    links and embed code (None: none offered); ``status`` says what a Copy button did."""
    palette = [h("button", props(type="button", class_="ed-card", data_action="ed-card", data_card=card,
                                 aria_pressed=str(editor.card == card).lower()), card_text(card, lang))
               for card in PALETTE]
    players = [h("button", props(type="button", class_="ed-n", data_action="ed-players", data_n=n,
                                 aria_pressed=str(editor.players == n).lower()), str(n)) for n in range(2, 7)]
    whole = verdict.game is None and verdict.pile == "table"
    ok = verdict.game is not None and play_link is not None
    link_box = h("div", props(class_="ed-link", data_editor_link=""),
                 h("a", props(href=play_link), play_link) if ok else
                 h("p", props(class_="hint"), t(lang, "editor.no_link")))
    edit_box = h("p", props(class_="ed-link", data_editor_edit_link=""),
                 h("a", props(href=edit_link), t(lang, "editor.edit_link")) if ok and edit_link else None)
    return h("div", props(class_="sheet-body editor", data_editor="", data_players=editor.players,
                          data_turn=editor.current, data_valid="1" if verdict.game is not None else "0"),
             h("h2", props(id="sheet-title"), t(lang, "editor.title")),
             h("p", props(class_="hint"), t(lang, "editor.how")),
             h("div", props(class_="ed-players", role="group", aria_label=t(lang, "editor.players")),
               h("span", None, t(lang, "editor.players")), players),
             h("div", props(class_="ed-players", role="group", aria_label=t(lang, "editor.deck")),
               h("span", None, t(lang, "editor.deck")),
               [h("button", props(type="button", class_="ed-n", data_action="ed-deck", data_n=size,
                                  aria_pressed=str(editor.wild_cards == w).lower()), str(size))
                for w, size in ((w, Rules(wild_cards=w).deck_size) for w in DECK_EDITIONS)],
               h("button", props(type="button", class_="ed-teams", data_action="ed-teams",
                                 aria_pressed=str(editor.teams).lower(),
                                 disabled=None if Rules.allows_teams(editor.players) else ""),
                 t(lang, "editor.teams"))),
             h("div", props(class_="ed-palette", role="group", aria_label=t(lang, "editor.palette")), palette),
             h("section", props(class_="ed-building"), h("h3", None, t(lang, "editor.building")),
               h("div", props(class_="ed-piles"),
                 [_pile(f"B{k + 1}", t(lang, "editor.build_pile", n=k + 1), pile, verdict, lang)
                  for k, pile in enumerate(editor.building)])),
             [_seat(editor, s, verdict, lang) for s in range(editor.players)],
             _draw(editor, verdict, lang),
             h("p", props(class_="ed-why", role="alert", data_problem="1"), t(lang, f"position.why.{verdict.code}"))
             if whole else None,
             link_box, edit_box,
             h("pre", props(class_="ed-embed", data_editor_embed=""), h("code", None, embed)) if ok and embed else None,
             h("p", props(class_="ed-status", role="status"), status),
             h("div", props(class_="actions"),
               h("button", props(type="button", data_action="close"), t(lang, "editor.close")),
               h("button", props(type="button", data_action="ed-copy", disabled=None if ok else ""),
                 t(lang, "editor.copy")),
               h("button", props(type="button", data_action="ed-copy-embed", disabled=None if ok else ""),
                 t(lang, "editor.copy_embed")),
               h("button", props(type="button", data_action="ed-save", disabled=None if ok else ""),
                 t(lang, "editor.save")),
               h("label", props(class_="ed-file"), h("span", None, t(lang, "editor.open")),
                 h("input", props(type="file", name="editor-file", accept=".json,application/json"))),
               h("span", props(class_="ed-players ed-level", role="group", aria_label=t(lang, "editor.level")),
                 h("span", None, t(lang, "editor.level")),
                 [h("button", props(type="button", class_="ed-n", data_action="ed-level", data_n=level,
                                    aria_pressed=str(editor.level == level).lower()), t(lang, f"level.{level}"))
                  for level in LEVELS]),
               h("button", props(type="button", class_="primary", data_action="ed-play",
                                 disabled=None if ok else ""), t(lang, "editor.play"))))


def entry_tree(lang: str) -> El:
    """The editor's place on the new-game screen: "Set up a table"."""
    return h("div", props(class_="puzzle-entry editor-entry"), h("p", None, t(lang, "editor.entry_hint")),
             h("div", props(class_="actions"),
               h("button", props(type="button", data_action="editor"), t(lang, "editor.title"))))

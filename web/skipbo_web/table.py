"""HTML for the page, as strings, from the controller's state (no DOM access).

The markup carries the stable hooks that tests and embedding rely on:
``data-seat`` on each player area; ``data-slot`` = ``S``, ``D1``-``D4``, ``B1``-``B4``, ``H``;
``data-top`` on stock and discard piles; ``data-next`` on building piles; ``data-card`` on
hand cards (``1``-``12`` or ``SB``); ``data-legal="1"`` on targets of the picked card;
``data-key`` names each focusable pile so that focus survives a redraw.
"""

from __future__ import annotations

from dataclasses import dataclass
from html import escape
from typing import Any

from skipbo_core import TURN_LIMIT

from .controller import Controller, Message
from .explain import end_rule_link, rules_page_link, why_link
from .i18n import LANGUAGES, card_face, card_name, colour_of, describe, t
from .settings import FACES, KINDS, MAX_SEATS, SPEEDS, Settings, default_stock, most_stock

LOG_SHOWN = 60  # the newest moves in the log; older ones are counted only


@dataclass
class Look:
    """How to draw: language, card faces, and page-level switches."""

    lang: str = "en"
    faces: str = "skipbo"
    result_hidden: bool = False
    replay: bool = False  # a replay's read-only table: every hand face up, no result sheet or log


def attrs(**values: Any) -> str:
    """`` data-x="1"`` pairs for the non-``None`` values (underscores become dashes)."""
    return "".join(f' {k.rstrip("_").replace("_", "-")}="{escape(str(v))}"'
                   for k, v in values.items() if v is not None)


def card_token(value: int | None) -> str:
    """``data-*`` form of a card: ``"7"``, ``"SB"`` for a Skip-Bo card, ``""`` for none."""
    if value is None:
        return ""
    return "SB" if value == 0 else str(value)


def card_html(look: Look, value: int, extra: str = "", counts_as: int | None = None) -> str:
    """One face-up card, drawn with CSS: 1-4 blue, 5-8 green, 9-12 red, Skip-Bo distinct.
    The number (or letter) is always printed, so colour is never needed to read it. The
    face is drawn from ``data-face`` by CSS, so the pile's accessible name (its
    ``aria-label``) is the only text a screen reader meets."""
    face = escape(card_face(value, look.faces, look.lang))
    badge = f'<span class="as" data-as="{counts_as}"></span>' if counts_as is not None else ""
    return (f'<span class="card c-{colour_of(value)} f-{look.faces}{extra}" data-face="{face}" aria-hidden="true">'
            f'<span class="big" data-face="{face}"></span>{badge}</span>')


def back_html(extra: str = "") -> str:
    return f'<span class="card back{extra}" aria-hidden="true"></span>'


def seat_name(ctrl: Controller, look: Look, seat: int) -> str:
    """A seat's name: the one given, else the default ("You", "Computer 2", "Player 3")."""
    name = ctrl.game.players[seat].get("name", "")
    if name:
        return name
    key, args = ctrl.default_name_args(seat)
    return t(look.lang, key, **args)


def is_you(ctrl: Controller, seat: int) -> bool:
    """Whether the table calls this seat "You" (the single human, without a name): sentences
    about that seat then take their "you" form ("You won!", not "You wins!")."""
    return not ctrl.game.players[seat].get("name") and ctrl.default_name_args(seat)[0] == "name.you"


def result_headline(ctrl: Controller, look: Look) -> str:
    """Who won the game that just ended, in one line."""
    lang = look.lang
    result = ctrl.game.result
    assert result is not None
    if result.winner is None:
        return t(lang, "end.nobody")
    team = ctrl.game.rules.team_of(result.winner)
    if len(team) > 1:
        return _pair(ctrl, look, team, "end.team_won")
    if is_you(ctrl, result.winner):
        return t(lang, "end.you_won")
    return t(lang, "end.won", name=seat_name(ctrl, look, result.winner))


def _pair(ctrl: Controller, look: Look, pair: tuple[int, ...] | list[int], key: str, **args: Any) -> str:
    """A sentence about two partners: ``key`` with ``a`` and ``b``, or ``key + "_you"``
    with ``partner`` when one of them is "You"."""
    you = [s for s in pair if is_you(ctrl, s)]
    if you:
        partner = next(s for s in pair if s != you[0])
        return t(look.lang, key + "_you", partner=seat_name(ctrl, look, partner), **args)
    a, b = pair
    return t(look.lang, key, a=seat_name(ctrl, look, a), b=seat_name(ctrl, look, b), **args)


def _result_reason(ctrl: Controller, look: Look) -> str:
    """Why the game ended: the last stock card (by whom), the stall rule, the turn limit."""
    lang = look.lang
    result = ctrl.game.result
    assert result is not None
    if result.winner is None:
        return t(lang, f"end.{result.reason}", limit=TURN_LIMIT)
    key = "end.stock-empty_team" if len(ctrl.game.rules.team_of(result.winner)) > 1 else "end.stock-empty"
    if is_you(ctrl, result.winner):
        return t(lang, key + "_you")
    return t(lang, key, name=seat_name(ctrl, look, result.winner))


def _match_line(ctrl: Controller, look: Look, leaders: list[int], points: int) -> str:
    """Who won the match: one seat, a team, or several seats level at the top."""
    lang = look.lang
    if len(leaders) == 1:
        if is_you(ctrl, leaders[0]):
            return t(lang, "end.match_won_you", points=points)
        return t(lang, "end.match_won", name=seat_name(ctrl, look, leaders[0]), points=points)
    if tuple(leaders) == tuple(ctrl.game.rules.team_of(leaders[0])):
        return _pair(ctrl, look, leaders, "end.match_won_team", points=points)
    return t(lang, "end.match_tied", names=", ".join(seat_name(ctrl, look, s) for s in leaders), points=points)


def message_text(ctrl: Controller, look: Look, msg: Message) -> str:
    """The message line in words: seats become names, cards become faces."""
    # an argument may itself be a message (a hint's reason, a pile in words)
    args = {k: message_text(ctrl, look, v) if isinstance(v, Message) else v for k, v in msg.args.items()}
    if "seat" in args:
        args["name"] = seat_name(ctrl, look, args.pop("seat"))
    for key in ("needs", "top"):
        if key in args:
            args[key] = card_face(args[key], look.faces, look.lang)
    return describe(look.lang, msg.key, args, faces=look.faces)


def root_attributes(ctrl: Controller) -> dict[str, str | None]:
    """Attributes of the table root: whose turn it is and whether the game is over."""
    return {"data-turn": str(ctrl.game.current_seat),
            "data-over": "1" if ctrl.game.is_over else None,
            "data-players": str(ctrl.players),
            "data-viewer": str(ctrl.viewer)}


# -- the bar -----------------------------------------------------------------------------------

def speed_and_languages(look: Look, speed: int) -> str:
    """The computer's speed and the language buttons (the bar; the embedded table's menu)."""
    lang = look.lang
    langs = "".join(
        f'<button type="button"{attrs(data_lang=code, lang=code, aria_pressed=str(code == lang).lower())}>'
        f'{escape(t(code, "lang.name"))}</button>' for code in LANGUAGES)
    speeds = "".join(f'<option value="{s}"{" selected" if s == speed else ""}>'
                     f'{escape(t(lang, f"speed.{s}"))}</option>' for s in SPEEDS)
    return (f'<label class="speed"><span>{escape(t(lang, "bar.speed"))}</span>'
            f'<select data-action="speed" name="speed">{speeds}</select></label>'
            f'<nav class="langs" aria-label="{escape(t(lang, "bar.language"))}">{langs}</nav>')


def render_bar(look: Look, speed: int) -> str:
    """Title, new game, speed, languages, help."""
    lang = look.lang
    return (f'<h1>{escape(t(lang, "title"))}</h1>'
            f'<button type="button" class="tool" data-action="new" aria-keyshortcuts="N">{escape(t(lang, "bar.new"))}</button>'
            f'{speed_and_languages(look, speed)}'
            f'<button type="button" class="tool help" data-action="help" aria-keyshortcuts="?"'
            f' aria-label="{escape(t(lang, "bar.help"))}" title="{escape(t(lang, "bar.help"))}">?</button>'
            f'<button type="button" class="tool records-tool" data-action="records" title="{escape(t(lang, "bar.records"))}">'
            f'<span class="records-icon" aria-hidden="true"></span><span class="records-text">{escape(t(lang, "bar.records"))}</span></button>')


def render_foot(lang: str, version: str) -> str:
    """The engine's version, below the table."""
    return f'<span id="version"{attrs(data_version=version)}>{escape(t(lang, "version", version=version))}</span>'


# -- the table ---------------------------------------------------------------------------------

def render_table(ctrl: Controller, look: Look) -> str:
    """Everything inside the table root."""
    view = ctrl.view()
    me = ctrl.viewer
    n = ctrl.players
    others = [(me + k) % n for k in range(1, n)]
    lang = look.lang
    mine = {"legal": ctrl.legal_targets(), "playable": ctrl.playable_sources()}
    parts = [f'<div class="opponents" data-count="{len(others)}">']
    parts += [_player(ctrl, look, view, seat, mine) for seat in others]
    parts.append("</div>")
    parts.append(_center(ctrl, look, view, mine))
    parts.append(_player(ctrl, look, view, me, mine))
    parts.append(f'<div class="message-row"><p class="message" role="status" aria-live="polite"{attrs(data_message=ctrl.message.key)}>'
                 f'{escape(message_text(ctrl, look, ctrl.message))}</p>{why_link(ctrl.message, lang)}</div>')
    if look.replay:
        return "".join(parts)  # the replay viewer shows its own move list and result
    parts.append(_log(ctrl, look))
    if ctrl.game.is_over:
        parts.append(render_result(ctrl, look) if not look.result_hidden else
                     f'<button type="button" class="show-result" data-action="show-result">'
                     f'{escape(t(lang, "end.show_result"))}</button>')
    elif ctrl.curtain:
        parts.append(_curtain(ctrl, look))
    return "".join(parts)


def _flags(ctrl: Controller, text: str, mine: dict[str, set[str]]) -> dict[str, str | None]:
    return {"data_legal": "1" if text in mine["legal"] else None,
            "data_playable": "1" if text in mine["playable"] else None,
            "data_selected": "1" if text == ctrl.selected else None}


def _last(ctrl: Controller) -> tuple[int, str, str] | None:
    """(seat, source, target) of the last move, for a quiet highlight."""
    if not ctrl.log:
        return None
    e = ctrl.log[-1]
    if e.move.is_end:
        return None
    return e.seat, e.move.source_text, e.move.target_text


def _player(ctrl: Controller, look: Look, view: dict[str, Any], seat: int, mine: dict[str, set[str]]) -> str:
    lang = look.lang
    viewer = ctrl.viewer
    me = seat == viewer
    to_move = ctrl.game.current_seat
    acting = ctrl.my_turn and viewer == to_move
    # The seat whose piles the player at the table may use: own, or the partner's.
    prefix = "" if me else ("P" if acting and seat == ctrl.partner(to_move) else None)
    name = seat_name(ctrl, look, seat)
    top = view["stock_tops"][seat]
    count = view["stock_sizes"][seat]
    flags = _flags(ctrl, prefix + "S", mine) if prefix is not None else {}
    stock_label = (t(lang, "stock.aria", name=name, count=count, what=card_name(lang, top, look.faces))
                   if top is not None else t(lang, "stock.aria_empty", name=name))
    stock = (f'<div class="stock-wrap"><button type="button" class="pile stock"'
             f'{attrs(data_slot="S", data_top=card_token(top), data_count=count, data_key=f"{seat}:S", aria_label=stock_label, **flags)}>'
             f'{card_html(look, top) if top is not None else _empty()}</button>'
             f'<span class="count">{escape(t(lang, "stock.left", count=count))}</span></div>')
    discards = []
    for k, pile in enumerate(view["discards"][seat], start=1):
        slot = f"D{k}"
        flags = _flags(ctrl, prefix + slot, mine) if prefix is not None else {}
        ptop = pile[-1] if pile else None
        label = (t(lang, "discard.aria", name=name, n=k, count=len(pile), what=card_name(lang, ptop, look.faces))
                 if pile else t(lang, "discard.aria_empty", name=name, n=k))
        cards = "".join(card_html(look, c) for c in pile) or _empty()
        discards.append(
            f'<button type="button" class="pile discard"'
            f'{attrs(data_slot=slot, data_top=card_token(ptop), data_count=len(pile), data_key=f"{seat}:{slot}", aria_label=label, **flags)}>'
            f'<span class="fan" style="--k:{max(len(pile), 1)}">{cards}</span></button>')
    tags = []
    if seat == to_move and not ctrl.game.is_over:
        tags.append(f'<span class="tag now">{escape(t(lang, "turn.now"))}</span>')
    if ctrl.is_ai(seat):
        shown = t(lang, "who.ai", name=name, level=t(lang, f"level.{ctrl.kinds[seat]}"))
    else:
        shown = name
    mate = ctrl.partner(seat)
    if mate is not None:
        team = (t(lang, "team.with_you") if is_you(ctrl, mate)
                else t(lang, "team.with", name=seat_name(ctrl, look, mate)))
        tags.append(f'<span class="tag team">{escape(team)}</span>')
    if ctrl.match.target is not None:
        total = ctrl.match.totals(ctrl.players)[seat]
        tags.append(f'<span class="tag score">{escape(t(lang, "score.points", points=total))}</span>')
    hand_size = view["hand_sizes"][seat]
    # an empty hand fills up at the start of its owner's turn (before the first one, too)
    waits = hand_size == 0 and seat != to_move and not ctrl.game.is_over
    in_hand = t(lang, "hand.draws_at_turn") if waits else t(lang, "hand.count", count=hand_size)
    header = (f'<header class="who"><span class="name">{escape(shown)}</span>{"".join(tags)}'
              f'<span class="hand-count">{escape(in_hand)}</span></header>')
    body = f'<div class="row">{stock}<div class="discards">{"".join(discards)}</div></div>'
    if me:
        body += _hand(ctrl, look, view, mine)
    elif look.replay:
        body += _open_hand(ctrl, look, seat, name)
    else:
        body += f'<div class="mini-hand" aria-hidden="true">{back_html(" mini") * hand_size}</div>'
    classes = "player me" if me else "player opp"
    if not me and seat == ctrl.partner(viewer):
        classes += " partner"
    if mate is not None:
        classes += " team-" + str(min(seat, mate))
    return (f'<section class="{classes}"{attrs(data_seat=seat, data_active="1" if seat == to_move and not ctrl.game.is_over else None, aria_label=shown)}>'
            f'{header}{body}</section>')


def _open_hand(ctrl: Controller, look: Look, seat: int, name: str) -> str:
    """Another seat's hand face up (replays show every hand), with the same hooks as a hand."""
    cards = "".join(f'<span class="open-card" role="img"{attrs(data_slot="H", data_card=card_token(v), aria_label=card_name(look.lang, v, look.faces))}>'
                    f'{card_html(look, v)}</span>' for v in ctrl.game.view(seat).hand)
    return f'<div class="open-hand" role="group" aria-label="{escape(t(look.lang, "replay.hand_of", name=name))}">{cards}</div>'


def _empty() -> str:
    return '<span class="card empty" aria-hidden="true"></span>'


def _hand(ctrl: Controller, look: Look, view: dict[str, Any], mine: dict[str, set[str]]) -> str:
    lang = look.lang
    if not ctrl.shows_hand:
        backs = "".join(f'<span class="hand-slot">{back_html()}</span>' for _ in range(view["hand_sizes"][ctrl.viewer]))
        return (f'<div class="hand hidden" role="group" aria-label="{escape(t(lang, "hand.hidden"))}">{backs}</div>')
    buttons = []
    marked = False
    for i, value in enumerate(view["hand"]):
        token = card_token(value)
        selected = not marked and ctrl.selected == "H" + token
        marked = marked or selected
        label = t(lang, "hand.card_aria", what=card_name(lang, value, look.faces))
        buttons.append(
            f'<button type="button" class="hand-card"'
            f'{attrs(data_slot="H", data_card=token, data_key=f"H{i}", aria_label=label, data_playable="1" if "H" + token in mine["playable"] else None, data_selected="1" if selected else None)}>'
            f'{card_html(look, value)}</button>')
    end = ""
    if ctrl.can_end():
        end = f'<button type="button" class="end-turn" data-action="end">{escape(t(lang, "end_turn"))}</button>'
    return f'<div class="hand" role="group" aria-label="{escape(t(lang, "hand.aria"))}">{"".join(buttons)}{end}</div>'


def _center(ctrl: Controller, look: Look, view: dict[str, Any], mine: dict[str, set[str]]) -> str:
    lang = look.lang
    last = _last(ctrl)
    piles = []
    for k, (pile, needs) in enumerate(zip(view["building"], view["next_needed"]), start=1):
        slot = f"B{k}"
        if pile:
            top = pile[-1]
            face = card_html(look, top, counts_as=len(pile) if top == 0 else None)
            label = t(lang, "building.aria", n=k, needs=card_face(needs, look.faces, lang),
                      top=card_name(lang, top, look.faces))
        else:
            face = _empty()
            label = t(lang, "building.aria_empty", n=k, needs=card_face(needs, look.faces, lang))
        depth = min(len(pile), 6)
        piles.append(
            f'<button type="button" class="pile build"'
            f'{attrs(data_slot=slot, data_next=needs, data_top=card_token(pile[-1] if pile else None), data_count=len(pile), data_key=slot, aria_label=label, data_legal="1" if slot in mine["legal"] else None, data_last="1" if last and last[2] == slot else None, style=f"--depth:{depth}")}>'
            f'{face}<span class="needs">{escape(t(lang, "building.needs", n=card_face(needs, look.faces, lang)))}</span></button>')
    draw_label = t(lang, "draw.aria", count=view["draw_size"], done=view["completed_size"])
    return (f'<section class="center" aria-label="{escape(t(lang, "building.title"))}">'
            f'<div class="drawpile" role="img" aria-label="{escape(draw_label)}">'
            f'{back_html() if view["draw_size"] else _empty()}'
            f'<span class="count" data-draw="{view["draw_size"]}">{escape(t(lang, "draw.count", count=view["draw_size"]))}</span>'
            f'<span class="count done" data-completed="{view["completed_size"]}">{escape(t(lang, "draw.completed", count=view["completed_size"]))}</span></div>'
            f'<div class="building">{"".join(piles)}</div></section>')


def _log(ctrl: Controller, look: Look) -> str:
    lang = look.lang
    items = []
    for e in ctrl.log[-LOG_SHOWN:]:
        name = seat_name(ctrl, look, e.seat)
        m = e.move
        if m.is_end:
            text = t(lang, "log.end", name=name)
        else:
            key = "log.discard" if m.is_discard else ("log.build_stock" if m.from_stock else "log.build")
            text = t(lang, key, name=name, card=e.card, pile=str(m.slot + 1), faces=look.faces)
        items.append(f'<li{attrs(data_by=e.seat, data_move=str(m))}>{escape(text)}</li>')
    return (f'<details class="log"><summary>{escape(t(lang, "log.title"))} ({len(ctrl.log)})</summary>'
            f'<ol{attrs(data_count=len(ctrl.log))}>{"".join(items)}</ol></details>')


def _curtain(ctrl: Controller, look: Look) -> str:
    lang = look.lang
    name = seat_name(ctrl, look, ctrl.game.current_seat)
    return (f'<div class="curtain" role="dialog" aria-modal="true" aria-labelledby="curtain-title">'
            f'<div class="sheet-body"><h2 id="curtain-title">{escape(t(lang, "curtain.title", name=name))}</h2>'
            f'<p>{escape(t(lang, "curtain.body", name=name))}</p>'
            f'<button type="button" class="primary" data-action="reveal" autofocus>{escape(t(lang, "curtain.show", name=name))}</button>'
            f'</div></div>')


def render_result(ctrl: Controller, look: Look) -> str:
    """The end of a game: winner, reason (the stall rule explained), points, standings."""
    lang = look.lang
    result = ctrl.game.result
    assert result is not None
    n = ctrl.players
    headline, reason = result_headline(ctrl, look), _result_reason(ctrl, look)
    match = ctrl.match
    in_match = match.target is not None
    totals = match.totals(n)
    rows = []
    for s in range(n):
        cells = f'<td>{result.scores[s]}</td>' + (f'<td>{totals[s]}</td>' if in_match else "")
        left = ctrl.view()["stock_sizes"][s]
        rows.append(f'<tr{attrs(data_seat_score=s)}><th scope="row">{escape(seat_name(ctrl, look, s))}'
                    f'<span class="sub">{escape(t(lang, "cards_left", count=left))}</span></th>{cells}</tr>')
    head = (f'<tr><th scope="col">{escape(t(lang, "end.player"))}</th><th scope="col">{escape(t(lang, "end.this_game"))}</th>'
            + (f'<th scope="col">{escape(t(lang, "end.total"))}</th>' if in_match else "") + "</tr>")
    caption = t(lang, "end.totals", target=match.target) if in_match else t(lang, "end.points")
    match_line = ""
    buttons = []
    if in_match and match.is_over(n):
        best = max(totals)
        leaders = [s for s in range(n) if totals[s] == best]
        match_line = f'<p class="match-won">{escape(_match_line(ctrl, look, leaders, best))}</p>'
        buttons.append(("new-match", "end.new_match", True))
    elif in_match:
        buttons.append(("next-game", "end.next_game", True))
        buttons.append(("new-match", "end.new_match", False))
    else:
        buttons.append(("play-again", "end.play_again", True))
    buttons.append(("new", "end.settings", False))
    buttons.append(("hide-result", "end.show_table", False))
    btns = "".join(f'<button type="button"{attrs(data_action=a, class_="primary" if primary else None)}>'
                   f'{escape(t(lang, key))}</button>' for a, key, primary in buttons)
    return (f'<section class="result" role="dialog" aria-labelledby="result-title"'
            f'{attrs(data_reason=result.reason, data_winner="" if result.winner is None else result.winner)}>'
            f'<div class="sheet-body"><h2 id="result-title">{escape(headline)}</h2>'
            f'<p class="reason">{escape(reason)} {end_rule_link(result.reason, lang)}</p>{match_line}'
            f'<table class="scores"><caption>{escape(caption)}</caption><thead>{head}</thead><tbody>{"".join(rows)}</tbody></table>'
            f'<div class="actions">{btns}</div></div></section>')


# -- sheets: new game and help -----------------------------------------------------------------

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
        kinds = "".join(f'<option value="{k}"{sel(k, seat.kind)}>{escape(t(lang, f"kind.{k}"))}</option>' for k in KINDS)
        hidden = " hidden" if i >= p else ""
        seats.append(
            f'<fieldset class="seat" data-seat-setup="{i}"{hidden}><legend>{escape(t(lang, "setup.seat", n=i + 1))}</legend>'
            f'<label><span>{escape(t(lang, "setup.name"))}</span><input type="text" name="name{i}" maxlength="24" '
            f'value="{escape(seat.name)}" placeholder="{escape(t(lang, "setup.name_placeholder", n=i + 1))}" autocomplete="off"></label>'
            f'<label><span>{escape(t(lang, "setup.kind"))}</span><select name="kind{i}">{kinds}</select></label></fieldset>')
    mode = "default" if settings.stock is None else ("short" if settings.stock == 10 else "custom")
    most = most_stock(p, settings.wild_cards)
    stock_value = settings.stock if settings.stock is not None else default_stock(p)
    stock_opts = "".join(
        f'<label class="choice"><input type="radio" name="stock_mode" value="{m}"{chk(mode == m)}>'
        f'<span>{escape(t(lang, key, n=default_stock(p)))}</span></label>'
        for m, key in (("default", "stock.default"), ("short", "stock.short"), ("custom", "stock.custom")))
    teams_ok = p in (4, 6)
    decks = "".join(f'<label class="choice"><input type="radio" name="wild_cards" value="{w}"{chk(settings.wild_cards == w)}>'
                    f'<span>{escape(t(lang, f"deck.{w}"))}</span></label>' for w in (18, 24))
    faces = "".join(f'<label class="choice"><input type="radio" name="faces" value="{f}"{chk(settings.faces == f)}>'
                    f'<span>{escape(t(lang, f"faces.{f}"))}</span></label>' for f in FACES)
    modes = "".join(f'<label class="choice"><input type="radio" name="mode" value="{m}"{chk(settings.match == (m == "match"))}>'
                    f'<span>{escape(t(lang, f"mode.{m}"))}</span></label>' for m in ("single", "match"))
    langs = "".join(f'<option value="{code}"{sel(code, lang)}>{escape(t(code, "lang.name"))}</option>' for code in LANGUAGES)
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
            f'<input type="number" name="stock" min="1" max="{most}" value="{stock_value}" inputmode="numeric"></label></fieldset>'
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
            f'<input type="number" name="target" min="1" value="{settings.target}" inputmode="numeric"></label></fieldset>'
            f'<label class="line"><span>{escape(t(lang, "setup.language"))}</span><select name="lang">{langs}</select></label>'
            f'<div class="actions">{cancel}<button type="submit" class="primary" data-action="start">{escape(t(lang, "setup.start"))}</button></div>'
            f'</form>')


def render_help(lang: str, embed: bool = False) -> str:
    """The '?' sheet: the rules in short, the controls and the keys (an embedded table
    has no new-game screen, so no N key)."""
    rules = "".join(f'<li>{escape(t(lang, k))}</li>' for k in (
        "help.rule_build", "help.rule_wild", "help.rule_turn", "help.rule_stock", "help.rule_teams",
        "help.rule_stall", "help.rule_score"))
    keys = "".join(f'<tr><th scope="row"><kbd>{escape(t(lang, f"key.{k}"))}</kbd></th><td>{escape(t(lang, f"key.{k}_do"))}</td></tr>'
                   for k in ("arrows", "enter", "escape", "stock", "hand", "discard", "build", "help", "new",
                             "hint", "undo", "read") if not (embed and k == "new"))
    return (f'<div class="sheet-body help">'
            f'<h2 id="sheet-title">{escape(t(lang, "help.title"))}</h2>'
            f'<p class="goal">{escape(t(lang, "help.goal"))}</p><ul>{rules}</ul><p>{rules_page_link(lang)}</p>'
            f'<h3>{escape(t(lang, "help.controls"))}</h3><p>{escape(t(lang, "help.click"))}</p><p>{escape(t(lang, "help.drag"))}</p>'
            f'<h3>{escape(t(lang, "help.keys"))}</h3><table class="keys">{keys}</table>'
            f'<div class="actions"><button type="button" class="primary" data-action="close">{escape(t(lang, "help.close"))}</button></div></div>')


def render_notices(notices: list[Message], lang: str) -> str:
    """Notices above the table (bad save, bad URL options, no storage)."""
    out = []
    for i, msg in enumerate(notices):
        # an argument may itself be a message (a record's illegal move says why in words)
        args = {k: describe(lang, v.key, dict(v.args)) if isinstance(v, Message) else v for k, v in msg.args.items()}
        out.append(f'<div class="notice" role="alert"{attrs(data_notice=msg.key)}><p>{escape(t(lang, msg.key, **args))}</p>'
                   f'<button type="button" data-action="dismiss" data-index="{i}">{escape(t(lang, "notice.close"))}</button></div>')
    return "".join(out)

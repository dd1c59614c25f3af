"""The table as a tree of elements (``tree.El``) from the controller's state: the
view model the page patches in place (no DOM access here). ``tree.to_html`` gives its HTML.

The tree carries the stable hooks that tests and embedding rely on:
``data-seat`` on each player area; ``data-slot`` = ``S``, ``D1``-``D4``, ``B1``-``B4``, ``H``;
``data-top`` on stock and discard piles; ``data-next`` on building piles; ``data-card`` on
hand cards (``1``-``12`` or ``SB``); ``data-legal="1"`` on targets of the picked card;
``data-key`` names each pile and hand card: the patcher keeps each such element the same
DOM node from one state to the next, so focus and handles held by others survive a move.
The draw pile and another seat's hand have the keys ``draw`` and ``mini-hand`` (not
drawn: ``El.key``), by which motion_plan finds them.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from skipbo_core import TURN_LIMIT, SeatView
from skipbo_core.cards import HAND_SIZE

from ..i18n import card_face, card_name, colour_of, describe, t
from ..state.controller import Controller, LogEntry, Message
from ..state.ending import ending
from ..state.look import Look
from ..state.trace import Trace, line, moves_text, pile_key, trace
from .explain import end_rule_tree, why_tree
from .isolate import isolate_names
from .table_marks import Mark, mark_tree
from .tree import El, h, props

LOG_SHOWN = 60  # the newest moves in the log; older ones are counted only


def card_token(value: int | None) -> str:
    """``data-*`` form of a card: ``"7"``, ``"SB"`` for a Skip-Bo card, ``""`` for none."""
    if value is None:
        return ""
    return "SB" if value == 0 else str(value)


def card(look: Look, value: int, counts_as: int | None = None, key: str | None = None) -> El:
    """One face-up card, drawn with CSS: 1-4 blue, 5-8 green, 9-12 red, Skip-Bo distinct.
    The number (or letter) is always printed, so colour is never needed to read it. The
    face is drawn from ``data-face`` by CSS, so the pile's accessible name (its
    ``aria-label``) is the only text a screen reader meets."""
    face = card_face(value, look.faces, look.lang)
    badge = h("span", props(class_="as", data_as=counts_as)) if counts_as is not None else None
    return h("span", props(class_=f"card c-{colour_of(value)} f-{look.faces}", data_face=face, aria_hidden="true"),
             h("span", props(class_="big", data_face=face)), badge, key=key)


def back(extra: str = "") -> El:
    return h("span", props(class_=f"card back{extra}", aria_hidden="true"))


def empty() -> El:
    return h("span", props(class_="card empty", aria_hidden="true"))


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


# -- the table ---------------------------------------------------------------------------------

def table_tree(ctrl: Controller, look: Look, tag: str = "main", root: dict[str, str] | None = None,
               marks: Iterable[Mark] = ()) -> El:
    """The table root (``tag``, with the attributes ``root`` and ``root_attributes``) and
    everything inside it, with the highlights ``marks`` (see table_marks)."""
    view = ctrl.view()
    me = ctrl.viewer
    n = ctrl.players
    others = [(me + k) % n for k in range(1, n)]
    lang = look.lang
    mine = {"legal": ctrl.legal_targets(), "playable": ctrl.playable_sources()}
    done = trace(ctrl) if not look.replay else Trace()  # what the computer did since you moved
    kids: list[Any] = [
        h("div", props(class_="opponents", data_count=len(others)),
          [_player(ctrl, look, view, seat, mine, done) for seat in others]),
        _center(ctrl, look, view, mine, done),
        _player(ctrl, look, view, me, mine, done),
        h("div", props(class_="message-row"),
          h("p", props(class_="message", role="status", aria_live="polite", data_message=ctrl.message.key),
            message_text(ctrl, look, ctrl.message), key="message"),
          why_tree(ctrl.message, lang))]
    if not look.replay:  # the replay viewer shows its own move list and result
        kids.append(_log(ctrl, look))
        if look.elsewhere:
            kids.append(_elsewhere(look))
        elif ctrl.game.is_over:
            kids.append(result_tree(ctrl, look) if not look.result_hidden else
                        h("button", props(type="button", class_="show-result", data_action="show-result"),
                          t(lang, "end.show_result")))
        elif ctrl.curtain:
            kids.append(_curtain(ctrl, look))
    attributes = {**(root or {}), **{k: v for k, v in root_attributes(ctrl).items() if v is not None}}
    names = [p.get("name", "") for p in ctrl.game.players]  # the names players gave, not "You"
    return mark_tree(isolate_names(h(tag, attributes, kids), names), marks)


def _flags(ctrl: Controller, text: str, mine: dict[str, set[str]]) -> dict[str, str]:
    return props(data_legal="1" if text in mine["legal"] else None,
                 data_playable="1" if text in mine["playable"] else None,
                 data_selected="1" if text == ctrl.selected else None)


def _last_target(ctrl: Controller) -> str | None:
    """The building pile the last move went to, for a quiet highlight."""
    moves = ctrl.game.moves
    return moves[-1].target_slot if moves and moves[-1].is_build else None


def _trace_no(done: Trace, key: str) -> tuple[dict[str, str], list[El]]:
    """A pile's order numbers of the computer's last moves: its ``data-trace`` and the
    small numbers on it."""
    numbers = done.marks.get(key)
    if not numbers:
        return {}, []
    text = " ".join(map(str, numbers))
    return {"data-trace": text}, [h("span", props(class_="trace-no", aria_hidden="true"), text, key="trace")]


def _player(ctrl: Controller, look: Look, view: SeatView, seat: int, mine: dict[str, set[str]],
            done: Trace) -> El:
    lang = look.lang
    viewer = ctrl.viewer
    me = seat == viewer
    to_move = ctrl.game.current_seat
    acting = ctrl.my_turn and viewer == to_move
    # The seat whose piles the player at the table may use: own, or the partner's.
    prefix = "" if me else ("P" if acting and seat == ctrl.partner(to_move) else None)
    # Tab walks your own piles and cards (and a partner's you may use); the others' piles
    # are still reached with the arrow keys.
    tab = None if prefix is not None else "-1"
    name = seat_name(ctrl, look, seat)
    top = view.stock_tops[seat]
    count = view.stock_sizes[seat]
    flags = _flags(ctrl, prefix + "S", mine) if prefix is not None else {}
    stock_label = (t(lang, "stock.aria", name=name, count=count, what=card_name(lang, top, look.faces))
                   if top is not None else t(lang, "stock.aria_empty", name=name))
    stock = h("div", props(class_="stock-wrap"),
              h("button", {**props(type="button", class_="pile stock", data_slot="S", data_top=card_token(top),
                                   data_count=count, data_key=f"{seat}:S", aria_label=stock_label, tabindex=tab),
                           **flags},
                card(look, top, key=f"c{count}") if top is not None else empty()),
              h("span", props(class_="count"), t(lang, "stock.left", count=count)))
    discards = []
    for k, pile in enumerate(view.discards[seat], start=1):
        slot = f"D{k}"
        flags = _flags(ctrl, prefix + slot, mine) if prefix is not None else {}
        ptop = pile[-1] if pile else None
        label = (t(lang, "discard.aria", name=name, n=k, count=len(pile), what=card_name(lang, ptop, look.faces))
                 if pile else t(lang, "discard.aria_empty", name=name, n=k))
        cards = [card(look, c) for c in pile] or [empty()]
        marked, numbers = _trace_no(done, pile_key(seat, slot))
        discards.append(
            h("button", {**props(type="button", class_="pile discard", data_slot=slot, data_top=card_token(ptop),
                                 data_count=len(pile), data_key=f"{seat}:{slot}", aria_label=label, tabindex=tab),
                         **flags, **marked},
              h("span", props(class_="fan", style=f"--k:{max(len(pile), 1)}"), cards), numbers))
    tags = []
    if seat == to_move and not ctrl.game.is_over:
        tags.append(h("span", props(class_="tag now"), t(lang, "turn.now"), key="now"))
    if ctrl.is_ai(seat):
        level = t(lang, f"level.{ctrl.kinds[seat]}")
        shown = t(lang, "who.ai", name=name, level=level)
        # the name and the level apart: where the header is narrow, the level goes to its second line
        head: Any = [h("span", props(class_="nm"), name, key="nm"), " ",
                     h("span", props(class_="level"), t(lang, "who.level", level=level), key="level")]
    else:
        shown = head = name
    mate = ctrl.partner(seat)
    if mate is not None:
        team = (t(lang, "team.with_you") if is_you(ctrl, mate)
                else t(lang, "team.with", name=seat_name(ctrl, look, mate)))
        tags.append(h("span", props(class_="tag team"), team, key="team"))
    if ctrl.match.target is not None:
        total = ctrl.match.scores[seat]
        tags.append(h("span", props(class_="tag score"), t(lang, "score.points", points=total), key="score"))
    hand_size = view.hand_sizes[seat]
    # an empty hand fills up at the start of its owner's turn (before the first one, too)
    waits = hand_size == 0 and seat != to_move and not ctrl.game.is_over
    in_hand = (t(lang, "hand.draws_at_turn_you" if is_you(ctrl, seat) else "hand.draws_at_turn") if waits
               else t(lang, "hand.count", count=hand_size))
    mine_done = [e for e in done.entries if e.seat == seat]
    if mine_done:  # the computer's turn, in words, until you move: "Computer: 7 from stock to pile 2, ..."
        said = line(lang, name, mine_done, look.faces)
        head = t(lang, "trace.who", name=name)  # the level makes room for the line meanwhile
        # one line; where the header is too narrow for it (a phone), a tap on it shows it whole
        tags.append(h("details", props(class_="trace", data_trace_line=seat),
                      h("summary", props(class_="trace-line", title=said, tabindex="-1"),
                        moves_text(lang, mine_done, look.faces)),
                      h("p", props(class_="trace-whole"), said), key="trace"))
    header = h("header", props(class_="who"), h("span", props(class_="name"), head, key="name"), tags,
               h("span", props(class_="hand-count"), in_hand, key="hand-count"))
    body: list[El] = [h("div", props(class_="row"), stock, h("div", props(class_="discards"), discards))]
    if me:
        body.append(_hand(ctrl, look, view, mine))
    elif look.replay:
        body.append(_open_hand(ctrl, look, seat, name))
    else:
        body.append(h("div", props(class_="mini-hand", aria_hidden="true"), [back(" mini")] * hand_size,
                      key="mini-hand"))
    classes = "player me" if me else "player opp"
    if not me and seat == ctrl.partner(viewer):
        classes += " partner"
    if mate is not None:
        classes += " team-" + str(min(seat, mate))
    active = "1" if seat == to_move and not ctrl.game.is_over else None
    return h("section", props(class_=classes, data_seat=seat, data_active=active, data_link=ctrl.link_of(seat),
                              aria_label=shown),
             header, body, key=f"seat{seat}")


def _open_hand(ctrl: Controller, look: Look, seat: int, name: str) -> El:
    """Another seat's hand face up (replays show every hand), with the same hooks as a hand."""
    cards = [h("span", props(class_="open-card", role="img", data_slot="H", data_card=card_token(v),
                             aria_label=card_name(look.lang, v, look.faces)), card(look, v))
             for v in ctrl.game.view(seat).hand]
    return h("div", props(class_="open-hand", role="group", aria_label=t(look.lang, "replay.hand_of", name=name)),
             cards)


def _hand(ctrl: Controller, look: Look, view: SeatView, mine: dict[str, set[str]]) -> El:
    lang = look.lang
    if not ctrl.shows_hand:
        backs = [h("span", props(class_="hand-slot"), back()) for _ in range(view.hand_sizes[ctrl.viewer])]
        return h("div", props(class_="hand hidden", role="group", aria_label=t(lang, "hand.hidden")),
                 backs + _places(len(backs)), key="hand-hidden")
    buttons = []
    marked = False
    for i, value in enumerate(view.hand):
        token = card_token(value)
        selected = not marked and ctrl.selected == "H" + token
        marked = marked or selected
        label = t(lang, "hand.card_aria", what=card_name(lang, value, look.faces))
        buttons.append(
            h("button", props(type="button", class_="hand-card", data_slot="H", data_card=token, data_key=f"H{i}",
                              aria_label=label, data_playable="1" if "H" + token in mine["playable"] else None,
                              data_selected="1" if selected else None),
              card(look, value)))
    buttons += _places(len(buttons))
    if ctrl.can_end():  # over the empty places (style.css), so that no place moves
        buttons.append(h("button", props(type="button", class_="end-turn", data_action="end"), t(lang, "end_turn"),
                         key="end"))
    return h("div", props(class_="hand", role="group", aria_label=t(lang, "hand.aria")), buttons, key="hand")


def _places(cards: int) -> list[El]:
    """The hand's empty places after its ``cards`` cards: five places all game, so that
    neither the hand nor the piles beside it move when a card is played."""
    return [h("span", props(class_="hand-slot place", aria_hidden="true"), empty(), key=f"place{k}")
            for k in range(cards, HAND_SIZE)]


def _center(ctrl: Controller, look: Look, view: SeatView, mine: dict[str, set[str]], done: Trace) -> El:
    lang = look.lang
    last = _last_target(ctrl)
    piles = []
    for k, (pile, needs) in enumerate(zip(view.building, view.next_needed), start=1):
        slot = f"B{k}"
        if pile:
            top = pile[-1]
            face = card(look, top, counts_as=len(pile) if top == 0 else None, key=f"c{len(pile)}")
            label = t(lang, "building.aria", n=k, needs=card_face(needs, look.faces, lang),
                      top=card_name(lang, top, look.faces))
        else:
            face = empty()
            label = t(lang, "building.aria_empty", n=k, needs=card_face(needs, look.faces, lang))
        depth = min(len(pile), 6)
        marked, numbers = _trace_no(done, slot)
        piles.append(
            h("button", {**props(type="button", class_="pile build", data_slot=slot, data_next=needs,
                                 data_top=card_token(pile[-1] if pile else None), data_count=len(pile), data_key=slot,
                                 aria_label=label, data_legal="1" if slot in mine["legal"] else None,
                                 data_last="1" if last == slot else None, style=f"--depth:{depth}"), **marked},
              face, h("span", props(class_="needs"), t(lang, "building.needs", n=card_face(needs, look.faces, lang))),
              numbers))
    draw, completed = view.draw_size, view.completed_size
    return h("section", props(class_="center", aria_label=t(lang, "building.title")),
             h("div", props(class_="drawpile", role="img", aria_label=t(lang, "draw.aria", count=draw, done=completed)),
               back() if draw else empty(),
               h("span", props(class_="count", data_draw=draw), t(lang, "draw.count", count=draw)),
               h("span", props(class_="count done", data_completed=completed),
                 t(lang, "draw.completed", count=completed)),
               key="draw"),
             h("div", props(class_="building"), piles))


def log_text(ctrl: Controller, look: Look, e: LogEntry) -> str:
    """One move of the log in words."""
    name = seat_name(ctrl, look, e.seat)
    m = e.move
    if m.is_end:
        return t(look.lang, "log.end", name=name)
    key = "log.discard" if m.is_discard else ("log.build_stock" if m.from_stock else "log.build")
    return t(look.lang, key, name=name, card=e.card, pile=m.slot + 1, faces=look.faces)


def _log(ctrl: Controller, look: Look) -> El:
    played = len(ctrl.game.moves)
    items = [h("li", props(data_by=e.seat, data_move=str(e.move), value=e.index + 1), log_text(ctrl, look, e),
               key=f"m{e.index}")
             for e in reversed(ctrl.game.log(max(0, played - LOG_SHOWN)))]  # the newest first
    return h("details", props(class_="log"),
             h("summary", None, f'{t(look.lang, "log.title")} ({played})'),
             h("ol", props(data_count=played, reversed=""), items), key="log")


def _curtain(ctrl: Controller, look: Look) -> El:
    lang = look.lang
    name = seat_name(ctrl, look, ctrl.game.current_seat)
    return h("div", props(class_="curtain", role="dialog", aria_modal="true", aria_labelledby="curtain-title"),
             h("div", props(class_="sheet-body"),
               h("h2", props(id="curtain-title"), t(lang, "curtain.title", name=name)),
               h("p", None, t(lang, "curtain.body", name=name)),
               h("button", props(type="button", class_="primary", data_action="reveal", autofocus=""),
                 t(lang, "curtain.show", name=name))), key="curtain")


def _elsewhere(look: Look) -> El:
    """The cover of a tab whose game another tab has taken: no cards, one button."""
    lang = look.lang
    return h("div", props(class_="curtain elsewhere", role="dialog", aria_modal="true",
                          aria_labelledby="elsewhere-title"),
             h("div", props(class_="sheet-body"),
               h("h2", props(id="elsewhere-title"), t(lang, "tabs.title")),
               h("p", None, t(lang, "tabs.body")),
               h("button", props(type="button", class_="primary", data_action="take-over"),
                 t(lang, "tabs.take_over"))), key="elsewhere")


def _lead_line(ctrl: Controller, look: Look) -> El | None:
    """A match that goes on: who leads, and how many points they still need."""
    match, lang = ctrl.match, look.lang
    totals = match.scores
    best = max(totals)
    if match.target is None or match.is_over or best == 0:
        return None
    leaders = match.leaders
    args = {"count": match.target - best, "target": match.target}
    if len(leaders) == 1:
        text = (t(lang, "end.lead_you", **args) if is_you(ctrl, leaders[0])
                else t(lang, "end.lead", name=seat_name(ctrl, look, leaders[0]), **args))
    elif tuple(leaders) == tuple(ctrl.game.rules.team_of(leaders[0])):
        text = _pair(ctrl, look, leaders, "end.lead_team", **args)
    else:
        text = t(lang, "end.lead_shared", names=", ".join(seat_name(ctrl, look, s) for s in leaders), **args)
    return h("p", props(class_="lead"), text)


def _left_line(ctrl: Controller, look: Look) -> El | None:
    """A lost game: how many stock cards the one person at the table (or their team) had left."""
    if len(ctrl.humans) != 1:
        return None
    team = ctrl.game.rules.team_of(ctrl.humans[0])
    left = sum(ctrl.view().stock_sizes[s] for s in team)
    key = "end.left_team_you" if len(team) > 1 else "end.left_you"
    return h("p", props(class_="left"), t(look.lang, key, count=left))


def result_tree(ctrl: Controller, look: Look) -> El:
    """The end of a game: winner, reason (the stall rule explained), points, standings.
    A win, a loss and a stall each have their own sheet (``data-ending``, a line saying
    which); in a match it says which game of the match this was and who leads."""
    lang = look.lang
    result = ctrl.game.result
    assert result is not None
    n = ctrl.players
    kind = ending(ctrl)
    headline, reason = result_headline(ctrl, look), _result_reason(ctrl, look)
    match = ctrl.match
    in_match = match.target is not None
    totals = match.scores
    rows = []
    for s in range(n):
        left = ctrl.view().stock_sizes[s]
        rows.append(h("tr", props(data_seat_score=s),
                      h("th", props(scope="row"), seat_name(ctrl, look, s),
                        h("span", props(class_="sub"), t(lang, "cards_left", count=left))),
                      h("td", None, str(result.scores[s])),
                      h("td", None, str(totals[s])) if in_match else None))
    head = h("tr", None, h("th", props(scope="col"), t(lang, "end.player")),
             h("th", props(scope="col"), t(lang, "end.this_game")),
             h("th", props(scope="col"), t(lang, "end.total")) if in_match else None)
    caption = t(lang, "end.totals", target=match.target) if in_match else t(lang, "end.points")
    match_line = None
    buttons = []
    if in_match and match.is_over:
        best = max(totals)
        leaders = [s for s in range(n) if totals[s] == best]
        match_line = h("p", props(class_="match-won"), _match_line(ctrl, look, leaders, best))
        buttons.append(("new-match", "end.new_match", True))
    elif in_match:
        buttons.append(("next-game", "end.next_game", True))
        buttons.append(("new-match", "end.new_match", False))
    else:
        buttons.append(("play-again", "end.play_again", True))
    buttons.append(("new", "end.settings", False))
    buttons.append(("hide-result", "end.show_table", False))
    btns = [h("button", props(type="button", data_action=a, class_="primary" if primary else None), t(lang, key))
            for a, key, primary in buttons]
    mood = t(lang, f"end.kicker.{kind}" if kind != "stall" else f"end.kicker.{result.reason}")
    game_no = t(lang, "end.game_of_match", n=match.game_no + 1) if in_match else None
    kicker = h("p", props(class_="kicker"), h("span", props(class_="game-no"), game_no) if game_no else None,
               h("span", props(class_="mood"), mood))
    return h("section", props(class_="result", role="dialog", aria_modal="true", aria_labelledby="result-title",
                              data_reason=result.reason, data_winner="" if result.winner is None else result.winner,
                              data_ending=kind),
             h("div", props(class_="sheet-body"), kicker,
               h("h2", props(id="result-title"), headline),
               _left_line(ctrl, look) if kind == "loss" else None,
               h("p", props(class_="reason"), reason + " ", end_rule_tree(result.reason, lang)), match_line,
               h("table", props(class_="scores"), h("caption", None, caption), h("thead", None, head),
                 h("tbody", None, rows)),
               _lead_line(ctrl, look),
               h("div", props(class_="actions"), btns)), key="result")


"""One seat at the table: its header (name, level, team, points, what the computer just
did), its stock and discard piles, and its hand (the viewer's face up, another's as
backs, every hand face up in a replay). Each pile carries the hooks that tests and
embedding rely on (see ``table_view``); a pile's and a hand card's key (``El.key``) is
its ``data-key``, so that finding it among its siblings reads no attribute. Beside the
seat's tree, a function that tells where its cards are (``table_layout``), asked only
when a move's cards travel. No DOM access here.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from skipbo_core.cards import HAND_SIZE, card_token

from ..i18n import card_name, t
from ..state.look import Look
from ..state.trace import Trace, line, moves_text, pile_key
from .away import away_tree
from .card_view import back, card, empty
from .seat_words import seat_name
from .table_layout import Spot, Spots
from .table_model import TableModel
from .tree import El, child_key, child_keys, h, props

Part = tuple[El, Callable[[], Spots]]
"""A part of the table and, when asked, where its cards are (paths from its element)."""


def long_and_short(words: str, short: str) -> list[El] | str:
    """``words``, and ``short`` for where a header is narrow (style.css shows one of them:
    the short one on a phone, the whole ``words`` still read out)."""
    if short == words:
        return words
    return [h("span", props(class_="long"), words, key="long"),
            h("span", props(class_="short", aria_hidden="true"), short, key="short")]


def flags(model: TableModel, text: str) -> dict[str, str]:
    """A pile's marks for the player at the table: a legal target, playable, picked."""
    return props(data_legal="1" if text in model.legal else None,
                 data_playable="1" if text in model.playable else None,
                 data_selected="1" if text == model.selected else None)


def trace_numbers(done: Trace, key: str, newest: int | None = None) -> tuple[dict[str, str], list[El]]:
    """A pile's order numbers of the computer's last moves: its ``data-trace`` (all of them)
    and the small numbers on it; with ``newest``, only that many of the last ones show,
    after "…" when there were more (a building pile's, on one line above its top card)."""
    numbers = done.marks.get(key)
    if not numbers:
        return {}, []
    text = " ".join(map(str, numbers))
    shown = text if newest is None or len(numbers) <= newest else "\u2026" + " ".join(map(str, numbers[-newest:]))
    return {"data-trace": text}, [h("span", props(class_="trace-no", aria_hidden="true"), shown, key="trace")]


def seat_tree(model: TableModel, look: Look, seat: int) -> Part:
    """The area of ``seat``: header, piles and hand."""
    lang = look.lang
    view = model.view
    viewer = model.viewer
    me = seat == viewer
    to_move = model.turn
    over = model.over
    # The seat whose piles the player at the table may use: own, or the partner's.
    prefix = "" if me else ("P" if model.acting and viewer == to_move and seat == model.partner(to_move) else None)
    # Tab walks your own piles and cards (and a partner's you may use); the others' piles
    # are still reached with the arrow keys.
    tab = None if prefix is not None else "-1"
    name = seat_name(model.names, look, seat)
    top = view.stock_tops[seat]
    count = view.stock_sizes[seat]
    marks = flags(model, prefix + "S") if prefix is not None else {}
    stock_label = (t(lang, "stock.aria", name=name, count=count, what=card_name(lang, top, look.faces))
                   if top is not None else t(lang, "stock.aria_empty", name=name))
    stock_pile = h("button", {**props(type="button", class_="pile stock", data_slot="S", data_top=card_token(top),
                                      data_count=count, data_key=f"{seat}:S", aria_label=stock_label, tabindex=tab),
                              **marks},
                   card(look, top, key=f"c{count}") if top is not None else empty(), key=f"{seat}:S")
    stock = h("div", props(class_="stock-wrap"), stock_pile,
              h("span", props(class_="count"), t(lang, "stock.left", count=count)))
    discards, fans = [], []
    for k, pile in enumerate(view.discards[seat], start=1):
        slot = f"D{k}"
        marks = flags(model, prefix + slot) if prefix is not None else {}
        ptop = pile[-1] if pile else None
        label = (t(lang, "discard.aria", name=name, n=k, count=len(pile), what=card_name(lang, ptop, look.faces))
                 if pile else t(lang, "discard.aria_empty", name=name, n=k))
        marked, numbers = trace_numbers(model.trace, pile_key(seat, slot))
        fans.append(h("span", props(class_="fan", style=f"--k:{max(len(pile), 1)}"),
                      [card(look, c) for c in pile] or [empty()]))
        discards.append(
            h("button", {**props(type="button", class_="pile discard", data_slot=slot, data_top=card_token(ptop),
                                 data_count=len(pile), data_key=f"{seat}:{slot}", aria_label=label, tabindex=tab),
                         **marks, **marked},
              fans[-1], numbers, key=f"{seat}:{slot}"))
    # the seat to move, while the game is on (a puzzle's computer, halted, never moves)
    moving = seat == to_move and not over and not (model.halted and model.is_ai(seat))
    tags = []
    if moving:
        tags.append(h("span", props(class_="tag now"), t(lang, "turn.now"), key="now"))
    level_key = model.levels[seat]
    if level_key is not None:
        level = t(lang, f"level.{level_key}")
        shown = t(lang, "who.ai", name=name, level=level)
        # the name and the level (in short) apart: the name is cut before the level is
        short = t(lang, "who.level", level=t(lang, f"level_short.{level_key}"))
        letter = t(lang, f"level_letter.{level_key}")  # where even that has no room (style.css)
        head: Any = [h("span", props(class_="nm"), name, key="nm"), " ",
                     h("span", props(class_="level", title=level, data_short=letter), short, key="level")]
    else:
        shown = head = name
    mate = model.partner(seat)
    if mate is not None:
        mate_name = seat_name(model.names, look, mate)
        team, team_short = ((t(lang, "team.with_you"),) * 2 if model.names[mate].is_you
                            else (t(lang, "team.with", name=mate_name), t(lang, "team.with_short", name=mate_name)))
        tags.append(h("span", props(class_="tag team"), long_and_short(team, team_short), key="team"))
    if model.match.target is not None:
        total = model.match.scores[seat]
        tags.append(h("span", props(class_="tag score"), t(lang, "score.points", points=total), key="score"))
    hand_size = view.hand_sizes[seat]
    # an empty hand fills up at the start of its owner's turn (before the first one, too)
    waits = hand_size == 0 and seat != to_move and not over
    in_hand = (t(lang, "hand.draws_at_turn_you" if model.names[seat].is_you else "hand.draws_at_turn") if waits
               else t(lang, "hand.count", count=hand_size))
    mine_done = [e for e in model.trace.entries if e.seat == seat]
    trace: El | None = None
    if mine_done:  # the computer's turn, in words, until you move: "Computer: 7 from stock to pile 2, ..."
        said = line(lang, name, mine_done, look.faces)
        # "Computer 2 (med.):" before the line: the level stays by the name
        head = (t(lang, "trace.who", name=name) if level_key is None else
                [*head[:2], h("span", props(class_="level", title=level, data_short=letter), short,
                              h("span", props(class_="colon"), t(lang, "trace.who", name="")), key="level")])
        # one line; where the header is too narrow for it (a phone), a tap on it shows it whole
        trace = h("details", props(class_="trace", data_trace_line=seat),
                  h("summary", props(class_="trace-line", title=said, tabindex="-1"),
                    moves_text(lang, mine_done, look.faces)),
                  h("p", props(class_="trace-whole"), said), key="trace")
    name_el = h("span", props(class_="name"), head, key="name")
    # the hand's count before the line of the computer's turn: where the header is narrow (a
    # phone) that line is the one cut short (style.css shows it after the count where there is room)
    # (data-count: the number alone, for the others' narrow areas on a phone, style.css)
    held = h("span", props(class_="hand-count", data_count=hand_size),
             long_and_short(in_hand, t(lang, "hand.short", count=hand_size)), key="hand-count")
    header = h("header", props(class_="who"), name_el, tags, held, trace)
    discard_row = h("div", props(class_="discards"), discards)
    row = h("div", props(class_="row"), stock, discard_row)
    hand_spot: Callable[[], Spot] | None = None
    if me:
        hand, hand_spot = _hand(model, look)
    elif model.open_hands is not None:
        hand = _open_hand(model, look, seat, name)
    else:
        hand, hand_spot = _backs(hand_size)
    classes = "player me" if me else "player opp"
    if not me and seat == model.partner(viewer):
        classes += " partner"
    if mate is not None:
        classes += " team-" + str(min(seat, mate))
    active = "1" if moving else None
    link = model.links[seat] if model.links else None
    section = h("section", props(class_=classes, data_seat=seat, data_active=active, data_link=link, aria_label=shown),
                header, row, hand, away_tree(model.away[seat] if model.away else None, look, seat, name),
                key=f"seat{seat}")

    def locate() -> Spots:
        at_row = child_key(section, row)
        on_stock = ((child_key(stock_pile, stock_pile.kids[0]),),) if top is not None else ()
        spots = [(f"{seat}:S", Spot((at_row, child_key(row, stock), child_key(stock, stock_pile)), count, top,
                                    on_stock))]
        at_discards = child_key(row, discard_row)
        for k, (pile, discard, fan, step) in enumerate(zip(view.discards[seat], discards, fans,
                                                           child_keys(discard_row.kids)), start=1):
            on_top = ((child_key(discard, fan), child_key(fan, fan.kids[-1])),) if pile else ()
            spots.append((f"{seat}:D{k}", Spot((at_row, at_discards, step), len(pile), pile[-1] if pile else None,
                                               on_top)))
        if hand_spot is not None:  # its cards start at the seat's name where they are not shown
            home = (child_key(section, header), child_key(header, name_el))
            spots.append((f"{seat}:hand", hand_spot().under(child_key(section, hand)).with_home(home)))
        return spots

    return section, locate


def _open_hand(model: TableModel, look: Look, seat: int, name: str) -> El:
    """Another seat's hand face up (replays show every hand), with the same hooks as a hand."""
    hands = model.open_hands or ()
    cards = [h("span", props(class_="open-card", role="img", data_slot="H", data_card=card_token(v),
                             aria_label=card_name(look.lang, v, look.faces)), card(look, v))
             for v in hands[seat]]
    return h("div", props(class_="open-hand", role="group", aria_label=t(look.lang, "replay.hand_of", name=name)),
             cards)


def _backs(count: int) -> tuple[El, Callable[[], Spot]]:
    """Another seat's hand, face down, and when asked its spot."""
    hand = h("div", props(class_="mini-hand", aria_hidden="true"), [back(" mini")] * count, key="mini-hand")

    def spot() -> Spot:
        return Spot((), count, cards=tuple((step,) for step in child_keys(hand.kids)))

    return hand, spot


def _hand(model: TableModel, look: Look) -> tuple[El, Callable[[], Spot]]:
    """The viewer's hand (face up, or its backs between two people's turns) and, when
    asked, its spot."""
    lang = look.lang
    view = model.view
    if not model.shows_hand:
        backs = [h("span", props(class_="hand-slot"), back()) for _ in range(view.hand_sizes[model.viewer])]
        hidden = h("div", props(class_="hand hidden", role="group", aria_label=t(lang, "hand.hidden")),
                   backs + _places(len(backs)), key="hand-hidden")

        def hidden_spot() -> Spot:
            return Spot((), len(backs), cards=tuple((step, child_key(slot, slot.kids[0]))
                                                    for step, slot in zip(child_keys(hidden.kids), backs)))

        return hidden, hidden_spot
    buttons = []
    marked = False
    for i, value in enumerate(view.hand):
        token = card_token(value)
        selected = not marked and model.selected == "H" + token
        marked = marked or selected
        label = t(lang, "hand.card_aria", what=card_name(lang, value, look.faces))
        buttons.append(
            h("button", props(type="button", class_="hand-card", data_slot="H", data_card=token, data_key=f"H{i}",
                              aria_label=label, data_playable="1" if "H" + token in model.playable else None,
                              data_selected="1" if selected else None),
              card(look, value), key=f"H{i}"))
    held = len(buttons)
    buttons += _places(held)
    if model.can_end:  # over the empty places (style.css), so that no place moves
        buttons.append(h("button", props(type="button", class_="end-turn", data_action="end"), t(lang, "end_turn"),
                         key="end"))
    hand = h("div", props(class_="hand", role="group", aria_label=t(lang, "hand.aria")), buttons, key="hand")

    def spot() -> Spot:
        return Spot((), held, cards=tuple((step,) for step in child_keys(hand.kids)[:held]), faces=view.hand)

    return hand, spot


def _places(cards: int) -> list[El]:
    """The hand's empty places after its ``cards`` cards: five places all game, so that
    neither the hand nor the piles beside it move when a card is played."""
    return [h("span", props(class_="hand-slot place", aria_hidden="true"), empty(), key=f"place{k}")
            for k in range(cards, HAND_SIZE)]

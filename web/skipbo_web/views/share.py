"""Records and links: the share link that deals the current game again, the record's
file name, and the sheet that offers download, link and opening a record.

A link can only carry what the URL options of ``address.parse_url`` know: the rules,
the seed, names, which seats are people and one computer level. Whether the game really was
dealt from its seed is asked of the engine (deal it again and compare the decks), so a
game continued from a foreign record never gets a link that would deal something else.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from urllib.parse import urlencode

from skipbo_core import Game

from ..i18n import t
from ..state.address import parse_names
from ..state.controller import Controller
from ..state.look import Look
from ..state.messages import Message
from ..state.settings import REMOTE
from .tree import El, h, props


@dataclass(frozen=True)
class ShareLink:
    """The link (``None`` when no seed deals this game) and what it leaves out."""

    url: str | None
    notes: tuple[Message, ...] = ()


def dealt_from_seed(ctrl: Controller) -> bool:
    """Whether the match's seed deals exactly this game's deck."""
    game = ctrl.game
    again = Game.new(game.rules, seed=ctrl.match.seed, first=game.first, players=game.players)
    return again.deck == game.deck


def share_link(ctrl: Controller, base: str, lang: str, faces: str) -> ShareLink:
    """The address (``base`` = the page without its query) that deals this game again."""
    if not dealt_from_seed(ctrl):
        return ShareLink(None, (Message("records.share_none"),))
    rules = ctrl.game.rules
    kinds = ctrl.kinds
    humans = [s for s, k in enumerate(kinds) if k == "human"]
    remote = [s for s, k in enumerate(kinds) if k == REMOTE]
    levels = Counter(k for k in kinds if k not in ("human", REMOTE))
    query: dict[str, object] = {"players": rules.players, "humans": len(humans)}
    if remote:
        query["remote"] = len(remote)
    notes: list[Message] = []
    level = levels.most_common(1)[0][0] if levels else None
    if level is not None:
        query["ai"] = level
    if rules.stock_size is not None:
        query["stock"] = rules.stock_size
    if rules.teams is not None:
        query["teams"] = 1
    if rules.wild_cards != 18:
        query["deck"] = rules.deck_size
    if ctrl.match.target is not None:
        query["target"] = ctrl.match.target
    if ctrl.practice:
        query["practice"] = 1
    names = [str(p.get("name", "")) for p in ctrl.game.players]
    if any(names):
        if parse_names(",".join(names)) == tuple(names):  # a name with a comma cannot be carried
            query["names"] = ",".join(names)
        else:
            notes.append(Message("records.share_names"))
    query.update(seed=ctrl.match.seed, lang=lang, faces=faces)
    people = humans + remote  # the link seats this device's people first, then the remote ones
    if level is not None and (people != list(range(len(people))) or len(levels) > 1):
        notes.append(Message("records.share_seats", {"level": t(lang, f"level.{level}")}))
    if ctrl.game.first != 0:
        notes.append(Message("records.share_first"))
    return ShareLink(f"{base}?{urlencode(query)}", tuple(notes))


def tutorial_link(base: str, lang: str, faces: str) -> ShareLink:
    """In the tutorial: the address that opens it (its deck is always the same one)."""
    query = {"tutorial": 1, "lang": lang, **({"faces": faces} if faces != "skipbo" else {})}
    return ShareLink(f"{base}?{urlencode(query)}", (Message("records.share_tutorial"),))


def record_filename(ctrl: Controller, today: str) -> str:
    """``skipbo-2026-12-02-seed42.json`` (without the seed when none deals the game)."""
    seed = f"-seed{ctrl.match.seed}" if dealt_from_seed(ctrl) else ""
    return f"skipbo-{today}{seed}.json"


def records_tree(link: ShareLink, look: Look, copied: Message | None = None) -> El:
    """The sheet: download this game's record, copy its link, open a record file, and the
    way to the statistics (the bar's own button is left out on phones, for room)."""
    lang = look.lang

    def hint(key: str) -> El:
        return h("p", props(class_="hint"), t(lang, key))

    def section(key: str, *kids: object) -> El:
        return h("section", None, h("h3", None, t(lang, key)), *kids)

    notes = (h("ul", props(class_="hint share-notes"), [h("li", None, t(lang, m.key, **m.args)) for m in link.notes])
             if link.notes else None)
    if link.url is not None:
        share = [hint("records.share_hint"),
                 h("div", props(class_="share-row"),
                   h("input", props(type="text", id="share-url", name="share-url", readonly="", value=link.url,
                                    aria_label=t(lang, "records.link_label"))),
                   h("button", props(type="button", data_action="share-copy"), t(lang, "records.copy"))),
                 h("p", props(class_="share-status", role="status", data_status=copied.key if copied else None),
                   t(lang, copied.key) if copied else None),
                 notes]
    else:
        share = [notes]
    return h("div", props(class_="sheet-body records"),
             h("h2", props(id="sheet-title"), t(lang, "records.title")),
             section("records.this_game", hint("records.download_hint"),
                     h("button", props(type="button", class_="tool-button", data_action="record-download"),
                       t(lang, "records.download"))),
             section("records.share", share),
             section("records.open", hint("records.open_hint"),
                     h("label", props(class_="file-pick"), h("span", None, t(lang, "records.open_file")),
                       h("input", props(type="file", name="record-file", accept=".json,application/json")))),
             section("stats.title", hint("stats.records_hint"),
                     h("button", props(type="button", class_="tool-button", data_action="stats"),
                       t(lang, "stats.open"))),
             section("aside.title", hint("aside.records_hint"),
                     h("button", props(type="button", class_="tool-button", data_action="aside"),
                       t(lang, "aside.open"))),
             h("div", props(class_="actions"),
               h("button", props(type="button", class_="primary", data_action="close"), t(lang, "records.close"))))


"""The "Kept aside" sheet as an element tree: every value the page set aside
(``skipbo.aside.*``) and every damaged value left in place for want of room, each with
its size, a download, and once downloaded, a way to delete it. No DOM access here."""

from __future__ import annotations

from dataclasses import dataclass

from ..i18n import t
from .tree import El, h, props


@dataclass(frozen=True)
class Kept:
    """One value kept: its key, its length in characters, and whether it is a damaged
    value still in its own key (``stuck``: no room to set it aside)."""

    key: str
    size: int
    stuck: bool = False


def aside_tree(lang: str, kept: list[Kept], downloaded: frozenset[str] = frozenset()) -> El:
    """The sheet; ``downloaded``: the keys downloaded since it opened (those can be deleted)."""
    title = h("h2", props(id="sheet-title"), t(lang, "aside.title"))
    close = h("button", props(type="button", class_="primary", data_action="close"), t(lang, "aside.close"))
    if not kept:
        return h("div", props(class_="sheet-body aside", data_kept=0), title, h("p", None, t(lang, "aside.empty")),
                 h("div", props(class_="actions"), close))
    rows = [_row(lang, item, item.key in downloaded) for item in kept]
    return h("div", props(class_="sheet-body aside", data_kept=len(kept)), title,
             h("p", props(class_="hint"), t(lang, "aside.hint")),
             h("ul", props(class_="aside-list"), rows),
             h("div", props(class_="actions"), close))


def _row(lang: str, item: Kept, downloaded: bool) -> El:
    note = h("p", props(class_="hint"), t(lang, "aside.stuck")) if item.stuck else None
    delete = (h("button", props(type="button", data_action="aside-delete", data_store=item.key),
                t(lang, "aside.delete")) if downloaded else None)
    return h("li", props(data_store=item.key),
             h("code", None, item.key), " ",
             h("span", props(class_="aside-size"), t(lang, "aside.size", count=item.size)), note,
             h("div", props(class_="actions"),
               h("button", props(type="button", data_action="aside-download", data_store=item.key),
                 t(lang, "aside.download")), delete))

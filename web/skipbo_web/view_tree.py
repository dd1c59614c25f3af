"""The page's view model: elements as small immutable values (``El``), their HTML, and
``Patcher``, which turns the DOM that shows one tree into the DOM of the next in place.

A tree is built anew from the game's state at every change (cheap: plain tuples and
dicts, compared in C). The patcher walks the old and the new tree together and touches
only what differs: a changed attribute is set or removed, a changed text is replaced,
children are matched by key (``key``, else ``data-key``, else tag and position), so a
pile, a hand card or the message line stays the same DOM node for as long as it is on
the table; a new child is made from its HTML and a child that went away is removed.
Attributes that the tree does not name (``open`` of a ``<details>``, marks set by
others) are left alone. No DOM access here besides what ``Patcher`` is handed.

>>> old = h("ol", None, h("li", {"data-move": "H5>B1"}, "Anna played 5"))
>>> new = h("ol", None, h("li", {"data-move": "H5>B1"}, "Anna played 5"),
...         h("li", {"data-move": "S>B1"}, "Ben played 2"))
>>> to_html(new)
'<ol><li data-move="H5&gt;B1">Anna played 5</li><li data-move="S&gt;B1">Ben played 2</li></ol>'
>>> child_keys(new.kids)
['li#0', 'li#1']
"""

from __future__ import annotations

from collections.abc import Iterable
from html import escape
from typing import Any, NamedTuple

VOID = frozenset({"area", "br", "col", "hr", "img", "input", "link", "meta", "source", "wbr"})


class El(NamedTuple):
    """One element: its tag, attributes (names as in HTML), children (elements or text)
    and an optional key that tells it apart from its siblings."""

    tag: str
    attrs: dict[str, str]
    kids: tuple[El | str, ...]
    key: str | None = None


def props(**values: Any) -> dict[str, str]:
    """Attributes from keywords: ``class_`` -> ``class``, ``data_slot`` -> ``data-slot``;
    ``None`` values are left out."""
    return {k.rstrip("_").replace("_", "-"): str(v) for k, v in values.items() if v is not None}


def _add(out: list[El | str], kid: Any) -> None:
    if kid is None or kid == "":
        return
    if isinstance(kid, (El, str)):
        out.append(kid)
    elif isinstance(kid, Iterable):
        for k in kid:
            _add(out, k)
    else:
        out.append(str(kid))


def h(tag: str, attrs: dict[str, str] | None = None, *kids: Any, key: str | None = None) -> El:
    """An element; ``kids`` may be elements, text, lists of them, or ``None`` (left out)."""
    out: list[El | str] = []
    _add(out, kids)
    return El(tag, attrs or {}, tuple(out), key)


def _attrs_html(attrs: dict[str, str]) -> str:
    return "".join(f' {name}="{escape(value)}"' for name, value in attrs.items())


def to_html(el: El | str) -> str:
    """The HTML of an element (or the escaped text)."""
    if isinstance(el, str):
        return escape(el, quote=False)
    if el.tag in VOID:
        return f"<{el.tag}{_attrs_html(el.attrs)}>"
    return f"<{el.tag}{_attrs_html(el.attrs)}>{kids_html(el.kids)}</{el.tag}>"


def kids_html(kids: Iterable[El | str]) -> str:
    return "".join(map(to_html, kids))


def child_keys(kids: tuple[El | str, ...]) -> list[str]:
    """The keys that match children of two trees: ``key``, else ``data-key``, else the tag
    and how many siblings of that tag without a key came before."""
    out: list[str] = []
    seen: dict[str, int] = {}
    for kid in kids:
        if isinstance(kid, str):
            base = "#text"
        else:
            base = kid.key or kid.attrs.get("data-key") or kid.tag
        n = seen.get(base, 0)
        seen[base] = n + 1
        out.append(f"{base}#{n}")
    return out


def _only_elements(kids: tuple[El | str, ...]) -> bool:
    return all(isinstance(k, El) for k in kids)


class Patcher:
    """Applies the difference between two trees to the DOM node that shows the first.
    ``document`` makes new nodes (a ``<template>`` parses their HTML)."""

    def __init__(self, document: Any) -> None:
        self.document = document
        self.changes = 0  # DOM writes made, for tests and the benchmark

    def create(self, el: El) -> Any:
        template = self.document.createElement("template")
        template.innerHTML = to_html(el)
        self.changes += 1
        return template.content.firstElementChild

    def mount(self, node: Any, tree: El) -> None:
        """``node`` shows anything: make it show ``tree`` (its attributes and children)."""
        for name, value in tree.attrs.items():
            node.setAttribute(name, value)
        node.innerHTML = kids_html(tree.kids)
        self.changes += 1 + len(tree.attrs)

    def patch(self, node: Any, old: El, new: El) -> None:
        """``node`` shows ``old`` (same tag as ``new``): make it show ``new``."""
        if old == new:
            return
        if old.attrs != new.attrs:
            for name, value in new.attrs.items():
                if old.attrs.get(name) != value:
                    node.setAttribute(name, value)
                    self.changes += 1
            for name in old.attrs:
                if name not in new.attrs:
                    node.removeAttribute(name)
                    self.changes += 1
        if old.kids != new.kids:
            self.patch_kids(node, old.kids, new.kids)

    def patch_kids(self, node: Any, old: tuple[El | str, ...], new: tuple[El | str, ...]) -> None:
        if not (_only_elements(old) and _only_elements(new)):
            # text, or text mixed with elements: small leaves, written whole
            if all(isinstance(k, str) for k in new):
                node.textContent = "".join(new)
            else:
                node.innerHTML = kids_html(new)
            self.changes += 1
            return
        old_keys, new_keys = child_keys(old), child_keys(new)
        if old_keys == new_keys:
            children = None
            for i, (o, n) in enumerate(zip(old, new)):
                if o == n:
                    continue
                children = children if children is not None else node.children
                child = children.item(i)
                if o.tag == n.tag:
                    self.patch(child, o, n)
                else:
                    node.replaceChild(self.create(n), child)
            return
        self._reorder(node, list(zip(old_keys, old)), list(zip(new_keys, new)))

    def _reorder(self, node: Any, old: list[tuple[str, El]], new: list[tuple[str, El]]) -> None:
        """Children added, removed or moved: match them by key, keep the matched nodes."""
        children = node.children
        doms = [children.item(i) for i in range(len(old))]  # before any change: the collection is live
        wanted = {k: el.tag for k, el in new}
        kept: list[list[Any]] = []  # [key, old element, node], in DOM order
        for (k, el), dom in zip(old, doms):
            if wanted.get(k) == el.tag:
                kept.append([k, el, dom])
            else:
                dom.remove()
                self.changes += 1
        where = {entry[0]: entry for entry in kept}
        for i, (k, el) in enumerate(new):
            entry = where.get(k)
            if entry is None:
                entry = [k, el, self.create(el)]
                self._insert(node, entry[2], kept, i)
                kept.insert(i, entry)
                continue
            if kept[i] is not entry:  # a node that moved
                kept.remove(entry)
                self._insert(node, entry[2], kept, i)
                kept.insert(i, entry)
            self.patch(entry[2], entry[1], el)

    def _insert(self, node: Any, dom: Any, kept: list[list[Any]], i: int) -> None:
        if i < len(kept):
            node.insertBefore(dom, kept[i][2])
        else:
            node.appendChild(dom)
        self.changes += 1


class TreeView:
    """A DOM node and the tree it shows; ``show`` patches it to a new tree."""

    def __init__(self, patcher: Patcher, node: Any) -> None:
        self.patcher = patcher
        self.node = node
        self.tree: El | None = None

    def show(self, tree: El) -> None:
        if self.tree is None:
            self.patcher.mount(self.node, tree)
        else:
            self.patcher.patch(self.node, self.tree, tree)
        self.tree = tree

    def forget(self) -> None:
        """The node was redrawn by other means: the next ``show`` draws it whole."""
        self.tree = None

"""``Patcher`` turns the DOM that shows one ``El`` tree (``views.tree``) into the DOM of the
next in place; ``TreeView`` is a DOM node and the tree it shows. The only code that writes
the views' trees into the DOM.

The patcher walks the old and the new tree together and touches only what differs: a
changed attribute is set or removed, a changed text is replaced, children are matched by
key (``views.tree.child_keys``); a new child is made by ``createElement`` (no HTML is
parsed) and a child that went away is removed. Attributes that the tree does not name
(``open`` of a ``<details>``, which the browser sets) are left alone.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from ..views.tree import SVG_NS, El, Path, child_keys

try:  # what the browser's null is to Python (Pyodide 0.28 on: not None)
    from pyodide.ffi import jsnull as _NULL
except ImportError:  # on the host, or an older Pyodide
    _NULL = None

# attributes that only give a form field its first state: a patch sets the field's state too,
# as a field drawn anew would show it (the patch writes them only when the tree's value changed)
LIVE = frozenset({"value", "checked", "selected"})


def _only_elements(kids: tuple[El | str, ...]) -> bool:
    return all(isinstance(k, El) for k in kids)


def _in_svg(node: Any) -> bool:
    return getattr(node, "namespaceURI", None) == SVG_NS


def _place(places: dict[Path, tuple[El, str] | None], path: Path) -> tuple[El, str] | None:
    """The element at ``path`` and the selector of its place (``None``: no element
    there), from the places of the paths known (``places``, which it adds to)."""
    if path in places:
        return places[path]
    parent = _place(places, path[:-1])
    place = None
    if parent is not None:
        kids = parent[0].kids
        keys = child_keys(kids)
        i = keys.index(path[-1]) if path[-1] in keys else -1
        kid = kids[i] if i >= 0 else None
        if isinstance(kid, El):
            nth = i + 1 if _only_elements(kids) else sum(isinstance(x, El) for x in kids[:i + 1])
            place = (kid, f"{parent[1]} > :nth-child({nth})")
    places[path] = place
    return place


class Patcher:
    """Applies the difference between two trees to the DOM node that shows the first.
    ``document`` makes new nodes (``createElement``, ``createTextNode``): no HTML is parsed,
    so no text of a tree is ever read as markup."""

    def __init__(self, document: Any) -> None:
        self.document = document
        self.changes = 0  # DOM writes made, for tests and the benchmark

    def create(self, el: El | str, svg: bool = False) -> Any:
        """A new DOM node that shows ``el`` (``svg``: inside an ``<svg>``)."""
        doc = self.document
        self.changes += 1
        if isinstance(el, str):
            return doc.createTextNode(el)
        svg = svg or el.tag == "svg"
        node = doc.createElementNS(SVG_NS, el.tag) if svg else doc.createElement(el.tag)
        for name, value in el.attrs:
            node.setAttribute(name, value)
        for kid in el.kids:
            node.appendChild(self.create(kid, svg))
        return node

    def fill(self, node: Any, kids: tuple[El | str, ...]) -> None:
        """Replace all of ``node``'s children by new ones that show ``kids``."""
        if all(isinstance(k, str) for k in kids):
            node.textContent = "".join(kids)  # type: ignore[arg-type]
        else:
            node.textContent = ""
            svg = _in_svg(node)
            for kid in kids:
                node.appendChild(self.create(kid, svg))
        self.changes += 1

    def mount(self, node: Any, tree: El) -> None:
        """``node`` shows anything: make it show ``tree`` (its attributes and children)."""
        for name, value in tree.attrs:
            node.setAttribute(name, value)
        self.fill(node, tree.kids)
        self.changes += len(tree.attrs)

    def patch(self, node: Any, old: El, new: El) -> None:
        """``node`` shows ``old`` (same tag as ``new``): make it show ``new``."""
        if old == new:
            return
        if old.attrs != new.attrs:
            before = dict(old.attrs)
            after = dict(new.attrs)
            for name, value in after.items():
                if before.get(name) != value:
                    node.setAttribute(name, value)
                    self.changes += 1
                    if name in LIVE:
                        setattr(node, name, value if name == "value" else True)
            for name in before:
                if name not in after:
                    node.removeAttribute(name)
                    self.changes += 1
                    if name in LIVE:
                        setattr(node, name, "" if name == "value" else False)
        if old.kids != new.kids:
            self.patch_kids(node, old.kids, new.kids)

    def patch_kids(self, node: Any, old: tuple[El | str, ...], new: tuple[El | str, ...]) -> None:
        if not (_only_elements(old) and _only_elements(new)):
            self.fill(node, new)  # text, or text mixed with elements: small leaves, written whole
            return
        old_keys, new_keys = child_keys(old), child_keys(new)
        if old_keys == new_keys:
            children = None
            for i, (o, n) in enumerate(zip(old, new)):
                if o == n:
                    continue
                children = children if children is not None else node.children
                child = children.item(i)
                if o.tag == n.tag:  # type: ignore[union-attr]
                    self.patch(child, o, n)  # type: ignore[arg-type]
                else:
                    node.replaceChild(self.create(n, _in_svg(node)), child)
            return
        self._reorder(node, list(zip(old_keys, old)), list(zip(new_keys, new)))  # type: ignore[arg-type]

    def _reorder(self, node: Any, old: list[tuple[str, El]], new: list[tuple[str, El]]) -> None:
        """Children added, removed or moved: match them by key, keep the matched nodes.

        Linear: the old children whose key (and tag) is wanted stay, the others go; then
        the new children are placed from the first: the DOM then holds the ones placed,
        in their new order, followed by the kept ones not yet placed, in their old order;
        so the node at the place of the next new child is the first kept one not placed:
        if that is the child's node it stays, else the child's node (kept or new) is put
        before it."""
        children = node.children
        doms = [children.item(i) for i in range(len(old))]  # before any change: the collection is live
        wanted = {k: el.tag for k, el in new}
        kept: list[tuple[str, El, Any]] = []  # in DOM order
        for (k, el), dom in zip(old, doms):
            if wanted.get(k) == el.tag:
                kept.append((k, el, dom))
            else:
                dom.remove()
                self.changes += 1
        where = {entry[0]: entry for entry in kept}
        placed: set[str] = set()
        j = 0  # kept[j]: the first kept child not placed yet
        for k, el in new:
            while j < len(kept) and kept[j][0] in placed:
                j += 1
            here = kept[j] if j < len(kept) else None
            entry = where.get(k)
            if entry is not None and entry is here:
                j += 1
            else:
                dom = self.create(el, _in_svg(node)) if entry is None else entry[2]
                if here is None:
                    node.appendChild(dom)
                else:
                    node.insertBefore(dom, here[2])
                self.changes += 1
            placed.add(k)
            if entry is not None:
                self.patch(entry[2], entry[1], el)


    def find(self, node: Any, tree: El, paths: Iterable[Path]) -> dict[Path, Any]:
        """The DOM nodes of the elements at ``paths`` in ``tree``, which ``node`` shows (a
        path: the child keys from ``tree`` down, see ``child_keys``); a path that names no
        element is left out. Each path is found by one ``querySelector`` of the places of
        its elements among their siblings (``:scope > :nth-child(2) > :nth-child(1)``):
        one call into the browser, where walking down the children would cost several
        calls at each step."""
        places: dict[Path, tuple[El, str] | None] = {(): (tree, ":scope")}  # paths begin alike
        out: dict[Path, Any] = {}
        for path in paths:
            found = _place(places, path)
            if found is None:
                continue
            dom = node.querySelector(found[1]) if path else node
            if dom is not None and dom is not _NULL:
                out[path] = dom
        return out


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

    def find(self, paths: Iterable[Path]) -> dict[Path, Any]:
        """The DOM nodes of the elements at ``paths`` of the tree shown (``Patcher.find``)."""
        return self.patcher.find(self.node, self.tree, paths) if self.tree is not None else {}

    def forget(self) -> None:
        """The node was redrawn by other means: the next ``show`` draws it whole."""
        self.tree = None

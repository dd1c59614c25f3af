"""A small stand-in for the browser's DOM: what ``dom.patcher.Patcher`` uses of it, with a
record of what was written to each node, so host tests can check that a patch leaves the
DOM exactly as the new tree's HTML and touches only what changed."""

from __future__ import annotations

import re
from html import escape
from html.parser import HTMLParser

from skipbo_web.views.tree import SVG_NS, VOID

FIND_SELECTOR = re.compile(r":scope(?:\s*>\s*:nth-child\(\d+\))*")


class Node:
    """An element of the stand-in DOM: what the patcher uses of the real one."""

    def __init__(self, tag: str, attrs=None, namespace: str | None = None) -> None:
        self.tag, self.attrs, self.kids, self.parent = tag, dict(attrs or {}), [], None
        self.namespaceURI = namespace or ("" if tag != "svg" else SVG_NS)
        self.writes: list[str] = []  # what was done to this node

    # attributes
    def setAttribute(self, name: str, value: str) -> None:  # noqa: N802 (DOM names)
        self.attrs[name] = value
        self.writes.append("attr")

    def removeAttribute(self, name: str) -> None:  # noqa: N802
        self.attrs.pop(name, None)
        self.writes.append("attr")

    # children
    @property
    def children(self) -> Children:
        return Children([k for k in self.kids if isinstance(k, Node)])

    def querySelector(self, selector: str) -> Node | None:  # noqa: N802
        """Only the selectors ``Patcher.find`` writes: ``:scope > :nth-child(2) > ...``."""
        if not FIND_SELECTOR.fullmatch(selector):
            raise NotImplementedError(selector)
        node: Node | None = self
        for place in re.findall(r":nth-child\((\d+)\)", selector):
            node = node.children.item(int(place) - 1) if node is not None else None
        return node

    def _adopt(self, node: Node) -> None:
        if node.parent is not None:
            node.parent.kids.remove(node)
        node.parent = self

    def appendChild(self, node: Node | str) -> None:  # noqa: N802
        if isinstance(node, Node):
            self._adopt(node)
        self.kids.append(node)
        self.writes.append("child")

    def insertBefore(self, node: Node | str, ref: Node) -> None:  # noqa: N802
        if isinstance(node, Node):
            self._adopt(node)
        self.kids.insert(self.kids.index(ref), node)
        self.writes.append("child")

    def replaceChild(self, node: Node, old: Node) -> None:  # noqa: N802
        self.insertBefore(node, old)
        old.remove()

    def remove(self) -> None:
        if self.parent is not None:
            self.parent.kids.remove(self)
            self.parent.writes.append("child")
            self.parent = None

    @property
    def textContent(self) -> str:  # noqa: N802
        return "".join(k if isinstance(k, str) else k.textContent for k in self.kids)

    @textContent.setter
    def textContent(self, text: str) -> None:  # noqa: N802
        self.kids = [text] if text else []
        self.writes.append("text")

    @property
    def innerHTML(self) -> str:  # noqa: N802
        return "".join(k if isinstance(k, str) else k.html() for k in self.kids)

    @innerHTML.setter
    def innerHTML(self, html: str) -> None:  # noqa: N802
        self.kids = []
        parser = Parser(self)
        parser.feed(html)
        self.writes.append("html")

    @property
    def content(self) -> Node:  # a <template>'s
        return self

    @property
    def firstElementChild(self) -> Node:  # noqa: N802
        return self.children.item(0)

    def html(self) -> str:
        attrs = "".join(f' {k}="{escape(v)}"' for k, v in sorted(self.attrs.items()))  # the order is no matter
        if self.tag in VOID:
            return f"<{self.tag}{attrs}>"
        inner = "".join(escape(k, quote=False) if isinstance(k, str) else k.html() for k in self.kids)
        return f"<{self.tag}{attrs}>{inner}</{self.tag}>"

    def walk(self):
        yield self
        for k in self.kids:
            if isinstance(k, Node):
                yield from k.walk()


class Children(list):
    def item(self, i: int) -> Node | None:
        return self[i] if 0 <= i < len(self) else None


class Parser(HTMLParser):
    def __init__(self, root: Node) -> None:
        super().__init__(convert_charrefs=True)
        self.stack = [root]

    def handle_starttag(self, tag, attrs):
        node = Node(tag, {k: v or "" for k, v in attrs})
        node.parent = self.stack[-1]
        self.stack[-1].kids.append(node)
        if tag not in VOID:
            self.stack.append(node)

    def handle_endtag(self, tag):
        self.stack.pop()

    def handle_data(self, data):
        self.stack[-1].kids.append(data)


class Document:
    def createElement(self, tag: str) -> Node:  # noqa: N802
        return Node(tag)

    def createElementNS(self, namespace: str, tag: str) -> Node:  # noqa: N802
        return Node(tag, namespace=namespace)

    def createTextNode(self, text: str) -> str:  # noqa: N802 (the stand-in keeps text as str)
        return text


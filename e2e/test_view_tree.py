"""The view model and its patcher on the host, against a small stand-in for the DOM: after
every patch the DOM is exactly the new tree's HTML, elements with a key survive for as
long as they are on the table, and a pick or a refusal changes attributes and the
message's text only. (The browser tests in test_table_live.py check the same on the
real page.)"""

from __future__ import annotations

import random
from html.parser import HTMLParser

from skipbo_web.controller import Controller
from skipbo_web.settings import Seat, Settings
from skipbo_web.table import Look, table_tree
from skipbo_web.view_tree import VOID, Patcher, h, props, to_html


class Node:
    """An element of the stand-in DOM: what the patcher uses of the real one."""

    def __init__(self, tag: str, attrs: dict[str, str] | None = None) -> None:
        self.tag, self.attrs, self.kids, self.parent = tag, dict(attrs or {}), [], None
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

    def _adopt(self, node: Node) -> None:
        if node.parent is not None:
            node.parent.kids.remove(node)
        node.parent = self

    def appendChild(self, node: Node) -> None:  # noqa: N802
        self._adopt(node)
        self.kids.append(node)
        self.writes.append("child")

    def insertBefore(self, node: Node, ref: Node) -> None:  # noqa: N802
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
        from html import escape
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


def settings(players: int = 2) -> Settings:
    return Settings(players=players, seats=tuple(Seat("", "human" if i == 0 else "medium") for i in range(6)), stock=4)


def dom_of(tree) -> str:
    """What the DOM of ``tree``'s HTML looks like (as ``Node.html`` writes it)."""
    node = Node(tree.tag, tree.attrs)
    node.innerHTML = "".join(map(to_html, tree.kids))
    return node.html()


def mounted(tree) -> tuple[Patcher, Node]:
    patcher = Patcher(Document())
    root = Node(tree.tag)
    patcher.mount(root, tree)
    return patcher, root


def keyed(root: Node) -> dict[str, Node]:
    return {n.attrs["data-key"]: n for n in root.walk() if "data-key" in n.attrs}


def test_the_patched_dom_is_the_new_trees_html_through_whole_games() -> None:
    for seed, players in ((1, 2), (2, 3), (3, 4)):
        ctrl = Controller.start(settings(players), seed)
        rng = random.Random(seed)
        look = Look("en")
        old = table_tree(ctrl, look)
        patcher, root = mounted(old)
        while not ctrl.game.is_over:
            before = keyed(root)
            if ctrl.ai_to_move:
                ctrl.ai_move()
            elif rng.random() < 0.3:
                ctrl.click(rng.choice(["S", "H", "D1", "B2"]), 0, rng.choice(["1", "5", "SB"]))
            else:
                ctrl.play(str(rng.choice(ctrl.game.legal_moves())))
            new = table_tree(ctrl, look)
            patcher.patch(root, old, new)
            assert root.html() == dom_of(new)
            after = keyed(root)
            for key in before.keys() & after.keys():  # every pile and hand card still shown is the same node
                assert before[key] is after[key], key
            old = new


def test_a_pick_and_a_refusal_change_attributes_and_the_message_only() -> None:
    ctrl = Controller.start(settings(), 3)
    look = Look("en")
    old = table_tree(ctrl, look)
    patcher, root = mounted(old)
    for node in root.walk():
        node.writes.clear()
    hand = ctrl.game.view(0).hand
    card = next(c for c in hand if c not in (0, 1))
    legal = {str(m) for m in ctrl.game.legal_moves()}
    assert f"H{card}>B1" not in legal
    for slot, seat, token in (("H", 0, str(card)), ("B1", None, None)):  # pick, then a refused move
        ctrl.click(slot, seat, token)
        new = table_tree(ctrl, look)
        patcher.patch(root, old, new)
        old = new
    assert ctrl.message.key == "illegal.wrong-number" and not ctrl.log
    rewritten = {(n.tag, n.attrs.get("class")) for n in root.walk() if set(n.writes) - {"attr"}}
    assert rewritten <= {("p", "message"), ("div", "message-row")}, rewritten


def test_children_move_appear_and_go_by_key() -> None:
    def row(*keys: str):
        return h("ul", None, [h("li", props(data_key=k), k) for k in keys])

    patcher, root = mounted(row("a", "b", "c"))
    nodes = keyed(root)
    for before, after in ((("a", "b", "c"), ("c", "a", "x", "b")), (("c", "a", "x", "b"), ("b",)),
                          (("b",), ("d", "b", "e"))):
        patcher.patch(root, row(*before), row(*after))
        assert root.html() == dom_of(row(*after))
        now = keyed(root)
        assert all(now[k] is nodes[k] for k in now.keys() & nodes.keys())
        nodes = {**nodes, **now}


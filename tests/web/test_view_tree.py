"""The view model and its patcher on the host, against a small stand-in for the DOM: after
every patch the DOM is exactly the new tree's HTML, elements with a key survive for as
long as they are on the table, and a pick or a refusal changes attributes and the
message's text only. (The browser tests in test_table_live.py check the same on the
real page.)"""

from __future__ import annotations

import random

from skipbo_web.dom.patcher import Patcher
from skipbo_web.state.controller import Controller
from skipbo_web.state.look import Look
from skipbo_web.state.settings import Seat, Settings
from skipbo_web.views.table_model import table_model
from skipbo_web.views.table_view import table_tree
from skipbo_web.views.tree import h, props, to_html

from tests.web.fake_dom import Document, Node
from tests.web.table_support import AtTable


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
        ctrl = AtTable(Controller.start(settings(players), seed))
        rng = random.Random(seed)
        look = Look("en")
        old = table_tree(table_model(ctrl), look)
        patcher, root = mounted(old)
        while not ctrl.game.is_over:
            before = keyed(root)
            if ctrl.ai_to_move:
                ctrl.ai_move()
            elif rng.random() < 0.3:
                ctrl.click(rng.choice(["S", "H", "D1", "B2"]), 0, rng.choice(["1", "5", "SB"]))
            else:
                ctrl.play(str(rng.choice(ctrl.game.legal_moves())))
            new = table_tree(table_model(ctrl), look)
            patcher.patch(root, old, new)
            assert root.html() == dom_of(new)
            after = keyed(root)
            for key in before.keys() & after.keys():  # every pile and hand card still shown is the same node
                assert before[key] is after[key], key
            old = new


def test_a_pick_and_a_refusal_change_attributes_and_the_message_only() -> None:
    ctrl = AtTable(Controller.start(settings(), 3))
    look = Look("en")
    old = table_tree(table_model(ctrl), look)
    patcher, root = mounted(old)
    existing = list(root.walk())
    for node in existing:
        node.writes.clear()
    hand = ctrl.game.view(0).hand
    card = next(c for c in hand if c not in (0, 1))
    legal = {str(m) for m in ctrl.game.legal_moves()}
    assert f"H{card}>B1" not in legal
    for slot, seat, token in (("H", 0, str(card)), ("B1", None, None)):  # pick, then a refused move
        ctrl.click(slot, seat, token)
        new = table_tree(table_model(ctrl), look)
        patcher.patch(root, old, new)
        old = new
    assert ctrl.message.key == "illegal.wrong-number" and not ctrl.log
    rewritten = {(n.tag, n.attrs.get("class")) for n in existing if set(n.writes) - {"attr"}}
    assert rewritten <= {("p", "message"), ("div", "message-row")}, rewritten


def test_children_move_appear_and_go_by_key() -> None:
    patcher, root = mounted(row("a", "b", "c"))
    nodes = keyed(root)
    for before, after in ((("a", "b", "c"), ("c", "a", "x", "b")), (("c", "a", "x", "b"), ("b",)),
                          (("b",), ("d", "b", "e"))):
        patcher.patch(root, row(*before), row(*after))
        assert root.html() == dom_of(row(*after))
        now = keyed(root)
        assert all(now[k] is nodes[k] for k in now.keys() & nodes.keys())
        nodes = {**nodes, **now}



def row(*keys: str, keyed_by: str = "data-key"):
    """A list of items matched by ``data-key`` or by ``key`` (then no attribute names them)."""
    if keyed_by == "key":
        return h("ul", None, [h("li", props(class_="item"), k, key=k) for k in keys])
    return h("ul", None, [h("li", props(data_key=k), k) for k in keys])


def items(root: Node) -> dict[str, Node]:
    return {n.textContent: n for n in root.kids}


def test_keyed_children_keep_their_nodes_through_inserts_removals_and_reorders() -> None:
    rng = random.Random(30)
    for keyed_by in ("data-key", "key"):
        keys = ["a", "b", "c", "d"]
        patcher, root = mounted(row(*keys, keyed_by=keyed_by))
        for _ in range(200):
            nodes = items(root)
            new = [k for k in keys if rng.random() < 0.8]
            new += [k for k in "efghij" if rng.random() < 0.2 and k not in keys]
            rng.shuffle(new)
            patcher.patch(root, row(*keys, keyed_by=keyed_by), row(*new, keyed_by=keyed_by))
            assert root.html() == dom_of(row(*new, keyed_by=keyed_by))
            now = items(root)
            assert all(now[k] is nodes[k] for k in now.keys() & nodes.keys())
            assert all("html" not in n.writes for n in root.walk())  # no HTML parsed
            keys = new


def test_a_move_touches_only_the_children_that_moved() -> None:
    patcher, root = mounted(row("a", "b", "c", "d", "e"))
    nodes = items(root)
    root.writes.clear()
    patcher.patch(root, row("a", "b", "c", "d", "e"), row("e", "a", "b", "c", "d"))  # the last one first
    assert [n.textContent for n in root.kids] == ["e", "a", "b", "c", "d"]
    assert root.writes == ["child"] and all(items(root)[k] is nodes[k] for k in nodes)
    root.writes.clear()
    patcher.patch(root, row("e", "a", "b", "c", "d"), row("e", "b", "c", "d"))  # one removed
    assert root.writes == ["child"]


def test_an_element_is_a_value_that_cannot_change() -> None:
    el = h("p", props(class_="note", data_x=1), "hi")
    assert el.attrs == (("class", "note"), ("data-x", "1"))
    assert el.attr("class") == "note" and el.attr("title") is None
    assert hash(el) == hash(h("p", (("class", "note"), ("data-x", "1")), "hi"))  # hashable: nothing inside can change
    given = {"class": "a"}
    el = h("p", given)
    given["class"] = "b"
    assert el.attr("class") == "a"


def test_text_is_text_never_markup() -> None:
    tree = h("div", props(title='"x"'), h("p", None, "<b>not bold</b> & "), "<i>", h("br"))
    patcher, root = mounted(h("div"))
    patcher.patch(root, h("div"), tree)
    assert [n.tag for n in root.walk()] == ["div", "p", "br"]
    assert root.textContent == "<b>not bold</b> & <i>"
    assert "html" not in root.writes


def test_svg_elements_are_made_in_the_svg_namespace() -> None:
    from skipbo_web.views.tree import SVG_NS
    tree = h("figure", None, h("svg", props(viewBox="0 0 2 2"), h("rect", props(width=1, height=1))))
    patcher, root = mounted(tree)
    svg = root.kids[0]
    assert svg.namespaceURI == SVG_NS and svg.kids[0].namespaceURI == SVG_NS and root.namespaceURI == ""


def test_the_new_game_form_drawn_again_keeps_its_fields() -> None:
    from skipbo_web.views.sheets import setup_tree
    first = setup_tree(settings(2), "en")
    patcher, root = mounted(first)
    fields = {n.attrs["name"]: n for n in root.walk() if "name" in n.attrs}
    typed = fields["name0"]
    typed.value = "Ann"  # what the player typed: a field's live state, not its attribute
    for node in root.walk():
        node.writes.clear()
    again = setup_tree(settings(4), "de")  # four players, in German: the form is drawn again
    patcher.patch(root, first, again)
    assert root.html() == dom_of(again)
    now = {n.attrs["name"]: n for n in root.walk() if "name" in n.attrs}
    assert all(now[name] is node for name, node in fields.items())  # the same fields: focus stays
    assert typed.value == "Ann"  # the typed text stays (its placeholder is now German)
    assert fields["players"].kids[2].selected is True  # the live choice follows the tree (4 players)

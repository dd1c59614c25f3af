"""The page's view model: elements as small immutable values (``El``) and their HTML.
``dom.patcher.Patcher`` turns the DOM that shows one tree into the DOM of the next in place.

A tree is built anew from the game's state at every change (cheap: plain tuples,
compared in C). The patcher walks the old and the new tree together and touches
only what differs; children are matched by key (``child_keys``: ``key``, else
``data-key``, else tag and position), so a pile, a hand card or the message line stays
the same DOM node for as long as it is on the table, also when its siblings come, go or
move. No DOM access here.

>>> old = h("ol", None, h("li", {"data-move": "H5>B1"}, "Anna played 5"))
>>> new = h("ol", None, h("li", {"data-move": "H5>B1"}, "Anna played 5"),
...         h("li", {"data-move": "S>B1"}, "Ben played 2"))
>>> to_html(new)
'<ol><li data-move="H5&gt;B1">Anna played 5</li><li data-move="S&gt;B1">Ben played 2</li></ol>'
>>> child_keys(new.kids)
['li#0', 'li#1']
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from html import escape
from typing import Any, NamedTuple

VOID = frozenset({"area", "br", "col", "hr", "img", "input", "link", "meta", "source", "wbr"})


Attrs = tuple[tuple[str, str], ...]
"""An element's attributes: (name, value) pairs in the order they were given."""

Path = tuple[str, ...]
"""Where an element is in a tree: the keys (``child_keys``) of the children from the root down."""

# the name of SVG's namespace (never fetched; written so build.py's self-containment check knows it)
xmlns = "http://www.w3.org/2000/svg"
SVG_NS = xmlns


class El(NamedTuple):
    """One element: its tag, attributes (names as in HTML, as (name, value) pairs: a value
    that cannot change), children (elements or text) and an optional key that tells it
    apart from its siblings. Build one with ``h``."""

    tag: str
    attrs: Attrs
    kids: tuple[El | str, ...]
    key: str | None = None

    def attr(self, name: str) -> str | None:
        """The value of attribute ``name`` (``None`` if it has none)."""
        for n, v in self.attrs:
            if n == name:
                return v
        return None

    def keyed(self, key: str | None) -> El:
        """The same element with key ``key``."""
        return El(self.tag, self.attrs, self.kids, key)


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


def h(tag: str, attrs: Mapping[str, str] | Attrs | None = None, *kids: Any, key: str | None = None) -> El:
    """An element; ``attrs`` a mapping (``props``) or (name, value) pairs; ``kids`` may be
    elements, text, lists of them, or ``None`` (left out)."""
    out: list[El | str] = []
    _add(out, kids)
    pairs = tuple(attrs.items()) if isinstance(attrs, Mapping) else tuple(attrs or ())
    return El(tag, pairs, tuple(out), key)


def _attrs_html(attrs: Attrs) -> str:
    """`` name="value"`` each; a boolean attribute (``""``: ``selected``, ``hidden``) by its name."""
    return "".join(f' {name}="{escape(value)}"' if value else f" {name}" for name, value in attrs)


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
            base = kid.key or kid.attr("data-key") or kid.tag
        n = seen.get(base, 0)
        seen[base] = n + 1
        out.append(f"{base}#{n}")
    return out


def _base(kid: El | str) -> str:
    return "#text" if isinstance(kid, str) else kid.key or kid.attr("data-key") or kid.tag


def child_key(parent: El, child: El) -> str:
    """The key (``child_keys``) of ``child`` among ``parent``'s children (the same
    element, not an equal one); the siblings after it are not looked at."""
    base = _base(child)
    n = 0
    for kid in parent.kids:
        if kid is child:
            return f"{base}#{n}"
        if _base(kid) == base:
            n += 1
    raise ValueError("not a child of this element")

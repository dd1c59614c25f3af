"""Names set apart from the text around them: each players' name that a tree shows in its
text is put in a ``<bdi>`` element, so a name in a right-to-left script never moves or
turns the words, numbers and brackets beside it ("Ada (medium)", "Ben played 7"). The
names themselves hold no bidi controls (``settings.clean_name``); this keeps the letters
of one script from spilling over. No DOM access here.

>>> from .tree import to_html
>>> to_html(isolate_names(h("p", None, "דנה played 7 (medium)"), ["דנה"]))
'<p><bdi>דנה</bdi> played 7 (medium)</p>'
>>> to_html(isolate_names(h("p", None, "Adam and Ada"), ["Ada", "Adam"]))
'<p><bdi>Adam</bdi> and <bdi>Ada</bdi></p>'

Text that the page sets as plain text (a refusal's note beside a pile) isolates each name
with the characters meant for that, FIRST STRONG ISOLATE ... POP DIRECTIONAL ISOLATE:

>>> isolate_text("It is דנה's turn", ["דנה"]) == "It is \u2068דנה\u2069's turn"
True
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from .tree import El, h

# Elements whose text is not laid out as ours (form fields, options), or already isolated.
SKIP = frozenset({"bdi", "input", "textarea", "option", "select", "script", "style", "svg", "title"})


def isolate_names(tree: El, names: Iterable[str]) -> El:
    """``tree`` with each whole-word occurrence of ``names`` in its text in a ``<bdi>``;
    the same object (unchanged subtrees too) where there is nothing to isolate."""
    pattern = _pattern(names)
    return _walk(tree, pattern) if pattern else tree


def _pattern(names: Iterable[str]) -> re.Pattern[str] | None:
    kept = sorted({n for n in names if n and n.strip()}, key=len, reverse=True)  # "Adam" before "Ada"
    return re.compile(r"(?<!\w)(" + "|".join(map(re.escape, kept)) + r")(?!\w)") if kept else None


def isolate_text(text: str, names: Iterable[str]) -> str:
    """``text`` with each whole-word occurrence of ``names`` between U+2068 and U+2069."""
    pattern = _pattern(names)
    return pattern.sub("\u2068\\1\u2069", text) if pattern else text


def _walk(el: El, pattern: re.Pattern[str]) -> El:
    if el.tag in SKIP:
        return el
    kids: list[El | str] = []
    changed = False
    for kid in el.kids:
        if isinstance(kid, str):
            parts = pattern.split(kid)
            if len(parts) == 1:
                kids.append(kid)
                continue
            changed = True
            # split() with one group: text, name, text, name, ..., text
            kids += [h("bdi", None, part) if i % 2 else part for i, part in enumerate(parts) if part]
        else:
            new = _walk(kid, pattern)
            changed = changed or new is not kid
            kids.append(new)
    return El(el.tag, el.attrs, tuple(kids), el.key) if changed else el

"""The "Why?" link after a refused move: it opens the rule the move breaks on the
built-in rules page (``rules.html``), in the player's language.

>>> from skipbo_web.controller import Message
>>> 'href="./rules.html?lang=de#rule-building"' in why_link(Message("illegal.wrong-number"), "de")
True
>>> why_link(Message("msg.cancelled"), "en")
''
"""

from __future__ import annotations

from html import escape

from .controller import Message
from .i18n import t
from .rules_links import rule_anchor, rules_url


def why_link(msg: Message, lang: str) -> str:
    """A link to the rule behind an ``illegal.<code>`` message; ``""`` for other messages.
    The URL is relative, so it works at a site's root and under a sub-path alike."""
    if not msg.key.startswith("illegal.") or rule_anchor(msg.key) is None:
        return ""
    return (f'<a class="why" href="{escape(rules_url(msg.key, lang))}" target="_blank" rel="noopener"'
            f' title="{escape(t(lang, "why.title"))}" data-why="{escape(rule_anchor(msg.key) or "")}">'
            f'{escape(t(lang, "why.link"))}</a>')

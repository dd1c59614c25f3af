"""The "Why?" link after a refused move: it opens the rule the move breaks on the
built-in rules page (``rules.html``), in the player's language.

>>> from skipbo_web.controller import Message
>>> 'href="./rules.html?lang=de#rule-building"' in why_link(Message("illegal.wrong-number"), "de")
True
>>> why_link(Message("msg.cancelled"), "en")
''

The game-over sheet links to the rule that ended the game, and the keys-and-rules sheet
to the whole rules page:

>>> 'href="./rules.html?lang=da#rule-stall"' in end_rule_link("stalled", "da")
True
>>> 'href="./rules.html?lang=de"' in rules_page_link("de")
True
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


def end_rule_link(reason: str, lang: str) -> str:
    """A link to the rule behind a game-end ``reason`` (``stalled``...); ``""`` if none."""
    anchor = rule_anchor("end." + reason)
    if anchor is None:
        return ""
    return (f'<a class="rule-link" href="{escape(rules_url("end." + reason, lang))}" target="_blank" rel="noopener"'
            f' title="{escape(t(lang, "why.title"))}" data-why="{escape(anchor)}">{escape(t(lang, "end.rule"))}</a>')


def rules_page_link(lang: str) -> str:
    """A link to the whole rules page, in ``lang``."""
    return (f'<a class="rule-link" href="{escape(rules_url(None, lang))}" target="_blank" rel="noopener"'
            f' title="{escape(t(lang, "rules.all_title"))}">{escape(t(lang, "rules.all"))}</a>')

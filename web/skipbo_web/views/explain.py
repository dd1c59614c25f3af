"""The "Why?" link after a refused move: it opens the rule the move breaks on the
built-in rules page (``rules.html``), in the player's language.

>>> from skipbo_web.state.controller import Message
>>> why_tree(Message("illegal.wrong-number"), "de").attr("href")
'./rules.html?lang=de#rule-building'
>>> why_tree(Message("msg.cancelled"), "en") is None
True

The game-over sheet links to the rule that ended the game, and the keys-and-rules sheet
to the whole rules page:

>>> end_rule_tree("stalled", "da").attr("href")
'./rules.html?lang=da#rule-stall'
>>> rules_page_tree("de").attr("href")
'./rules.html?lang=de'
"""

from __future__ import annotations

from ..i18n import t
from ..state.messages import Message
from .rules_links import rule_anchor, rules_url
from .tree import El, h, props


def why_tree(msg: Message, lang: str) -> El | None:
    """A link to the rule behind an ``illegal.<code>`` message; ``None`` for other messages.
    The URL is relative, so it works at a site's root and under a sub-path alike."""
    if not msg.key.startswith("illegal.") or rule_anchor(msg.key) is None:
        return None
    return h("a", props(class_="why", href=rules_url(msg.key, lang), target="_blank", rel="noopener",
                        title=t(lang, "why.title"), data_why=rule_anchor(msg.key) or ""), t(lang, "why.link"),
             key="why")


def end_rule_tree(reason: str, lang: str) -> El | None:
    """A link to the rule behind a game-end ``reason`` (``stalled``...); ``None`` if none."""
    anchor = rule_anchor("end." + reason)
    if anchor is None:
        return None
    return h("a", props(class_="rule-link", href=rules_url("end." + reason, lang), target="_blank", rel="noopener",
                        title=t(lang, "why.title"), data_why=anchor), t(lang, "end.rule"))


def rules_page_tree(lang: str) -> El:
    """A link to the whole rules page, in ``lang``."""
    return h("a", props(class_="rule-link", href=rules_url(None, lang), target="_blank", rel="noopener",
                        title=t(lang, "rules.all_title")), t(lang, "rules.all"))

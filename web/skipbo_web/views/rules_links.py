"""Which section of the rules page explains an engine code: the game's "Why?" links.

The rules page (``rules.html``, written by ``tools/rules_page.py`` at build time) has one
section per rule, each with a stable anchor. Every ``IllegalMove`` code and every reason a
game can end points at the section that explains it:

>>> rule_anchor("wrong-number")
'rule-building'
>>> rules_url("stalled", "de")
'./rules.html?lang=de#rule-stall'
>>> rules_url(None, "da")
'./rules.html?lang=da'

Kept tiny and free of imports: the game page fetches it at start-up.
"""

from __future__ import annotations

RULES_PAGE = "./rules.html"

ILLEGAL_ANCHORS: dict[str, str] = {
    "game-over": "rule-game-end",
    "no-teams": "rule-teams",
    "empty-source": "rule-turn",
    "not-in-hand": "rule-turn",
    "wrong-number": "rule-building",
    "stock-to-discard": "rule-discard",
    "discard-to-discard": "rule-discard",
    "partner-to-discard": "rule-teams",
    "end-with-cards": "rule-end-empty",
}
"""``IllegalMove.code`` -> anchor of the rule the move breaks."""

END_ANCHORS: dict[str, str] = {
    "stock-empty": "rule-winning",
    "stalled": "rule-stall",
    "resigned": "rule-game-end",
    "turn-limit": "rule-game-end",
}
"""``Result.reason`` -> anchor of the rule that ended the game."""


def rule_anchor(code: str | None) -> str | None:
    """The anchor (without ``#``) explaining an ``IllegalMove`` code or a game-end reason.

    Also accepts the catalogue keys ``"illegal.<code>"`` and ``"end.<reason>"``; ``None``
    for anything unknown, so a caller can leave the link out.
    """
    if not code:
        return None
    key = str(code).removeprefix("illegal.").removeprefix("end.")
    return ILLEGAL_ANCHORS.get(key) or END_ANCHORS.get(key)


def rules_url(code: str | None = None, lang: str | None = None) -> str:
    """A relative link to the rules page in ``lang``, at the rule for ``code`` if known."""
    url = RULES_PAGE + (f"?lang={lang}" if lang else "")
    anchor = rule_anchor(code)
    return url + (f"#{anchor}" if anchor else "")

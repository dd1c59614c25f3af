"""A refusal (``outcome.Refused``) in the page's words: the message its line shows, an
``i18n`` key and arguments (the host API words the same refusal for its answers:
``host.host_api.refusal_error``)."""

from __future__ import annotations

from .messages import Message
from .outcome import GAME_OVER, LESSON, NOT_NOTATION, NOT_YOUR_TURN, NOT_YOURS, PASS_DEVICE, PICK_SOURCE, Refused

KEYS = {GAME_OVER: "msg.game_over", NOT_YOUR_TURN: "msg.not_your_turn", PASS_DEVICE: "msg.pass_device",
        NOT_NOTATION: "msg.invalid", PICK_SOURCE: "msg.pick_source"}


def refusal_message(refused: Refused) -> Message:
    """The message line for ``refused``: the page's own words, the lesson's hint, or the
    rule the move breaks (``illegal.<code>``)."""
    details = dict(refused.details)
    if refused.code == LESSON:
        return details["message"]
    if refused.code == NOT_YOURS:
        return Message("msg.not_yours_teams" if details["teams"] else "msg.not_yours", {"seat": details["seat"]})
    return Message(KEYS.get(refused.code, f"illegal.{refused.code}"), details)

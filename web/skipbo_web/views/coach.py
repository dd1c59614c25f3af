"""The tutorial's views: the coach panel above the table, the tutorial's entry on the
new-game screen, and which table elements light up (no DOM access here)."""

from __future__ import annotations

from ..i18n import card_face, t
from ..state.controller import Controller
from ..state.look import Look
from ..state.table_state import TableState
from ..state.tutorial import Tutorial
from .seat_words import message_text
from .table_marks import Mark
from .table_model import controller_names
from .tree import El, h, props


def pile_mark(pile: str, role: str) -> Mark:
    """The mark (``data-coach=role``) of a pile a step names: ``"S"`` your stock, ``"H5"``
    your hand card 5, ``"H"`` your whole hand, ``"B2"`` building pile 2, ``"draw"`` the
    draw pile (seat 0 is you)."""
    return Mark(None if pile == "draw" or pile.startswith("B") else 0, pile, "data-coach", role)


def step_text(tutorial: Tutorial, lang: str, faces: str = "skipbo") -> str:
    """The current step's text, with its cards printed in the chosen faces."""
    step = tutorial.current
    cards = {name: card_face(value, faces, lang) for name, value in step.cards.items()}
    return t(lang, f"tut.{step.key}", **cards)


def coach_tree(tutorial: Tutorial, lang: str, faces: str = "skipbo", note: str = "",
               note_key: str | None = None) -> El:
    """The coach box: progress, Restart and Leave, what to do now, Next on explanation
    steps (Start a real game at the end), and ``note``: why the last move was refused,
    right under the lesson (empty: no note), whose catalogue key is ``note_key``."""
    step = tutorial.current
    k, n = tutorial.step + 1, tutorial.total
    main = None
    if tutorial.finished:
        main = ("tutorial-new", "tut.new_game")
    elif step.kind == "explain":
        main = ("tutorial-next", "tut.next")
    tools = [h("button", props(type="button", data_action=a), t(lang, key))
             for a, key in (("tutorial-restart", "tut.restart"), ("tutorial-leave", "tut.leave"))]
    action = (h("button", props(type="button", class_="primary", data_action=main[0]), t(lang, main[1]), key=main[0])
              if main else None)
    return h("div", props(class_="coach-box"),
             h("div", props(class_="coach-head"),
               h("h2", props(id="coach-title"), t(lang, "tut.title")),
               h("span", props(class_="coach-progress"), t(lang, "tut.progress", k=k, n=n)),
               h("progress", props(max=n, value=k, aria_hidden="true")),
               h("span", props(class_="coach-tools"), tools)),
             h("div", props(class_="coach-body"),
               h("p", props(class_="coach-text", data_step=step.key, data_kind=step.kind),
                 step_text(tutorial, lang, faces)), action),
             h("p", props(class_="coach-note", data_message=note_key if note else None), note, key="note"))


REFUSALS = ("tut.", "illegal.", "msg.not_", "msg.pick_source", "msg.invalid")


def refusal(ctrl: Controller, table: TableState, look: Look) -> tuple[str, str | None]:
    """The message line's text and key (``table``'s) when it says why a move was refused
    (shown in the coach box too, where the player is looking); else ``("", None)``."""
    message = table.message
    if not message.key.startswith(REFUSALS):
        return "", None
    return message_text(controller_names(ctrl), look, message), message.key


def entry_tree(lang: str, saved_step: int | None, total: int) -> El:
    """The tutorial's place on the new-game screen: Learn to play, or Resume/Restart
    when a tutorial was left part-way (``saved_step`` is 0-based)."""
    if saved_step is None:
        buttons = [h("button", props(type="button", class_="primary", data_action="tutorial-start"),
                     t(lang, "tut.learn"))]
    else:
        buttons = [h("button", props(type="button", class_="primary", data_action="tutorial-resume"),
                     t(lang, "tut.resume", k=saved_step + 1, n=total)),
                   h("button", props(type="button", data_action="tutorial-restart"), t(lang, "tut.restart"))]
    return h("div", props(class_="tutorial-entry"), h("p", None, t(lang, "tut.learn_hint")),
             h("div", props(class_="actions"), buttons))

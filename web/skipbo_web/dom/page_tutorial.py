"""The tutorial session: showing the guided game in place of the player's own, its coach
box above the table, and its progress under ``skipbo.tutorial`` (skipbo_web.state.tutorial
holds the script, skipbo_web.views.coach its texts and marks).

The game it sets aside is kept as it was, save and all: leaving the tutorial brings it back.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..state.controller import BadSave
from ..state.messages import Message
from ..state.saves import TUTORIAL_EMBED_KEY, TUTORIAL_KEY
from ..state.tutorial import STEP_COUNT, Tutorial, is_active, url_choice
from ..views.coach import coach_tree, entry_tree, pile_mark, refusal, step_text
from ..views.table_marks import Mark
from ..views.tree import El, h, props
from .page_dom import jsnull
from .patcher import TreeView

if TYPE_CHECKING:
    from ..commands import Commands
    from ..state.store import PageState, Store
    from .page_dom import Browser
    from .page_session import Session
    from .patcher import Patcher


class TutorialSession:
    """The tutorial's save, its coach box and where it leaves the address (the tutorial
    and the game it set aside are the page's state: ``tutorial``, ``tutorial_aside``).
    Entering, leaving and its buttons are commands (``Commands.enter_tutorial``, ...)."""

    def __init__(self, store: Store, commands: Commands, session: Session, browser: Browser, patcher: Patcher,
                 root: Any) -> None:
        self.store = store
        self.commands = commands
        self.session = session
        self.browser = browser
        self.root = root  # the table (the card a step asks for is focused there)
        self.key = TUTORIAL_KEY
        box = self.box
        self.view = TreeView(patcher, box.querySelector(".coach-box"))
        self.live = box.querySelector(".coach-live")
        self.spoken: str | None = None  # the step the live region said last

    def load(self) -> tuple[Tutorial | None, bool]:
        """The saved tutorial (None: none saved) and whether it was left open. A damaged
        save gives a notice and a tutorial from its first step."""
        store = self.session.storage
        data = self.session.read(self.key)  # not JSON the reader takes: set aside, in the start's notice
        if data is None:
            return None, False
        try:
            return Tutorial.from_dict(data), is_active(data)
        except BadSave:
            store.set_aside(self.key)  # kept as it was (skipbo.aside.tutorial); this notice tells
            self.store.add_notice(Message("notice.tutorial_bad_save"))
            tutorial = Tutorial()
            store.set(self.key, tutorial.to_dict(active=is_active(data)))
            return tutorial, is_active(data)

    def on_load(self, given: dict[str, str], url_game: bool, unsaved: bool) -> bool:
        """Show the tutorial at once for ``?tutorial=1`` (a finished one starts again), or
        when it was left open at the last visit and the address asks for no game.
        ``unsaved``: the game on the table is not in storage yet (a new deal)."""
        # an embedded tutorial (or one in a frame), like an embedded game, keeps apart from the visitor's own
        self.key = TUTORIAL_EMBED_KEY if self.session.apart else TUTORIAL_KEY
        wanted, bad = url_choice(given)
        if bad:
            self.store.add_notice(Message("notice.bad_url", {"names": "tutorial"}))
        tutorial, active = self.load()
        if wanted and (tutorial is None or tutorial.finished):
            tutorial = Tutorial()
        if tutorial is None or not (wanted or active and not url_game and not tutorial.finished):
            return False  # a finished tutorial opens again only when asked for
        # On a first visit, leaving shows the new-game screen (as the page would have).
        self.commands.enter_tutorial(tutorial, unsaved, unsaved and not url_game)
        return True

    def save(self, active: bool = True) -> None:
        """Follow the script past what was just played, then save the tutorial's progress."""
        tutorial = self.store.state.tutorial
        tutorial.sync()
        if tutorial.game.is_over:
            self.store.update_look(result_hidden=True)  # the coach box says it; the score stays one click away
        self.session.storage.set(self.key, tutorial.to_dict(active=active))

    def close(self) -> None:
        """Leave the tutorial where it is (saved, to be resumed) and drop ``tutorial`` from
        the address, so that a reload shows the normal game (the game it set aside is let go)."""
        self.save(active=False)
        self.store.update(tutorial=None, tutorial_aside=None)
        window = self.browser.window
        params = window.URLSearchParams.new(window.location.search)
        if params.has("tutorial"):
            params.delete("tutorial")
            query = params.toString()
            window.history.replaceState(jsnull, "", window.location.pathname + (f"?{query}" if query else ""))

    @property
    def box(self) -> Any:
        return self.browser.by_id("coach")

    def focus_coach(self) -> None:
        """After Next: focus the next Next button, or the card the step asks for."""
        browser = self.browser
        if not browser.focus_first('[data-action="tutorial-next"]', self.box):
            browser.focus_first('[data-coach="from"]', self.root)

    def marks(self) -> list[Mark]:
        """The piles the current step lights up (``data-coach`` = their role)."""
        tutorial = self.store.state.tutorial
        if tutorial is None:
            return []
        return [pile_mark(pile, role) for pile, role in tutorial.marks()]

    def render(self) -> None:
        """The coach box, patched in place; its live region says each new step."""
        box = self.box
        state = self.store.state
        look, tutorial = state.look, state.tutorial
        if tutorial is None:
            if not box.hidden:
                box.hidden = True
                self.view.show(h("div", props(class_="coach-box")))
                self.live.textContent = ""
                self.spoken = None
            return
        note, key = refusal(state.ctrl, state.table, look)
        self.view.show(coach_tree(tutorial, look.lang, look.faces, note, key))
        box.hidden = False
        text = step_text(tutorial, look.lang, look.faces)
        if text != self.spoken:  # the live region stays in place, so screen readers hear each new step
            self.live.textContent = self.spoken = text

    def entry_tree(self, state: PageState) -> El | None:
        """The tutorial's buttons on the new-game screen (none in embed mode)."""
        if self.key == TUTORIAL_EMBED_KEY:
            return None
        tutorial = state.tutorial
        if tutorial is None:
            try:
                data = self.session.storage.get(self.key)
            except BadSave:
                data = None
            step = data.get("step") if isinstance(data, dict) else None
            saved = step if type(step) is int and 0 < step < STEP_COUNT - 1 else None
        else:
            saved = tutorial.step if not tutorial.finished else None
        return entry_tree(state.look.lang, saved, STEP_COUNT)

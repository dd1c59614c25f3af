"""The page's one modal sheet (``<dialog id="sheet">``): the new-game screen, the
keys-and-rules sheet, the records sheet, the replay viewer, the statistics and the
puzzles. A sheet is an element tree (skipbo_web.views.sheets, .share, .replay_view, .stats_view,
.puzzle_view) patched into the dialog in place: drawn again (a new language, a changed
form, a replay's step) it keeps its nodes, so focus and typed text stay; another sheet is
drawn anew. The new-game form is read back through ``Settings.with_form``.

The setup and help sheets are drawn here; the others are views of the page's state that
``page_app`` hands over (``views``), as is what the new-game screen offers besides the
form (``intro``): the sheet asks no other room for them.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from ..i18n import LANGUAGES
from ..state.settings import Seat, Settings
from ..state.store import Mode
from ..views.sheets import help_tree, setup_tree
from ..views.tree import El, h, props
from .patcher import TreeView

if TYPE_CHECKING:
    from ..commands import Commands
    from ..state.store import PageState, Store
    from .page_dom import Browser
    from .page_session import Session
    from .patcher import Patcher

View = Callable[["PageState"], El | None]  # a part of the page drawn from its state


class Sheet:
    def __init__(self, store: Store, commands: Commands, session: Session, browser: Browser, patcher: Patcher,
                 views: Mapping[str, Callable[[PageState, str], El]], intro: tuple[View, ...] = ()) -> None:
        """``views``: the sheets drawn elsewhere, by kind (records, replay, stats, puzzles);
        ``intro``: what the new-game screen offers above its form (the tutorial, the puzzles)."""
        self.store = store
        self.commands = commands
        self.session = session
        self.browser = browser
        self.views = views
        self.intro = intro
        self.el = browser.by_id("sheet")
        self.view = TreeView(patcher, self.el)

    def body(self, kind: str) -> El:
        """The inside of sheet ``kind``."""
        state = self.store.state
        lang = state.look.lang
        if kind == "setup":
            settings = state.draft or self.starting_settings()
            return setup_tree(settings, lang, list(state.draft_errors), intro=[view(state) for view in self.intro])
        view = self.views.get(kind)
        if view is not None:
            return view(state, kind)
        return help_tree(lang, self.session.embed)

    def starting_settings(self) -> Settings:
        """The new-game screen before the player changes it: the saved settings with the
        table of the game on it (players, seats, rules, match), so that a game the address
        dealt is offered again, not the saved table. A seat with the default name keeps
        its saved name; the tutorial's, a puzzle's or a position's table is no game of the
        screen's (the saved settings then). Nothing is saved until a game starts."""
        state, saved = self.store.state, self.session.settings
        if state.mode is not Mode.GAME or state.ctrl.position is not None:
            return saved
        table = state.ctrl.table_on(saved)
        return replace(table, seats=tuple(Seat(seat.name or saved_seat.name, seat.kind)
                                          for seat, saved_seat in zip(table.seats, saved.seats)))

    def show(self, kind: str | None) -> None:
        """Patch the dialog to sheet ``kind`` (``None``: empty); keyed by kind, so another
        sheet's nodes are made anew."""
        body = self.body(kind).keyed(kind) if kind is not None else None
        self.view.show(h("dialog", props(id="sheet", class_="sheet wide" if kind in ("replay", "editor") else "sheet",
                                         aria_labelledby="sheet-title"), body))

    def open(self, kind: str) -> None:
        self.store.update(sheet=kind)
        self.show(kind)
        if not self.el.open:
            self.el.showModal()

    def refresh(self) -> None:
        """Draw the open sheet again (its state changed)."""
        if self.store.state.sheet is not None:
            self.show(self.store.state.sheet)

    def close(self) -> None:
        self.store.update(sheet=None, draft=None, draft_errors=())
        if self.el.open:
            self.el.close()
        self.show(None)

    def on_close(self, event: Any) -> None:
        """The dialog closed (Esc, or close()): a replay ends, a draft is dropped."""
        self.commands.end_replay()
        self.store.update(sheet=None, draft=None, draft_errors=())

    def form_values(self) -> dict[str, str] | None:
        form = self.browser.by_id("setup")
        if form is None:
            return None
        data = self.browser.window.FormData.new(form)
        return {str(pair[0]): str(pair[1]) for pair in data.entries()}

    def read_form(self) -> tuple[Settings, list[str]]:
        values = self.form_values()
        if values is None:
            return self.session.settings, []
        return self.session.settings.with_form(values)

    def on_submit(self, event: Any) -> None:
        event.preventDefault()
        active = self.browser.window.document.activeElement
        if active is not None and str(getattr(active, "name", "")) == "room-code":  # Enter in "Join a table"
            self.browser.query('[data-action="pair-code-join"]').click()
            return
        values = self.form_values()
        if values is not None:
            self.start(values)

    def start(self, form: dict[str, str]) -> None:
        """Deal the game the new-game screen describes, or name its wrong fields."""
        session, store = self.session, self.store
        settings, bad = session.settings.with_form(form)
        lang = form.get("lang")
        if lang in LANGUAGES:
            store.update_look(lang=lang)
        if bad:
            store.update(draft=settings, draft_errors=tuple(bad))
            self.open("setup")
            return
        state = store.state
        session.settings = Settings(**{**settings.__dict__, "lang": state.look.lang, "speed": state.speed})
        store.update_look(faces=session.settings.faces)
        session.save_settings()
        self.close()
        self.commands.show_game(session.deal())

    def relanguage(self) -> None:
        """The language changed: the open sheet is drawn again in it (a form keeps its entries)."""
        if self.store.state.sheet is None:
            return
        if self.store.state.sheet == "setup":
            self.store.update(draft=self.read_form()[0])
        self.open(self.store.state.sheet)

    def form_changed(self, name: str, target: Any) -> None:
        """The player count, the deck or the language of the new-game form changed: it is
        drawn again (other choices depend on them), focus staying on that field."""
        self.store.update(draft=self.read_form()[0])
        if name == "lang" and target.value in LANGUAGES:
            self.commands.show_lang(target.value)
        self.open("setup")
        self.browser.focus_first(f'[name="{name}"]', self.el)

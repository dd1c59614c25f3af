"""The page's one modal sheet (``<dialog id="sheet">``): the new-game screen, the
keys-and-rules sheet, the records sheet, the replay viewer, the statistics and the
puzzles. A sheet is an element tree (skipbo_web.sheets, .share, .replay_view, .stats_view,
.puzzle_view) patched into the dialog in place: drawn again (a new language, a changed
form, a replay's step) it keeps its nodes, so focus and typed text stay; another sheet is
drawn anew. The new-game form is read back through ``Settings.with_form``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .i18n import LANGUAGES
from .settings import Settings
from .sheets import help_tree, setup_tree
from .view_tree import El, TreeView, h, props

if TYPE_CHECKING:
    from .page_app import App


class Sheet:
    def __init__(self, app: App) -> None:
        self.app = app
        self.store = app.store
        self.el = app.browser.by_id("sheet")
        self.view = TreeView(app.patcher, self.el)
        self.draft: Settings | None = None   # the new-game form as filled in so far
        self.errors: list[str] = []          # its wrong fields

    @property
    def kind(self) -> str | None:
        """The sheet open (the page's state): setup, help, records, replay, stats, puzzles; None: closed."""
        return self.store.state.sheet

    def body(self, kind: str) -> El:
        """The inside of sheet ``kind``."""
        app = self.app
        if kind == "setup":
            settings = self.draft or app.session.settings
            return setup_tree(settings, app.lang, self.errors,
                              intro=[app.tutorial.entry_tree(), app.puzzles.entry_tree()])
        if kind in ("records", "replay"):
            return app.records.sheet_tree(kind)
        if kind == "stats":
            return app.stats.sheet_tree()
        if kind == "puzzles":
            return app.puzzles.sheet_tree()
        return help_tree(app.lang, app.session.embed)

    def show(self, kind: str | None) -> None:
        """Patch the dialog to sheet ``kind`` (``None``: empty); keyed by kind, so another
        sheet's nodes are made anew."""
        body = self.body(kind).keyed(kind) if kind is not None else None
        self.view.show(h("dialog", props(id="sheet", class_="sheet wide" if kind == "replay" else "sheet",
                                         aria_labelledby="sheet-title"), body))

    def open(self, kind: str) -> None:
        self.store.update(sheet=kind)
        self.show(kind)
        if not self.el.open:
            self.el.showModal()

    def refresh(self) -> None:
        """Draw the open sheet again (its state changed)."""
        if self.kind is not None:
            self.show(self.kind)

    def close(self) -> None:
        self.store.update(sheet=None)
        self.draft = None
        self.errors = []
        if self.el.open:
            self.el.close()
        self.show(None)

    def on_close(self, event: Any) -> None:
        """The dialog closed (Esc, or close()): a replay ends, a draft is dropped."""
        self.app.records.end_replay()
        self.store.update(sheet=None)
        self.draft = None
        self.errors = []

    def form_values(self) -> dict[str, str] | None:
        form = self.app.browser.by_id("setup")
        if form is None:
            return None
        data = self.app.browser.window.FormData.new(form)
        return {str(pair[0]): str(pair[1]) for pair in data.entries()}

    def read_form(self) -> tuple[Settings, list[str]]:
        values = self.form_values()
        if values is None:
            return self.app.session.settings, []
        return self.app.session.settings.with_form(values)

    def on_submit(self, event: Any) -> None:
        event.preventDefault()
        values = self.form_values()
        if values is not None:
            self.start(values)

    def start(self, form: dict[str, str]) -> None:
        """Deal the game the new-game screen describes, or name its wrong fields."""
        app = self.app
        session = app.session
        settings, bad = session.settings.with_form(form)
        lang = form.get("lang")
        if lang in LANGUAGES:
            session.look.lang = lang
        if bad:
            self.draft, self.errors = settings, bad
            self.open("setup")
            return
        session.settings = Settings(**{**settings.__dict__, "lang": app.lang, "speed": session.speed})
        session.look.faces = session.settings.faces
        session.save_settings()
        self.close()
        app.use(session.deal())

    def relanguage(self) -> None:
        """The language changed: the open sheet is drawn again in it (a form keeps its entries)."""
        if self.kind is None:
            return
        if self.kind == "setup":
            self.draft = self.read_form()[0]
        self.open(self.kind)

    def form_changed(self, name: str, target: Any) -> None:
        """The player count, the deck or the language of the new-game form changed: it is
        drawn again (other choices depend on them), focus staying on that field."""
        app = self.app
        self.draft, _ = self.read_form()
        if name == "lang" and target.value in LANGUAGES:
            app.session.look.lang = target.value
            app.render()
        self.open("setup")
        app.browser.focus_first(f'[name="{name}"]', self.el)

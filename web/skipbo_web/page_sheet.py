"""The page's one modal sheet (``<dialog id="sheet">``): the new-game screen, the
keys-and-rules sheet, the records sheet and the replay viewer. A sheet is drawn whole
when it opens (skipbo_web.sheets, .share, .replay_view); the new-game form is read back
through ``Settings.with_form``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .i18n import LANGUAGES
from .settings import Settings
from .sheets import render_help, render_setup

if TYPE_CHECKING:
    from .page_app import App


class Sheet:
    def __init__(self, app: App) -> None:
        self.app = app
        self.store = app.store
        self.el = app.browser.by_id("sheet")
        self.draft: Settings | None = None   # the new-game form as filled in so far
        self.errors: list[str] = []          # its wrong fields

    @property
    def kind(self) -> str | None:
        """The sheet open (the page's state): setup, help, records, replay, stats, puzzles; None: closed."""
        return self.store.state.sheet

    def open(self, kind: str) -> None:
        app = self.app
        self.store.update(sheet=kind)
        self.el.classList.toggle("wide", kind == "replay")
        if kind == "setup":
            settings = self.draft or app.session.settings
            html = render_setup(settings, app.lang, self.errors,
                                intro=app.tutorial.entry_html() + app.puzzles.entry_html())
        elif kind in ("records", "replay"):
            html = app.records.sheet_html(kind)
        elif kind == "stats":
            html = app.stats.sheet_html()
        elif kind == "puzzles":
            html = app.puzzles.sheet_html()
        else:
            html = render_help(app.lang, app.session.embed)
        self.el.innerHTML = html
        self.el.setAttribute("aria-labelledby", "sheet-title")
        if not self.el.open:
            self.el.showModal()

    def close(self) -> None:
        self.store.update(sheet=None)
        self.draft = None
        self.errors = []
        if self.el.open:
            self.el.close()
        self.el.innerHTML = ""

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

"""The position editor's room: its sheet drawn from the state (with the links of the
page's own address) and "Copy link" (the clipboard; where there is none, the link stays
shown to be copied by hand). The editor's table and its changes are the commands'
(``commands.editor``) and the state's (``state.editor``)."""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING

from ..i18n import t
from ..state.editor import embed_code, judge, link
from ..views.editor_view import editor_tree
from ..views.tree import El, h
from .page_dom import JsException

if TYPE_CHECKING:
    from ..commands import Commands
    from ..state.store import PageState, Store
    from .page_dom import Browser


class EditorDesk:
    """Draws the editor's sheet and copies its link."""

    def __init__(self, store: Store, commands: Commands, browser: Browser) -> None:
        self.store = store
        self.commands = commands
        self.browser = browser

    def base(self) -> str:
        """The page's address without its query: where the editor's links point."""
        location = self.browser.window.location
        return f"{location.origin}{location.pathname}"

    def sheet_tree(self, state: PageState) -> El:
        editor, lang = state.editor, state.look.lang
        if editor is None:  # (the sheet is opened with a table: never drawn without one)
            return h("div", {"class": "sheet-body editor", "data-editor": ""})
        verdict = judge(editor)
        play = link(self.base(), editor, lang) if verdict.game is not None else None
        edit = link(self.base(), editor, lang, edit=True) if play is not None else None
        note = t(lang, state.editor_note) if state.editor_note else ""
        embed = embed_code(self.base(), editor, lang, t(lang, "editor.embed_title")) if play is not None else None
        return editor_tree(editor, verdict, lang, play, edit, note, embed)

    def copy(self, embed: bool = False) -> None:
        """Put the editor's link (``embed``: its embed code) on the clipboard, and say
        whether it went there."""
        state = self.store.state
        if state.editor is None:
            return
        lang = state.look.lang
        url = (embed_code(self.base(), state.editor, lang, t(lang, "editor.embed_title")) if embed
               else link(self.base(), state.editor, lang))
        if url is None:
            return

        async def write() -> None:
            try:
                await self.browser.window.navigator.clipboard.writeText(url)
                key = "editor.copied_embed" if embed else "editor.copied"
            except (JsException, AttributeError):  # no clipboard here: the link is shown below
                key = "editor.copy_failed"
            self.store.update(editor_note=key)
            self.commands.redraw_sheet()

        asyncio.ensure_future(write())

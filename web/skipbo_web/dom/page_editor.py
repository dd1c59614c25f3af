"""The position editor's room: its sheet drawn from the state (with the links of the
page's own address), "Copy link" and "Copy embed code" (the clipboard; where there is
none, both stay shown to be copied by hand), "Save as file" and a position file opened.
The editor's table and its changes are the commands' (``commands.editor``) and the
state's (``state.editor``)."""

from __future__ import annotations

import asyncio
import json
from typing import TYPE_CHECKING, Any

from ..i18n import describe, t
from ..state import positions
from ..state.editor import embed_code, judge, link
from ..state.messages import Message
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
        note = words(lang, state.editor_note)
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
            self.commands.editor_says(Message(key))

        asyncio.ensure_future(write())

    def save(self) -> None:
        """Offer the editor's table as a position file (format ``skipbo-position``)."""
        editor = self.store.state.editor
        if editor is None or judge(editor).game is None:
            return
        self.browser.save_file(json.dumps(editor.position(), indent=1), "skipbo-position.json")
        self.commands.editor_says(Message("editor.saved"))

    def change(self, target: Any) -> None:
        """A position file chosen in the editor: read, then opened (or its problem said)."""
        files = target.files
        if files is not None and files.length:
            asyncio.ensure_future(self.open_file(files.item(0)))

    async def open_file(self, file: Any) -> None:
        if file.size > positions.MAX_BYTES:
            self.commands.editor_says(Message("position.too_big", {"kb": positions.MAX_BYTES // 1000}))
            return
        try:
            text = await file.text()
        except JsException:
            self.commands.editor_says(Message("position.not_json"))
            return
        self.commands.open_editor_text(str(text))


def words(lang: str, note: Message | None) -> str:
    """``note`` in ``lang`` (an argument that is itself a message in words too)."""
    if note is None:
        return ""
    args = {k: describe(lang, v.key, dict(v.args)) if isinstance(v, Message) else v for k, v in note.args.items()}
    return t(lang, note.key, **args)

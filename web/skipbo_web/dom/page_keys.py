"""The keyboard: the table's keys (docs/PLAYING.md "Keys") and the replay viewer's, arrow
keys between piles by where they sit on screen, and where focus goes after a pick.

Keys become commands (skipbo_web.commands); what the page is doing is read from its state.
A sheet other than the replay viewer handles its own keys (Esc closes it).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ..views.replay_view import KEYS
from .page_dom import attr

if TYPE_CHECKING:
    from ..commands import Commands
    from ..state.store import Store
    from .page_dom import Browser

TYPING = ("INPUT", "SELECT", "TEXTAREA")
REPLAY_STEPS = {"first": "start", "last": "end"}  # the viewer's key names that the command spells otherwise


class Keyboard:
    """Keys on the page. ``choose(el, keyboard)`` picks or plays the pile or card ``el``
    (as a click on it would)."""

    def __init__(self, store: Store, commands: Commands, browser: Browser, root: Any,
                 choose: Callable[[Any, bool], None]) -> None:
        self.store = store
        self.commands = commands
        self.browser = browser
        self.root = root
        self.choose = choose

    def on_key(self, event: Any) -> None:
        state = self.store.state
        commands = self.commands
        key = event.key
        tag = str(event.target.tagName or "")
        if event.ctrlKey or event.metaKey or event.altKey or tag in TYPING:
            return
        if state.covered:  # the game is open in another tab: only the cover's button
            if key == "Tab":
                self.keep_in_dialog(event)
            return
        if state.sheet == "replay":
            self.replay_key(event)
            return
        if state.sheet is not None:
            return  # the dialog handles its own keys (Esc closes it)
        if key == "Tab":
            self.keep_in_dialog(event)
            return
        if key == "?":
            event.preventDefault()
            commands.open_sheet("help")
            return
        if key in ("n", "N") and commands.open_setup():  # (an embedded table has no new-game screen)
            event.preventDefault()
            return
        if key == "Escape":
            commands.close_menu()
            if state.ctrl.game.is_over and not state.look.result_hidden:  # Esc closes the result's sheet too
                commands.show_result(False)
                self.focus(".show-result")  # the button that opens it again
            commands.cancel_pick()
            return
        if key.startswith("Arrow"):
            event.preventDefault()
            self.move_focus(key)
            return
        if key in ("h", "H", "u", "U", "r", "R"):
            event.preventDefault()
            {"h": commands.hint, "u": commands.undo, "r": commands.read_table}[key.lower()]()
            return
        me = f'[data-seat="{state.ctrl.viewer}"]'
        code = str(event.code or "")
        if event.shiftKey and code.startswith("Digit") and code[5:] in ("1", "2", "3", "4"):
            event.preventDefault()
            self.focus(f'{me} [data-slot="D{code[5:]}"]')
            return
        if key in ("s", "S"):
            self.focus(f'{me} [data-slot="S"]')
            self.pick_focused()
        elif key in ("b", "B"):
            self.focus('[data-slot="B1"]')
        elif key in ("1", "2", "3", "4", "5"):
            self.focus(f'[data-key="H{int(key) - 1}"]')
            self.pick_focused()

    def replay_key(self, event: Any) -> None:
        """The viewer's keys: arrows step, Page Up/Down by turn, Home/End, P (or Space) plays."""
        if self.store.state.replay is None:
            return
        key = str(event.key)
        action = KEYS.get(key)
        if key == " " and str(event.target.tagName or "") != "BUTTON":
            action = "play"
        if action is None:
            return
        event.preventDefault()
        if action == "play":
            self.commands.toggle_replay()
        else:
            self.commands.step(REPLAY_STEPS.get(action, action))

    def focus(self, selector: str) -> bool:
        """Focus the first element of the table matching ``selector``."""
        return self.browser.focus_first(selector, self.root)

    def pick_focused(self) -> None:
        """Pick up the card in focus (as a keyboard Enter would), unless it is already picked."""
        el = self.browser.active()
        if el is None or attr(el, "data-slot") is None or attr(el, "data-selected") == "1":
            return
        self.choose(el, True)

    def after_pick(self) -> None:
        """A card was picked by keyboard: focus goes to a building pile where it may go.
        When none fits, it stays on the card (Enter puts it back): a discard pile, which
        ends the turn, is only ever chosen on purpose (Shift+1 to Shift+4)."""
        self.focus('[data-legal="1"][data-slot^="B"]')

    def keep_in_dialog(self, event: Any) -> None:
        """Tab and Shift+Tab go round inside the game-over sheet or the hot-seat curtain
        while one is shown (both are modal dialogs inside the table)."""
        box = self.browser.query(".result, .curtain", self.root)
        if box is None:
            return
        items = list(box.querySelectorAll("button, a[href], input, select, [tabindex]:not([tabindex='-1'])"))
        if not items:
            return
        active = self.browser.active()
        at = next((k for k, el in enumerate(items) if active is not None and el.isSameNode(active)), None)
        back = bool(event.shiftKey)
        if at is None or (back and at == 0) or (not back and at == len(items) - 1):
            event.preventDefault()
            items[-1 if back else 0].focus()

    def move_focus(self, key: str) -> None:
        """Arrow keys: left/right through the piles in reading order, up/down to the row
        above or below (the pile nearest in x)."""
        items = list(self.root.querySelectorAll("[data-key]"))
        if not items:
            return
        active = self.browser.active()
        try:
            i = next(k for k, el in enumerate(items) if el.isSameNode(active))
        except StopIteration:
            items[0].focus()
            return
        if key in ("ArrowLeft", "ArrowRight"):
            j = (i + (1 if key == "ArrowRight" else -1)) % len(items)
            items[j].focus()
            return
        rects = [el.getBoundingClientRect() for el in items]
        here = rects[i]

        def middle(r: Any) -> float:  # of its top card: a discard pile's fan may run far below
            return r.top + min(r.height, r.width * 1.4) / 2

        cy, cx = middle(here), here.left + here.width / 2
        down = key == "ArrowDown"

        if down:
            candidates = [k for k, r in enumerate(rects) if middle(r) > cy + 4]
        else:
            candidates = [k for k, r in enumerate(rects) if middle(r) < cy - 4]
        if not candidates:
            return
        target_y = (min if down else max)(middle(rects[k]) for k in candidates)
        row = [k for k in candidates if abs(middle(rects[k]) - target_y) < 12]
        best = min(row, key=lambda k: abs(rects[k].left + rects[k].width / 2 - cx))
        items[best].focus()

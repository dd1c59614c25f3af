"""Sound on the page: the tones of ``sounds.SOUNDS`` played with WebAudio, and a short
vibration on phones when it is your turn.

Nothing sounds before the player's first tap, click or key (browsers' autoplay rules): the
AudioContext is made in that first event. A browser without WebAudio (or one that refuses
it) stays silent without an error. The last sound played is noted on ``<html
data-sound-played="name">`` with a count in ``data-sounds`` (a hook for tests).

An effect of the page's store: a move's sounds once the table shows it (``SHOWN``), a
refused move's (``REFUSED``), and the switch followed when the look changes.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..state.sounds import SOUNDS, VIBRATE_TURN, move_sounds
from ..state.store import REFUSED, SHOWN
from .page_dom import JsException

if TYPE_CHECKING:
    from ..state.store import Store
    from .page_dom import Browser


class Sound:
    def __init__(self, store: Store, browser: Browser) -> None:
        self.store = store
        self.browser = browser
        self.ctx: Any = None
        self.unlocked = False   # the player has interacted with the page
        self.missing = False    # no WebAudio here
        self.played = 0

    def on_change(self, what: frozenset[str]) -> None:
        """The store's listener: sounds for what happened on the table."""
        state = self.store.state
        if SHOWN in what and state.moved is not None:
            self.play(move_sounds(state.ctrl, state.moved.entry))
        if REFUSED in what and state.table.message.key.startswith("illegal."):
            self.play(["illegal"])
        if "look" in what:
            self.follow_switch()

    def unlock(self, event: Any = None) -> None:
        """The first tap, click or key: from now on sounds may play."""
        if not self.unlocked:
            self.unlocked = True
            if self.store.state.look.sound:
                self._context()

    def _context(self) -> Any:
        if self.ctx is None and not self.missing:
            window = self.browser.window
            make = getattr(window, "AudioContext", None) or getattr(window, "webkitAudioContext", None)
            try:
                self.ctx = make.new() if make is not None else None
            except JsException:
                self.ctx = None
            self.missing = self.ctx is None
        if self.ctx is not None and self.ctx.state == "suspended":
            self.ctx.resume()
        return self.ctx

    def play(self, names: list[str]) -> None:
        if not names or not self.store.state.look.sound or not self.unlocked:
            return
        ctx = self._context()
        for name in names:
            if name == "turn":
                self.vibrate(VIBRATE_TURN)
            if ctx is None:
                continue
            try:
                self._tones(ctx, name)
            except JsException:  # a browser that refuses a node: silence, never an error
                continue
            self.played += 1
            root = self.browser.document.documentElement
            root.dataset.soundPlayed = name
            root.dataset.sounds = str(self.played)

    def _tones(self, ctx: Any, name: str) -> None:
        now = ctx.currentTime + 0.01
        for tone in SOUNDS[name]:
            osc, gain = ctx.createOscillator(), ctx.createGain()
            osc.type = tone.wave
            start, end = now + tone.start, now + tone.start + tone.length
            osc.frequency.setValueAtTime(tone.hz, start)
            if tone.end_hz is not None:
                osc.frequency.exponentialRampToValueAtTime(tone.end_hz, end)
            gain.gain.setValueAtTime(0.0001, start)
            gain.gain.exponentialRampToValueAtTime(tone.gain, start + 0.012)
            gain.gain.exponentialRampToValueAtTime(0.0001, end)
            osc.connect(gain)
            gain.connect(ctx.destination)
            osc.start(start)
            osc.stop(end + 0.02)

    def vibrate(self, pattern: list[int]) -> None:
        """A short buzz on phones (never before the first tap, never with sound off)."""
        navigator = self.browser.window.navigator
        if self.store.state.look.sound and self.unlocked and getattr(navigator, "vibrate", None) is not None:
            try:
                navigator.vibrate(self.browser.js_object(pattern))
            except JsException:
                pass

    def follow_switch(self) -> None:
        """The bar's switch was used (or the look changed): sound off, or on again."""
        sound = self.store.state.look.sound
        if not sound and self.ctx is not None:
            self.ctx.suspend()
        elif sound and self.unlocked:
            self._context()

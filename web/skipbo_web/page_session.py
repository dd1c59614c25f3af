"""The game session: which game is on the table, the settings, language and speed it is
shown with, the notices above it, and what is kept of them in ``localStorage``.

At start-up it picks the game (the address's options, else the saved game, else a new
deal with the new-game screen) exactly as docs/EMBEDDING.md "URL options" and docs/PLAYING.md "Saved games" say.
"""

from __future__ import annotations

import json
import random
from typing import Any

from . import positions
from .controller import BadSave, Controller, Message
from .embed import storage_keys
from .i18n import LANGUAGES, pick_language
from .page_dom import Browser, JsException, js
from .prefs import pref_keys, stored_sound, stored_theme
from .settings import Settings, parse_url, query_options, wants_embed
from .table import Look


def new_seed() -> int:
    return random.SystemRandom().randrange(1, 2**31)


class Store:
    """``localStorage`` as JSON, surviving browsers that refuse storage."""

    def __init__(self, window: Any) -> None:
        self.ok = True
        try:
            self.ls = window.localStorage
            self.ls.getItem("skipbo.probe")
        except (JsException, AttributeError):
            self.ok = False

    def text(self, key: str) -> str | None:
        """The stored text as it is; ``None`` when absent."""
        if not self.ok:
            return None
        try:
            return js(self.ls.getItem(key))
        except JsException:
            return None

    def get(self, key: str) -> Any:
        """The stored value; ``None`` when absent; raises ``BadSave`` when not JSON."""
        text = self.text(key)
        if text is None:
            return None
        try:
            return json.loads(text)
        except ValueError:
            raise BadSave(f"{key} is not JSON") from None

    def set(self, key: str, value: Any) -> str | None:
        """Store ``value``; the text written (None when the browser refused)."""
        if not self.ok:
            return None
        text = json.dumps(value, separators=(",", ":"))
        try:
            self.ls.setItem(key, text)
        except JsException:
            self.ok = False
            return None
        return text


class Session:
    """The game on the table (``ctrl``) and how it is shown (``look``, ``speed``)."""

    def __init__(self, browser: Browser) -> None:
        window = browser.window
        self.store = Store(window)
        self.notices: list[Message] = []
        self.given, too_long = query_options(str(window.location.search or ""))
        if too_long:
            self.notices.append(Message("notice.url_too_long"))
        # Embed mode keeps its game apart from the visitor's own and ignores their settings.
        self.embed = wants_embed(self.given)
        self.keys = storage_keys(self.embed)
        self.pref_keys = pref_keys(self.embed)
        try:
            stored = self.store.get(self.keys.settings) if self.keys.settings else None
        except BadSave:
            stored = None
        self.settings, _ = Settings.from_dict(stored, LANGUAGES) if stored is not None else (Settings(), [])
        url = parse_url(self.given, self.settings, LANGUAGES)
        self.record_url = self.given.get("record")  # ?record=<address>: opened in the replay viewer
        # host=<origin>: the only page that may send commands (None: the parent, whatever its origin)
        self.host_origin = url.host
        if url.bad:
            self.notices.append(Message("notice.bad_url", {"names": ", ".join(url.bad)}))
        lang = url.lang or self.settings.lang or pick_language(
            [*window.navigator.languages] or [window.navigator.language or ""])
        self.speed = url.speed if url.speed is not None else self.settings.speed
        self.open_setup = False  # the new-game screen opens at start-up (a first visit)
        self.seen: str | None = None  # the saved game as this tab last read or wrote it
        saved = self.load_saved()
        # ?position=<address> is fetched once the page is up (page_positions); ?pos= is read now
        self.position_url = self.given.get("position")
        placed = self.url_position(url.settings or self.settings, saved)
        if placed is not None:
            self.ctrl = placed
        elif url.settings is not None:
            if saved is not None and saved.origin == url.origin and url.seed is not None:
                self.ctrl = saved  # the same address again: resume that game
            else:
                self.ctrl = Controller.start(url.settings, url.seed if url.seed is not None else new_seed(),
                                             origin=url.origin)
        elif saved is not None:
            self.ctrl = saved
        else:
            self.ctrl = Controller.start(self.settings, new_seed())
            self.open_setup = (not self.notices or self.notices[-1].key != "notice.bad_save") and \
                self.position_url is None
        self.url_game = url.settings is not None or placed is not None
        self.dealt_now = self.ctrl is not saved  # a new deal, not in storage yet
        if not self.store.ok:
            self.notices.append(Message("notice.no_storage"))
        self.look = Look(lang, url.faces if url.faces is not None else self.ctrl.settings.faces,
                         theme=url.theme or self.stored(self.pref_keys.theme, stored_theme),
                         sound=url.sound if url.sound is not None else
                         self.stored(self.pref_keys.sound, lambda v: stored_sound(v, self.embed)))

    def url_position(self, settings: Settings, saved: Controller | None) -> Controller | None:
        """The game of ``?pos=<compact form>`` (or of ``?position=``, when the saved game is
        that one: reloading the same address resumes it); None when there is none, or
        when it is bad (a notice names the problem)."""
        compact, address = self.given.get("pos"), self.position_url
        origin = f"pos={compact}" if compact is not None else f"position={address}" if address is not None else None
        if origin is None:
            return None
        if compact is not None:
            self.position_url = None  # pos= and position= together: the one in the address itself
        if saved is not None and saved.origin == origin:
            self.position_url = None  # nothing to fetch: the game of that address goes on
            return saved
        if compact is None:
            return None
        try:
            return Controller.from_position(positions.read_compact(compact), settings, origin)
        except positions.PositionProblem as err:
            self.notices.append(err.message)
            return None

    @property
    def lang(self) -> str:
        return self.look.lang

    def stored(self, key: str, read: Any) -> Any:
        """A preference read from storage by ``read`` (a damaged value reads as absent)."""
        try:
            return read(self.store.get(key))
        except BadSave:
            return read(None)

    def set_sound(self, on: bool) -> None:
        """The bar's sound switch: kept for the next visit."""
        self.look.sound = on
        self.store.set(self.pref_keys.sound, on)

    def set_theme(self, choice: str) -> None:
        """The switch chose the table's colours: kept for the next visit."""
        self.look.theme = choice
        self.store.set(self.pref_keys.theme, choice)

    def load_saved(self) -> Controller | None:
        self.seen = self.store.text(self.keys.current)
        try:
            record = self.store.get(self.keys.current)
            if record is None:
                return None
            return Controller.resume(record, self.store.get(self.keys.match), self.settings)
        except BadSave:
            self.notices.append(Message("notice.bad_save"))
            return None

    def save(self) -> bool:
        """Keep the game on the table. A save never overwrites a newer one: when the
        stored game is not the one this tab last read or wrote (another tab saved since),
        nothing is written and the answer is False. Embedded tables share one store, as
        a lesson may hold several: each simply saves its own game."""
        if not self.embed and self.store.text(self.keys.current) != self.seen:
            return False
        self.seen = self.store.set(self.keys.current, self.ctrl.record())
        self.store.set(self.keys.match, self.ctrl.match_data())
        return True

    def save_settings(self) -> None:
        if self.keys.settings:  # embed mode never writes the visitor's settings
            self.store.set(self.keys.settings, self.settings.to_dict())

    def remember(self, **changes: Any) -> None:
        """Change the settings (language, speed...) and keep them."""
        self.settings = Settings(**{**self.settings.__dict__, **changes})
        self.save_settings()

    def set_language(self, lang: str) -> None:
        self.look.lang = lang
        self.remember(lang=lang)

    def set_speed(self, speed: int) -> None:
        self.speed = speed
        self.remember(speed=speed)

    def deal(self, settings: Settings | None = None) -> Controller:
        """A new game with ``settings`` (default: the session's)."""
        return Controller.start(settings or self.settings, new_seed())

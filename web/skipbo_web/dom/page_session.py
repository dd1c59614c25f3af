"""The game session: which game is on the table, the settings, language and speed it is
shown with, the notices above it, and what is kept of them in ``localStorage``.

At start-up it picks the game (the address's options, else the saved game, else a new
deal with the new-game screen) exactly as docs/EMBEDDING.md "URL options" and docs/PLAYING.md "Saved games" say.
"""

from __future__ import annotations

from typing import Any

from ..i18n import LANGUAGES, pick_language
from ..state import positions
from ..state.address import parse_url, query_options, wants_embed
from ..state.controller import BadMatch, BadSave, Controller, new_seed, newer_save
from ..state.links import ASK, ask, asks
from ..state.look import Look
from ..state.messages import Message
from ..state.prefs import stored_sound, stored_theme
from ..state.saves import ASIDE_PREFIX, pref_keys, storage_keys
from ..state.settings import VERSION as SETTINGS_VERSION
from ..state.settings import Settings
from ..state.store import PageState, Store
from .page_apart import keeps_apart
from .page_dom import Browser
from .page_storage import Storage, aside_key

__all__ = ["Session", "Storage", "aside_key"]
NOT_SAVED, SAVED_AGAIN = "notice.not_saved", "notice.saved_again"  # the storage refused a write; it took one again


class Session:
    """The page's state as start-up finds it, in the page's one ``store`` (the game on the
    table, how it is shown, the notices), the settings, and what is kept of them in
    ``localStorage``."""

    def __init__(self, browser: Browser) -> None:
        window = browser.window
        self.storage = Storage(window)
        notices: list[Message] = []  # the start's notices: the page's state takes them over below
        self.given, too_long = query_options(str(window.location.search or ""))
        if too_long:
            notices.append(Message("notice.url_too_long"))
        # Embed mode, and any page in a frame, keeps its game apart from the visitor's own
        # and ignores their settings (page_apart says why).
        self.embed = wants_embed(self.given)
        self.apart = keeps_apart(window, self.given)
        self.keys = storage_keys(self.apart)
        self.pref_keys = pref_keys(self.apart)
        self.aside: list[str] = []  # the keys whose damaged values this start set aside (one notice)
        self.told_stuck: set[str] = set()  # damaged values left in place for want of room, once named
        self.unsaved: set[str] = set()  # the keys the storage notice last said were not saved
        self.keep_newer = False  # the saved game is a newer version's: kept, never saved over
        stored = self.read(self.keys.settings) if self.keys.settings else None
        self.settings, bad = Settings.from_dict(stored, LANGUAGES) if stored is not None else (Settings(), [])
        # a newer version's settings: the defaults are used, and the stored ones never written over
        self.newer_settings = isinstance(stored, dict) and type(stored.get("version")) is int and \
            stored["version"] > SETTINGS_VERSION
        if bad and not self.newer_settings:
            self.put_aside(self.keys.settings)
            self.save_settings()  # what it could read (not when the damaged value is stuck)
        url = parse_url(self.given, self.settings, LANGUAGES)
        self.record_url = self.given.get("record")  # ?record=<address>: opened in the replay viewer
        # host=<origin>: the only page that may send commands (None: the parent, whatever its origin)
        self.host_origin = url.host
        self.relays = url.relays or ()  # relay=: the brokers of room codes (none: room.mjs's defaults)
        self.ice = [dict(server) for server in url.ice]  # ice=: STUN and TURN servers (none by default)
        if url.ignored:  # wrong game options: no new game, whatever is saved goes on
            notices.append(Message("notice.url_ignored", {"names": ", ".join(url.ignored)}))
        if set(url.bad) - set(url.ignored):
            others = [name for name in url.bad if name not in url.ignored]
            notices.append(Message("notice.bad_url", {"names": ", ".join(others)}))
        lang = url.lang or self.settings.lang or pick_language(
            [*window.navigator.languages] or [window.navigator.language or ""])
        speed = url.speed if url.speed is not None else self.settings.speed
        self.open_setup = False  # the new-game screen opens at start-up (a first visit)
        self.seen: str | None = None  # the saved game as this tab last read or wrote it
        self.waiting: Controller | None = None  # the address's game, until the player says to start it
        saved = self.load_saved(notices)
        # ?position=<address> is fetched once the page is up (page_positions); ?pos= is read now,
        # but with ?edit=1 it is the editor's table (opened by App), not a game
        self.edit = self.given.get("edit") == "1" and not self.embed
        self.position_url = self.given.get("position")
        placed = None if self.edit else self.url_position(url.settings or self.settings, saved, notices)
        if placed is not None:
            ctrl = placed
        elif url.settings is not None and not self.edit:  # (with edit=1, names= and ai= are the editor's)
            if saved is not None and saved.origin == url.origin and url.seed is not None:
                ctrl = saved  # the same address again: resume that game
            else:
                ctrl = Controller.start(url.settings, url.seed if url.seed is not None else new_seed(),
                                        origin=url.origin)
                if asks(saved, self.embed):  # the address's game waits for a yes (App.act "url-game")
                    self.waiting, ctrl = ctrl, saved
                    notices[:] = ask(notices)
        elif saved is not None:
            ctrl = saved
        else:
            ctrl = Controller.start(self.settings, new_seed())
            self.open_setup = not self.lost_save and not self.keep_newer and self.position_url is None \
                and not self.edit
        self.url_game = (url.settings is not None and self.waiting is None and not self.edit) or placed is not None
        self.dealt_now = ctrl is not saved  # a new deal, not in storage yet
        if not self.storage.ok:  # the game on the table is not saved (a value kept stuck: report() says)
            notices.append(Message("notice.no_storage"))
        look = Look(lang, url.faces if url.faces is not None else ctrl.settings.faces,
                    theme=url.theme or stored_theme(self.read(self.pref_keys.theme)),
                    sound=url.sound if url.sound is not None else
                    stored_sound(self.read(self.pref_keys.sound), self.embed),
                    touch=browser.matches_media("(pointer: coarse)"))
        self.store = Store(PageState(ctrl=ctrl, table=ctrl.opening, look=look, speed=speed, notices=tuple(notices)))

    def url_position(self, settings: Settings, saved: Controller | None,
                     notices: list[Message]) -> Controller | None:
        """The game of ``?pos=<compact form>`` (or of ``?position=``, when the saved game is
        that one: reloading the same address resumes it); None when there is none, or
        when it is bad (a notice names the problem). When it would replace the saved game
        in progress, that one stays on the table and the address's waits for a yes."""
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
            ctrl = Controller.from_position(positions.read_compact(compact), settings, origin)
        except positions.PositionProblem as err:
            notices.append(err.message)
            return None
        if asks(saved, self.embed):
            self.waiting = ctrl
            notices[:] = ask(notices)
            return saved
        return ctrl

    def read(self, key: str) -> Any:
        """The stored value of ``key``; ``None`` when absent or damaged (a damaged value
        is set aside, kept as it was, and named in the start's one notice)."""
        try:
            return self.storage.get(key)
        except BadSave:
            self.put_aside(key)
            return None

    def put_aside(self, key: str) -> None:
        if self.storage.set_aside(key) and key not in self.aside:
            self.aside.append(key)

    def report(self) -> None:
        """The one notice of what start-up set aside (the next start finds it gone: it
        is never reported twice), one for damaged values that had no room to be set
        aside, and from now on, at once, each write the browser refuses."""
        if self.aside:
            self.store.add_notice(Message("notice.set_aside", {"names": ", ".join(self.aside),
                                                               "where": ASIDE_PREFIX + "…"}))
            self.aside = []
        self.tell_stuck()
        self.storage.listener = self.storage_notice
        if self.storage.failed:
            self.storage_notice()

    def tell_stuck(self) -> None:
        """Name the damaged values that stay in place, unwritten, for want of room to set
        them aside (each once)."""
        new = sorted(self.storage.stuck - self.told_stuck)
        if new:
            self.told_stuck.update(new)
            self.store.add_notice(Message("notice.stuck", {"names": ", ".join(new)}))

    def storage_notice(self) -> None:
        """The browser refused a write (storage full) or took one again: the notice says
        which keys are not saved, at once, and that all is saved once they are again. A
        dismissed notice comes back when another key fails."""
        failed = sorted(self.storage.failed)
        notices = list(self.store.state.notices)
        at = next((i for i, n in enumerate(notices) if n.key in (NOT_SAVED, SAVED_AGAIN)), None)
        grew, had = bool(set(failed) - self.unsaved), bool(self.unsaved)
        self.unsaved = set(failed)
        if failed:
            msg = Message(NOT_SAVED, {"names": ", ".join(failed)})
        elif had:
            msg = Message(SAVED_AGAIN)
        else:
            return
        if at is not None:
            notices[at] = msg
        elif grew or not failed:
            notices.append(msg)
        self.store.update(notices=tuple(notices))

    def set_sound(self, on: bool) -> None:
        """The bar's sound switch: kept for the next visit."""
        self.store.update_look(sound=on)
        self.storage.set(self.pref_keys.sound, on)

    def set_theme(self, choice: str) -> None:
        """The switch chose the table's colours: kept for the next visit."""
        self.store.update_look(theme=choice)
        self.storage.set(self.pref_keys.theme, choice)

    def load_saved(self, notices: list[Message] | None = None) -> Controller | None:
        """The saved game. A damaged record is set aside with its match (the match means
        nothing without its game); a damaged match is set aside alone, and the game goes
        on as a single game; a newer version's save is kept and never saved over."""
        keys = self.keys
        self.lost_save = False  # a saved game could not be resumed (no new-game screen then)
        record = self.read(keys.current)
        if newer_save(record):
            self.keep_newer = True
            if notices is None:
                self.store.add_notice(Message("notice.newer_save"))
            else:
                notices.append(Message("notice.newer_save"))
            return None
        ctrl = None
        if record is not None:
            match = self.read(keys.match)
            try:
                try:
                    ctrl = Controller.resume(record, match, self.settings)
                except BadMatch:
                    self.put_aside(keys.match)
                    ctrl = Controller.resume(record, None, self.settings)
            except (BadSave, ValueError, TypeError, LookupError, AttributeError, RecursionError):
                self.put_aside(keys.current)
        if ctrl is None and (keys.current in self.aside or keys.current in self.storage.stuck):
            self.lost_save = True
        if ctrl is None and self.storage.text(keys.match) is not None:
            self.put_aside(keys.match)  # kept beside its game (or alone), not overwritten by the next
        self.seen = self.storage.text(keys.current)
        return ctrl

    def save(self) -> bool:
        """Keep the game on the table. A save never overwrites a newer one: when the
        stored game is not the one this tab last read or wrote (another tab saved since),
        nothing is written and the answer is False. Embedded tables share one store, as
        a lesson may hold several: each simply saves its own game."""
        if self.keep_newer or self.keys.current in self.storage.stuck:  # kept: this tab plays on without saving over it
            return True
        if not self.apart and self.storage.text(self.keys.current) != self.seen:
            return False
        text = self.storage.set(self.keys.current, self.store.state.ctrl.record())
        # None: refused (storage full). What is stored stays what this tab last wrote (so the
        # next save is not taken for another tab's); the notice says so; the next save tries again.
        if text is not None:
            self.seen = text
            self.storage.set(self.keys.match, self.store.state.ctrl.match_data())
        return True

    def save_settings(self) -> None:
        if self.keys.settings and not self.newer_settings:  # embed mode never writes the visitor's settings
            self.storage.set(self.keys.settings, self.settings.to_dict())

    def remember(self, **changes: Any) -> None:
        """Change the settings (language, speed...) and keep them."""
        self.settings = Settings(**{**self.settings.__dict__, **changes})
        self.save_settings()

    def set_language(self, lang: str) -> None:
        self.store.update_look(lang=lang)
        self.remember(lang=lang)

    def set_speed(self, speed: int) -> None:
        self.store.update(speed=speed)
        self.remember(speed=speed)

    def take_waiting(self) -> Controller | None:
        """The address's game the player said yes to (None: none waits); its notice goes."""
        ctrl, self.waiting = self.waiting, None
        self.store.drop_notices(ASK)
        return ctrl

    def deal(self, settings: Settings | None = None) -> Controller:
        """A new game with ``settings`` (default: the session's)."""
        return Controller.start(settings or self.settings, new_seed())

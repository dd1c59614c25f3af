"""The page's entry point, run by PyScript in Pyodide: boot, storage, events, drawing,
and the computer's turns.

Events are bound once, on stable containers, and read the ``data-*`` attributes of
the element they hit, so redrawn elements need no binding. Computer players run on
the main thread one decision at a time; between decisions the page yields to the
browser (``asyncio.sleep``), so it never freezes.
"""

from __future__ import annotations

import asyncio
import gc
import json
import random

from pyscript import document, window

try:
    from pyodide.ffi import JsException, create_proxy, jsnull, to_js
except ImportError:  # older Pyodide
    from pyodide.ffi import JsException, create_proxy, to_js
    jsnull = None

from skipbo_web.announce import move_sentences, table_sentences
from skipbo_web.coach import controller_for, pile_selector, render_coach, render_entry, step_text
from skipbo_web.controller import BadSave, Controller, MatchState, Message
from skipbo_web.embed import Reporter, render_embed_bar, storage_keys
from skipbo_web.i18n import LANGUAGES, pick_language, t
from skipbo_web.meta import installed_version
from skipbo_web.practice import hint_for, hint_message, hint_selectors, render_assist, undo
from skipbo_web.replay import MAX_BYTES, RecordProblem, Replay, autoplay_delay_ms, parse_record
from skipbo_web.replay_view import KEYS as REPLAY_KEYS
from skipbo_web.replay_view import board_html, default_viewer, position_text, render_replay
from skipbo_web.settings import SPEED_DELAY_MS, Settings, parse_url, query_options, wants_embed
from skipbo_web.share import record_filename, render_records, share_link, tutorial_link
from skipbo_web.table import (
    Look,
    card_html,
    render_bar,
    render_foot,
    render_help,
    render_notices,
    render_setup,
    render_table,
    root_attributes,
)
from skipbo_web.tutorial import KEY_TUTORIAL, KEY_TUTORIAL_EMBED, STEP_COUNT, Tutorial, is_active, url_choice

from skipbo_core.ai import think_for

ENGINE_VERSION = installed_version("skipbo_core")  # from the wheel unpacked in Pyodide
KEY_SETTINGS, KEY_MATCH, KEY_CURRENT = "skipbo.settings", "skipbo.match", "skipbo.current"
DRAG_START_PX = 8
FIT_FLOOR = 0.5  # embed mode shrinks cards to half their size at most
AI_SLICE_S = 0.03  # the computer thinks in slices of about this long, then yields
SOURCE_SLOTS = ("S", "H", "D1", "D2", "D3", "D4")
LIVE_KEEP = 12  # sentences kept in the screen readers' live region


def _js(value):
    """A JS value, or None for JS null/undefined."""
    return None if value is None or value is jsnull else value


def _attr(el, name: str) -> str | None:
    value = el.getAttribute(name) if el is not None else None
    return value if isinstance(value, str) else None


def _new_seed() -> int:
    return random.SystemRandom().randrange(1, 2**31)


class Store:
    """``localStorage`` as JSON, surviving browsers that refuse storage."""

    def __init__(self) -> None:
        self.ok = True
        try:
            self.ls = window.localStorage
            self.ls.getItem("skipbo.probe")
        except (JsException, AttributeError):
            self.ok = False

    def get(self, key: str):
        """The stored value; ``None`` when absent; raises ``BadSave`` when not JSON."""
        if not self.ok:
            return None
        try:
            text = _js(self.ls.getItem(key))
        except JsException:
            return None
        if text is None:
            return None
        try:
            return json.loads(text)
        except ValueError:
            raise BadSave(f"{key} is not JSON") from None

    def set(self, key: str, value) -> None:
        if not self.ok:
            return
        try:
            self.ls.setItem(key, json.dumps(value, separators=(",", ":")))
        except JsException:
            self.ok = False


class Page:
    """The DOM side: owns the controller, the look, the storage and the computer's turns."""

    def __init__(self) -> None:
        self.store = Store()
        self.notices: list[Message] = []
        self.app = document.getElementById("app")
        self.bar = document.getElementById("bar")
        self.root = document.getElementById("table")
        self.foot = document.getElementById("foot")
        self.notice_box = document.getElementById("notices")
        self.sheet = document.getElementById("sheet")
        self.sheet_kind: str | None = None
        self.chrome: tuple[str, str, str] | None = None
        self.result_focused = False
        self.setup_errors: list[str] = []
        self.draft: Settings | None = None
        self.drag: dict | None = None
        self.suppress_click = False  # the click that ends a drag gesture is not a pick
        self.generation = 0
        self.ai_task = None
        self.ai_running = False
        self.tutorial: Tutorial | None = None   # the tutorial, while it is shown
        self.normal: Controller | None = None   # the game the tutorial sets aside
        self.normal_unsaved = self.normal_setup = False  # see enter_tutorial
        self.tutorial_key = KEY_TUTORIAL
        self.coach_html: str | None = None
        self.reduced_motion = bool(window.matchMedia("(prefers-reduced-motion: reduce)").matches)
        self.assist = document.getElementById("assist")   # Hint, Undo, Read the table
        self.live = document.getElementById("announce")   # moves in words, for screen readers
        self.hinted = None  # (moves played when the hint was asked, the hint)
        self.replay: Replay | None = None   # the record open in the replay viewer
        self.replay_viewer = 0
        self.replay_token = 0               # autoplay runs while it matches
        self.blob_url: str | None = None    # the last downloaded record

        given, too_long = query_options(str(window.location.search or ""))
        if too_long:
            self.notices.append(Message("notice.url_too_long"))
        # Embed mode keeps its game apart from the visitor's own and ignores their settings.
        self.embed = wants_embed(given)
        self.keys = storage_keys(self.embed)
        self.reporter = Reporter()
        self.fit, self.fit_game = 1.0, None  # embed mode: the cards' scale, and the game it was fitted for
        try:
            stored = self.store.get(self.keys.settings) if self.keys.settings else None
        except BadSave:
            stored = None
        self.settings, _ = Settings.from_dict(stored, LANGUAGES) if stored is not None else (Settings(), [])
        url = parse_url(given, self.settings, LANGUAGES)
        self.record_url = given.get("record")  # ?record=<address>: opened in the replay viewer
        if url.bad:
            self.notices.append(Message("notice.bad_url", {"names": ", ".join(url.bad)}))
        self.lang = url.lang or self.settings.lang or pick_language(
            [*window.navigator.languages] or [window.navigator.language or ""])
        self.speed = url.speed if url.speed is not None else self.settings.speed
        open_setup = False
        saved = self._load_saved()
        if url.settings is not None:
            if saved is not None and saved.match.origin == url.origin and url.seed is not None:
                self.ctrl = saved  # the same address again: resume that game
            else:
                self.ctrl = Controller.start(url.settings, url.seed if url.seed is not None else _new_seed(),
                                             MatchState(url.settings.target if url.settings.match else None,
                                                        origin=url.origin))
        elif saved is not None:
            self.ctrl = saved
        else:
            self.ctrl = Controller.start(self.settings, _new_seed())
            open_setup = not self.notices or self.notices[-1].key != "notice.bad_save"
        if url.faces is not None:
            self.settings_faces = url.faces
        else:
            self.settings_faces = self.ctrl.settings.faces
        if not self.store.ok:
            self.notices.append(Message("notice.no_storage"))
        self.look = Look(self.lang, self.settings_faces)
        if self.tutorial_on_load(given, url.settings is not None, self.ctrl is not saved):
            open_setup = False
        self.save()
        self.render()
        if open_setup:
            self.open_sheet("setup")

    # -- storage ------------------------------------------------------------------------------

    def _load_saved(self) -> Controller | None:
        try:
            record = self.store.get(self.keys.current)
            if record is None:
                return None
            return Controller.resume(record, self.store.get(self.keys.match), self.settings)
        except BadSave:
            self.notices.append(Message("notice.bad_save"))
            return None

    def save(self) -> None:
        if self.tutorial is not None:  # the tutorial never writes the normal game's save
            self.save_tutorial()
            return
        self.store.set(self.keys.current, self.ctrl.record())
        self.store.set(self.keys.match, self.ctrl.match.to_dict())

    def save_settings(self) -> None:
        if self.keys.settings:  # embed mode never writes the visitor's settings
            self.store.set(self.keys.settings, self.settings.to_dict())

    # -- drawing ------------------------------------------------------------------------------

    def render(self) -> None:
        """Redraw the bar, the notices and the table; focus stays on the same pile."""
        document.documentElement.lang = self.lang
        active = _js(document.activeElement)
        key = _attr(active, "data-key") if active is not None and self.root.contains(active) else None
        chrome = (render_embed_bar(self.look, self.speed) if self.embed else render_bar(self.look, self.speed),
                  "" if self.embed else render_foot(self.lang, ENGINE_VERSION),
                  render_notices(self.notices, self.lang))
        if chrome != self.chrome:  # the bar only changes with the language or the speed
            self.chrome = chrome
            self.bar.innerHTML, self.foot.innerHTML, self.notice_box.innerHTML = chrome
        self.root.innerHTML = render_table(self.ctrl, self.look)
        for name, value in root_attributes(self.ctrl).items():
            if value is None:
                self.root.removeAttribute(name)
            else:
                self.root.setAttribute(name, value)
        self.root.removeAttribute("aria-busy")
        self.render_assist()
        self.render_coach()
        if key is not None:
            self.focus_key(key)
        if self.ctrl.game.is_over and not self.look.result_hidden and not self.result_focused:
            self.result_focused = True  # keyboard users land on "next game" / "play again"
            self.focus_first_of(".result .primary")
        if self.ctrl.curtain and self.sheet_kind is None:
            button = _js(self.root.querySelector('[data-action="reveal"]'))
            if button is not None:
                button.focus()
        self.fit_frame()
        self.tell_parent(self.reporter.updates(self.ctrl, self.look, self.notices))

    # -- the parent page, when the game runs in a frame (skipbo_web.embed) --------------------

    def fit_frame(self, fresh: bool = False) -> None:
        """Embed mode: shrink the cards (the CSS variable ``--fit``) until the page needs no
        scrollbar. A resized frame or another game starts again from full size; each
        redraw first tries them a little larger, so they grow back when there is room."""
        if not self.embed:
            return
        doc = document.documentElement
        if fresh or self.fit_game is not self.ctrl.game:
            self.fit, self.fit_game = 1.0, self.ctrl.game
        elif self.fit < 1:  # try a little larger again: the table may have shrunk since
            self.fit = min(1.0, self.fit * 1.08)
        doc.style.setProperty("--fit", f"{self.fit:.3f}")
        for _ in range(12):  # each step reads the layout once
            high, room = doc.scrollHeight, doc.clientHeight
            if high <= room or self.fit <= FIT_FLOOR:
                return
            # the cards are a good half of the height: shrink them by more than the overflow
            self.fit = max(FIT_FLOOR, self.fit * max(0.8, min(0.97, 1 - 1.6 * (high - room) / high)))
            doc.style.setProperty("--fit", f"{self.fit:.3f}")

    def tell_parent(self, events: list[dict]) -> None:
        """Post ``events`` to the page around this one, if any. They hold only public
        facts, so any origin may read them."""
        if not events or window.parent == window:
            return
        for item in events:
            window.parent.postMessage(window.JSON.parse(json.dumps(item)), "*")

    def tell_ready(self) -> None:
        self.tell_parent(self.reporter.ready(self.ctrl, self.look, self.notices))

    def focus_key(self, key: str) -> None:
        el = _js(self.root.querySelector(f'[data-key="{key}"]'))
        if el is None and key.startswith("H") and key[1:].isdigit():
            cards = self.root.querySelectorAll('[data-key^="H"]')
            el = _js(cards.item(min(int(key[1:]), cards.length - 1))) if cards.length else None
        if el is not None:
            el.focus()

    def open_sheet(self, kind: str) -> None:
        self.sheet_kind = kind
        self.sheet.classList.toggle("wide", kind == "replay")
        if kind == "setup":
            settings = self.draft or self.settings
            html = render_setup(settings, self.lang, self.setup_errors, intro=self.tutorial_entry())
        elif kind in ("records", "replay"):
            html = self.records_sheet(kind)
        else:
            html = render_help(self.lang, self.embed)
        self.sheet.innerHTML = html
        self.sheet.setAttribute("aria-labelledby", "sheet-title")
        if not self.sheet.open:
            self.sheet.showModal()

    def close_sheet(self) -> None:
        self.sheet_kind = None
        self.draft = None
        self.setup_errors = []
        if self.sheet.open:
            self.sheet.close()
        self.sheet.innerHTML = ""

    # -- games ------------------------------------------------------------------------------

    def use(self, ctrl: Controller) -> None:
        """Switch to another game (stops the computer's turns of the previous one)."""
        self.generation += 1
        if self.tutorial is not None:  # another game starts: the tutorial waits, to be resumed
            self.close_tutorial()
        self.ctrl = ctrl
        self.look.result_hidden = False
        self.result_focused = False
        self.save()
        self.render()
        self.kick_ai()

    def start_from_setup(self, form: dict) -> None:
        settings, bad = self.settings.with_form(form)
        lang = form.get("lang")
        if lang in LANGUAGES:
            self.lang = self.look.lang = lang
        if bad:
            self.draft, self.setup_errors = settings, bad
            self.open_sheet("setup")
            return
        self.settings = Settings(**{**settings.__dict__, "lang": self.lang, "speed": self.speed})
        self.look.faces = self.settings.faces
        self.save_settings()
        self.close_sheet()
        self.use(Controller.start(self.settings, _new_seed()))

    # -- the tutorial (skipbo_web.tutorial, skipbo_web.coach) -------------------------------------

    def load_tutorial(self) -> tuple[Tutorial | None, bool]:
        """The saved tutorial (None: none saved) and whether it was left open. A damaged
        save gives a notice and a tutorial from its first step."""
        try:
            data = self.store.get(self.tutorial_key)
        except BadSave:
            data = False
        if data is None:
            return None, False
        try:
            return Tutorial.from_dict(data), is_active(data)
        except BadSave:
            self.notices.append(Message("notice.tutorial_bad_save"))
            tutorial = Tutorial()
            self.store.set(self.tutorial_key, tutorial.to_dict(active=is_active(data)))
            return tutorial, is_active(data)

    def tutorial_on_load(self, given: dict, url_game: bool, unsaved: bool) -> bool:
        """Show the tutorial at once for ``?tutorial=1`` (a finished one starts again), or
        when it was left open at the last visit and the address asks for no game.
        ``unsaved``: the game on the table is not in storage yet (a new deal)."""
        # an embedded tutorial, like an embedded game, keeps apart from the visitor's own
        self.tutorial_key = KEY_TUTORIAL_EMBED if wants_embed(given) else KEY_TUTORIAL
        wanted, bad = url_choice(given)
        if bad:
            self.notices.append(Message("notice.bad_url", {"names": "tutorial"}))
        tutorial, active = self.load_tutorial()
        if wanted and (tutorial is None or tutorial.finished):
            tutorial = Tutorial()
        if tutorial is None or not (wanted or active and not url_game and not tutorial.finished):
            return False  # a finished tutorial opens again only when asked for
        # On a first visit, leaving shows the new-game screen (as the page would have).
        self.enter_tutorial(tutorial, unsaved, unsaved and not url_game)
        return True

    def enter_tutorial(self, tutorial: Tutorial, unsaved: bool = False, setup: bool = False) -> None:
        """Show ``tutorial``; the game on the table waits (its save is not touched).
        ``unsaved``: that game is a new deal not saved yet; ``setup``: leaving opens the
        new-game screen."""
        self.generation += 1  # the set-aside game's computer player stops
        if self.tutorial is None:
            self.normal, self.normal_unsaved, self.normal_setup = self.ctrl, unsaved, setup
        self.tutorial = tutorial
        self.ctrl = controller_for(tutorial, self.settings)
        self.look.result_hidden = tutorial.game.is_over
        self.result_focused = False

    def save_tutorial(self, active: bool = True) -> None:
        """Follow the script past what was just played, then save the tutorial's progress."""
        tutorial = self.tutorial
        tutorial.sync()
        if tutorial.game.is_over:
            self.look.result_hidden = True  # the coach box says it; the score stays one click away
        self.store.set(self.tutorial_key, tutorial.to_dict(active=active))

    def close_tutorial(self) -> None:
        """Leave the tutorial where it is (saved, to be resumed) and drop ``tutorial`` from
        the address, so that a reload shows the normal game."""
        self.save_tutorial(active=False)
        self.tutorial = None
        self.normal = None
        params = window.URLSearchParams.new(window.location.search)
        if params.has("tutorial"):
            params.delete("tutorial")
            query = params.toString()
            window.history.replaceState(jsnull, "", window.location.pathname + (f"?{query}" if query else ""))

    def leave_tutorial(self, open_setup: bool = False) -> None:
        """Back to the game that was set aside, or to the new-game screen on a first visit."""
        normal = self.normal
        self.close_tutorial()
        if normal is None or self.normal_unsaved:
            self.use(normal if normal is not None else Controller.start(self.settings, _new_seed()))
            open_setup = open_setup or self.normal_setup
        else:  # not saved again: the normal game's save stays exactly as it was
            self.generation += 1
            self.ctrl = normal
            self.look.result_hidden = False
            self.result_focused = False
            self.render()
            self.kick_ai()
        if open_setup:
            self.open_sheet("setup")

    def tutorial_action(self, action: str) -> None:
        """The coach box's and the new-game screen's tutorial buttons."""
        if action == "tutorial-leave":
            self.leave_tutorial()
            return
        if action == "tutorial-new":
            self.leave_tutorial(open_setup=True)
            return
        if self.sheet_kind is not None:
            self.close_sheet()
        if action in ("tutorial-start", "tutorial-restart"):
            self.enter_tutorial(Tutorial())
        elif action == "tutorial-resume" and self.tutorial is None:
            tutorial, _ = self.load_tutorial()
            self.enter_tutorial(tutorial or Tutorial())
        elif action == "tutorial-next" and self.tutorial is not None:
            self.tutorial.next()
        self.save()
        self.render()
        self.focus_coach()
        self.kick_ai()  # a tutorial left during the computer's turn goes on with it

    def focus_coach(self) -> None:
        """After Next: focus the next Next button, or the card the step asks for."""
        button = _js(self.coach.querySelector('[data-action="tutorial-next"]'))
        if button is not None:
            button.focus()
        else:
            self.focus_first_of('[data-coach="from"]')

    @property
    def coach(self):
        return document.getElementById("coach")

    def render_coach(self) -> None:
        """The coach box, and the piles the current step lights up."""
        box = self.coach
        if self.tutorial is None:
            if self.coach_html is not None:
                box.hidden = True
                box.querySelector(".coach-box").innerHTML = ""
                box.querySelector(".coach-live").textContent = ""
                self.coach_html = None
            return
        html = render_coach(self.tutorial, self.lang, self.look.faces)
        if html != self.coach_html:
            box.querySelector(".coach-box").innerHTML = html
            box.hidden = False
            self.coach_html = html
            # the live region stays in place, so screen readers hear each new step
            box.querySelector(".coach-live").textContent = step_text(self.tutorial, self.lang, self.look.faces)
        for pile, role in self.tutorial.marks():
            el = _js(self.root.querySelector(pile_selector(pile)))
            if el is not None:
                el.setAttribute("data-coach", role)

    def tutorial_entry(self) -> str:
        """The tutorial's buttons on the new-game screen (none in embed mode)."""
        if self.tutorial_key == KEY_TUTORIAL_EMBED:
            return ""
        tutorial = self.tutorial
        if tutorial is None:
            try:
                data = self.store.get(self.tutorial_key)
            except BadSave:
                data = None
            step = data.get("step") if isinstance(data, dict) else None
            saved = step if type(step) is int and 0 < step < STEP_COUNT - 1 else None
        else:
            saved = tutorial.step if not tutorial.finished else None
        return render_entry(self.lang, saved, STEP_COUNT)

    # -- events -------------------------------------------------------------------------------

    def on_click(self, event) -> None:
        if self.suppress_click:
            self.suppress_click = False
            return
        el = _js(event.target.closest("[data-action], [data-slot], [data-lang]"))
        if el is None:
            return
        if _attr(el, "data-action") == "speed" or el.tagName == "SELECT":
            return
        lang, action, slot = (_attr(el, a) for a in ("data-lang", "data-action", "data-slot"))
        keyboard = event.detail == 0
        if lang in LANGUAGES:
            self.set_language(lang)
        elif action:
            self.act(action, el)
        elif slot and self.sheet_kind is None:
            self.click_slot(el, keyboard)

    def click_slot(self, el, keyboard: bool) -> None:
        """A pile or hand card was clicked (or tapped, or chosen with Enter)."""
        area = _js(el.closest("[data-seat]"))
        seat = _attr(area, "data-seat")
        played = self.ctrl.click(_attr(el, "data-slot"), int(seat) if seat else None, _attr(el, "data-card"),
                                 _attr(el, "data-top"))
        self.after_human(played, keyboard)

    def set_language(self, lang: str) -> None:
        self.lang = self.look.lang = lang
        self.settings = Settings(**{**self.settings.__dict__, "lang": lang})
        self.save_settings()
        self.render()
        if self.sheet_kind is not None:
            if self.sheet_kind == "setup":
                self.draft = self.read_form()[0] if self.sheet_kind == "setup" else None
            self.open_sheet(self.sheet_kind)

    def act(self, action: str, el) -> None:
        ctrl = self.ctrl
        if action.startswith("tutorial-"):
            self.tutorial_action(action)
            return
        if action == "new":
            if not self.embed:  # an embedded table has no new-game screen
                self.open_sheet("setup")
        elif action == "help":
            self.open_sheet("help")
        elif action == "close":
            self.close_sheet()
        elif action == "start":
            return  # the form's submit event does it
        elif action == "reveal":
            ctrl.reveal()
            self.render()
            self.focus_first_of('.me [data-playable="1"], .me [data-slot="H"]')
        elif action == "end":
            self.after_human(ctrl.play("end"), False)
        elif action == "next-game":
            self.use(ctrl.next_game(_new_seed()))
        elif action == "new-match":
            settings = ctrl.settings_for_replay()
            self.use(Controller.start(settings, _new_seed()))
        elif action == "play-again":
            self.use(Controller.start(ctrl.settings_for_replay(), _new_seed()))
        elif action == "hide-result":
            self.look.result_hidden = True
            self.render()
        elif action == "show-result":
            self.look.result_hidden = False
            self.render()
        elif action.startswith(("record", "replay", "share")):
            self.records_action(action, el)
        elif action == "hint":
            self.show_hint()
        elif action == "undo":
            self.take_back()
        elif action == "read-table":
            self.read_table()
        elif action == "dismiss":
            index = int(_attr(el, "data-index") or 0)
            if 0 <= index < len(self.notices):
                del self.notices[index]
            self.render()

    def after_human(self, played: bool, keyboard: bool) -> None:
        if played:
            self.save()
            self.say(move_sentences(self.ctrl, self.look, self.ctrl.log[-1]))
        self.render()
        if keyboard and self.ctrl.selected is not None and not played:
            self.focus_first_of('[data-legal="1"][data-slot^="B"], [data-legal="1"]')
        self.kick_ai()

    def focus_first_of(self, selector: str) -> None:
        el = _js(self.root.querySelector(selector))
        if el is not None:
            el.focus()

    def read_form(self) -> tuple[Settings, list[str]]:
        form = _js(document.getElementById("setup"))
        if form is None:
            return self.settings, []
        data = window.FormData.new(form)
        values = {}
        for pair in data.entries():
            values[str(pair[0])] = str(pair[1])
        return self.settings.with_form(values)

    def on_submit(self, event) -> None:
        event.preventDefault()
        form = _js(document.getElementById("setup"))
        if form is None:
            return
        data = window.FormData.new(form)
        values = {str(p[0]): str(p[1]) for p in data.entries()}
        self.start_from_setup(values)

    def on_change(self, event) -> None:
        target = event.target
        name = _attr(target, "name")
        if name in ("record-file", "replay-step", "replay-turn", "replay-seat"):
            self.records_change(name, target)
            return
        if name == "speed" and _js(target.closest("#bar")) is not None:
            value = int(target.value)
            self.speed = value
            self.settings = Settings(**{**self.settings.__dict__, "speed": value})
            self.save_settings()
            return
        if self.sheet_kind == "setup" and name in ("players", "wild_cards", "lang"):
            self.draft, _ = self.read_form()
            if name == "lang" and target.value in LANGUAGES:
                self.lang = self.look.lang = target.value
                self.render()
            focus = name
            self.open_sheet("setup")
            el = _js(self.sheet.querySelector(f'[name="{focus}"]'))
            if el is not None:
                el.focus()

    def on_sheet_close(self, event) -> None:
        self.end_replay()
        self.sheet_kind = None
        self.draft = None
        self.setup_errors = []

    def on_key(self, event) -> None:
        key = event.key
        tag = str(event.target.tagName or "")
        if event.ctrlKey or event.metaKey or event.altKey or tag in ("INPUT", "SELECT", "TEXTAREA"):
            return
        if self.sheet_kind == "replay":
            self.replay_key(event)
            return
        if self.sheet_kind is not None:
            return  # the dialog handles its own keys (Esc closes it)
        if key == "?":
            event.preventDefault()
            self.open_sheet("help")
            return
        if key in ("n", "N") and not self.embed:
            event.preventDefault()
            self.open_sheet("setup")
            return
        if key == "Escape":
            if self.ctrl.selected is not None:
                self.ctrl.cancel()
                self.render()
            return
        if key.startswith("Arrow"):
            event.preventDefault()
            self.move_focus(key)
            return
        if key in ("h", "H", "u", "U", "r", "R"):
            event.preventDefault()
            {"h": self.show_hint, "u": self.take_back, "r": self.read_table}[key.lower()]()
            return
        me = f'[data-seat="{self.ctrl.viewer}"]'
        code = str(event.code or "")
        if event.shiftKey and code.startswith("Digit") and code[5:] in ("1", "2", "3", "4"):
            event.preventDefault()
            self.focus_first_of(f'{me} [data-slot="D{code[5:]}"]')
            return
        if key in ("s", "S"):
            self.focus_first_of(f'{me} [data-slot="S"]')
            self.pick_focused()
        elif key in ("b", "B"):
            self.focus_first_of('[data-slot="B1"]')
        elif key in ("1", "2", "3", "4", "5"):
            self.focus_first_of(f'[data-key="H{int(key) - 1}"]')
            self.pick_focused()

    def pick_focused(self) -> None:
        """Pick up the card in focus (as a keyboard Enter would), unless it is already picked."""
        el = _js(document.activeElement)
        if el is None or _attr(el, "data-slot") is None or _attr(el, "data-selected") == "1":
            return
        self.click_slot(el, True)

    def move_focus(self, key: str) -> None:
        """Arrow keys: left/right through the piles in reading order, up/down to the row
        above or below (the pile nearest in x)."""
        items = list(self.root.querySelectorAll("[data-key]"))
        if not items:
            return
        active = _js(document.activeElement)
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
        cy, cx = here.top + here.height / 2, here.left + here.width / 2
        down = key == "ArrowDown"

        def middle(r) -> float:
            return r.top + r.height / 2

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

    # -- hints, undo and the screen reader (skipbo_web.practice, skipbo_web.announce) --------

    def render_assist(self) -> None:
        """Redraw the Hint/Undo/Read buttons (keeping focus on them) and light up the
        hinted move's piles while no move has been played since the hint."""
        if self.assist is None:
            return
        active = _js(document.activeElement)
        action = _attr(active, "data-action") if active is not None and self.assist.contains(active) else None
        self.assist.setAttribute("aria-label", t(self.lang, "assist.label"))
        self.assist.innerHTML = render_assist(self.ctrl, self.look, lesson=self.in_lesson)
        if action is not None:
            button = _js(self.assist.querySelector(f'[data-action="{action}"]'))
            if button is not None:
                button.focus()
        if self.hinted is None:
            return
        if self.hinted[0] != len(self.ctrl.game.moves) or not self.ctrl.my_turn:
            self.hinted = None
            return
        for selector in hint_selectors(self.ctrl, self.hinted[1].move):
            el = _js(self.root.querySelector(selector))
            if el is not None:
                el.setAttribute("data-hint", "1")

    @property
    def in_lesson(self) -> bool:
        """The tutorial is on: its coach teaches, so no hints and no undo."""
        return getattr(self, "tutorial", None) is not None

    def show_hint(self) -> None:
        """The hard computer player's move for the human to move, with its reason."""
        if self.in_lesson:
            return
        ctrl = self.ctrl
        found = hint_for(ctrl)
        if found is None:
            ctrl.message = Message("hint.not_now")
        else:
            ctrl.selected = None
            ctrl.message = hint_message(found)
            self.hinted = (len(ctrl.game.moves), found)
        self.render()

    def take_back(self) -> None:
        """Undo in a practice game; otherwise the message line says why not."""
        if self.in_lesson:
            return
        if undo(self.ctrl):
            self.save()
        self.render()

    def say(self, lines: list[str], fresh: bool = False) -> None:
        """Add sentences to the live region (``fresh``: in place of what it held)."""
        if self.live is None:
            return
        if fresh:
            self.live.innerHTML = ""
        for line in lines:
            p = document.createElement("p")
            p.textContent = line
            self.live.appendChild(p)
        while self.live.childElementCount > LIVE_KEEP:
            self.live.firstElementChild.remove()

    def read_table(self) -> None:
        self.say(table_sentences(self.ctrl, self.look), fresh=True)

    # -- drag and drop (mouse and touch, through pointer events) ------------------------------

    def on_pointerdown(self, event) -> None:
        self.suppress_click = False
        if event.button != 0 or self.sheet_kind is not None or not self.ctrl.my_turn:
            return
        el = _js(event.target.closest("[data-slot]"))
        if el is None or _attr(el, "data-slot") not in SOURCE_SLOTS or _attr(el, "data-top") == "":
            return
        self.drag = {"el": el, "id": event.pointerId, "x": event.clientX, "y": event.clientY,
                     "started": False, "ghost": None, "over": None}

    def on_pointermove(self, event) -> None:
        d = self.drag
        if d is None or event.pointerId != d["id"]:
            return
        dx, dy = event.clientX - d["x"], event.clientY - d["y"]
        if not d["started"]:
            if dx * dx + dy * dy < DRAG_START_PX * DRAG_START_PX:
                return
            if not self.start_drag(d):
                self.drag = None
                return
        event.preventDefault()
        ghost = d["ghost"]
        ghost.style.transform = f"translate({dx}px, {dy}px) rotate(3deg)"
        under = self.slot_at(event.clientX, event.clientY)
        same = (under is None and d["over"] is None) or (
            under is not None and d["over"] is not None and under.isSameNode(d["over"]))
        if not same:
            if d["over"] is not None:
                d["over"].removeAttribute("data-hover")
            if under is not None:
                under.setAttribute("data-hover", "1")
            d["over"] = under

    def start_drag(self, d: dict) -> bool:
        el = d["el"]
        area = _js(el.closest("[data-seat]"))
        seat = _attr(area, "data-seat")
        text = self.ctrl.notation(_attr(el, "data-slot"), int(seat) if seat else None, _attr(el, "data-card"))
        if text is None:
            self.render()
            return False
        if self.ctrl.selected != text:
            self.ctrl.click(_attr(el, "data-slot"), int(seat) if seat else None, _attr(el, "data-card"),
                            _attr(el, "data-top"))
        # mark the legal targets without redrawing (the pointer is on these elements)
        for node in self.root.querySelectorAll("[data-legal], [data-selected]"):
            node.removeAttribute("data-legal")
            node.removeAttribute("data-selected")
        el.setAttribute("data-selected", "1")
        legal = self.ctrl.legal_targets()
        me = f'[data-seat="{self.ctrl.viewer}"]'
        for target in legal:
            sel = f'[data-slot="{target}"]' if target.startswith("B") else f'{me} [data-slot="{target}"]'
            node = _js(self.root.querySelector(sel))
            if node is not None:
                node.setAttribute("data-legal", "1")
        cards = el.querySelectorAll(".card")
        card = cards.item(cards.length - 1)
        rect = card.getBoundingClientRect()
        ghost = card.cloneNode(True)
        ghost.classList.add("ghost")
        ghost.style.left = f"{rect.left}px"
        ghost.style.top = f"{rect.top}px"
        ghost.style.width = f"{rect.width}px"
        ghost.style.height = f"{rect.height}px"
        ghost.style.setProperty("--cw", f"{rect.width}px")
        document.body.appendChild(ghost)
        d["ghost"] = ghost
        d["started"] = True
        return True

    def slot_at(self, x: float, y: float):
        hit = _js(document.elementFromPoint(x, y))
        if hit is None:
            return None
        el = _js(hit.closest("[data-slot]"))
        return el if el is not None and self.root.contains(el) else None

    def on_pointerup(self, event) -> None:
        d = self.drag
        if d is None or event.pointerId != d["id"]:
            return
        self.drag = None
        if not d["started"]:
            if event.pointerType == "touch":
                # A tap. Handled here: after a drag that redrew the table under the finger,
                # browsers may not send a click for the next tap.
                self.suppress_click = True
                self.click_slot(d["el"], False)
            return
        self.suppress_click = True
        d["ghost"].remove()
        target = self.slot_at(event.clientX, event.clientY)
        if target is None or target.isSameNode(d["el"]):
            self.ctrl.cancel()
            self.render()
            return
        area = _js(target.closest("[data-seat]"))
        seat = _attr(area, "data-seat")
        played = self.ctrl.click(_attr(target, "data-slot"), int(seat) if seat else None,
                                 _attr(target, "data-card"), _attr(target, "data-top"))
        self.after_human(played, False)

    def on_pointercancel(self, event) -> None:
        d = self.drag
        if d is None or event.pointerId != d["id"]:
            return
        self.drag = None
        if d["started"]:
            d["ghost"].remove()
            self.ctrl.cancel()
            self.render()

    # -- records, replays and share links (skipbo_web.replay, .replay_view, .share) -----------

    def records_sheet(self, kind: str) -> str:
        """The HTML of the records sheet or of the replay viewer."""
        if kind == "replay" and self.replay is not None:
            return render_replay(self.replay, self.look, self.replay_viewer)
        base = f"{window.location.origin}{window.location.pathname}"
        link = (tutorial_link(base, self.lang, self.look.faces) if self.tutorial is not None
                else share_link(self.ctrl, base, self.lang, self.look.faces))
        return render_records(link, self.look)

    def records_action(self, action: str, el) -> None:
        replay = self.replay
        if action == "records":
            self.open_sheet("records")
        elif action == "record-download":
            self.download_record()
        elif action == "share-copy":
            asyncio.ensure_future(self.copy_link())
        elif replay is None:
            return
        elif action == "replay-close":
            self.end_replay()
            self.close_sheet()
        elif action == "replay-play":
            self.replay_play()
        elif action == "replay-play-on":
            self.play_on()
        else:
            step = {"replay-first": 0, "replay-back": replay.step - 1, "replay-forward": replay.step + 1,
                    "replay-last": replay.last}.get(action)
            if action == "replay-go":
                step = int(_attr(el, "data-step") or 0)
            if step is not None:
                self.replay_go(lambda: replay.go(step))

    def records_change(self, name: str, target) -> None:
        if name == "record-file":
            files = target.files
            if files is not None and files.length:
                asyncio.ensure_future(self.open_record_file(files.item(0)))
            return
        replay = self.replay
        value = str(target.value or "").strip()
        if replay is None or not value.isdigit():
            return
        if name == "replay-step":
            self.replay_go(lambda: replay.go(int(value)))
        elif name == "replay-seat":  # the seat at the bottom of the replay's table
            if int(value) < len(replay.players):
                self.replay_viewer = int(value)
                self.update_replay()
        else:
            self.replay_go(lambda: replay.go_turn(int(value)))

    def download_record(self) -> None:
        """Save the game's record (the same JSON as the save in localStorage) as a file."""
        text = json.dumps(self.ctrl.record(), separators=(",", ":"))
        name = record_filename(self.ctrl, str(window.Date.new().toISOString())[:10])
        options = to_js({"type": "application/json"}, dict_converter=window.Object.fromEntries)
        if self.blob_url is not None:
            window.URL.revokeObjectURL(self.blob_url)
        self.blob_url = window.URL.createObjectURL(window.Blob.new(to_js([text]), options))
        link = document.createElement("a")
        link.href = self.blob_url
        link.download = name
        link.hidden = True
        document.body.appendChild(link)
        link.click()
        link.remove()

    async def copy_link(self) -> None:
        field = _js(document.getElementById("share-url"))
        status = _js(self.sheet.querySelector(".share-status"))
        if field is None or status is None:
            return
        try:
            await window.navigator.clipboard.writeText(field.value)
            key = "records.copied"
        except (JsException, AttributeError):  # no clipboard here: the player copies it
            field.focus()
            field.select()
            key = "records.copy_failed"
        status.textContent = t(self.lang, key)
        status.setAttribute("data-status", key)

    async def open_record_file(self, file) -> None:
        if file.size > MAX_BYTES:
            self.record_problem(Message("record.too_big", {"kb": MAX_BYTES // 1000}))
            return
        try:
            text = await file.text()
        except JsException:
            self.record_problem(Message("record.not_json"))
            return
        self.open_record_text(str(text))

    async def open_record_url(self, value: str) -> None:
        """Fetch ``?record=<address>`` (relative to the page) and open it in the viewer."""
        try:
            url = window.URL.new(value, window.location.href)
        except JsException:
            url = None
        if url is None or url.protocol not in ("http:", "https:"):
            self.record_problem(Message("record.bad_url"))
            return
        try:
            response = await window.fetch(url.href)
            length = _js(response.headers.get("content-length"))
            if response.ok and length is not None and str(length).isdigit() and int(length) > MAX_BYTES:
                self.record_problem(Message("record.too_big", {"kb": MAX_BYTES // 1000}))
                return
            text = str(await response.text()) if response.ok else None
        except JsException:
            text = None
        if text is None:
            self.record_problem(Message("record.fetch_failed"))
            return
        self.open_record_text(text)

    def open_record_text(self, text: str) -> None:
        """Check a record and show it in the viewer; a bad one only gives a notice."""
        try:
            replay = Replay(parse_record(text))
        except RecordProblem as problem:
            self.record_problem(problem.message)
            return
        self.replay_token += 1
        self.replay = replay
        self.replay_viewer = default_viewer(replay)
        self.open_sheet("replay")
        button = _js(self.sheet.querySelector('[data-action="replay-forward"]'))
        if button is not None:
            button.focus()

    def record_problem(self, message: Message) -> None:
        """Name what is wrong with a record; the game and its save stay as they are."""
        if self.sheet_kind in ("records", "replay"):
            self.end_replay()
            self.close_sheet()
        self.notices.append(message)
        self.render()

    def end_replay(self) -> None:
        """Leave the viewer: the game that was running goes on, unchanged."""
        if self.replay is None:
            return
        self.replay = None
        self.replay_token += 1
        self.sheet.classList.remove("wide")
        self.kick_ai()

    def replay_go(self, move) -> None:
        """Move the viewer (``move`` changes the replay's step); pauses autoplay."""
        self.replay.playing = False
        self.replay_token += 1
        move()
        self.update_replay()

    def replay_play(self) -> None:
        replay = self.replay
        self.replay_token += 1
        if replay.toggle_play():
            asyncio.ensure_future(self.autoplay(self.replay_token))
        self.update_replay()

    async def autoplay(self, token: int) -> None:
        while token == self.replay_token and self.replay is not None and self.replay.playing:
            await asyncio.sleep(autoplay_delay_ms(self.speed) / 1000)
            if token != self.replay_token or self.replay is None or not self.replay.playing:
                break
            self.replay.forward()
            self.update_replay()

    def update_replay(self) -> None:
        """Redraw the board and the controls that show the step (focus stays where it is)."""
        replay = self.replay
        board = _js(document.getElementById("replay-board"))
        if replay is None or board is None:
            return
        board.innerHTML = board_html(replay, self.look, self.replay_viewer)
        document.getElementById("replay-pos").textContent = position_text(replay, self.lang)
        active = _js(document.activeElement)
        for name, value in (("replay-step", replay.step), ("replay-turn", replay.turn)):
            field = _js(self.sheet.querySelector(f'[name="{name}"]'))
            if field is not None and not (active is not None and field.isSameNode(active) and name == "replay-turn"):
                field.value = str(value)
        play_on = _js(self.sheet.querySelector('[data-action="replay-play-on"]'))
        if play_on is not None:
            play_on.hidden = not replay.can_play_on()
        play = _js(self.sheet.querySelector('[data-action="replay-play"]'))
        if play is not None:
            play.textContent = t(self.lang, "replay.pause" if replay.playing else "replay.play")
            play.setAttribute("aria-pressed", str(replay.playing).lower())
        moves = _js(document.getElementById("replay-moves"))
        if moves is None:
            return
        for el in moves.querySelectorAll("[aria-current]"):
            el.removeAttribute("aria-current")
        current = _js(moves.querySelector(f'li[data-index="{replay.step - 1}"]'))
        if current is not None:
            current.setAttribute("aria-current", "step")
            moves.scrollTop = current.offsetTop - moves.clientHeight / 2

    def replay_key(self, event) -> None:
        """The viewer's keys: arrows step, Page Up/Down by turn, Home/End, P (or Space) plays."""
        replay = self.replay
        if replay is None:
            return
        key = str(event.key)
        action = REPLAY_KEYS.get(key)
        if key == " " and str(event.target.tagName or "") != "BUTTON":
            action = "play"
        if action is None:
            return
        event.preventDefault()
        if action == "play":
            self.replay_play()
            return
        self.replay_go({"forward": replay.forward, "back": replay.back, "first": replay.first,
                        "last": replay.end, "next-turn": replay.next_turn,
                        "previous-turn": replay.previous_turn}[action])

    def play_on(self) -> None:
        """Make the position shown the page's game (it replaces the current one)."""
        replay = self.replay
        if replay is None or not replay.can_play_on():
            return
        game = replay.game_to_play_on()
        self.end_replay()
        self.close_sheet()
        self.use(Controller(game, self.settings, MatchState(None)))

    # -- the computer's turns -----------------------------------------------------------------

    def kick_ai(self) -> None:
        if self.ctrl.ai_to_move and not self.ai_running and self.replay is None:
            self.ai_running = True
            self.ai_task = asyncio.ensure_future(self.run_ai(self.generation))

    async def run_ai(self, generation: int) -> None:
        """Play the computer's moves one decision at a time, yielding to the browser
        between decisions (a pause of the chosen speed, and a short animation) and,
        while a decision takes long (``expert``), between slices of its thinking."""
        try:
            # an open replay pauses the game (it goes on when the replay closes)
            while generation == self.generation and self.ctrl.ai_to_move and self.replay is None:
                delay = SPEED_DELAY_MS.get(self.speed, 0)
                await asyncio.sleep(delay / 1000)
                for ghost in document.querySelectorAll(".fly"):
                    ghost.remove()
                if generation != self.generation or not self.ctrl.ai_to_move or self.replay is not None:
                    break
                seat = self.ctrl.game.current_seat
                start = self.source_rect(seat)
                thinking = self.ctrl.ai_think()
                move = think_for(thinking, AI_SLICE_S)
                while move is None and generation == self.generation:
                    await asyncio.sleep(0)  # let the browser paint and handle input
                    if generation == self.generation:
                        move = think_for(thinking, AI_SLICE_S)
                if move is None:
                    break  # another game was started meanwhile
                entry = self.ctrl.ai_move(move)
                self.say(move_sentences(self.ctrl, self.look, entry))
                await asyncio.sleep(0)  # the decision and the redraw are separate tasks
                if generation != self.generation:
                    break
                self.save()
                self.render()
                if delay and start is not None and not self.reduced_motion:
                    self.fly(entry, start, min(delay * 0.7, 450))
        finally:
            self.ai_running = False
        self.kick_ai()  # the game now shown may have been switched to while this one ran

    def source_rect(self, seat: int):
        """Where the computer's next card comes from: its stock, a discard pile or its hand."""
        area = _js(self.root.querySelector(f'[data-seat="{seat}"]'))
        if area is None:
            return None
        return area.getBoundingClientRect()

    def fly(self, entry, start, duration: float) -> None:
        """A card glides from the mover's area to the pile it went to."""
        move = entry.move  # a skipbo_core Move (the engine's log entry)
        if entry.card is None or move.is_end:
            return
        dst = move.target_slot
        sel = (f'[data-slot="{dst}"]' if move.is_build
               else f'[data-seat="{entry.seat}"] [data-slot="{dst}"]')
        target = _js(self.root.querySelector(sel))
        area = _js(self.root.querySelector(f'[data-seat="{entry.seat}"]'))
        if target is None or area is None:
            return
        from_el = area
        if not move.from_hand:
            slot = move.source_slot.removeprefix("P")  # the partner's piles are named like one's own
            owner = self.ctrl.partner(entry.seat) if move.from_partner else entry.seat
            found = _js(self.root.querySelector(f'[data-seat="{owner}"] [data-slot="{slot}"]'))
            from_el = found if found is not None else area
        a = from_el.getBoundingClientRect()
        b = target.getBoundingClientRect()
        holder = document.createElement("div")
        holder.innerHTML = card_html(self.look, entry.card, " fly")
        card = holder.firstChild
        width = min(b.width, 90)
        card.style.left = f"{b.left + (b.width - width) / 2}px"
        card.style.top = f"{b.top}px"
        card.style.setProperty("--cw", f"{width}px")
        document.body.appendChild(card)
        dx = (a.left + a.width / 2) - (b.left + b.width / 2)
        dy = (a.top + a.height / 2) - (b.top + b.height / 2)
        frames = to_js([{"transform": f"translate({dx}px, {dy}px) scale(0.8)", "opacity": 0.6},
                        {"transform": "translate(0, 0) scale(1)", "opacity": 1}],
                       dict_converter=window.Object.fromEntries)
        options = to_js({"duration": duration, "easing": "ease-out", "fill": "forwards"},
                        dict_converter=window.Object.fromEntries)
        card.animate(frames, options)


page = Page()


# Every listener is bound once, on containers that are never redrawn (with addEventListener:
# PyScript's `when` imports pyscript.web on first use, tens of ms of every start-up).
_bound = [(_element, _event, create_proxy(_handler)) for _element, _event, _handler in (
    (page.app, "click", page.on_click), (page.app, "change", page.on_change),
    (page.sheet, "submit", page.on_submit), (page.sheet, "close", page.on_sheet_close),
    (page.app, "pointerdown", page.on_pointerdown))]
for _element, _event, _proxy in _bound:
    _element.addEventListener(_event, _proxy)
_proxies = {name: create_proxy(handler) for name, handler in (
    ("pointermove", page.on_pointermove), ("pointerup", page.on_pointerup),
    ("pointercancel", page.on_pointercancel))}
for _name, _proxy in _proxies.items():
    window.addEventListener(_name, _proxy)
_proxies["keydown"] = create_proxy(page.on_key)
document.addEventListener("keydown", _proxies["keydown"])

if page.embed:  # a frame the host page resizes: fit the table again
    _proxies["resize"] = create_proxy(lambda _event: page.fit_frame(fresh=True))
    window.addEventListener("resize", _proxies["resize"])
page.root.setAttribute("data-ready", "1")
if page.record_url is not None:
    asyncio.ensure_future(page.open_record_url(page.record_url))
page.tell_ready()
# Everything made so far lives as long as the page: keep it out of the garbage collector's
# full passes, which would otherwise stall the page now and then for 100 ms and more.
gc.collect()
gc.freeze()
page.kick_ai()

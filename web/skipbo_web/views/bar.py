"""The chrome around the table, as element trees: the bar (title, new game, the computer's
speed, languages, colours, sound, help, records, statistics), the embedded table's speed and
language choice, the engine version below the table and the notices above it (no DOM access
here)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from ..i18n import LANGUAGES, describe, t
from ..state.look import Look
from ..state.messages import Message
from ..state.settings import SPEEDS
from .tree import El, h, props


def speed_and_languages(look: Look, speed: int) -> list[El]:
    """The computer's speed and the language buttons (the bar; the embedded table's menu)."""
    lang = look.lang
    langs = [h("button", props(type="button", data_lang=code, lang=code, aria_pressed=str(code == lang).lower()),
               # the code ("DE") shows where the bar is narrow; the name is always read out
               h("span", props(class_="lang-code"), t(code, "lang.code")), " ",
               h("span", props(class_="lang-name"), t(code, "lang.name"))) for code in LANGUAGES]
    speeds = [h("option", props(value=s, selected="" if s == speed else None), t(lang, f"speed.{s}"))
              for s in SPEEDS]
    return [h("label", props(class_="speed"), h("span", None, t(lang, "bar.speed")),
              h("select", props(data_action="speed", name="speed"), speeds)),
            h("nav", props(class_="langs", aria_label=t(lang, "bar.language")), langs)]


def _tool(cls: str, text: str, **attributes: str) -> El:
    return h("button", props(type="button", class_=f"tool {cls}", **attributes, title=text),
             h("span", props(class_="tool-icon", aria_hidden="true")), h("span", props(class_="tool-text"), text))


def theme_switch(look: Look) -> El:
    """The switch of the table's colours: auto (as the device) -> light -> dark."""
    text = t(look.lang, "bar.theme", name=t(look.lang, f"theme.{look.theme}"))
    return _tool("theme-tool", text, data_action="theme", data_theme_choice=look.theme)


def sound_switch(look: Look) -> El:
    """Sound on or off (a toggle button: pressed = on)."""
    return _tool("sound-tool", t(look.lang, "bar.sound"), data_action="sound", aria_pressed=str(look.sound).lower())


def bar_tree(look: Look, speed: int, menu_open: bool = False) -> El:
    """``#bar``: title, new game, then speed, languages, colours, sound, help, records,
    statistics and the position editor: in the bar's row where there is room, on a phone upright behind the More
    button (style.css shows ``#bar-more`` as the bar's row or as the menu's panel), open
    when ``menu_open``."""
    lang = look.lang
    more = t(lang, "bar.more")
    help_ = t(lang, "bar.help")
    records, stats, editor = t(lang, "bar.records"), t(lang, "bar.stats"), t(lang, "editor.title")
    return h("header", props(id="bar", data_menu="open" if menu_open else None),
             h("h1", None, t(lang, "title")),
             h("button", props(type="button", class_="tool", data_action="new", aria_keyshortcuts="N"),
               t(lang, "bar.new")),
             h("button", props(type="button", class_="tool more-tool", data_action="bar-menu",
                               aria_expanded=str(menu_open).lower(), aria_controls="bar-more", title=more),
               h("span", props(class_="menu-icon", aria_hidden="true")), h("span", props(class_="tool-text"), more)),
             h("div", props(class_="bar-more", id="bar-more"),
               speed_and_languages(look, speed), theme_switch(look), sound_switch(look),
               h("button", props(type="button", class_="tool help", data_action="help", aria_keyshortcuts="?",
                                 aria_label=help_, title=help_), "?"),
               h("button", props(type="button", class_="tool records-tool", data_action="records", title=records),
                 h("span", props(class_="records-icon", aria_hidden="true")),
                 h("span", props(class_="records-text"), records)),
               h("button", props(type="button", class_="tool stats-tool", data_action="stats", title=stats),
                 h("span", props(class_="stats-icon", aria_hidden="true")),
                 h("span", props(class_="stats-text"), stats)),
               h("button", props(type="button", class_="tool editor-tool", data_action="editor", title=editor),
                 h("span", props(class_="editor-icon", aria_hidden="true")),
                 h("span", props(class_="editor-text"), editor))))


def foot_tree(lang: str, version: str | None) -> El:
    """``#foot``: the engine's version, below the table (``None``: nothing, as embedded)."""
    if version is None:
        return h("footer", props(id="foot"))
    return h("footer", props(id="foot"),
             h("span", props(id="version", data_version=version), t(lang, "version", version=version)))


# notices that ask: their own button's action (its words: the key + "_yes"), and the words of "no"
NOTICE_ACTIONS = {"notice.url_replace": ("url-game", "notice.url_replace_no"),
                  "notice.aside_game": ("restore-aside", "notice.aside_game_no"),
                  **{key: ("aside", "notice.close") for key in (  # these show what is kept aside
                      "notice.set_aside", "notice.stuck", "notice.not_saved", "notice.bad_stats")}}


# notices that stay until the player answers or closes them: those that ask, and those of a
# problem the player must act on (nothing is saved); every other one only informs and goes
# by itself after a while (style.css: its animation; App.on_animationend: it is dismissed)
STAYING = frozenset({*NOTICE_ACTIONS, "notice.not_saved", "notice.newer_save", "notice.no_storage"})


def notices_tree(notices: Sequence[Message], lang: str) -> El:
    """``#notices``: notices in a banner over the top of the page (bad save, bad URL
    options, no storage); each one keyed, so that closing one leaves the others' elements
    (and the time they have been shown) alone."""
    out, seen = [], Counter[str]()
    for i, msg in enumerate(notices):
        # an argument may itself be a message (a record's illegal move says why in words)
        args = {k: describe(lang, v.key, dict(v.args)) if isinstance(v, Message) else v for k, v in msg.args.items()}
        action, close = NOTICE_ACTIONS.get(msg.key, (None, "notice.close"))
        yes = (h("button", props(type="button", class_="primary", data_action=action), t(lang, msg.key + "_yes"))
               if action else None)
        if close == "notice.close":  # a cross (style.css): a finger's size, its word read out
            no = h("button", props(type="button", class_="notice-close", data_action="dismiss", data_index=i,
                                   aria_label=t(lang, close), title=t(lang, close)))  # style.css draws it
        else:
            no = h("button", props(type="button", data_action="dismiss", data_index=i), t(lang, close))
        seen[msg.key] += 1
        out.append(h("div", props(class_="notice", role="alert", data_notice=msg.key,
                                  data_passing=None if msg.key in STAYING else "1"),
                     h("p", None, t(lang, msg.key, **args)), yes, no, key=f"{msg.key}#{seen[msg.key]}"))
    return h("div", props(id="notices"), out)

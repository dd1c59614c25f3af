"""The chrome around the table, as HTML strings: the bar (title, new game, the computer's
speed, languages, colours, sound, help, records, statistics), the embedded table's speed and language choice, the
engine version below the table and the notices above it (no DOM access here)."""

from __future__ import annotations

from html import escape

from .controller import Message
from .i18n import LANGUAGES, describe, t
from .settings import SPEEDS
from .table import Look, attrs


def speed_and_languages(look: Look, speed: int) -> str:
    """The computer's speed and the language buttons (the bar; the embedded table's menu)."""
    lang = look.lang
    langs = "".join(  # the code ("DE") shows where the bar is narrow; the name is always read out
        f'<button type="button"{attrs(data_lang=code, lang=code, aria_pressed=str(code == lang).lower())}>'
        f'<span class="lang-code">{escape(t(code, "lang.code"))}</span> '
        f'<span class="lang-name">{escape(t(code, "lang.name"))}</span></button>' for code in LANGUAGES)
    speeds = "".join(f'<option value="{s}"{" selected" if s == speed else ""}>'
                     f'{escape(t(lang, f"speed.{s}"))}</option>' for s in SPEEDS)
    return (f'<label class="speed"><span>{escape(t(lang, "bar.speed"))}</span>'
            f'<select data-action="speed" name="speed">{speeds}</select></label>'
            f'<nav class="langs" aria-label="{escape(t(lang, "bar.language"))}">{langs}</nav>')


def theme_switch(look: Look) -> str:
    """The switch of the table's colours: auto (as the device) -> light -> dark."""
    text = t(look.lang, "bar.theme", name=t(look.lang, f"theme.{look.theme}"))
    return (f'<button type="button" class="tool theme-tool"{attrs(data_action="theme", data_theme_choice=look.theme)}'
            f' title="{escape(text)}"><span class="tool-icon" aria-hidden="true"></span>'
            f'<span class="tool-text">{escape(text)}</span></button>')


def sound_switch(look: Look) -> str:
    """Sound on or off (a toggle button: pressed = on)."""
    text = t(look.lang, "bar.sound")
    return (f'<button type="button" class="tool sound-tool"'
            f'{attrs(data_action="sound", aria_pressed=str(look.sound).lower())} title="{escape(text)}">'
            f'<span class="tool-icon" aria-hidden="true"></span><span class="tool-text">{escape(text)}</span></button>')


def render_bar(look: Look, speed: int) -> str:
    """Title, new game, then speed, languages, colours, sound, help, records and statistics:
    in the bar's row where there is room, on a phone upright behind the More button
    (style.css shows ``#bar-more`` as the bar's row or as the menu's panel)."""
    lang = look.lang
    more = escape(t(lang, "bar.more"))
    return (f'<h1>{escape(t(lang, "title"))}</h1>'
            f'<button type="button" class="tool" data-action="new" aria-keyshortcuts="N">'
            f'{escape(t(lang, "bar.new"))}</button>'
            f'<button type="button" class="tool more-tool" data-action="bar-menu" aria-expanded="false"'
            f' aria-controls="bar-more" title="{more}"><span class="menu-icon" aria-hidden="true"></span>'
            f'<span class="tool-text">{more}</span></button>'
            f'<div class="bar-more" id="bar-more">'
            f'{speed_and_languages(look, speed)}{theme_switch(look)}{sound_switch(look)}'
            f'<button type="button" class="tool help" data-action="help" aria-keyshortcuts="?"'
            f' aria-label="{escape(t(lang, "bar.help"))}" title="{escape(t(lang, "bar.help"))}">?</button>'
            f'<button type="button" class="tool records-tool" data-action="records"'
            f' title="{escape(t(lang, "bar.records"))}">'
            f'<span class="records-icon" aria-hidden="true"></span><span class="records-text">'
            f'{escape(t(lang, "bar.records"))}</span></button>'
            f'<button type="button" class="tool stats-tool" data-action="stats"'
            f' title="{escape(t(lang, "bar.stats"))}">'
            f'<span class="stats-icon" aria-hidden="true"></span><span class="stats-text">'
            f'{escape(t(lang, "bar.stats"))}</span></button></div>')


def render_foot(lang: str, version: str) -> str:
    """The engine's version, below the table."""
    return f'<span id="version"{attrs(data_version=version)}>{escape(t(lang, "version", version=version))}</span>'


# notices that ask: their own button's action (its words: the key + "_yes"), and the words of "no"
NOTICE_ACTIONS = {"notice.url_replace": ("url-game", "notice.url_replace_no")}


def render_notices(notices: list[Message], lang: str) -> str:
    """Notices above the table (bad save, bad URL options, no storage)."""
    out = []
    for i, msg in enumerate(notices):
        # an argument may itself be a message (a record's illegal move says why in words)
        args = {k: describe(lang, v.key, dict(v.args)) if isinstance(v, Message) else v for k, v in msg.args.items()}
        action, close = NOTICE_ACTIONS.get(msg.key, (None, "notice.close"))
        yes = (f'<button type="button" class="primary" data-action="{action}">{escape(t(lang, msg.key + "_yes"))}'
               f'</button>' if action else "")
        out.append(f'<div class="notice" role="alert"{attrs(data_notice=msg.key)}><p>'
                   f'{escape(t(lang, msg.key, **args))}</p>{yes}'
                   f'<button type="button" data-action="dismiss" data-index="{i}">'
                   f'{escape(t(lang, close))}</button></div>')
    return "".join(out)

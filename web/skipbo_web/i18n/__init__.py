"""Every text a player reads, in English, German and Danish: the catalogue and how to use it.

``t(lang, key, **args)`` formats one entry. The entries are data, one file a language
(``en.json``, ``de.json``, ``da.json`` beside this module, with the same keys), each text
an ICU MessageFormat message (``messageformat``): a text that counts something says so,
``{count, plural, one {# card} other {# cards}}``, and English picks "a" or "an" by the
card face it stands before, ``{card, select, 8 {an} 11 {an} A {an} other {a}} {card}``.
A language's file is read the first time one of its texts is asked for. Engine error codes
map to ``illegal.<code>`` and game-end reasons to ``end.<reason>``. Arguments named ``card``
print as card faces and ``source`` (move notation such as ``"H5"``, ``"S"``, ``"PD2"``)
as words; ``faces="cards"`` draws playing-card names (A, J, Q, King) instead of numbers.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator, MutableMapping
from pathlib import Path
from typing import Any

from .messageformat import Message, format_message, parse

DEFAULT = "en"
# The languages of the page, in the order its menu lists them: each has FOLDER/<code>.json.
LANGUAGES: tuple[str, ...] = ("en", "de", "da")
FOLDER = Path(__file__).parent


class Catalogue(MutableMapping[str, dict[str, str]]):
    """The texts of every language, ``{lang: {key: message}}``; a language's file is read
    when it is first asked for (the page mostly needs one)."""

    def __init__(self, languages: Iterable[str]) -> None:
        self._known = list(languages)
        self._tables: dict[str, dict[str, str]] = {}

    def __getitem__(self, lang: str) -> dict[str, str]:
        if lang not in self._tables:
            if lang not in self._known:
                raise KeyError(lang)
            self._tables[lang] = json.loads((FOLDER / f"{lang}.json").read_text(encoding="utf-8"))
        return self._tables[lang]

    def __setitem__(self, lang: str, table: dict[str, str]) -> None:
        if lang not in self._known:
            self._known.append(lang)
        self._tables[lang] = table

    def __delitem__(self, lang: str) -> None:
        self._known.remove(lang)
        self._tables.pop(lang, None)

    def __iter__(self) -> Iterator[str]:
        return iter(list(self._known))

    def __len__(self) -> int:
        return len(self._known)

    def __contains__(self, lang: object) -> bool:
        return lang in self._known


CATALOGUE = Catalogue(LANGUAGES)
_PARSED: dict[str, Message] = {}  # message text -> its parts, parsed once


def message(text: str) -> Message:
    """The parsed form of a catalogue text (cached: the page formats the same ones often)."""
    parsed = _PARSED.get(text)
    if parsed is None:
        parsed = _PARSED[text] = parse(text)
    return parsed


def card_face(value: Any, faces: str = "skipbo", lang: str = DEFAULT) -> str:
    """What is printed on a card: ``"7"``, ``"Skip-Bo"``; with playing-card faces ``"A"``, ``"K"``."""
    if value in (0, "SB"):
        return t(lang, "face.wild") if faces == "cards" else t(lang, "card.SB")
    if faces == "cards" and str(value) in ("1", "11", "12"):
        return t(lang, f"face.{value}")
    return str(value)


def colour_of(value: int) -> str:
    """The classic colour of a card: ``blue`` 1-4, ``green`` 5-8, ``red`` 9-12, ``wild``."""
    return "wild" if value == 0 else ("blue", "green", "red")[(int(value) - 1) // 4]


def card_name(lang: str, value: Any, faces: str = "skipbo") -> str:
    """A card in words for screen readers: ``"7, blue"``, ``"Skip-Bo card (wild)"``, ``"Queen, red"``."""
    if value in (0, "SB"):
        return t(lang, "face_name.wild") if faces == "cards" else t(lang, "card.wild")
    n = int(value)
    face = t(lang, f"face_name.{n}") if faces == "cards" and n in (1, 11, 12) else str(n)
    return t(lang, "card.number", n=face, colour=t(lang, f"colour.{colour_of(n)}"))


def source_label(lang: str, source: str, faces: str = "skipbo") -> str:
    """A move's source in words: ``"H5"`` -> "Your 5", ``"PD2"`` -> "Your partner's discard pile 2"."""
    if source.startswith("H"):
        return t(lang, "src.H", card=source[1:], faces=faces)
    if source in ("S", "PS"):
        return t(lang, f"src.{source}")
    if source[:-1] in ("D", "PD") and source[-1:].isdigit():
        return t(lang, f"src.{source[:-1]}", n=source[-1])
    return source


def t(lang: str, key: str, faces: str = "skipbo", **args: Any) -> str:
    """The text for ``key`` in ``lang`` with ``args`` filled in.

    ``card`` prints as a card face and ``source`` in words; a counted text takes the
    form its count asks for (a missing argument raises ``KeyError`` naming it). Unknown
    keys raise ``KeyError``; a key missing in ``lang`` falls back to English, and so does
    an unknown language.
    """
    if lang not in CATALOGUE:
        lang = DEFAULT
    table = CATALOGUE[lang]
    try:
        entry = table[key] if key in table else CATALOGUE[DEFAULT][key]
    except KeyError:
        raise KeyError(f"no text for {key!r}") from None
    if "card" in args and args["card"] is not None:
        args["card"] = card_face(args["card"], faces, lang)
    if "source" in args:
        args["source"] = source_label(lang, str(args["source"]), faces)
    return format_message(message(entry), lang, args)


def describe(lang: str, key: str, args: dict[str, Any] | None = None, faces: str = "skipbo") -> str:
    """Like ``t``, but an engine code with no text of its own gets the generic sentence."""
    try:
        return t(lang, key, faces=faces, **(args or {}))
    except KeyError:
        if key.startswith("illegal."):
            return t(lang, "illegal")
        raise


def pick_language(preferred: Iterable[str]) -> str:
    """The first supported language among ``preferred`` (e.g. ``["de-AT", "en"]``)."""
    for tag in preferred:
        code = str(tag).split("-")[0].lower()
        if code in CATALOGUE:
            return code
    return DEFAULT

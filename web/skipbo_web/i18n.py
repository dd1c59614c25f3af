"""Every text a player reads, in English, German and Danish: the catalogue and how to use it.

``t(lang, key, **args)`` formats one entry (the entries live in ``catalogue_en``,
``catalogue_de`` and ``catalogue_da``, with the same keys). Engine error codes map to
``illegal.<code>`` and game-end reasons to ``end.<reason>``. Arguments named ``card``
print as card faces and ``source`` (move notation such as ``"H5"``, ``"S"``, ``"PD2"``)
as words; ``faces="cards"`` draws playing-card names (A, J, Q, King) instead of numbers.
An entry that counts something is a ``Plural``: its form follows the count ("1 card",
"2 cards"). English puts "an" before a number or letter spoken with a vowel ("an 8",
"an 11", "an A").
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

from .catalogue_da import DA
from .catalogue_de import DE
from .catalogue_en import EN
from .plural import Plural

DEFAULT = "en"
CATALOGUE: dict[str, dict[str, str | Plural]] = {"en": EN, "de": DE, "da": DA}
LANGUAGES: tuple[str, ...] = tuple(CATALOGUE)


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


def forms(entry: str | Plural) -> tuple[str, ...]:
    """Every form of a catalogue entry: the text, or a counted text's forms."""
    return entry.forms if isinstance(entry, Plural) else (entry,)


# "an" before a number said with a vowel (eight, eleven, eighteen, eighty...) or a letter
# said with one (A, E, F...); "a" before the others, so "a" + card face always agrees.
_A_BEFORE = re.compile(r"\b([Aa]) (?=(8\d*|11|18|11\d\d\d|18\d\d\d|[AEFHILMNORSX])\b)")


def english_articles(text: str) -> str:
    """``"needs a 8 - this is a 11"`` -> ``"needs an 8 - this is an 11"``."""
    return _A_BEFORE.sub(lambda m: m.group(1) + "n ", text)


def t(lang: str, key: str, faces: str = "skipbo", **args: Any) -> str:
    """The text for ``key`` in ``lang`` with ``args`` filled in.

    ``card`` prints as a card face and ``source`` in words; a counted text takes the
    form its count asks for. Unknown keys raise ``KeyError``; a key missing in ``lang``
    falls back to English.
    """
    table = CATALOGUE.get(lang, CATALOGUE[DEFAULT])
    try:
        entry = table[key] if key in table else CATALOGUE[DEFAULT][key]
    except KeyError:
        raise KeyError(f"no text for {key!r}") from None
    text = entry.pick(lang, args) if isinstance(entry, Plural) else entry
    if "card" in args and args["card"] is not None:
        args["card"] = card_face(args["card"], faces, lang)
    if "source" in args:
        args["source"] = source_label(lang, str(args["source"]), faces)
    text = text.format(**args)
    return english_articles(text) if lang == "en" or lang not in CATALOGUE else text


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

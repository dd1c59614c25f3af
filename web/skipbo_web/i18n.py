"""Every user-facing string of the page, in English, German and Danish.

``t(lang, key, **args)`` formats one entry; a language that lacks a key falls back
to English. Engine error codes map to keys ``illegal.<code>``.
"""

from __future__ import annotations

from typing import Any, Iterable

DEFAULT = "en"

CATALOGUE: dict[str, dict[str, str]] = {
    "en": {
        "language": "English",
        "title": "Skip-Bo",
        "version": "engine {version}",
        "new_game": "New game",
        "end_turn": "End turn (nothing left to draw)",
        "you": "You",
        "bot": "Computer ({name})",
        "hand_count": "{count} cards in hand",
        "stock": "Stock ({count})",
        "your_stock": "Your stock card",
        "discard": "Discard {n}",
        "building": "Building piles",
        "needs": "needs {n}",
        "draw_pile": "Draw pile: {count}",
        "hand": "Your hand",
        "empty": "empty",
        "card.SB": "Skip-Bo",
        "your_turn": "Your turn: pick a card, then a pile.",
        "selected": "{source} selected: now pick a building pile or one of your discard piles.",
        "pick_source": "First pick a card: your stock, a hand card or a discard pile.",
        "not_your_turn": "Please wait: it is not your turn.",
        "game_over": "The game is over. Start a new one?",
        "bot_played": "The computer played: {moves}.",
        "won": "You won!",
        "lost": "The computer won.",
        "stalled": "Nobody can play any more: the game ends without a winner.",
        "turn-limit": "The game went on too long and ends without a winner.",
        "resigned": "The game was given up.",
        "invalid": "{move} is not a move.",
        "illegal": "That move is not allowed ({code}).",
        "illegal.game-over": "The game is over.",
        "illegal.no-teams": "You can only play from your own piles.",
        "illegal.empty-source": "That pile is empty.",
        "illegal.not-in-hand": "You have no {card} in your hand.",
        "illegal.wrong-number": "Building pile {pile} needs {needs}, not {card}.",
        "illegal.stock-to-discard": "Stock cards go only onto building piles.",
        "illegal.discard-to-discard": "A discard pile's card can only go onto a building pile.",
        "illegal.partner-to-discard": "Your partner's cards can only go onto building piles.",
        "illegal.end-with-cards": "You still hold {hand} cards: end your turn by discarding one.",
        "log": "Moves",
    },
    "de": {
        "language": "Deutsch",
        "title": "Skip-Bo",
        "version": "Engine {version}",
        "new_game": "Neues Spiel",
        "end_turn": "Zug beenden (nichts mehr zu ziehen)",
        "you": "Du",
        "bot": "Computer ({name})",
        "hand_count": "{count} Karten auf der Hand",
        "stock": "Vorratsstapel ({count})",
        "your_stock": "Deine Vorratskarte",
        "discard": "Ablage {n}",
        "building": "Baustapel",
        "needs": "braucht {n}",
        "draw_pile": "Ziehstapel: {count}",
        "hand": "Deine Hand",
        "empty": "leer",
        "card.SB": "Skip-Bo",
        "your_turn": "Du bist dran: wähle eine Karte, dann einen Stapel.",
        "selected": "{source} gewählt: jetzt einen Baustapel oder einen deiner Ablagestapel wählen.",
        "pick_source": "Wähle zuerst eine Karte: Vorratsstapel, Handkarte oder Ablagestapel.",
        "not_your_turn": "Bitte warten: du bist nicht am Zug.",
        "game_over": "Das Spiel ist vorbei. Neues Spiel?",
        "bot_played": "Der Computer spielte: {moves}.",
        "won": "Du hast gewonnen!",
        "lost": "Der Computer hat gewonnen.",
        "stalled": "Niemand kann mehr spielen: das Spiel endet ohne Sieger.",
        "turn-limit": "Das Spiel dauerte zu lange und endet ohne Sieger.",
        "resigned": "Das Spiel wurde aufgegeben.",
        "invalid": "{move} ist kein Zug.",
        "illegal": "Dieser Zug ist nicht erlaubt ({code}).",
        "illegal.game-over": "Das Spiel ist vorbei.",
        "illegal.no-teams": "Du darfst nur von deinen eigenen Stapeln spielen.",
        "illegal.empty-source": "Dieser Stapel ist leer.",
        "illegal.not-in-hand": "Du hast keine {card} auf der Hand.",
        "illegal.wrong-number": "Baustapel {pile} braucht {needs}, nicht {card}.",
        "illegal.stock-to-discard": "Karten vom Vorratsstapel dürfen nur auf Baustapel.",
        "illegal.discard-to-discard": "Karten vom Ablagestapel dürfen nur auf Baustapel.",
        "illegal.partner-to-discard": "Karten deines Partners dürfen nur auf Baustapel.",
        "illegal.end-with-cards": "Du hast noch {hand} Karten: beende den Zug mit einer Ablage.",
        "log": "Züge",
    },
    "da": {
        "language": "Dansk",
        "title": "Skip-Bo",
        "version": "motor {version}",
        "new_game": "Nyt spil",
        "end_turn": "Afslut turen (intet at trække)",
        "you": "Dig",
        "bot": "Computer ({name})",
        "hand_count": "{count} kort på hånden",
        "stock": "Startbunke ({count})",
        "your_stock": "Dit startkort",
        "discard": "Afkast {n}",
        "building": "Byggebunker",
        "needs": "mangler {n}",
        "draw_pile": "Trækbunke: {count}",
        "hand": "Din hånd",
        "empty": "tom",
        "card.SB": "Skip-Bo",
        "your_turn": "Din tur: vælg et kort og derefter en bunke.",
        "selected": "{source} valgt: vælg nu en byggebunke eller en af dine afkastbunker.",
        "pick_source": "Vælg først et kort: startbunken, et håndkort eller en afkastbunke.",
        "not_your_turn": "Vent venligst: det er ikke din tur.",
        "game_over": "Spillet er slut. Vil du starte et nyt?",
        "bot_played": "Computeren spillede: {moves}.",
        "won": "Du vandt!",
        "lost": "Computeren vandt.",
        "stalled": "Ingen kan spille mere: spillet slutter uden vinder.",
        "turn-limit": "Spillet varede for længe og slutter uden vinder.",
        "resigned": "Spillet blev opgivet.",
        "invalid": "{move} er ikke et træk.",
        "illegal": "Det træk er ikke tilladt ({code}).",
        "illegal.game-over": "Spillet er slut.",
        "illegal.no-teams": "Du kan kun spille fra dine egne bunker.",
        "illegal.empty-source": "Den bunke er tom.",
        "illegal.not-in-hand": "Du har ingen {card} på hånden.",
        "illegal.wrong-number": "Byggebunke {pile} mangler {needs}, ikke {card}.",
        "illegal.stock-to-discard": "Kort fra startbunken må kun lægges på byggebunker.",
        "illegal.discard-to-discard": "Kort fra en afkastbunke må kun lægges på byggebunker.",
        "illegal.partner-to-discard": "Din makkers kort må kun lægges på byggebunker.",
        "illegal.end-with-cards": "Du har stadig {hand} kort: afslut turen ved at lægge et på afkast.",
        "log": "Træk",
    },
}

LANGUAGES: tuple[str, ...] = tuple(CATALOGUE)


def card_label(lang: str, value: Any) -> str:
    """A card's face: ``"7"``, or the word for a Skip-Bo card (value 0 or ``"SB"``)."""
    return t(lang, "card.SB") if value in (0, "SB") else str(value)


def source_label(lang: str, source: str) -> str:
    """A move source in words: ``"H5"`` -> ``"5"``, ``"S"`` -> "Your stock card", ``"D2"`` -> "Discard 2"."""
    if source.startswith("H"):
        return card_label(lang, source[1:])
    if source == "S":
        return t(lang, "your_stock")
    if source[:1] == "D" and source[1:].isdigit():
        return t(lang, "discard", n=source[1:])
    return source


def t(lang: str, key: str, **args: Any) -> str:
    """The text for ``key`` in ``lang`` with ``args`` filled in.

    Arguments named ``card`` are card values and print as card faces; ``source`` is a
    move's source in notation (``"H5"``, ``"S"``, ``"D2"``) and prints in words.
    Unknown keys raise ``KeyError``; a key missing in ``lang`` falls back to English.
    """
    table = CATALOGUE.get(lang, CATALOGUE[DEFAULT])
    try:
        text = table[key] if key in table else CATALOGUE[DEFAULT][key]
    except KeyError:
        raise KeyError(f"no text for {key!r}") from None
    if "card" in args:
        args["card"] = card_label(lang, args["card"])
    if "source" in args:
        args["source"] = source_label(lang, args["source"])
    return text.format(**args)


def pick_language(preferred: Iterable[str]) -> str:
    """The first supported language among ``preferred`` (e.g. ``["de-AT", "en"]``)."""
    for tag in preferred:
        code = str(tag).split("-")[0].lower()
        if code in CATALOGUE:
            return code
    return DEFAULT


def describe(lang: str, key: str, args: dict[str, Any] | None = None) -> str:
    """Like ``t``, but an engine code with no text of its own gets the generic sentence."""
    try:
        return t(lang, key, **(args or {}))
    except KeyError:
        if key.startswith("illegal."):
            return t(lang, "illegal", code=key.removeprefix("illegal."))
        raise

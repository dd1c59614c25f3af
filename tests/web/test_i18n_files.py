"""The texts as data: one JSON file a language beside skipbo_web/i18n, each a flat object
of keys and ICU MessageFormat texts, read the first time the page asks for a text of that
language (a German player's page never reads the Danish file)."""

from __future__ import annotations

import json
import re

from skipbo_web import i18n
from skipbo_web.i18n import CATALOGUE, FOLDER, LANGUAGES, Catalogue, message, t
from skipbo_web.i18n.messageformat import Arg, Choice


def test_one_file_a_language_of_keys_and_texts_that_parse() -> None:
    assert sorted(p.stem for p in FOLDER.glob("*.json")) == sorted(LANGUAGES)
    for lang in LANGUAGES:
        data = json.loads((FOLDER / f"{lang}.json").read_text(encoding="utf-8"))
        assert data == CATALOGUE[lang] and len(data) > 500
        assert all(isinstance(k, str) and isinstance(v, str) and v.strip() for k, v in data.items()), lang
        for text in data.values():
            message(text)  # a text the page cannot read fails here, not in front of a player


def test_a_language_is_read_when_first_asked_for(monkeypatch) -> None:
    fresh = Catalogue(LANGUAGES)
    monkeypatch.setattr(i18n, "CATALOGUE", fresh)
    assert list(fresh) == list(LANGUAGES) and "de" in fresh and "fr" not in fresh
    assert t("de", "bar.new") == "Neues Spiel"
    assert set(fresh._tables) == {"de"}  # neither English nor Danish was read
    assert t("fr", "bar.new") == "New game"  # an unknown language speaks English
    assert set(fresh._tables) == {"de", "en"}


def test_english_chooses_its_article_by_the_card_in_the_text() -> None:
    """"a {card}" would print "a 8": every article before a placeholder is a select."""
    def bare(parts) -> bool:  # "a " just before an argument, or so in a branch
        return any(isinstance(a, str) and re.search(r"\b[Aa] $", a) and isinstance(b, Arg)
                   for a, b in zip(parts, parts[1:], strict=False)) or any(
            bare(branch) for part in parts if isinstance(part, Choice) for _, branch in part.branches)

    assert [key for key, text in CATALOGUE["en"].items() if bare(message(text))] == []
    assert bare(message("needs a {card}")) and not bare(message("needs {c, select, 8 {an} other {a}} {c}"))
    assert t("en", "illegal.wrong-number", pile=1, needs="A", card=8) == "Building pile 1 needs an A - this is an 8."

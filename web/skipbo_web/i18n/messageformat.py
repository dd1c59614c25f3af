"""The part of ICU MessageFormat that the page's texts use, so translators' tools know them.

    "Draw pile: {count, plural, one {# card} other {# cards}}"
    "needs {card, select, 8 {an} 11 {an} A {an} other {a}} {card}"

- ``{name}`` puts in an argument as text; a missing argument raises ``KeyError(name)``.
- ``{name, plural, =0 {...} one {...} other {...}}`` picks a branch by the number: an
  exact ``=N`` first, then the number's CLDR category in the language (``one``, ``other``;
  ``plural_category``). ``#`` in the branch prints the number.
- ``{name, select, key {...} other {...}}`` picks the branch whose key is the argument's
  text, else ``other``. Branches nest: they are messages themselves.
- Apostrophes as ICU reads them: ``''`` is one apostrophe, and ``'`` before ``{``, ``}``
  (or ``#`` in a plural branch) quotes the text up to the next apostrophe ("'{x}'" prints
  ``{x}``); any other apostrophe is just one ("partner's").
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from itertools import product
from typing import Any


class MessageError(ValueError):
    """A message that is not well-formed; the text says where."""


@dataclass(frozen=True)
class Arg:
    """``{name}``."""
    name: str


@dataclass(frozen=True)
class Hash:
    """``#`` in a plural branch: the number of the plural around it."""
    name: str


@dataclass(frozen=True)
class Choice:
    """``{name, plural|select, key {message} ...}``; ``branches`` in the written order."""
    name: str
    kind: str
    branches: tuple[tuple[str, Message], ...]


Part = str | Arg | Hash | Choice
Message = tuple[Part, ...]


def _one_other(n: int) -> str:
    return "one" if n == 1 else "other"


# CLDR's plural rules for whole numbers ("one" is exactly 1 in all three); a language with
# more categories (Polish: one, few, many, other) adds its rule here.
PLURAL_RULES: dict[str, Callable[[int], str]] = {"en": _one_other, "de": _one_other, "da": _one_other}


def plural_category(lang: str, n: Any) -> str:
    """The CLDR plural category of the whole number ``n`` in ``lang``: ``"one"`` or ``"other"``."""
    return PLURAL_RULES.get(lang, _one_other)(abs(int(n)))


_PLAIN = re.compile(r"[^{}']*")
_PLAIN_IN_PLURAL = re.compile(r"[^{}'#]*")
_SPECIAL = re.compile(r"[{}']")


class _Parser:
    def __init__(self, text: str) -> None:
        self.text = text
        self.i = 0

    def fail(self, what: str) -> MessageError:
        return MessageError(f"{what} at {self.i} in {self.text!r}")

    def message(self, plural: str | None, depth: int) -> Message:
        """Parts up to the end, or the ``}`` that closes a branch (``depth`` > 0)."""
        parts: list[Part] = []
        buf: list[str] = []
        text = self.text
        specials = "{}'#" if plural else "{}'"
        while self.i < len(text):
            c = text[self.i]
            if c not in specials:
                j = (_PLAIN_IN_PLURAL if plural else _PLAIN).match(text, self.i).end()
                buf.append(text[self.i:j])
                self.i = j
            elif c == "'":
                buf.append(self.apostrophe(plural))
            elif c == "#":
                self.flush(buf, parts)
                parts.append(Hash(plural or ""))
                self.i += 1
            elif c == "{":
                self.flush(buf, parts)
                parts.append(self.argument(plural, depth))
            else:  # "}"
                if depth == 0:
                    raise self.fail("unmatched '}'")
                break
        else:
            if depth:
                raise self.fail("missing '}'")
        self.flush(buf, parts)
        return tuple(parts)

    @staticmethod
    def flush(buf: list[str], parts: list[Part]) -> None:
        """Move the text gathered in ``buf`` into ``parts``."""
        if buf:
            parts.append("".join(buf))
            buf.clear()

    def apostrophe(self, plural: str | None) -> str:
        text, i = self.text, self.i
        nxt = text[i + 1:i + 2]
        if nxt == "'":
            self.i += 2
            return "'"
        if nxt and nxt in ("{}#" if plural else "{}"):
            end = i + 1
            out = []
            while True:  # quoted text up to the next single apostrophe ('' inside is one)
                close = text.find("'", end)
                if close < 0:
                    out.append(text[end:])
                    self.i = len(text)
                    return "".join(out)
                out.append(text[end:close])
                if text[close + 1:close + 2] == "'":
                    out.append("'")
                    end = close + 2
                    continue
                self.i = close + 1
                return "".join(out)
        self.i += 1
        return "'"

    def word(self) -> str:
        self.space()
        j = self.i
        while j < len(self.text) and not self.text[j].isspace() and self.text[j] not in "{},#'":
            j += 1
        if j == self.i:
            raise self.fail("a name is missing")
        word, self.i = self.text[self.i:j], j
        self.space()
        return word

    def space(self) -> None:
        while self.i < len(self.text) and self.text[self.i].isspace():
            self.i += 1

    def expect(self, c: str) -> None:
        if self.text[self.i:self.i + 1] != c:
            raise self.fail(f"{c!r} expected")
        self.i += 1

    def argument(self, plural: str | None, depth: int) -> Part:
        """One ``{...}``; ``plural``: the plural it is in (its ``#``), if any."""
        self.expect("{")
        name = self.word()
        if self.text[self.i:self.i + 1] == "}":
            self.i += 1
            return Arg(name)
        self.expect(",")
        kind = self.word()
        if kind not in ("plural", "select"):
            raise self.fail(f"unknown argument type {kind!r}")
        self.expect(",")
        branches: list[tuple[str, Message]] = []
        while True:
            self.space()
            if self.text[self.i:self.i + 1] == "}":
                self.i += 1
                break
            key = self.word()
            self.expect("{")
            branches.append((key, self.message(name if kind == "plural" else plural, depth + 1)))
            self.expect("}")
        keys = [k for k, _ in branches]
        if "other" not in keys or len(set(keys)) != len(keys):
            raise self.fail(f"{{{name}, {kind}}} needs an 'other' branch and no key twice")
        return Choice(name, kind, tuple(branches))


def parse(text: str) -> Message:
    """The parts of a message (raises ``MessageError`` if it is not well-formed)."""
    if not _SPECIAL.search(text):
        return (text,) if text else ()
    parser = _Parser(text)
    return parser.message(None, 0)


def _branch(choice: Choice, value: Any, lang: str) -> Message:
    branches = dict(choice.branches)
    if choice.kind == "plural":
        exact = f"={int(value)}"
        key = exact if exact in branches else plural_category(lang, value)
    else:
        key = str(value)
    return branches.get(key, branches["other"])


def _write(message: Message, args: Mapping[str, Any], lang: str, out: list[str]) -> None:
    for part in message:
        if isinstance(part, str):
            out.append(part)
        elif isinstance(part, Arg | Hash):
            if part.name not in args:
                raise KeyError(part.name)
            out.append(str(args[part.name]))
        else:
            if part.name not in args:
                raise KeyError(part.name)
            _write(_branch(part, args[part.name], lang), args, lang, out)


def format_message(message: Message, lang: str, args: Mapping[str, Any]) -> str:
    """The text of a parsed message with ``args`` put in (``lang`` picks plural categories)."""
    out: list[str] = []
    _write(message, args, lang, out)
    return "".join(out)


def arguments(message: Message) -> set[str]:
    """The names of every argument the message uses, in any branch."""
    found: set[str] = set()
    for part in message:
        if not isinstance(part, str):
            found.add(part.name)
        if isinstance(part, Choice):
            for _, branch in part.branches:
                found |= arguments(branch)
    return found


def choices(message: Message) -> list[tuple[str, str, tuple[str, ...]]]:
    """``(name, kind, keys)`` of every plural and select, in order, nested ones included."""
    found = []
    for part in message:
        if isinstance(part, Choice):
            found.append((part.name, part.kind, tuple(k for k, _ in part.branches)))
            for _, branch in part.branches:
                found += choices(branch)
    return found


def variants(message: Message) -> Iterator[str]:
    """Every text the message can print, with arguments as ``{name}`` (``#`` too): one per
    combination of branches. ``"{n, plural, one {# card} other {# cards}}"`` ->
    ``"{n} card"``, ``"{n} cards"``."""
    pieces: list[tuple[str, ...]] = []
    for part in message:
        if isinstance(part, str):
            pieces.append((part,))
        elif isinstance(part, Arg | Hash):
            pieces.append((f"{{{part.name}}}",))
        else:
            pieces.append(tuple(text for _, branch in part.branches for text in variants(branch)))
    for combination in product(*pieces):
        yield "".join(combination)

"""The texts of the rules page (``rules.html``) in English, German and Danish, read from
one Markdown file a language: ``web/rules/<lang>.md``.

One section per rule of docs/RULES.md, in page order, each with a stable anchor (``SECTIONS``)
and in every language a title, the rule and a small example. Written in our own words.

A file starts with the page's own texts as ``key: value`` lines between two ``---`` lines
(``PAGE``), then one section per rule::

    ## The aim {#rule-aim}

    The rule: paragraphs, and lists whose lines start ``- `` or ``1. ``.

    > The example, quoted (``>`` before each of its lines).

The texts use a small Markdown that ``tools/rules_page.py`` turns into HTML:

- blank lines separate paragraphs; lines starting ``- `` make a list, ``1. `` a numbered one
  (a line that starts with neither continues the item or paragraph above);
- ``[5]`` draws a card (1-12), ``[SB]`` a Skip-Bo card, ``[SB=12]`` one counting as 12,
  ``[1|A]`` a card with a playing-card face, ``[back]`` a face-down card, ``[empty]`` an
  empty place;
- ```S>B1``` is move notation, ``[[rule-teams]]`` a link to that section (its title);
- ``{turn_limit}`` and the other names in ``tools.rules_page.facts`` are numbers taken from
  the engine, so the page cannot drift from what the engine does.

Only the build reads these files; the game page ships just ``skipbo_web/views/rules_links.py``.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import NamedTuple

FOLDER = Path(__file__).resolve().parent.parent / "web" / "rules"
LANGUAGES: tuple[str, ...] = ("en", "de", "da")
_HEADING = re.compile(r"## (?P<title>\S.*?) \{#(?P<id>rule-[a-z]+(?:-[a-z]+)*)\}")


class Rule(NamedTuple):
    title: str
    body: str
    example: str


class RulesFileError(ValueError):
    """A rules file that does not follow the format above; the text names file and line."""


def read(text: str, name: str = "<rules>") -> tuple[dict[str, str], dict[str, Rule]]:
    """The page's texts and the rules, by anchor in file order, of one language's file."""
    lines = text.splitlines()

    def fail(n: int, why: str) -> RulesFileError:
        return RulesFileError(f"{name}:{n + 1}: {why}")

    if not lines or lines[0] != "---" or "---" not in lines[1:]:
        raise fail(0, "the file must start with the page's texts between two '---' lines")
    end = lines.index("---", 1)
    page: dict[str, str] = {}
    for n in range(1, end):
        key, sep, value = lines[n].partition(": ")
        if not sep or not key or key in page or not value.strip():
            raise fail(n, "expected 'key: text' (each key once)")
        page[key] = value
    rules: dict[str, Rule] = {}
    sections: list[tuple[int, re.Match, list[str], list[str]]] = []
    for n in range(end + 1, len(lines)):
        line = lines[n]
        heading = _HEADING.fullmatch(line)
        if heading:
            sections.append((n, heading, [], []))
        elif line.startswith("#"):
            raise fail(n, "a heading must read '## Title {#rule-anchor}'")
        elif not sections:
            if line.strip():
                raise fail(n, "text before the first rule's heading")
        elif line.startswith(">"):
            sections[-1][3].append(line[2:] if line.startswith("> ") else line[1:])
        elif sections[-1][3] and line.strip():
            raise fail(n, "the rule's text must come before its example ('> ' lines)")
        else:
            sections[-1][2].append(line)
    for n, heading, body, example in sections:
        rule = Rule(heading["title"], "\n".join(body).strip("\n"), "\n".join(example).strip("\n"))
        if heading["id"] in rules:
            raise fail(n, f"the anchor {heading['id']} is used twice")
        if not rule.body.strip() or not rule.example.strip():
            raise fail(n, f"{heading['id']} needs its text and an example ('> ' lines)")
        rules[heading["id"]] = rule
    return page, rules


def read_language(lang: str, folder: Path = FOLDER) -> tuple[dict[str, str], dict[str, Rule]]:
    """``read`` of ``folder/<lang>.md``."""
    path = folder / f"{lang}.md"
    return read(path.read_text(encoding="utf-8"), path.name)


_READ = {lang: read_language(lang) for lang in LANGUAGES}

PAGE: dict[str, dict[str, str]] = {lang: page for lang, (page, _) in _READ.items()}
"""The page around the rules: headings, links, labels of the card drawings."""

RULES: dict[str, dict[str, Rule]] = {lang: rules for lang, (_, rules) in _READ.items()}

SECTIONS: tuple[str, ...] = tuple(RULES["en"])
"""Every anchor of the page, in page order (English's; every language has the same)."""

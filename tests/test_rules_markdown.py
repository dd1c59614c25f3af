"""The rules page's Markdown files (web/rules/<lang>.md) as tools/rules_text.py reads them:
the page's texts, one section per rule with its anchor, text and quoted example, and a
clear error naming file and line for anything else."""

from __future__ import annotations

import pytest

from tools.rules_text import FOLDER, LANGUAGES, RULES, Rule, RulesFileError, read

GOOD = """---
title: Skip-Bo: the rules
card.SB: Skip-Bo
---

## The aim {#rule-aim}

Everybody has a stock pile.
Whoever empties it first wins.

- one
- two

> Your stock shows [7].
>
> Then [8].

## Setting up {#rule-setup}

Deal.

> Like `S>B1`.
"""


def test_a_file_reads_as_page_texts_and_rules_in_order() -> None:
    page, rules = read(GOOD)
    assert page == {"title": "Skip-Bo: the rules", "card.SB": "Skip-Bo"}
    assert list(rules) == ["rule-aim", "rule-setup"]
    assert rules["rule-aim"] == Rule("The aim", "Everybody has a stock pile.\nWhoever empties it first wins.\n\n"
                                                "- one\n- two", "Your stock shows [7].\n\nThen [8].")
    assert rules["rule-setup"] == Rule("Setting up", "Deal.", "Like `S>B1`.")


@pytest.mark.parametrize("change, where", [
    (("---\ntitle", "title"), "x.md:1: the file must start"),
    (("card.SB: Skip-Bo", "card.SB Skip-Bo"), "x.md:3: expected 'key: text'"),
    (("card.SB: Skip-Bo", "title: again"), "x.md:3: expected 'key: text'"),
    (("## The aim {#rule-aim}", "## The aim"), "x.md:6: a heading must read"),
    (("## Setting up {#rule-setup}", "## Setting up {#rule-aim}"), "x.md:18: the anchor rule-aim is used twice"),
    (("> Like `S>B1`.", ""), "x.md:18: rule-setup needs its text and an example"),
    (("> Then [8].", "> Then [8].\nMore text."), "x.md:17: the rule's text must come before its example"),
    (("\n## The aim", "Hello\n## The aim"), "x.md:5: text before the first rule's heading"),
])
def test_a_file_that_breaks_the_format_is_refused_with_file_and_line(change, where) -> None:
    old, new = change
    assert old in GOOD
    with pytest.raises(RulesFileError, match=where.replace("[", r"\[")):
        read(GOOD.replace(old, new, 1), "x.md")


def test_every_language_has_its_file_with_the_same_sections() -> None:
    assert sorted(p.stem for p in FOLDER.glob("*.md")) == sorted(LANGUAGES)
    for lang in LANGUAGES:
        assert list(RULES[lang]) == list(RULES["en"]), lang

"""Host tests (no browser) of the rules page: its texts in every language, the links from
engine codes to rules, and the HTML that tools/rules_page.py writes."""

from __future__ import annotations

import ast
import re
from html.parser import HTMLParser
from pathlib import Path

import pytest
from skipbo_web.views.rules_links import END_ANCHORS, ILLEGAL_ANCHORS, rule_anchor, rules_url

import skipbo_core
from skipbo_core import TURN_LIMIT, IllegalMove
from skipbo_core.result import REASONS
from tools import rules_page
from tools.rules_text import LANGUAGES, PAGE, RULES, SECTIONS, Rule

ENGINE = Path(skipbo_core.__file__).parent


def documented_codes() -> set[str]:
    """The codes in the table of ``IllegalMove``'s docstring."""
    return set(re.findall(r"^\s*``([a-z-]+)``\s{2,}``\{", IllegalMove.__doc__ or "", re.M))


def raised_codes() -> set[str]:
    """Every code the engine's source passes to ``IllegalMove(move, seat, code, ...)`` or
    to ``Refusal(code, ...)`` (``Game.explain_illegal``'s reason, which ``play`` raises as
    ``IllegalMove(..., refusal.code, ...)``)."""
    codes = set()
    for path in ENGINE.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call):
                continue
            called = getattr(node.func, "id", None)
            if called == "IllegalMove":
                code = node.args[2] if len(node.args) > 2 else None
                if isinstance(code, ast.Attribute) and ast.unparse(code) == "refusal.code":
                    continue  # a Refusal's code, found where the Refusal is made
            elif called == "Refusal":
                code = node.args[0] if node.args else None
            else:
                continue
            assert isinstance(code, ast.Constant), f"{path.name}:{node.lineno}: code is not a literal"
            codes.add(code.value)
    return codes


def test_every_rule_has_title_text_and_example_in_every_language() -> None:
    assert LANGUAGES == ("en", "de", "da")
    assert len(set(SECTIONS)) == len(SECTIONS)
    assert all(re.fullmatch(r"rule-[a-z]+(-[a-z]+)*", key) for key in SECTIONS)
    for lang in LANGUAGES:
        assert list(RULES[lang]) == list(SECTIONS), lang
        for key, rule in RULES[lang].items():
            assert isinstance(rule, Rule)
            assert all(part.strip() for part in rule), (lang, key)
    for key in SECTIONS:  # translated, not copied from English
        assert len({RULES[lang][key].body for lang in LANGUAGES}) == len(LANGUAGES), key
        assert len({RULES[lang][key].example for lang in LANGUAGES}) == len(LANGUAGES), key


def test_page_texts_exist_in_every_language() -> None:
    keys = set(PAGE["en"])
    for lang in LANGUAGES:
        assert set(PAGE[lang]) == keys, lang
        assert all(text.strip() for text in PAGE[lang].values()), lang


def test_every_illegal_move_code_links_to_an_existing_rule() -> None:
    documented = documented_codes()
    assert len(documented) == 9
    assert raised_codes() <= documented, "the engine raises a code its docstring does not list"
    assert set(ILLEGAL_ANCHORS) == documented
    for code in documented:
        assert rule_anchor(code) in SECTIONS, code


def test_every_game_end_reason_links_to_an_existing_rule() -> None:
    assert set(END_ANCHORS) == set(REASONS)
    for reason in REASONS:
        assert rule_anchor(reason) in SECTIONS, reason


def test_links_the_game_can_build() -> None:
    assert rule_anchor("wrong-number") == "rule-building"
    assert rule_anchor("illegal.stock-to-discard") == "rule-discard"
    assert rule_anchor("end.stalled") == "rule-stall"
    assert rule_anchor("end.stock-empty") == "rule-winning"
    assert rule_anchor("no-such-code") is None and rule_anchor(None) is None and rule_anchor("") is None
    assert rules_url("wrong-number", "de") == "./rules.html?lang=de#rule-building"
    assert rules_url("end-with-cards") == "./rules.html#rule-end-empty"
    assert rules_url("no-such-code", "da") == "./rules.html?lang=da"
    assert rules_url() == "./rules.html"


def test_numbers_in_the_texts_come_from_the_engine() -> None:
    facts = rules_page.facts()
    assert facts["deck"] == 162 and facts["deck_old"] == 168
    assert (facts["stock_small"], facts["stock_large"], facts["max_stock"], facts["min_draw"]) == (30, 20, 50, 32)
    assert (facts["dealt_2p"], facts["draw_2p"], facts["target"]) == (60, 102, 500)
    assert facts["turn_limit"] == TURN_LIMIT
    html = rules_page.render()
    assert f"{TURN_LIMIT:,}" in html and f"{TURN_LIMIT:,}".replace(",", ".") in html
    assert "{" not in re.sub(r"<(script|style)>.*?</\1>", "", html, flags=re.S)


@pytest.mark.parametrize("text, error", [
    ("a [13] card", ValueError),
    ("a [5=6] card", ValueError),
    ("see [[rule-nowhere]]", KeyError),
    ("{no_such_number} cards", KeyError),
    ("an unclosed `S>B1", ValueError),
])
def test_unknown_markup_fails_the_build(text: str, error: type[Exception]) -> None:
    with pytest.raises(error):
        rules_page.inline(text, "en", rules_page.facts())


def test_markup_becomes_lists_cards_code_and_links() -> None:
    html = rules_page.blocks("- [5] or [SB] on\n  `B1`\n- [[rule-teams]]\n\nAfter {turn_limit}.", "de",
                             {"turn_limit": 3000})
    assert html == ('<ul><li><span class="card c-green">5</span> or <span class="card c-wild">'
                    '<span class="w">Skip-Bo</span></span> on <code>B1</code></li>'
                    '<li><a href="#rule-teams">Im Team spielen</a></li></ul>\n<p>After 3.000.</p>')
    with pytest.raises(ValueError):
        rules_page.blocks("A paragraph\n- then a list item", "en", {})


def test_card_drawings_show_the_number_in_its_colour() -> None:
    assert rules_page.card("4", "en") == '<span class="card c-blue">4</span>'
    assert rules_page.card("8", "en") == '<span class="card c-green">8</span>'
    assert rules_page.card("9", "en") == '<span class="card c-red">9</span>'
    assert rules_page.card("12", "en", face="Q") == '<span class="card c-red">Q</span>'
    wild = rules_page.card("SB", "da", counts_as="12")
    assert 'class="card c-wild"' in wild and '<span class="vh">som </span>12</span>' in wild


class _Outline(HTMLParser):
    """Ids, links, language blocks and headings of a page."""

    def __init__(self) -> None:
        super().__init__()
        self.ids: list[str] = []
        self.hrefs: list[str] = []
        self.blocks: list[tuple[str | None, str | None]] = []
        self.section: str | None = None
        self.block: str | None = None
        self.headings: dict[tuple[str, str], int] = {}
        self.html_lang: str | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        if "id" in a:
            self.ids.append(a["id"] or "")
        if tag == "html":
            self.html_lang = a.get("lang")
        for name in ("href", "src"):
            if name in a:
                self.hrefs.append(a[name] or "")
        if tag == "section":
            self.section = a.get("id")
        if "data-l" in a:
            self.blocks.append((a["data-l"], a.get("lang")))
            self.block = a["data-l"]
        if tag == "h2" and self.section:
            key = (self.section, self.block or "")
            self.headings[key] = self.headings.get(key, 0) + 1


def test_rendered_page_has_one_section_per_rule_with_a_heading_per_language() -> None:
    outline = _Outline()
    outline.feed(rules_page.render())
    assert outline.html_lang == "en"
    assert len(outline.ids) == len(set(outline.ids)), "duplicate ids"
    assert set(SECTIONS) <= set(outline.ids)
    assert all(data_l == lang and lang in LANGUAGES for data_l, lang in outline.blocks)
    assert {key: n for key, n in outline.headings.items() if n != 1} == {}
    assert set(outline.headings) == {(key, lang) for key in SECTIONS for lang in LANGUAGES}
    for href in outline.hrefs:
        if href.startswith("#"):
            assert href[1:] in outline.ids, href
        else:
            assert re.fullmatch(r"\./[\w./-]+|\?lang=(en|de|da)", href), href
    assert "./index.html" in outline.hrefs

"""The ICU MessageFormat subset the page's texts are written in: arguments, plural with
CLDR categories and exact values, select, ``#``, nesting and ICU's apostrophes."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st
from skipbo_web.i18n.messageformat import (
    MessageError,
    arguments,
    choices,
    format_message,
    parse,
    plural_category,
    variants,
)


def fmt(text: str, lang: str = "en", **args) -> str:
    return format_message(parse(text), lang, args)


CARDS = "{n, plural, one {# card} other {# cards}}"


def test_plain_text_and_arguments() -> None:
    assert fmt("Hello") == "Hello" and fmt("") == ""
    assert fmt("{name} has {n}", name="Bo", n=3) == "Bo has 3"
    assert fmt("{ name }", name="Bo") == "Bo"
    with pytest.raises(KeyError, match="name"):
        fmt("Hi {name}")


@pytest.mark.parametrize("lang", ["en", "de", "da"])
def test_plural_picks_one_for_exactly_one(lang: str) -> None:
    assert [fmt(CARDS, lang, n=n) for n in (0, 1, 2, -1, 11)] == ["0 cards", "1 card", "2 cards", "-1 card", "11 cards"]
    assert plural_category(lang, 1) == "one" and plural_category(lang, 0) == "other"
    assert plural_category(lang, "21") == "other"


def test_plural_exact_values_nesting_and_other_arguments() -> None:
    text = "{n, plural, =0 {no cards} one {one card of {who}} other {# cards of {who}, {k, select, a {A} other {#}}}}"
    assert fmt(text, n=0, who="Bo", k="a") == "no cards"
    assert fmt(text, n=1, who="Bo", k="a") == "one card of Bo"
    assert fmt(text, n=4, who="Bo", k="a") == "4 cards of Bo, A"
    assert fmt(text, n=4, who="Bo", k="z") == "4 cards of Bo, 4"  # '#' inside a select inside the plural
    with pytest.raises(KeyError, match="n"):
        fmt(text, who="Bo")


def test_select_on_the_arguments_text() -> None:
    article = "needs {c, select, 8 {an} 11 {an} A {an} other {a}} {c}"
    assert [fmt(article, c=c) for c in (8, "11", "A", 7, "Skip-Bo")] == [
        "needs an 8", "needs an 11", "needs an A", "needs a 7", "needs a Skip-Bo"]


def test_apostrophes_as_icu_reads_them() -> None:
    assert fmt("your partner's pile") == "your partner's pile"
    assert fmt("it''s") == "it's"
    assert fmt("'{name}' is literal", name="x") == "{name} is literal"
    assert fmt("a '{'brace'}'") == "a {brace}"
    assert fmt("{n, plural, other {'#' is # and Bo's}}", n=5) == "# is 5 and Bo's"
    assert fmt("# outside a plural") == "# outside a plural"
    assert fmt("'{it''s}'") == "{it's}"


@pytest.mark.parametrize("bad", ["{", "}", "{n", "{n, plural, one {x}}", "{n, plural, other {x} other {y}}",
                                 "{n, number}", "{n, select, other {x}",
                                 "{, select, other {x}}", "{n, select other {x}}"])
def test_malformed_messages_are_refused(bad: str) -> None:
    with pytest.raises(MessageError):
        parse(bad)


def test_what_a_message_holds() -> None:
    message = parse("{a} {n, plural, one {# of {b}} other {# of {c, select, x {X} other {Y}}}}")
    assert arguments(message) == {"a", "n", "b", "c"}
    assert choices(message) == [("n", "plural", ("one", "other")), ("c", "select", ("x", "other"))]
    assert list(variants(message)) == ["{a} {n} of {b}", "{a} {n} of X", "{a} {n} of Y"]
    assert list(variants(parse("it''s"))) == ["it's"]


@given(st.text(alphabet=st.characters(blacklist_characters="{}'#")))
def test_text_without_syntax_prints_as_it_is(text: str) -> None:
    assert fmt(text) == text and fmt(f"{{n, plural, other {{{text}}}}}", n=2) == text


@given(st.text())
def test_any_text_parses_or_is_refused_clearly(text: str) -> None:
    try:
        parse(text)
    except MessageError:
        pass

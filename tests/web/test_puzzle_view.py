"""skipbo_web.views.puzzle_view on the host: the progress read back strictly, the box for each
state of a try, the list in book order with the solved ones marked, every text filled in."""

from __future__ import annotations

import pytest
from skipbo_web.i18n import LANGUAGES
from skipbo_web.state.puzzle_book import PUZZLES, puzzle
from skipbo_web.views.puzzle_view import (
    FAILED,
    OPEN,
    REACHED,
    SHOWN,
    box_tree,
    list_tree,
    progress_data,
    read_progress,
    text,
)
from skipbo_web.views.tree import to_html


def test_progress_is_read_strictly_entry_by_entry() -> None:
    assert read_progress(None) == (set(), False)
    assert read_progress(progress_data({3, 1})) == ({1, 3}, False)
    assert progress_data({3, 1}) == {"version": 1, "solved": [1, 3]}
    for damaged in ("x", [], {"version": 2, "solved": []}, {"version": 1}, {"version": 1, "solved": "1"}):
        assert read_progress(damaged) == (set(), True), damaged
    # read entry by entry: what it cannot read does not cost the ids it can (issue 29)
    for partly in ({"version": 1, "solved": [1, "2"]}, {"version": 1, "solved": [1, len(PUZZLES) + 1]},
                   {"version": 1, "solved": [True, 1]}, {"version": 1, "solved": [1], "more": 1}):
        assert read_progress(partly) == ({1}, True), partly


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_box_for_each_state_of_a_try(lang: str) -> None:
    p = puzzle(5)
    for status in (OPEN, REACHED, FAILED, SHOWN):
        html = to_html(box_tree(p, status, lang, "cards", has_next=True))
        assert f'data-status="{status}"' in html and "{" not in html
        assert ("puzzle-why" in html) == (status in (REACHED, SHOWN))  # why: once solved or shown
        assert ('data-action="puzzle-solution"' in html) == (status != SHOWN)
    last = to_html(box_tree(PUZZLES[-1], OPEN, lang, "skipbo", has_next=False))
    assert 'data-action="puzzle-next"' not in last and 'data-action="puzzle-retry"' in last


def test_card_names_in_texts_follow_the_faces() -> None:
    p = puzzle(5)
    assert "Skip-Bo" in text(p, "why", "en", "skipbo") and "Skip-Bo" not in text(p, "why", "en", "cards")


def test_the_list_in_book_order_with_the_solved_marked() -> None:
    html = to_html(list_tree({2, 13}, "en", "skipbo"))
    ids = [int(part.split('"')[0]) for part in html.split('data-puzzle="')[1:]]
    assert ids == [p.id for p in PUZZLES]
    assert html.count('data-solved="1"') == 2 and "2 of 25 solved" in html

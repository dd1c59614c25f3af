"""The puzzle book (skipbo_web.state.puzzle_book) on the host: every puzzle is a valid
position with a checked goal, its stored solution reaches the goal, the engine's search
finds a solution of its own, the puzzles marked not trivial are not solved by the `easy`
computer player's turn, and every puzzle has its texts in every language."""

from __future__ import annotations

import random

import pytest
from skipbo_web.i18n import CATALOGUE, LANGUAGES, message, t
from skipbo_web.i18n.messageformat import arguments
from skipbo_web.state.puzzle_book import BY_ID, LEVELS, PUZZLES, puzzle

from skipbo_core import Goal, find_line, game_from_position, parse_compact, to_compact
from skipbo_core.ai import get_bot

EASY_SEEDS = range(20)
IDS = [p.id for p in PUZZLES]


def test_the_book_has_at_least_24_puzzles_numbered_in_order_from_first_rules_to_expert():
    assert len(PUZZLES) >= 24
    assert IDS == list(range(1, len(PUZZLES) + 1))
    levels = [LEVELS.index(p.level) for p in PUZZLES]
    assert levels == sorted(levels) and set(levels) == set(range(len(LEVELS)))
    assert sum(p.not_trivial for p in PUZZLES) >= 8
    assert len({(repr(p.position), repr(p.goal)) for p in PUZZLES}) == len(PUZZLES)
    assert puzzle(3) is BY_ID[3] and puzzle("3") is BY_ID[3]
    assert puzzle(0) is None and puzzle("x") is None and puzzle(None) is None
    for lenient in ("1_0", "+7", " 7", "7 ", "\u0667", "07x", "1e1", True):  # int() took most (issue 29)
        assert puzzle(lenient) is None, lenient


@pytest.mark.parametrize("p", PUZZLES, ids=[f"puzzle{i}" for i in IDS])
def test_each_puzzle_is_a_position_you_move_in_with_a_checked_goal(p):
    game = game_from_position(p.position)
    assert game.current_seat == 0 and not game.is_over
    assert Goal.from_dict(p.goal).to_dict() == p.goal
    assert parse_compact(to_compact(p.position)) == p.position  # shareable as ?pos=


@pytest.mark.parametrize("p", PUZZLES, ids=[f"puzzle{i}" for i in IDS])
def test_the_stored_solution_is_legal_and_reaches_the_goal_only_at_its_last_move(p):
    start, goal = p.game(), p.goal_object()
    game = start.copy()
    for i, move in enumerate(p.solution):
        assert goal.status(start, game) == "open", f"reached before move {i}"
        game.play(move)
    assert goal.status(start, game) == "reached"


@pytest.mark.parametrize("p", PUZZLES, ids=[f"puzzle{i}" for i in IDS])
def test_the_search_finds_a_solution_of_its_own(p):
    start, goal = p.game(), p.goal_object()
    line = find_line(start, goal)
    assert line is not None
    game = start.copy()
    for move in line:
        game.play(move)
    assert goal.status(start, game) == "reached"


def _easy_turn(p, seed: int) -> str:
    """The goal's status after the `easy` player plays the puzzle's turn."""
    start, goal = p.game(), p.goal_object()
    game, bot, rng = start.copy(), get_bot("easy"), random.Random(seed)
    while not game.is_over and game.current_seat == start.current_seat and goal.status(start, game) == "open":
        game.play(bot(game.view(game.current_seat), game.legal_moves(), rng))
    return goal.status(start, game)


@pytest.mark.parametrize("p", [p for p in PUZZLES if p.not_trivial], ids=[f"puzzle{p.id}" for p in PUZZLES
                                                                           if p.not_trivial])
def test_the_easy_player_does_not_solve_a_puzzle_marked_not_trivial(p):
    assert [_easy_turn(p, seed) for seed in EASY_SEEDS] == ["failed"] * len(EASY_SEEDS)


@pytest.mark.parametrize("p", [p for p in PUZZLES if not p.not_trivial], ids=[f"puzzle{p.id}" for p in PUZZLES
                                                                               if not p.not_trivial])
def test_the_other_puzzles_are_within_the_easy_players_reach(p):
    assert "reached" in [_easy_turn(p, seed) for seed in EASY_SEEDS]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_puzzle_has_a_title_task_and_why_in_every_language(lang):
    table = CATALOGUE[lang]
    for p in PUZZLES:
        for part in ("title", "task", "why"):
            key = f"puzzle.{p.id}.{part}"
            assert isinstance(table.get(key), str) and table[key].strip(), f"{lang}: {key}"
            for faces in ("skipbo", "cards"):
                text = t(lang, key, faces=faces, **p.cards)
                assert "{" not in text and "}" not in text
        if lang != "en":
            assert table[f"puzzle.{p.id}.why"] != CATALOGUE["en"][f"puzzle.{p.id}.why"]
    for level in LEVELS:
        assert table[f"puzzle.level.{level}"]


@pytest.mark.parametrize("p", PUZZLES, ids=[f"puzzle{i}" for i in IDS])
def test_a_puzzles_texts_use_the_cards_it_names(p):
    used = set()
    for lang in LANGUAGES:
        for part in ("title", "task", "why"):
            used |= arguments(message(CATALOGUE[lang][f"puzzle.{p.id}.{part}"]))
    assert used == set(p.cards)

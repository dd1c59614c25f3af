"""The tournament: mirrored seatings, statistics, the CLI subcommand."""

from __future__ import annotations

import math

import pytest

from skipbo_core.ai.tournament import elo, format_report, run_tournament, seatings, wilson
from skipbo_core.cli import main


def test_two_players_swap_seats():
    assert seatings(["a", "b"], 2) == [("a", "b"), ("b", "a")]


def test_more_players_rotate_the_line_up():
    assert seatings(["a", "b", "c"], 3) == [("a", "b", "c"), ("b", "c", "a"), ("c", "a", "b")]
    assert seatings(["a", "b"], 4) == [("a", "b", "a", "b"), ("b", "a", "b", "a")]


def test_partners_play_the_same_bot():
    for lineup in seatings(["a", "b", "c"], 6, teams=True):
        assert all(lineup[s] == lineup[s + 3] for s in range(3))
    assert len(seatings(["a", "b", "c"], 6, teams=True)) == 3


def test_wilson_interval():
    lo, hi = wilson(60, 100)
    assert lo == pytest.approx(0.502, abs=1e-3) and hi == pytest.approx(0.691, abs=1e-3)
    assert wilson(0, 0) == (0.0, 1.0)


def test_elo_difference():
    assert elo(0.5) == 0
    assert elo(0.64) == pytest.approx(400 * math.log10(0.64 / 0.36))
    assert elo(1.0) == 800 and elo(0.0) == -800


def test_every_deal_is_played_in_every_seating_and_jobs_do_not_matter():
    one = run_tournament(["medium", "easy"], 12, stock=8, seed=3, jobs=1)
    two = run_tournament(["medium", "easy"], 12, stock=8, seed=3, jobs=2)
    assert one.games == 12
    assert one.stats["medium"].seats == one.stats["easy"].seats == 12
    assert one.decisive + one.stalled + one.turn_limit == 12
    for name in ("medium", "easy"):
        assert one.stats[name].wins == two.stats[name].wins
        assert one.stats[name].decisions == two.stats[name].decisions


def test_teams_and_more_players():
    res = run_tournament(["hard", "easy"], 4, players=4, stock=5, teams=True, seed=1)
    assert res.games == 4 and res.stats["hard"].seats == 8
    report = format_report(res)
    assert "4 players teams" in report and "Elo difference" in report


def test_cli_tournament(capsys):
    assert main(["tournament", "--bots", "medium,easy", "--games", "4", "--stock", "5"]) == 0
    out = capsys.readouterr().out
    assert "medium vs easy" in out and "95% CI" in out and "Elo difference" in out
    assert "mean turns per game" in out and "ms/decision" in out


def test_cli_tournament_rejects_unknown_bot(capsys):
    assert main(["tournament", "--bots", "medium,nobody", "--games", "2"]) == 2
    assert "unknown bot" in capsys.readouterr().err


def test_progress_reports_the_counts_so_far_in_deal_order():
    seen: list[tuple[int, int]] = []
    res = run_tournament(["medium", "easy"], 40, stock=5, seed=4, jobs=2,
                         progress=lambda r: seen.append((r.games, r.stats["medium"].wins)))
    games = [g for g, _ in seen]
    assert len(seen) > 1 and games == sorted(games) and games[-1] == res.games == 40
    assert seen[-1][1] == res.stats["medium"].wins


def test_cli_progress_goes_to_stderr(capsys):
    assert main(["tournament", "--bots", "medium,easy", "--games", "4", "--stock", "5",
                 "--progress"]) == 0
    captured = capsys.readouterr()
    assert "4 games (2 deals x 2 seatings)" in captured.err and "95% CI" in captured.out


def test_one_against_a_table():
    from skipbo_core.ai.tournament import one_vs_table
    assert one_vs_table(["a", "b"], 4) == ["a", "b", "b", "b"]
    assert one_vs_table(["a", "b"], 6, teams=True) == ["a", "b", "b"]
    lineups = seatings(one_vs_table(["a", "b"], 3), 3)
    assert lineups == [("a", "b", "b"), ("b", "b", "a"), ("b", "a", "b")]
    with pytest.raises(ValueError, match="two bots"):
        one_vs_table(["a", "b", "c"], 4)


def test_cli_one_vs_table_reports_the_share_against_the_fair_share(capsys):
    assert main(["tournament", "--bots", "hard,easy", "--players", "3", "--stock", "4", "--games", "6",
                 "--one-vs-table"]) == 0
    out = capsys.readouterr().out
    assert "hard vs easy vs easy; 3 players" in out and "6 games (2 deals x 3 seatings)" in out
    row = next(line for line in out.splitlines() if line.startswith("hard "))
    assert "33.3%" in row and "x fair" in out
    assert "Elo difference" not in out  # unequal seats: no Elo

"""The arena: a seeded schedule, per-bot and per-role statistics, ratings, any job count."""

import json
from collections import Counter

import pytest
from typer.testing import CliRunner

import tests.bots.fixtures  # noqa: F401  (registers stones and showdown)
from hiddenhand.bots.arena import (
    Deal,
    GameResult,
    SeatResult,
    Tally,
    compare_in_seat,
    ratings,
    schedule,
    tournament,
    two_proportion_p,
    wilson,
)
from hiddenhand.bots.base import Bot
from hiddenhand.cli import app
from hiddenhand.engine import get_game


def test_a_short_lineup_is_filled_with_its_last_bot_and_rotated_over_every_seat():
    deals = schedule(3, ["a", "b"], 9, 100)
    assert [d.seats for d in deals[:3]] == [("a", "b", "b"), ("b", "b", "a"), ("b", "a", "b")]
    assert [d.seed for d in deals] == [100, 100, 100, 101, 101, 101, 102, 102, 102]
    assert [d.index for d in deals] == list(range(9))
    seats_of_a = Counter(d.seats.index("a") for d in deals)
    assert seats_of_a == {0: 3, 1: 3, 2: 3}


def test_one_bot_everywhere_plays_each_deal_once():
    deals = schedule(4, ["h"], 3, 7)
    assert deals == [Deal(k, 7 + k, ("h",) * 4) for k in range(3)]


def test_a_long_lineup_rotates_through_the_seats():
    deals = schedule(2, ["a", "b", "c"], 3, 0)
    assert [d.seats for d in deals] == [("a", "b"), ("b", "c"), ("c", "a")]


def test_wilson_interval():
    assert wilson(0, 0) == (0.0, 1.0)
    low, high = wilson(5, 10)
    assert low == pytest.approx(0.2366, abs=1e-4) and high == pytest.approx(0.7634, abs=1e-4)
    low, high = wilson(0, 20)
    assert low == 0.0 and high == pytest.approx(0.1611, abs=1e-4)
    low, high = wilson(520, 1000)
    assert low < 0.52 < high and high - low < 0.07


def test_two_proportion_test():
    assert two_proportion_p(Tally(500, 250), Tally(500, 250)) == pytest.approx(1.0)
    assert two_proportion_p(Tally(500, 300), Tally(500, 250)) < 0.01
    assert two_proportion_p(Tally(50, 27), Tally(50, 25)) > 0.5


def _result(index: int, winner: str) -> GameResult:
    seats = (SeatResult("a", "x", winner == "a"), SeatResult("b", "y", winner == "b"))
    return GameResult(index, index, seats, "side", 3)


def test_ratings_rise_for_the_bot_that_wins():
    rated = ratings([_result(k, "a" if k % 4 else "b") for k in range(40)])
    assert rated["a"]["mu"] > 25 > rated["b"]["mu"]
    assert rated["a"]["ordinal"] > rated["b"]["ordinal"]
    assert rated["a"]["sigma"] < 25 / 3


def test_per_role_statistics_and_sides():
    showdown = get_game("showdown")
    report = tournament(
        showdown, 2, showdown.options(None), ["ismcts:iterations=60", "random"], 40, 5
    )
    assert report.games == 40 and not report.errors
    assert set(report.by_role) == {"ismcts:iterations=60", "random"}
    for roles in report.by_role.values():
        assert set(roles) == {"first", "second"}
        assert sum(t.games for t in roles.values()) == 40
        assert roles["first"].games == roles["second"].games == 20
    search, rand = report.by_bot["ismcts:iterations=60"], report.by_bot["random"]
    assert search.rate > rand.rate
    assert sum(report.sides.values()) == 40


def test_a_failing_game_is_reported_not_raised(monkeypatch):
    class Broken(Bot):
        name = "broken"

        def decide(self, turn):
            raise RuntimeError("bot bug")

    stones = get_game("stones")
    monkeypatch.setattr(
        "hiddenhand.bots.base._generic_bots", lambda: {"random": Broken, "broken": Broken}
    )
    report = tournament(stones, 2, stones.options(None), ["broken"], 2, 0)
    assert report.errors == [
        "game 0 (seed 0): RuntimeError: bot bug",
        "game 1 (seed 1): RuntimeError: bot bug",
    ]
    assert report.by_bot == {}


def test_the_numbers_are_the_same_with_one_and_with_two_jobs():
    showdown = get_game("showdown")
    bots = ["ismcts:iterations=30", "random"]
    one = tournament(showdown, 2, showdown.options(None), bots, 16, 3, jobs=1)
    two = tournament(showdown, 2, showdown.options(None), bots, 16, 3, jobs=2)
    assert one.to_json(timing=False) == two.to_json(timing=False)
    assert one.games == 16 and set(two.timing) == set(bots)


runner = CliRunner()


def test_tournament_command_json_and_plot(tmp_path):
    chart = tmp_path / "chart.png"
    args = ["tournament", "showdown", "--bots", "ismcts:iterations=30,random", "--games", "8"]
    result = runner.invoke(app, [*args, "--seed", "2", "--json", "--plot", str(chart)])
    assert result.exit_code == 0, result.output
    report = json.loads(result.stdout)
    assert report["games"] == 8 and report["by_bot"]["random"]["games"] == 8
    assert set(report["ratings"]) == {"ismcts:iterations=30", "random"}
    assert chart.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    table = runner.invoke(app, [*args, "--seed", "2"])
    assert table.exit_code == 0 and "win rate by role" in table.output and "first" in table.output


def test_tournament_command_refuses_unknown_bots():
    result = runner.invoke(app, ["tournament", "stones", "--bots", "ismcts,wizard"])
    assert result.exit_code == 2 and "unknown bot 'wizard'" in result.output


def test_bench_reports_iterations_per_second_for_a_searching_bot():
    result = runner.invoke(
        app, ["bench", "stones", "--bot", "ismcts:iterations=50", "--seconds", "0.3", "--json"]
    )
    assert result.exit_code == 0, result.output
    report = json.loads(result.stdout)
    assert report["bot"] == "ismcts:iterations=50" and report["decisions"] > 0
    assert report["iterations_per_s"] > 0 and report["iterations_per_search"] <= 50
    assert report["iterations_per_cpu_s"] > 0 and report["decisions_per_cpu_s"] > 0
    plain = runner.invoke(app, ["bench", "stones", "--bot", "random", "--seconds", "0.2", "--json"])
    assert "iterations_per_s" not in json.loads(plain.stdout)


def test_comparison_in_one_seat_replays_the_same_deals_with_the_baseline_there():
    showdown = get_game("showdown")
    options = showdown.options(None)
    comparison = compare_in_seat(showdown, 2, options, "ismcts:iterations=60", "random", 40, 1)
    rows = {row["role"]: row for row in comparison.rows()}
    assert set(rows) == {"first", "second", "all roles"}
    assert rows["first"]["challenger"]["games"] == rows["first"]["baseline"]["games"] == 20
    assert rows["all roles"]["challenger"]["games"] == 40
    assert rows["all roles"]["difference"] > 0.15 and rows["all roles"]["p"] < 0.05
    assert comparison.control.by_bot["random"].games == 80  # both seats, every deal


def test_tournament_command_with_a_baseline_compares_one_seat():
    args = ["tournament", "showdown", "--bots", "ismcts:iterations=30", "--baseline", "random"]
    result = runner.invoke(app, [*args, "--games", "8", "--json"])
    assert result.exit_code == 0, result.output
    report = json.loads(result.stdout)
    assert [row["role"] for row in report["seat"]] == ["first", "second", "all roles"]
    assert report["control"]["bots"] == ["random"]
    refused = runner.invoke(app, [*args[:3], "ismcts,random", "--baseline", "random"])
    assert refused.exit_code == 2 and "--baseline takes one other bot" in refused.output

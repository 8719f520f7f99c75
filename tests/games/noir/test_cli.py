"""NOIR from the command line: simulate, bench, and a person playing either role."""

import json

import pytest
from typer.testing import CliRunner

from hiddenhand.cli import app

runner = CliRunner()


@pytest.mark.parametrize("mode", ["classic", "standard", "citizens-arrest"])
def test_simulate_reports_the_three_outcomes_and_no_errors(mode):
    result = runner.invoke(
        app,
        ["simulate", "noir", "--games", "60", "--seed", "1", "--option", f"mode={mode}", "--json"],
    )
    assert result.exit_code == 0, result.output
    report = json.loads(result.stdout)
    assert report["errors"] == 0 and sum(report["outcomes"].values()) == 60
    assert set(report["outcomes"]) <= {"killer", "inspector", "draw"}


def test_bench_runs():
    result = runner.invoke(app, ["bench", "noir", "--seconds", "0.3", "--json"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["steps_per_s"] > 0


@pytest.mark.parametrize(
    ("seat", "roles", "role"),
    [
        (1, "killer-seat-0", "inspector"),
        (0, "killer-seat-0", "killer"),
        (0, "killer-seat-1", "inspector"),
    ],
)
def test_a_person_can_play_either_role(seat, roles, role):
    args = ["play", "noir", "--seat", str(seat), "--seed", "5", "--option", f"roles={roles}"]
    result = runner.invoke(app, args, input="1\n" * 400)
    assert result.exit_code == 0, result.output
    assert f"You are the {role}" in result.output
    assert "game over" in result.output and "The Killer was" in result.output


def test_a_bad_option_is_a_clear_error():
    result = runner.invoke(app, ["simulate", "noir", "--option", "roles=both"])
    assert result.exit_code != 0 and "roles" in result.output

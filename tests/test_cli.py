"""The command line: every command, its JSON output and its errors."""

import json
import statistics

from typer.testing import CliRunner

from hiddenhand.cli import app

runner = CliRunner()


def invoke(*args: str):
    return runner.invoke(app, list(args))


def test_simulate_json_reports_outcomes_and_no_errors():
    result = invoke(
        "simulate", "highcard", "--players", "3", "--games", "30", "--seed", "1", "--json"
    )
    assert result.exit_code == 0, result.output
    report = json.loads(result.stdout)
    assert report["game"] == "highcard" and report["players"] == 3 and report["games"] == 30
    assert sum(report["outcomes"].values()) == 30 and report["errors"] == 0
    assert report["mean_actions"] > 0 and report["seconds"] >= 0


def test_simulate_saves_records_that_replay(tmp_path):
    result = invoke("simulate", "highcard", "-n", "3", "--seed", "5", "--save", str(tmp_path))
    assert result.exit_code == 0, result.output
    files = sorted(tmp_path.glob("*.json"))
    assert len(files) == 3
    shown = invoke("replay", str(files[0]), "--seat", "1")
    assert shown.exit_code == 0, shown.output
    assert "game over" in shown.output and "as Bea" in shown.output
    spectator = invoke("replay", str(files[0]))
    assert "you see" not in spectator.output


def test_bench_json():
    result = invoke("bench", "highcard", "--seconds", "0.3", "--json")
    assert result.exit_code == 0, result.output
    report = json.loads(result.stdout)
    assert report["steps_per_s"] > 0 and report["games_per_s"] > 0 and report["clones_per_s"] > 0
    assert report["determinizations_per_s"] > 0


def test_bench_reports_cpu_time_as_well_as_wall_time():
    report = json.loads(invoke("bench", "highcard", "--seconds", "0.3", "--json").stdout)
    for name in ("steps", "games", "clones", "determinizations"):
        assert report[f"{name}_per_cpu_s"] > 0
    shown = invoke("bench", "highcard", "--seconds", "0.3")
    assert "per CPU second" in shown.output


def test_bench_says_how_the_hot_modules_ran_and_compares_with_pure_python():
    from hiddenhand import native

    result = invoke("bench", "noir", "--seconds", "0.3", "--json", "--compare")
    assert result.exit_code == 0, result.output
    report = json.loads(result.stdout)
    assert report["native"] == native.describe()
    assert report["compiled"] is native.compiled()
    assert report["pure"]["steps_per_cpu_s"] > 0
    ratio = report["steps_per_cpu_s"] / report["pure"]["steps_per_cpu_s"]
    assert report["speedup"]["steps"] == round(ratio, 2)
    shown = invoke("bench", "noir", "--seconds", "0.2")
    assert f"hot modules: {native.describe()}" in shown.output


def test_bench_alternates_the_builds_for_rounds_and_reports_the_medians():
    args = ("bench", "noir", "--seconds", "0.2", "--json", "--compare", "--rounds", "3")
    result = invoke(*args)
    assert result.exit_code == 0, result.output
    report = json.loads(result.stdout)
    assert report["rounds"] == 3
    steps = report["speedups"]["steps"]
    assert len(steps) == 3 and all(r > 0 for r in steps)
    assert report["speedup"]["steps"] == round(statistics.median(steps), 2)
    shown = invoke("bench", "noir", "--seconds", "0.2", "--compare", "--rounds", "2")
    assert shown.exit_code == 0, shown.output
    assert "median of 2 rounds" in shown.output and "each round" in shown.output
    alone = invoke("bench", "noir", "--seconds", "0.2", "--rounds", "2")
    assert alone.exit_code != 0 and "--rounds needs --compare" in alone.output


def test_rounds_alternate_the_builds_and_take_each_rate_s_median(monkeypatch):
    from hiddenhand.cli import bench

    order: list[str] = []
    here = iter([{"steps_per_cpu_s": r} for r in (300.0, 100.0, 200.0)])
    there = iter([{"steps_per_cpu_s": r, "extra": 1.0} for r in (100.0, 50.0, 400.0)])

    def measure_here() -> dict[str, float]:
        order.append("here")
        return next(here)

    def run_pure(argv: list[str]) -> str:
        order.append("pure")
        return json.dumps(next(there))

    monkeypatch.setattr(bench.native, "run_pure", run_pure)
    compiled, pure, each = bench.alternated(measure_here, ["bench"], 3, quiet=True)
    assert order == ["here", "pure"] * 3
    assert compiled == {"steps_per_cpu_s": 200.0}
    assert pure == {"steps_per_cpu_s": 100.0}  # only the rates this build measured
    assert each == {"steps": [3.0, 2.0, 0.5]}  # each round's own ratio, not a ratio of medians


def test_bad_input_exits_nonzero_with_what_is_allowed(tmp_path):
    cases = [
        (("simulate", "chess"), "games are"),
        (("simulate", "highcard", "--players", "9"), "2-5 players"),
        (("simulate", "highcard", "--option", "turns=x"), "bad value"),
        (("simulate", "highcard", "--option", "speed=3"), "options are"),
        (("simulate", "highcard", "--bots", "genius"), "bots are"),
        (("simulate", "highcard", "-p", "3", "--bots", "random,random"), "one per seat"),
        (("replay", str(tmp_path / "none.json")), "cannot read"),
        (("play", "highcard", "--seat", "7"), "--seat"),
    ]
    for args, message in cases:
        result = invoke(*args)
        assert result.exit_code != 0, args
        assert message in result.output, (args, result.output)


def test_play_in_terminal_with_bad_input_then_a_full_game():
    answers = "\n".join(["zero", "99", ""] + ["1"] * 40) + "\n"
    result = runner.invoke(
        app, ["play", "highcard", "--seed", "3", "--bots", "random"], input=answers
    )
    assert result.exit_code == 0, result.output
    assert "is not a choice" in result.output
    assert "game over" in result.output


def test_play_quit():
    result = runner.invoke(app, ["play", "highcard", "--seed", "3"], input="q\n")
    assert result.exit_code == 0 and "left the table" in result.output


def test_the_terminal_never_asks_a_question_with_one_answer():
    import io

    from rich.console import Console

    from hiddenhand.bots.base import make_bot
    from hiddenhand.tui.session import play_in_terminal
    from tests.bots.fixtures import STONES

    asked: list[str] = []
    state = STONES.start(2, {"stones": 1}, seed=1)
    bots = [make_bot(STONES, "random", s, 1) for s in range(2)]
    console = Console(file=io.StringIO(), width=100)
    final = play_in_terminal(
        state, 0, bots, console, ask=lambda prompt: asked.append(prompt) or "1"
    )
    assert final.outcome() is not None and final.record().actions == [[0, 0]]
    assert asked == [], "the only move was asked for"


def test_every_option_and_argument_of_every_command_says_what_it_is():
    import typer.main

    group = typer.main.get_command(app)
    missing = [
        f"{name} {param.name}"
        for name, command in group.commands.items()  # type: ignore[attr-defined]
        for param in command.params
        if not (getattr(param, "help", None) or "").strip()
    ]
    assert not missing, f"without help text: {missing}"
    assert len(group.commands) >= 6  # type: ignore[attr-defined]


def test_piped_tables_are_not_cut_at_80_columns():
    result = invoke("tournament", "highcard", "-b", "random,random", "-n", "4", "-p", "3")
    assert result.exit_code == 0, result.output
    assert "…" not in result.output
    assert max(len(line) for line in result.output.splitlines()) > 80

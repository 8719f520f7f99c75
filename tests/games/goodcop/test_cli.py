"""Good Cop Bad Cop through the command line and the terminal."""

import io
import json

from rich.console import Console
from typer.testing import CliRunner

from hiddenhand.bots.base import make_bot
from hiddenhand.cli import app
from hiddenhand.engine import get_game
from hiddenhand.tui.session import play_in_terminal

GAME = get_game("goodcop")


def test_simulate_reports_no_errors():
    result = CliRunner().invoke(
        app, ["simulate", "goodcop", "-p", "5", "-n", "20", "--seed", "1", "--json"]
    )
    assert result.exit_code == 0, result.output
    report = json.loads(result.stdout)
    assert report["errors"] == 0 and sum(report["outcomes"].values()) == 20


def test_a_person_can_finish_a_game_in_the_terminal():
    state = GAME.start(6, seed=8)
    bots = [make_bot(GAME, "heuristic", s, 8) for s in range(6)]
    out = io.StringIO()
    console = Console(file=out, width=110, force_terminal=False)
    final = play_in_terminal(state, 0, bots, console, ask=lambda prompt: "1")
    assert final.outcome() is not None
    text = out.getvalue()
    assert "game over" in text and "You are" in text and "left" in text


def test_a_person_can_play_each_zombies_design_in_the_terminal():
    for design in ("dice", "infect", "simple"):
        seen = ""
        for seed in range(40):
            state = GAME.start(5, {"zombies": design}, seed=seed)
            bots = [make_bot(GAME, "heuristic", s, seed) for s in range(5)]
            out = io.StringIO()
            console = Console(file=out, width=140, force_terminal=False)
            final = play_in_terminal(state, 0, bots, console, ask=lambda prompt: "1")
            assert final.outcome() is not None
            seen += out.getvalue()
            dice_shown = "☣" in seen and "Last roll" in seen
            if "ZOMBIE" in seen and "Arms" in seen and (design == "simple" or dice_shown):
                break
        assert f"Zombies ({design})" in seen and "ZOMBIE" in seen and "Arms" in seen
        if design != "simple":
            assert "☣" in seen and "Last roll" in seen

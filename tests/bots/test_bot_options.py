"""Bot specs name only declared options, with values in range; the CLI refuses the rest."""

import pytest
from typer.testing import CliRunner

from hiddenhand.bots.base import make_bot, parse_bot_spec
from hiddenhand.bots.ismcts import ISMCTSBot
from hiddenhand.cli import app
from hiddenhand.engine import OptionError, get_game


@pytest.mark.parametrize(
    ("game_id", "spec", "message"),
    [
        ("goodcop", "heuristic:shoot_at=abc", "shoot_at takes a number 0-1, not 'abc'"),
        ("goodcop", "heuristic:shoot_at=7", "shoot_at takes a number 0-1"),
        ("goodcop", "heuristic:shoot_at=nan", "shoot_at takes a number 0-1"),
        ("noir", "heuristic:shoot_at=0.5", "bot heuristic has no option 'shoot_at'"),
        ("noir", "heuristic:kill_safe=0", "kill_safe takes a whole number 1-8"),
        ("infected", "heuristic:human=sometimes", "human takes heuristic or random"),
        ("goodcop", "random:fast=1", "bot random has no option 'fast'"),
        ("goodcop", "ismcts:iterations=1000000000", "iterations takes a whole number 1-5000"),
        ("goodcop", "ismcts:iterations=10**30", "iterations takes a whole number 1-5000"),
        ("goodcop", "ismcts:seconds=inf", "seconds takes a number 0-10"),
        ("goodcop", "ismcts:depth=deep", "depth takes a whole number 0-400 or auto"),
        ("noir", "ismcts:rollout=ismcts", "rollout takes auto, random or heuristic"),
        ("goodcop", "ismcts:iterations=5:iterations=6", "given twice"),
        ("goodcop", "ismcts:" + "c=1:" * 60, "at most 200 characters"),
    ],
)
def test_a_bad_spec_is_refused_naming_what_is_allowed(
    game_id: str, spec: str, message: str
) -> None:
    with pytest.raises(OptionError, match=message):
        make_bot(get_game(game_id), spec, 0, 0)


def test_declared_options_arrive_typed_and_in_range() -> None:
    bot = make_bot(get_game("goodcop"), "ismcts:iterations=5000:seconds=0.25:depth=auto", 2, 9)
    assert isinstance(bot, ISMCTSBot)
    assert (bot.iterations, bot.seconds, bot.depth) == (5000, 0.25, None)
    heuristic = make_bot(get_game("goodcop"), "heuristic:shoot_at=0.8", 0, 1)
    assert heuristic.shoot_at == 0.8  # type: ignore[attr-defined]
    assert parse_bot_spec("ismcts:iterations=5") == ("ismcts", {"iterations": "5"})


@pytest.mark.parametrize(
    "args",
    [
        ["play", "goodcop", "--bots", "ismcts:iterations=1000000000"],
        ["simulate", "goodcop", "--bots", "heuristic:shoot_at=abc", "--seed", "1"],
        ["bench", "noir", "--bot", "ismcts:rollout=anything"],
        ["tournament", "noir", "--bots", "random,heuristic:x=1", "--games", "2", "--seed", "1"],
    ],
)
def test_the_command_line_refuses_a_bad_spec_with_exit_code_2(args: list[str]) -> None:
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 2, result.output
    assert "takes" in result.output or "no option" in result.output

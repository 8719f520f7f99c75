"""Bots, evaluations and terminal drawings are registered outside the engine, per game."""

import pytest

import tests.bots.fixtures  # noqa: F401  (registers stones and showdown)
from hiddenhand.bots import registry
from hiddenhand.bots.base import RandomBot, bot_names, make_bot
from hiddenhand.bots.registry import (
    default_bot,
    evaluator,
    game_bots,
    register_bot,
    register_evaluator,
)
from hiddenhand.engine import OptionError, get_game
from hiddenhand.tui.renderers import renderer


class Patient(RandomBot):
    name = "patient"


@pytest.mark.parametrize("game_id", ["goodcop", "noir", "infected"])
def test_every_game_registers_its_heuristic_and_its_drawing(game_id: str):
    game = get_game(game_id)
    assert "heuristic" in game_bots(game_id) and default_bot(game_id) == "heuristic"
    assert {"heuristic", "random", "ismcts"} <= set(bot_names(game))
    assert renderer(game_id) is not None


def test_goodcop_and_infected_register_an_evaluation_and_noir_none():
    assert evaluator("goodcop") is not None and evaluator("infected") is not None
    assert evaluator("noir") is None


def test_a_registered_bot_plays_its_game_only(monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setattr(registry, "_bots", dict(registry._bots))
    stones, showdown = get_game("stones"), get_game("showdown")
    assert default_bot("stones") == "random"
    register_bot("stones", "patient", Patient)
    assert isinstance(make_bot(stones, "patient", 0), Patient)
    assert "patient" in bot_names(stones) and "patient" not in bot_names(showdown)
    with pytest.raises(OptionError, match="unknown bot 'patient' for showdown"):
        make_bot(showdown, "patient", 0)


def test_an_evaluation_can_be_set_and_removed():
    register_evaluator("stones", lambda state, seat: 0.5)
    assert evaluator("stones") is not None
    register_evaluator("stones", None)
    assert evaluator("stones") is None

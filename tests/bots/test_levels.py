"""The strength ladder: four levels, each a valid bot spec in every game, a level accepted
wherever a spec is, and the weakened bot of the easy level."""

from __future__ import annotations

import pytest

from hiddenhand.bots.arena import tournament
from hiddenhand.bots.base import make_bot, resolve_spec
from hiddenhand.bots.match import play
from hiddenhand.bots.registry import LEVELS, level_specs, register_levels
from hiddenhand.bots.sloppy import SloppyBot
from hiddenhand.engine import OptionError, get_game

GAMES = {"noir": 2, "goodcop": 6, "infected": 4}


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_level_is_a_valid_bot_spec_of_every_game(game_id: str) -> None:
    game = get_game(game_id)
    specs = level_specs(game_id)
    assert list(specs) == list(LEVELS)
    assert len(set(specs.values())) == len(LEVELS)  # four different bots
    for level, spec in specs.items():
        assert resolve_spec(game, level) == spec
        built = make_bot(game, level, 1, 5)
        assert type(built) is type(make_bot(game, spec, 1, 5))


def test_a_level_takes_the_options_of_its_bot_over_its_own() -> None:
    noir = get_game("noir")
    base = level_specs("noir")["expert"]
    assert resolve_spec(noir, "expert:seconds=0.1") == f"{base}:seconds=0.1"
    assert resolve_spec(noir, "expert:iterations=7").count("iterations=7") == 1
    with pytest.raises(OptionError, match="1-5000"):
        make_bot(noir, "expert:iterations=0", 0)
    with pytest.raises(OptionError, match="easy, medium, hard, expert"):
        make_bot(noir, "grandmaster", 0)


def test_a_game_without_a_ladder_of_its_own_gets_the_generic_one() -> None:
    import tests.engine.toy  # noqa: F401  (High Card: no heuristic, no ladder)

    specs = level_specs("highcard")
    assert specs["easy"] == "random" and specs["hard"].startswith("ismcts")
    for level in LEVELS:
        make_bot(get_game("highcard"), level, 0)
    with pytest.raises(ValueError, match="exactly the levels"):
        register_levels("highcard", {"easy": "random"})


def test_the_sloppy_bot_slips_as_often_as_asked() -> None:
    noir = get_game("noir")
    state = noir.start(2, noir.options(None), 11)
    never = [make_bot(noir, "sloppy:slip=0", s, 3) for s in range(2)]
    heuristic = [make_bot(noir, "heuristic", s, 3) for s in range(2)]
    assert list(play(state.clone(), never).logs.of(0)) == list(
        play(state.clone(), heuristic).logs.of(0)
    )
    always = make_bot(noir, "sloppy:slip=1:bot=heuristic", 0, 3)
    assert isinstance(always, SloppyBot) and always.uses_view
    with pytest.raises(OptionError, match="bot sloppy option bot"):
        make_bot(noir, "sloppy:bot=ismcts", 0)


def test_medium_beats_easy_at_noir_on_fixed_deals() -> None:
    """Not timing dependent: fixed seeds, bots without a time budget."""
    noir = get_game("noir")
    report = tournament(noir, 2, noir.options(None), ["medium", "easy"], 200, 31)
    medium, easy = report.by_bot["medium"], report.by_bot["easy"]
    assert medium.games == easy.games == 200 and not report.errors
    assert medium.rate >= easy.rate + 0.25, (medium.rate, easy.rate)

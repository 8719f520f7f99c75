"""The default truncation limits: ten times the measured 99.9th percentile, for every table."""

import pytest

from hiddenhand.engine import OptionError, get_game
from hiddenhand.rl.limits import P999, max_steps


def test_every_seat_count_of_every_game_has_a_limit_well_above_its_long_games():
    for game_id, measured in P999.items():
        game = get_game(game_id)
        assert sorted(measured) == list(range(game.min_players, game.max_players + 1))
        for players, p999 in measured.items():
            limit = max_steps(game_id, players)
            assert limit % 100 == 0 and 10 * p999 <= limit < 10 * p999 + 100


def test_the_limits_are_the_measured_ones():
    assert max_steps("noir", 2) == 800
    assert max_steps("goodcop", 6) == 11_500
    assert max_steps("infected", 4) == 6_300


def test_an_unseatable_table_is_refused():
    with pytest.raises(OptionError, match="4-8 players"):
        max_steps("goodcop", 3)

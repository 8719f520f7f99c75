"""Whole-number options are bounded, so no option value makes a game that never ends."""

import pytest

from hiddenhand.engine import OptionError, get_game


@pytest.mark.parametrize(
    ("pair", "allowed"),
    [
        ("turn_limit=1000000000", "turn_limit (2..10000"),
        ("turn_limit=1", "turn_limit (2..10000"),
        ("kills=0", "kills (1..23"),
        (f"kills={10**30}", "kills (1..23"),
        ("kills=" + "9" * 5000, "kills (1..23"),
    ],
)
def test_out_of_range_numbers_are_refused_with_the_range(pair, allowed):
    with pytest.raises(OptionError, match=allowed.replace("(", r"\(")):
        get_game("noir").options([pair])


def test_numbers_in_range_are_taken():
    options = get_game("noir").options(["turn_limit=10000", "kills=23"])
    assert (options.turn_limit, options.kills) == (10000, 23)
    assert get_game("noir").options({"turn_limit": 2}).turn_limit == 2

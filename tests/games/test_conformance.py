"""Every game has the one shape (`engine.conformance`), and the check sees a game that does not.

`DEPARTURES` names, for each game shipped with hiddenhand and for the example game, the checks
it fails today; it must match exactly, so a game that gains a departure fails here, and so does
one that loses one until its entry is emptied.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from hiddenhand.engine import ActionSpace, Game, games
from hiddenhand.engine.conformance import CHECKS, departed_checks, departures
from tests.games.parity.rules import (
    SPACE,
    DictViewParity,
    IntPhaseParity,
    LoggingParity,
    OwnResultParity,
    Parity,
    game_of,
)

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "loveletter"

DEPARTURES: dict[str, set[str]] = {
    "goodcop": set(),
    "infected": set(),
    "loveletter": set(),
    "noir": set(),
}
"""The checks each game fails today."""


def shipped_and_example() -> dict[str, Game]:
    """The games of the package itself and the example game (games that tests register for
    themselves are not held to the shape)."""
    if str(EXAMPLE) not in sys.path:
        sys.path.insert(0, str(EXAMPLE))
    import hiddenhand_loveletter

    found = {
        gid: game
        for gid, game in games().items()
        if game.options_type.__module__.startswith("hiddenhand.games.")
    }
    found[hiddenhand_loveletter.GAME.id] = hiddenhand_loveletter.GAME
    return found


def test_every_shipped_game_has_an_entry():
    assert set(shipped_and_example()) == set(DEPARTURES)


@pytest.mark.parametrize("game_id", sorted(DEPARTURES))
def test_each_game_departs_from_the_shape_exactly_as_known(game_id: str):
    game = shipped_and_example()[game_id]
    found = departures(game)
    assert {d.check for d in found} == DEPARTURES[game_id], "\n".join(map(str, found))
    assert {d.check for d in found} <= set(CHECKS)


def test_a_game_in_the_shape_passes_every_check():
    assert departures(game_of(Parity)) == []


@pytest.mark.parametrize(
    ("state", "check"),
    [
        (LoggingParity, "events"),
        (DictViewParity, "views"),
        (OwnResultParity, "result"),
        (IntPhaseParity, "phases"),
    ],
    ids=["events-in-a-list", "views-as-dicts", "its-own-result", "an-int-phase"],
)
def test_a_game_that_departs_in_one_way_fails_that_check_alone(state: type[Parity], check: str):
    assert departed_checks(game_of(state)) == {check}


def test_the_event_check_names_each_way_events_went_around_emit():
    details = [d.detail for d in departures(game_of(LoggingParity))]
    assert any("_apply returned list" in d for d in details), details
    assert any("LoggingParity.log keeps events" in d for d in details), details


def test_the_result_check_sees_the_override_and_the_missing_finish():
    details = [d.detail for d in departures(game_of(OwnResultParity))]
    assert any("overrides outcome" in d for d in details), details
    assert any("no outcome set by finish" in d for d in details), details


def test_a_game_whose_declared_space_is_not_the_one_it_plays_with_fails():
    other = ActionSpace([(a.kind, a.args, a.text.upper()) for a in SPACE])
    assert departed_checks(game_of(Parity, other)) == {"space"}


def test_an_action_kind_compared_with_a_bare_string_is_found_and_an_event_kind_is_not():
    import inspect
    import types
    from unittest import mock

    from hiddenhand.engine.conformance import _bare_kinds

    source = (
        "def pick(action, event, e, space):\n"
        "    if action.kind == 'raise':\n"  # an action's kind as a bare string: found
        "        return space.get('pass')\n"  # looked up by a bare string: found
        "    if event.kind in ('raise', 'pass') or e.kind == 'raise':\n"  # events: not found
        "        return None\n"
    )
    module = types.ModuleType("bare_kinds_example")
    with mock.patch.object(inspect, "getsource", return_value=source):
        found = list(_bare_kinds(module, {"raise", "pass"}))
    assert found == [(2, "raise"), (3, "pass")]

"""The flow as declared: the table of steps and decisions, the fields a copy gets, intents."""

import pickle

import pytest

from hiddenhand.engine.checks import check_nothing_shared, fields_of
from hiddenhand.engine.cloning import compile_clone, declared_fields
from hiddenhand.engine.state import State
from hiddenhand.games.infected.flow import CYCLE, RESOLVE, Phase
from hiddenhand.games.infected.intents import Play, React
from hiddenhand.games.infected.rules import InfectedState
from hiddenhand.games.infected.steps import STEPS, TURNS, WINDOWS
from tests.games.infected.helpers import act, start


def test_every_step_a_round_queues_is_in_the_table() -> None:
    assert set(CYCLE) | set(RESOLVE) | {"round", "effect"} <= set(STEPS)


def test_every_decision_says_how_it_is_offered_and_carried_out() -> None:
    waiting = set(Phase) - {Phase.OVER}
    assert waiting == set(WINDOWS) | set(TURNS)
    assert not set(WINDOWS) & set(TURNS)


def test_a_clone_gets_every_field_the_table_declares() -> None:
    state = start(4, 3)
    act(state, 0, "pass")
    assert set(fields_of(state)) == {name for name, _ in declared_fields(InfectedState)}
    copy = state.clone()
    assert set(fields_of(copy)) == set(fields_of(state))
    check_nothing_shared(state, copy, "clone")


def test_a_field_without_a_copy_rule_is_refused() -> None:
    class Odd(State):  # type: ignore[type-arg]
        counts: dict  # type: ignore[type-arg]

    with pytest.raises(TypeError, match="counts"):
        compile_clone(Odd)


def test_intents_are_frozen_values() -> None:
    intent = Play(3)
    with pytest.raises(AttributeError):
        intent.item = 4  # type: ignore[misc]
    assert intent == Play(3) and intent.describe() == "play 3"
    assert intent != React(3) and hash(intent) == hash(Play(3))  # the kind is part of the value
    assert pickle.loads(pickle.dumps(intent)) == intent  # drafts go to bot processes


def test_views_send_phases_and_stages_as_plain_strings() -> None:
    state = start(4, 3)
    act(state, 0, "call_destroy")
    view = state.view(0)
    assert type(view["phase"]) is str and view["phase"] == "action"
    assert type(view["me"]["choice"]["stage"]) is str
    assert view["me"]["choice"]["stage"] == "destroy_target"

"""Liveness and secrecy over thousands of seeded games, replay, JSON and illegal actions."""

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hiddenhand.engine import IllegalAction, Record, get_game
from hiddenhand.engine.checks import run_checks
from hiddenhand.games.goodcop.phases import Phase

GAME = get_game("goodcop")
OPTIONS = [
    {"guns": guns, "discard": discard}
    for guns in ("per-player", "players-minus-2")
    for discard in ("pile", "bottom")
]
GAMES_PER_CONFIG = 100  # 5 seat counts x 4 option sets x 100 = 2,000 games


@pytest.mark.slow
@pytest.mark.parametrize("options", OPTIONS, ids=lambda o: f"{o['guns']}-{o['discard']}")
@pytest.mark.parametrize("players", range(4, 9))
def test_liveness_and_secrecy_over_seeded_games(players, options):
    opts = GAME.options(options)
    every = 40 + 15 * players  # sample states; longer games at bigger tables
    for seed in range(GAMES_PER_CONFIG):
        end = run_checks(GAME, players, opts, seed, secrecy_every=every)
        assert end.outcome() is not None


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    players=st.integers(4, 8),
    options=st.sampled_from(OPTIONS),
    seed=st.integers(0, 2**31 - 1),
)
def test_every_state_of_random_games_keeps_secrets(players, options, seed):
    run_checks(GAME, players, GAME.options(options), seed, secrecy_every=4)


def test_a_record_replays_the_same_game():
    state = GAME.start(6, {"discard": "bottom"}, seed=11)
    rng = random.Random(11)
    while state.pending():
        seat = rng.choice(sorted(state.pending()))
        state.act(seat, rng.choice(state.pending()[seat]))
    data = state.record().to_json()
    replayed = Record.from_json(data).replay()
    assert replayed.outcome() == state.outcome()
    assert [replayed.view(s) for s in range(6)] == [state.view(s) for s in range(6)]
    assert Record.from_json(data).to_json() == data


def test_actions_round_trip_through_json():
    space = GAME.action_space(8, GAME.options())
    for action in space:
        assert space.parse(json.loads(json.dumps(action.to_json()))) is action
        assert space.parse(action.id) is action
    assert len({a.id for a in space}) == len(space)
    assert str(space.get("investigate", 2, 1)) == "investigate seat 2's middle card"
    assert space.get("shoot", 3).describe(GAME.start(8).players) == "shoot Dee"


def test_illegal_actions_are_refused_and_change_nothing():
    state = GAME.start(5, seed=2)
    first = state.turn
    while state.phase == Phase.ORDER:  # everyone lays their cards down
        seat = min(state.pending())
        state.act(seat, state.pending()[seat][0])
    while state.phase == Phase.START:  # close the game-start window
        seat = min(state.pending())
        state.act(seat, state.space.get("pass"))
    before = state.view(None), state.view(first), len(state.history)
    other = (first + 1) % 5
    cases = [
        (other, state.space.get("equip"), "not asked"),
        (first, state.space.get("shoot", other), "not a legal action"),
        (first, state.space.get("investigate", first, 0), "not a legal action"),
        (first, state.space.get("pass"), "not a legal action"),
        (first, len(state.space) + 1, "no action has id"),
        (first, -1, "no action has id"),
        (9, 0, "no seat"),
    ]
    for seat, action, message in cases:
        with pytest.raises(IllegalAction, match=message):
            state.act(seat, action)
    assert (state.view(None), state.view(first), len(state.history)) == before
    with pytest.raises(IllegalAction):
        state.space.parse({"kind": "investigate", "args": [9, 9]})
    with pytest.raises(IllegalAction):
        state.space.parse("shoot")
    shoot = state.space.get("shoot", 1)
    with pytest.raises(IllegalAction, match="is shoot"):
        state.space.parse({"id": shoot.id, "kind": "aim"})
    with pytest.raises(IllegalAction, match="other arguments"):
        state.space.parse({"id": shoot.id, "args": [2]})
    assert state.space.parse({"kind": "shoot", "args": [1]}) is shoot


def test_no_action_after_the_game_is_over():
    state = GAME.start(4, seed=1)
    with state.collecting():
        state.win(0, "test")
    with pytest.raises(IllegalAction, match="over"):
        state.act(0, 0)


def test_options_round_trip_through_json():
    for options in OPTIONS:
        parsed = GAME.options(options)
        assert GAME.options(json.loads(json.dumps(parsed.to_json()))) == parsed
        assert GAME.options([f"{k}={v}" for k, v in options.items()]) == parsed

"""Every tutorial is a whole game its deal allows: each scripted move is legal where it stands,
the game is over after the last one, the person is taught a handful of moves with a hint and
the rules at each, and the other seats' steps are what the server plays. A rules change that
breaks a tutorial fails here, without a browser."""

from __future__ import annotations

import dataclasses

import pytest

from hiddenhand.engine import games
from hiddenhand.tutorials import Move, ScriptError, expand, tutorial_of, tutorials

TUTORIALS = sorted(tutorials())


def test_every_game_shipped_with_hiddenhand_has_a_tutorial():
    """The games of the package itself (games registered by other packages or by tests are
    their authors' to teach)."""
    shipped = {
        gid
        for gid, game in games().items()
        if game.options_type.__module__.startswith("hiddenhand.games.")
    }
    assert len(shipped) == 3, shipped
    assert shipped <= set(tutorials()), f"games without a tutorial: {shipped - set(tutorials())}"


@pytest.mark.parametrize("game", TUTORIALS)
def test_each_scripted_step_is_legal_and_the_game_ends_with_the_script(game: str):
    tutorial = tutorials()[game]
    state = tutorial.start()
    steps = expand(tutorial)
    for index, step in enumerate(steps):
        assert step.action in state.legal(step.seat), f"step {index}: {step}"
        state.act(step.seat, step.action)
    assert state.over, "the game goes on after the script"
    moves = [s.move for s in steps if s.move is not None]
    assert moves == list(tutorial.moves), "every move is played, in order"


@pytest.mark.parametrize("game", TUTORIALS)
def test_the_person_wins_after_a_handful_of_taught_moves(game: str):
    tutorial = tutorials()[game]
    state = tutorial.start()
    for step in expand(tutorial):
        state.act(step.seat, step.action)
    outcome = state.outcome()
    assert outcome is not None and tutorial.seat in outcome.winners
    assert 4 <= tutorial.taught() <= 10


@pytest.mark.parametrize("game", TUTORIALS)
def test_every_taught_move_has_its_rules_and_only_the_person_is_taught(game: str):
    tutorial = tutorials()[game]
    for move in tutorial.moves:
        if move.hint:
            assert move.seat == tutorial.seat, move
            assert move.rules.strip(), f"{move} has no rules text"
            assert "click" in move.hint.lower(), f"{move}: the hint says what to click"
    assert tutorial.welcome.strip() and tutorial.ending.strip()


def test_a_move_the_deal_does_not_allow_is_refused_with_where():
    noir = tutorial_of("noir")
    assert noir is not None
    broken = dataclasses.replace(noir, moves=(Move(1, "kill", (99,)), *noir.moves))
    with pytest.raises(ScriptError, match="step 0"):
        expand(broken)


def test_a_script_that_stops_before_the_end_is_refused():
    noir = tutorial_of("noir")
    assert noir is not None
    short = dataclasses.replace(noir, moves=noir.moves[:-1])
    with pytest.raises(ScriptError, match="no move is left"):
        expand(short)


def test_a_move_left_after_the_end_is_refused():
    noir = tutorial_of("noir")
    assert noir is not None
    longer = dataclasses.replace(noir, moves=(*noir.moves, Move(1, "kill", (3,))))
    with pytest.raises(ScriptError, match="over"):
        expand(longer)

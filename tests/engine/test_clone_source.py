"""The game states' written-out clones (`engine.clone_source`): up to date with the declared
fields, compiled with the rules, and the same copy as the declarative clone."""

from __future__ import annotations

import random
from typing import Any

import pytest

from hiddenhand import native
from hiddenhand.engine.checks import (
    check_nothing_shared,
    check_same_fields,
    fields_of,
    random_point,
)
from hiddenhand.engine.clone_source import (
    COMMAND,
    function_name,
    load_class,
    main,
    module_source,
    stale_modules,
)
from hiddenhand.engine.cloning import compile_clone, declarative_clone
from hiddenhand.engine.game import get_game
from hiddenhand.games.noir.options import NoirOptions
from hiddenhand.games.noir.rules import NoirState
from hiddenhand.native import NATIVE_CLONES


def test_the_written_clones_are_what_the_declared_fields_make_now():
    stale = stale_modules()
    assert not stale, f"{', '.join(stale)}: a state's fields changed; run `{COMMAND}`"


def test_the_written_clones_are_compiled_by_the_native_build():
    missing = set(NATIVE_CLONES) - set(native.NATIVE_MODULES)
    assert not missing, f"add {sorted(missing)} to hiddenhand.native.NATIVE_MODULES"


def test_a_stale_module_is_named_with_the_command_that_writes_it(
    tmp_path: Any, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
):
    module = "hiddenhand.games.noir.clones"
    written = tmp_path / "clones.py"
    written.write_text(module_source(NATIVE_CLONES[module]).replace("    other.turn = ", "#"))
    monkeypatch.setattr(
        "hiddenhand.engine.clone_source.NATIVE_CLONES", {module: NATIVE_CLONES[module]}
    )
    monkeypatch.setattr("hiddenhand.engine.clone_source.module_path", lambda _m: str(written))
    assert main([]) == 1
    assert f"{module} is stale: run {COMMAND}" in capsys.readouterr().out
    assert main(["--write"]) == 0
    assert written.read_text() == module_source(NATIVE_CLONES[module])
    assert main([]) == 0


GAMES = [
    ("noir", 2, None),
    ("goodcop", 6, None),
    ("goodcop", 6, {"zombies": "dice"}),
    ("goodcop", 5, {"zombies": "infect"}),
    ("infected", 4, None),
]


@pytest.mark.parametrize(("game_id", "players", "options"), GAMES)
@pytest.mark.parametrize("steps", [0, 15, 60])
def test_a_written_clone_copies_what_the_declarative_clone_copies(
    game_id: str, players: int, options: Any, steps: int
):
    state = random_point(get_game(game_id), players, options, steps + players, steps)
    cls = type(state)
    assert f"{cls.__module__}:{cls.__name__}" in {s for v in NATIVE_CLONES.values() for s in v}
    other = state.clone()
    declared = compile_clone(cls)(state)
    assert type(other) is cls
    check_same_fields(state, other, "a written clone")
    check_nothing_shared(state, other, "a written clone")
    assert fields_of(other).keys() == fields_of(declared).keys()
    assert _plain(fields_of(other)) == _plain(fields_of(declared))


def _plain(value: Any) -> Any:
    """`value` with every object that compares by identity (a board, a draft) opened into its
    fields, so two copies compare by what they hold."""
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_plain(v) for v in value]
    if type(value).__eq__ is object.__eq__ and fields_of(value):
        return (type(value).__name__, _plain(fields_of(value)))
    return value


@pytest.mark.parametrize(("game_id", "players", "options"), GAMES)
def test_a_written_clone_plays_on_exactly_like_its_original(
    game_id: str, players: int, options: Any
):
    state = random_point(get_game(game_id), players, options, 1)
    other = state.clone()
    rng_a, rng_b = random.Random(5), random.Random(5)
    for _ in range(40):
        pending = state.pending()
        assert other.pending() == pending
        if not pending:
            break
        seat = rng_a.choice(sorted(pending))
        assert rng_b.choice(sorted(pending)) == seat
        action = rng_a.choice(pending[seat])
        assert rng_b.choice(pending[seat]) == action
        assert state.act(seat, action) == other.act(seat, action)
    assert state.view(None) == other.view(None)


def test_each_written_function_is_named_after_its_class():
    names = [function_name(load_class(s)) for specs in NATIVE_CLONES.values() for s in specs]
    assert names == [
        "clone_noir_state",
        "clone_good_cop",
        "clone_zombie_good_cop",
        "clone_infected_state",
    ]


def test_a_subclass_of_a_written_state_gets_its_own_fields_copied():
    class Noted(NoirState):
        notes: list[str]

        def __init__(self, *args: Any) -> None:
            super().__init__(*args)
            self.notes = ["first"]

    state = Noted(["Ana", "Bea"], NoirOptions(), 3)
    other = state.clone()
    assert type(other) is Noted and other.notes == ["first"] and other.notes is not state.notes
    assert other.board is not state.board and other.hand == state.hand
    assert getattr(Noted.__dict__["clone"], "_declarative_for", None) is Noted


def test_the_declarative_clone_leaves_a_written_state_its_own_clone():
    state = NoirState(["Ana", "Bea"], NoirOptions(), 3)
    written = vars(NoirState)["clone"]
    assert type(declarative_clone(state)) is NoirState
    assert vars(NoirState)["clone"] is written

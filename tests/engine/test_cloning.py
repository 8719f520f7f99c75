"""The clone derived from declared fields: what it copies, what it shares, what it refuses."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Any, Literal

import pytest

from hiddenhand.engine import Action, Event, Outcome, Pending, State
from hiddenhand.engine.checks import (
    PropertyFailure,
    check_nothing_shared,
    check_same_fields,
    run_checks,
)
from hiddenhand.engine.cloning import compile_clone, copier
from hiddenhand.engine.frozen import FrozenDict
from tests.engine.toy import HIGH_CARD, HighCard, HighCardOptions


class Colour(Enum):
    RED = "red"


class Pad:
    """A mutable object that knows how to copy itself."""

    def __init__(self, marks: list[int]) -> None:
        self.marks = marks

    def copy(self) -> Pad:
        return Pad(list(self.marks))


class Opaque:
    """A mutable object that does not say how to copy it."""


@dataclass(frozen=True)
class Point:
    x: int


class Everything(HighCard):
    """HighCard with a field of every kind the compiler handles."""

    flat: list[int]
    deep: list[list[int]]
    deeper: list[list[list[str]]]
    groups: list[set[int]]
    table: dict[str, list[int]]
    plain: dict[int, str]
    tags: set[str]
    pad: Pad
    maybe_pad: Pad | None
    colour: Colour
    mode: Literal["a", "b"]
    point: Point
    frozen: FrozenDict
    pair: tuple[int, str]
    fixed: frozenset[int]
    outcome: Outcome | None

    def __init__(self, *args: Any) -> None:
        super().__init__(*args)
        self.flat = [1, 2]
        self.deep = [[1], [2, 3]]
        self.deeper = [[["a"]], [["b", "c"]]]
        self.groups = [{1}, {2}]
        self.table = {"a": [1]}
        self.plain = {1: "one"}
        self.tags = {"x"}
        self.pad = Pad([1])
        self.maybe_pad = None
        self.colour = Colour.RED
        self.mode = "a"
        self.point = Point(1)
        self.frozen = FrozenDict(a=(1,))
        self.pair = (1, "x")
        self.fixed = frozenset({1})
        self.outcome = None


def _everything() -> Everything:
    return Everything(["Ana", "Bea"], HighCardOptions(), 3)


def test_a_declared_clone_copies_every_mutable_field_and_shares_the_rest():
    state = _everything()
    state.maybe_pad = Pad([2])
    other = state.clone()
    check_same_fields(state, other, "a clone")
    check_nothing_shared(state, other, "a clone")
    assert vars(other).keys() == vars(state).keys()
    for name in ("flat", "deep", "deeper", "groups", "table", "plain", "tags"):
        assert getattr(other, name) == getattr(state, name)
        assert getattr(other, name) is not getattr(state, name)
    assert other.deep[1] is not state.deep[1] and other.deeper[1][0] is not state.deeper[1][0]
    assert other.groups[0] is not state.groups[0] and other.table["a"] is not state.table["a"]
    assert other.pad.marks == [1] and other.pad is not state.pad
    assert other.maybe_pad is not None and other.maybe_pad.marks == [2]
    for name in ("colour", "point", "frozen", "pair", "fixed", "space", "options", "players"):
        assert getattr(other, name) is getattr(state, name)
    assert other.rng is not state.rng and other.rng.random() == state.rng.random()


@pytest.mark.parametrize("seeding", ["keyed", "sequential"])
def test_copies_share_the_generator_as_a_snapshot_until_one_draws(seeding: str):
    state = HIGH_CARD.start(3, seed=4, seeding=seeding)
    state.rng.random()  # part of a block drawn: the snapshot must keep the buffered words
    first = state.clone()
    second = first.clone()
    assert first._rng is None and second._rng is None  # a copy that never draws builds none
    ahead = [state.rng.random() for _ in range(20)]
    assert [first.rng.random() for _ in range(20)] == ahead
    assert [second.rng.random() for _ in range(20)] == ahead
    assert first.rng is not state.rng and second.rng is not first.rng


def test_a_sample_builds_its_own_generator_from_the_searchers_only_when_it_draws():
    state = HIGH_CARD.start(3, seed=4)
    sample = state.determinize(0, random.Random(1))
    assert sample._rng is None
    again = state.determinize(0, random.Random(1))
    assert sample.rng.random() == again.rng.random()
    assert state.determinize(0, random.Random(2)).rng.random() != again.rng.random()
    assert sample.rng.getstate() != state.rng.getstate()


def test_a_clone_plays_on_alone():
    state = HIGH_CARD.start(3, seed=4)
    other = state.clone()
    other.act(0, other.space.get("peek", 1))
    assert other.history != state.history and other.view(0) != state.view(0)
    assert isinstance(state, HighCard) and isinstance(other, HighCard)
    assert other.seen[0] == {0, 1} and state.seen[0] == {0}


def test_the_compiled_clone_takes_the_place_of_the_inherited_one():
    state = _everything()
    state.clone()
    assert getattr(Everything.__dict__["clone"], "_declarative_for", None) is Everything


def test_a_subclass_that_writes_its_own_clone_keeps_it():
    class Counting(HighCard):
        calls = 0

        def clone(self) -> Counting:
            type(self).calls += 1
            copy: Counting = super().clone()
            return copy

    state = Counting(["Ana", "Bea"], HighCardOptions(), 1)
    state.clone()
    state.clone()
    assert Counting.calls == 2 and "clone" in Counting.__dict__
    assert type(state.clone()) is Counting


def test_a_subclass_of_a_compiled_class_gets_its_own_fields_copied():
    HIGH_CARD.start(2, seed=1).clone()  # compiles HighCard's clone

    class Marked(HighCard):
        marks: list[int]

        def __init__(self, *args: Any) -> None:
            super().__init__(*args)
            self.marks = [1]

    state = Marked(["Ana", "Bea"], HighCardOptions(), 1)
    other = state.clone()
    assert type(other) is Marked and other.marks == [1] and other.marks is not state.marks


@pytest.mark.parametrize(
    ("annotation", "message"),
    [
        (Any, "cannot tell how to copy"),
        (list, "say what the list holds"),
        (Opaque, "cannot tell how to copy"),
        (tuple[list[int], int], "holds mutable values"),
        (list[int] | Pad, "cannot tell how to copy"),
    ],
)
def test_a_field_that_does_not_say_how_to_copy_it_is_refused(annotation: Any, message: str):
    with pytest.raises(TypeError, match=message):
        copier(annotation, "Game.field")


def test_an_undeclared_field_is_caught_by_the_checks():
    class Forgetful(HighCard):
        def _apply(self, seat: int, action: Action) -> None:
            self.notes = [seat]  # set, never declared: a derived clone leaves it out
            super()._apply(seat, action)

    state = Forgetful(["Ana", "Bea"], HighCardOptions(), 2)
    state.act(0, state.space.get("peek", 1))
    with pytest.raises(PropertyFailure, match="lacks fields notes"):
        check_same_fields(state, state.clone(), "a clone")


def test_an_unreadable_annotation_is_refused_with_the_field_named():
    class Broken(HighCard):
        ghost: NoSuchType  # type: ignore[name-defined]  # noqa: F821

    with pytest.raises(TypeError, match=r"Broken\.ghost"):
        compile_clone(Broken)


class Emits(State[HighCardOptions]):
    """Reports two events through emit."""

    game = HIGH_CARD
    done: bool

    def __init__(self, players: Sequence[str], options: HighCardOptions, seed: int) -> None:
        super().__init__(players, options, seed, HIGH_CARD.action_space(len(players), options))
        self.done = False

    def _legal(self) -> Pending:
        return {} if self.done else {0: (self.space.get("call"),)}

    def _apply(self, seat: int, action: Action) -> None:
        self.done = True
        self.emit(Event("first", "emitted"))
        self.emit(Event("second", "emitted next"))

    def view(self, seat: int | None) -> dict[str, Any]:
        return {"done": self.done}

    def outcome(self) -> Outcome | None:
        return Outcome(frozenset(), "none", "called") if self.done else None

    def _resample(self, sample: Emits, seat: int, rng: random.Random) -> None:
        """Nothing is hidden."""


def test_act_returns_the_emitted_events_in_order_and_closes_the_sink():
    state = Emits(["Ana", "Bea"], HighCardOptions(), 0)
    events = state.act(0, state.space.get("call"))
    assert [e.kind for e in events] == ["first", "second"]
    with pytest.raises(RuntimeError, match="only while an action is applied"):
        state.emit(Event("late", "after the action"))


def test_events_outside_an_action_are_kept_only_where_the_caller_collects_them():
    state = Emits(["Ana", "Bea"], HighCardOptions(), 0)
    with pytest.raises(RuntimeError, match="only while an action is applied"):
        state.emit(Event("stray", "before any action"))
    with state.collecting() as told:
        state.emit(Event("setup", "dealt"))
    assert [e.kind for e in told] == ["setup"]
    events = state.act(0, state.space.get("call"))
    assert [e.kind for e in events] == ["first", "second"], "set-up events are not the action's"
    with pytest.raises(RuntimeError, match="only while an action is applied"):
        state.emit(Event("late", "after collecting"))


def test_collecting_is_refused_while_an_action_is_applied():
    class Nested(Emits):
        def _apply(self, seat: int, action: Action) -> None:
            with self.collecting():
                super()._apply(seat, action)

    state = Nested(["Ana", "Bea"], HighCardOptions(), 0)
    with pytest.raises(RuntimeError, match="its events are collected already"):
        state.act(0, state.space.get("call"))


@pytest.mark.parametrize("seed", range(20))
def test_fixture_games_with_derived_clones_pass_every_check(seed: int):
    run_checks(HIGH_CARD, 3, HighCardOptions(), seed, deep_every=1)

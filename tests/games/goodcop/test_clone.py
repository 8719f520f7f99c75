"""Good Cop's clone (derived by the kernel from the declared fields) copies what it must."""

from __future__ import annotations

import random

import pytest

from hiddenhand.engine.checks import fields_of
from hiddenhand.engine.cloning import copier, declared_fields
from hiddenhand.engine.game import get_game
from hiddenhand.games.goodcop.options import GoodCopOptions
from hiddenhand.games.goodcop.rules import GoodCop


def _mid_game(zombies: str, seed: int) -> GoodCop:
    game = get_game("goodcop")
    state = game.start(
        ["A", "B", "C", "D", "E", "F"], GoodCopOptions.parse({"zombies": zombies}), seed
    )
    rng = random.Random(seed)
    for _ in range(80):
        pending = state.pending()
        if not pending:
            break
        seat = min(pending)
        state.act(seat, rng.choice(pending[seat]))
    assert isinstance(state, GoodCop)
    return state


@pytest.mark.parametrize("zombies", ["off", "dice", "infect", "simple"])
def test_the_clone_copies_every_mutable_declared_field_and_nothing_else(zombies: str) -> None:
    state = _mid_game(zombies, 3)
    other = state.clone()
    assert set(fields_of(other)) == set(fields_of(state))
    for name, tp in declared_fields(type(state)):
        mine, theirs = getattr(state, name), getattr(other, name)
        if name == "_sink":
            assert theirs is None
            continue
        if name == "rng":
            assert theirs.getstate() == mine.getstate()
            continue
        assert theirs == mine, name
        if tp is not None and copier(tp, name) is not None:
            assert theirs is not mine, f"{name} is shared by the clone"
            if isinstance(mine, list) and mine and isinstance(mine[0], list):
                assert all(a is not b for a, b in zip(mine, theirs, strict=True)), name

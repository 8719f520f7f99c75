"""The generic observation encoder keeps its documented rules field by field, and games choose
between it and a registered hand-written encoder."""

from __future__ import annotations

import enum
from typing import Annotated, Literal

import msgspec
import numpy as np
import pytest
from msgspec import Meta

from hiddenhand.engine import get_game
from hiddenhand.engine.view_types import PerSeat, Seat
from hiddenhand.rl import encoders, register_encoder
from hiddenhand.rl.encoders import ENCODERS, encoder_for
from hiddenhand.rl.encoders.generic import DEFAULT_CAP, GenericEncoder
from hiddenhand.rl.encoders.goodcop import GoodCopEncoder
from hiddenhand.rl.encoders.infected import InfectedEncoder
from hiddenhand.rl.encoders.noir import NoirEncoder


class Colour(enum.StrEnum):
    RED = "red"
    BLUE = "blue"


class Inner(msgspec.Struct, frozen=True):
    lit: bool
    level: Annotated[int, Meta(ge=1, le=3)]


class Toy(msgspec.Struct, frozen=True):
    flag: bool
    chips: Annotated[int, Meta(ge=0, le=50)]
    score: Annotated[float, Meta(gt=-1.0)]
    delta: int
    card: Literal["a", "b", "c"]
    colour: Colour
    leader: Seat
    bid: Annotated[int, Meta(ge=0, le=4)] | None
    hands: PerSeat[Annotated[int, Meta(ge=0, le=10)]]
    waiting: list[Seat]
    pile: Annotated[list[Literal["a", "b"]], Meta(max_length=2)]
    log: list[bool]
    tags: frozenset[Annotated[int, Meta(ge=0, le=4)]]
    pair: tuple[bool, Literal["x", "y"]]
    inner: Inner
    counts: dict[Literal["a", "b"], Annotated[int, Meta(ge=0, le=2)]]
    name: str


TOY = Toy(
    flag=True,
    chips=25,
    score=2.5,
    delta=-3,
    card="b",
    colour=Colour.BLUE,
    leader=0,
    bid=None,
    hands=[0, 5, 10],
    waiting=[0, 2],
    pile=["b", "a"],
    log=[True] * (DEFAULT_CAP + 3),
    tags=frozenset({3, 1}),
    pair=(True, "y"),
    inner=Inner(lit=False, level=3),
    counts={"b": 1},
    name="Ana",
)


def parts(seat: int, view: Toy = TOY) -> dict[str, np.ndarray]:
    encoder = GenericEncoder(Toy, 3, get_game("noir").options(None), seat)
    tensor = np.zeros(encoder.size, np.float32)
    encoder.encode(view, tensor)
    return {name: part.ravel().tolist() for name, part in encoder.layout.split(tensor).items()}


def test_each_field_follows_its_rule():
    got = parts(seat=1)
    assert got["flag"] == [1]
    assert got["chips"] == [0.5]
    assert got["score"] == [3.5]  # above the bound, unscaled
    assert got["delta"] == [0, 3]  # positive part, negative part
    assert got["card"] == [0, 1, 0]
    assert got["colour"] == [0, 1]
    assert got["leader"] == [0, 0, 1]  # seat 0 is two seats after seat 1
    assert got["bid"] == [0, 0]  # absent: the presence bit and the value are 0
    assert got["hands"] == [0.5, 1, 0]  # the owner's row first, then the next seats
    assert got["waiting"] == [0, 1, 1]  # seats 2 and 0: one and two seats after seat 1
    assert got["pile"] == [1, 0, 1, 1, 1, 0]  # present, b; present, a
    assert got["log"] == [1, 1] * DEFAULT_CAP  # the first entries, up to the cap
    assert got["tags"] == [1, 0.25, 1, 0.75] + [0, 0] * (DEFAULT_CAP - 2)  # a set, sorted
    assert got["pair"] == [1, 0, 1]
    assert got["inner"] == [0, 1]
    assert got["counts"] == [0, 0, 1, 0.5]  # a absent; b present, 1 of 0..2
    assert "name" not in got


def test_free_text_is_left_out_and_named():
    encoder = GenericEncoder(Toy, 3, get_game("noir").options(None), 0)
    assert encoder.skipped == {"name": "str"}
    assert encoder.layout.offsets["flag"] == 0


def test_a_present_optional_has_its_bit_and_value():
    assert parts(0, msgspec.structs.replace(TOY, bid=2))["bid"] == [1, 0.5]


def test_seats_are_relative_to_the_owner():
    assert parts(0)["hands"] == [0, 0.5, 1]
    assert parts(2)["hands"] == [1, 0, 0.5]
    assert parts(0)["leader"] == [1, 0, 0]


def test_unknown_games_still_have_no_encoder():
    with pytest.raises(KeyError, match="unknown game 'chess'"):
        encoder_for("chess", 2, get_game("noir").options(None), 0)


def test_the_built_in_games_keep_their_own_encoders():
    for game_id, kind in (
        ("noir", NoirEncoder),
        ("goodcop", GoodCopEncoder),
        ("infected", InfectedEncoder),
    ):
        game = get_game(game_id)
        encoder = encoder_for(game_id, game.usual_players, game.options(None), 0)
        assert type(encoder) is kind


def test_the_generic_encoder_is_the_default_and_a_registered_one_replaces_it(monkeypatch):
    noir = get_game("noir")
    monkeypatch.delitem(ENCODERS, "noir")
    generic = encoder_for("noir", 2, noir.options(None), 0)
    assert isinstance(generic, GenericEncoder)
    assert "grid" in generic.layout.offsets  # NOIR's view Struct, read field by field
    assert generic.skipped["facts[].kind"] == "str"

    made = []

    def hand_written(players, options, seat):
        made.append(seat)
        return NoirEncoder(players, options, seat)

    monkeypatch.setitem(ENCODERS, "noir", NoirEncoder)
    assert register_encoder("noir", hand_written) is hand_written
    assert type(encoder_for("noir", 2, noir.options(None), 1)) is NoirEncoder
    assert made == [1]


def test_a_view_that_is_no_struct_is_refused_with_advice(monkeypatch):
    monkeypatch.delitem(ENCODERS, "infected")
    infected = get_game("infected")
    state_type = type(infected.start(1))
    monkeypatch.setattr(state_type, "typed_view", state_type.view)
    encoders.generic.view_type.cache_clear()
    try:
        with pytest.raises(TypeError, match="register_encoder"):
            encoder_for("infected", 1, infected.options(None), 0)
    finally:
        encoders.generic.view_type.cache_clear()

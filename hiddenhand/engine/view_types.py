"""Marks a view Struct's fields may carry, so that code reading views without knowing the game
(the learning environments' generic observation encoder) knows what a number or a list means.

    class MyView(msgspec.Struct):
        turn: Seat                                  # names a seat
        chips: PerSeat[Annotated[int, Meta(ge=0, le=50)]]   # one entry per seat
        hand: Annotated[list[Card], Meta(max_length=5)]     # at most five entries

They are `typing.Annotated` metadata: a view's JSON is the same with or without them. Bounds
(`ge`, `le`, `max_length`) are msgspec's own `Meta` constraints, so they must be true of every
view the game builds.
"""

from __future__ import annotations

from typing import Annotated, TypeVar

import msgspec

MARK = "hiddenhand"
"""The key of a mark in `msgspec.Meta(extra=...)`."""

SEAT_MARK = msgspec.Meta(ge=0, extra={MARK: "seat"})
PER_SEAT_MARK = msgspec.Meta(extra={MARK: "per-seat"})

T = TypeVar("T")

Seat = Annotated[int, SEAT_MARK]
"""An int naming a seat (0 is the first seat)."""

PerSeat = Annotated[list[T], PER_SEAT_MARK]
"""A list with one entry per seat, in seat order: `PerSeat[int]`."""

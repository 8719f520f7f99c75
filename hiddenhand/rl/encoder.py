"""The contract every game's observation encoder keeps.

An encoder belongs to one seat of one table. It knows only two things about the game: the
events that seat may see (folded into a memory as they happen) and the seat's current view.
It never reads the state itself: `seat_view` hands it the seat's view (or the part of it the
encoder reads, built by the game like the view), so the tensor cannot depend on anything the
seat may not know.
"""

from __future__ import annotations

import copy
from abc import ABC, abstractmethod
from array import array
from typing import Any

import numpy as np
from mypy_extensions import mypyc_attr

from hiddenhand.engine import Event, Options, State
from hiddenhand.rl.layout import Layout


def float32(x: float) -> float:
    """`x` rounded to the nearest float32, as numpy stores it: a memory scaled by a float32
    constant in double precision then stored gives what numpy's float32 arithmetic gave."""
    return float(np.float32(x))


def slots(out: np.ndarray) -> Any:
    """An array's cells, to write Python numbers into one at a time (a memoryview: much
    cheaper per write than indexing the numpy array; a float is rounded to float32 as numpy
    rounds it). Typed Any: typeshed's memoryview takes ints only."""
    return out.data


@mypyc_attr(native_class=False, allow_interpreted_subclasses=True)  # games' encoders, copied
class Encoder(ABC):
    """One seat's observation tensor: its present (the view) and its memory (its events).

    Seats are numbered relative to the owner: relative seat 0 is the owner, 1 the next seat.
    """

    layout: Layout

    def __init__(self, players: int, options: Options, seat: int) -> None:
        self.players = players
        self.options = options
        self.seat = seat

    @property
    def size(self) -> int:
        return self.layout.size

    def relative(self, seat: int) -> int:
        """A table seat as seen from the owner (0 is the owner)."""
        return (seat - self.seat) % self.players

    def clone(self) -> Encoder:
        """An independent copy: same layout (shared, never changed), its own memory (the
        arrays and lists it keeps are copied)."""
        other = copy.copy(self)
        for name, value in vars(self).items():
            if isinstance(value, (np.ndarray, array, list)):
                setattr(other, name, copy.copy(value))
        return other

    @abstractmethod
    def reset(self) -> None:
        """Forget the memory: a new game starts."""

    @abstractmethod
    def fold(self, event: Event) -> None:
        """Remember what an event tells the seat (only events the seat may see are folded)."""

    def seat_view(self, state: State, seat: int) -> Any:
        """What `encode` reads of the seat's present: its `typed_view` (the game's view Struct
        where it has one, else the JSON-ready dict), or where an encoder asks for less, the
        fields of that view it reads, taken from what the view holds and nothing else (the
        game builds them beside `typed_view`)."""
        return state.typed_view(seat)

    @abstractmethod
    def encode(self, view: Any, out: np.ndarray) -> None:
        """Write the tensor into `out` (zeroed by the caller), from the view and the memory.

        `view` is what `seat_view` gave for the seat: it holds exactly what the seat may know."""

"""Reaction windows: several seats asked at once, each answering in its own time.

A window asks some seats together (who reacts to an announced shot, the secret choices of a
round, a vote). Each seat is asked until it answers; the window closes when the last one has,
and the game then carries the answers out. An answer is either a pass, which changes nothing
the others choose among, so they stay asked with the very same choices (`passes`, through
`State.keep_asking`), or a choice that may change theirs (`answer`). A card played in a
window may ask everyone again (`again`). The window remembers who answered, so the answers can
be carried out in the table's order (`clockwise_from`).

A `Window` is an immutable value (two bit sets), so a state keeps it in a field that copies
share, and a step replaces it: `self.window = self.window.passes(seat, self)`.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any, NamedTuple

if TYPE_CHECKING:
    from hiddenhand.engine.state import State


class Window(NamedTuple):
    """Who a window still asks and who has answered, a bit per seat.

    `Window(mask)` asks the seats of a bit set; `Window.of(seats)` those listed; `CLOSED`
    asks nobody."""

    asked: int = 0
    """The seats still to answer."""
    answered: int = 0
    """The seats that answered since the window opened (or last asked them `again`)."""

    @classmethod
    def of(cls, seats: Iterable[int]) -> Window:
        """A window asking these seats."""
        mask = 0
        for seat in seats:
            mask |= 1 << seat
        return cls(mask)

    @property
    def closed(self) -> bool:
        """Whether nobody is asked any more (every seat answered, or none was asked)."""
        return not self.asked

    def asks(self, seat: int) -> bool:
        """Whether `seat` is still to answer."""
        return bool(self.asked >> seat & 1)

    def seats_asked(self) -> list[int]:
        """The seats still to answer, lowest first."""
        return _members(self.asked)

    def seats_answered(self) -> list[int]:
        """The seats that answered, lowest first."""
        return _members(self.answered)

    def answer(self, seat: int) -> Window:
        """The window once `seat` has answered (it is asked no more). Answering when not asked
        is a bug in the rules, so it raises."""
        bit = 1 << seat
        if not self.asked & bit:
            raise ValueError(f"seat {seat} is not asked in this window")
        return Window(self.asked & ~bit, self.answered | bit)

    def passes(self, seat: int, state: State[Any]) -> Window:
        """The window once `seat` has passed, which changed nothing the others choose among:
        while any is left they stay asked with the same choices (`State.keep_asking`), which
        are not worked out again. Called from `_apply`, as part of the pass."""
        after = self.answer(seat)
        if after.asked:
            state.keep_asking(seat)
        return after

    def again(self, seats: Iterable[int] | None = None) -> Window:
        """The window asking again: these seats (by default every seat in it), with no answer
        kept (a card played in it gives everyone a new chance to react)."""
        if seats is None:
            return Window(self.asked | self.answered)
        return Window.of(seats)

    def clockwise_from(self, first: int, players: int) -> list[int]:
        """The seats that answered, in seat order from `first` round the table: the order in
        which answers given together are carried out (from the Leader, from the active
        player)."""
        answered = self.answered
        return [
            seat for seat in ((first + i) % players for i in range(players)) if answered >> seat & 1
        ]


CLOSED = Window()
"""The window of a game that waits for no reaction: nobody asked, nobody answered."""


def _members(mask: int) -> list[int]:
    out = []
    seat = 0
    while mask:
        if mask & 1:
            out.append(seat)
        mask >>= 1
        seat += 1
    return out

"""The turn clock: a time bank per person, as a realtime clock on a games site runs.

Each decision a person is asked to take alone adds `seconds` to their bank (which holds at most
`RESERVE` decisions' worth); the time they take comes out of it. Deciding fast builds a reserve
for the hard choices. Seats asked together (a window) all get the same `seconds`, apart from
their banks. When the time runs out, a bot decides for that seat.
"""

from __future__ import annotations

from collections.abc import Iterable

RESERVE = 5
"""A bank holds at most this many decisions' worth of seconds."""


class TurnClock:
    """Deadlines of the seats a person must decide for, and each seat's bank (wall-clock
    seconds).

    A seat's deadline is set when it is asked and holds while it stays asked as others act;
    what is left of it goes back to the bank when it acts or is no longer asked.
    `seconds == 0` turns the clock off.
    """

    def __init__(self, seconds: float) -> None:
        self.seconds = seconds
        self.deadlines: dict[int, float] = {}
        self.banks: dict[int, float] = {}
        self._windows: set[int] = set()
        """Seats whose deadline is a window's, not drawn from their bank."""

    @property
    def cap(self) -> float:
        return self.seconds * RESERVE

    def update(
        self, asked: Iterable[int], acted: int | None, now: float, *, together: bool = False
    ) -> None:
        """The seats asked now; `acted` is the seat whose action caused the change, if any.

        `together`: several seats are asked at once (a window, or a simultaneous choice). Each
        person asked anew then gets the same deadline, one decision's worth from now, apart
        from the banks: who is asked together is public, and so is this."""
        if not self.seconds:
            return
        asked = set(asked)
        kept: dict[int, float] = {}
        for seat, deadline in self.deadlines.items():
            if seat in asked and seat != acted:
                kept[seat] = deadline
            elif seat not in self._windows:
                self.banks[seat] = max(0.0, deadline - now)
        self._windows &= kept.keys()
        for seat in sorted(asked - kept.keys()):
            if together:
                kept[seat] = now + self.seconds
                self._windows.add(seat)
                continue
            bank = min(self.cap, self.banks.get(seat, 0.0) + self.seconds)
            self.banks[seat] = bank
            kept[seat] = now + bank
        self.deadlines = kept

    def clear(self) -> None:
        self.deadlines = {}
        self._windows = set()

    def expired(self, now: float) -> list[int]:
        return sorted(seat for seat, t in self.deadlines.items() if t <= now)

    def next_deadline(self) -> float | None:
        return min(self.deadlines.values(), default=None)

    def public(self) -> dict[str, int]:
        """Deadlines as milliseconds since the epoch, by seat (JSON keys are strings)."""
        return {str(seat): int(t * 1000) for seat, t in sorted(self.deadlines.items())}

    def public_banks(self) -> dict[str, int]:
        """Whole seconds in each bank of a seat not deciding now (the others have deadlines)."""
        return {
            str(seat): int(bank)
            for seat, bank in sorted(self.banks.items())
            if seat not in self.deadlines
        }

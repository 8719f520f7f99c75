"""The turn clock: seconds per decision, after which a bot decides for the seat."""

from __future__ import annotations

from collections.abc import Iterable


class TurnClock:
    """Deadlines of the seats a person must decide for (wall-clock seconds).

    A seat's deadline starts when it is asked to decide and runs until it acts; a seat that
    stays asked while others act keeps its deadline. `seconds == 0` turns the clock off.
    """

    def __init__(self, seconds: float) -> None:
        self.seconds = seconds
        self.deadlines: dict[int, float] = {}

    def update(self, asked: Iterable[int], acted: int | None, now: float) -> None:
        """The seats asked now; `acted` is the seat whose action caused the change, if any."""
        if not self.seconds:
            return
        old = self.deadlines
        self.deadlines = {
            seat: old[seat] if seat in old and seat != acted else now + self.seconds
            for seat in asked
        }

    def clear(self) -> None:
        self.deadlines = {}

    def expired(self, now: float) -> list[int]:
        return sorted(seat for seat, t in self.deadlines.items() if t <= now)

    def next_deadline(self) -> float | None:
        return min(self.deadlines.values(), default=None)

    def public(self) -> dict[str, int]:
        """Deadlines as milliseconds since the epoch, by seat (JSON keys are strings)."""
        return {str(seat): int(t * 1000) for seat, t in sorted(self.deadlines.items())}

"""Lines the table adds to the game log when a bot decides for a person.

A pop-up is missed; a line stays. When a person's time bank runs out and a bot chooses for
them, and when a bot starts playing the seat of a person who left or was handed over, everyone
at the table reads it in the log, at the place where it happened. The lines come from the marks
of the actions the server took (`Table.marks`), so a restored table has the same lines; they say
nothing the marks do not already tell everyone.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from hiddenhand.bots.match import SeatLogs


def note_text(mark: str, name: str) -> str:
    """The log line for a bot's action marked `mark` at `name`'s seat."""
    if mark == "clock":
        return f"Time ran out for {name}: a bot chose for them."
    if mark == "left":
        return f"{name} left: a bot plays the seat on, and the game counts as a loss for {name}."
    return f"{name}'s seat was handed to a bot: it plays until {name} takes the seat back."


@dataclass(frozen=True, slots=True)
class Note:
    seat: int
    mark: str
    after: tuple[int, ...]
    """How many events each audience (the seats, then a spectator) had seen before it."""


class BotNotes:
    """The notes of one game, in order."""

    def __init__(self, seats: int) -> None:
        self.seats = seats
        self.notes: list[Note] = []
        self._last: dict[int, str | None] = {}

    def action(self, seat: int, mark: str | None, logs: SeatLogs) -> None:
        """An action is about to be logged. Every time-out is noted; a bot playing a seat that
        was left or handed over is noted once, at its first action."""
        mark = mark or None
        previous, self._last[seat] = self._last.get(seat), mark
        if mark is None or (mark != "clock" and previous == mark):
            return
        after = tuple(len(logs.of(a)) for a in [*range(self.seats), None])
        self.notes.append(Note(seat, mark, after))

    def public(self, audience: int | None, names: tuple[str, ...]) -> list[dict[str, Any]]:
        """The notes as `audience` is sent them: `after` is the number of the event each
        follows in that audience's own log (0: before the first)."""
        index = self.seats if audience is None else audience
        return [
            {
                "after": n.after[index],
                "seat": n.seat,
                "mark": n.mark,
                "text": note_text(n.mark, names[n.seat]),
            }
            for n in self.notes
        ]

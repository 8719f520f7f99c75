"""The step count each seat is sent: the steps it saw, never how many others took in secret.

Every frame carries the number of the step it shows, and a seat sends it back with its move, so
that a choice offered before the seat acted again is refused as stale. If that number counted
every step of the game, a seat finishing a secret choice made in steps would tell everyone how
many steps it took (a give takes more than a pass). So each seat counts only the steps it could
see: every step others could notice, and its own (`engine.sight`); a spectator counts the first.
"""

from __future__ import annotations

from bisect import bisect_right


class StepCounts:
    """For each step of the game, the one seat that saw it, or None when it was seen by all."""

    def __init__(self) -> None:
        self._only: list[int | None] = []
        self._private: dict[int, list[int]] = {}
        """Each seat's private steps, by index in the game's history, in order."""

    def __len__(self) -> int:
        return len(self._only)

    def add(self, private_to: int | None) -> None:
        """The game took one more step, seen by everyone or by `private_to` alone."""
        if private_to is not None:
            self._private.setdefault(private_to, []).append(len(self._only))
        self._only.append(private_to)

    def truncate(self, length: int) -> None:
        """The game went back to its first `length` steps (an undo)."""
        for seat in {s for s in self._only[length:] if s is not None}:
            kept = self._private[seat]
            del kept[bisect_right(kept, length - 1) :]
        del self._only[length:]

    def seen_by(self, seat: int | None, length: int | None = None) -> int:
        """How many of the first `length` steps (all by default) `seat` saw."""
        length = len(self._only) if length is None else length
        hidden = sum(
            bisect_right(steps, length - 1) for s, steps in self._private.items() if s != seat
        )
        return length - hidden

    def index(self, seat: int | None, seen: int) -> int | None:
        """The length of the game when `seat` had seen `seen` steps and took none since it saw
        the last of them (the step a choice offered to it then stands at), or None if `seat`
        never saw that many."""
        if seen < 0:
            return None
        length, count = 0, 0
        for only in self._only:
            if count == seen:
                break
            length += 1
            if only is None or only == seat:
                count += 1
        if count != seen:
            return None
        while length < len(self._only) and self._only[length] not in (None, seat):
            length += 1  # others' secret steps since: the seat cannot have seen them
        return length

    def marks_for(self, seat: int | None, marks: dict[int, str]) -> dict[int, str]:
        """The marks of the steps `seat` saw (a bot answering for a person), by its numbering."""
        return {
            self.seen_by(seat, index): mark
            for index, mark in marks.items()
            if index >= len(self._only) or self._only[index] in (None, seat)
        }

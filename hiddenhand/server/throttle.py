"""Sign-in throttling that an attacker cannot turn against an account's owner.

Wrong passwords are counted per address and per (address, username), never per username
alone: however many guesses come from one address, they hold up only that address (and that
address's tries at that username), while the owner signing in from anywhere else gets in at
once. Past a few free failures each further one doubles the wait before the next try, up to a
ceiling; a key quiet for twice the ceiling is forgotten (an attacker who waits out every
ceiling keeps paying it).
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field


@dataclass
class Backoff:
    """Failures per key: the first `free` cost nothing; after that the key waits
    `first * 2**(failures - free)` seconds (at most `most`) from its last failure. A key
    quiet for `2 * most` starts afresh."""

    free: int
    first: float
    most: float
    _failures: dict[object, tuple[int, float]] = field(default_factory=dict)

    def wait(self, key: object, now: float | None = None) -> float:
        """Seconds before `key` may try again (0: now)."""
        now = time.monotonic() if now is None else now
        count, last = self._failures.get(key, (0, now))
        if count < self.free:
            return 0.0
        delay = min(self.most, self.first * 2.0 ** min(count - self.free, 64))
        return max(0.0, last + delay - now)

    def failed(self, key: object, now: float | None = None) -> None:
        now = time.monotonic() if now is None else now
        count, last = self._failures.get(key, (0, now))
        if now - last >= 2 * self.most:
            count = 0
        self._failures[key] = (count + 1, now)

    def succeeded(self, key: object) -> None:
        self._failures.pop(key, None)

    def __len__(self) -> int:
        return len(self._failures)

    def forget_idle(self, now: float | None = None) -> None:
        """Drop the keys quiet for `2 * most` seconds (as if never seen), so the memory of many
        keys stays bounded."""
        now = time.monotonic() if now is None else now
        idle = [k for k, (_, last) in self._failures.items() if now - last >= 2 * self.most]
        for key in idle:
            del self._failures[key]

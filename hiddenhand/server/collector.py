"""Python's cycle collector, run the way a server holding thousands of connections needs.

Each connection keeps a stack of suspended coroutines, tasks and queues (about 150 objects the
collector tracks), so a process with a few thousand connections tracks close to a million
objects, and a full collection pauses it for a tenth of a second or more (longer when other
processes share the cores). Left to itself, the collector runs one every few seconds under load,
and those pauses were most of the latency's tail.

Here, what survives a full collection is frozen (`gc.freeze`): the full collections that follow
look only at what is newer, which is little. Every `full_every` seconds everything is unfrozen,
so that the next full collection goes through all of it once and garbage among older objects
is found too. The collector is the process's: one server runs one `Collector`.
"""

from __future__ import annotations

import asyncio
import gc
from typing import Any

THRESHOLDS = (10_000, 3, 10)
"""The youngest objects are collected every 10,000 allocations rather than 700: a message makes
thousands of short-lived objects, and at 700 many were caught alive mid-message and promoted.
The middle generation every third time rather than tenth, so that each of its collections is
short (about 20 ms of a busy core instead of 50)."""

FREEZE_EVERY = 1.0
"""How soon after a full collection its survivors are frozen (seconds)."""


class Collector:
    """Freezes the survivors of each full collection; unfreezes everything now and then."""

    def __init__(self, full_every: float) -> None:
        self.full_every = full_every
        self.full_collections = 0
        self._frozen_after = 0

    def start(self) -> None:
        """What start-up made lives on: collect, freeze it, and tune the thresholds."""
        gc.collect()
        gc.freeze()
        gc.set_threshold(*THRESHOLDS)
        gc.callbacks.append(self._count)

    def stop(self) -> None:
        if self._count in gc.callbacks:
            gc.callbacks.remove(self._count)

    def _count(self, phase: str, info: dict[str, Any]) -> None:
        if phase == "stop" and info["generation"] == 2:
            self.full_collections += 1

    def tend(self, unfreeze: bool) -> None:
        """Freeze what the last full collection left; with `unfreeze`, let the next one see
        everything again."""
        if unfreeze:
            gc.unfreeze()
            self._frozen_after = self.full_collections
        elif self.full_collections != self._frozen_after:
            gc.freeze()
            self._frozen_after = self.full_collections

    async def run(self) -> None:
        ticks = max(1, round(self.full_every / FREEZE_EVERY))
        tick = 0
        while True:
            await asyncio.sleep(FREEZE_EVERY)
            tick += 1
            self.tend(unfreeze=tick % ticks == 0)

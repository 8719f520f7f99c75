"""What a bot thought at a step of a game, worked out in the bot processes and kept.

The replay asks for the thoughts of the bot that decided at a step of a finished game
(`GET /api/tables/{t}/thoughts?step=K`); a table of bots only may send them to its spectators
as its bots decide. Either way the game is replayed from its record to the step, and
`bots.thoughts.think` works out, from the deciding seat's view, log and determinized samples
only, its best moves and beliefs. That is up to a second or two of pure Python, so it runs in
a bot process (`BotPool.run`), never on the event loop; a few at a time, each once (answers
are kept, and a second asker waits for the first one's answer), and refused while too many
wait.
"""

from __future__ import annotations

import asyncio
from collections import OrderedDict
from itertools import islice
from typing import Any

from hiddenhand.bots.match import SeatLogs
from hiddenhand.bots.thoughts import think
from hiddenhand.engine import Record
from hiddenhand.server.botpool import BotPool
from hiddenhand.server.errors import Refused
from hiddenhand.server.seats import Seat

KEPT = 512
"""Thoughts kept, most recently asked first (a finished game's never change)."""
AT_ONCE = 2
"""Thoughts worked out at the same time."""
WAITING = 16
"""Askers that may wait for a turn; more are refused (503) until some are answered."""
SECONDS = 60.0
"""The longest an asker waits for its thoughts (then 503: the work goes on and is kept)."""
BY_BOT_MARKS = frozenset({"left", "away", "clock"})
"""Marks of actions a bot took for a person (who left, was handed over, or ran out of time)."""


def decided_by_bot(seats: list[Seat], seat: int, mark: str | None) -> bool:
    """Whether a bot chose this action: the seat's own bot, or one standing in for a person."""
    return seats[seat].bot is not None or mark in BY_BOT_MARKS


def thoughts_at(record_json: bytes, step: int) -> dict[str, Any]:
    """In a bot process: the game replayed to `step` (before its action), and what the seat
    that decided there thought, with the move it played."""
    record = Record.from_json(record_json)
    state = record.start()
    logs = SeatLogs(len(record.players))
    for _, _, events in islice(record.apply_to(state), step):
        logs.add(events)
    seat, action = record.actions[step]
    thoughts = think(state, seat, logs.of(seat)).to_json()
    played = state.space[action]
    return {
        "step": step,
        "name": state.players[seat],
        **thoughts,
        "played": {"action": played.id, "text": played.describe(state.players)},
    }


class Thinker:
    """Works out thoughts in the bot processes, a few at a time, and keeps the answers."""

    def __init__(self, pool: BotPool, at_once: int = AT_ONCE, waiting: int = WAITING) -> None:
        self.pool = pool
        self.at_once = at_once
        self.waiting = waiting
        self._kept: OrderedDict[tuple[str, int], dict[str, Any]] = OrderedDict()
        self._working: dict[tuple[str, int], asyncio.Task[dict[str, Any]]] = {}
        self._slots: asyncio.Semaphore | None = None

    def kept(self, table: str, step: int) -> dict[str, Any] | None:
        found = self._kept.get((table, step))
        if found is not None:
            self._kept.move_to_end((table, step))
        return found

    async def thoughts(
        self, table: str, record_json: bytes, step: int, seconds: float = SECONDS
    ) -> dict[str, Any]:
        """The thoughts at `step` of the game `record_json` records (at table `table`)."""
        key = (table, step)
        found = self.kept(table, step)
        if found is not None:
            return found
        task = self._working.get(key)
        if task is None:
            if len(self._working) >= self.waiting:
                raise Refused("the bots are thinking about many games now; try again soon", 503)
            task = asyncio.get_running_loop().create_task(self._work(key, record_json))
            self._working[key] = task
            task.add_done_callback(lambda _: self._working.pop(key, None))
        try:
            return await asyncio.wait_for(asyncio.shield(task), seconds)
        except TimeoutError:
            raise Refused("thinking about this step takes long; try again soon", 503) from None

    async def _work(self, key: tuple[str, int], record_json: bytes) -> dict[str, Any]:
        if self._slots is None:
            self._slots = asyncio.Semaphore(self.at_once)
        async with self._slots:
            answer = await self.pool.run(thoughts_at, record_json, key[1])
        self._kept[key] = answer
        while len(self._kept) > KEPT:
            self._kept.popitem(last=False)
        return answer

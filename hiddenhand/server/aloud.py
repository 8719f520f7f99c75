"""A table of bots thinking aloud: its spectators are sent what each bot thought as it decided.

Only a table made with the option (`thoughts`) and with a bot in every seat does it (`Lobby`
refuses the option where a person may sit): a bot's thoughts show what its seat knows, which
no person at the table may learn. Each decision is sent once it is saved, as a `thoughts`
message (the replay's JSON: `thinking.thoughts_at`). The thinking runs in the bot processes and
may fall behind bots that play quickly: then only the newest decision is thought about, and
the ones in between are skipped.
"""

from __future__ import annotations

import asyncio
import logging

from hiddenhand.engine import State
from hiddenhand.server.audience import Audience
from hiddenhand.server.errors import Refused
from hiddenhand.server.protocol import encode
from hiddenhand.server.thinking import Thinker

log = logging.getLogger("hiddenhand.server")


class Aloud:
    """One table's bots thinking aloud to its spectators."""

    def __init__(self, table_id: str, thinker: Thinker, audience: Audience) -> None:
        self.table_id = table_id
        self.thinker = thinker
        self.audience = audience
        self._newest: tuple[int, bytes] | None = None
        self._task: asyncio.Task[None] | None = None
        self.closed = False

    def decided(self, state: State, index: int) -> None:
        """A bot's action, the game's `index`-th, was played in `state` (call once it is
        saved): its thoughts are worked out from the record up to it, and sent."""
        record = state.record()
        record.actions = record.actions[: index + 1]
        self._newest = (index, record.to_json())
        if self._task is None or self._task.done():
            self._task = asyncio.get_running_loop().create_task(self._run())

    async def _run(self) -> None:
        while self._newest is not None and not self.closed:
            index, record_json = self._newest
            self._newest = None
            try:
                data = await self.thinker.thoughts(self.table_id, record_json, index)
            except Refused:
                continue  # too busy: the next decision is thought about instead
            except Exception:
                log.exception("table %s: the thoughts at step %d failed", self.table_id, index)
                continue
            if self.closed:
                return
            text = encode({"type": "thoughts", **data})
            for client in list(self.audience.clients):
                if client.seat is None:
                    client.send(text)

    def close(self) -> None:
        self.closed = True
        if self._task is not None:
            self._task.cancel()

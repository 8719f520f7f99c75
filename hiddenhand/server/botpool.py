"""Where searching bots think: a few processes of their own, never the event loop's.

A search (`ismcts`) is seconds of pure Python; in a thread it would hold the interpreter's lock
against the event loop, and every person at every table would wait for it. So a searching bot
is sent, with the Turn it was handed, to one of `Limits.bot_processes` worker processes, decides
there, and comes back (`bots.remote`). The Turn holds what the seat may know and nothing else:
its legal actions, its log and the sample determinized for it; the true state never leaves the
server's process. The bot comes back moved on exactly as if it had decided here, so the same
seeds play the same moves.

Decisions queue for the workers in the order they were asked (a table asks one at a time), so
tables take turns; the workers run at a lower priority than the server, which answers people
first. The pool starts with the first search and stops with the server.
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import pickle
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import TYPE_CHECKING, Any, TypeVar, cast

from hiddenhand.bots.remote import decide_shipped, landed, ship, start_worker
from hiddenhand.engine import games

if TYPE_CHECKING:
    from hiddenhand.bots.base import Bot, Turn
    from hiddenhand.engine import Action

log = logging.getLogger("hiddenhand.server")

T = TypeVar("T")

_IN_THREAD = object()
"""What `_submit` answers where no bot process can be started."""

NICENESS = 5
"""How much lower than the server the workers run: on a machine short of cores the scheduler
serves the event loop (people) before the searches."""


class BotPool:
    """At most `processes` searches at once, in processes started when first needed."""

    def __init__(self, processes: int) -> None:
        if processes < 1:
            raise ValueError("a bot pool has at least one process")
        self.processes = processes
        self._executor: ProcessPoolExecutor | None = None
        self.closed = False
        self.failed = False
        """No process could be started here: bots think in threads."""

    def _pool(self) -> ProcessPoolExecutor:
        if self._executor is None:
            # not a fork of the server, whose threads (the store's writer) a fork would copy
            # in the middle of what they do: a fork server starts each worker clean
            methods = multiprocessing.get_all_start_methods()
            context = multiprocessing.get_context(
                "forkserver" if "forkserver" in methods else "spawn"
            )
            modules = sorted({game.new_state.__module__ for game in games().values()})
            self._executor = ProcessPoolExecutor(
                self.processes, context, initializer=start_worker, initargs=(modules, NICENESS)
            )
        return self._executor

    async def decide(self, bot: Bot, turn: Turn) -> tuple[Action, Bot]:
        """The bot's action on its Turn, and the bot as it is after deciding (the caller keeps
        this one from now on). A bot that cannot be sent (a plugin's, built in a closure)
        thinks in a thread instead, as it would without a pool."""
        try:
            shipped = ship(bot, turn)
        except (pickle.PicklingError, TypeError, AttributeError):
            log.warning("bot %s cannot be sent to a bot process; it thinks in a thread", bot.name)
            return await self._in_thread(bot, turn)
        if self.closed:
            raise RuntimeError("the bot pool has been shut down")
        if self.failed:
            return await self._in_thread(bot, turn)
        answer = await self._submit(decide_shipped, shipped)
        if answer is _IN_THREAD:
            return await self._in_thread(bot, turn)
        return landed(answer)

    async def run(self, work: Callable[..., T], *args: Any) -> T:
        """`work(*args)` in a bot process, queued with the searches (a module-level function
        and plain arguments, which travel by pickle); in a thread where no process can be
        started."""
        if self.closed:
            raise RuntimeError("the bot pool has been shut down")
        if self.failed:
            return await asyncio.to_thread(work, *args)
        answer = await self._submit(work, *args)
        if answer is _IN_THREAD:
            return await asyncio.to_thread(work, *args)
        return cast(T, answer)

    async def _submit(self, work: Callable[..., Any], *args: Any) -> Any:
        """`work(*args)` in a bot process, or `_IN_THREAD` where none can be started (a
        sandbox, say: from then on everything runs in threads, as without a pool)."""
        executor = self._pool()
        try:  # the processes start as the first work is handed over
            running = asyncio.get_running_loop().run_in_executor(executor, work, *args)
        except BrokenProcessPool:
            self._forget(executor)
            raise
        except (OSError, ImportError, RuntimeError) as exc:
            log.error("no bot process could be started (%s); bots think in threads", exc)
            self.failed = True
            self._forget(executor)
            return _IN_THREAD
        try:
            return await running
        except BrokenProcessPool:
            # a worker died (killed, out of memory): the next work starts a fresh pool
            self._forget(executor)
            raise

    def _forget(self, executor: ProcessPoolExecutor) -> None:
        if self._executor is executor:
            self._executor = None
            executor.shutdown(wait=False, cancel_futures=True)

    @staticmethod
    async def _in_thread(bot: Bot, turn: Turn) -> tuple[Action, Bot]:
        action: Action = await asyncio.to_thread(bot.decide, turn)
        return action, bot

    def warm(self) -> None:
        """Start the processes now (a table with searching bots was just made), so that its
        first decision does not wait for them; nothing if they run, or cannot."""
        if self.closed or self.failed or self._executor is not None:
            return
        try:
            self._pool().submit(int)
        except (OSError, ImportError, RuntimeError) as exc:
            log.error("no bot process could be started (%s); bots think in threads", exc)
            self.failed = True

    def close(self) -> None:
        """Stop the workers: searches not started are dropped, running ones end first."""
        self.closed = True
        executor, self._executor = self._executor, None
        if executor is not None:
            executor.shutdown(wait=True, cancel_futures=True)

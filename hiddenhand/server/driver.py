"""The driver of a table: the task that plays the prompts the server answers, and watches the
clock.

It wakes whenever the table moves. Every prompt the server answers (a bot's, a lone pass, an
auto-pass) is planned once per step and played when due: a pass or a choice only its own seat
learns of at once, an action others see `delay` seconds after the table last moved and was shown
to everyone, so people can follow (`pace`). When a person's time bank runs out, a bot decides for
them once.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import math
import time
from typing import Protocol

from hiddenhand.bots.match import SeatLogs
from hiddenhand.engine import State
from hiddenhand.server.botturns import BotTurns, Plan, quick_plan
from hiddenhand.server.clock import TurnClock
from hiddenhand.server.pace import server_answers
from hiddenhand.server.seats import Seat

log = logging.getLogger("hiddenhand.server")


class Driven(Protocol):
    """A table as its driver sees it: what is asked, and the two ways it answers."""

    id: str
    status: str
    state: State | None
    logs: SeatLogs | None
    seats: list[Seat]
    clock: TurnClock

    @property
    def unshown(self) -> bool:
        """The table moved and its connections have not been sent where it stands yet."""

    def act(
        self, seat: int, action_id: int, *, mark: str | None = None, auto: bool = False
    ) -> None: ...

    def time_ran_out(self, seat: int) -> None: ...


class Driver:
    """Runs while the game is played; `wake` it whenever the table changes."""

    def __init__(self, table: Driven, bots: BotTurns, delay: float) -> None:
        self.table = table
        self.bots = bots
        self.delay = delay
        self.moved_at = time.time()
        """When the table last moved: a visible answer is due `delay` after it."""
        self.shown_at = self.moved_at
        """When everyone was last sent where the table stands: a visible answer is due `delay`
        after it too, so the state saved slowly is not followed at once by the next."""
        self._plans: dict[int, Plan] = {}
        self._plans_step = -1
        self._wake = asyncio.Event()
        self._task: asyncio.Task[None] | None = None

    def moved(self) -> float:
        """The table moved now (the time is returned, for its clock)."""
        self.moved_at = time.time()
        return self.moved_at

    def shown(self) -> None:
        """Everyone was just sent where the table stands: a bot's visible answer, held until
        now, may fall due (with no delay nothing waits for this)."""
        self.shown_at = time.time()
        if self.delay:
            self.wake()

    def wake(self) -> None:
        """Look at the table again, starting the task if the game is on and it is not running."""
        self._wake.set()
        if self.table.status == "playing" and (self._task is None or self._task.done()):
            self._task = asyncio.get_running_loop().create_task(self._run())

    def settle(self) -> None:
        """Play at once every answer the server gives a person without thinking that nobody
        else sees (a pass, a lone hidden choice): the driver would play them with no delay
        anyway, and so they reach everyone with the action that brought them."""
        table = self.table
        while table.status == "playing" and table.state is not None:
            state = table.state
            for seat, legal in sorted(state.pending().items()):
                person = table.seats[seat]
                if not person.played_by_bot and server_answers(person, legal):
                    plan = quick_plan(state, seat, legal)
                    if not plan.visible:
                        table.act(seat, plan.action.id, auto=True)
                        break
            else:
                return

    def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()

    async def _run(self) -> None:
        table = self.table
        while table.status == "playing" and table.state is not None:
            self._wake.clear()
            state = table.state
            step = len(state.history)
            waits: list[float] = []
            try:
                planned = await self._plans_now(state, step)
                if planned is None:
                    continue  # the game moved while a bot was thinking: look again
                now = time.time()
                if planned:
                    due, seat, plan = min(planned)
                    if now >= due:
                        table.act(seat, plan.action.id, mark=plan.mark, auto=True)
                        continue
                    if due != math.inf:
                        waits.append(due - now)
                expired = [s for s in table.clock.expired(now) if s in state.pending()]
                if expired:
                    await self._stand_in(expired[0])
                    continue
            except Exception:
                log.exception("table %s: a bot could not act", table.id)
                await asyncio.sleep(1.0)
                continue
            deadline = table.clock.next_deadline()
            if deadline is not None:
                waits.append(deadline - now)
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._wake.wait(), max(0.0, min(waits)) if waits else None)

    async def _plans_now(self, state: State, step: int) -> list[tuple[float, int, Plan]] | None:
        """(when, seat, plan) for every prompt the server answers now; None if the game moved
        on while a bot thought."""
        if self._plans_step != step:
            self._plans, self._plans_step = {}, step
        logs = self.table.logs
        assert logs is not None
        out: list[tuple[float, int, Plan]] = []
        for seat, legal in sorted(state.pending().items()):
            person = self.table.seats[seat]
            if not server_answers(person, legal):
                continue
            plan = self._plans.get(seat)
            if plan is None:
                plan = await self.bots.plan(state, logs, seat, person, legal)
                if self.table.state is not state or len(state.history) != step:
                    return None
                self._plans[seat] = plan
            out.append((self._due(plan), seat, plan))
        return out

    def _due(self, plan: Plan) -> float:
        """When a plan is played: a hidden one at once; a visible one `delay` after the table
        last moved and was shown (never before it is shown, `shown` wakes the driver)."""
        if not plan.visible or not self.delay:
            return self.moved_at
        if self.table.unshown:
            return math.inf
        return max(self.moved_at, self.shown_at) + self.delay

    async def _stand_in(self, seat: int) -> None:
        """A person's bank ran out: a bot decides this once, and the others may now hand the
        seat to a bot for good."""
        table = self.table
        state, logs = table.state, table.logs
        assert state is not None and logs is not None
        step = len(state.history)
        action = await self.bots.decide(state, logs, seat, table.seats[seat])
        if table.state is not state or len(state.history) != step:
            return
        table.time_ran_out(seat)
        table.act(seat, action.id, mark="clock", auto=True)

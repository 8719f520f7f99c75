"""The driver of a table: the task that plays the prompts the server answers, and watches the
clock.

It wakes whenever the table moves. Every prompt the server answers (a bot's, a person's lone
pass, an auto-pass) is planned once per step and played when due. When an answer is due is
public, so it depends on nothing hidden (`pace`): each seat's time is drawn when it is asked
(again after anything but a pass, since the others then have something new to answer), counted
from then, and never before everyone has been shown the question. When a person's time bank runs
out, a bot decides for them once.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import math
import random
import time
from collections.abc import Collection, Sequence
from dataclasses import dataclass
from typing import Protocol

from hiddenhand.bots.match import SeatLogs
from hiddenhand.engine import Action, State
from hiddenhand.server.botturns import BotTurns, Plan
from hiddenhand.server.clock import TurnClock
from hiddenhand.server.pace import answer_delay, server_answers
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


@dataclass(frozen=True, slots=True)
class Thought:
    """The server working out its answer for a seat: for which choices, and who answers."""

    state: State
    legal: tuple[Action, ...]
    who: tuple[bool, str | None, bool]
    task: asyncio.Task[Plan | None]


def _mark(person: Seat) -> str | None:
    """How the record marks an answer a bot gave for a person (none for a bot's own seat)."""
    return "left" if person.left else "away" if person.away else None


class Driver:
    """Runs while the game is played; `wake` it whenever the table changes."""

    def __init__(
        self, table: Driven, bots: BotTurns, delay: float, draws: random.Random | None = None
    ) -> None:
        self.table = table
        self.bots = bots
        self.delay = delay
        self.draws = draws or random.Random()
        """Where answer times come from: nothing of the game, so they tell nothing of it."""
        self.waits: dict[int, float] = {}
        """How long after being shown its question each seat asked now is answered (if the
        server answers for it)."""
        self.shown_at: dict[int, float] = {}
        """When each seat asked now was first shown its question: its answer time counts from
        then, so a state saved slowly is not followed at once by the next move."""
        self._thoughts: dict[int, Thought] = {}
        self._wake = asyncio.Event()
        self._task: asyncio.Task[None] | None = None

    def moved(self, asked: Collection[int], acted: int | None, passed: bool) -> float:
        """The table moved now and these seats are asked: a seat asked anew (or again, having
        acted, or after anything but a pass) gets its answer time drawn. Returns the time, for
        the clock."""
        several = len(asked) > 1
        waits, shown_at = (self.waits, self.shown_at) if passed else ({}, {})
        self.waits, self.shown_at = {}, {}
        for seat in sorted(asked):  # in seat order: the engine's order is none of our business
            if seat in waits and seat != acted:
                self.waits[seat] = waits[seat]
                if seat in shown_at:
                    self.shown_at[seat] = shown_at[seat]
            else:
                self.waits[seat] = answer_delay(self.draws, self.delay, several)
        return time.time()

    def shown(self) -> None:
        """Everyone was just sent where the table stands: the seats asked since start their
        answer times, and an answer held until now may fall due."""
        now = time.time()
        for seat in self.waits:
            self.shown_at.setdefault(seat, now)
        self.wake()

    def wake(self) -> None:
        """Look at the table again, starting the task if the game is on and it is not running."""
        self._wake.set()
        if self.table.status == "playing" and (self._task is None or self._task.done()):
            self._task = asyncio.get_running_loop().create_task(self._run())

    def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
        self._forget_all()

    async def _run(self) -> None:
        table = self.table
        while table.status == "playing" and table.state is not None:
            self._wake.clear()
            state = table.state
            now = time.time()
            waits: list[float] = []
            try:
                if self._answer_one(state, now, waits):
                    continue
                expired = [s for s in table.clock.expired(now) if s in state.pending()]
                if expired:
                    await self._stand_in(expired[0])
                    continue
            except Exception:
                log.exception("table %s: a bot could not act", table.id)
                self._forget_all()
                await asyncio.sleep(1.0)
                continue
            deadline = table.clock.next_deadline()
            if deadline is not None:
                waits.append(deadline - now)
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._wake.wait(), max(0.0, min(waits)) if waits else None)

    def _answer_one(self, state: State, now: float, waits: list[float]) -> bool:
        """Play the answer that is most overdue, if any (True); else add how long until the
        next one falls due to `waits`. Every seat the server answers is thought about from the
        moment it is asked; a bot still thinking when its time comes passes, where it may (its
        time, not its thinking, is what everyone sees)."""
        pending = state.pending()
        self._thoughts = {
            seat: thought
            for seat, thought in self._thoughts.items()
            if seat in pending and thought.state is state
        }
        best: tuple[float, int, Action, str | None] | None = None
        for seat, legal in sorted(pending.items()):
            person = self.table.seats[seat]
            if not server_answers(person, legal):
                continue
            thought = self._thought(state, seat, person, legal)
            due = self._due(seat)
            if due > now:
                if due != math.inf:
                    waits.append(due - now)
                continue
            if thought.task.done():
                plan = thought.task.result()
                if plan is None:  # the game moved before it began: think again
                    del self._thoughts[seat]
                    self._thought(state, seat, person, legal)
                    continue
                answer = (due, seat, plan.action, plan.mark)
            elif self.delay and (out_of_time := next((a for a in legal if a.kind == "pass"), None)):
                answer = (due, seat, out_of_time, _mark(person))
            else:
                continue  # no pass to fall back on: its thought wakes the driver when done
            best = answer if best is None else min(best, answer)
        if best is None:
            return False
        _, seat, action, mark = best
        self.table.act(seat, action.id, mark=mark, auto=True)
        return True

    def _thought(self, state: State, seat: int, person: Seat, legal: Sequence[Action]) -> Thought:
        """What the server is working out for `seat`: kept while its choices stay the same
        (others passing), begun afresh when they or who answers for it change."""
        who = (person.played_by_bot, person.bot, person.autopass)
        thought = self._thoughts.get(seat)
        if thought is not None and thought.legal == tuple(legal) and thought.who == who:
            return thought
        logs = self.table.logs
        assert logs is not None
        step = len(state.history)

        async def think() -> Plan | None:
            if self.table.state is not state or len(state.history) != step:
                return None
            return await self.bots.plan(state, logs, seat, person, legal)

        task = asyncio.get_running_loop().create_task(think())
        task.add_done_callback(lambda _: self.wake())
        thought = self._thoughts[seat] = Thought(state, tuple(legal), who, task)
        return thought

    def _forget_all(self) -> None:
        for thought in self._thoughts.values():
            thought.task.cancel()
        self._thoughts = {}

    def _due(self, seat: int) -> float:
        """When the answer for `seat` is played: its drawn time after everyone was shown the
        question, and never while a move is unshown (`shown` wakes the driver)."""
        if self.table.unshown:
            return math.inf
        shown_at = self.shown_at.setdefault(seat, time.time())  # shown before (a restore)
        return shown_at + self.waits.get(seat, 0.0)

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

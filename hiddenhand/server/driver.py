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
from collections.abc import Collection
from typing import Protocol

from hiddenhand.bots.match import SeatLogs
from hiddenhand.engine import Action, State
from hiddenhand.server.botturns import BotTurns, Plan
from hiddenhand.server.clock import TurnClock
from hiddenhand.server.lessons import Lessons
from hiddenhand.server.pace import answer_delay, server_answers
from hiddenhand.server.seats import Seat

log = logging.getLogger("hiddenhand.server")


class Driven(Protocol):
    """A table as its driver sees it: what is asked, and the two ways it answers."""

    id: str
    status: str
    state: State | None
    closed: bool
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


Asking = tuple[int, int, tuple[Action, ...], tuple[bool, str | None, bool]]
"""What a plan answers: the state's identity, the seat's asking (drawn anew with its time; with
no delay, the step), its choices, and who answers for it (bot or person, which bot, auto-pass)."""


def _mark(person: Seat) -> str | None:
    """How the record marks an answer a bot gave for a person (none for a bot's own seat)."""
    return "left" if person.left else "away" if person.away else None


class Driver:
    """Runs while the game is played; `wake` it whenever the table changes."""

    def __init__(
        self,
        table: Driven,
        bots: BotTurns,
        delay: float,
        draws: random.Random | None = None,
        *,
        lessons: Lessons | None = None,
    ) -> None:
        self.table = table
        self.lessons = lessons
        """A tutorial's script: then the server answers one seat at a time, the one whose
        step the script plays next (`lessons`)."""
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
        self._askings: dict[int, int] = {}
        """How many times each seat was asked anew: a plan is for one asking."""
        self._plans: dict[int, tuple[Asking, Plan]] = {}
        self._secret_moves: set[int] = set()
        """Seats whose move goes on after a part nobody else saw (`steps`): its later parts
        are due at once and are the bot's own, never a pass played because time ran out."""
        self._wake = asyncio.Event()
        self._task: asyncio.Task[None] | None = None
        self._thinker: asyncio.Task[None] | None = None

    def moved(self, asked: Collection[int], acted: int | None, passed: bool) -> float:
        """The table moved now and these seats are asked: a seat asked anew (or again, having
        acted, or after anything but a pass) gets its answer time drawn, and is thought about
        afresh. Returns the time, for the clock."""
        several = len(asked) > 1
        self._secret_moves.clear()
        waits, shown_at = (self.waits, self.shown_at) if passed else ({}, {})
        self.waits, self.shown_at = {}, {}
        for seat in sorted(asked):  # in seat order: the engine's order is none of our business
            if seat in waits and seat != acted:
                self.waits[seat] = waits[seat]
                if seat in shown_at:
                    self.shown_at[seat] = shown_at[seat]
            else:
                self.waits[seat] = answer_delay(self.draws, self.delay, several)
                self._askings[seat] = self._askings.get(seat, 0) + 1
        return time.time()

    def went_on_in_secret(self, seat: int) -> None:
        """`seat` took a step of its move that nobody else saw: the rest is due at once (its
        time was drawn when it was asked), so the others see one answer, however many parts."""
        self._secret_moves.add(seat)
        self.wake()

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
        for task in (self._task, self._thinker):
            if task is not None:
                task.cancel()

    async def _run(self) -> None:
        table = self.table
        while table.status == "playing" and table.state is not None and not table.closed:
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
                self._plans = {}
                await asyncio.sleep(1.0)
                continue
            deadline = table.clock.next_deadline()
            if deadline is not None:
                waits.append(deadline - now)
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._wake.wait(), max(0.0, min(waits)) if waits else None)

    def _answered(self, state: State) -> list[tuple[float, int, Asking]]:
        """(when due, seat, asking) of every prompt the server answers now, most overdue first
        (in seat order on a tie)."""
        out = []
        scripted = None
        if self.lessons is not None:
            scripted = self.lessons.server_seat(state, self.table.seats)
        for seat, legal in state.pending().items():
            person = self.table.seats[seat]
            if seat == scripted if self.lessons is not None else server_answers(person, legal):
                who = (person.played_by_bot, person.bot, person.autopass)
                # With a delay a plan outlives others' passes (its time shows, not its thinking);
                # with none it is made at the step it is played, so bots play the same game
                # whichever of their plans is ready first.
                asked = self._askings.get(seat, 0) if self.delay else -len(state.history)
                asking = (id(state), asked, tuple(legal), who)
                out.append((self._due(seat), seat, asking))
        return sorted(out, key=lambda a: (a[0], a[1]))

    def _answer_one(self, state: State, now: float, waits: list[float]) -> bool:
        """Play the most overdue answer, if it is ready (True); else add how long until the
        next one falls due to `waits`, and see that the thinker works on what is not planned.

        The order never depends on which plan is ready first, so tables of bots with no delay
        play the same game every time. A bot still thinking when its time comes passes, where it
        may: its time, not its thinking, is what everyone sees."""
        answered = self._answered(state)
        current = {(seat, asking) for _, seat, asking in answered}
        self._plans = {s: p for s, p in self._plans.items() if (s, p[0]) in current}
        if any(seat not in self._plans for _, seat, _ in answered):
            self._think()
        for due, _, _ in answered:
            if due > now and due != math.inf:
                waits.append(due - now)
        if not answered or answered[0][0] > now:
            return False
        _, seat, asking = answered[0]
        planned = self._plans.get(seat)
        if planned is not None:
            action, mark = planned[1].action, planned[1].mark
        elif (
            self.delay
            and self.lessons is None  # a script's step is played as written, never a pass
            and seat not in self._secret_moves
            and (out_of_time := next((a for a in asking[2] if a.kind == "pass"), None))
        ):
            action, mark = out_of_time, _mark(self.table.seats[seat])
        else:
            return False  # no pass to fall back on: the thinker wakes the driver when done
        self.table.act(seat, action.id, mark=mark, auto=True)
        for part in planned[1].then if planned is not None else ():
            now_at = self.table.state  # the parts of a secret choice: at once, seen by nobody
            if self.table.status != "playing" or now_at is None or part not in now_at.legal(seat):
                break
            self.table.act(seat, part.id, mark=mark, auto=True)
        return True

    def _think(self) -> None:
        """Start the thinker if it is not at work: one plan at a time, so a bot is never asked
        twice at once, and never stopped halfway (what it decided moves its generator on)."""
        if self._thinker is None or self._thinker.done():
            self._thinker = asyncio.get_running_loop().create_task(self._think_through())

    async def _think_through(self) -> None:
        """Plan, most urgent first, every answer the server gives that has no plan yet (with
        no delay, only the next: a plan dropped unplayed would still have moved its bot's
        generator on, and the game would depend on which plan was ready first)."""
        table = self.table
        logs = table.logs
        while table.status == "playing" and table.state is not None and logs is not None:
            state = table.state
            answered = self._answered(state)
            if not self.delay:  # only what is played next: no plan is made and then dropped
                answered = answered[:1]
            todo = [(s, a) for _, s, a in answered if s not in self._plans]
            if not todo:
                return
            seat, asking = todo[0]
            person = table.seats[seat]
            plan = await self.bots.plan(state, logs, seat, person, asking[2])
            if self._still(seat, asking):
                self._plans[seat] = (asking, plan)
            self.wake()

    def _still(self, seat: int, asking: Asking) -> bool:
        """The seat is asked as it was when its plan was begun."""
        state = self.table.state
        return state is not None and any(
            s == seat and a == asking for _, s, a in self._answered(state)
        )

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

"""The bots of a table, and the answers the server gives for a seat.

A seat a bot was configured for keeps that bot; a person who left, whose seat was handed over,
or whose time bank ran out is played by the stand-in (the game's own heuristic if it has one).
Each bot is built when first needed, with its search time capped (`botspecs.capped_spec`) and a
seed of its own drawn from the table's, so a restored table's bots decide as they would have.
A bot that searches thinks in the server's bot processes (`botpool`), never on the event loop.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Sequence
from dataclasses import dataclass

from hiddenhand.bots.base import Bot, make_bot
from hiddenhand.bots.match import SeatLogs, decide, turn_for
from hiddenhand.bots.registry import default_bot
from hiddenhand.engine import Action, Event, Game, State, visible
from hiddenhand.engine.seeding import bot_seed
from hiddenhand.engine.sight import private_step
from hiddenhand.server.botpool import BotPool
from hiddenhand.server.botspecs import capped_spec
from hiddenhand.server.lessons import Lessons
from hiddenhand.server.metrics import NO_METRICS, Metrics
from hiddenhand.server.pace import one_answer, pass_of
from hiddenhand.server.seats import Seat


@dataclass(frozen=True, slots=True)
class Plan:
    """An answer the server gives for a seat: the action and its mark (when it is played is
    the driver's to say, and depends on neither), and the parts of the move that follow it
    where nobody else could notice them (`then`): decided beforehand and played with it, so
    how many parts a secret choice has shows neither in the frames nor in the bot's time."""

    action: Action
    mark: str | None
    then: tuple[Action, ...] = ()


MAX_SECRET_PARTS = 16
"""The most parts of a secret choice planned ahead (a game's choices have far fewer)."""


def standin_spec(game: Game) -> str:
    """The bot that decides for an absent person: the game's own heuristic if it has one."""
    return default_bot(game.id)


def quick_plan(legal: Sequence[Action]) -> Plan:
    """The server's answer for a person present (their one answer, or their auto-pass)."""
    return Plan(one_answer(legal) or pass_of(legal), None)


class BotTurns:
    """One table's bots, by seat. Deciding may take a while: a searching bot thinks in one of
    the server's bot processes (`pool`; without one, in a thread), so the event loop (and
    every other table) goes on meanwhile."""

    def __init__(
        self,
        game: Game,
        seed: int,
        bot_seconds: float,
        pool: BotPool | None = None,
        metrics: Metrics = NO_METRICS,
        lessons: Lessons | None = None,
    ) -> None:
        self.game = game
        self.lessons = lessons
        """A tutorial's script: every answer the server gives is its next step."""
        self.decisions = metrics.bot_seconds.labels(game.id)
        self.seed = seed
        self.bot_seconds = bot_seconds
        self.pool = pool
        self._bots: dict[int, Bot] = {}

    async def plan(
        self, state: State, logs: SeatLogs, seat: int, person: Seat, legal: Sequence[Action]
    ) -> Plan:
        """What the server answers for `seat`."""
        scripted = None if self.lessons is None else self.lessons.action(state, seat)
        if scripted is not None:
            return Plan(scripted, "left" if person.left else None)
        if not person.played_by_bot:
            return quick_plan(legal)
        action = await self.decide(state, logs, seat, person)
        mark = "left" if person.left else "away" if person.away else None
        then = await self._secret_parts(state, list(logs.of(seat)), seat, person, action)
        return Plan(action, mark, then)

    async def _secret_parts(
        self, state: State, seen: list[Event], seat: int, person: Seat, action: Action
    ) -> tuple[Action, ...]:
        """The parts of the move `action` begins that nobody but the seat would notice (the
        rest of a secret choice), decided on a copy as the bot would decide them in turn."""
        parts: list[Action] = []
        copy, part = state.clone(), action
        while len(parts) < MAX_SECRET_PARTS:
            before = copy.clone()
            events = copy.act(seat, part)
            if not private_step(before, copy, seat, events):
                break
            seen = [*seen, *visible(events, seat)]
            part = await self._timed(copy, seen, seat, person)
            parts.append(part)
        return tuple(parts)

    async def decide(self, state: State, logs: SeatLogs, seat: int, person: Seat) -> Action:
        """The action the seat's bot (or the stand-in) takes, from what the seat has seen."""
        return await self._timed(state, list(logs.of(seat)), seat, person)

    async def _timed(self, state: State, seen: list[Event], seat: int, person: Seat) -> Action:
        began = time.perf_counter()
        try:
            return await self._decide(state, seen, seat, person)
        finally:
            self.decisions.observe(time.perf_counter() - began)

    async def _decide(self, state: State, seen: list[Event], seat: int, person: Seat) -> Action:
        bot = self._bot(seat, person)
        if bot.uses_sample:
            turn = turn_for(state, seat, bot, seen)
            if len(turn.legal) == 1:  # nothing to search: no need to queue behind searches
                return bot.decide(turn)
            if self.pool is None:
                action: Action = await asyncio.to_thread(bot.decide, turn)
                return action
            action, self._bots[seat] = await self.pool.decide(bot, turn)
            return action
        return decide(state, seat, bot, seen)

    def _bot(self, seat: int, person: Seat) -> Bot:
        bot = self._bots.get(seat)
        if bot is None:
            spec = capped_spec(self.game, person.bot or standin_spec(self.game), self.bot_seconds)
            bot = self._bots[seat] = make_bot(self.game, spec, seat, bot_seed(self.seed, seat))
        return bot

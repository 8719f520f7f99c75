"""A table: seats, one game State, and everyone connected to it.

The table applies actions in order. For each accepted action it writes the action to storage,
and only then publishes: every connected seat gets its own `view(seat)` and the new events it
may see, each numbered in that seat's own sequence. Bots (configured, standing in for a seat
whose clock ran out, or for a person who left) decide through the same `act` path.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
import time
from collections.abc import Sequence
from dataclasses import asdict, dataclass, field
from typing import Any, Protocol

from hiddenhand.bots.base import Bot, make_bot
from hiddenhand.bots.match import SeatLogs, decide, turn_for
from hiddenhand.engine import (
    DEFAULT_NAMES,
    Event,
    Game,
    HiddenhandError,
    IllegalAction,
    Options,
    State,
    get_game,
)
from hiddenhand.server.chat import HISTORY, ChatRefused, FloodGuard, clean_line, clean_name
from hiddenhand.server.clock import TurnClock
from hiddenhand.server.protocol import encode
from hiddenhand.server.storage import Storage, StoredTable

log = logging.getLogger("hiddenhand.server")


class TableError(HiddenhandError):
    """Something a table refuses to do (sit on a taken seat, start too early, ...)."""


class Client(Protocol):
    """A connection as a table sees it: which seat it speaks for, and a way to send text."""

    seat: int | None

    def send(self, text: str) -> None: ...


def new_token() -> str:
    return secrets.token_urlsafe(18)


@dataclass
class Seat:
    """One seat: a person (name, secret token, guest id) or a bot (`bot` names it)."""

    name: str | None = None
    token: str = field(default_factory=new_token)
    guest: str | None = None
    bot: str | None = None
    left: bool = False

    @property
    def taken(self) -> bool:
        return self.bot is not None or self.name is not None

    def public(self, connected: bool) -> dict[str, Any]:
        return {
            "name": self.name,
            "bot": self.bot,
            "taken": self.taken,
            "left": self.left,
            "connected": connected or self.bot is not None,
        }


def standin_spec(game: Game) -> str:
    """The bot that decides for an absent person: the game's own heuristic if it has one."""
    return "heuristic" if "heuristic" in game.bots else "random"


class Table:
    """One table of one game. All methods run on the event loop; none blocks for long."""

    def __init__(
        self,
        *,
        id: str,
        game: Game,
        options: Options,
        seats: list[Seat],
        seed: int,
        clock: int,
        storage: Storage,
        bot_delay: float = 0.0,
        created: float | None = None,
        status: str = "open",
    ) -> None:
        self.id = id
        self.game = game
        self.options = options
        self.seats = seats
        self.seed = seed
        self.clock = TurnClock(clock)
        self.storage = storage
        self.bot_delay = bot_delay
        self.created = time.time() if created is None else created
        self.status = status
        self.state: State | None = None
        self.logs: SeatLogs | None = None
        self.marks: dict[int, str] = {}
        self.chat: list[dict[str, Any]] = []
        self.clients: set[Client] = set()
        self.flood = FloodGuard()
        self._bots: dict[int, Bot] = {}
        self._wake = asyncio.Event()
        self._driver: asyncio.Task[None] | None = None
        self._last_change = time.time()

    # -- storage ----------------------------------------------------------------------

    def stored(self) -> StoredTable:
        return StoredTable(
            id=self.id,
            game=self.game.id,
            status=self.status,
            created=self.created,
            meta={
                "options": self.options.to_json(),
                "seats": [asdict(s) for s in self.seats],
                "seed": self.seed,
                "clock": self.clock.seconds,
            },
        )

    def save(self) -> None:
        self.storage.save_table(self.stored())

    @classmethod
    def restore(cls, stored: StoredTable, storage: Storage, bot_delay: float = 0.0) -> Table:
        """Rebuild a table from storage by replaying its actions."""
        game = get_game(stored.game)
        meta = stored.meta
        table = cls(
            id=stored.id,
            game=game,
            options=game.options(meta["options"]),
            seats=[Seat(**s) for s in meta["seats"]],
            seed=meta["seed"],
            clock=meta["clock"],
            storage=storage,
            bot_delay=bot_delay,
            created=stored.created,
            status=stored.status,
        )
        table.chat = stored.chat
        if stored.status != "open":
            table._begin()
            table._replay(stored.actions)
        return table

    def _replay(self, actions: Sequence[tuple[int, int, str | None]]) -> None:
        assert self.state is not None and self.logs is not None
        for index, (seat, action, mark) in enumerate(actions):
            self.logs.add(self.state.act(seat, action))
            if mark:
                self.marks[index] = mark
        self.status = "over" if self.state.over else "playing"

    # -- seats ------------------------------------------------------------------------

    def seat_of(self, token: str) -> int | None:
        for index, seat in enumerate(self.seats):
            if seat.bot is None and secrets.compare_digest(seat.token, token):
                return index
        return None

    def seat_of_guest(self, guest: str) -> int | None:
        for index, seat in enumerate(self.seats):
            if seat.guest is not None and seat.guest == guest and not seat.left:
                return index
        return None

    def sit(self, name: str, guest: str, seat: int | None = None) -> int:
        """Seat a person; returns the seat. One seat per guest per table."""
        if self.status != "open":
            raise TableError("this table has started; you can watch it")
        try:
            name = clean_name(name)
        except ChatRefused as exc:
            raise TableError(str(exc)) from None
        if self.seat_of_guest(guest) is not None:
            raise TableError("you already have a seat at this table")
        free = [i for i, s in enumerate(self.seats) if not s.taken]
        if not free:
            raise TableError("every seat at this table is taken")
        if seat is None:
            seat = free[0]
        elif seat not in free:
            raise TableError(f"seat {seat} is not free")
        taken_names = {s.name for s in self.seats if s.name}
        unique, n = name, 2
        while unique in taken_names:
            unique, n = f"{name} {n}", n + 1
        self.seats[seat] = Seat(name=unique, guest=guest)
        self.save()
        self._broadcast_table()
        return seat

    def leave(self, seat: int) -> None:
        """Before the start the seat is freed; during the game a bot plays it on."""
        if self.status == "open":
            self.seats[seat] = Seat()
        elif self.status == "playing":
            self.seats[seat].left = True
            self._rearm(None)
            self._wake_driver()
        else:
            raise TableError("the game is over")
        self.save()
        self._broadcast_table()

    def start(self) -> None:
        if self.status != "open":
            raise TableError("the game has already started")
        if not all(s.taken for s in self.seats):
            raise TableError("every seat must be taken before the game starts")
        self.status = "playing"
        self._begin()
        self.save()
        self._broadcast_table()
        self._rearm(None)
        self._publish([])
        self._wake_driver()

    def _begin(self) -> None:
        names = [
            s.name if s.name is not None else f"{self._bot_name(i)} (bot)"
            for i, s in enumerate(self.seats)
        ]
        self.state = self.game.start(names, self.options, self.seed)
        self.logs = SeatLogs(len(self.seats))

    @staticmethod
    def _bot_name(seat: int) -> str:
        return DEFAULT_NAMES[seat] if seat < len(DEFAULT_NAMES) else f"Player {seat + 1}"

    def ready(self) -> None:
        """Start deciding for bots and running the clock (after a restore)."""
        if self.status == "playing":
            self._rearm(None)
            self._wake_driver()

    # -- the game ---------------------------------------------------------------------

    def act(
        self, seat: int, action_id: int, *, step: int | None = None, mark: str | None = None
    ) -> None:
        """Apply one action, write it, then publish it. Raises IllegalAction or TableError,
        having changed nothing, when the action is not accepted.

        `step` is the step at which the choice was offered: the action is refused as stale if
        this seat has acted since (others acting in the same window do not make it stale).
        """
        state, logs = self.state, self.logs
        if self.status != "playing" or state is None or logs is None:
            raise TableError(
                "the game is not being played" if self.status == "open" else "the game is over"
            )
        index = len(state.history)
        if step is not None and (
            not 0 <= step <= index or any(s == seat for s, _ in state.history[step:])
        ):
            raise IllegalAction("the game has moved on since that choice was offered; choose again")
        if not isinstance(action_id, int) or not 0 <= action_id < len(state.space):
            raise IllegalAction(f"no action has id {action_id}")
        events = state.act(seat, action_id)
        over = state.over
        try:
            if over:
                self.storage.append_action_and_status(self.id, index, seat, action_id, mark, "over")
            else:
                self.storage.append_action(self.id, index, seat, action_id, mark)
        except Exception:
            log.exception("table %s: action %d could not be saved", self.id, index)
            self._reload()
            raise TableError("the action could not be saved; nothing changed, try again") from None
        if mark:
            self.marks[index] = mark
        logs.add(events)
        if over:
            self.status = "over"
            self.clock.clear()
        else:
            self._rearm(seat)
        self._publish(events)
        self._wake_driver()

    def recover(self) -> None:
        """Back to what storage holds after a fault, and tell everyone where things stand."""
        self._reload()
        if self.state is not None:
            self._rearm(None)
            self._publish([])
            self._wake_driver()

    def _reload(self) -> None:
        """Back to exactly what storage holds (after a failed write or a fault)."""
        stored = self.storage.load(self.id)
        if stored is None:
            raise TableError("this table is gone from storage")
        self.marks = {}
        self._begin()
        self._replay(stored.actions)

    def _is_person(self, seat: int) -> bool:
        s = self.seats[seat]
        return s.bot is None and not s.left

    def _rearm(self, acted: int | None) -> None:
        """Something moved: the clock runs for the people asked now (before anyone is told)."""
        self._last_change = time.time()
        if self.state is not None and self.status == "playing":
            asked = [s for s in self.state.pending() if self._is_person(s)]
            self.clock.update(asked, acted, self._last_change)

    def _wake_driver(self) -> None:
        """Let the driver (bots, the clock) look at the table again."""
        self._wake.set()
        if self.status == "playing" and (self._driver is None or self._driver.done()):
            self._driver = asyncio.get_running_loop().create_task(self._drive())

    async def _drive(self) -> None:
        """Let bots decide for their seats and stand in when a clock runs out."""
        while self.status == "playing" and self.state is not None:
            self._wake.clear()
            now = time.time()
            pending = self.state.pending()
            waits: list[float] = []
            bot_seats = [s for s in pending if not self._is_person(s)]
            try:
                if bot_seats:
                    due = self._last_change + self.bot_delay
                    if now >= due:
                        seat = min(bot_seats)
                        await self._bot_act(seat, "left" if self.seats[seat].left else None)
                        continue
                    waits.append(due - now)
                expired = [s for s in self.clock.expired(now) if s in pending]
                if expired:
                    await self._bot_act(expired[0], "clock")
                    continue
            except Exception:
                log.exception("table %s: a bot could not act", self.id)
                await asyncio.sleep(1.0)
                continue
            deadline = self.clock.next_deadline()
            if deadline is not None:
                waits.append(deadline - now)
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._wake.wait(), max(0.0, min(waits)) if waits else None)

    def _bot(self, seat: int) -> Bot:
        bot = self._bots.get(seat)
        if bot is None:
            spec = self.seats[seat].bot or standin_spec(self.game)
            bot = self._bots[seat] = make_bot(self.game, spec, seat, self.seed)
        return bot

    async def _bot_act(self, seat: int, mark: str | None) -> None:
        state, logs = self.state, self.logs
        assert state is not None and logs is not None
        bot = self._bot(seat)
        step = len(state.history)
        if bot.uses_sample:
            turn = turn_for(state, seat, bot, list(logs.of(seat)))
            action = await asyncio.to_thread(bot.decide, turn)
            if self.state is not state or len(state.history) != step:
                return
        else:
            action = decide(state, seat, bot, logs.of(seat))
        self.act(seat, action.id, mark=mark)

    # -- chat -------------------------------------------------------------------------

    def say(self, seat: int, text: str) -> None:
        """A chat line from a seated person, or ChatRefused."""
        line = clean_line(text)
        if not self.flood.allow(seat):
            raise ChatRefused("you are sending chat lines too fast; wait a moment")
        entry = {
            "id": len(self.chat) + 1,
            "seat": seat,
            "name": self.display_names()[seat],
            "text": line,
            "at": int(time.time() * 1000),
        }
        self.storage.append_chat(self.id, len(self.chat), entry)
        self.chat.append(entry)
        self._send_all(encode({"type": "chat", **entry}))

    # -- what clients see -------------------------------------------------------------

    def display_names(self) -> list[str]:
        if self.state is not None:
            return list(self.state.players)
        return [
            s.name or (f"{self._bot_name(i)} (bot)" if s.bot else "")
            for i, s in enumerate(self.seats)
        ]

    def connected(self) -> list[bool]:
        here = {c.seat for c in self.clients}
        return [i in here for i in range(len(self.seats))]

    def public(self) -> dict[str, Any]:
        """The table as anyone may see it (no tokens, no guest ids)."""
        connected = self.connected()
        return {
            "id": self.id,
            "game": self.game.id,
            "title": self.game.title,
            "options": self.options.to_json(),
            "status": self.status,
            "clock": self.clock.seconds,
            "created": int(self.created * 1000),
            "seats": [s.public(connected[i]) for i, s in enumerate(self.seats)],
            "names": self.display_names(),
            "spectators": sum(1 for c in self.clients if c.seat is None),
        }

    def state_message(self, seat: int | None, new: int, since: int | None = None) -> str:
        """What one seat is sent after a change: its view, its new events, its choices.

        `new` is how many of the seat's latest events are new; `since` (on connecting) sends
        every event after that sequence number instead.
        """
        state, logs = self.state, self.logs
        assert state is not None and logs is not None
        names = state.players
        seen = logs.of(seat)
        first = len(seen) - new if since is None else min(max(since, 0), len(seen))
        pending = state.pending()
        outcome = state.outcome()
        message: dict[str, Any] = {
            "type": "state",
            "step": len(state.history),
            "seq": len(seen),
            "view": state.view(seat),
            "events": [
                {"seq": first + i + 1, **e.to_json(names)} for i, e in enumerate(seen[first:])
            ],
            "to_move": sorted(pending),
            "legal": [
                {"id": a.id, "kind": a.kind, "args": list(a.args), "text": a.describe(names)}
                for a in (pending.get(seat, ()) if seat is not None else ())
            ],
            "deadlines": self.clock.public(),
            "marks": {str(k): v for k, v in sorted(self.marks.items())},
            "outcome": outcome.to_json() if outcome is not None else None,
        }
        if since is not None:
            message["since"] = first
        return encode(message)

    def attach(self, client: Client, since: int) -> None:
        """A connection said hello: send it everything it needs, then keep it posted."""
        self.clients.add(client)
        client.send(
            encode(
                {
                    "type": "welcome",
                    "seat": client.seat,
                    "table": self.public(),
                    "chat": self.chat[-HISTORY:],
                }
            )
        )
        if self.state is not None:
            client.send(self.state_message(client.seat, 0, since))
        self._broadcast_presence()

    def detach(self, client: Client) -> None:
        if client in self.clients:
            self.clients.discard(client)
            self._broadcast_presence()

    def _publish(self, events: Sequence[Event]) -> None:
        by_seat: dict[int | None, str] = {}
        for client in list(self.clients):
            seat = client.seat
            text = by_seat.get(seat)
            if text is None:
                new = sum(1 for e in events if e.visible_to(seat))
                text = by_seat[seat] = self.state_message(seat, new)
            client.send(text)

    def _send_all(self, text: str) -> None:
        for client in list(self.clients):
            client.send(text)

    def _broadcast_table(self) -> None:
        self._send_all(encode({"type": "table", "table": self.public()}))

    def _broadcast_presence(self) -> None:
        self._send_all(
            encode(
                {
                    "type": "presence",
                    "connected": self.connected(),
                    "spectators": sum(1 for c in self.clients if c.seat is None),
                }
            )
        )

    def close(self) -> None:
        if self._driver is not None:
            self._driver.cancel()

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
import time
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass
from typing import Any, Protocol

from sqlalchemy import Connection

from hiddenhand.bots.base import Bot, make_bot
from hiddenhand.bots.match import SeatLogs, decide, turn_for
from hiddenhand.bots.registry import default_bot
from hiddenhand.engine import (
    DEFAULT_NAMES,
    Action,
    Event,
    Game,
    HiddenhandError,
    IllegalAction,
    Options,
    State,
    get_game,
)
from hiddenhand.engine.seeding import KEYED, SEQUENTIAL, bot_seed
from hiddenhand.server.accounts import account_id_of
from hiddenhand.server.botspecs import capped_spec, restored_spec
from hiddenhand.server.chat import HISTORY, ChatRefused, FloodGuard, clean_line, clean_name
from hiddenhand.server.clock import TurnClock
from hiddenhand.server.pace import (
    is_reaction,
    one_answer,
    only_pass,
    pass_of,
    seen_by_others,
)
from hiddenhand.server.protocol import encode, error
from hiddenhand.server.seats import MAX_TOKEN_CHARS, Seat, same_token
from hiddenhand.server.settings import Limits
from hiddenhand.server.storage import Storage, StoredTable

log = logging.getLogger("hiddenhand.server")


class TableError(HiddenhandError):
    """Something a table refuses to do (sit on a taken seat, start too early, ...)."""


class Client(Protocol):
    """A connection as a table sees it: which seat it speaks for, and a way to send text."""

    seat: int | None

    def send(self, text: str) -> None: ...

    def close(self, code: int) -> None: ...


@dataclass(frozen=True, slots=True)
class Plan:
    """An answer the server gives for a seat: the action, its mark, and whether it waits."""

    action: Action
    mark: str | None
    visible: bool


def standin_spec(game: Game) -> str:
    """The bot that decides for an absent person: the game's own heuristic if it has one."""
    return default_bot(game.id)


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
        seeding: str = KEYED,
        limits: Limits | None = None,
        senders: FloodGuard | None = None,
    ) -> None:
        self.id = id
        self.game = game
        self.options = options
        self.seats = seats
        self.seed = seed
        self.seeding = seeding
        self.clock = TurnClock(clock)
        self.storage = storage
        self.bot_delay = bot_delay
        self.created = time.time() if created is None else created
        self.status = status
        self.state: State | None = None
        self.logs: SeatLogs | None = None
        self.marks: dict[int, str] = {}
        self.rematch: str | None = None
        """The table of the rematch, once a player of this finished game asked for one."""
        self.bot_took_over = False
        """A bot played a seat handed to it: the game is unrated from then on."""
        self.on_over: Callable[[Table], Callable[[Connection], None] | None] | None = None
        """Asked, as the game ends, for what to write with its last action (its results)."""
        self.chat: list[dict[str, Any]] = []
        self.clients: set[Client] = set()
        self.limits = limits or Limits()
        self.flood = FloodGuard(burst=self.limits.chat_burst, every=self.limits.chat_every)
        self.senders = senders or FloodGuard(
            burst=self.limits.chat_burst_per_sender, every=self.limits.chat_every_per_sender
        )
        self.addresses: dict[int, str] = {}
        """The address each person sat down from (memory only: a limit, not a record)."""
        self._bots: dict[int, Bot] = {}
        self._plans: dict[int, Plan] = {}
        self._plans_step = -1
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
                "seeding": self.seeding,
                "clock": self.clock.seconds,
                "rematch": self.rematch,
                "bot_took_over": self.bot_took_over,
            },
        )

    def save(self) -> None:
        self.storage.save_table(self.stored())

    @classmethod
    def restore(
        cls,
        stored: StoredTable,
        storage: Storage,
        bot_delay: float = 0.0,
        *,
        limits: Limits | None = None,
        senders: FloodGuard | None = None,
    ) -> Table:
        """Rebuild a table from storage by replaying its actions.

        Bot specs are checked again: one this version refuses is replaced by the stand-in bot
        (and stored so), since only the actions, not the bots, make the record."""
        game = get_game(stored.game)
        meta = stored.meta
        limits = limits or Limits()
        seats = [Seat(**s) for s in meta["seats"]]
        replaced = False
        for index, seat in enumerate(seats):
            if seat.bot is not None:
                where = f"table {stored.id} seat {index}"
                spec = restored_spec(game, seat.bot, standin_spec(game), where)
                replaced = replaced or spec != seat.bot
                seat.bot = spec
        table = cls(
            id=stored.id,
            game=game,
            options=game.options(meta["options"]),
            seats=seats,
            seed=meta["seed"],
            seeding=meta.get("seeding", SEQUENTIAL),  # tables stored before keyed seeding
            clock=meta["clock"],
            storage=storage,
            bot_delay=bot_delay,
            created=stored.created,
            status=stored.status,
            limits=limits,
            senders=senders,
        )
        table.chat = stored.chat
        table.rematch = meta.get("rematch")
        table.bot_took_over = meta.get("bot_took_over", False)
        if stored.status != "open":
            table._begin()
            table._replay(stored.actions)
        if replaced and stored.status != "over":
            table.save()
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
        if not 0 < len(token) <= MAX_TOKEN_CHARS:
            return None
        for index, seat in enumerate(self.seats):
            if seat.bot is None and same_token(seat.token, token):
                return index
        return None

    def unrated_because(self) -> str | None:
        """Why this game does not change ratings, or None if it does: only games where every
        seat is a signed-in person, and no bot ever played a seat handed to it, are rated.
        (Leaving a rated game keeps it rated: the one who left loses.)"""
        if any(s.bot is not None for s in self.seats):
            return "a bot is seated"
        if any(s.taken and account_id_of(s.guest) is None for s in self.seats):
            return "a guest is seated"
        if self.bot_took_over:
            return "a bot took over a seat"
        return None

    def adopt(self, guest: str, identity: str) -> bool:
        """The seat `guest` holds now belongs to `identity` (a guest who made an account)."""
        seat = self.seat_of_guest(guest)
        if seat is None or self.seat_of_guest(identity) is not None:
            return False
        self.seats[seat].guest = identity
        self.save()
        self._broadcast_table()
        return True

    def seat_of_guest(self, guest: str) -> int | None:
        for index, seat in enumerate(self.seats):
            if seat.guest is not None and seat.guest == guest and not seat.left:
                return index
        return None

    def sit(self, name: str, guest: str, seat: int | None = None, address: str = "") -> int:
        """Seat a person; returns the seat. One seat per guest per table, and at most
        `seats_per_address` seats per address."""
        if self.status != "open":
            raise TableError("this table has started; you can watch it")
        try:
            name = clean_name(name)
        except ChatRefused as exc:
            raise TableError(str(exc)) from None
        if self.seat_of_guest(guest) is not None:
            raise TableError("you already have a seat at this table")
        held = sum(1 for a in self.addresses.values() if a == address)
        if address and held >= self.limits.seats_per_address:
            raise TableError(
                f"people from your address already hold {held} seats at this table, the most "
                "one address may"
            )
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
        if address:
            self.addresses[seat] = address
        self.save()
        self._broadcast_table()
        return seat

    def leave(self, seat: int) -> None:
        """Before the start the seat is freed; during the game a bot plays it on."""
        if self.status == "open":
            self.seats[seat] = Seat()
            self.addresses.pop(seat, None)
        elif self.status == "playing":
            self.seats[seat].left = True
            self._rearm(None)
            self._wake_driver()
        else:
            raise TableError("the game is over")
        self.save()
        self._broadcast_table()

    def hand_to_bot(self, by: int, seat: int) -> None:
        """A player hands the seat of a person whose time ran out to a bot (they may return)."""
        if self.status != "playing":
            raise TableError("the game is not being played")
        if not 0 <= seat < len(self.seats):
            raise TableError(f"there is no seat {seat}")
        if by == seat:
            raise TableError("to stop playing, leave the table")
        if not self._is_person(by):
            raise TableError("only a player still at the table may do this")
        target = self.seats[seat]
        if target.played_by_bot:
            raise TableError("a bot already plays that seat")
        if not target.timed_out:
            raise TableError(f"{self.display_names()[seat]} still has time on the clock")
        target.away = True
        self.bot_took_over = True
        self._changed_hands()

    def take_back(self, seat: int) -> None:
        """A person whose seat was handed to a bot plays it again."""
        if self.status != "playing":
            raise TableError("the game is not being played")
        if not self.seats[seat].away:
            raise TableError("you are playing your seat already")
        self.seats[seat].away = self.seats[seat].timed_out = False
        self._changed_hands()

    def _changed_hands(self) -> None:
        self.save()
        self._broadcast_table()
        self._rearm(None)
        self._publish([])
        self._wake_driver()

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
        self.state = self.game.start(names, self.options, self.seed, seeding=self.seeding)
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
        self,
        seat: int,
        action_id: int,
        *,
        step: int | None = None,
        mark: str | None = None,
        auto: bool = False,
    ) -> None:
        """Apply one action, write it, then publish it. Raises IllegalAction or TableError,
        having changed nothing, when the action is not accepted.

        `step` is the step at which the choice was offered: the action is refused as stale if
        this seat has acted since (others acting in the same window do not make it stale).
        `auto` says the server answered for the seat (a bot, a pass); otherwise the person is
        back, and their seat is no longer marked as timed out.
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
                self.storage.append_action_and_status(
                    self.id, index, seat, action_id, mark, "over", self._results()
                )
            else:
                self.storage.append_action(self.id, index, seat, action_id, mark)
        except Exception:
            log.exception("table %s: action %d could not be saved", self.id, index)
            self._reload()
            raise TableError("the action could not be saved; nothing changed, try again") from None
        if mark:
            self.marks[index] = mark
        logs.add(events)
        if not auto and self.seats[seat].timed_out:
            self.seats[seat].timed_out = False
            self.save()
            self._broadcast_table()
        if over:
            self.status = "over"
            self.clock.clear()
        else:
            self._rearm(seat)
        self._publish(events)
        self._wake_driver()

    def _results(self) -> Callable[[Connection], None] | None:
        """What to store with the game's last action; a fault working it out is logged and
        does not keep the game from ending."""
        if self.on_over is None:
            return None
        try:
            return self.on_over(self)
        except Exception:
            log.exception("table %s: the results could not be worked out", self.id)
            return None

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
        """A person decides for this seat (not a bot, not one playing for them)."""
        return not self.seats[seat].played_by_bot

    def _server_answers(self, seat: int, legal: Sequence[Action]) -> bool:
        """The server decides this prompt: a bot's seat, a prompt with one answer (a lone
        "pass", say), or a reaction of a person who asked to pass them."""
        if not self._is_person(seat):
            return True
        return one_answer(legal) is not None or (self.seats[seat].autopass and is_reaction(legal))

    def _asks_person(self, seat: int) -> bool:
        """This person is shown the prompt and must answer it themselves."""
        assert self.state is not None
        return self._is_person(seat) and not self._server_answers(seat, self.state.legal(seat))

    def _rearm(self, acted: int | None, *, turn_ends_autopass: bool = True) -> None:
        """Something moved: the clock runs for the people asked now (before anyone is told).

        A person asked something that is not a reaction has reached their turn: their
        "auto-pass until my turn" ends there."""
        self._last_change = time.time()
        if self.state is not None and self.status == "playing":
            for seat, legal in self.state.pending().items():
                person = self.seats[seat]
                if (
                    turn_ends_autopass
                    and person.autopass
                    and self._is_person(seat)
                    and not (is_reaction(legal) or only_pass(legal))
                ):
                    person.autopass = False
                    self._send_prefs(seat)
            asked = [s for s in self.state.pending() if self._asks_person(s)]
            self.clock.update(asked, acted, self._last_change)

    def _wake_driver(self) -> None:
        """Let the driver (bots, the clock) look at the table again."""
        self._wake.set()
        if self.status == "playing" and (self._driver is None or self._driver.done()):
            self._driver = asyncio.get_running_loop().create_task(self._drive())

    async def _drive(self) -> None:
        """Answer the prompts the server answers (bots, passes) and stand in when a clock runs
        out. A pass or a hidden choice goes at once; a visible action waits `bot_delay`."""
        while self.status == "playing" and self.state is not None:
            self._wake.clear()
            state = self.state
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
                        self.act(seat, plan.action.id, mark=plan.mark, auto=True)
                        continue
                    waits.append(due - now)
                expired = [s for s in self.clock.expired(now) if s in state.pending()]
                if expired:
                    await self._stand_in(expired[0])
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

    async def _plans_now(self, state: State, step: int) -> list[tuple[float, int, Plan]] | None:
        """(when, seat, plan) for every prompt the server answers now; None if the game moved
        on while a bot thought."""
        if self._plans_step != step:
            self._plans, self._plans_step = {}, step
        out: list[tuple[float, int, Plan]] = []
        for seat, legal in sorted(state.pending().items()):
            if not self._server_answers(seat, legal):
                continue
            plan = self._plans.get(seat)
            if plan is None:
                plan = await self._plan(state, seat, legal)
                if self.state is not state or len(state.history) != step:
                    return None
                self._plans[seat] = plan
            delay = self.bot_delay if plan.visible else 0.0
            out.append((self._last_change + delay, seat, plan))
        return out

    async def _plan(self, state: State, seat: int, legal: Sequence[Action]) -> Plan:
        """What the server answers for `seat`, and whether anyone else will see it."""
        person = self.seats[seat]
        if person.bot is None and not person.left and not person.away:
            action = one_answer(legal) or pass_of(legal)  # the one answer, or an auto-pass
            shown = action.kind != "pass" and seen_by_others(state, seat, action)
            return Plan(action, None, shown)
        action = await self._bot_decision(state, seat)
        mark = "left" if person.left else "away" if person.away else None
        return Plan(action, mark, seen_by_others(state, seat, action))

    async def _bot_decision(self, state: State, seat: int) -> Action:
        logs = self.logs
        assert logs is not None
        bot = self._bot(seat)
        if bot.uses_sample:
            turn = turn_for(state, seat, bot, list(logs.of(seat)))
            action: Action = await asyncio.to_thread(bot.decide, turn)
            return action
        return decide(state, seat, bot, logs.of(seat))

    async def _stand_in(self, seat: int) -> None:
        """A person's bank ran out: a bot decides this once, and the others may now hand the
        seat to a bot for good."""
        state = self.state
        assert state is not None
        step = len(state.history)
        action = await self._bot_decision(state, seat)
        if self.state is not state or len(state.history) != step:
            return
        if not self.seats[seat].timed_out:
            self.seats[seat].timed_out = True
            self.save()
            self._broadcast_table()
        self.act(seat, action.id, mark="clock", auto=True)

    def _bot(self, seat: int) -> Bot:
        bot = self._bots.get(seat)
        if bot is None:
            spec = capped_spec(
                self.game, self.seats[seat].bot or standin_spec(self.game), self.limits.bot_seconds
            )
            bot = self._bots[seat] = make_bot(self.game, spec, seat, bot_seed(self.seed, seat))
        return bot

    # -- chat -------------------------------------------------------------------------

    def say(self, seat: int, text: str, address: str = "") -> None:
        """A chat line from a seated person, or ChatRefused. Each seat has its budget, and so
        does each guest and each address over every table (`senders`)."""
        if self.seats[seat].left:
            raise ChatRefused("you left this table; you can no longer chat at it")
        line = clean_line(text)
        guest = self.seats[seat].guest
        if not self.flood.allow(seat) or not all(
            self.senders.allow(who) for who in (("guest", guest), ("address", address)) if who[1]
        ):
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
            "rematch": self.rematch,
            "unrated": self.unrated_because(),
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
        asked = seat is not None and seat in pending and self._asks_person(seat)
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
                for a in (pending[seat] if asked and seat is not None else ())
            ],
            "deadlines": self.clock.public(),
            "banks": self.clock.public_banks(),
            "marks": {str(k): v for k, v in sorted(self.marks.items())},
            "outcome": outcome.to_json() if outcome is not None else None,
        }
        if since is not None:
            message["since"] = first
        return encode(message)

    def prefs(self, seat: int | None) -> dict[str, Any] | None:
        """A seat's own preferences (sent to that seat only)."""
        return None if seat is None else {"autopass": self.seats[seat].autopass}

    def set_prefs(self, seat: int, autopass: bool) -> None:
        """Change a seat's preferences; a pending reaction may now be answered for it."""
        self.seats[seat].autopass = autopass
        self.save()
        self._send_prefs(seat)
        if self.status == "playing":
            self._rearm(None, turn_ends_autopass=False)
            self._publish([])
            self._wake_driver()

    def _send_prefs(self, seat: int) -> None:
        text = encode({"type": "prefs", "prefs": self.prefs(seat)})
        for client in list(self.clients):
            if client.seat == seat:
                client.send(text)

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
                    "prefs": self.prefs(client.seat),
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

    def rematch_settings(self) -> tuple[dict[str, Any], list[str | None]]:
        """The options and the bots of a rematch: the same game at the same seats."""
        if self.status != "over":
            raise TableError("a rematch is played once this game is over")
        return self.options.to_json(), [s.bot for s in self.seats]

    def set_rematch(self, table_id: str) -> None:
        """Point everyone at this table to its rematch."""
        self.rematch = table_id
        self.save()
        self._broadcast_table()

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

    def expire(self) -> None:
        """The table was never started in time: tell whoever is connected, and close."""
        message = "this table was not started in time and has been removed"
        for client in list(self.clients):
            client.send(error("expired", message))
            client.close(4410)
        self.clients.clear()
        self.close()

    def close(self) -> None:
        if self._driver is not None:
            self._driver.cancel()

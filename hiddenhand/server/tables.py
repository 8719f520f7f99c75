"""A table: seats, one game State, and everyone connected to it.

The table applies actions in order. For each accepted action it writes the action to storage,
and only then publishes: every connected seat gets its own `view(seat)` and the new events it
may see, each numbered in that seat's own sequence. A table publishes once per turn of the event
loop. Every seat asked is listed, and every person asked is on the clock, before anyone answers:
the server's own answers (bots, configured, standing in for a seat whose clock ran out, or for a
person who left; a person's lone pass) come later, through the same `act` path, at times that
tell nothing of what a seat holds (`pace`).

The table holds the game and says what happens when; its parts each do one job: `seating` the
seat rules, `driver` and `botturns` the answers the server gives, `audience` the connections,
`updates` the state message, `restore` the way back from storage.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass
from functools import partial
from typing import Any

import msgspec
from sqlalchemy import Connection

from hiddenhand.bots.match import SeatLogs
from hiddenhand.engine import Action, Game, IllegalAction, Options, State
from hiddenhand.engine.followups import follow_ups
from hiddenhand.engine.seeding import KEYED
from hiddenhand.engine.sight import private_step
from hiddenhand.server import seating
from hiddenhand.server.action_log import Ending, Row
from hiddenhand.server.aloud import Aloud
from hiddenhand.server.audience import Audience, Client
from hiddenhand.server.botnotes import BotNotes
from hiddenhand.server.botpool import BotPool
from hiddenhand.server.botturns import BotTurns
from hiddenhand.server.chat import ChatRefused, FloodGuard, TableChat
from hiddenhand.server.clock import TurnClock
from hiddenhand.server.driver import Driver
from hiddenhand.server.errors import TableError
from hiddenhand.server.lessons import Lessons
from hiddenhand.server.metrics import NO_METRICS, Metrics
from hiddenhand.server.pace import ends_autopass, server_answers
from hiddenhand.server.protocol import encode, error
from hiddenhand.server.seats import Seat
from hiddenhand.server.settings import Limits
from hiddenhand.server.steps import StepCounts
from hiddenhand.server.storage import Storage, StoredTable
from hiddenhand.server.updates import state_message

log = logging.getLogger("hiddenhand.server")


class PrefsRefused(TableError):
    """A change of preferences over the seat's budget; nothing was changed."""


class PreviewRefused(TableError):
    """A preview over the seat's budget; nothing was worked out."""


class UndoRefused(TableError):
    """Nothing the seat may take back now; nothing was changed."""


@dataclass(frozen=True, slots=True)
class Taken:
    """A step its seat may still take back: its row in the store, the game before it, and
    the step its move began at (a move sent whole, a card and its targets, goes back whole)."""

    row: Row
    before: State
    move: int


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
        pool: BotPool | None = None,
        metrics: Metrics | None = None,
        lessons: Lessons | None = None,
    ) -> None:
        self.id = id
        self.game = game
        self.options = options
        self.seats = seats
        self.seed = seed
        self.seeding = seeding
        self.clock = TurnClock(clock)
        self.storage = storage
        self.created = time.time() if created is None else created
        self.status = status
        self.state: State | None = None
        self.logs: SeatLogs | None = None
        self.marks: dict[int, str] = {}
        self.notes = BotNotes(len(seats))
        """The log's lines about bots deciding for people (from the marks)."""
        self.rematch: str | None = None
        """The table of the rematch, once a player of this finished game asked for one."""
        self.bot_took_over = False
        """A bot played a seat handed to it: the game is unrated from then on."""
        self.on_over: Callable[[Table], Callable[[Connection], None] | None] | None = None
        """Asked, as the game ends, for what to write with its last action (its results)."""
        self.account_name: Callable[[str], str | None] | None = None
        """The name of the account a seat holder is (None for a guest): a signed-in person
        sits under it, whatever name they typed."""
        self.chat_refusal: Callable[[str | None], str | None] | None = None
        """Why a seat holder may not chat (an operator muted them), or None (`moderation`)."""
        self.blocked_with: Callable[[str, list[str]], str | None] | None = None
        """The account among seat holders that a person blocked or is blocked by, if any:
        those two are never seated together (`moderation`)."""
        self.ended: str | None = None
        """Why the game was ended before its end (an operator ended it), or None."""
        self.show_thoughts = False
        """A table of bots only, made to show its spectators what each bot thought (`aloud`)."""
        self.aloud: Aloud | None = None
        """How it does (set by the lobby where `show_thoughts` is)."""
        self.limits = limits or Limits()
        self.chat = TableChat(self.limits, senders)
        self.audience = Audience(len(seats))
        self.addresses: dict[int, str] = {}
        """The address each person sat down from (memory only: a limit, not a record)."""
        self.metrics = metrics or NO_METRICS
        self._acks: list[float] = []
        """When each person's action accepted since the last state sent was read (to measure
        how long they waited to see it acknowledged)."""
        self.lessons = lessons
        """A tutorial's script, which every step of this table follows (`lessons`); None at
        a table that is played freely."""
        bots = BotTurns(game, seed, self.limits.bot_seconds, pool, self.metrics, lessons)
        self.driver = Driver(self, bots, bot_delay, lessons=lessons)
        self._published: dict[int | None, int] = {}
        """How many events of each seat's log (None: a spectator's) have been published."""
        self._publishing: asyncio.Handle | None = None
        self.closed = False
        """No longer played here (finished and unloaded, expired, or moved)."""
        self._unsent = False
        """Something happened that is not sent yet (it is, once its actions are saved)."""
        self._attaching: dict[Client, int] = {}
        """Connections that said hello, let in once the actions they would be shown are saved."""
        self.prefs_flood = FloodGuard(burst=self.limits.prefs_burst, every=self.limits.prefs_every)
        """How often each seat may change its preferences."""
        self.preview_flood = FloodGuard(
            burst=self.limits.preview_burst, every=self.limits.preview_every
        )
        """How often each seat may preview its follow-up choices."""
        self._saving: asyncio.Task[None] | None = None
        """The settings being written by the store's thread (`_save_soon`)..."""
        self._after_save: list[Callable[[], None]] = []
        """...and what to do once the changes made since are written too."""
        self._undoable: list[Taken] = []
        """The last steps of the game, all by one person, that they may take back, oldest
        first (`undo`); any other step, or any step by someone else, empties it."""
        self._undid: set[int] = set()
        """Seats that took a step back and have not acted since: a choice they were offered
        before is stale."""
        self._showing: set[int] = set()
        """Seats to be shown the game once its actions are saved (`_show_seat`)."""
        self.steps = StepCounts()
        """Which steps of the game each seat saw: the step numbers its frames carry."""

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
                "ended": self.ended,
                "tutorial": None if self.lessons is None else self.lessons.game,
                "thoughts": self.show_thoughts,
            },
        )

    def save(self) -> None:
        self.storage.save_table(self.stored())

    def replay(self, actions: Sequence[tuple[int, int, str | None]]) -> None:
        """Deal the game again and play the stored `actions` (seat, action, mark) on it."""
        self.marks = {}
        self._undoable, self._undid = [], set()
        self._begin()
        assert self.state is not None and self.logs is not None
        for index, (seat, action, mark) in enumerate(actions):
            self.notes.action(seat, mark, self.logs)
            before = self.state.clone()
            events = self.state.act(seat, action)
            self.logs.add(events)
            self.steps.add(seat if private_step(before, self.state, seat, events) else None)
            if mark:
                self.marks[index] = mark
        self.status = "over" if self.state.over or self.ended else "playing"
        self._published = {seat: len(self.logs.of(seat)) for seat in self._audiences()}

    def recover(self) -> None:
        """Back to what storage holds after a fault, and tell everyone where things stand."""
        self._reload()
        if self.state is not None:
            self._moved()

    def _reload(self) -> None:
        """Back to exactly what storage holds (after a failed write or a fault)."""
        self.storage.actions.forget(self.id)
        self._unsent = False
        self._acks = []
        self._undoable, self._undid, self._showing = [], set(), set()
        stored = self.storage.load(self.id)
        if stored is None:
            raise TableError("this table is gone from storage")
        self.replay(stored.actions)

    # -- seats ------------------------------------------------------------------------

    def seat_of(self, token: str) -> int | None:
        return seating.seat_of_token(self.seats, token)

    def seat_of_guest(self, guest: str) -> int | None:
        return seating.seat_of_guest(self.seats, guest)

    def unrated_because(self) -> str | None:
        return seating.unrated_because(self.seats, self.bot_took_over)

    def results(self) -> list[str] | None:
        """Each seat's result once the game is over ("left" for a person gone at the end,
        whatever the bot playing on did), else None."""
        if self.state is None or not self.state.over:
            return None
        outcome = self.state.outcome()
        return [seating.result(self.seats, seat, outcome) for seat in range(len(self.seats))]

    def adopt(self, guest: str, identity: str) -> bool:
        """The seat `guest` holds now belongs to `identity` (a guest who made an account)."""
        if not seating.adopt(self.seats, guest, identity):
            return False
        self._save_and_show()
        return True

    def sit(
        self,
        name: str,
        guest: str,
        seat: int | None = None,
        address: str = "",
        returning: str | None = None,
    ) -> int:
        """Seat a person before the game starts; returns the seat (`seating.sit`). A signed-in
        person sits under their account's name; `name` is a guest's."""
        if self.status != "open":
            raise TableError("this table has started; you can watch it")
        account = self.account_name(guest) if self.account_name is not None else None
        name = account or name
        if self.blocked_with is not None and seating.seat_of_guest(self.seats, guest) is None:
            holders = [s.guest for s in self.seats if s.guest is not None and s.guest != guest]
            blocked = self.blocked_with(guest, holders)
            if blocked is not None:
                raise TableError(
                    f"you cannot sit at this table: you and {blocked} have blocked one another"
                )
        seat = seating.sit(
            self.seats,
            self.addresses,
            name=name,
            guest=guest,
            wanted=seat,
            address=address,
            per_address=self.limits.seats_per_address,
            returning=returning,
        )
        self._save_and_show()
        return seat

    def keep_seats(self, holders: dict[int, str], seconds: float) -> None:
        """Keep these free seats for these people (the players of the game before) for
        `seconds`; then anyone may take them."""
        seating.keep(self.seats, holders, time.time() + seconds)
        self._save_and_show()

    def leave(self, seat: int) -> None:
        """Before the start the seat is freed; during the game a bot plays it on."""
        if self.status == "open":
            self.seats[seat] = Seat()
            self.addresses.pop(seat, None)
        elif self.status == "playing":
            self.seats[seat].left = True
            self._rearm(None)
            self.driver.wake()
        else:
            raise TableError("the game is over")
        self._save_and_show()

    def hand_to_bot(self, by: int, seat: int) -> None:
        """A player hands the seat of a person whose time ran out to a bot (they may return)."""
        if self.status != "playing":
            raise TableError("the game is not being played")
        seating.hand_to_bot(self.seats, by, seat, self.display_names())
        self.bot_took_over = True
        self._save_and_show()
        self._moved()

    def take_back(self, seat: int) -> None:
        """A person whose seat was handed to a bot plays it again."""
        if self.status != "playing":
            raise TableError("the game is not being played")
        seating.take_back(self.seats, seat)
        self._save_and_show()
        self._moved()

    def time_ran_out(self, seat: int) -> None:
        """A person's bank ran out: from now on the others may hand the seat to a bot."""
        if not self.seats[seat].timed_out:
            self.seats[seat].timed_out = True
            self._save_and_show()

    def prefs(self, seat: int | None) -> dict[str, Any] | None:
        """A seat's own preferences (sent to that seat only)."""
        return None if seat is None else {"autopass": self.seats[seat].autopass}

    def set_prefs(self, seat: int, autopass: bool) -> None:
        """Change a seat's preferences; a pending reaction may now be answered for it.

        A seat changes them at most `prefs_burst` times at once, then once every
        `prefs_every` seconds (PrefsRefused past that, having changed nothing). The settings
        are written off the event loop, and the seat is told once they are; the table is
        shown again (once this turn of the loop is over), since a prompt answered for the seat
        is no longer shown to it."""
        if not self.prefs_flood.allow(seat):
            raise PrefsRefused("you are changing your preferences too fast; wait a moment")
        if self.seats[seat].autopass == autopass:
            self._send_prefs(seat)
            return
        self.seats[seat].autopass = autopass
        self._save_soon(lambda: self._send_prefs(seat))
        if self.status == "playing":
            self._moved(turn_ends_autopass=False)

    def _save_soon(self, then: Callable[[], None]) -> None:
        """Store the settings by the store's writer thread; `then` runs once they are. One
        write at a time: changes made meanwhile go together in the next."""
        self._after_save.append(then)
        if self._saving is None or self._saving.done():
            self._saving = asyncio.get_running_loop().create_task(self._save_in_turn())

    async def _save_in_turn(self) -> None:
        while self._after_save and not self.closed:
            written, self._after_save = self._after_save, []
            try:
                await self.storage.save_table_soon(self.stored())
            except Exception:
                log.exception("table %s: its settings could not be saved", self.id)
                continue
            for then in written:
                then()

    def _send_prefs(self, seat: int) -> None:
        self.audience.send_seat(seat, encode({"type": "prefs", "prefs": self.prefs(seat)}))

    # -- the game ---------------------------------------------------------------------

    def start(self) -> None:
        if self.status != "open":
            raise TableError("the game has already started")
        if not all(s.taken for s in self.seats):
            raise TableError("every seat must be taken before the game starts")
        self.status = "playing"
        self._begin()
        self._save_and_show()
        self._moved()
        log.info(
            "table %s started",
            self.id,
            extra={"event": "table.started", "table": self.id, "game": self.game.id},
        )

    def _begin(self) -> None:
        names = [
            s.name if s.name is not None else seating.bot_name(i) for i, s in enumerate(self.seats)
        ]
        self.state = self.game.start(names, self.options, self.seed, seeding=self.seeding)
        self.logs = SeatLogs(len(self.seats))
        self.notes = BotNotes(len(self.seats))
        self.steps = StepCounts()
        self._published = {}

    def ready(self) -> None:
        """Start deciding for bots and running the clock (after a restore)."""
        if self.status == "playing":
            self._rearm(None)
            self.driver.wake()

    def act(
        self,
        seat: int,
        action_id: int,
        *,
        step: int | None = None,
        mark: str | None = None,
        auto: bool = False,
        received: float | None = None,
        move: int | None = None,
    ) -> None:
        """Apply one action and queue it to be written; it is published once it is. Raises
        IllegalAction or TableError, having changed nothing, when the action is not accepted.

        `step` is the step at which the choice was offered: the action is refused as stale if
        this seat has acted since (others acting in the same window do not make it stale).
        `auto` says the server answered for the seat (a bot, a pass); otherwise the person is
        back, and their seat is no longer marked as timed out. `received`: when the person's
        message was read (`time.perf_counter`), to measure until they are sent the new state.
        `move`: the step the move this action goes on began at (`act_move`).
        """
        state, logs = self._playing(seat, step)
        index = len(state.history)
        if not isinstance(action_id, int) or not 0 <= action_id < len(state.space):
            raise IllegalAction(f"no action has id {action_id}")
        if self.lessons is not None and not auto:
            self.lessons.check(state, seat, [action_id])
        person = not auto and not mark and not self.seats[seat].played_by_bot
        before = state.clone()
        events = state.act(seat, action_id)
        over = state.over
        ending = Ending("over", self._results()) if over else None
        row = Row(self.id, index, seat, action_id, mark, ending)
        self.storage.actions.add(row, self._not_saved)
        self.metrics.actions.labels(self.game.id).inc()
        private = private_step(before, state, seat, events)
        self.steps.add(seat if private else None)
        unseen = person and private and state.undoable(seat, before, events)
        self._undid.discard(seat)
        began = index if move is None else move
        taken = self._undoable
        if taken and taken[-1].row.seat != seat:
            taken = []
        goes_on = began == index or bool(taken and taken[-1].move == began)
        if unseen and goes_on:
            self._undoable = [*taken, Taken(row, before, began)]
        else:  # a step others saw, or a move part of which they saw: confirmed
            self._undoable = []
        if received is not None and not private:
            self._acks.append(received)
        if over:
            self.storage.actions.then(self.id, self._finished)
        if mark:
            self.marks[index] = mark
        self.notes.action(seat, mark, logs)
        logs.add(events)
        if self.aloud is not None and auto and self.seats[seat].bot is not None:
            self.storage.actions.then(self.id, partial(self.aloud.decided, state, index))
        if not auto and self.seats[seat].timed_out:
            self.seats[seat].timed_out = False
            self._save_and_show()
        if over:
            self.status = "over"
            self.clock.clear()
        elif private:  # nobody else saw it: their clocks, answer times and frames stay as they are
            self._show_seat(seat)
            self.driver.went_on_in_secret(seat)
            return
        else:
            self._rearm(seat, passed=state.space[action_id].kind == "pass")
        self._publish()
        self.driver.wake()

    def can_undo(self, seat: int | None) -> bool:
        """Whether `seat` may take back its last step now (`undo`)."""
        return bool(self._undoable) and self._undoable[-1].row.seat == seat

    def undo(self, seat: int, *, step: int | None = None) -> None:
        """Take back `seat`'s last step (its whole move, if sent as one), which the engine called
        undoable (`State.undoable`: nobody saw it, it drew nothing and showed the seat nothing),
        if nothing has happened since. The game goes back to the copy made before it, the stored
        action is deleted (so a restart and the record are as if it was never taken), and only
        the seat is shown the change: nobody else saw the step, so nobody sees it go. `step`, if
        given, is the step the seat saw; UndoRefused, changing nothing, if the game is elsewhere
        or nothing may be taken back."""
        state, _ = self._playing(seat, None)
        if step is not None and step != self.steps.seen_by(seat):
            raise UndoRefused("the game has moved on since; nothing was taken back")
        if not self.can_undo(seat):
            raise UndoRefused(
                "nothing to take back: your last choice is confirmed (others saw it, or it "
                "showed you something), or another choice was made since"
            )
        if self._undoable[-1].row.idx != len(state.history) - 1:  # any other step empties it
            self._undoable = []
            raise UndoRefused("the game has moved on since; nothing was taken back")
        move = self._undoable[-1].move
        while self._undoable and self._undoable[-1].move == move:  # the whole move goes back
            taken = self._undoable.pop()
            self.storage.actions.take_back(taken.row)
        self.state = taken.before
        self.steps.truncate(len(taken.before.history))
        self._undid.add(seat)
        self._show_seat(seat)
        self.driver.wake()

    def _show_seat(self, seat: int) -> None:
        """Show one seat where the game stands once its actions are saved (a step nobody else
        saw, or its taking back); a publish already on its way shows it to everyone."""
        if self.unshown or seat in self._showing:
            return
        self._showing.add(seat)

        def send() -> None:
            self._showing.discard(seat)
            logs = self.logs
            if self.closed or self.state is None or logs is None or self.unshown:
                return
            new = len(logs.of(seat)) - self._published.get(seat, 0)
            self.audience.send_seat(seat, self._state_message(seat, new, secret=True))
            self._published[seat] = len(logs.of(seat))

        self.storage.actions.then(self.id, send)

    def _playing(self, seat: int, step: int | None) -> tuple[State, SeatLogs]:
        """The game, if it is being played and `seat`'s choice offered at `step` still stands
        (IllegalAction: it has acted since)."""
        state, logs = self.state, self.logs
        if self.closed:  # handed to another process: what it still receives is not taken
            raise TableError("this table is moving to another server; choose again there")
        if self.status != "playing" or state is None or logs is None:
            raise TableError(
                "the game is not being played" if self.status == "open" else "the game is over"
            )
        at = None if step is None else self.steps.index(seat, step)
        if step is not None and (at is None or any(s == seat for s, _ in state.history[at:])):
            raise IllegalAction("the game has moved on since that choice was offered; choose again")
        return state, logs

    def follow_ups(
        self, seat: int, actions: Sequence[int], *, step: int | None = None
    ) -> list[Action]:
        """What `seat` would be asked next within its move if it took `actions` in a row
        (`engine.followups`): worked out on a copy of the game. Nothing changes, nothing is
        stored or published; IllegalAction or TableError if the sequence is not open to it.

        A seat previews at most `preview_burst` times at once, then once every
        `preview_every` seconds (PreviewRefused past that)."""
        state, _ = self._playing(seat, step)
        if not self.preview_flood.allow(seat):
            raise PreviewRefused("you are asking too fast; wait a moment")
        if self.lessons is not None:
            self.lessons.check(state, seat, actions)
        return list(follow_ups(state, seat, actions))

    def act_move(
        self,
        seat: int,
        actions: Sequence[int],
        *,
        step: int | None = None,
        received: float | None = None,
    ) -> None:
        """Several actions of one move (an action and its follow-ups), all or none: the whole
        sequence is checked on a copy first, then each is applied and stored as `act` does."""
        state, _ = self._playing(seat, step)
        if self.lessons is not None:
            self.lessons.check(state, seat, actions)
        if actions:
            follow_ups(state, seat, actions)
        began = len(state.history)
        for i, action in enumerate(actions):
            last = i == len(actions) - 1
            self.act(
                seat,
                action,
                step=step if i == 0 else None,
                received=received if last else None,
                move=began,
            )

    def _finished(self) -> None:
        """The game's last action is written."""
        self.metrics.games_finished.labels(self.game.id).inc()
        actions = len(self.state.history) if self.state is not None else 0
        log.info(
            "table %s finished after %d actions",
            self.id,
            actions,
            extra={
                "event": "table.finished",
                "table": self.id,
                "game": self.game.id,
                "actions": actions,
                "unrated": self.unrated_because(),
            },
        )

    def _not_saved(self) -> None:
        """An action could not be written: back to what the store holds, and everyone is told
        (the people whose action it was choose again)."""
        if self.closed:
            return
        self.recover()
        self.audience.send_all(
            error("not-saved", "an action could not be saved; nothing changed, choose again")
        )
        if self._attaching:
            self._let_in()

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

    def _asks_person(self, seat: int) -> bool:
        """This person is shown the prompt and must answer it themselves."""
        assert self.state is not None
        if self.lessons is not None:
            return not self.seats[seat].played_by_bot and self.lessons.asks_person(self.state, seat)
        return not server_answers(self.seats[seat], self.state.legal(seat))

    def _rearm(
        self, acted: int | None, *, passed: bool = True, turn_ends_autopass: bool = True
    ) -> None:
        """Something moved: the answer times are drawn and the clock runs for every person
        asked now, whether the server will answer for them or not (before anyone is told: who
        is on the clock is public, so it may not depend on what they hold). `passed`: the move
        was a pass, so those still asked keep their times.

        A person asked something that is not a reaction has reached their turn: their
        "auto-pass until my turn" ends there."""
        pending = self.state.pending() if self.state is not None else {}
        playing = self.status == "playing"
        now = self.driver.moved(pending if playing else (), acted, passed)
        if self.state is not None and playing:
            for seat, legal in pending.items():
                person = self.seats[seat]
                if turn_ends_autopass and ends_autopass(person, legal):
                    person.autopass = False
                    self._send_prefs(seat)
            people = [s for s in pending if not self.seats[s].played_by_bot]
            self.clock.update(people, acted, now, together=len(pending) > 1)

    def _moved(self, *, turn_ends_autopass: bool = True) -> None:
        """Who answers for a seat changed (or the game began): restart the clocks, show
        everyone where things stand, and let the driver look again."""
        self._rearm(None, turn_ends_autopass=turn_ends_autopass)
        self._publish()
        self.driver.wake()

    # -- chat -------------------------------------------------------------------------

    def say(self, seat: int, text: str, address: str = "") -> None:
        """A chat line from a seated person, or ChatRefused (`TableChat.line`)."""
        person = self.seats[seat]
        if person.left:
            raise ChatRefused("you left this table; you can no longer chat at it")
        refusal = None if self.chat_refusal is None else self.chat_refusal(person.guest)
        if refusal is not None:
            raise ChatRefused(refusal)
        entry = self.chat.line(seat, self.display_names()[seat], text, person.guest, address)
        account = None
        if person.guest is not None and self.account_name is not None:
            account = self.account_name(person.guest)
        if account is not None:
            entry["account"] = account  # whose chat a person muted or blocked is hidden
        self.storage.append_chat(self.id, len(self.chat.lines), entry)
        self.chat.lines.append(entry)
        self.audience.send_all(encode({"type": "chat", **entry}))

    # -- what clients see -------------------------------------------------------------

    def display_names(self) -> list[str]:
        if self.state is not None:
            return list(self.state.players)
        return [s.name or (seating.bot_name(i) if s.bot else "") for i, s in enumerate(self.seats)]

    def public(self) -> dict[str, Any]:
        """The table as anyone may see it (no tokens, no guest ids)."""
        connected = self.audience.connected()
        now = time.time()
        return {
            "id": self.id,
            "game": self.game.id,
            "title": self.game.title,
            "options": self.options.to_json(),
            "status": self.status,
            "clock": self.clock.seconds,
            "bank_max": self.clock.cap,
            "created": int(self.created * 1000),
            "seats": [s.public(connected[i], now) for i, s in enumerate(self.seats)],
            "names": self.display_names(),
            "spectators": self.audience.spectators(),
            "rematch": self.rematch,
            "unrated": self.unrated_because(),
            "tutorial": None if self.lessons is None else self.lessons.game,
            "thoughts": self.show_thoughts,
        }

    def attach(self, client: Client, since: int) -> None:
        """A connection said hello: send it everything it needs once every action it would be
        shown is saved, then keep it posted."""
        first = not self._attaching
        self._attaching[client] = since
        if first:
            self.storage.actions.then(self.id, self._let_in)

    def _let_in(self) -> None:
        if self._publishing is not None:
            self._flush()  # the others first: what it is sent next is then new to it too
        if not self.storage.actions.saved(self.id):
            self.storage.actions.then(self.id, self._let_in)
            return
        self._send_state()
        attaching, self._attaching = self._attaching, {}
        for client, since in attaching.items():
            self.audience.join(client)
            seat = client.seat
            welcome = {
                "table": self.public(),
                "chat": self.chat.recent(),
                "prefs": self.prefs(seat),
            }
            client.send(encode({"type": "welcome", "seat": seat, **welcome}))
            if self.state is not None:
                client.send(self._state_message(seat, 0, since))
        self.audience.send_presence()

    def detach(self, client: Client) -> None:
        self._attaching.pop(client, None)
        self.audience.leave(client)

    def _state_message(
        self, seat: int | None, new: int, since: int | None = None, *, secret: bool = False
    ) -> str:
        assert self.state is not None and self.logs is not None
        return state_message(
            self.state,
            self.logs,
            seat,
            new,
            since,
            step=self.steps.seen_by(seat),
            asks_person=self._asks_person,
            clock=self.clock,
            marks=self.steps.marks_for(seat, self.marks),
            notes=self.notes.public(seat, self.state.players),
            results=self.results(),
            tutorial=None if self.lessons is None else self.lessons.told(self.state, seat),
            can_undo=self.can_undo(seat),
            secret=secret,
        )

    def _audiences(self) -> list[int | None]:
        return [*range(len(self.seats)), None]

    def _publish(self) -> None:
        """Tell everyone where the game stands, once this turn of the event loop is over."""
        if self._publishing is None:
            self._publishing = asyncio.get_running_loop().call_soon(self._flush)

    def _flush(self) -> None:
        """Once every action is saved, send each connection its seat's state message with the
        events it has not been sent yet."""
        if self._publishing is not None:
            self._publishing.cancel()
        self._publishing = None
        if not self._unsent:
            self._unsent = True
            self.storage.actions.then(self.id, self._send_state)

    def _send_state(self) -> None:
        logs = self.logs
        if not self._unsent or self.closed or self.state is None or logs is None:
            return
        self._unsent = False
        published = self._published
        self.audience.send_each(
            lambda seat: self._state_message(seat, len(logs.of(seat)) - published.get(seat, 0))
        )
        self._published = {seat: len(logs.of(seat)) for seat in self._audiences()}
        if self._acks:
            acks, self._acks = self._acks, []
            self.metrics.acknowledged(acks, time.perf_counter())
        self.driver.shown()

    @property
    def unshown(self) -> bool:
        return self._publishing is not None or self._unsent

    def _save_and_show(self) -> None:
        """Store the table's settings and seats, then show everyone how it stands now."""
        self.save()
        self.audience.send_all(encode({"type": "table", "table": self.public()}))

    def rematch_settings(self) -> tuple[dict[str, Any], list[str | None]]:
        """The options and the bots of a rematch: the same game at the same seats."""
        if self.status != "over":
            raise TableError("a rematch is played once this game is over")
        if self.lessons is not None:
            raise TableError("a tutorial has no rematch: start a real game from the lobby")
        return self.options.to_json(), [s.bot for s in self.seats]

    def players(self) -> dict[int, str]:
        """Who played each person's seat to the end (a seat left during the game is not
        theirs any more): the seats a rematch keeps for them."""
        return {
            i: s.guest
            for i, s in enumerate(self.seats)
            if s.bot is None and s.guest is not None and not s.left
        }

    def set_rematch(self, table_id: str) -> None:
        """Point everyone at this table to its rematch."""
        self.rematch = table_id
        self._save_and_show()

    def end(self, reason: str) -> None:
        """End a game being played before its end (an operator did): nobody wins, nothing is
        rated, the record keeps the actions played; everyone connected is told, and closed."""
        if self.status != "playing":
            raise TableError("only a game being played can be ended; this one is " + self.status)
        self.ended = reason
        self.status = "over"
        self.clock.clear()
        self.save()
        self.audience.dismiss(error("ended", f"this table was ended: {reason}"), 4410)
        self.close()

    def spectator_view(self) -> dict[str, Any]:
        """What anyone watching sees: the table, its chat and the spectators' view of the
        game (never a hidden card)."""
        state = None
        if self.state is not None and self.logs is not None:
            state = msgspec.json.decode(self._state_message(None, 0))
        return {"table": self.public(), "chat": list(self.chat.lines), "state": state}

    def expire(self) -> None:
        """The table was never started in time: tell whoever is connected, and close."""
        message = "this table was not started in time and has been removed"
        self.audience.dismiss(error("expired", message), 4410)
        self.close()

    def close(self) -> None:
        self.closed = True
        self.driver.stop()
        if self.aloud is not None:
            self.aloud.close()

"""The lobby: the games on offer, the tables, and the HTTP calls that create, join and start them.

Everything here is driven by the game registry, so a game added later appears on its own: its
options come from `Options.fields()`, its bots from `bot_names(game)`.
"""

from __future__ import annotations

import logging
import secrets
import time
from collections.abc import Callable
from typing import Any

from hiddenhand.bots.base import bot_names
from hiddenhand.bots.registry import level_specs
from hiddenhand.engine import Game, get_game
from hiddenhand.games.texts import goal
from hiddenhand.server.accounts import Accounts, account_id_of
from hiddenhand.server.aloud import Aloud
from hiddenhand.server.botpool import BotPool
from hiddenhand.server.botspecs import checked_spec, searches
from hiddenhand.server.botturns import standin_spec
from hiddenhand.server.chat import FloodGuard
from hiddenhand.server.errors import Refused, TableError
from hiddenhand.server.leases import Leases
from hiddenhand.server.lessons import Lessons
from hiddenhand.server.metrics import NO_METRICS, Metrics
from hiddenhand.server.moderation import Moderation
from hiddenhand.server.protocol import RECONNECT, error
from hiddenhand.server.ratings import Results
from hiddenhand.server.renderers import renderer_url
from hiddenhand.server.restore import restore_table
from hiddenhand.server.seats import Seat
from hiddenhand.server.settings import Limits
from hiddenhand.server.storage import Storage, StoredTable
from hiddenhand.server.tables import Table
from hiddenhand.server.thinking import Thinker
from hiddenhand.tutorials import Tutorial, tutorial_of

log = logging.getLogger("hiddenhand.server")
MAX_CLOCK = 600
DEFAULT_CLOCK = 30
"""Seconds each decision adds to a person's time bank when the creator does not say: a table
with people has a clock, so one absent player cannot hold it up for ever."""
SEED_BITS = 128
"""Bits of a table's seed, drawn from `secrets`: nobody can guess a deal from its table."""
LIVE = ("open", "playing")


def new_table_id() -> str:
    """48 random bits, URL-safe, never beginning with "-": an id is typed on command lines
    (`hiddenhand admin show ID`), where one beginning so reads as an option."""
    while (table_id := secrets.token_urlsafe(6)).startswith("-"):
        pass
    return table_id


def game_info(game: Game) -> dict[str, Any]:
    """A game as the lobby shows it: title, summary, goal, seats, options with choices, bots,
    and the strength levels (easy to expert) a seat's bot is picked by, with the spec of each."""
    options = []
    for f in game.options_type.fields().values():
        kind = "bool" if f.type is bool else "int" if f.type is int else "str"
        choices = f.choices
        options.append(
            {
                "name": f.name,
                "type": "choice" if choices is not None and f.type is not bool else kind,
                "choices": list(choices) if choices is not None and f.type is not bool else None,
                "default": f.default,
                "help": f.help,
            }
        )
    return {
        "id": game.id,
        "title": game.title,
        "summary": game.summary,
        "goal": goal(game),
        "min_players": game.min_players,
        "max_players": game.max_players,
        "default_players": game.usual_players,
        "options": options,
        "bots": bot_names(game),
        "levels": [{"name": name, "spec": spec} for name, spec in level_specs(game.id).items()],
        "standin": standin_spec(game),
        "renderer": renderer_url(game),
        "tutorial": tutorial_of(game.id) is not None,
    }


def summary(table: Table) -> dict[str, Any]:
    """What the lobby's list needs of a table: its public face and who holds its seats."""
    holders = [s.guest for s in table.seats if s.guest is not None and not s.left]
    return {"public": table.public(), "holders": holders}


def listing(
    summaries: list[dict[str, Any]],
    limits: Limits,
    now: float | None = None,
    *,
    game: str | None = None,
    holder: str | None = None,
    avoid: frozenset[str] = frozenset(),
) -> list[dict[str, Any]]:
    """Tables to show in the lobby: playing ones, and open ones not left waiting too long,
    those waiting for players first. `game` keeps one game's; `holder` keeps the tables
    where that guest or account holds a seat (all of them, however long they wait); an open
    table where one of `avoid` sits is left out (the asker could not sit there: a block). A
    tutorial's table is its person's alone: it is listed only among their own."""
    now = time.time() if now is None else now
    stale = now - limits.listed_open_seconds
    shown = [
        s["public"]
        for s in summaries
        if s["public"]["status"] in LIVE
        and (
            s["public"]["status"] == "playing"
            or s["public"]["created"] > stale * 1000
            or holder is not None
        )
        and (game is None or s["public"]["game"] == game)
        and (holder is None or holder in s["holders"])
        and not (s["public"]["status"] == "open" and avoid.intersection(s["holders"]))
        and not (s["public"].get("tutorial") and holder is None)
    ]
    shown.sort(key=lambda t: (t["status"] != "open", -t["created"]))
    return shown[:100]


class Lobby:
    """Every table this process holds, by id; finished ones are loaded from storage on demand.

    It also keeps, in memory only, who created each live table (guest and address) so that the
    per-guest and per-address limits can be counted, and the chat budget each guest and address
    shares over all tables. Its tables' searching bots think in its bot processes (`pool`).
    """

    def __init__(self, storage: Storage, bot_delay: float = 0.0, limits: Limits | None = None):
        self.storage = storage
        self.bot_delay = bot_delay
        self.limits = limits or Limits()
        self.tables: dict[str, Table] = {}
        self.creators: dict[str, tuple[str, str]] = {}
        self.senders = FloodGuard.per_sender(self.limits)
        self.pool = BotPool(self.limits.bot_processes)
        self.thinker = Thinker(self.pool)
        """Works out what bots thought (the replay's, and tables of bots thinking aloud)."""
        self.results = Results(storage)
        self.moderation = Moderation(storage)
        self.leases: Leases | None = None
        """Set when processes share the store: this process loads a live table only once it
        holds the table's lease (`take_over`), and lets go of the lease with the table."""
        self.taken_over: Callable[[Table], None] | None = None
        """Told of each table this process took over from storage."""
        self.metrics: Metrics = NO_METRICS
        """What its tables measure into (the app's, once it gives them)."""
        self.handed_off = False
        """This process gave its tables to the others of its cluster as it stops
        (`Cluster.hand_off`): it takes none over and makes none from then on."""

    def _restore(self, stored: StoredTable) -> Table:
        table = restore_table(
            stored,
            self.storage,
            self.bot_delay,
            limits=self.limits,
            senders=self.senders,
            pool=self.pool,
            metrics=self.metrics,
        )
        self._wire(table)
        return table

    def _wire(self, table: Table) -> None:
        """What a table asks the store: results to write, account names, moderation."""
        table.on_over = self.results.writer
        table.account_name = self.account_name
        table.chat_refusal = self.moderation.chat_refusal
        table.blocked_with = self.moderation.blocked_with
        if table.show_thoughts and all(seat.bot is not None for seat in table.seats):
            table.aloud = Aloud(table.id, self.thinker, table.audience)

    def end(self, table: Table, reason: str) -> str:
        """An operator ends `table`: a game being played ends unrated (its record kept), an
        open table is removed; returns which ("game" or "table"). Refused if it is over."""
        if table.status == "open":
            table.audience.dismiss(error("ended", f"this table was removed: {reason}"), 4410)
            table.close()
            self.storage.delete_table(table.id)
        elif table.status == "playing":
            table.end(reason)
        else:
            raise Refused("that game is over already", 409)
        self.tables.pop(table.id, None)
        self._let_go(table.id)
        log.info(
            "table %s ended by an operator",
            table.id,
            extra={"event": "table.ended", "table": table.id, "game": table.game.id},
        )
        return "table" if table.state is None else "game"

    def account_name(self, identity: str) -> str | None:
        """The name of the account `identity` is, or None for a guest."""
        account_id = account_id_of(identity)
        account = None if account_id is None else Accounts(self.storage).get(account_id)
        return None if account is None else account.name

    def adopt(self, guest: str, identity: str) -> int:
        """Every seat a guest holds at a live table now belongs to `identity` (the account the
        guest just made); returns how many seats moved."""
        moved = sum(1 for table in self.live() if table.adopt(guest, identity))
        for table_id, (creator, address) in list(self.creators.items()):
            if creator == guest:
                self.creators[table_id] = (identity, address)
        return moved

    def restore(self) -> int:
        """Bring back every unfinished table by replaying its record; returns how many."""
        for stored in self.storage.load_unfinished():
            try:
                table = self._restore(stored)
            except Exception:  # an unknown game or a record that no longer replays
                log.exception("table %s (%s) cannot be restored; skipped", stored.id, stored.game)
                continue
            self.tables[table.id] = table
            table.ready()
        return len(self.tables)

    def get(self, table_id: str) -> Table | None:
        """The table, loaded from storage if this process does not hold it yet (a live one
        only if no other process plays it)."""
        table = self.tables.get(table_id)
        if table is not None or not 0 < len(table_id) <= 32:
            return table
        stored = self.storage.load(table_id)
        if stored is None:
            return None
        if self.leases is not None and stored.status in LIVE:
            return self.take_over(table_id)
        try:
            table = self._restore(stored)
        except Exception:
            log.exception("table %s (%s) cannot be restored", stored.id, stored.game)
            return None
        self.tables[table_id] = table
        return table

    def take_over(self, table_id: str) -> Table | None:
        """Lease a live table and play it here from its record; None if another process holds
        it (or it is gone). The record is read after the lease is taken: everything the
        previous owner wrote is in it."""
        assert self.leases is not None
        if self.handed_off or not self.leases.acquire(table_id):
            return None
        stored = self.storage.load(table_id)
        if stored is None:
            self.leases.release(table_id)
            return None
        try:
            table = self._restore(stored)
        except Exception:  # kept leased, so that no process tries it again and again
            log.exception("table %s (%s) cannot be restored", stored.id, stored.game)
            return None
        self.tables[table_id] = table
        table.ready()
        self.metrics.takeovers.inc()
        log.info(
            "table %s taken over at action %d",
            table_id,
            len(stored.actions),
            extra={
                "event": "table.taken_over",
                "table": table_id,
                "game": stored.game,
                "actions": len(stored.actions),
            },
        )
        if self.taken_over is not None:
            self.taken_over(table)
        return table

    def drop(self, table_id: str) -> None:
        """Stop playing a table here (its lease was lost, or it is unloaded), closing its
        connections so that they reconnect to wherever it is played now."""
        table = self.tables.pop(table_id, None)
        if table is not None:
            table.audience.dismiss(error("moved", "this table moved; reconnecting"), RECONNECT)
            table.close()

    def live(self) -> list[Table]:
        return [t for t in self.tables.values() if t.status in LIVE]

    def check_quota(self, guest: str, address: str) -> None:
        """Refuse (429, or 503 when the server is full or stopping) a new table over the limits."""
        if self.handed_off:
            raise Refused("this server is stopping; try again in a moment", 503)
        live = {t.id for t in self.live()}
        if len(live) >= self.limits.tables:
            raise Refused("the server has as many tables as it can hold; try later", 503)
        mine = [self.creators[t] for t in live if t in self.creators]
        if sum(1 for g, _ in mine if g == guest) >= self.limits.tables_per_guest:
            raise Refused(
                f"you already have {self.limits.tables_per_guest} tables waiting or playing; "
                "finish or leave one first",
                429,
            )
        if sum(1 for _, a in mine if a == address) >= self.limits.tables_per_address:
            raise Refused(
                f"your address already has {self.limits.tables_per_address} tables waiting or "
                "playing; finish one first",
                429,
            )

    def check_bot_tables(self, creator: tuple[str, str]) -> None:
        """Refuse (429) one more table with a searching bot over the limits of its creator:
        the bot processes are shared by everyone, and a few tables of one guest or one address
        must not take them all."""
        guest, address = creator
        for who, mine, limit, whose in (
            (guest, 0, self.limits.bot_tables_per_guest, "you already have"),
            (address, 1, self.limits.bot_tables_per_address, "your address already has"),
        ):
            if not who:
                continue
            tables = [
                t for t in self.live() if t.id in self.creators and self.creators[t.id][mine] == who
            ]
            if sum(1 for t in tables if self._searching(t)) >= limit:
                raise Refused(
                    f"{whose} {limit} tables with searching bots (ismcts, the hard and expert "
                    "levels) waiting or playing; finish one first, or choose other bots",
                    429,
                )

    @staticmethod
    def _searching(table: Table) -> bool:
        return any(s.bot is not None and searches(table.game, s.bot) for s in table.seats)

    def create(
        self,
        game_id: str,
        options: dict[str, Any],
        players: int,
        bots: list[str | None],
        clock: int | None,
        creator: tuple[str, str] = ("", ""),
        tutorial: Tutorial | None = None,
        *,
        show_thoughts: bool = False,
    ) -> Table:
        """A new open table; raises HiddenhandError with a reason if the settings are wrong.

        Everything is checked before anything is built; `creator` is (guest, address). A
        `tutorial`'s table is dealt from its seed and follows its script (`lessons`). A table
        of bots only may `show_thoughts` to its spectators (`aloud`); where a person may sit,
        that is refused."""
        game = get_game(game_id)
        if not game.min_players <= players <= game.max_players:
            raise TableError(f"{game.title} takes {game.seat_range} players, not {players}")
        parsed = game.options(options)
        game.validate(players, parsed)
        if len(bots) != players:
            raise TableError(f"say for each of the {players} seats whether a bot plays it")
        specs = [
            None if spec is None else checked_spec(game, spec, players, parsed) for spec in bots
        ]
        if show_thoughts and None in specs:
            raise TableError("bots' thoughts are shown only at a table where bots play every seat")
        searching = any(spec is not None and searches(game, spec) for spec in specs)
        if searching:
            self.check_bot_tables(creator)
        if clock is None:
            clock = DEFAULT_CLOCK if None in specs else 0
        if not 0 <= clock <= MAX_CLOCK:
            raise TableError(f"the turn clock is off (0) or 1-{MAX_CLOCK} seconds")
        table = Table(
            id=new_table_id(),
            game=game,
            options=parsed,
            seats=[Seat(bot=spec) for spec in specs],
            seed=secrets.randbits(SEED_BITS) if tutorial is None else tutorial.seed,
            clock=clock,
            storage=self.storage,
            bot_delay=self.bot_delay,
            limits=self.limits,
            senders=self.senders,
            pool=self.pool,
            metrics=self.metrics,
            lessons=None if tutorial is None else Lessons(tutorial),
        )
        table.show_thoughts = show_thoughts
        self._wire(table)
        if self.leases is not None:
            self.leases.acquire(table.id)  # a new id: nobody else can hold it
        self.tables[table.id] = table
        self.creators[table.id] = creator
        table.save()
        log.info(
            "table %s created: %s, %d seats",
            table.id,
            game.id,
            players,
            extra={
                "event": "table.created",
                "table": table.id,
                "game": game.id,
                "seats": players,
                "bots": sum(1 for spec in specs if spec is not None),
            },
        )
        if searching:
            self.pool.warm()
        return table

    def listing(
        self,
        now: float | None = None,
        *,
        game: str | None = None,
        holder: str | None = None,
        avoid: frozenset[str] = frozenset(),
    ) -> list[dict[str, Any]]:
        """Tables to show in the lobby (`listing`), of those this process holds."""
        summaries = [summary(t) for t in self.live()]
        return listing(summaries, self.limits, now, game=game, holder=holder, avoid=avoid)

    def sweep(self, now: float | None = None) -> tuple[int, int]:
        """Remove tables never started in time (from storage too) and finished tables nobody
        watches (storage keeps them); returns (expired, unloaded)."""
        now = time.time() if now is None else now
        expired = unloaded = 0
        for table in list(self.tables.values()):
            if table.status == "open" and now - table.created >= self.limits.open_table_seconds:
                table.expire()
                self.storage.delete_table(table.id)
                del self.tables[table.id]
                self._let_go(table.id)
                expired += 1
            elif (
                table.status == "over"
                and not table.audience.clients
                and self.storage.actions.saved(table.id)
            ):
                table.close()
                del self.tables[table.id]
                self._let_go(table.id)
                unloaded += 1
        for table_id in [t for t in self.creators if t not in self.tables]:
            del self.creators[table_id]
        self.senders.forget_idle(time.monotonic())
        return expired, unloaded

    def _let_go(self, table_id: str) -> None:
        if self.leases is not None:
            self.leases.release(table_id)

    def close(self) -> None:
        for table in self.tables.values():
            table.close()
        self.pool.close()

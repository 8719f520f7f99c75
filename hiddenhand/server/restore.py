"""Tables brought back from storage: a table's record is its settings and its actions.

A restored table deals again from its seed and replays its actions, so it stands exactly where it
stood. Bot specs are checked again on the way: one this version refuses is replaced by the
stand-in bot (and stored so), since only the actions, not the bots, make the record.
"""

from __future__ import annotations

from hiddenhand.engine import get_game
from hiddenhand.engine.seeding import SEQUENTIAL
from hiddenhand.server.botpool import BotPool
from hiddenhand.server.botspecs import restored_spec
from hiddenhand.server.botturns import standin_spec
from hiddenhand.server.chat import FloodGuard
from hiddenhand.server.lessons import Lessons
from hiddenhand.server.metrics import Metrics
from hiddenhand.server.seats import Seat
from hiddenhand.server.settings import Limits
from hiddenhand.server.storage import Storage, StoredTable
from hiddenhand.server.tables import Table
from hiddenhand.tutorials import tutorial_of


def restore_table(
    stored: StoredTable,
    storage: Storage,
    bot_delay: float = 0.0,
    *,
    limits: Limits | None = None,
    senders: FloodGuard | None = None,
    pool: BotPool | None = None,
    metrics: Metrics | None = None,
) -> Table:
    """Rebuild a table from storage by replaying its actions (`Table.stored` wrote the rest)."""
    game = get_game(stored.game)
    meta = stored.meta
    lessons = None
    if meta.get("tutorial"):
        tutorial = tutorial_of(meta["tutorial"])
        if tutorial is None:
            raise ValueError(f"table {stored.id} follows a tutorial this version lacks")
        lessons = Lessons(tutorial)
    seats = [Seat(**s) for s in meta["seats"]]
    options = game.stored_options(meta["options"])
    replaced = False
    for index, seat in enumerate(seats):
        if seat.bot is not None:
            where = f"table {stored.id} seat {index}"
            spec = restored_spec(game, seat.bot, standin_spec(game), where, len(seats), options)
            replaced = replaced or spec != seat.bot
            seat.bot = spec
    table = Table(
        id=stored.id,
        game=game,
        options=options,
        seats=seats,
        seed=meta["seed"],
        seeding=meta.get("seeding", SEQUENTIAL),  # tables stored before keyed seeding
        clock=meta["clock"],
        storage=storage,
        bot_delay=bot_delay,
        created=stored.created,
        status=stored.status,
        limits=limits or Limits(),
        senders=senders,
        pool=pool,
        metrics=metrics,
        lessons=lessons,
    )
    table.chat.lines = stored.chat
    table.rematch = meta.get("rematch")
    table.bot_took_over = meta.get("bot_took_over", False)
    table.ended = meta.get("ended")
    table.show_thoughts = bool(meta.get("thoughts", False))
    if stored.status != "open":
        table.replay(stored.actions)
    if replaced and stored.status != "over":
        table.save()
    return table

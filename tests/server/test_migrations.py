"""A store made before migrations existed upgrades in place, every row kept."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import sqlalchemy as sa
from sqlalchemy import Column, Float, Integer, MetaData, String, Text

from hiddenhand.engine import get_game
from hiddenhand.server.lobby import Lobby
from hiddenhand.server.migrate import current, upgrade
from hiddenhand.server.settings import Limits
from hiddenhand.server.storage import Storage, StoredTable, engine_url


def old_schema() -> MetaData:
    """The tables as the server created them before Alembic, with `create_all`."""
    old = MetaData()
    sa.Table(
        "hh_tables",
        old,
        Column("id", String(32), primary_key=True),
        Column("game", String(64), nullable=False),
        Column("status", String(16), nullable=False, index=True),
        Column("created", Float, nullable=False),
        Column("meta", Text, nullable=False),
    )
    sa.Table(
        "hh_actions",
        old,
        Column("table_id", String(32), primary_key=True),
        Column("idx", Integer, primary_key=True, autoincrement=False),
        Column("seat", Integer, nullable=False),
        Column("action", Integer, nullable=False),
        Column("mark", String(16), nullable=True),
    )
    sa.Table(
        "hh_chat",
        old,
        Column("table_id", String(32), primary_key=True),
        Column("idx", Integer, primary_key=True, autoincrement=False),
        Column("body", Text, nullable=False),
    )
    return old


META = {
    "options": {},
    "seats": [{"name": "Ada", "token": "t" * 24, "guest": "g" * 32, "bot": None}],
    "seed": 12345,
    "seeding": "keyed",
    "clock": 0,
    "rematch": None,
}


def make_old_store(url: str) -> None:
    engine = sa.create_engine(engine_url(url))
    old = old_schema()
    old.create_all(engine)
    with engine.begin() as conn:
        conn.execute(
            old.tables["hh_tables"].insert(),
            [
                {"id": "over1", "game": "noir", "status": "over", "created": 1.0, "meta": "{}"},
                {
                    "id": "play1",
                    "game": "highcard",
                    "status": "playing",
                    "created": 2.0,
                    "meta": json.dumps(META),
                },
            ],
        )
        conn.execute(
            old.tables["hh_actions"].insert(),
            [
                {"table_id": "play1", "idx": 0, "seat": 0, "action": 3, "mark": None},
                {"table_id": "play1", "idx": 1, "seat": 1, "action": 1, "mark": "clock"},
            ],
        )
        conn.execute(
            old.tables["hh_chat"].insert(),
            [{"table_id": "play1", "idx": 0, "body": '{"name": "Ada", "text": "hi"}'}],
        )
    engine.dispose()


def test_an_old_store_upgrades_with_every_row_kept(db_url: str) -> None:
    make_old_store(db_url)
    storage = Storage(db_url)
    try:
        assert current(storage.engine) == "0005"
        tables = set(sa.inspect(storage.engine).get_table_names())
        assert {"hh_accounts", "hh_ratings", "hh_results", "hh_secrets", "hh_sessions"} <= tables
        kept = storage.load("play1")
        assert kept is not None
        assert (kept.game, kept.status, kept.created) == ("highcard", "playing", 2.0)
        assert kept.meta == META
        assert kept.actions == [(0, 3, None), (1, 1, "clock")]
        assert kept.chat == [{"name": "Ada", "text": "hi"}]
        assert [t.id for t in storage.load_unfinished()] == ["play1"]
        assert storage.load("over1") is not None
    finally:
        storage.close()


def test_a_table_played_before_the_upgrade_plays_on_after_it(db_url: str) -> None:
    """A NOIR game half played on the old schema is restored by replaying its kept actions."""
    game = get_game("noir")
    state = game.start(["Ada", "Bo"], {}, 4242)
    actions = []
    for _ in range(6):
        seat = next(s for s in range(2) if state.legal(s))
        action = state.legal(seat)[0].id
        state.act(seat, action)
        actions.append({"table_id": "noir1", "idx": len(actions), "seat": seat, "action": action})
    meta = {
        "options": game.options({}).to_json(),
        "seats": [
            {"name": "Ada", "token": "a" * 24, "guest": "a" * 32, "bot": None},
            {"name": "Bo", "token": "b" * 24, "guest": "b" * 32, "bot": None},
        ],
        "seed": 4242,
        "seeding": "keyed",
        "clock": 0,
        "rematch": None,
    }
    engine = sa.create_engine(engine_url(db_url))
    old = old_schema()
    old.create_all(engine)
    with engine.begin() as conn:
        conn.execute(
            old.tables["hh_tables"].insert(),
            [
                {
                    "id": "noir1",
                    "game": "noir",
                    "status": "playing",
                    "created": 3.0,
                    "meta": json.dumps(meta),
                }
            ],
        )
        conn.execute(old.tables["hh_actions"].insert(), [{**a, "mark": None} for a in actions])
    engine.dispose()
    storage = Storage(db_url)
    lobby = Lobby(storage, limits=Limits())

    async def go() -> None:
        assert lobby.restore() == 1
        table = lobby.get("noir1")
        assert table is not None and table.status == "playing" and table.state is not None
        assert list(table.state.history) == [(a["seat"], a["action"]) for a in actions]
        assert table.state.view(0) == state.view(0)
        assert table.seat_of("a" * 24) == 0 and table.unrated_because() == "a guest is seated"
        seat = next(s for s in range(2) if table.state.legal(s))
        table.act(seat, table.state.legal(seat)[0].id)
        await storage.actions.drain()  # actions are written off the event loop
        stored = storage.load("noir1")
        assert stored is not None and len(stored.actions) == len(actions) + 1

    try:
        asyncio.run(go())
    finally:
        lobby.close()
        storage.close()


def test_upgrading_twice_changes_nothing(db_url: str) -> None:
    Storage(db_url).close()
    storage = Storage(db_url)
    try:
        upgrade(storage.engine)
        assert current(storage.engine) == "0005"
    finally:
        storage.close()


def test_a_new_store_is_made_by_the_migrations(db_url: str) -> None:
    storage = Storage(db_url)
    try:
        assert current(storage.engine) == "0005"
        assert storage.load("nothing") is None
    finally:
        storage.close()


def test_a_table_stored_before_an_option_existed_restores_as_it_was_played(
    tmp_path: Path,
) -> None:
    """A 3-player Infected table saved before balance editions names no `edition`: it is
    restored under edition 1 with the full zombie deck it was dealt, while the same options
    given to a new table mean edition 2 (two minor threats removed)."""
    game = get_game("infected")
    earlier = {"variant": "standard", "advanced": False, "harder": False, "lead_by_vote": False}
    names = ["Ada", "Bo", "Cy"]
    meta = {
        "options": earlier,
        "seats": [
            {"name": n, "token": n[0].lower() * 24, "guest": n[0].lower() * 32, "bot": None}
            for n in names
        ],
        "seed": 777,
        "seeding": "keyed",
        "clock": 0,
        "rematch": None,
    }
    storage = Storage(f"sqlite:///{tmp_path / 'tables.sqlite3'}")
    storage.save_table(StoredTable("inf1", "infected", "playing", 1.0, meta))
    lobby = Lobby(storage, limits=Limits())

    async def go() -> None:
        assert lobby.restore() == 1
        table = lobby.get("inf1")
        assert table is not None and table.state is not None
        assert table.options.edition == 1
        played = game.start(names, game.stored_options(earlier), 777)
        assert table.state.view(None) == played.view(None)
        assert table.state.zremoved == [] and len(game.start(names, earlier, 777).zremoved) == 2

    try:
        asyncio.run(go())
    finally:
        lobby.close()
        storage.close()

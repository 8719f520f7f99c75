"""Actions are written in groups off the event loop, and nobody hears of one before it is
committed: on SQLite and PostgreSQL, with a store that is slow, refuses a row, or fails."""

from __future__ import annotations

import asyncio
import json
import threading
from collections.abc import Callable
from typing import Any

import pytest

import tests.engine.toy  # noqa: F401  (registers High Card)
from hiddenhand.server.action_log import Row
from hiddenhand.server.lobby import Lobby
from hiddenhand.server.settings import Limits
from hiddenhand.server.storage import Storage
from hiddenhand.server.tables import Table


class GatedStorage(Storage):
    """A store whose action writes wait for `gate`, keep each group, and may fail."""

    def __init__(self, url: str) -> None:
        super().__init__(url)
        self.gate = threading.Event()
        self.gate.set()
        self.groups: list[list[Row]] = []
        self.broken = False

    async def write_actions(self, rows: list[Row]) -> set[str]:
        for _ in range(1000):
            if self.gate.is_set():
                break
            await asyncio.sleep(0.01)
        self.groups.append(list(rows))
        if self.broken:
            raise OSError("the database went away")
        return await super().write_actions(rows)


class Recorder:
    """A connection that keeps what it is sent."""

    def __init__(self, seat: int | None) -> None:
        self.seat = seat
        self.got: list[dict[str, Any]] = []

    def send(self, text: str) -> None:
        self.got.append(json.loads(text))

    def close(self, code: int) -> None:
        pass

    def steps(self) -> list[int]:
        return [m["step"] for m in self.got if m["type"] == "state"]

    def errors(self) -> list[str]:
        return [m["code"] for m in self.got if m["type"] == "error"]


def run(db_url: str, play: Callable[[GatedStorage, Lobby], Any]) -> None:
    storage = GatedStorage(db_url)
    lobby = Lobby(storage, limits=Limits())
    try:
        asyncio.run(play(storage, lobby))
    finally:
        storage.gate.set()
        lobby.close()
        storage.close()


async def started(
    lobby: Lobby, game: str = "highcard", options: dict[str, Any] | None = None
) -> tuple[Table, list[Recorder]]:
    """A started table of two people (High Card of 9 turns unless told), each seat and a
    spectator listening, once all three were sent the deal."""
    table = lobby.create(game, {"turns": 9} if options is None else options, 2, [None, None], 0)
    table.sit("Ada", "g" * 32)
    table.sit("Bo", "h" * 32)
    table.start()
    recorders = [Recorder(0), Recorder(1), Recorder(None)]
    for recorder in recorders:
        table.attach(recorder, 0)
    await until(lambda: all(r.steps() == [0] for r in recorders))
    return table, recorders


async def until(condition: Callable[[], bool], seconds: float = 10.0) -> None:
    for _ in range(int(seconds / 0.01)):
        if condition():
            return
        await asyncio.sleep(0.01)
    raise AssertionError("timed out")


def act_once(table: Table) -> None:
    """The seat asked peeks (a call would end the game)."""
    assert table.state is not None
    seat = next(s for s in range(2) if table.state.legal(s))
    table.act(seat, table.state.legal(seat)[-1].id)


def test_nobody_hears_of_an_action_before_it_is_committed(db_url: str) -> None:
    async def play(storage: GatedStorage, lobby: Lobby) -> None:
        table, recorders = await started(lobby)
        storage.gate.clear()  # the database is slow
        act_once(table)
        await asyncio.sleep(0.2)  # the loop runs on meanwhile
        assert all(r.steps() == [0] for r in recorders)
        assert storage.load(table.id).actions == []  # type: ignore[union-attr]
        late = Recorder(1)
        table.attach(late, 0)  # a connection arriving now is let in once the action is saved
        await asyncio.sleep(0.05)
        assert late.got == []
        storage.gate.set()
        await until(lambda: all(r.steps() == [0, 1] for r in recorders))
        assert late.steps() == [1]
        assert len(storage.load(table.id).actions) == 1  # type: ignore[union-attr]

    run(db_url, play)


def test_actions_of_many_tables_are_written_as_one_group(db_url: str) -> None:
    async def play(storage: GatedStorage, lobby: Lobby) -> None:
        tables = [(await started(lobby))[0] for _ in range(5)]
        storage.groups.clear()
        for table in tables:
            act_once(table)  # all within one turn of the event loop
        await until(lambda: all(storage.actions.saved(t.id) for t in tables))
        assert [len(group) for group in storage.groups] == [5]
        for table in tables:
            assert len(storage.load(table.id).actions) == 1  # type: ignore[union-attr]

    run(db_url, play)


def test_an_action_whose_index_is_taken_sends_its_table_back_to_the_store(db_url: str) -> None:
    """Another process wrote this table's next action first: this table plays on from the store,
    and a table written in the same group is not disturbed."""

    async def play(storage: GatedStorage, lobby: Lobby) -> None:
        (taken, seen), (other, others) = await started(lobby), await started(lobby)
        assert taken.state is not None
        seat = next(s for s in range(2) if taken.state.legal(s))
        theirs, ours = taken.state.legal(seat)[-1].id, taken.state.legal(seat)[0].id  # peek, call
        assert theirs != ours
        storage.append_action(taken.id, 0, seat, theirs)  # written elsewhere
        taken.act(seat, ours)
        act_once(other)
        await until(lambda: all(r.steps() == [0, 1] for r in seen + others))
        assert all(r.errors() == ["not-saved"] for r in seen)
        assert all(r.errors() == [] for r in others)
        assert taken.state is not None and taken.state.history[0] == (seat, theirs)
        assert [a[1] for a in storage.load(taken.id).actions] == [theirs]  # type: ignore[union-attr]

    run(db_url, play)


def test_a_failed_write_puts_the_table_back_to_what_the_store_holds(db_url: str) -> None:
    async def play(storage: GatedStorage, lobby: Lobby) -> None:
        table, recorders = await started(lobby)
        storage.broken = True
        act_once(table)
        await until(lambda: all(r.errors() == ["not-saved"] for r in recorders))
        assert all(1 not in r.steps() for r in recorders)
        assert table.state is not None and table.state.history == []
        storage.broken = False
        act_once(table)  # the table plays on once the store is back
        await until(lambda: all(r.steps()[-1] == 1 for r in recorders))
        assert len(storage.load(table.id).actions) == 1  # type: ignore[union-attr]

    run(db_url, play)


@pytest.mark.parametrize("db_url", ["sqlite"], indirect=True)
def test_stopping_writes_what_is_queued(db_url: str) -> None:
    async def play(storage: GatedStorage, lobby: Lobby) -> None:
        table, _ = await started(lobby)
        storage.gate.clear()
        for _ in range(3):
            act_once(table)
        storage.gate.set()
        await storage.actions.drain()
        assert storage.actions.saved(table.id)
        assert len(storage.load(table.id).actions) == 3  # type: ignore[union-attr]

    run(db_url, play)


@pytest.mark.parametrize("db_url", ["sqlite"], indirect=True)
def test_a_store_error_in_the_log_names_the_statement_not_the_action(
    db_url: str, caplog: pytest.LogCaptureFixture
) -> None:
    """An action id may be a hidden choice (the order of a seat's cards): logs never carry it."""

    async def play(storage: GatedStorage, lobby: Lobby) -> None:
        table, recorders = await started(lobby)
        with storage.engine.begin() as conn:  # the store refuses every new action
            conn.exec_driver_sql(
                "CREATE TRIGGER full BEFORE INSERT ON hh_actions "
                "BEGIN SELECT RAISE(ABORT, 'full'); END"
            )
        act_once(table)
        await until(lambda: all(r.errors() == ["not-saved"] for r in recorders))

    run(db_url, play)
    assert "INSERT INTO hh_actions" in caplog.text  # the failure is logged...
    assert "[SQL parameters hidden" in caplog.text  # ...without the values it wrote
    assert "parameters: [" not in caplog.text


@pytest.mark.parametrize("db_url", ["sqlite"], indirect=True)
def test_closing_writes_what_is_queued_but_never_after_a_group_left_unanswered(
    db_url: str,
) -> None:
    async def play(storage: GatedStorage, lobby: Lobby) -> None:
        table, _ = await started(lobby)
        act_once(table)
        storage.actions.close()  # before the loop starts the group: written here and now
        assert len(storage.load(table.id).actions) == 1  # type: ignore[union-attr]
        await storage.actions.drain()
        storage.gate.clear()
        act_once(table)
        await asyncio.sleep(0.05)  # that group is out, and waits
        act_once(table)
        storage.actions.close()  # the loop stops: the second must not follow an unknown first
        assert len(storage.load(table.id).actions) == 1  # type: ignore[union-attr]

    run(db_url, play)

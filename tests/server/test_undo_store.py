"""Undo at a table in this process, against a store that is slow: a step taken back while still
queued is never written, one already on its way is deleted before its index is written again,
nobody but its seat hears of either, and the store, a reload and the record hold the game as if
the step was never taken."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator

import pytest

from hiddenhand.engine import game as registry
from hiddenhand.server.lobby import Lobby
from hiddenhand.server.tables import Table, UndoRefused
from tests.engine.bids import SECRET_BIDS
from tests.server.test_action_log import GatedStorage, Recorder, run, started, until


@pytest.fixture(autouse=True)
def secret_bids() -> Iterator[None]:
    """Secret Bids may be played at a table for the length of each test."""
    registry._registry[SECRET_BIDS.id] = SECRET_BIDS
    yield
    del registry._registry[SECRET_BIDS.id]


async def bids_table(lobby: Lobby) -> tuple[Table, list[Recorder]]:
    return await started(lobby, "secretbids", {})


def action(table: Table, kind: str, *args: int) -> int:
    assert table.state is not None
    return table.state.space.get(kind, *args).id


def stored(storage: GatedStorage, table: Table) -> list[tuple[int, int, str | None]]:
    found = storage.load(table.id)
    assert found is not None
    return found.actions


def test_a_step_taken_back_while_queued_is_never_written(db_url: str) -> None:
    async def play(storage: GatedStorage, lobby: Lobby) -> None:
        table, (ada, bo, watcher) = await bids_table(lobby)
        storage.gate.clear()  # the database is slow: the first write waits
        table.act(1, action(table, "bid", 1))  # Bo's step goes on its way to the store
        await asyncio.sleep(0.05)
        table.act(0, action(table, "bid", 2))  # Ada's waits in the queue behind it
        assert table.can_undo(0) and not table.can_undo(1)
        table.undo(0)
        storage.gate.set()
        await until(lambda: ada.steps() == [0, 0])  # Bo's bid is his secret: Ada counts none
        await until(lambda: storage.actions.saved(table.id))
        assert stored(storage, table) == [(1, action(table, "bid", 1), None)]
        assert ada.got[-1]["view"]["bid"] == 0 and ada.got[-1]["undo"] is False
        assert bo.steps() == [0, 1] and watcher.steps() == [0]  # Bo saw his own step only
        assert all(len(group) == 1 for group in storage.groups)  # Ada's was never sent

    run(db_url, play)


def test_a_step_taken_back_in_flight_is_deleted_before_its_index_is_reused(db_url: str) -> None:
    async def play(storage: GatedStorage, lobby: Lobby) -> None:
        table, (ada, bo, watcher) = await bids_table(lobby)
        storage.gate.clear()
        table.act(0, action(table, "bid", 2))
        await asyncio.sleep(0.05)  # its group is written now, waiting at the gate
        table.undo(0)
        table.act(0, action(table, "bid", 3))  # the same index, another action
        assert ada.steps() == [0] and bo.steps() == [0]  # nothing is told before it is saved
        storage.gate.set()
        await until(lambda: storage.actions.saved(table.id) and ada.steps()[-1] == 1)
        assert stored(storage, table) == [(0, action(table, "bid", 3), None)]
        assert ada.got[-1]["view"]["bid"] == 3 and ada.got[-1]["undo"] is True
        assert ada.errors() == [] and bo.steps() == [0] and watcher.steps() == [0]
        table.undo(0)
        await until(lambda: storage.actions.saved(table.id) and ada.steps()[-1] == 0)
        assert stored(storage, table) == []
        table.recover()  # back to what the store holds, as after a restart
        assert table.state is not None and table.state.history == []
        assert table.state.view(0)["bid"] == 0

    run(db_url, play)


def test_a_seen_step_is_refused_and_nothing_changes(db_url: str) -> None:
    async def play(storage: GatedStorage, lobby: Lobby) -> None:
        table, (ada, bo, watcher) = await bids_table(lobby)
        table.act(0, action(table, "bid", 2))
        table.act(0, action(table, "shout"))  # everyone hears it: Ada's bid is confirmed too
        await until(lambda: bo.steps() == [0, 1] and watcher.steps() == [0, 1])  # the shout
        assert not table.can_undo(0)
        with pytest.raises(UndoRefused, match="nothing to take back"):
            table.undo(0)
        table.act(0, action(table, "bid", 1))
        with pytest.raises(UndoRefused, match="nothing to take back"):
            table.undo(1)  # only the seat that took the step may take it back
        with pytest.raises(UndoRefused, match="moved on"):
            table.undo(0, step=2)  # the step Ada saw before her last
        table.undo(0, step=3)
        table.act(0, action(table, "seal"))
        table.act(1, action(table, "seal"))  # the game ends
        await until(lambda: storage.actions.saved(table.id) and table.status == "over")
        assert table.state is not None
        record = table.state.record()
        kinds = [table.state.space[a].kind for _, a in record.actions]
        assert kinds == ["bid", "shout", "seal", "seal"]
        assert record.replay().view(0) == table.state.view(0)
        assert ada.errors() == [] and bo.got[-1]["outcome"] is not None

    run(db_url, play)


def test_the_undo_message_is_read_and_checked() -> None:
    from hiddenhand.server.protocol import ProtocolError, Undo, decode

    assert decode('{"type": "undo"}') == Undo()
    assert decode('{"type": "undo", "step": 4}') == Undo(step=4)
    with pytest.raises(ProtocolError, match="bad undo message"):
        decode('{"type": "undo", "action": 3}')

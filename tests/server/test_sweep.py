"""The lobby's sweep on its own: finished tables leave memory (storage keeps them), tables never
started expire, and the chat budgets of idle senders are forgotten."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path

import tests.engine.toy  # noqa: F401  (registers the High Card fixture game)
from hiddenhand.server.lobby import Lobby
from hiddenhand.server.settings import Limits
from hiddenhand.server.storage import Storage


def test_the_sweep_unloads_finished_tables_and_expires_open_ones(tmp_path: Path) -> None:
    storage = Storage(f"sqlite:///{tmp_path / 't.sqlite3'}")
    lobby = Lobby(storage, 0.0, Limits(open_table_seconds=60))

    async def go() -> None:
        done = lobby.create("highcard", {"turns": 3}, 2, ["random", "random"], 0)
        waiting = lobby.create("highcard", {}, 2, [None, None], 0)
        done.start()
        for _ in range(200):
            if done.status == "over":
                break
            await asyncio.sleep(0.01)
        assert done.status == "over"
        assert lobby.sweep(now=time.time()) == (0, 1)
        assert set(lobby.tables) == {waiting.id}
        again = lobby.get(done.id)
        assert again is not None and again.status == "over" and again.state is not None
        assert lobby.sweep(now=time.time() + 61) == (1, 1)
        assert lobby.tables == {} and lobby.creators == {}
        assert storage.load(waiting.id) is None and storage.load(done.id) is not None

    asyncio.run(go())
    guard = lobby.senders
    assert guard.allow("someone", now=0.0) and guard.allow("other", now=999.9)
    guard.forget_idle(now=1000.0)
    assert len(guard) == 1  # "other" spent a line a moment ago; "someone" is forgotten
    storage.close()

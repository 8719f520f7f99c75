"""Undo over the WebSocket: a step nobody saw is taken back, only its seat is sent anything, the
store forgets it (a restart, and the record, are as if it was never taken), and a step others
saw (a draft finished, its window carried out) is refused with a clear error and no change."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path
from typing import Any

from hiddenhand.engine import Record
from hiddenhand.server.seating import bot_name
from hiddenhand.server.storage import Storage
from tests.server.conftest import Client, Server
from tests.server.play import settled

WINDOWS = ("setup", "action", "extra")
"""The Infected's phases in which every seat builds a secret choice in steps."""


def stored(db: str, table: str) -> tuple[list[list[int]], Record]:
    """The table's stored actions, and its record replayed from them."""
    storage = Storage(db, migrate=False)
    try:
        found = storage.load(table)
    finally:
        storage.close()
    assert found is not None
    meta = found.meta
    actions = [[seat, action] for seat, action, _ in found.actions]
    names = [s["name"] or bot_name(i) for i, s in enumerate(meta["seats"])]
    record = Record(
        game=found.game,
        options=meta["options"],
        players=names,
        seed=meta["seed"],
        seeding=meta["seeding"],
        actions=actions,
    )
    return actions, record


async def reach_own_window(me: Client, rng: random.Random) -> tuple[dict[str, Any], dict[str, Any]]:
    """Play seat 0 at random (bots play the others) until it alone is asked in a window and may
    begin a choice the server says goes on (a preview with follow-ups); returns seat 0's frame
    then and that first part of the choice."""
    mine = await settled(me, await me.until("state"), 1.0)
    for _ in range(400):
        assert mine["outcome"] is None, "the game ended before seat 0 drafted in steps"
        if mine["to_move"] == [0] and mine["legal"] and mine["view"]["phase"] in WINDOWS:
            for action in mine["legal"][:12]:  # one whose move goes on: a part of a choice
                await me.send({"type": "preview", "action": action["id"], "step": mine["step"]})
                if (await me.until("preview"))["then"]:
                    return mine, action
        if 0 in mine["to_move"] and mine["legal"]:
            action = rng.choice(mine["legal"])
            await me.send({"type": "act", "action": action["id"], "step": mine["step"]})
            mine = await me.until("state")
        mine = await settled(me, mine, 1.0)
    raise AssertionError("seat 0 was never alone in a window")


def test_undo_takes_back_an_unseen_step_and_refuses_a_seen_one(tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path / 'undo.db'}"
    server = Server(db).start()
    rng = random.Random(3)
    try:
        bots = [None, "random", "random", "random"]
        table, tokens = server.create("infected", 4, bots, clock=0)

        async def before_restart() -> dict[str, Any]:
            url = server.ws(table)
            async with Client(url) as me, Client(url) as other, Client(url) as watcher:
                await me.hello(tokens[0])
                await other.hello(tokens[0])  # a second connection of the seat's own
                await watcher.hello()
                shown, action = await reach_own_window(me, rng)
                await other.drain()
                await watcher.drain()
                kept = len(stored(db, table)[0])  # the bots' secret steps count for them alone
                await me.send({"type": "act", "action": action["id"], "step": shown["step"]})
                stepped = await me.until("state")
                assert stepped["undo"] is True and stepped["secret"] is True
                assert stepped["step"] == shown["step"] + 1
                assert stepped["view"] != shown["view"] or stepped["legal"] != shown["legal"]
                assert (await other.until("state"))["step"] == stepped["step"]
                assert await watcher.silent(0.5)

                await me.send({"type": "undo", "step": stepped["step"]})
                back = await me.until("state")
                for key in ("view", "legal", "step", "to_move", "deadlines"):
                    assert back[key] == shown[key], key
                assert back["undo"] is shown["undo"]
                assert (await other.until("state"))["step"] == back["step"]
                assert await watcher.silent(0.5)
                actions, record = stored(db, table)
                assert len(actions) == kept
                assert record.replay().view(0) == shown["view"]
                await me.send({"type": "undo", "step": stepped["step"]})
                stale = await me.until("error")
                assert stale["code"] == "undo-refused" and "moved on" in stale["message"]
                assert len(stored(db, table)[0]) == kept
                return shown

        shown = asyncio.run(before_restart())
        server.kill()
        server.start()

        async def after_restart() -> None:
            async with Client(server.ws(table)) as me:
                await me.hello(tokens[0])
                again = await me.until("state")
                for key in ("view", "legal", "step", "to_move"):
                    assert again[key] == shown[key], key
                # Seat 0 is the last one drafting: the step that finishes its draft closes the
                # window and carries every draft out, which everyone sees. Refused after it.
                frame = again
                for _ in range(40):
                    steps = [a for a in frame["legal"] if a["kind"] == "pass"] or frame["legal"]
                    await me.send({"type": "act", "action": steps[0]["id"], "step": frame["step"]})
                    frame = await me.until("state")
                    if not frame["undo"]:
                        break
                else:
                    raise AssertionError("seat 0's draft never finished")
                assert frame["step"] > again["step"]
                kept = stored(db, table)[0]
                await me.send({"type": "undo"})
                refused = await me.until("error")
                assert refused["code"] == "undo-refused"
                assert "confirmed" in refused["message"]
                now = stored(db, table)[0]  # the bots play on meanwhile: nothing may go
                assert now[: len(kept)] == kept, "a refused undo took a stored action away"

        asyncio.run(after_restart())
    finally:
        server.stop()

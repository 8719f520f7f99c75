"""`hiddenhand backup` while a server plays, `hiddenhand restore` into a new store, and a server
on it plays the game on to its end from the moment of the backup. Restore keeps off a store a
server holds, and off an existing file unless forced."""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

from tests.server.conftest import ROOT, Client, Server
from tests.server.play import fetch_record, play_seat

TURNS = 12


def hiddenhand(*args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run(
        [sys.executable, "-m", "hiddenhand", *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )


async def peek(clients: list[Client], latest: list[dict[str, Any]], played: list[int]) -> None:
    """The seat asked takes one peek (never the call that would end the game), and everyone is
    then shown it."""
    seat = next(s for s, m in enumerate(latest) if m["legal"])
    action = next(a for a in latest[seat]["legal"] if a["kind"] == "peek")
    step = latest[seat]["step"]
    await clients[seat].send({"type": "act", "action": action["id"], "step": step})
    for s, client in enumerate(clients):
        latest[s] = await client.until("state", step=step + 1)
    played.append(action["id"])


async def play_some(server: Server, table: str, tokens: dict[int, str], out: Path) -> list[int]:
    """Four peeks, a backup to `out` while the server runs, then two more peeks (after the
    backup: not in it). Returns the actions taken before the backup."""
    clients = [Client(server.ws(table)) for _ in tokens]
    played: list[int] = []
    for seat, client in enumerate(clients):
        await client.__aenter__()
        await client.hello(tokens[seat])
    try:
        latest = [await c.until("state") for c in clients]
        for _ in range(4):
            await peek(clients, latest, played)
        done = await asyncio.to_thread(
            hiddenhand, "backup", "--db", server.db, str(out)
        )  # the server goes on serving meanwhile
        assert done.returncode == 0, done.stderr
        assert "1 tables, 4 actions" in done.stdout
        before_backup = list(played)
        for _ in range(2):
            await peek(clients, latest, played)
        return before_backup
    finally:
        for client in clients:
            await client.__aexit__()


def test_a_backup_taken_mid_game_is_played_on_to_the_end(tmp_path: Path) -> None:
    first = Server(f"sqlite:///{tmp_path / 'live.sqlite3'}").start()
    copy = tmp_path / "backup.sqlite3"
    try:
        table, tokens = first.create("highcard", 2, [None, None], options={"turns": TURNS})
        before = asyncio.run(play_some(first, table, tokens, copy))
    finally:
        first.stop()

    restored = f"sqlite:///{tmp_path / 'restored.sqlite3'}"
    done = hiddenhand("restore", str(copy), "--db", restored)
    assert done.returncode == 0, done.stderr
    second = Server(restored).start()
    try:

        async def play_on() -> None:
            async with Client(second.ws(table)) as watcher:
                await watcher.hello()
                state = await watcher.until("state")
                assert state["step"] == len(before)  # the moment of the backup
            async with Client(second.ws(table)) as a, Client(second.ws(table)) as b:
                await asyncio.gather(play_seat(a, tokens[0], 3), play_seat(b, tokens[1], 4))

        asyncio.run(play_on())
        record = fetch_record(second.http, table)
        assert [action for _, action in record.actions[: len(before)]] == before
        final = record.start()  # the record replays from the deal to the end
        for seat, action in record.actions:
            final.act(seat, action)
        assert final.over

        again = hiddenhand("restore", str(copy), "--db", restored, "--force")
        assert again.returncode == 2  # the second server holds it
        assert "is serving" in again.stderr
    finally:
        second.stop()

    kept = hiddenhand("restore", str(copy), "--db", restored)
    assert kept.returncode == 2 and "--force" in kept.stderr
    forced = hiddenhand("restore", str(copy), "--db", restored, "--force")
    assert forced.returncode == 0, forced.stderr
    assert "1 tables, 4 actions" in forced.stdout  # the backup's moment, over the later game


def test_backup_refuses_what_it_cannot_copy(tmp_path: Path) -> None:
    missing = hiddenhand("backup", "--db", f"sqlite:///{tmp_path / 'none.db'}", str(tmp_path / "o"))
    assert missing.returncode == 2 and "there is no store" in missing.stderr
    assert not (tmp_path / "o").exists() and not (tmp_path / "none.db").exists()
    postgres = hiddenhand("backup", "--db", "postgresql://u@h/db", str(tmp_path / "o"))
    assert postgres.returncode == 2 and "pg_dump" in postgres.stderr
    stranger = tmp_path / "other.sqlite3"
    stranger.write_bytes(b"not a database at all, just bytes" * 200)
    refused = hiddenhand("restore", str(stranger), "--db", f"sqlite:///{tmp_path / 'new.db'}")
    assert refused.returncode == 2 and "not a SQLite database" in refused.stderr
    assert not (tmp_path / "new.db").exists()

"""Kill the server mid-game (kill -9), start it again: every unfinished table is back exactly,
clients reconnect where they were, and the game goes on to the end with nothing lost.
Chat survives too. Runs against SQLite and against PostgreSQL."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path
from typing import Any

import httpx
import pytest

from hiddenhand.engine import games
from hiddenhand.server.storage import Storage, StoredTable
from tests.server.conftest import Client, Server, served_games
from tests.server.play import check_received, fetch_record, settled

TABLES = 5


def last_seq(messages: list[dict[str, Any]]) -> int:
    return max((e["seq"] for m in messages if m["type"] == "state" for e in m["events"]), default=0)


@pytest.mark.parametrize("game_id", served_games())
def test_killing_the_server_loses_nothing(db_url: str, game_id: str) -> None:
    game = games()[game_id]
    players = game.usual_players
    server = Server(db_url).start()
    rng = random.Random(7)
    try:
        for _attempt in range(TABLES):
            if play_through_two_kills(server, game_id, players, rng):
                return
        pytest.fail(f"every one of {TABLES} tables ended before the server was killed twice")
    finally:
        server.stop()


def play_through_two_kills(server: Server, game_id: str, players: int, rng: random.Random) -> bool:
    """Play one table across two kills of the server and check it ends with nothing lost.
    False if the game (its seed is the server's) ended before the second kill: then the
    table proved nothing and the caller tries another."""
    received: dict[int | None, list[dict[str, Any]]] = {s: [] for s in range(players)}
    said: list[str] = []
    table, tokens = server.create(
        game_id,
        players,
        [None] * players,
        options={"turns": 60} if game_id == "highcard" else {},
    )

    async def session(steps: int, in_flight: bool) -> bool:
        """Every seat connects (again), the table plays `steps` actions, and the server is
        then killed, with one more action in flight if asked. True once the game is over."""
        clients = [Client(server.ws(table)) for _ in range(players)]
        for seat, client in enumerate(clients):
            await client.__aenter__()
            welcome = await client.hello(tokens[seat], since=last_seq(received[seat]))
            assert [line["text"] for line in welcome["chat"]] == said
        try:
            # each seat counts the steps it saw; passes are answered as the seats come in (the
            # seats wait for a quiet line side by side, not one after another)
            latest = list(await asyncio.gather(*(first_settled(c) for c in clients)))
            said.append(f"before kill {len(said) + 1}")
            await clients[0].send({"type": "chat", "text": said[-1]})
            await clients[-1].until("chat")
            known = [m["step"] for m in received[0] if m["type"] == "state"]
            assert latest[0]["step"] >= max(known, default=0)
            for done in range(steps + in_flight):
                while not any(m["legal"] for m in latest) and latest[0]["outcome"] is None:
                    # only passes (or lone answers) are asked: the server answers them itself
                    latest = await after_answer(clients, latest)
                if latest[0]["outcome"] is not None:
                    return True
                seat = next(s for s in range(players) if latest[s]["legal"])
                legal = latest[seat]["legal"]
                choices = [a for a in legal if a["kind"] != "call"] or legal
                pick = rng.choice(choices)["id"]
                step = latest[seat]["step"]
                await clients[seat].send({"type": "act", "action": pick, "step": step})
                if done == steps:  # the in-flight action: no waiting for it
                    break
                latest = await after_move(clients, latest, seat)
            return latest[0]["outcome"] is not None
        finally:
            for seat, client in enumerate(clients):
                received[seat].extend(client.received)
                await client.__aexit__()

    if asyncio.run(session(4, in_flight=False)):
        return False
    server.kill()
    server.start()
    if asyncio.run(session(3, in_flight=True)):
        return False
    server.kill()
    server.start()
    assert asyncio.run(session(100_000, in_flight=False))
    check_received(fetch_record(server.http, table), received)
    return True


async def first_settled(client: Client) -> dict[str, Any]:
    """The state a client settles on after connecting: its last before a second's quiet."""
    return await settled(client, await client.until("state"), 1.0)


async def after_move(
    clients: list[Client], latest: list[dict[str, Any]], seat: int
) -> list[dict[str, Any]]:
    """Every client's next state after `seat` acted, each past the step it last saw, unless
    nobody but the seat saw the move (a part of a secret choice): only the seat is sent that."""
    mine = await after(clients[seat], latest[seat]["step"])
    if mine.get("secret"):
        return [mine if i == seat else m for i, m in enumerate(latest)]
    return [mine if i == seat else await after(c, latest[i]["step"]) for i, c in enumerate(clients)]


async def after_answer(clients: list[Client], latest: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Every client's next state once the server answered for a seat, unless nobody but that
    seat could notice the answer (a lone first part of a secret choice, as Good Cop Bad Cop's
    evidence can be): only the seat is sent that. Which seat it was shows in who hears first."""
    waiting = {
        asyncio.ensure_future(after(c, m["step"])): i
        for i, (c, m) in enumerate(zip(clients, latest, strict=True))
    }
    done, _ = await asyncio.wait(waiting, return_when=asyncio.FIRST_COMPLETED)
    heard = {waiting.pop(task): task.result() for task in done}
    if any(m.get("secret") for m in heard.values()):
        for task in waiting:
            task.cancel()
        await asyncio.gather(*waiting, return_exceptions=True)
    else:
        heard.update(zip(waiting.values(), await asyncio.gather(*waiting), strict=True))
    return [heard.get(i, m) for i, m in enumerate(latest)]


async def after(client: Client, step: int) -> dict[str, Any]:
    """The next state past `step` (the passes an action brings arrive with it)."""
    while True:
        message = await client.until("state")
        if message["step"] > step:
            return message


def test_a_table_that_cannot_be_restored_does_not_stop_the_server(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'tables.sqlite3'}"
    store = Storage(url)
    meta = {"options": {}, "seats": [], "seed": 1, "clock": 0}
    store.save_table(StoredTable("gone", "vanished-game", "playing", 1.0, meta))
    store.close()
    server = Server(url).start()
    try:
        assert httpx.get(server.http + "/api/tables/gone").status_code == 404
        table, _ = server.create("highcard", 2, [None, "random"])
        assert httpx.get(server.http + f"/api/tables/{table}").status_code == 200
    finally:
        server.stop()

"""A tutorial through the real server: one POST starts it, seated and playing; the person is
shown a choice only at a taught step, with its hint and rules; anything but the hinted move is
refused and changes nothing; the bots follow the script to the end; the table is the person's
own (not listed to others), unrated, and comes back as it was after a restart."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import httpx
import pytest

from hiddenhand.tutorials import tutorials
from tests.server.conftest import Client, Server


def start_tutorial(server: Server, game: str, cookies: httpx.Cookies | None = None) -> Any:
    response = httpx.post(
        f"{server.http}/api/tutorials/{game}", json={"name": "Robin"}, cookies=cookies, timeout=10
    )
    assert response.status_code == 200, response.text
    return response.json()


async def follow_hints(client: Client, token: str, tried: list[str]) -> dict[str, Any]:
    """Play the hinted move whenever asked (trying a wrong one first, once); returns the last
    state message, the game over."""
    await client.hello(token)
    while True:
        message = await client.until("state", 20)
        lesson = message.get("tutorial")
        assert lesson is not None, "the person's seat is told where the tutorial stands"
        if message["outcome"] is not None:
            return message
        if not message["legal"]:
            assert not lesson["next"] or message["to_move"], "told a hint only when asked"
            continue
        hinted = lesson["next"][0]
        assert hinted["hint"] and hinted["rules"]
        legal = [a["id"] for a in message["legal"]]
        assert hinted["action"] in legal
        wrong = [a for a in legal if a != hinted["action"]]
        if wrong and len(tried) < 2:
            await client.send({"type": "act", "action": wrong[0], "step": message["step"]})
            refused = await client.until("error", 10)
            tried.append(refused["message"])
        actions = [entry["action"] for entry in lesson["next"]]
        move = {"type": "act", "action": actions[0], "step": message["step"]}
        await client.send(move)


@pytest.mark.parametrize("game", sorted(tutorials()))
def test_a_tutorial_is_played_to_its_end_by_following_its_hints(server: Server, game: str):
    data = start_tutorial(server, game)
    table, you = data["id"], data["you"]
    assert data["table"]["status"] == "playing"
    assert data["table"]["tutorial"] == game
    assert data["table"]["unrated"]
    tried: list[str] = []

    async def run() -> dict[str, Any]:
        async with Client(server.ws(table)) as client:
            return await follow_hints(client, you["token"], tried)

    last = asyncio.run(run())
    assert you["seat"] in last["outcome"]["winners"]
    assert last["tutorial"]["ending"]
    assert last["tutorial"]["done"] == tutorials()[game].taught()
    assert tried and all("follow the hint" in t for t in tried), tried
    record = httpx.get(f"{server.http}/api/tables/{table}/record", timeout=10).json()
    assert record["seed"] == tutorials()[game].seed
    rematch = httpx.post(
        f"{server.http}/api/tables/{table}/rematch", json={"token": you["token"]}, timeout=10
    )
    assert rematch.status_code == 400 and "tutorial has no rematch" in rematch.text, rematch.text


def test_a_tutorial_table_is_not_listed_to_others(server: Server):
    data = start_tutorial(server, "noir")
    listed = httpx.get(f"{server.http}/api/tables", timeout=10).json()
    assert data["id"] not in [t["id"] for t in listed]


def test_a_game_without_a_tutorial_is_refused(server: Server):
    response = httpx.post(f"{server.http}/api/tutorials/highcard", json={}, timeout=10)
    assert response.status_code in (400, 404)
    assert "error" in response.json()


def test_the_lobby_says_which_games_have_a_tutorial(server: Server):
    info = {g["id"]: g for g in httpx.get(f"{server.http}/api/games", timeout=10).json()}
    assert all(info[g]["tutorial"] for g in tutorials())


def test_a_tutorial_goes_on_where_it_stood_after_a_restart(tmp_path: Path):
    """The table remembers that it follows a tutorial: restored after a crash, the bots keep to
    the script and the person is still shown the next hint."""
    server = Server(f"sqlite:///{tmp_path / 'tables.sqlite3'}").start()
    try:
        data = start_tutorial(server, "noir")
        table, token = data["id"], data["you"]["token"]

        async def first_move() -> int:
            async with Client(server.ws(table)) as client:
                await client.hello(token)
                while True:
                    message = await client.until("state", 20)
                    if message["legal"]:
                        action = message["tutorial"]["next"][0]["action"]
                        await client.send(
                            {"type": "act", "action": action, "step": message["step"]}
                        )
                        while True:  # a state is sent once the action it follows is stored
                            after = await client.until("state", 20)
                            if after["step"] > message["step"]:
                                return int(after["tutorial"]["done"])

        done = asyncio.run(first_move())
        server.kill()
        server.start()
        tried: list[str] = []

        async def rest() -> dict[str, Any]:
            async with Client(server.ws(table)) as client:
                return await follow_hints(client, token, tried)

        last = asyncio.run(rest())
        assert done == 1
        assert last["tutorial"]["done"] == tutorials()["noir"].taught()
        assert data["you"]["seat"] in last["outcome"]["winners"]
    finally:
        server.stop()

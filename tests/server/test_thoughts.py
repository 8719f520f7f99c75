"""A bot's thoughts beside the replay: only for a bot's decision in a finished game, worked out
from what the bot knew, the same however often they are asked."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from hiddenhand.server.thinking import thoughts_at
from tests.server.conftest import Client, Server
from tests.server.play import fetch_record, play_seat


def finished_bots_table(server: Server, game: str, players: int, bot: str = "heuristic") -> str:
    created = server.post(
        "/api/tables", {"game": game, "players": players, "bots": [bot] * players}
    )
    assert created[0] == 200, created
    table = created[1]["id"]
    deadline = time.monotonic() + 90
    while httpx.get(f"{server.http}/api/tables/{table}/record", timeout=10).status_code != 200:
        assert time.monotonic() < deadline, "a bots' game did not end"
        time.sleep(0.1)
    return table


def thoughts(server: Server, table: str, step: Any) -> httpx.Response:
    return httpx.get(
        f"{server.http}/api/tables/{table}/thoughts", params={"step": step}, timeout=60
    )


@pytest.mark.parametrize(("game", "players"), [("noir", 2), ("goodcop", 4), ("infected", 3)])
def test_a_bots_decision_shows_its_top_moves_and_beliefs(
    server: Server, game: str, players: int
) -> None:
    table = finished_bots_table(server, game, players)
    record = fetch_record(server.http, table)
    steps = len(record.actions)
    with_beliefs = 0
    for step in sorted({0, steps // 3, steps // 2, steps - 1}):
        got = thoughts(server, table, step)
        assert got.status_code == 200, got.text
        data = got.json()
        seat, action = record.actions[step]
        assert (data["step"], data["seat"], data["name"]) == (step, seat, record.players[seat])
        assert data["played"]["action"] == action
        assert data["moves"] and sum(m["chosen"] for m in data["moves"]) == 1
        assert all(0 <= m["value"] <= 1 and 0 <= m["share"] <= 1 for m in data["moves"])
        with_beliefs += bool(data["beliefs"])
        # worked out from the record alone, the same here as on the server
        assert data == thoughts_at(record.to_json(), step)
        again = thoughts(server, table, step)
        assert again.json() == data
    assert with_beliefs, f"{game}: no step showed a belief"


def test_the_replay_says_who_decides_each_step(server: Server) -> None:
    table = finished_bots_table(server, "noir", 2)
    record = fetch_record(server.http, table)
    steps = len(record.actions)
    for step in (0, steps - 1):
        shown = httpx.get(
            f"{server.http}/api/tables/{table}/replay", params={"step": step}, timeout=10
        ).json()
        assert shown["decides"] == {"seat": record.actions[step][0], "bot": True}
    end = httpx.get(f"{server.http}/api/tables/{table}/replay", timeout=10).json()
    assert end["decides"] is None


def test_bad_asks_are_refused_and_change_nothing(server: Server) -> None:
    table = finished_bots_table(server, "noir", 2)
    record = fetch_record(server.http, table)
    steps = len(record.actions)
    assert thoughts(server, "nosuchtable", 0).status_code == 404
    for step in (steps, steps + 1, -1, "x", "1e3", "٣", 10**12):
        got = thoughts(server, table, step)
        assert got.status_code == 400, (step, got.text)
        assert "error" in got.json()
    assert fetch_record(server.http, table).actions == record.actions


def test_a_game_still_played_shows_no_thoughts(server: Server) -> None:
    table, _ = server.create("noir", 2, [None, "heuristic"])
    got = thoughts(server, table, 0)
    assert got.status_code == 409, got.text


def test_a_persons_decisions_are_not_shown(server: Server) -> None:
    table, tokens = server.create("noir", 2, [None, "random"])

    async def play() -> None:
        async with Client(server.ws(table)) as person:
            await play_seat(person, tokens[0], seed=3)

    asyncio.run(play())
    record = fetch_record(server.http, table)
    person = next(i for i, (seat, _) in enumerate(record.actions) if seat == 0)
    bot = next(i for i, (seat, _) in enumerate(record.actions) if seat == 1)
    refused = thoughts(server, table, person)
    assert refused.status_code == 403 and "person" in refused.json()["error"]
    assert thoughts(server, table, bot).status_code == 200


@pytest.fixture(scope="module")
def paced(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """A server whose bots take their time, so a spectator sees a game of bots being played."""
    db = tmp_path_factory.mktemp("db") / "tables.sqlite3"
    srv = Server(f"sqlite:///{db}", bot_delay=0.2).start()
    yield srv
    srv.stop()


def test_a_table_of_bots_may_think_aloud_to_its_spectators(paced: Server) -> None:
    status, created = paced.post(
        "/api/tables",
        {"game": "goodcop", "players": 4, "bots": ["heuristic"] * 4, "thoughts": True},
    )
    assert status == 200, created
    table = created["id"]
    assert created["table"]["thoughts"] is True
    heard: list[dict[str, Any]] = []

    async def watch() -> None:
        async with Client(paced.ws(table)) as spectator:
            await spectator.hello()
            while len(heard) < 2:
                heard.append(await spectator.until("thoughts", timeout=30))

    asyncio.run(watch())
    for said in heard:
        assert said["moves"] and said["beliefs"]
        assert said["name"] == created["table"]["names"][said["seat"]]
    # what was said is what the replay shows once the game is over
    deadline = time.monotonic() + 120
    while httpx.get(f"{paced.http}/api/tables/{table}/record", timeout=10).status_code != 200:
        assert time.monotonic() < deadline, "the bots' game did not end"
        time.sleep(0.2)
    record = fetch_record(paced.http, table)
    for said in heard:
        assert record.actions[said["step"]] == [said["seat"], said["played"]["action"]]
        assert {"type": "thoughts", **thoughts(paced, table, said["step"]).json()} == said


def test_thoughts_are_never_shown_where_a_person_may_sit(server: Server) -> None:
    status, refused = server.post(
        "/api/tables",
        {"game": "noir", "players": 2, "bots": [None, "heuristic"], "thoughts": True},
    )
    assert status == 400 and "every seat" in refused["error"]


def test_a_table_of_bots_keeps_its_thoughts_to_itself_unless_asked(paced: Server) -> None:
    status, created = paced.post(
        "/api/tables", {"game": "noir", "players": 2, "bots": ["heuristic"] * 2}
    )
    assert status == 200 and created["table"]["thoughts"] is False

    async def watch() -> list[str]:
        async with Client(paced.ws(created["id"])) as spectator:
            await spectator.hello()
            await spectator.until("state", timeout=10)
            await spectator.drain(2.0)
            return [m["type"] for m in spectator.received]

    assert "thoughts" not in asyncio.run(watch())

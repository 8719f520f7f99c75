"""The replay of a finished game: any seat's point of view or the spectator's, step by step,
computed by the engine from the published record, and only once the game is over."""

from __future__ import annotations

import asyncio
import time
from typing import Any

import httpx
import msgspec
import pytest

from hiddenhand.engine import Record, State
from hiddenhand.engine.events import visible
from tests.server.conftest import Client, Server
from tests.server.play import fetch_record, play_seat


def finished_table(server: Server, game: str, players: int) -> str:
    created = server.post(
        "/api/tables", {"game": game, "players": players, "bots": ["random"] * players}
    )
    table = created[1]["id"]
    deadline = time.monotonic() + 60
    while httpx.get(f"{server.http}/api/tables/{table}/record", timeout=10).status_code != 200:
        assert time.monotonic() < deadline, "a bots' game did not end"
        time.sleep(0.1)
    return table


def replay(server: Server, table: str, **query: Any) -> httpx.Response:
    return httpx.get(f"{server.http}/api/tables/{table}/replay", params=query, timeout=10)


def wire(data: Any) -> Any:
    return msgspec.json.decode(msgspec.json.encode(data))


def played_to(record: Record, step: int) -> tuple[State, dict[int | None, list[Any]]]:
    """The record's game after exactly its first `step` actions, and each seat's log then."""
    state = record.start()
    seats: list[int | None] = [*range(len(record.players)), None]
    logs: dict[int | None, list[Any]] = {s: [] for s in seats}
    for seat, action in record.actions[:step]:
        events = state.act(seat, action)
        for s in seats:
            logs[s] += [e.to_json(record.players) for e in visible(events, s)]
    assert len(state.history) == step  # the replay counts every step of the record
    return state, logs


@pytest.mark.parametrize(("game", "players"), [("noir", 2), ("goodcop", 4), ("infected", 3)])
def test_every_seat_sees_exactly_what_it_saw_then(server: Server, game: str, players: int) -> None:
    table = finished_table(server, game, players)
    record = fetch_record(server.http, table)
    steps = len(record.actions)
    for step in sorted({0, 1, 2, steps // 2, steps - 1, steps}):
        state, logs = played_to(record, step)
        for seat in [*range(players), None]:
            got = replay(server, table, seat="spectator" if seat is None else seat, step=step)
            assert got.status_code == 200, got.text
            data = got.json()
            assert (data["step"], data["steps"], data["seat"]) == (step, steps, seat)
            assert data["view"] == wire(state.view(seat)), f"{game}: seat {seat} at step {step}"
            assert data["log"] == wire(logs[seat])
            assert data["mark"] == (record.marks.get(step - 1) if step else None)
    end = replay(server, table).json()  # no step: the end, where the game is over
    assert end["step"] == steps and end["view"] == wire(record.replay().view(None))


def test_a_step_is_what_the_state_message_called_that_step(server: Server) -> None:
    """Every state a seat was sent during the game is the replay of its seat at its `step` (in
    NOIR every step is public, so a seat's count and the record's agree)."""
    table, tokens = server.create("noir", 2, [None, None], options={"mode": "standard"})
    clients: list[Client] = []

    async def both() -> None:
        async with Client(server.ws(table)) as a, Client(server.ws(table)) as b:
            clients.extend([a, b])
            await asyncio.gather(play_seat(a, tokens[0], 1), play_seat(b, tokens[1], 2))

    asyncio.run(both())
    for seat, client in enumerate(clients):
        states = [m for m in client.received if m["type"] == "state"]
        assert {m["step"] for m in states} >= {0, 1}
        for message in states:
            data = replay(server, table, seat=seat, step=message["step"]).json()
            assert data["view"] == message["view"], f"seat {seat} at step {message['step']}"


def test_a_running_game_has_no_replay_and_bad_queries_are_refused(server: Server) -> None:
    waiting, _ = server.create("noir", 2, [None, "random"])
    early = replay(server, waiting, seat=0, step=0)
    assert early.status_code == 409 and "view" not in early.json()
    table = finished_table(server, "noir", 2)
    steps = replay(server, table).json()["steps"]
    for query in (
        {"seat": 2},
        {"seat": "-1"},
        {"seat": "١"},
        {"seat": "x" * 5000},
        {"step": steps + 1},
        {"step": "-3"},
        {"step": "9" * 40},
        {"step": ""},
        {"step": "1.5"},
        {"step": " 1"},
        {"step": "٣"},
        {"step": "x"},
    ):
        bad = replay(server, table, **query)
        assert bad.status_code == 400 and "error" in bad.json(), query
    assert replay(server, "nosuchtable").status_code == 404


def test_the_summary_counts_public_events_and_is_refused_while_playing(server: Server) -> None:
    table = finished_table(server, "goodcop", 4)
    record = fetch_record(server.http, table)
    got = httpx.get(f"{server.http}/api/tables/{table}/summary", timeout=10)
    assert got.status_code == 200
    summary = got.json()
    assert summary["names"] == record.players
    assert [c["key"] for c in summary["columns"]][:3] == ["investigations", "revealed", "shots"]
    assert summary["ratings"] == [None] * 4  # bots are not rated
    shots = sum(r["shots"] for r in summary["rows"])
    state = record.start()
    fired = [e for _s, _a, made in record.apply_to(state) for e in made if e.kind == "shot"]
    assert shots == len(fired)
    created = server.post("/api/tables", {"game": "goodcop", "players": 4})
    playing = httpx.get(f"{server.http}/api/tables/{created[1]['id']}/summary", timeout=10)
    assert playing.status_code == 409

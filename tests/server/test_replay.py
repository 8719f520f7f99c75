"""The replay of a finished game: any seat's point of view or the spectator's, step by step,
computed by the engine from the published record, and only once the game is over."""

from __future__ import annotations

import time
from typing import Any

import httpx
import msgspec
import pytest

from hiddenhand.engine.events import visible
from tests.server.conftest import Server
from tests.server.play import fetch_record


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


@pytest.mark.parametrize(("game", "players"), [("noir", 2), ("goodcop", 4), ("infected", 3)])
def test_every_seat_sees_exactly_what_it_saw_then(server: Server, game: str, players: int) -> None:
    table = finished_table(server, game, players)
    record = fetch_record(server.http, table)
    steps = len(record.actions)
    for step in (0, 1, steps // 2, steps):
        state = record.start()
        logs: dict[int | None, list[dict[str, Any]]] = {s: [] for s in [*range(players), None]}
        for index, (_s, _a, events) in enumerate(record.apply_to(state)):
            if index >= step:
                break
            for seat in logs:
                logs[seat] += [e.to_json(record.players) for e in visible(events, seat)]
        for seat in [*range(players), None]:
            got = replay(server, table, seat="spectator" if seat is None else seat, step=step)
            assert got.status_code == 200, got.text
            data = got.json()
            assert (data["step"], data["steps"], data["seat"]) == (step, steps, seat)
            assert data["view"] == wire(state.view(seat)), f"{game}: seat {seat} at step {step}"
            assert data["log"] == wire(logs[seat])
    assert replay(server, table).json()["step"] == steps  # no step: the end


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
    ):
        bad = replay(server, table, **query)
        assert bad.status_code == 400 and "error" in bad.json(), query
    assert replay(server, "nosuchtable").status_code == 404

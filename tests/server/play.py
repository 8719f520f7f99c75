"""Seats that play through the server, and the check that what they got is what they may see."""

from __future__ import annotations

import random
from typing import Any

import httpx
import msgspec

from hiddenhand.bots.match import SeatLogs
from hiddenhand.engine import Record, get_game
from hiddenhand.engine.sight import private_step
from hiddenhand.server.pace import one_answer
from hiddenhand.server.steps import StepCounts
from tests.server.conftest import Client


async def play_seat(client: Client, token: str | None, seed: int, act: bool = True) -> None:
    """Say hello, then take a random legal action whenever asked, until the game is over."""
    rng = random.Random(seed)
    await client.hello(token)
    while True:
        message = await client.recv(30)
        if message["type"] != "state":
            continue
        if message["outcome"] is not None:
            return
        if act and message["legal"]:
            choice = rng.choice(message["legal"])
            await client.send({"type": "act", "action": choice["id"], "step": message["step"]})


def fetch_record(http: str, table: str) -> Record:
    response = httpx.get(f"{http}/api/tables/{table}/record", timeout=10)
    assert response.status_code == 200, response.text
    return Record.from_json(response.content)


def step_counts(record: Record) -> StepCounts:
    """Which of the record's steps each seat saw, as a table counts them in its frames."""
    state, steps = record.start(), StepCounts()
    for seat, action in record.actions:
        before = state.clone()
        events = state.act(seat, action)
        steps.add(seat if private_step(before, state, seat, events) else None)
    return steps


def check_received(record: Record, received: dict[int | None, list[dict[str, Any]]]) -> int:
    """Every state message a seat got equals, at its step, exactly that seat's view, choices
    and visible events as the engine gives them, and nothing more (a prompt whose only answer
    is a pass is never offered: the server passes). Returns messages checked."""
    state = record.start()
    names = list(record.players)
    logs = SeatLogs(len(names))
    expected: list[dict[int | None, tuple[Any, list[int]]]] = []

    def snapshot() -> None:
        """Views as the wire carries them (JSON: a tuple arrives as a list)."""
        seats: list[int | None] = [*range(len(names)), None]
        expected.append(
            {
                s: (
                    msgspec.json.decode(msgspec.json.encode(state.view(s))),
                    [a.id for a in state.legal(s)]
                    if s is not None and one_answer(state.legal(s)) is None
                    else [],
                )
                for s in seats
            }
        )

    snapshot()
    steps = step_counts(record)  # each seat's frames count the steps it saw
    for seat, action in record.actions:
        logs.add(state.act(seat, action))
        snapshot()
    checked = 0
    for seat, messages in received.items():
        states = [m for m in messages if m["type"] == "state"]
        got_events: dict[int, dict[str, Any]] = {}
        for m in states:
            index = steps.index(seat, m["step"])
            assert index is not None, f"seat {seat} was sent a step it never saw: {m['step']}"
            view, legal = expected[index][seat]
            assert m["view"] == view, f"seat {seat} got a view it may not have at step {m['step']}"
            assert [a["id"] for a in m["legal"]] == legal
            for e in m["events"]:
                assert got_events.setdefault(e["seq"], e) == e
            checked += 1
        log = [{"seq": i + 1, **e.to_json(names)} for i, e in enumerate(logs.of(seat))]
        assert [got_events[k] for k in sorted(got_events)] == log, f"seat {seat}'s events differ"
        assert states and states[-1]["outcome"] is not None
    assert get_game(record.game)
    return checked


async def settled(client: Client, frame: dict[str, Any], quiet: float = 0.5) -> dict[str, Any]:
    """The last state frame that arrives before the line is quiet for `quiet` seconds."""
    while True:
        try:
            message = await client.recv(quiet)
        except TimeoutError:
            return frame
        if message["type"] == "state":
            frame = message

"""Absent players: the clock is on by default at tables with people, a person whose bank runs
out may have their seat handed to a bot by the others, and may take it back."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
import pytest

from hiddenhand.bots.match import SeatLogs
from hiddenhand.engine import get_game
from hiddenhand.server.clock import RESERVE
from hiddenhand.server.errors import TableError
from hiddenhand.server.lobby import DEFAULT_CLOCK
from hiddenhand.server.seats import Seat
from hiddenhand.server.storage import Storage
from hiddenhand.server.tables import Table
from tests.server.conftest import Client, Server


def test_tables_with_people_have_a_clock_unless_told_otherwise(server: Server) -> None:
    people = httpx.post(
        server.http + "/api/tables",
        json={"game": "highcard", "players": 2, "bots": [None, "random"]},
    ).json()
    bots = httpx.post(
        server.http + "/api/tables",
        json={"game": "highcard", "players": 2, "bots": ["random", "random"]},
    ).json()
    off = httpx.post(
        server.http + "/api/tables",
        json={"game": "highcard", "players": 2, "bots": [None, "random"], "clock": 0},
    ).json()
    assert people["table"]["clock"] == DEFAULT_CLOCK
    assert bots["table"]["clock"] == 0 and off["table"]["clock"] == 0


class Peeker:
    """Seat 1 of a High Card table, in process: peeks whenever asked (a call would end it)."""

    def __init__(self, table: Table) -> None:
        self.seat = 1
        self.table = table
        self.got: list[dict[str, Any]] = []

    def send(self, text: str) -> None:
        message = json.loads(text)
        self.got.append(message)
        if message["type"] == "state" and message["legal"] and not message["outcome"]:
            peek = next(a["id"] for a in message["legal"] if a["kind"] == "peek")
            asyncio.get_running_loop().call_soon(self.table.act, 1, peek)

    def close(self, code: int) -> None:
        pass


def test_an_absent_seat_is_handed_to_a_bot_and_taken_back(tmp_path: Path) -> None:
    import tests.engine.toy  # noqa: F401  (registers High Card)

    game = get_game("highcard")
    table = Table(
        id="absent",
        game=game,
        options=game.options({"turns": 40}),
        seats=[Seat(name="Ann"), Seat(name="Bo")],
        seed=17,  # the random stand-in peeks its first four times, so the game goes on
        clock=1,
        storage=Storage(f"sqlite:///{tmp_path / 'absent.sqlite3'}"),
        bot_delay=1.0,  # time to look before the bot plays the seat on
    )
    bo = Peeker(table)
    table.attach(bo, 0)

    async def wait_for(done: Callable[[], bool]) -> None:
        for _ in range(100):
            if done():
                return
            await asyncio.sleep(0.05)
        raise AssertionError("it did not happen in time")

    async def go() -> None:
        table.start()
        with pytest.raises(TableError, match="still has time"):
            table.hand_to_bot(1, 0)
        with pytest.raises(TableError, match="leave"):
            table.hand_to_bot(1, 1)
        await wait_for(lambda: table.seats[0].timed_out)
        assert table.status == "playing" and "clock" in table.marks.values()
        table.hand_to_bot(1, 0)
        assert table.public()["seats"][0]["away"] is True
        await wait_for(lambda: "away" in table.marks.values())
        assert table.status == "playing"
        table.take_back(0)
        seat = table.public()["seats"][0]
        assert seat["away"] is False and seat["timed_out"] is False
        with pytest.raises(TableError, match="already"):
            table.take_back(0)
        handed = "Ann's seat was handed to a bot: it plays until Ann takes the seat back."

        def last_notes() -> list[dict[str, Any]]:
            states = [m for m in bo.got if m["type"] == "state"]
            return list(states[-1]["notes"]) if states else []

        # The bot's move for Ann is shown once it is written: wait for that message.
        await wait_for(lambda: any(n["text"] == handed for n in last_notes()))
        # The table told it in the log, where it happened: each time-out, and the bot taking
        # over the handed seat once (not at each of its moves).
        notes = last_notes()
        texts = [n["text"] for n in notes]
        assert texts[0] == "Time ran out for Ann: a bot chose for them."
        assert texts.count(handed) == 1 and len(texts) == 1 + texts.count(texts[0])
        await table.storage.actions.drain()
        stored = table.storage.load(table.id)
        assert stored is not None
        state, logs, last, places = (
            game.start(["Ann", "Bo"], table.options, 17),
            SeatLogs(2),
            None,
            [],
        )
        for seat, action, mark in stored.actions:  # each line follows what Bo had seen before it
            if seat == 0:
                if mark and (mark == "clock" or mark != last):
                    places.append(len(logs.of(1)))
                last = mark
            logs.add(state.act(seat, action))
        assert all(n["seat"] == 0 for n in notes) and [n["after"] for n in notes] == places
        again = Table(
            id="absent",
            game=game,
            options=table.options,
            seats=[Seat(name="Ann"), Seat(name="Bo")],
            seed=17,
            clock=1,
            storage=table.storage,
        )
        again.replay(stored.actions)  # a restored table tells the same lines
        assert again.notes.public(1, again.state.players) == table.notes.public(  # type: ignore[union-attr]
            1,
            table.state.players,  # type: ignore[union-attr]
        )
        table.close()

    asyncio.run(go())


def test_a_bank_keeps_what_a_fast_player_saves(server: Server) -> None:
    table, tokens = server.create("highcard", 2, [None, None], clock=10, options={"turns": 9})

    async def go() -> None:
        async with Client(server.ws(table)) as a, Client(server.ws(table)) as b:
            await a.hello(tokens[0])
            await b.hello(tokens[1])
            first = await a.until("state")
            await answer(a, first)
            after = await b.until("state", step=1)
            assert 8 <= after["banks"]["0"] <= 10  # seat 0 used almost none of its 10 s
            await answer(b, after)
            again = await a.until("state", step=2)
            left = (again["deadlines"]["0"] - first["deadlines"]["0"]) / 1000
            assert 9 <= left <= 10 * RESERVE  # the saved seconds carry over

    asyncio.run(go())


def test_preferences_are_a_seat_s_own(server: Server) -> None:
    table, tokens = server.create("highcard", 2, [None, None], options={"turns": 9})

    async def go() -> None:
        async with Client(server.ws(table)) as a, Client(server.ws(table)) as watcher:
            welcome = await a.hello(tokens[0])
            assert welcome["prefs"] == {"autopass": False}
            assert (await watcher.hello())["prefs"] is None
            await a.send({"type": "prefs", "autopass": True})
            assert (await a.until("prefs"))["prefs"] == {"autopass": True}
            await watcher.send({"type": "prefs", "autopass": True})
            assert (await watcher.until("error"))["code"] == "spectator"
            await a.send({"type": "prefs", "autopass": "yes"})
            assert (await a.until("error"))["code"] == "bad-message"

    asyncio.run(go())


async def answer(client: Client, message: dict[str, Any]) -> None:
    """Peek (a call would end the game)."""
    if message["type"] == "state" and message["legal"]:
        action = next(a["id"] for a in message["legal"] if a["kind"] == "peek")
        await client.send({"type": "act", "action": action, "step": message["step"]})

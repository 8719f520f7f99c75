"""Many games through the server: no seat ever receives anything beyond its own view and log."""

from __future__ import annotations

import asyncio

import pytest

from hiddenhand.engine import games
from tests.server.conftest import Client, Server, served_games
from tests.server.play import check_received, fetch_record, play_seat

SEATS = 36
"""Seats played at once per game: a game of 6 seats gets 6 tables, a game of 2 gets 18."""


@pytest.mark.parametrize("game_id", served_games())
def test_no_seat_receives_what_it_may_not_see(server: Server, game_id: str) -> None:
    game = games()[game_id]
    players = game.usual_players
    tables = [server.create(game_id, players, [None] * players) for _ in range(SEATS // players)]

    async def one(table: str, tokens: dict[int, str], seed: int) -> int:
        clients = [Client(server.ws(table)) for _ in range(players + 1)]
        for c in clients:
            await c.__aenter__()
        try:
            await asyncio.gather(
                *(play_seat(clients[s], tokens[s], seed * 10 + s) for s in range(players)),
                play_seat(clients[-1], None, 0, act=False),
            )
        finally:
            for c in clients:
                await c.__aexit__()
        received = {s: clients[s].received for s in range(players)}
        received[None] = clients[-1].received
        return check_received(fetch_record(server.http, table), received)

    async def go() -> list[int]:
        return await asyncio.gather(*(one(t, tok, i) for i, (t, tok) in enumerate(tables)))

    checked = asyncio.run(go())
    assert all(n > players for n in checked)

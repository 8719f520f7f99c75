"""The lobby offers bots by strength (easy to expert), and a table accepts a level as a seat's
bot: it plays as the bot the level names in that game."""

from __future__ import annotations

import httpx

from hiddenhand.bots.registry import LEVELS, level_specs
from hiddenhand.engine import get_game
from hiddenhand.server.botspecs import capped_spec
from tests.server.conftest import Server


def test_the_lobby_lists_every_level_of_every_game(server: Server) -> None:
    games = httpx.get(server.http + "/api/games", timeout=10).json()
    by_id = {g["id"]: g for g in games}
    for game_id in ("noir", "goodcop", "infected"):
        levels = by_id[game_id]["levels"]
        assert [level["name"] for level in levels] == list(LEVELS)
        assert {level["name"]: level["spec"] for level in levels} == level_specs(game_id)


def test_a_table_takes_a_level_as_a_seat_bot(server: Server) -> None:
    status, data = server.post(
        "/api/tables", {"game": "noir", "players": 2, "bots": ["easy", "expert"]}
    )
    assert status == 200, data
    table = httpx.get(f"{server.http}/api/tables/{data['id']}", timeout=10).json()["table"]
    assert [s["bot"] for s in table["seats"]] == ["easy", "expert"]
    status, data = server.post(
        "/api/tables", {"game": "noir", "players": 2, "bots": [None, "expert:iterations=0"]}
    )
    assert status == 400 and "1-5000" in data["error"]
    status, data = server.post(
        "/api/tables", {"game": "goodcop", "players": 6, "bots": ["ismcts:guide=on"] * 6}
    )
    assert status == 400 and "no guide is shipped for goodcop" in data["error"]


def test_a_searching_level_is_capped_like_any_search() -> None:
    noir = get_game("noir")
    assert capped_spec(noir, "expert", 0.5) == "expert:seconds=0.5"
    assert capped_spec(noir, "medium", 0.5) == "medium"

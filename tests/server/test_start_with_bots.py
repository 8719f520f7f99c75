"""A person alone among bots has nobody to wait for: the table starts as they sit. With two
people or more, the table waits until one of them starts it."""

from __future__ import annotations

from tests.server.conftest import Server


def test_a_person_sitting_among_bots_starts_the_game(server: Server) -> None:
    status, made = server.post(
        "/api/tables",
        {"game": "highcard", "players": 3, "bots": [None, "random", "random"], "name": "Ann"},
    )
    assert status == 200 and made["table"]["status"] == "playing", made
    status, made = server.post(
        "/api/tables", {"game": "highcard", "players": 2, "bots": ["random", None]}
    )
    assert made["table"]["status"] == "open"  # nobody sat yet
    status, joined = server.post(f"/api/tables/{made['id']}/join", {"name": "Bo"})
    assert status == 200 and joined["table"]["status"] == "playing", joined


def test_two_people_among_bots_start_when_one_says(server: Server) -> None:
    status, made = server.post(
        "/api/tables",
        {"game": "highcard", "players": 3, "bots": [None, None, "random"], "name": "Ann"},
    )
    assert made["table"]["status"] == "open"
    status, joined = server.post(f"/api/tables/{made['id']}/join", {"name": "Bo"})
    assert status == 200 and joined["table"]["status"] == "open"
    status, started = server.post(
        f"/api/tables/{made['id']}/start", {"token": joined["you"]["token"]}
    )
    assert status == 200 and started["table"]["status"] == "playing"

"""A rematch: the same game at the same seats with a new deal, asked for by a player once the
game is over; everyone who asks after sits down at the same new table in the seat they had."""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import httpx
import pytest
from playwright.sync_api import Browser

from tests.server.conftest import ROOMY, Client, Server
from tests.server.play import play_seat
from tests.server.test_browser import browser  # noqa: F401  (the Chromium fixture)


def finished_with_people(server: Server) -> tuple[str, dict[int, str]]:
    """A NOIR table of two people, played to its end through the server."""
    table, tokens = server.create("noir", 2, [None, None], options={"mode": "standard"})

    async def both() -> None:
        async with Client(server.ws(table)) as a, Client(server.ws(table)) as b:
            await asyncio.gather(play_seat(a, tokens[0], 1), play_seat(b, tokens[1], 2))

    asyncio.run(both())
    return table, tokens


def ask(server: Server, table: str, token: str, cookies: httpx.Cookies) -> httpx.Response:
    return httpx.post(
        f"{server.http}/api/tables/{table}/rematch",
        json={"token": token},
        cookies=cookies,
        timeout=10,
    )


def test_both_players_land_at_one_new_table_in_their_seats(server: Server) -> None:
    table, tokens = finished_with_people(server)
    first = ask(server, table, tokens[0], httpx.Cookies())
    assert first.status_code == 200, first.text
    again = first.json()
    assert again["id"] != table and again["you"]["seat"] == 0
    new = again["table"]
    old = httpx.get(f"{server.http}/api/tables/{table}", timeout=10).json()["table"]
    assert old["rematch"] == again["id"]
    assert (new["game"], new["options"], new["status"]) == ("noir", old["options"], "open")
    assert new["seats"][0]["name"] == old["seats"][0]["name"] and not new["seats"][1]["taken"]
    second = ask(server, table, tokens[1], httpx.Cookies())
    assert second.status_code == 200, second.text
    assert second.json()["id"] == again["id"] and second.json()["you"]["seat"] == 1
    seats = second.json()["table"]["seats"]
    assert [s["name"] for s in seats] == [s["name"] for s in old["seats"]]


def test_no_rematch_before_the_end_or_with_a_wrong_token(server: Server) -> None:
    table, tokens = server.create("noir", 2, [None, "random"])
    early = ask(server, table, tokens[0], httpx.Cookies())
    assert early.status_code == 400 and "over" in early.json()["error"]
    done, _ = finished_with_people(server)
    wrong = ask(server, done, tokens[0], httpx.Cookies())
    assert wrong.status_code == 403
    lobby = httpx.get(f"{server.http}/api/tables/{done}", timeout=10).json()["table"]
    assert lobby["rematch"] is None


def finished_with_guests(server: Server, players: int) -> tuple[str, list[str], list[httpx.Client]]:
    """A High Card table of people, each with a browser's cookies (their guest), played out."""
    people = [httpx.Client(base_url=server.http, timeout=10) for _ in range(players)]
    made = people[0].post(
        "/api/tables", json={"game": "highcard", "players": players, "bots": [None] * players}
    )
    table = made.json()["id"]
    tokens = []
    for n, person in enumerate(people):
        joined = person.post(f"/api/tables/{table}/join", json={"name": f"P{n}"})
        assert joined.status_code == 200, joined.text
        tokens.append(joined.json()["you"]["token"])
    assert people[0].post(f"/api/tables/{table}/start", json={"token": tokens[0]}).is_success

    async def everyone() -> None:
        clients = [Client(server.ws(table)) for _ in tokens]
        for client in clients:
            await client.__aenter__()
        try:
            await asyncio.gather(
                *(play_seat(c, t, n) for n, (c, t) in enumerate(zip(clients, tokens, strict=True)))
            )
        finally:
            for client in clients:
                await client.__aexit__()

    asyncio.run(everyone())
    return table, tokens, people


def seats_listed(server: Server, table: str) -> list[dict[str, Any]]:
    """The table's seats as the lobby's list shows them."""
    listed = httpx.get(f"{server.http}/api/tables", timeout=10).json()
    return next(t["seats"] for t in listed if t["id"] == table)


def test_a_rematch_keeps_each_seat_for_its_player(server: Server) -> None:
    table, tokens, (p0, p1, p2) = finished_with_guests(server, 3)
    again = p0.post(f"/api/tables/{table}/rematch", json={"token": tokens[0]}).json()
    new = again["id"]
    listed = seats_listed(server, new)
    assert [s["reserved"] for s in listed] == [False, True, True]
    soon = time.time() * 1000
    assert all(soon < s["reserved_until"] <= soon + 120_000 for s in listed[1:])
    with httpx.Client(base_url=server.http, timeout=10) as stranger:
        for body, refusal in (
            ({"name": "Squatter", "seat": 1}, "seat 1 is kept for its player of the last game"),
            ({"name": "Squatter"}, "the free seats are kept for the players of the last game"),
        ):
            refused = stranger.post(f"/api/tables/{new}/join", json=body)
            assert refused.status_code == 400 and refusal in refused.json()["error"], body
    assert [s["taken"] for s in seats_listed(server, new)] == [True, False, False]
    by_link = p1.post(f"/api/tables/{new}/join", json={"name": "P1"})  # its guest cookie
    assert by_link.status_code == 200 and by_link.json()["you"]["seat"] == 1, by_link.text
    with httpx.Client(base_url=server.http, timeout=10) as elsewhere:  # the token alone proves
        came = elsewhere.post(f"/api/tables/{table}/rematch", json={"token": tokens[2]})
    assert came.status_code == 200 and came.json()["you"]["seat"] == 2, came.text
    assert [s["name"] for s in came.json()["table"]["seats"]] == ["P0", "P1", "P2"]
    for person in (p0, p1, p2):
        person.close()


@pytest.fixture(scope="module")
def brief(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """A server keeping a rematch's seats for one second only."""
    db = tmp_path_factory.mktemp("brief") / "tables.sqlite3"
    srv = Server(f"sqlite:///{db}", limits={**ROOMY, "rematch_seat_seconds": 1.0}).start()
    yield srv
    srv.stop()


def test_a_seat_nobody_came_back_for_is_offered_to_anyone(brief: Server) -> None:
    table, tokens, people = finished_with_guests(brief, 2)
    new = people[0].post(f"/api/tables/{table}/rematch", json={"token": tokens[0]}).json()["id"]
    stranger = httpx.Client(base_url=brief.http, timeout=10)
    assert (
        stranger.post(f"/api/tables/{new}/join", json={"name": "S", "seat": 1}).status_code == 400
    )
    until = seats_listed(brief, new)[1]["reserved_until"] / 1000
    time.sleep(max(0.0, until - time.time()) + 0.05)
    assert seats_listed(brief, new)[1]["reserved"] is False
    sat = stranger.post(f"/api/tables/{new}/join", json={"name": "S", "seat": 1})
    assert sat.status_code == 200 and sat.json()["you"]["seat"] == 1, sat.text
    late = people[1].post(f"/api/tables/{table}/rematch", json={"token": tokens[1]})
    assert late.status_code == 400 and "every seat at this table is taken" in late.json()["error"]
    for person in [*people, stranger]:
        person.close()


@pytest.mark.browser
def test_the_rematch_button_takes_the_player_to_the_new_table(
    browser: Browser,  # noqa: F811
    server: Server,
) -> None:
    with ThreadPoolExecutor(1) as other:  # Playwright holds this thread's event loop
        table, tokens = other.submit(finished_with_people, server).result()
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    you = {"seat": 0, "token": tokens[0]}
    seat = f"localStorage.setItem('hh-seat-{table}', JSON.stringify({json.dumps(you)}))"
    page.add_init_script(seat)
    page.goto(f"{server.http}/t/{table}")
    page.wait_for_selector("#rematch")
    page.click("#rematch")
    page.wait_for_url(lambda url: "/t/" in url and not url.endswith(table))
    new = page.url.rsplit("/", 1)[-1]
    page.wait_for_function("window.hiddenhand.you && window.hiddenhand.you.seat === 0")
    page.wait_for_selector(".waiting-seats li:nth-child(2)")  # the other player's seat...
    kept = page.locator(".waiting-seats li").nth(1).inner_text()
    assert "reserved for its player of the last game" in kept  # ...kept for them
    old = httpx.get(f"{server.http}/api/tables/{table}", timeout=10).json()["table"]
    assert old["rematch"] == new
    context.close()
    assert errors == []

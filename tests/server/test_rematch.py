"""A rematch: the same game at the same seats with a new deal, asked for by a player once the
game is over; everyone who asks after sits down at the same new table in the seat they had."""

from __future__ import annotations

import asyncio
import json
from concurrent.futures import ThreadPoolExecutor

import httpx
import pytest
from playwright.sync_api import Browser

from tests.server.conftest import Client, Server
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
    old = httpx.get(f"{server.http}/api/tables/{table}", timeout=10).json()["table"]
    assert old["rematch"] == new
    context.close()
    assert errors == []

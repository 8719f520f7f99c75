"""The WebSocket protocol against a real server: views, sequence numbers, reconnects, bad input."""

from __future__ import annotations

import asyncio
from typing import Any

from tests.server.conftest import Client, Server


def run(coro: Any) -> Any:
    return asyncio.run(coro)


def peek(state: dict[str, Any], target: int) -> int:
    return next(a["id"] for a in state["legal"] if a["kind"] == "peek" and a["args"] == [target])


def test_each_seat_sees_its_own_view_and_only_its_events(server: Server) -> None:
    table, tokens = server.create("highcard", 3, [None, None, None], options={"turns": 20})

    async def go() -> None:
        async with (
            Client(server.ws(table)) as a,
            Client(server.ws(table)) as b,
            Client(server.ws(table)) as c,
            Client(server.ws(table)) as watcher,
        ):
            sa = await a.hello(tokens[0]) and await a.until("state")
            await b.hello(tokens[1])
            sb = await b.until("state")
            await c.hello(tokens[2])
            await c.until("state")
            await watcher.hello()
            sw = await watcher.until("state")
            assert sa["view"]["cards"][1:] == [None, None] and sa["view"]["cards"][0] is not None
            assert sb["view"]["cards"][0] is None and sb["view"]["cards"][1] is not None
            assert sw["view"]["cards"] == [None, None, None]
            assert sb["legal"] == [] and sw["legal"] == [] and sa["legal"]
            await a.send({"type": "act", "action": peek(sa, 1), "step": 0})
            ua = await a.until("state", step=1)
            ub = await b.until("state", step=1)
            uw = await watcher.until("state", step=1)
            assert [e["kind"] for e in ua["events"]] == ["peek", "saw"]
            assert [e["seq"] for e in ua["events"]] == [1, 2]
            assert ua["events"][1]["public"] is False
            assert ua["view"]["cards"][1] == sb["view"]["cards"][1]
            assert [e["kind"] for e in ub["events"]] == ["peek"] and ub["seq"] == 1
            assert [e["kind"] for e in uw["events"]] == ["peek"]
            assert ub["view"]["cards"][0] is None and ub["view"]["cards"][2] is None
            assert uw["view"]["cards"] == [None, None, None]
            assert ub["legal"] and ua["legal"] == []

    run(go())


def test_a_reconnecting_seat_gets_the_view_and_the_events_after_its_sequence(
    server: Server,
) -> None:
    table, tokens = server.create("highcard", 2, [None, None], options={"turns": 20})

    async def go() -> None:
        async with Client(server.ws(table)) as a, Client(server.ws(table)) as b:
            await a.hello(tokens[0])
            await b.hello(tokens[1])
            state = await a.until("state")
            await b.until("state")
            seen: list[dict[str, Any]] = []
            for step in range(4):
                mover = a if step % 2 == 0 else b
                if mover is b:
                    state = await b.until("state", step=step)
                await mover.send({"type": "act", "action": peek(state, 1 - step % 2)})
                got = await a.until("state", step=step + 1)
                seen += got["events"]
                state = got
            assert [e["seq"] for e in seen] == list(range(1, len(seen) + 1))
        async with Client(server.ws(table)) as again:
            await again.hello(tokens[0], since=2)
            back = await again.until("state")
            assert back["since"] == 2 and back["seq"] == len(seen)
            assert back["events"] == seen[2:]
            assert back["view"] == state["view"]
            assert back["step"] == 4

    run(go())


def test_spectators_see_only_the_public_view_and_cannot_act_or_chat(server: Server) -> None:
    table, tokens = server.create("highcard", 2, [None, None])

    async def go() -> None:
        async with Client(server.ws(table)) as watcher, Client(server.ws(table)) as a:
            welcome = await watcher.hello()
            assert welcome["seat"] is None
            assert all("token" not in s and "guest" not in s for s in welcome["table"]["seats"])
            state = await watcher.until("state")
            assert state["view"]["cards"] == [None, None] and state["legal"] == []
            await a.hello(tokens[0])
            legal = (await a.until("state"))["legal"]
            await a.drain()
            await watcher.send({"type": "act", "action": legal[0]["id"]})
            assert (await watcher.until("error"))["code"] == "spectator"
            await watcher.send({"type": "chat", "text": "hello"})
            assert (await watcher.until("error"))["code"] == "spectator"
            await a.silent()

    run(go())


def test_bad_input_gets_a_clear_error_and_changes_nothing(server: Server) -> None:
    table, tokens = server.create("highcard", 3, [None, None, None], options={"turns": 20})

    async def go() -> None:
        async with (
            Client(server.ws(table)) as a,
            Client(server.ws(table)) as b,
            Client(server.ws(table)) as c,
        ):
            await a.send({"type": "act", "action": 0})
            assert (await a.until("error"))["code"] == "no-hello"
            await a.send({"type": "hello", "token": tokens[1], "seat": 0})
            assert (await a.until("error"))["code"] == "wrong-seat"
            await a.send({"type": "hello", "token": "not-a-token"})
            assert (await a.until("error"))["code"] == "bad-token"
            await a.hello(tokens[0])
            state = await a.until("state")
            await b.hello(tokens[1])
            await b.until("state")
            await c.hello(tokens[2])
            await c.until("state")
            for client in (a, b, c):
                await client.drain()  # presence notes about the others arriving
            bad: list[tuple[Any, str]] = [
                ("{not json", "malformed"),
                ("[1, 2]", "bad-message"),
                ({"type": "dance"}, "unknown-type"),
                ({"type": "act"}, "bad-message"),
                ({"type": "act", "action": "call"}, "bad-message"),
                ({"type": "chat", "text": "x" * 5000}, "too-large"),
                ({"type": "act", "action": 10_000}, "illegal"),
                ({"type": "act", "action": 0, "step": 7}, "illegal"),
                ({"type": "hello", "token": tokens[0]}, "already-joined"),
                ({"type": "chat", "text": "<b>hi</b>"}, "chat-refused"),
                ({"type": "chat", "text": "<script>alert(1)</script>"}, "chat-refused"),
                ({"type": "chat", "text": "   "}, "chat-refused"),
            ]
            for message, code in bad:
                await a.send(message)
                error = await a.until("error")
                assert error["code"] == code, (message, error)
                assert error["message"]
            await b.send({"type": "act", "action": state["legal"][0]["id"]})
            error = await b.until("error")
            assert error["code"] == "illegal" and "not asked to decide" in error["message"]
            await c.silent()
            await b.silent(0.1)
            for _ in range(5):
                await a.send({"type": "chat", "text": "hi"})
            lines = [await a.until("chat") for _ in range(5)]
            assert [line["text"] for line in lines] == ["hi"] * 5
            await a.send({"type": "chat", "text": "hi again"})
            assert (await a.until("error"))["code"] == "chat-refused"
            assert [m["text"] for m in c.received if m["type"] == "chat"] == []
            await c.drain()
            assert [m["text"] for m in c.received if m["type"] == "chat"] == ["hi"] * 5
            await a.send({"type": "act", "action": state["legal"][0]["id"], "step": 0})
            done = await c.until("state")
            assert done["step"] == 1

    run(go())


def test_an_unknown_table_is_an_error_and_the_server_goes_on(server: Server) -> None:
    async def go() -> None:
        async with Client(server.ws("nosuchtable")) as ghost:
            error = await ghost.recv()
            assert error["type"] == "error" and error["code"] == "unknown-table"

    run(go())
    status, data = server.post("/api/tables/nosuchtable/join", {"name": "Zed"})
    assert status == 404 and "no table" in data["error"]
    status, _ = server.post("/api/tables", {"game": "highcard", "players": 2, "bots": [None, None]})
    assert status == 200


def test_the_lobby_refuses_bad_tables_with_reasons(server: Server) -> None:
    cases = [
        ({"game": "chess"}, "unknown game"),
        ({"game": "highcard", "players": 9, "bots": [None] * 9}, "takes 2-5 players"),
        ({"game": "highcard", "players": 2, "bots": [None]}, "each of the 2 seats"),
        ({"game": "highcard", "players": 2, "bots": [None, "genius"]}, "unknown bot"),
        ({"game": "highcard", "players": 2, "bots": [None, None], "options": {"x": 1}}, "unknown"),
        ({"game": "highcard", "players": 2, "bots": [None, None], "clock": -3}, "turn clock"),
    ]
    for body, reason in cases:
        status, data = server.post("/api/tables", body)
        assert status == 400 and reason in data["error"], (body, data)
    status, data = server.post(
        "/api/tables", {"game": "highcard", "players": 2, "bots": [None, None], "name": "<b>"}
    )
    assert status == 400 and "plain text" in data["error"]


def test_seats_fill_then_start_and_the_cookie_keeps_a_guest_in_their_seat(server: Server) -> None:
    import httpx

    with httpx.Client(base_url=server.http) as ann, httpx.Client(base_url=server.http) as bob:
        made = ann.post(
            "/api/tables",
            json={"game": "highcard", "players": 2, "bots": [None, None], "name": "Ann"},
        ).json()
        table, token = made["id"], made["you"]["token"]
        again = ann.get(f"/api/tables/{table}").json()
        assert again["you"] == {"seat": 0, "token": token}
        assert bob.get(f"/api/tables/{table}").json()["you"] is None
        early = ann.post(f"/api/tables/{table}/start", json={"token": token})
        assert early.status_code == 400 and "every seat" in early.json()["error"]
        assert ann.post(f"/api/tables/{table}/join", json={"name": "Ann"}).status_code == 400
        joined = bob.post(f"/api/tables/{table}/join", json={"name": "Ann"}).json()
        assert joined["table"]["names"] == ["Ann", "Ann 2"]
        bob_token = joined["you"]["token"]
        assert bob.post(f"/api/tables/{table}/leave", json={"token": bob_token}).status_code == 200
        assert not ann.get(f"/api/tables/{table}").json()["table"]["seats"][1]["taken"]
        bob_token = bob.post(f"/api/tables/{table}/join", json={"name": "Bob"}).json()["you"][
            "token"
        ]
        wrong = bob.post(f"/api/tables/{table}/start", json={"token": "nope"})
        assert wrong.status_code == 403
        started = bob.post(f"/api/tables/{table}/start", json={"token": bob_token}).json()
        assert started["table"]["status"] == "playing"
        late = httpx.post(server.http + f"/api/tables/{table}/join", json={"name": "Cy"})
        assert late.status_code == 400


def test_the_clock_lets_a_bot_decide_and_the_record_marks_it(server: Server) -> None:
    table, _ = server.create("highcard", 2, [None, "random"], clock=1, options={"turns": 2})

    async def go() -> None:
        async with Client(server.ws(table)) as watcher:
            await watcher.hello()
            first = await watcher.until("state")
            assert set(first["deadlines"]) == {"0"}
            end = await watcher.until("state", timeout=8)
            while end["outcome"] is None:
                end = await watcher.until("state", timeout=8)
            assert end["marks"] == {"0": "clock"}

    run(go())
    import httpx

    record = httpx.get(server.http + f"/api/tables/{table}/record").json()
    assert record["marks"] == {"0": "clock"} and record["actions"][0][0] == 0


def test_a_person_who_leaves_mid_game_is_replaced_by_a_bot(server: Server) -> None:
    table, tokens = server.create("highcard", 2, [None, None], options={"turns": 3})

    async def go() -> None:
        async with Client(server.ws(table)) as watcher:
            await watcher.hello()
            await watcher.until("state")
            status, _ = server.post(f"/api/tables/{table}/leave", {"token": tokens[0]})
            assert status == 200
            seats = (await watcher.until("table"))["table"]["seats"]
            assert seats[0]["left"] is True
            after = await watcher.until("state", step=1)
            assert after["marks"] == {"0": "left"}

    run(go())


def test_a_stale_choice_is_refused_once_the_seat_has_acted_since(server: Server) -> None:
    table, tokens = server.create("highcard", 2, [None, None], options={"turns": 20})

    async def go() -> None:
        async with Client(server.ws(table)) as a, Client(server.ws(table)) as b:
            await a.hello(tokens[0])
            await b.hello(tokens[1])
            first = await a.until("state")
            await a.send({"type": "act", "action": peek(first, 1), "step": 0})
            asked = await b.until("state", step=1)
            await b.send({"type": "act", "action": peek(asked, 0), "step": 1})
            again = await a.until("state", step=2)
            assert peek(again, 1) == peek(first, 1)
            await a.send({"type": "act", "action": peek(first, 1), "step": 0})
            error = await a.until("error")
            assert error["code"] == "illegal" and "moved on" in error["message"]
            await a.send({"type": "act", "action": peek(first, 1), "step": 2})
            assert (await b.until("state", step=3))["legal"]

    run(go())


def test_every_update_carries_the_clock_of_the_seats_asked_now(server: Server) -> None:
    table, tokens = server.create("highcard", 2, [None, None], clock=30, options={"turns": 9})

    async def go() -> None:
        async with Client(server.ws(table)) as a, Client(server.ws(table)) as b:
            await a.hello(tokens[0])
            first = await a.until("state")
            assert set(first["deadlines"]) == {"0"}
            await b.hello(tokens[1])
            await a.send({"type": "act", "action": peek(first, 1), "step": 0})
            after = await b.until("state", step=1)
            assert set(after["deadlines"]) == {"1"}
            assert 0 <= after["deadlines"]["1"] - first["deadlines"]["0"] < 5_000  # a new 30 s

    run(go())

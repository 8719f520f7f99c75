"""Moderation over HTTP and WebSockets: reports, mutes, blocks, operators, bans, the audit log."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator
from contextlib import closing
from typing import Any

import httpx
import pytest
import websockets
from typer.testing import CliRunner

from hiddenhand.cli import app
from hiddenhand.server.sessions import SESSION_COOKIE
from tests.server.conftest import ROOMY, Server
from tests.server.moderating import PASSWORD, Socket, name_of, new_name, person, playing

runner = CliRunner()


@pytest.fixture(scope="module")
def srv(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    db = tmp_path_factory.mktemp("moderation") / "moderation.sqlite3"
    # open pages are told of bans at once, not by the periodic look at their sessions
    limits = {**ROOMY, "login_burst": 1000, "session_check_seconds": 3600}
    server = Server(f"sqlite:///{db}", limits=limits).start()
    yield server
    server.stop()


def admin(server: Server, *args: str) -> Any:
    return runner.invoke(app, ["admin", *args, "--db", server.db])


def operator(server: Server) -> httpx.Client:
    client = person(server)
    made = admin(server, "make-operator", name_of(client))
    assert made.exit_code == 0, made.output
    return client


# -- reports ------------------------------------------------------------------------------


def test_a_report_from_the_table_keeps_its_chat_and_what_spectators_see(srv: Server) -> None:
    boss = operator(srv)
    with closing(person(srv)) as ada, closing(person(srv)) as bob:
        table, tokens = playing(srv, ada, bob)

        async def chat_and_watch() -> dict[str, Any]:
            async with Socket(srv, table, bob) as b, Socket(srv, table) as watcher:
                await b.hello(tokens[1])
                await watcher.hello()
                state = await watcher.until("state")
                await b.say("you are all fools")
                await watcher.until("chat", text="you are all fools")
                return state

        watched = asyncio.run(chat_and_watch())
        made = ada.post(
            "/api/reports", json={"table": table, "seat": 1, "reason": "insults in chat"}
        )
        assert made.status_code == 200, made.text
        assert made.json()["reported"] == name_of(bob)
        listed = boss.get("/api/admin/reports").json()["reports"]
        report = next(r for r in listed if r["id"] == made.json()["report"])
        assert report["reporter"] == name_of(ada) and report["reported"] == name_of(bob)
        assert report["table"] == table and report["reason"] == "insults in chat"
        assert [(c["name"], c["text"]) for c in report["chat"]] == [
            (name_of(bob), "you are all fools")
        ]
        # what a spectator sees, and nothing more: no seat's hidden card
        assert report["view"]["state"]["view"] == watched["view"]
        assert report["view"]["table"]["id"] == table


def test_reports_refused_for_bots_oneself_guests_and_nonsense(srv: Server) -> None:
    with closing(person(srv)) as ada, closing(person(srv)) as bob:
        table = ada.post(
            "/api/tables",
            json={"game": "highcard", "players": 2, "bots": [None, "random"], "name": "A"},
        ).json()["id"]
        bot = ada.post("/api/reports", json={"table": table, "seat": 1, "reason": "cheats"})
        assert bot.status_code == 400 and "bots cannot be reported" in bot.json()["error"]
        me = ada.post("/api/reports", json={"table": table, "seat": 0, "reason": "x"})
        assert me.status_code == 400 and "yourself" in me.json()["error"]
        assert (
            ada.post("/api/reports", json={"name": name_of(ada), "reason": "x"}).status_code == 400
        )
        blank = ada.post("/api/reports", json={"name": name_of(bob), "reason": "   "})
        assert blank.status_code == 400 and blank.json()["error"] == "say why"
        nobody = ada.post("/api/reports", json={"name": new_name(), "reason": "x"})
        assert nobody.status_code == 404
        seat = ada.post("/api/reports", json={"table": table, "seat": 9, "reason": "x"})
        assert seat.status_code == 400
        with httpx.Client(base_url=srv.http) as guest:
            refused = guest.post("/api/reports", json={"name": name_of(bob), "reason": "x"})
            assert refused.status_code == 401
        from_profile = ada.post("/api/reports", json={"name": name_of(bob), "reason": "spam"})
        assert from_profile.status_code == 200, from_profile.text


# -- mutes and blocks -----------------------------------------------------------------------


def test_a_mute_hides_that_players_chat_from_the_one_who_muted_only(srv: Server) -> None:
    with closing(person(srv)) as ada, closing(person(srv)) as bob, closing(person(srv)) as cy:
        table, tokens = playing(srv, ada, bob, cy)
        bob_name = name_of(bob)

        async def talk() -> tuple[list[str], list[str], list[str], dict[str, Any]]:
            async with (
                Socket(srv, table, ada) as a,
                Socket(srv, table, bob) as b,
                Socket(srv, table, cy) as c,
            ):
                for sock, token in ((a, tokens[0]), (b, tokens[1]), (c, tokens[2])):
                    await sock.hello(token)
                muted = ada.post(f"/api/players/{bob_name}/mute")
                assert muted.status_code == 200 and muted.json()["mute"] == [bob_name]
                await b.say("muted words")
                await c.say("cy speaks")
                ada_saw, cy_saw = await a.chat_lines(), await c.chat_lines()
                assert ada.post(f"/api/players/{bob_name}/unmute").json()["mute"] == []
                await b.say("heard again")
                ada_after = await a.chat_lines()
            async with Socket(srv, table, ada) as again:  # the recent lines, on reconnecting
                ada.post(f"/api/players/{bob_name}/mute")
                welcome = await again.hello(tokens[0])
            return ada_saw, cy_saw, ada_after, welcome

        ada_saw, cy_saw, ada_after, welcome = asyncio.run(talk())
        assert ada_saw == ["cy speaks"]
        assert cy_saw == ["muted words", "cy speaks"]
        assert ada_after == ["heard again"]
        assert [c["text"] for c in welcome["chat"]] == ["cy speaks"]
        assert ada.get("/api/me/moderation").json()["mute"] == [bob_name]


def test_a_block_hides_chat_and_keeps_both_from_one_table(srv: Server) -> None:
    with closing(person(srv)) as ada, closing(person(srv)) as bob, closing(person(srv)) as cy:
        bob_name, ada_name = name_of(bob), name_of(ada)
        assert ada.post(f"/api/players/{bob_name}/block").json()["block"] == [bob_name]
        # bob cannot sit at ada's table, nor ada at bob's
        for host, guest, other in ((ada, bob, ada_name), (bob, ada, bob_name)):
            table = host.post(
                "/api/tables", json={"game": "highcard", "players": 3, "name": "x"}
            ).json()["id"]
            refused = guest.post(f"/api/tables/{table}/join", json={"name": "x"})
            assert refused.status_code == 400
            assert refused.json()["error"] == (
                f"you cannot sit at this table: you and {other} have blocked one another"
            )
            assert cy.post(f"/api/tables/{table}/join", json={"name": "x"}).status_code == 200
            listed = {t["id"] for t in guest.get("/api/tables?game=highcard").json()}
            assert table not in listed  # the lobby does not offer it
            assert table in {t["id"] for t in cy.get("/api/tables?game=highcard").json()}
        # undone: they sit together again
        assert ada.post(f"/api/players/{bob_name}/unblock").json()["block"] == []
        table, tokens = playing(srv, ada, bob)

        async def talk() -> list[str]:
            async with Socket(srv, table, ada) as a, Socket(srv, table, bob) as b:
                await a.hello(tokens[0])
                await b.hello(tokens[1])
                ada.post(f"/api/players/{bob_name}/block")  # mid-game: chat hidden at once
                await b.say("blocked words")
                await a.say("ada speaks")
                return await a.chat_lines()

        assert asyncio.run(talk()) == ["ada speaks"]


def test_mutes_and_blocks_are_for_accounts_and_refuse_nonsense(srv: Server) -> None:
    with closing(person(srv)) as ada, httpx.Client(base_url=srv.http) as guest:
        assert guest.post(f"/api/players/{name_of(ada)}/mute").status_code == 401
        nobody = ada.post(f"/api/players/{new_name()}/block")
        assert nobody.status_code == 404 and "there is no account" in nobody.json()["error"]
        me = ada.post(f"/api/players/{name_of(ada)}/mute")
        assert me.status_code == 400 and me.json()["error"] == "you cannot mute yourself"


# -- operators ------------------------------------------------------------------------------

ADMIN_CALLS = [
    ("GET", "/api/admin/reports"),
    ("GET", "/api/admin/audit"),
    ("GET", "/api/admin/tables"),
    ("POST", "/api/admin/tables/whatever/end"),
    ("POST", "/api/admin/players/whoever/ban"),
    ("POST", "/api/admin/players/whoever/unban"),
    ("POST", "/api/admin/players/whoever/mute"),
    ("POST", "/api/admin/players/whoever/unmute"),
]


def test_operator_calls_are_refused_to_everyone_else(srv: Server) -> None:
    with closing(person(srv)) as ada, httpx.Client(base_url=srv.http) as guest:
        for client in (ada, guest):
            for method, path in ADMIN_CALLS:
                answer = client.request(method, path, json={} if method == "POST" else None)
                assert answer.status_code == 403, (path, answer.text)
                assert answer.json() == {"error": "this is for operators only"}
        made = admin(srv, "make-operator", name_of(ada))
        assert made.exit_code == 0
        assert ada.get("/api/admin/reports").status_code == 200
        assert admin(srv, "remove-operator", name_of(ada)).exit_code == 0
        assert ada.get("/api/admin/reports").status_code == 403


def test_a_ban_ends_every_session_closes_open_pages_and_is_logged(srv: Server) -> None:
    boss = operator(srv)
    with closing(person(srv)) as bob, closing(person(srv)) as ada:
        bob_name = name_of(bob)
        table, tokens = playing(srv, ada, bob)
        laptop = person(srv, bob_name)
        copy = httpx.Client(
            base_url=srv.http, cookies={SESSION_COOKIE: laptop.cookies[SESSION_COOKIE]}
        )

        async def banned() -> tuple[dict[str, Any], int | None, httpx.Response]:
            async with Socket(srv, table, bob) as page, Socket(srv, table, ada) as other:
                await page.hello(tokens[1])
                await other.hello(tokens[0])
                done = boss.post(f"/api/admin/players/{bob_name}/ban", json={"reason": "abuse"})
                told = await page.until("error")
                with pytest.raises(websockets.ConnectionClosed):
                    await asyncio.wait_for(page.ws.recv(), 10)
                await other.ws.send(json.dumps({"type": "ping"}))
                await other.until("pong")  # the others' pages stay
                return told, page.ws.close_code, done

        told, code, done = asyncio.run(banned())
        assert done.status_code == 200 and done.json() == {"banned": bob_name, "sessions": 2}
        assert told["code"] == "signed-out" and code == 4401
        for client in (bob, laptop, copy):
            assert client.get("/api/me").json() == {"account": None}
        again = bob.post("/api/login", json={"name": bob_name, "password": PASSWORD})
        assert again.status_code == 403 and again.json() == {"error": "this account is banned"}
        twice = boss.post(f"/api/admin/players/{bob_name}/ban", json={"reason": "x"})
        assert twice.status_code == 409
        assert boss.post(f"/api/admin/players/{bob_name}/unban").status_code == 200
        assert (
            bob.post("/api/login", json={"name": bob_name, "password": PASSWORD}).status_code == 200
        )
        log = boss.get("/api/admin/audit").json()["audit"]
        acts = [(a["act"], a["target"], a["operator"]) for a in log if a["target"] == bob_name]
        assert acts == [("unban", bob_name, name_of(boss)), ("ban", bob_name, name_of(boss))]
        assert log[[a["act"] for a in log].index("ban")]["detail"] == "abuse"
        laptop.close()
        copy.close()


def test_signing_out_everywhere_closes_the_open_pages_too(srv: Server) -> None:
    with closing(person(srv)) as ada, closing(person(srv)) as bob:
        table, tokens = playing(srv, ada, bob)

        async def signed_out() -> tuple[dict[str, Any], int | None]:
            async with Socket(srv, table, ada) as page:
                await page.hello(tokens[0])
                ada.post("/api/logout-everywhere")
                told = await page.until("error")
                with pytest.raises(websockets.ConnectionClosed):
                    await asyncio.wait_for(page.ws.recv(), 10)
                return told, page.ws.close_code

        told, code = asyncio.run(signed_out())
        assert told["code"] == "signed-out" and code == 4401


def test_an_operator_mutes_a_player_for_everyone(srv: Server) -> None:
    boss = operator(srv)
    with closing(person(srv)) as ada, closing(person(srv)) as bob:
        table, tokens = playing(srv, ada, bob)
        bob_name = name_of(bob)

        async def talk(text: str) -> dict[str, Any]:
            """What bob is answered: his chat line, or an error."""
            async with Socket(srv, table, bob) as b:
                await b.hello(tokens[1])
                await b.say(text)
                while True:
                    message = json.loads(await asyncio.wait_for(b.ws.recv(), 10))
                    if message["type"] in ("chat", "error"):
                        return message

        muted = boss.post(f"/api/admin/players/{bob_name}/mute", json={"reason": "spam"})
        assert muted.status_code == 200
        refused = asyncio.run(talk("still here"))
        assert (
            refused["type"] == "error" and refused["message"] == "an operator has muted your chat"
        )
        assert boss.post(f"/api/admin/players/{bob_name}/unmute").status_code == 200
        assert asyncio.run(talk("back"))["text"] == "back"
        acts = [
            a["act"]
            for a in boss.get("/api/admin/audit").json()["audit"]
            if a["target"] == bob_name
        ]
        assert acts == ["unmute", "mute"]


def test_an_operator_ends_a_table(srv: Server) -> None:
    boss = operator(srv)
    with closing(person(srv)) as ada, closing(person(srv)) as bob:
        table, tokens = playing(srv, ada, bob)

        async def ended() -> tuple[dict[str, Any], httpx.Response]:
            async with Socket(srv, table, ada) as page:
                await page.hello(tokens[0])
                done = boss.post(f"/api/admin/tables/{table}/end", json={"reason": "abuse"})
                return await page.until("error"), done

        told, done = asyncio.run(ended())
        assert done.status_code == 200 and done.json() == {"ended": table, "what": "game"}
        assert told["code"] == "ended" and "abuse" in told["message"]
        shown = ada.get(f"/api/tables/{table}").json()["table"]
        assert shown["status"] == "over"
        assert table not in {t["id"] for t in boss.get("/api/admin/tables").json()["tables"]}
        assert ada.get(f"/api/tables/{table}/record").status_code == 409
        again = boss.post(f"/api/admin/tables/{table}/end", json={"reason": "x"})
        assert again.status_code == 409
        unknown = boss.post("/api/admin/tables/nosuchtable/end", json={"reason": "x"})
        assert unknown.status_code == 404
        log = boss.get("/api/admin/audit").json()["audit"]
        assert (log[0]["act"], log[0]["target"], log[0]["detail"]) == (
            "end-table",
            table,
            "game: abuse",
        )

"""Moderation in a cluster: what happens to an account reaches its pages in every process."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from contextlib import closing
from typing import Any

import pytest
import websockets
from typer.testing import CliRunner

from hiddenhand.cli import app
from tests.server.cluster import ClusterServer
from tests.server.conftest import ROOMY, postgres_schema
from tests.server.moderating import Socket, name_of, person, playing

pytestmark = pytest.mark.postgres
LIMITS = {**ROOMY, "login_burst": 1000, "session_check_seconds": 3600}
"""Pages are told over the bus, not by each process's periodic look at their sessions."""


@pytest.fixture
def pair() -> Iterator[tuple[ClusterServer, ClusterServer]]:
    with postgres_schema() as url:
        a = ClusterServer(url, limits=LIMITS).start()
        b = ClusterServer(url, limits=LIMITS).start()
        yield a, b
        a.stop()
        b.stop()


def test_a_mute_and_a_ban_on_one_process_reach_pages_on_another(
    pair: tuple[ClusterServer, ClusterServer],
) -> None:
    a, b = pair
    with closing(person(a)) as boss, closing(person(a)) as ada, closing(person(a)) as bob:
        made = CliRunner().invoke(app, ["admin", "make-operator", name_of(boss), "--db", a.db])
        assert made.exit_code == 0, made.output
        table, tokens = playing(a, ada, bob)
        bob_name = name_of(bob)

        async def on_b() -> tuple[list[str], dict[str, Any], int | None]:
            async with Socket(b, table, ada) as ada_page, Socket(b, table, bob) as bob_page:
                await ada_page.hello(tokens[0])
                await bob_page.hello(tokens[1])
                # the table is played on a (made there): the news of the mute leaves a on the
                # bus before the chat line a relays back to b, so b hears it first
                assert ada.post(f"/api/players/{bob_name}/mute").status_code == 200
                await bob_page.say("hidden from ada")
                await ada_page.say("ada speaks")
                seen = await ada_page.chat_lines()
                banned = boss.post(f"/api/admin/players/{bob_name}/ban", json={"reason": "x"})
                assert banned.status_code == 200, banned.text
                told = await bob_page.until("error")
                with pytest.raises(websockets.ConnectionClosed):
                    await asyncio.wait_for(bob_page.ws.recv(), 10)
                return seen, told, bob_page.ws.close_code

        seen, told, code = asyncio.run(on_b())
        assert seen == ["ada speaks"]
        assert told["code"] == "signed-out" and code == 4401

"""The bus between processes, on the real Redis: frames sent close together travel as one
publish, in order, and each message is read without redis-py's per-message log formatting."""

from __future__ import annotations

import asyncio
import secrets
from collections.abc import Awaitable, Callable
from typing import Any

import pytest
from redis._parsers import hiredis
from redis.utils import HIREDIS_AVAILABLE

from hiddenhand.server import bus as bus_module
from hiddenhand.server.bus import Bus, Frame, Out
from tests.server.cluster import REDIS


async def exchange(send: Callable[[Bus], Awaitable[None]], count: int) -> list[Frame]:
    """Start two buses of a cluster of their own, let `send` post from one to the other, and
    return the `count` frames that arrive."""
    prefix = f"hh-test-{secrets.token_hex(4)}:"  # clusters may share one Redis
    received: list[Frame] = []
    here = Bus(REDIS, prefix, "here", received.append, lambda process, frames: None)
    there = Bus(REDIS, prefix, "there", lambda frame: None, lambda process, frames: None)
    await here.start()
    await there.start()
    await send(there)
    while len(received) < count:
        await asyncio.sleep(0.01)
    await here.close()
    await there.close()
    return received


def test_frames_sent_within_the_gathering_time_travel_as_one_publish_in_order(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(bus_module, "GATHER_SECONDS", 0.2)  # ample, on a busy machine too

    messages = 0
    decode = bus_module._decode

    def counted(data: bytes) -> list[Frame]:
        nonlocal messages
        messages += 1
        return decode(data)

    monkeypatch.setattr(bus_module, "_decode", counted)

    async def send(there: Bus) -> None:
        for conn in range(20):
            there.post("here", Out(conn, f"update {conn}"))
            await asyncio.sleep(0)  # later turns of the event loop

    received = asyncio.run(asyncio.wait_for(exchange(send, 20), 10))
    assert received == [Out(conn, f"update {conn}") for conn in range(20)]
    assert messages == 1, "the twenty frames should have travelled as one publish"


def test_a_subscriber_s_messages_skip_redis_py_s_debug_formatting(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    assert HIREDIS_AVAILABLE, "the project reads Redis through hiredis (redis[hiredis])"
    formatted = 0

    async def default_handler(self: Any, response: Any) -> Any:
        nonlocal formatted
        formatted += 1
        return response

    parser = hiredis._AsyncHiredisParser
    monkeypatch.setattr(parser, "handle_pubsub_push_response", default_handler)

    async def send(there: Bus) -> None:
        for conn in range(5):
            there.post("here", Out(conn, "x" * 1000))
            await there.flush()  # one publish each

    received = asyncio.run(asyncio.wait_for(exchange(send, 5), 10))
    assert [frame.conn for frame in received if isinstance(frame, Out)] == list(range(5))
    assert formatted == 0

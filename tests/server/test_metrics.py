"""`/metrics`: a short game moves the counters it should, refusals are counted by reason, and
only this machine (or the operator's token) may read them."""

from __future__ import annotations

import asyncio
from pathlib import Path

import httpx
from prometheus_client.parser import text_string_to_metric_families

from tests.server.conftest import Client, Server
from tests.server.play import fetch_record, play_seat
from tests.server.test_health import ServerWith

TOKEN = "operator-secret-0123456789"


class Scrape:
    """One answer of `/metrics`, read back by Prometheus's own parser."""

    def __init__(self, text: str) -> None:
        self.samples = [s for f in text_string_to_metric_families(text) for s in f.samples]

    def __call__(self, name: str, **labels: str) -> float:
        """The sum of the samples of that name whose labels include these."""
        return sum(
            s.value
            for s in self.samples
            if s.name == name and all(s.labels.get(k) == v for k, v in labels.items())
        )


def scrape(server: Server) -> Scrape:
    answer = httpx.get(server.http + "/metrics", timeout=10)
    assert answer.status_code == 200, answer.text
    assert answer.headers["content-type"].startswith("text/plain")
    return Scrape(answer.text)


def test_a_game_moves_the_metrics(tmp_path: Path) -> None:
    server = ServerWith(f"sqlite:///{tmp_path / 'm.sqlite3'}").start()
    try:
        before = scrape(server)
        assert before("hiddenhand_tables", status="playing") == 0
        assert before("hiddenhand_tables", status="over") == 0
        table, tokens = server.create("highcard", 2, [None, None], options={"turns": 6})

        async def play() -> None:
            async with Client(server.ws(table)) as a, Client(server.ws(table)) as b:
                await a.send("{not json")
                await a.until("error", code="malformed")
                await asyncio.gather(play_seat(a, tokens[0], 1), play_seat(b, tokens[1], 2))

        asyncio.run(play())
        assert httpx.get(server.http + "/nowhere", timeout=10).status_code == 404
        record = fetch_record(server.http, table)
        after = scrape(server)

        def moved(name: str, **labels: str) -> float:
            return after(name, **labels) - before(name, **labels)

        assert moved("hiddenhand_actions_total", game="highcard") == len(record.actions)
        acknowledged = moved("hiddenhand_action_ack_seconds_count")
        assert 1 <= acknowledged <= len(record.actions)  # the people's own actions
        assert moved("hiddenhand_action_ack_seconds_bucket", le="+Inf") == acknowledged
        assert moved("hiddenhand_games_finished_total", game="highcard") == 1
        assert after("hiddenhand_tables", status="over") == 1
        assert moved("hiddenhand_store_write_seconds_count") >= 1
        assert moved("hiddenhand_refused_total", channel="websocket", reason="malformed") == 1
        assert moved("hiddenhand_refused_total", channel="http", reason="404") == 1
        assert after("process_resident_memory_bytes") > 0
    finally:
        server.stop()


def test_metrics_from_elsewhere_need_the_operators_token(tmp_path: Path) -> None:
    server = ServerWith(
        f"sqlite:///{tmp_path / 't.sqlite3'}",
        "--trust-proxy",
        "127.0.0.1",
        "--metrics-token",
        TOKEN,
    ).start()
    try:
        with httpx.Client(base_url=server.http, timeout=10) as http:
            assert http.get("/metrics").status_code == 200  # this machine
            elsewhere = {"X-Forwarded-For": "203.0.113.9"}
            refused = http.get("/metrics", headers=elsewhere)
            assert refused.status_code == 403 and "hiddenhand_" not in refused.text
            wrong = {**elsewhere, "Authorization": f"Bearer {TOKEN[:-1]}x"}
            assert http.get("/metrics", headers=wrong).status_code == 403
            right = {**elsewhere, "Authorization": f"Bearer {TOKEN}"}
            allowed = http.get("/metrics", headers=right)
            assert allowed.status_code == 200 and "hiddenhand_actions_total" in allowed.text
            # forwarded for this very machine is still forwarded: a proxy carries anyone
            local = {"X-Forwarded-For": "127.0.0.1"}
            assert http.get("/metrics", headers=local).status_code == 403
    finally:
        server.stop()


def test_without_a_token_only_this_machine_reads_metrics(tmp_path: Path) -> None:
    server = ServerWith(f"sqlite:///{tmp_path / 'n.sqlite3'}", "--trust-proxy", "127.0.0.1")
    server.start()
    try:
        elsewhere = {"X-Forwarded-For": "203.0.113.9", "Authorization": "Bearer guess"}
        answer = httpx.get(server.http + "/metrics", headers=elsewhere, timeout=10)
        assert answer.status_code == 403
    finally:
        server.stop()

"""Moderation in Chromium: a player reports another from the table and blocks him from her
profile, so he cannot sit at her next table; an operator sees the report with its chat on the
operators' page and bans him, and his open table page loses its session at once."""

from __future__ import annotations

import uuid
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page
from typer.testing import CliRunner

from hiddenhand.cli import app
from tests.server.conftest import ROOMY, Server
from tests.server.test_accounts_browser import sign_up_in_the_lobby
from tests.server.test_browser import SHOTS, browser  # noqa: F401  (the Chromium fixture)

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def srv(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    db = tmp_path_factory.mktemp("moderation-browser") / "moderation.sqlite3"
    limits = {**ROOMY, "login_burst": 1000, "session_check_seconds": 3600}
    server = Server(f"sqlite:///{db}", limits=limits).start()
    yield server
    server.stop()


def test_a_report_from_the_table_a_block_and_a_ban_that_signs_the_page_out(
    srv: Server,
    browser: Browser,  # noqa: F811
) -> None:
    errors: list[str] = []
    names = [f"{who}{uuid.uuid4().hex[:6]}" for who in ("ann", "bob", "op")]
    pages: list[Page] = []
    for name in names:
        page = browser.new_context().new_page()
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        sign_up_in_the_lobby(page, srv, name)
        pages.append(page)
    ann, bob, boss = pages
    made = CliRunner().invoke(app, ["admin", "make-operator", names[2], "--db", srv.db])
    assert made.exit_code == 0, made.output

    table = ann.request.post(
        srv.http + "/api/tables", data={"game": "highcard", "players": 2, "name": "Ann"}
    ).json()
    joined = bob.request.post(srv.http + f"/api/tables/{table['id']}/join", data={"name": "B"})
    assert joined.ok, joined.text()
    started = ann.request.post(
        srv.http + f"/api/tables/{table['id']}/start", data={"token": table["you"]["token"]}
    )
    assert started.ok, started.text()

    bob.goto(f"{srv.http}/t/{table['id']}")
    bob.wait_for_selector(".player.mine")
    bob.fill("#chat-input", "you are all fools")
    bob.press("#chat-input", "Enter")
    ann.goto(f"{srv.http}/t/{table['id']}")
    ann.wait_for_selector("#chat li:has-text('you are all fools')")
    ann.once("dialog", lambda dialog: dialog.accept("insults in chat"))
    ann.click(".player[data-seat='1'] [data-report]")
    ann.wait_for_selector("#toast:has-text('the operators have your report')")

    ann.goto(f"{srv.http}/profile/{names[1]}")
    ann.click("#toggle-block:has-text('Block')")
    ann.wait_for_selector("#toggle-block:has-text('Unblock')")
    again = ann.request.post(
        srv.http + "/api/tables", data={"game": "highcard", "players": 2, "name": "Ann"}
    ).json()["id"]
    refused = bob.context.new_page()
    refused.goto(f"{srv.http}/t/{again}")
    refused.click(".waiting-seats button:has-text('Sit here')")
    refused.wait_for_selector("#toast:has-text('blocked one another')")
    assert refused.locator(".waiting-seats li").nth(1).inner_text().startswith("free seat")
    refused.close()

    boss.goto(f"{srv.http}/admin")
    report = boss.locator("tr.report-row", has_text=names[1])
    report.wait_for()
    assert "insults in chat" in report.inner_text()
    report.locator("details summary").click()
    assert "you are all fools" in report.locator("details").inner_text()
    assert report.locator(f"a[href='/t/{table['id']}']").count() == 1
    report.locator("button.ban").click()
    boss.wait_for_selector("#act-note:has-text('Banned')")

    bob.wait_for_selector("#banner[data-code='signed-out']", timeout=10_000)
    assert "signed out" in bob.locator("#banner").inner_text()
    assert bob.request.get(srv.http + "/api/me").json() == {"account": None}
    boss.reload()
    boss.wait_for_selector("tr.audit-row:has-text('ban')")
    SHOTS.mkdir(exist_ok=True)
    (SHOTS / "operators.png").write_bytes(boss.screenshot(full_page=True))
    assert errors == []

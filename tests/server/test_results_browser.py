"""Results and labels that tell the truth, in Chromium with two accounts.

Bob sits down signed in with no name typed and is shown as his account everywhere (the table,
the log, the replay, the rematch). He leaves a rated NOIR game: whatever the bot playing his
seat on does, his page says he left and it counts as a loss (never "You win"), and his rating
falls. In the rematch Ann's time runs out, the log and her seat say a bot chose for her, and
the moment Bob hands her seat to a bot the header says the game is unrated."""

from __future__ import annotations

import asyncio
import uuid
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor

import pytest
from playwright.sync_api import Browser

from tests.server.conftest import ROOMY, Server
from tests.server.test_accounts_browser import play_out, sign_up_in_the_lobby
from tests.server.test_browser import browser  # noqa: F401  (the Chromium fixture)

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def srv(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    db = tmp_path_factory.mktemp("results-browser") / "results.sqlite3"
    server = Server(f"sqlite:///{db}", limits={**ROOMY, "login_burst": 1000}).start()
    yield server
    server.stop()


def test_a_leaver_loses_and_every_label_tells_the_truth(
    srv: Server,
    browser: Browser,  # noqa: F811
) -> None:
    errors: list[str] = []
    pages = []
    names = [f"ann{uuid.uuid4().hex[:6]}", f"bob{uuid.uuid4().hex[:6]}"]
    for name in names:
        page = browser.new_context().new_page()
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        sign_up_in_the_lobby(page, srv, name)
        pages.append(page)
    ann, bob = pages
    ann_name, bob_name = names
    # A clock of 1 s: Ann's bank runs out when she is away, and a bot chooses for her.
    made = ann.request.post(
        srv.http + "/api/tables", data={"game": "noir", "players": 2, "clock": 1, "name": "A"}
    ).json()
    table = made["id"]

    bob.evaluate("localStorage.clear()")  # no name remembered from the lobby
    bob.goto(f"{srv.http}/t/{table}")
    bob.wait_for_selector("#sit-as")
    assert bob_name in bob.locator("#sit-as").inner_text()
    bob.click("button:has-text('Sit here')")
    bob.wait_for_selector(".badge.you")
    seat_names = bob.evaluate("window.hiddenhand.table.seats.map((s) => s.name)")
    assert seat_names == [ann_name, bob_name]
    assert bob.locator("#rated-badge").inner_text().lower() == "rated"
    assert "+1 s a move" in bob.locator("#clock-rule").inner_text()

    ann_token = made["you"]["token"]
    started = ann.request.post(srv.http + f"/api/tables/{table}/start", data={"token": ann_token})
    assert started.ok, started.text()
    bob.wait_for_selector(".player.mine")
    assert bob.locator(".player.mine .player-name").inner_text() == bob_name
    bob.once("dialog", lambda dialog: dialog.accept())
    bob.click("#leave-game")
    bob.wait_for_selector(f"#log li.note:has-text('{bob_name} left')")
    assert bob.locator("#rated-badge").inner_text().lower() == "rated"  # leaving keeps it rated
    with ThreadPoolExecutor(1) as worker:  # Playwright's own loop runs in this thread
        worker.submit(lambda: asyncio.run(play_out(srv, table, {0: ann_token}))).result(300)

    banner = bob.locator(".banner.over")
    banner.wait_for(timeout=30_000)
    text = banner.inner_text()
    assert "You left: counted as a loss" in text and "You win" not in text, text
    assert bob.locator(".player.mine .badge.win").count() == 0
    assert bob.locator(".player.mine .badge.bot").count() == 1  # "left: a bot plays"
    if bob.evaluate("window.hiddenhand.state.outcome.winners").count(1):  # the bot won
        assert f"{bob_name} (left: counted as a loss)" in text

    bob.goto(f"{srv.http}/profile/{bob_name}")
    row = bob.locator(f"tr.game-row[data-table='{table}']")
    row.wait_for()
    assert row.locator("td.result").inner_text() == "left (counted as a loss)"
    change = row.locator("td").nth(3).inner_text()
    assert change.startswith("-") and int(change) < 0, change
    rating = bob.locator(".rating[data-game='noir']")
    assert int(rating.locator(".rating-value").inner_text()) < 1500
    assert rating.locator(".provisional").count() == 1

    bob.goto(f"{srv.http}/replay/{table}")
    bob.wait_for_selector("#seat option", state="attached")
    assert bob.locator("#seat option").all_inner_texts()[1:] == [ann_name, bob_name]

    bob.goto(f"{srv.http}/t/{table}")
    bob.click("#rematch")
    bob.wait_for_url(lambda url: table not in url)
    again = bob.url.rsplit("/", 1)[1]
    ann_again = ann.request.post(
        srv.http + f"/api/tables/{table}/rematch", data={"token": ann_token}
    ).json()
    assert ann_again["id"] == again
    bob.wait_for_selector(".waiting-seats .badge.you")
    assert bob.evaluate("window.hiddenhand.table.seats.map((s) => s.name)") == names
    ann.request.post(
        srv.http + f"/api/tables/{again}/start", data={"token": ann_again["you"]["token"]}
    )
    # Ann is not there: her bank runs out, a bot chooses for her, the log and her seat say so.
    bob.wait_for_selector(f"#log li.note:has-text('Time ran out for {ann_name}')", timeout=30_000)
    hand = bob.locator("[data-hand-over='0']")
    hand.wait_for(timeout=30_000)
    assert bob.locator("#rated-badge").inner_text().lower() == "rated"
    hand.click()
    bob.wait_for_function(
        "document.getElementById('rated-badge').textContent === 'unrated'", timeout=5_000
    )
    assert bob.locator("#rated-reason").inner_text() == "a bot took over a seat"
    bob.wait_for_selector(".player[data-seat='0'] .badge.bot")
    assert errors == []

"""Two people with accounts in Chromium: they sign up in the lobby, one takes up his seat again
from a second browser, they play a rated NOIR game, and each one's profile shows the game,
their rating and a link to its replay."""

from __future__ import annotations

import asyncio
import uuid
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor

import pytest
from playwright.sync_api import Browser, Page

from tests.server.conftest import ROOMY, Client, Server
from tests.server.play import play_seat
from tests.server.test_browser import SHOTS, browser  # noqa: F401  (the Chromium fixture)

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def srv(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    db = tmp_path_factory.mktemp("accounts-browser") / "accounts.sqlite3"
    server = Server(f"sqlite:///{db}", limits={**ROOMY, "login_burst": 1000}).start()
    yield server
    server.stop()


def sign_up_in_the_lobby(page: Page, server: Server, name: str) -> None:
    page.goto(server.http + "/")
    page.fill("#account-name", name)
    page.fill("#account-password", "a long enough password")
    page.click("#sign-up")
    page.wait_for_selector(f".account-box .account-name:has-text('{name}')")
    assert page.input_value("#my-name") == name


async def play_out(server: Server, table: str, tokens: dict[int, str]) -> None:
    async def one(seat: int, token: str) -> None:
        async with Client(server.ws(table)) as client:
            await play_seat(client, token, seed=seat)

    await asyncio.gather(*(one(s, t) for s, t in tokens.items()))


def test_two_people_with_accounts_play_a_rated_game_and_see_it_on_their_profiles(
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
    made = ann.request.post(
        srv.http + "/api/tables", data={"game": "noir", "players": 2, "clock": 0, "name": "Ann"}
    ).json()
    table = made["id"]
    joined = bob.request.post(srv.http + f"/api/tables/{table}/join", data={"name": "Bob"}).json()
    tokens = {
        made["you"]["seat"]: made["you"]["token"],
        joined["you"]["seat"]: joined["you"]["token"],
    }
    assert joined["table"]["unrated"] is None

    bob.check("#filter-mine")
    bob.wait_for_selector(f"#table-list a[href='/t/{table}']")
    assert bob.locator("#table-list .unrated-note").count() == 0

    ann.goto(f"{srv.http}/t/{table}")
    ann.wait_for_selector("#rated-badge")
    assert ann.locator("#rated-badge").inner_text().lower() == "rated"

    started = ann.request.post(srv.http + f"/api/tables/{table}/start", data={"token": tokens[0]})
    assert started.ok, started.text()
    phone = browser.new_context().new_page()  # Bob again, from a second browser
    phone.goto(srv.http + "/")
    phone.fill("#account-name", names[1])
    phone.fill("#account-password", "a long enough password")
    phone.click("#sign-in")
    phone.wait_for_selector(f".account-box .account-name:has-text('{names[1]}')")
    phone.goto(f"{srv.http}/t/{table}")
    phone.wait_for_selector(".player.mine")
    assert phone.locator(".player.mine .player-name").inner_text() == names[1]  # his account
    phone.context.close()

    with ThreadPoolExecutor(1) as worker:  # Playwright's own loop runs in this thread
        worker.submit(lambda: asyncio.run(play_out(srv, table, tokens))).result(timeout=300)

    for page, name in zip(pages, names, strict=True):
        page.goto(f"{srv.http}/profile/{name}")
        row = page.locator(f"tr.game-row[data-table='{table}']")
        row.wait_for()
        assert row.locator("td.result").inner_text() in ("won", "lost", "drew")
        assert row.locator("td").nth(1).inner_text() in ("killer", "inspector")
        assert row.locator("a.replay-link").get_attribute("href") == f"/replay/{table}"
        assert page.locator(".rating[data-game='noir'] .rating-value").count() == 1
        assert page.locator(".rating[data-game='noir'] svg.rating-plot circle").count() == 1
    SHOTS.mkdir(exist_ok=True)
    (SHOTS / "profile.png").write_bytes(bob.screenshot(full_page=True))
    bob.click(f"tr.game-row[data-table='{table}'] a.replay-link")
    bob.wait_for_url(f"**/replay/{table}")
    bob.wait_for_selector("#step")
    with_bot = ann.request.post(
        srv.http + "/api/tables", data={"game": "noir", "players": 2, "bots": [None, "random"]}
    ).json()["id"]
    ann.goto(f"{srv.http}/t/{with_bot}")
    ann.wait_for_selector("#rated-badge")
    assert ann.locator("#rated-badge").inner_text().lower() == "unrated"
    assert ann.locator("#rated-badge").get_attribute("title") == "a bot is seated"
    ann.goto(f"{srv.http}/leaderboard/noir")
    ann.wait_for_selector("#players tr")
    listed = ann.locator("#players tr td:nth-child(2)").all_inner_texts()
    assert sorted(listed) == sorted(names)
    assert errors == []


def test_the_profile_page_lists_sessions_and_signs_out_everywhere(
    srv: Server,
    browser: Browser,  # noqa: F811
) -> None:
    errors: list[str] = []
    name = f"cy{uuid.uuid4().hex[:6]}"
    page = browser.new_context().new_page()
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    sign_up_in_the_lobby(page, srv, name)
    elsewhere = browser.new_context().new_page()
    signed = elsewhere.request.post(
        srv.http + "/api/login", data={"name": name, "password": "a long enough password"}
    )
    assert signed.ok, signed.text()
    page.goto(f"{srv.http}/profile/{name}")
    page.wait_for_selector("#sessions-panel .session-row.current")
    assert page.locator("#sessions .session-row").count() == 2
    assert "Chrome" in page.locator(".session-row.current").inner_text()
    page.click("#sign-out-everywhere")
    page.wait_for_selector("#sessions-note:has-text('Signed out of 2 sessions')")
    page.wait_for_selector("#account-box #sign-in")
    assert elsewhere.request.get(srv.http + "/api/me").json() == {"account": None}
    page.goto(f"{srv.http}/profile/{name}")  # signed out: nobody's sessions are shown
    page.wait_for_selector("#player-name:has-text('" + name + "')")
    assert page.locator("#sessions-panel").is_hidden()
    assert errors == []

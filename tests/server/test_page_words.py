"""Words on the pages that tell the truth: the lobby offers Play for your own running game and
says what a table never started waits for; Good Cop's star and NOIR's words on suspects are
explained; a game's end reads as sentences; no badge says the same thing twice."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser

from tests.server.conftest import Server
from tests.server.test_browser import browser  # noqa: F401  (the Chromium fixture)
from tests.server.test_table_page import create

pytestmark = pytest.mark.browser


def test_the_lobby_says_play_for_your_game_and_what_an_open_table_waits_for(
    server: Server,
    browser: Browser,  # noqa: F811
) -> None:
    page = browser.new_context(viewport={"width": 1280, "height": 800}).new_page()
    create(page, server, "goodcop", {})  # Robin and bots: it is playing
    mine = page.url.rsplit("/", 1)[1]
    status, waiting = server.post(
        "/api/tables", {"game": "highcard", "players": 3, "bots": [None, None, "random"]}
    )
    assert status == 200
    page.goto(server.http + "/")
    page.check("#filter-mine")
    row = page.locator(f"#table-list tr[data-table='{mine}']")
    row.wait_for()
    assert row.locator("a.button").inner_text() == "Play"
    page.uncheck("#filter-mine")
    row = page.locator(f"#table-list tr[data-table='{mine}']")
    row.wait_for()
    assert row.locator("a.button").inner_text() == "Play"  # this browser holds the seat
    other = page.locator(f"#table-list tr[data-table='{waiting['id']}']")
    other.wait_for()
    assert (
        other.locator(".table-status").inner_text().startswith("waiting for players: 2 open seats")
    )
    assert other.locator("a.button").inner_text() == "Join"
    statuses = page.locator("#table-list .table-status").all_inner_texts()
    assert not any("waiting for 0" in s for s in statuses), statuses
    page.context.close()


def test_good_cop_explains_its_star_and_noir_its_words(
    server: Server,
    browser: Browser,  # noqa: F811
) -> None:
    page = browser.new_context(viewport={"width": 1280, "height": 800}).new_page()
    create(page, server, "goodcop", {"zombies": "dice"})
    page.wait_for_selector("#board .turn-star")
    assert "turn" in (page.locator("#board .turn-star").get_attribute("title") or "")
    assert "★" in page.locator("#board .legend").inner_text()
    for head in page.locator("#board .seat-head").all():
        badges = [b.lower() for b in head.locator(".badge").all_inner_texts()]
        assert len(badges) == len(set(badges)), f"a badge said twice: {badges}"
    create(page, server, "noir", {})
    page.wait_for_selector("#board .grid-cell")
    for word in page.locator("#board .cell-act").all():
        assert word.inner_text().strip() != "be"
        assert word.get_attribute("title"), "a word on a suspect says what it means"
    page.context.close()

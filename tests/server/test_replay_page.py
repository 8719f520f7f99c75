"""The replay page in Chromium: a finished game stepped through from a seat's point of view
and the spectator's, at desktop and phone size, with no console errors."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser

from tests.server.conftest import Server
from tests.server.play import fetch_record
from tests.server.test_browser import SHOTS, browser  # noqa: F401  (the Chromium fixture)
from tests.server.test_replay import finished_table, played_to, replay, wire
from tests.server.test_table_page import SIZES, no_horizontal_scroll

pytestmark = pytest.mark.browser


@pytest.mark.parametrize("size", sorted(SIZES))
@pytest.mark.parametrize("game_id", ["noir", "infected"])
def test_a_finished_game_is_stepped_through_as_each_seat_saw_it(
    browser: Browser,  # noqa: F811
    server: Server,
    size: str,
    game_id: str,
) -> None:
    players = 2
    table = finished_table(server, game_id, players)
    steps = replay(server, table).json()["steps"]
    width, height = SIZES[size]
    context = browser.new_context(viewport={"width": width, "height": height})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.goto(f"{server.http}/replay/{table}")
    page.wait_for_function("window.hiddenhand.shown && window.hiddenhand.shown.step === 0")
    assert "the deal" in page.inner_text("#where")
    spectator = page.evaluate("window.hiddenhand.shown.view")
    assert spectator == replay(server, table, seat="spectator", step=0).json()["view"]
    page.select_option("#seat", "0")
    page.wait_for_function("window.hiddenhand.shown.seat === 0")
    assert (
        page.evaluate("window.hiddenhand.shown.view")
        == replay(server, table, seat=0, step=0).json()["view"]
    )
    page.click("#next")
    page.wait_for_function("window.hiddenhand.shown.step === 1")
    assert f"step 1 of {steps}" in page.inner_text("#where")
    after_one, _ = played_to(fetch_record(server.http, table), 1)  # exactly one action played
    assert page.evaluate("window.hiddenhand.shown.view") == wire(after_one.view(0))
    page.click("#last")
    page.wait_for_function(f"window.hiddenhand.shown.step === {steps}")
    # The final board draws every suspect of NOIR's grid and every survivor of The Infected
    # (a hand, the threat and the equipment may all be empty when a game ends).
    final = page.evaluate("window.hiddenhand.shown.view")
    if game_id == "noir":
        assert page.locator("#board .grid-cell").count() == sum(map(len, final["grid"]))
    else:
        assert page.locator("#board .seat").count() == len(final["players"]) == players
    assert page.locator("#log li").count() > 0
    no_horizontal_scroll(page)
    page.screenshot(path=str(SHOTS / f"replay-{game_id}-{size}.png"), full_page=True)
    page.keyboard.press("ArrowLeft")
    page.wait_for_function(f"window.hiddenhand.shown.step === {steps - 1}")
    context.close()
    assert errors == []

"""The replay shows what a bot thought: its best moves and its beliefs at its decision, at
desktop and phone size, readable (axe) and within the page's width."""

from __future__ import annotations

import math
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page

from tests.server.conftest import Server
from tests.server.play import fetch_record
from tests.server.test_browser import SHOTS, browser  # noqa: F401  (the Chromium fixture)
from tests.server.test_one_screen import AXE, SIZES, axe_problems
from tests.server.test_table_page import no_horizontal_scroll
from tests.server.test_thoughts import finished_bots_table, paced, thoughts  # noqa: F401

pytestmark = pytest.mark.browser


def percent(x: float) -> str:
    """A share as the page writes it: JavaScript's Math.round takes a half up (51% for 0.505),
    where Python's round takes it to the even neighbour (50%)."""
    return f"{math.floor(x * 100 + 0.5)}%"


@pytest.fixture
def page(browser: Browser, request: pytest.FixtureRequest) -> Iterator[Page]:  # noqa: F811
    assert AXE.exists(), "axe-core is missing: `make axe` installs it from the npm registry"
    width, height = SIZES[request.param]
    context = browser.new_context(viewport={"width": width, "height": height})
    context.add_init_script(path=str(AXE))
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    yield page
    context.close()
    assert errors == []


@pytest.mark.parametrize("page", sorted(SIZES), indirect=True)
@pytest.mark.parametrize(("game", "players"), [("goodcop", 4), ("noir", 2)])
def test_a_replay_shows_a_bots_top_moves_and_beliefs(
    page: Page, server: Server, game: str, players: int
) -> None:
    table = finished_bots_table(server, game, players)
    record = fetch_record(server.http, table)
    # the first step whose decider has a belief to show (NOIR's Killer has none at first)
    step = next(
        s for s in range(len(record.actions)) if thoughts(server, table, s).json()["beliefs"]
    )
    expected = thoughts(server, table, step).json()
    page.goto(f"{server.http}/replay/{table}")
    page.wait_for_function("window.hiddenhand.shown && window.hiddenhand.shown.step === 0")
    page.fill("#step", str(step))
    page.dispatch_event("#step", "input")
    page.wait_for_function(
        f"window.hiddenhand.thoughts && window.hiddenhand.thoughts.step === {step}"
    )
    panel = page.locator("#thoughts")
    assert panel.is_visible()
    name = record.players[record.actions[step][0]]
    assert page.text_content("#thoughts-title") == f"What {name} thought"
    moves = panel.locator(".thoughts-moves tbody tr")
    assert moves.count() == len(expected["moves"])
    assert expected["moves"][0]["text"] in moves.nth(0).inner_text()
    assert percent(expected["moves"][0]["value"]) in moves.nth(0).inner_text()
    belief = panel.locator(".thoughts-belief").first
    assert expected["beliefs"][0]["title"] in belief.inner_text()
    assert belief.locator("tbody tr").count() >= 1
    assert axe_problems(page) == []
    no_horizontal_scroll(page)
    size = "phone" if page.viewport_size and page.viewport_size["width"] < 500 else "desktop"
    page.screenshot(path=str(SHOTS / f"thoughts-{game}-{size}.png"), full_page=True)
    # a step nobody decides (the end) shows no thoughts
    page.click("#last")
    page.wait_for_function(f"window.hiddenhand.shown.step === {len(record.actions)}")
    assert not panel.is_visible()


@pytest.mark.parametrize("page", ["phone"], indirect=True)
def test_the_spectators_of_a_table_of_bots_see_what_each_bot_thought(
    page: Page,
    paced: Server,  # noqa: F811
) -> None:
    status, created = paced.post(
        "/api/tables",
        {"game": "goodcop", "players": 4, "bots": ["heuristic"] * 4, "thoughts": True},
    )
    assert status == 200, created
    page.goto(f"{paced.http}/t/{created['id']}")
    page.wait_for_function("window.hiddenhand.thoughts && window.hiddenhand.thoughts.moves")
    # The bots play on while the test reads: the thoughts and the panel are read in one go.
    said, shown = page.evaluate(
        """() => [window.hiddenhand.thoughts, {
            title: document.querySelector("#thoughts-title").textContent,
            moves: document.querySelectorAll("#thoughts .thoughts-moves tbody tr").length,
            beliefs: document.querySelectorAll("#thoughts .thoughts-belief").length,
        }]"""
    )
    assert page.locator("#thoughts").is_visible()
    assert shown["title"] == f"What {said['name']} thought"
    assert shown["moves"] == len(said["moves"])
    assert shown["beliefs"] == len(said["beliefs"])
    assert axe_problems(page) == []
    no_horizontal_scroll(page)

"""A person in Chromium: create a table of each game with bots and play it to the end by
clicking; and two people in two browsers at one table. Saves a screenshot per game."""

from __future__ import annotations

import contextlib
import random
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, sync_playwright

from hiddenhand.engine import games
from tests.server.conftest import ROOT, Server, served_games

pytestmark = pytest.mark.browser

CHROMIUM = "/usr/bin/chromium"
ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
SHOTS = ROOT / "screenshots"


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    with sync_playwright() as pw:
        b = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield b
        b.close()


OFFERED = "#choices button:not([disabled])"
OVER_AND_CHOICES = f"""() => [document.querySelector('.banner.over') !== null,
  document.querySelectorAll('{OFFERED}').length]"""
"""Whether the page shows the game over, and how many choices it offers: one round trip."""


def play_by_clicking(page: Page, rng: random.Random, limit: int = 3000) -> None:
    """Click one of the offered choices until the game is over."""
    for _ in range(limit):
        page.wait_for_selector(
            "#choices button.choice:not([disabled]), .banner.over", timeout=20_000
        )
        over, count = page.evaluate(OVER_AND_CHOICES)
        if over:
            return
        if count:
            try:
                page.locator(OFFERED).nth(rng.randrange(count)).click(timeout=2000)
            except Exception:  # the choices were redrawn under the pointer: look again
                continue
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("game_id", served_games())
def test_a_person_plays_each_game_with_bots_to_the_end(
    server: Server, browser: Browser, game_id: str
) -> None:
    context = browser.new_context(viewport={"width": 1360, "height": 900})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(server.http + "/")
    page.fill("#my-name", "Robin")
    page.click(f"#game-tabs button[data-game='{game_id}']")
    page.click("#create-button")
    page.wait_for_url("**/t/*")  # one person among bots: the game starts as they sit
    page.wait_for_selector(".player")
    assert games()[game_id].title in (page.locator("#rules-body").text_content() or "")
    play_by_clicking(page, random.Random(game_id))
    banner = page.locator(".banner.over").inner_text()
    assert "Game over" in banner or "You win" in banner
    assert page.locator("#log li").count() > 0
    page.wait_for_timeout(300)
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{game_id}.png"), full_page=True)
    assert errors == []
    context.close()


@pytest.mark.parametrize("game_id", served_games())
def test_two_people_in_two_browsers_play_one_table(
    server: Server, browser: Browser, game_id: str
) -> None:
    players = max(2, games()[game_id].min_players)
    ann = browser.new_context().new_page()
    bob = browser.new_context().new_page()
    ann.goto(server.http + "/")
    ann.fill("#my-name", "Ann")
    ann.click(f"#game-tabs button[data-game='{game_id}']")
    ann.select_option("#players", str(players))
    ann.select_option("#seat-list select[data-seat='1']", "")
    ann.click("#create-button")
    ann.wait_for_url("**/t/*")
    invite = ann.locator(".invite-link").input_value()
    assert invite.endswith(ann.url.split("/")[-1])
    bob.goto(invite)
    bob.wait_for_selector("#link-state.up")
    bob.fill("#sit-name", "Bob")
    early = browser.new_context().new_page()
    early.goto(invite)  # its arrival redraws Bob's page while his name is typed
    early.wait_for_selector("#link-state.up")
    bob.wait_for_selector(".waiting-seats")
    assert bob.input_value("#sit-name") == "Bob"
    early.context.close()
    bob.click("text=Sit here")
    ann.wait_for_selector("text=Bob")
    ann.click("#start")
    bob.wait_for_selector(".player")
    bob.wait_for_selector("#link-state.up")
    watcher = browser.new_context().new_page()
    watcher.goto(invite)
    watcher.wait_for_selector("#link-state.up")
    assert watcher.locator("#link-state").inner_text() == "watching"
    assert watcher.locator("#chat-form").is_hidden()
    assert watcher.locator("#choices button").count() == 0
    bob.fill("#chat-input", "good luck")
    bob.press("#chat-input", "Enter")
    ann.wait_for_selector("#chat li:has-text('good luck')")
    watcher.wait_for_selector("#chat li:has-text('good luck')")
    rng = random.Random(3)
    for _ in range(3000):
        looks = [p.evaluate(OVER_AND_CHOICES) for p in (ann, bob)]
        if all(over for over, _ in looks):
            break
        clicked = False
        for p, (_, count) in zip((ann, bob), looks, strict=True):
            if count:
                with contextlib.suppress(Exception):  # redrawn under the pointer: next round
                    p.locator(OFFERED).nth(rng.randrange(count)).click(timeout=1000)
                    clicked = True
        if not clicked:  # neither is asked yet: let the server answer
            ann.wait_for_timeout(50)
    else:
        raise AssertionError("the game did not end")
    names = ann.locator(".player-name").all_inner_texts()
    assert names[:2] == ["Ann", "Bob"] and len(names) == players
    assert bob.locator(".player.mine .player-name").inner_text() == "Bob"
    SHOTS.mkdir(exist_ok=True)
    Path(SHOTS).joinpath(f"{game_id}-two-people.png").write_bytes(bob.screenshot(full_page=True))


def highcard_turn(server: Server, browser: Browser) -> Page:
    """A High Card table of Robin and bots, at Robin's first question."""
    page = browser.new_context().new_page()
    page.goto(server.http + "/")
    page.fill("#my-name", "Robin")
    page.click("#game-tabs button[data-game='highcard']")
    page.fill("#options input[name='turns']", "40")
    page.click("#create-button")
    page.wait_for_url("**/t/*")  # one person among bots: the game starts as they sit
    page.wait_for_selector(OFFERED)
    return page


def test_the_page_reconnects_by_itself_after_a_server_restart(
    browser: Browser, tmp_path: Path
) -> None:
    server = Server(f"sqlite:///{tmp_path / 'tables.sqlite3'}").start()
    try:
        page = highcard_turn(server, browser)
        before = page.locator("#log li").count()
        server.kill()
        page.wait_for_selector("#link-state.down")
        server.start()
        page.wait_for_selector("#link-state.up", timeout=20_000)
        page.wait_for_selector("#choices button:not([disabled])")
        assert page.locator("#log li").count() == before
        play_by_clicking(page, random.Random(5))
        assert page.locator(".banner.over").count() == 1
    finally:
        server.stop()


def test_a_refused_choice_is_offered_again(server: Server, browser: Browser) -> None:
    """The server refuses a choice and nothing else moves: the same buttons come back lit."""
    page = highcard_turn(server, browser)
    offered = page.locator(OFFERED).count()
    page.evaluate("window.hiddenhand.state.step = -1")  # sent back as a step long gone
    page.locator(OFFERED).first.click()
    page.wait_for_selector("#toast:has-text('moved on')")
    page.wait_for_function(f"document.querySelectorAll('{OFFERED}').length === {offered}")


def test_a_choice_lost_with_the_connection_is_offered_again(
    server: Server, browser: Browser
) -> None:
    """A choice sent as the connection dropped gets no answer: once the page is connected
    again, the question (still standing) is offered again, not left waiting."""
    page = highcard_turn(server, browser)
    step = page.evaluate("window.hiddenhand.state.step")
    page.evaluate("window.hiddenhand.socket.send = () => {}")  # lost on the way
    page.locator(OFFERED).first.click()
    assert page.locator(OFFERED).count() == 0, "waiting for the answer"
    page.evaluate("window.hiddenhand.socket.close()")
    page.wait_for_selector("#link-state.down")
    page.wait_for_selector("#link-state.up", timeout=20_000)
    page.wait_for_selector(OFFERED, timeout=10_000)
    page.locator(OFFERED).first.click()  # and this time it is taken
    moved = "step => window.hiddenhand.state.step !== step || !!window.hiddenhand.state.outcome"
    page.wait_for_function(moved, arg=step)

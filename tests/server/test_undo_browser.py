"""Undo in Chromium at 1280x800: a person playing The Infected with bots makes a choice nobody
else sees, presses Undo (from the keyboard) and is offered that choice again; after a choice
the others see, no Undo is offered."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page

from tests.server.conftest import Server
from tests.server.test_browser import browser  # noqa: F401  (the Chromium fixture)

pytestmark = pytest.mark.browser

UNSEEN_FIRST = ("equip ", "call a vote to destroy", "use your once-per-game ability")
"""Choices that often make a move nobody else sees (the engine has the last word)."""
MOVES = 600


def choices(page: Page) -> list[str]:
    return page.eval_on_selector_all(
        "#choices button.choice[data-action]", "bs => bs.map((b) => b.dataset.action)"
    )


def step_shown(page: Page) -> int:
    """The step of the last state the page was sent."""
    step: int = page.evaluate("window.hiddenhand.state.step")
    return step


def ready(page: Page) -> None:
    """Until the person is asked something (choices they can press), or the game is over."""
    page.wait_for_selector("#choices button.choice:not([disabled]), .banner.over", timeout=20_000)
    assert not page.locator(".banner.over").count(), "the game ended first"


def one_move(page: Page, rng: random.Random, prefer: tuple[str, ...]) -> tuple[list[str], int]:
    """Click choices until one whole move is sent (a card and its targets); returns the
    choices offered before it and the step they belonged to. Choices whose title starts as in
    `prefer` are clicked first when offered."""
    ready(page)
    before, step = choices(page), step_shown(page)
    while True:
        buttons = page.locator("#choices button.choice[data-action]:not([disabled])")
        titles = [buttons.nth(i).get_attribute("title") or "" for i in range(buttons.count())]
        liked = [i for i, t in enumerate(titles) if t.startswith(prefer)] if prefer else []
        buttons.nth(rng.choice(liked or range(len(titles)))).click()
        page.wait_for_function(
            "step => document.querySelector('#move-cancel') ? "
            "!document.querySelector('#choices button.choice[disabled]') : "
            "window.hiddenhand.state.step !== step || !!document.querySelector('.banner.over')",
            arg=step,
            timeout=20_000,
        )
        if not page.locator("#move-cancel").count():
            return before, step


def test_undo_takes_back_an_unseen_choice_and_is_not_offered_after_a_seen_one(
    browser: Browser,  # noqa: F811
    tmp_path: Path,
) -> None:
    server = Server(f"sqlite:///{tmp_path / 'tables.sqlite3'}").start()
    rng = random.Random(4)
    try:
        page = browser.new_context(viewport={"width": 1280, "height": 800}).new_page()
        page.goto(server.http + "/")
        page.fill("#my-name", "Robin")
        page.click("#game-tabs button[data-game='infected']")
        page.click("#create-button")
        page.wait_for_url("**/t/*")
        for _ in range(MOVES):
            before, step = one_move(page, rng, UNSEEN_FIRST)
            if page.locator("#undo").count():
                break
        else:
            raise AssertionError("no move of the person's was one nobody else saw")
        undo = page.locator("#undo")
        assert undo.is_visible() and undo.is_enabled()
        undo.focus()
        page.keyboard.press("Enter")
        page.wait_for_function("step => window.hiddenhand.state.step === step", arg=step)
        ready(page)
        assert choices(page) == before, "the choice taken back is offered again"

        for _ in range(MOVES):  # moves the others see (most are): none offers Undo
            one_move(page, rng, ())
            if page.locator(".banner.over").count():
                raise AssertionError("the game ended first")
            if not page.locator("#undo").count():
                break
        else:
            raise AssertionError("every move was one nobody saw")
        assert page.locator("#undo").count() == 0
    finally:
        server.stop()

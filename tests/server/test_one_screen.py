"""The table on one screen, at 1280x800 and on a 390x844 phone.

A person plays each game to its end against bots that answer at once, taking the choices
offered. At every prompt, without scrolling: every choice is inside the window, whose turn it
is (the banner) is in view, and some of the board shows between them. axe-core finds no serious
or critical violation on the table during play and at the end, where each player's statistics
are shown. A person with only a keyboard plays too."""

from __future__ import annotations

import random
import uuid
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page

from tests.server.conftest import ROOT, Server
from tests.server.test_accounts_browser import sign_up_in_the_lobby
from tests.server.test_browser import browser  # noqa: F401  (the Chromium fixture)
from tests.server.test_replay import finished_table
from tests.server.test_table_page import create

pytestmark = pytest.mark.browser

AXE = ROOT / ".axe" / "node_modules" / "axe-core" / "axe.min.js"
SIZES = {"desktop": (1280, 800), "phone": (390, 844)}

IN_VIEW = """() => {
  const vw = innerWidth, vh = innerHeight, out = [];
  const box = (x) => x.getBoundingClientRect();
  const inside = (r) => r.top >= -0.5 && r.left >= -0.5
    && r.bottom <= vh + 0.5 && r.right <= vw + 0.5;
  const at = (r) => `${Math.round(r.top)}..${Math.round(r.bottom)}`;
  for (const b of document.querySelectorAll('#choices button')) {
    const r = box(b);
    if (!inside(r)) out.push(`the choice "${b.textContent}" is at ${at(r)}`);
  }
  const banner = box(document.getElementById('banner'));
  if (!inside(banner)) out.push(`the banner is at ${at(banner)}`);
  const board = box(document.getElementById('board'));
  const top = Math.max(board.top, box(document.getElementById('status')).bottom, 0);
  const bottom = Math.min(board.bottom, box(document.getElementById('choices')).top, vh);
  if (bottom - top < 60) out.push(`only ${Math.round(bottom - top)} px of the board show`);
  if (scrollY !== 0) out.push(`the page was scrolled by ${scrollY} px`);
  return out;
}"""


def axe_problems(page: Page) -> list[str]:
    """axe-core's serious and critical violations on the page once its motion has settled (a
    card caught halfway through turning over is not what a reader sees)."""
    return list(
        page.evaluate(
            """async () => {
              // A redraw starts its motion a frame later: wait until a frame passes with none.
              for (let i = 0; i < 20; i++) {
                await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
                const moving = document.getAnimations().filter((a) => a.playState === 'running');
                if (!moving.length) break;
                await Promise.all(moving.map((a) => a.finished.catch(() => {})));
              }
              return (await axe.run(document, { resultTypes: ['violations'] })).violations
              .filter((v) => v.impact === 'serious' || v.impact === 'critical')
              .map((v) => `${v.id} (${v.impact}): ${v.nodes.slice(0, 3)
                .map((n) => n.target.join(' ')).join(' | ')}`);
            }"""
        )
    )


@pytest.fixture
def axe_page(browser: Browser, request: pytest.FixtureRequest) -> Iterator[tuple[Page, list[str]]]:  # noqa: F811
    """A page of the given size with axe-core loaded in every document it opens."""
    assert AXE.exists(), "axe-core is missing: `make axe` installs it from the npm registry"
    width, height = SIZES[request.param]
    context = browser.new_context(
        viewport={"width": width, "height": height}, has_touch=request.param == "phone"
    )
    context.add_init_script(path=str(AXE))
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    yield page, errors
    context.close()


def play_checking_the_screen(page: Page, rng: random.Random, limit: int = 3000) -> int:
    """Take one of the offered choices at each prompt until the game is over, checking the
    screen at each; runs axe once during play. Returns how many prompts there were."""
    prompts = 0
    for _ in range(limit):
        page.wait_for_selector(
            "#choices button.choice:not([disabled]), .banner.over", timeout=30_000
        )
        if page.locator(".banner.over").count():
            return prompts
        problems = page.evaluate(IN_VIEW)
        buttons = page.locator("#choices button:not([disabled]):visible")
        count = buttons.count()
        if not count:
            continue
        assert problems == [], f"prompt {prompts}: {problems}"
        prompts += 1
        if prompts == 4:
            assert axe_problems(page) == [], "axe during play"
        try:
            buttons.nth(rng.randrange(count)).click(timeout=2000, no_wait_after=True)
        except Exception:  # the choices were redrawn under the pointer: look again
            continue
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("axe_page", list(SIZES), indirect=True)
@pytest.mark.parametrize("game_id", ["goodcop", "noir", "infected"])
def test_a_whole_game_on_one_screen_with_no_serious_accessibility_fault(
    server: Server, axe_page: tuple[Page, list[str]], game_id: str
) -> None:
    page, errors = axe_page
    create(page, server, game_id, {})
    assert axe_problems(page) == [], "axe on the table at the start"
    prompts = play_checking_the_screen(page, random.Random(f"{game_id}-{page.viewport_size}"))
    assert prompts > 0
    stats = page.locator("#stats-table")
    stats.wait_for(timeout=10_000)
    names = page.evaluate("window.hiddenhand.table.names")
    assert stats.locator("tbody tr").count() == len(names)
    assert stats.locator("thead th").count() >= 4  # the player, statistics, the rating
    assert axe_problems(page) == [], "axe at the end"
    if page.viewport_size and page.viewport_size["width"] < 500:
        page.click("#tab-log")
        assert page.locator("#log").is_visible() and not page.locator("#board").is_visible()
        assert axe_problems(page) == [], "axe on the log tab"
    assert errors == []


@pytest.mark.parametrize("axe_page", ["desktop"], indirect=True)
def test_the_keyboard_alone_plays(server: Server, axe_page: tuple[Page, list[str]]) -> None:
    """Tab reaches the choices and Enter takes one, prompt after prompt."""
    page, errors = axe_page
    create(page, server, "goodcop", {})
    for _ in range(4):
        page.wait_for_selector("#choices button:not([disabled])", timeout=30_000)
        step = page.evaluate("window.hiddenhand.state.step")
        page.evaluate("document.activeElement && document.activeElement.blur()")
        for _tab in range(200):
            page.keyboard.press("Tab")
            if page.evaluate("!!document.activeElement.closest('#choices button:not([disabled])')"):
                break
        else:
            raise AssertionError("Tab never reached a choice")
        moved = page.evaluate("window.hiddenhand.move?.levels.length ?? 0")
        page.keyboard.press("Enter")
        page.wait_for_function(
            f"window.hiddenhand.state.step > {step} || (window.hiddenhand.move?.levels.length ?? 0)"
            f" > {moved} || !!document.querySelector('.banner.over')",
            timeout=30_000,
        )
    assert errors == []


@pytest.mark.parametrize("axe_page", list(SIZES), indirect=True)
def test_the_lobby_replay_profile_and_leaderboard_have_no_serious_accessibility_fault(
    server: Server, axe_page: tuple[Page, list[str]]
) -> None:
    page, errors = axe_page
    name = f"axe{uuid.uuid4().hex[:6]}"
    sign_up_in_the_lobby(page, server, name)
    page.wait_for_selector("#game-tabs button")
    assert axe_problems(page) == [], "axe on the lobby"
    table = finished_table(server, "noir", 2)
    page.goto(f"{server.http}/replay/{table}")
    page.wait_for_selector("#stats-table")
    page.click("#last")
    page.wait_for_selector("#where:has-text('step')")
    assert axe_problems(page) == [], "axe on the replay"
    page.goto(f"{server.http}/profile/{name}")
    page.wait_for_selector(f"#player-name:has-text('{name}')")
    assert axe_problems(page) == [], "axe on the profile"
    page.goto(f"{server.http}/leaderboard/goodcop")
    page.wait_for_selector("#game-tabs a")
    assert axe_problems(page) == [], "axe on the leaderboard"
    assert errors == []

"""Each game's tutorial played in Chromium from the lobby's button to the end, by following
its hints alone: at each step the page shows the hint and the rules, lights on the board only
the thing the hint names (and no other), shows every other choice disabled, and the server
refuses one sent anyway; clicking what is lit (and confirming where the page asks) moves the
tutorial on, until the game is over and the page says what next. On a phone the hint sits above
the board, in view, clear of the choices' drawer."""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page

from hiddenhand.engine import DEFAULT_NAMES
from hiddenhand.server.lessons import _named
from hiddenhand.server.seating import bot_name
from hiddenhand.tutorials import Tutorial, tutorials
from tests.server.conftest import Server
from tests.server.test_browser import SHOTS, browser  # noqa: F401  (the Chromium fixture)
from tests.server.test_one_screen import AXE, axe_problems

pytestmark = pytest.mark.browser

NAME = "Robin"
LIT = "#board .lesson-target, #choices button.lesson-target"
NEXT = """(before) => {
  const lesson = document.getElementById('lesson');
  return document.querySelector('.banner.over') !== null || lesson.dataset.key !== before;
}"""
"""The page moved on from the step whose lesson key was `before` (or the game is over)."""


def expected(tutorial: Tutorial) -> list[tuple[str, str]]:
    """The hints and rules of the taught moves, in order, as the page shows them."""
    players = [NAME if i == tutorial.seat else bot_name(i) for i in range(tutorial.players)]
    assert DEFAULT_NAMES[1] in bot_name(1)
    return [(_named(m.hint, players), m.rules) for m in tutorial.moves if m.hint]


@pytest.fixture
def page_of(browser: Browser, request: pytest.FixtureRequest) -> Iterator[tuple[Page, list[str]]]:  # noqa: F811
    phone = request.param == "phone"
    context = browser.new_context(
        viewport={"width": 390, "height": 844} if phone else {"width": 1280, "height": 800},
        has_touch=phone,
    )
    if phone and AXE.exists():
        context.add_init_script(path=str(AXE))
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    yield page, errors
    context.close()


def start_from_the_lobby(page: Page, server: Server, game: str) -> None:
    page.goto(server.http + "/")
    page.fill("#my-name", NAME)
    page.click(f"#tutorials button[data-tutorial='{game}']")
    page.wait_for_url("**/t/*")
    page.wait_for_selector("#lesson:not([hidden])")


def no_other_choice_is_open(page: Page, hinted: int) -> None:
    """Only the hinted choice lights on the board or can be pressed below it; one sent anyway
    over the page's own connection is refused, saying to follow the hint."""
    lit = page.eval_on_selector_all(
        "#board .target", "(xs) => xs.map((x) => x.dataset.action.split(' '))"
    )
    assert all(ids == [str(hinted)] for ids in lit), f"lit besides the hint: {lit}"
    enabled = page.eval_on_selector_all(
        "#choices button.choice:not([disabled])[data-action]",
        "(xs) => xs.map((x) => Number(x.dataset.action))",
    )
    assert set(enabled) <= {hinted}, f"choices open besides the hint: {enabled}"
    others = page.evaluate(
        "(id) => window.hiddenhand.shown().map((a) => a.id).filter((a) => a !== id)", hinted
    )
    if not others or page.evaluate("window.hiddenhand.move !== null"):
        return
    page.evaluate(
        """(id) => window.hiddenhand.socket.send(JSON.stringify(
             { type: 'act', action: id, step: window.hiddenhand.state.step }))""",
        others[0],
    )
    page.wait_for_selector("#toast:not([hidden])")
    assert "follow the hint" in page.inner_text("#toast")


def click_what_is_lit(page: Page) -> None:
    """Click the lit thing (the board's first, else the lit button); on a touch screen the page
    then asks to confirm it, and that is clicked too."""
    board = page.locator("#board .lesson-target")
    target = board.first if board.count() else page.locator("#choices button.lesson-target")
    target.click()
    confirm = page.locator(".confirm-bar [data-confirm]")
    if confirm.count():
        confirm.first.click()


def follow_the_hints(page: Page, tutorial: Tutorial, size: str, checks: bool = True) -> int:
    """Follow the hints to the end; returns how many were followed. The first step and the end
    are saved as screenshots (screenshots/tutorial-GAME-SIZE-*.png)."""
    hints = expected(tutorial)
    followed = 0
    SHOTS.mkdir(exist_ok=True)
    while True:
        page.wait_for_selector(f"{LIT}, .banner.over", timeout=20_000)
        if page.locator(".banner.over").count():
            page.wait_for_selector("#lesson-real")
            page.screenshot(path=str(SHOTS / f"tutorial-{tutorial.game}-{size}-end.png"))
            return followed
        if followed == 0:
            page.screenshot(path=str(SHOTS / f"tutorial-{tutorial.game}-{size}-first.png"))
        hint, rules = hints[followed]
        assert page.inner_text("#lesson-hint") == hint
        assert rules in page.inner_text("#lesson-rules")
        assert f"step {followed + 1} of {len(hints)}" in (page.text_content(".lesson-step") or "")
        on_board = page.locator("#board .lesson-target").count() > 0
        assert on_board != ("in your choices" in hint), f"the hint points elsewhere: {hint}"
        lesson = json.loads(page.get_attribute("#lesson", "data-key") or "null")
        if checks:
            no_other_choice_is_open(page, lesson[0]["action"])
        before = page.get_attribute("#lesson", "data-key")
        click_what_is_lit(page)
        page.wait_for_function(NEXT, arg=before, timeout=20_000)
        followed += 1


@pytest.mark.parametrize("page_of", ["desktop"], indirect=True)
@pytest.mark.parametrize("game", sorted(tutorials()))
def test_the_tutorial_is_played_to_its_end_by_following_its_hints(
    server: Server, page_of: tuple[Page, list[str]], game: str
) -> None:
    page, errors = page_of
    tutorial = tutorials()[game]
    start_from_the_lobby(page, server, game)
    assert follow_the_hints(page, tutorial, "desktop") == tutorial.taught()
    assert "You win" in page.inner_text("#headline")
    page.wait_for_selector("#lesson-real")
    assert page.locator("#rematch").count() == 0, "a tutorial offers a real game instead"
    assert page.get_attribute("#lesson-real", "href") == f"/?game={game}"
    assert page.get_attribute("#lesson", "role") == "status"
    page.click("#lesson-real")
    page.wait_for_selector(f"#game-tabs button[data-game='{game}'][aria-selected=true]")
    assert errors == []


@pytest.mark.parametrize("page_of", ["phone"], indirect=True)
def test_on_a_phone_the_hint_is_in_view_above_the_choices(
    server: Server, page_of: tuple[Page, list[str]]
) -> None:
    """The NOIR tutorial on a 390x844 touch screen: at each step the hint is inside the window
    and clear of the choices' drawer; a lit suspect is tapped and confirmed; axe-core finds no
    serious fault with the hint shown."""
    page, errors = page_of
    start_from_the_lobby(page, server, "noir")
    page.wait_for_selector(LIT)
    clear = page.evaluate(
        """() => {
          const hint = document.getElementById('lesson').getBoundingClientRect();
          const drawer = document.getElementById('choices').getBoundingClientRect();
          const clearOfDrawer = !drawer.height || hint.bottom <= drawer.top;
          return [hint.top >= 0, hint.bottom <= innerHeight, clearOfDrawer];
        }"""
    )
    assert clear == [True, True, True]
    if AXE.exists():
        assert axe_problems(page) == []
    noir = tutorials()["noir"]
    assert follow_the_hints(page, noir, "phone", checks=False) == noir.taught()
    if AXE.exists():
        assert axe_problems(page) == [], "axe at the end"
    assert errors == []

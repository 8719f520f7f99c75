"""The table page on a phone (390x844, a touch screen): a tap on a card shows its text and
selects it without acting; acting takes a second tap on the lit action, and Cancel leaves the
game as it was (no message sent, the step unchanged); a card's target prompt can be cancelled
too, and the card and its targets go as one move; everything one taps is at least 44x44.
Also what the page says when the connection drops, and to a spectator about the chat."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor

import pytest
from playwright.sync_api import Browser, Page

from tests.server.conftest import Server
from tests.server.test_browser import browser  # noqa: F401  (the Chromium fixture)
from tests.server.test_preview import targeted_card_deal
from tests.server.test_table_page import a_table_where, create, no_horizontal_scroll

pytestmark = pytest.mark.browser

COUNT_ACTS = """
window.sentActs = [];
const send = WebSocket.prototype.send;
WebSocket.prototype.send = function (data) {
  try { if (JSON.parse(data).type === "act") window.sentActs.push(JSON.parse(data)); } catch {}
  return send.call(this, data);
};
"""

TAPPED = (
    "#board .target, #choices button, .confirm-bar button, #tools button, #tools .toggle, "
    "#chat-form button, #chat-form input, #invite"
)
SMALL = """(selector) => [...document.querySelectorAll(selector)]
  .filter((x) => x.offsetParent !== null || getComputedStyle(x).position === 'fixed')
  .map((x) => [x.className || x.tagName, x.getBoundingClientRect()])
  .filter(([, r]) => r.width > 0 && (r.width < 43.5 || r.height < 43.5))
  .map(([name, r]) => `${name} ${Math.round(r.width)}x${Math.round(r.height)}`)"""


@pytest.fixture
def phone(browser: Browser) -> Iterator[tuple[Page, list[str]]]:  # noqa: F811
    context = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True)
    context.add_init_script(COUNT_ACTS)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    yield page, errors
    context.close()


def moment(page: Page) -> tuple[int, int]:
    """The state's step and how many actions the page has sent."""
    step, sent = page.evaluate("[window.hiddenhand.state.step, window.sentActs.length]")
    return step, sent


def until_the_board_offers_something(page: Page) -> bool | None:
    """Answer button-only questions (laying cards down, passing) until a lit target shows;
    None if the game ends first."""
    for _ in range(60):
        page.wait_for_selector(
            "#choices button.choice:not([disabled]), .banner.over", timeout=30_000
        )
        if page.locator("#board .target").count():
            return True
        if page.locator(".banner.over").count():
            return None
        page.locator("#choices button:not([disabled])").first.tap()
        page.wait_for_timeout(150)
    raise AssertionError("the board never offered a target")


@pytest.mark.parametrize("game_id", ["goodcop", "noir", "infected"])
def test_a_tap_shows_and_selects_and_cancel_changes_nothing(
    server: Server, phone: tuple[Page, list[str]], game_id: str
) -> None:
    page, errors = phone
    a_table_where(page, server, game_id, until_the_board_offers_something)
    assert page.evaluate("matchMedia('(pointer: coarse)').matches")
    targets = page.locator("#board .target")
    kinds: set[str] = set()
    for i in range(min(targets.count(), 6)):
        target = targets.nth(i)
        kind = target.evaluate("(x) => x.className.split(' ').filter((c) => c !== 'target')[0]")
        if kind in kinds:
            continue
        kinds.add(kind)
        before = moment(page)
        tip = target.get_attribute("data-tip")
        target.tap()
        bar = page.locator(".confirm-bar")
        assert bar.is_visible(), f"a tap on a {kind} opens the confirm bar"
        if tip:
            assert tip in bar.inner_text(), "the bar shows the card's text"
        assert page.locator("#board .target.selected").count() == 1
        assert moment(page) == before, f"a tap on a {kind} sent an action"
        assert page.evaluate(SMALL, ".confirm-bar button") == []
        page.locator("#confirm-cancel").tap()
        assert page.locator(".confirm-bar").count() == 0
        assert page.locator("#board .target.selected").count() == 0
        page.wait_for_timeout(200)
        assert moment(page) == before, "Cancel sent something"
    assert kinds
    assert page.evaluate(SMALL, TAPPED) == [], "tap targets under 44x44"
    no_horizontal_scroll(page)
    # The second step acts: one message, for the action the bar named (with what follows it
    # within the move, if the page asked for more: a card's targets).
    step, sent = moment(page)
    page.locator("#board .target").first.tap()
    chosen = int(page.locator(".confirm-bar [data-confirm]").first.get_attribute("data-confirm"))
    page.locator(".confirm-bar [data-confirm]").first.tap()
    then = finish_the_move(page, sent)
    assert page.evaluate("window.sentActs.at(-1)") == {
        "type": "act",
        "action": chosen,
        **({"then": then} if then else {}),
        "step": step,
    }
    assert errors == []


def finish_the_move(page: Page, sent: int) -> list[int]:
    """Once a choice is confirmed: while the page asks for what follows within the move,
    choose the first follow-up; returns those chosen once the move is sent."""
    then: list[int] = []
    for _ in range(20):
        page.wait_for_function(
            f"window.sentActs.length > {sent} || "
            "(!!document.querySelector('#move-cancel') && !window.hiddenhand.waitingForReply)"
        )
        if page.evaluate("window.sentActs.length") > sent:
            return then
        follow = page.locator("#choices button[data-action]:not([disabled])").first
        then.append(int(follow.get_attribute("data-action") or ""))
        follow.tap()
    raise AssertionError("the move never ended")


LIT = """() => [...document.querySelectorAll('#board .target')]
  .flatMap((x) => x.dataset.action.split(' ')).map(Number)"""
LISTED = """() => [...document.querySelectorAll('#choices button[data-action]')]
  .map((b) => Number(b.dataset.action))"""


def test_a_card_s_target_prompt_can_be_cancelled_and_leaves_the_game_as_it_was(
    server: Server, phone: tuple[Page, list[str]]
) -> None:
    """Good Cop: playing a card with targets is one move. Its target prompt comes from the
    server's preview; Cancel sends nothing (the step and the hand are as they were); the card
    and its targets then go as one confirmed act."""
    page, errors = phone
    with ThreadPoolExecutor(1) as aside:  # Playwright's own loop runs in this thread
        deal = aside.submit(asyncio.run, targeted_card_deal(server)).result()
    table, tokens, state, play, move = deal
    title = next(a["args"][0] for a in state["legal"] if a["id"] == play)
    you = json.dumps(json.dumps({"seat": 0, "token": tokens[0]}))
    key = json.dumps(f"hh-seat-{table}")
    page.add_init_script(f"localStorage.setItem({key}, {you})")
    page.goto(f"{server.http}/t/{table}")
    card = page.locator(f"#board .target[data-action~='{play}']")
    card.wait_for()
    step, sent = moment(page)
    assert step == state["step"]

    def choose(action: int) -> None:
        """Tap the lit thing on the board that offers `action`, then its confirm button."""
        page.locator(f"#board .target[data-action~='{action}']").first.tap()
        page.locator(f".confirm-bar [data-confirm='{action}']").tap()

    choose(play)
    page.locator("#move-cancel").wait_for()
    # The target prompt: its choices lit on the board and listed, the card no longer offered.
    follow_ups = page.evaluate(LISTED)
    assert move[1] in follow_ups and play not in follow_ups
    assert set(follow_ups) <= set(page.evaluate(LIT)) and play not in page.evaluate(LIT)
    assert title in page.locator(".move-so-far").inner_text()
    assert page.evaluate(SMALL, "#choices button") == []
    assert moment(page) == (step, sent), "the target prompt was reached by sending an act"
    if len(move) > 2:  # a second target: Cancel goes back one choice
        choose(move[1])
        page.wait_for_function(f"!window.hiddenhand.shown().some((a) => a.id === {move[1]})")
        page.locator("#move-cancel").tap()
        assert move[1] in page.evaluate(LIT)
    page.locator("#move-cancel").tap()
    assert page.locator("#move-cancel").count() == 0
    page.wait_for_timeout(300)
    assert moment(page) == (step, sent), "Cancel sent something"
    assert title in page.evaluate("window.hiddenhand.state.view.hand")
    assert play in page.evaluate(LIT), "the card is offered again"
    # Now the whole move: the card, then each target, sent once it is whole.
    choose(play)
    for action in move[1:]:
        page.locator("#move-cancel").wait_for()
        page.wait_for_function("!window.hiddenhand.waitingForReply")
        choose(action)
    page.wait_for_function(f"window.sentActs.length === {sent + 1}")
    assert page.evaluate("window.sentActs.at(-1)") == {
        "type": "act",
        "action": play,
        "then": move[1:],
        "step": step,
    }
    page.wait_for_function(f"window.hiddenhand.state.step >= {step + len(move)}")
    assert title not in page.evaluate("window.hiddenhand.state.view.hand")
    assert f"plays {title}" in page.locator("#log").inner_text()
    assert page.evaluate("window.sentActs.length") == sent + 1
    assert errors == []


def test_a_tap_on_a_card_that_is_no_target_shows_its_text_and_sends_nothing(
    server: Server, phone: tuple[Page, list[str]]
) -> None:
    page, errors = phone
    create(page, server, "goodcop", {})
    page.wait_for_selector("#board .card[data-tip]")
    before = page.evaluate("window.sentActs.length")
    card = page.locator("#board .card[data-tip]:not(.target)").first
    card.tap()
    tip = page.locator("#tip")
    assert tip.is_visible() and tip.inner_text() == card.get_attribute("data-tip")
    assert page.evaluate("window.sentActs.length") == before
    assert errors == []


def test_a_lost_connection_shows_a_banner_and_a_spectator_is_told_about_the_chat(
    server: Server,
    browser: Browser,  # noqa: F811
) -> None:
    status, made = server.post(
        "/api/tables", {"game": "highcard", "players": 2, "bots": ["random", None]}
    )
    assert status == 200
    page = browser.new_context(viewport={"width": 390, "height": 844}).new_page()
    page.goto(f"{server.http}/t/{made['id']}")
    page.wait_for_selector("#link-state.up")
    page.click("#tab-chat")  # on a phone the chat is behind its tab
    assert page.locator("#chat-form").is_hidden()
    note = page.locator("#chat-note")
    assert note.is_visible() and "only the players" in note.inner_text()
    assert page.locator("#connection").is_hidden()
    page.evaluate("window.hiddenhand.socket.close()")
    banner = page.locator("#connection")
    banner.wait_for(state="visible")
    assert "Connection lost" in banner.inner_text() and "reconnecting" in banner.inner_text()
    page.wait_for_selector("#link-state.up", timeout=20_000)  # it comes back by itself
    assert banner.is_hidden()
    page.context.close()

"""The cards' and pieces' art and the board's motion, in Chromium.

Art: every name each game can show has a drawing of its own (none falls back to a blank), the
25 NOIR suspects and every equipment and item card look different, and through a whole game
of each game every card, suspect and marker on the board carries a picture naming its face.
Motion: an investigation turns the card over and a NOIR shift slides the line, with Web
Animations started on those elements, and nothing is animated for a person who asks for
reduced motion; a gun aimed, a killed suspect, a threat card drawn and tokens landing move
too (the renderers driven with two views in a row)."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, Page
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from hiddenhand.games.goodcop.texts import INTEGRITY
from hiddenhand.games.goodcop.zombie_cards import ZOMBIES_EQUIPMENT
from hiddenhand.games.infected.cards import RESOURCES
from hiddenhand.games.noir.suspects import NAMES
from tests.server.conftest import ROOT, Server
from tests.server.test_browser import OFFERED, browser  # noqa: F401  (the Chromium fixture)
from tests.server.test_table_page import GAMES, OVER_AND_TARGETS, a_table_where, create

pytestmark = pytest.mark.browser

RECORD_ANIMATIONS = """
window.animated = [];
const animate = Element.prototype.animate;
Element.prototype.animate = function (frames, options) {
  const key = this.dataset ? this.dataset.key ?? this.dataset.flight : null;
  window.animated.push([options && options.id, key]);
  return animate.call(this, frames, options);
};
"""
"""Every Web Animation the page starts, as [its id, the key of the element it moves]."""

ART_ON_BOARD = """() => {
  const slug = (t) => t.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
  const problems = [];
  const faces = [];
  const check = (el, name, what) => {
    const art = el.querySelector(':scope > svg[data-art]');
    if (!art) { problems.push(`${what} without art: ${el.textContent.trim()}`); return; }
    const face = art.dataset.art;
    faces.push(face);
    if (face.startsWith('unknown:')) problems.push(`${what} with no drawing: ${face}`);
    else if (name && face.split('/').pop() !== slug(name)) {
      problems.push(`${what} ${name} shows ${face}`);
    }
  };
  const all = (selector) => document.querySelectorAll(`#board ${selector}`);
  const text = (c, part) => c.querySelector(part).textContent.trim();
  for (const c of all('.card:not(.back)')) {
    check(c, text(c, '.card-face'), 'card');
    const tip = c.dataset.tip;
    if (tip && !tip.startsWith(`${text(c, '.card-face')}:`)) problems.push(`card tip says ${tip}`);
  }
  for (const c of all('.card.back')) check(c, '', 'card');
  for (const c of all('.grid-cell')) check(c, text(c, 'b'), 'suspect');
  for (const c of all('.badge.marker')) check(c, c.textContent.trim(), 'marker');
  for (const c of all('.die')) check(c, c.dataset.face, 'die');
  for (const c of all('.character')) check(c, text(c, 'b'), 'character');
  for (const c of all('.token.gun')) check(c, '', 'gun');
  return { problems, faces };
}"""
"""What on the board lacks its picture, or shows another face than its name; and the faces."""


@pytest.fixture
def page(browser: Browser) -> Iterator[Page]:  # noqa: F811
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    context.add_init_script(RECORD_ANIMATIONS)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    yield page
    context.close()
    assert errors == []


def infected_names() -> dict[str, list[str]]:
    cards = json.loads((ROOT / "hiddenhand/games/infected/cards.json").read_text())
    return {
        "item": [c["name"] for c in cards["items"]],
        "zombie": [c["name"] for c in cards["zombies"] + cards["endgame_zombies"]],
        "character": [c["name"] for c in cards["characters"]],
        "sample": list(cards["blood_samples"]),
        "resource": list(RESOURCES),
    }


CATALOGUE = """async (names) => {
  const gc = await import('/static/art/goodcop.js');
  const noir = await import('/static/art/noir.js');
  const inf = await import('/static/art/infected.js');
  const draw = {
    integrity: (n) => gc.integrityArt(n.toLowerCase()), equipment: gc.equipmentArt,
    die: gc.dieArt, token: gc.tokenArt,
    suspect: (n, i) => noir.suspectArt(i, n), evidence: (n, i) => noir.evidenceArt(i, n),
    marker: noir.markerArt,
    item: inf.itemArt, zombie: inf.zombieArt, character: inf.characterArt,
    sample: inf.sampleArt, resource: inf.resourceArt, deck: inf.deckArt,
  };
  const out = {};
  for (const [kind, list] of Object.entries(names)) {
    out[kind] = list.map((n, i) => {
      const svg = draw[kind](n, i);
      return [svg.dataset.art, svg.innerHTML];
    });
  }
  return out;
}"""


def test_every_name_of_every_game_has_a_drawing_of_its_own(server: Server, page: Page) -> None:
    names: dict[str, list[str]] = {
        "integrity": list(INTEGRITY),
        "equipment": list(ZOMBIES_EQUIPMENT.titles),
        "die": ["blank", "zombie", "arms", "infection"],
        "token": ["gun", "arms", "wounded", "infection"],
        "suspect": list(NAMES),
        "evidence": list(NAMES),
        "marker": ["killer", "inspector"],
        "deck": ["zombie", "item"],
        **infected_names(),
    }
    page.goto(server.http + "/")
    drawn: dict[str, list[list[str]]] = page.evaluate(CATALOGUE, names)
    for kind, pictures in drawn.items():
        faces = [face for face, _ in pictures]
        assert not [f for f in faces if f.startswith("unknown:")], kind
        assert len(set(faces)) == len(faces), f"two {kind} names share a face id"
        assert all(markup.count("<") >= 2 for _, markup in pictures), f"a blank {kind}"
        if kind in {"equipment", "suspect", "item", "zombie", "character", "integrity"}:
            assert len({markup for _, markup in pictures}) == len(pictures), (
                f"two {kind}s look alike"
            )
    assert len(drawn["equipment"]) == 27 and len(drawn["suspect"]) == 25
    # An unknown name is marked, not drawn as if it were a card.
    assert page.evaluate(
        "async () => (await import('/static/art/goodcop.js')).equipmentArt('Jetpack').dataset.art"
    ).startswith("unknown:")


def play_checking_art(page: Page, rng: random.Random, limit: int = 3000) -> set[str]:
    """Play to the end by clicking the board or the buttons; at every prompt and at the end,
    everything on the board has its picture. Returns the faces seen."""
    seen: set[str] = set()
    for _ in range(limit):
        page.wait_for_selector(
            "#choices button.choice:not([disabled]), .banner.over", timeout=30_000
        )
        found: dict[str, Any] = page.evaluate(ART_ON_BOARD)
        assert found["problems"] == [], found["problems"]
        seen.update(found["faces"])
        over, target_count = page.evaluate(OVER_AND_TARGETS)
        if over:
            return seen
        try:
            if target_count and rng.random() < 0.7:
                page.locator("#board .target").nth(rng.randrange(target_count)).click(timeout=2000)
                menu = page.locator(".board-menu button.primary")
                if menu.count():
                    menu.first.click(timeout=2000)
            else:
                buttons = page.locator(OFFERED)
                count = buttons.count()
                if count:
                    buttons.nth(rng.randrange(count)).click(timeout=2000)
        except Exception:  # redrawn under the pointer: look again
            continue
    raise AssertionError("the game did not end")


EXPECTED_FACES = {
    "goodcop": ("goodcop/integrity/",),
    "noir": ("noir/suspect/", "noir/marker/killer", "noir/marker/inspector"),
    "infected": ("infected/item/", "infected/character/"),
}
"""Faces every whole game of each game shows at least one of (by prefix). The table's deal is
secret and so not seeded here: a Zombies game of Good Cop may end by a bite or a lone win before
anyone aims, so its gun is checked whenever one is on the board (`ART_ON_BOARD`), not required."""


@pytest.mark.parametrize("game_id", list(GAMES))
def test_every_card_drawn_through_a_whole_game_has_its_art(
    server: Server, page: Page, game_id: str
) -> None:
    create(page, server, game_id, GAMES[game_id])
    seen = play_checking_art(page, random.Random(f"art-{game_id}"))
    for prefix in EXPECTED_FACES[game_id]:
        assert any(face.startswith(prefix) for face in seen), (prefix, sorted(seen))


def until_offered(page: Page, kind: str) -> dict[str, Any] | None:
    """Answer other questions (first button) until the person is offered a `kind` choice; None
    if the game ends first."""
    for _ in range(200):
        page.wait_for_selector(
            "#choices button.choice:not([disabled]), .banner.over", timeout=30_000
        )
        if page.locator(".banner.over").count():
            return None
        legal = page.evaluate("window.hiddenhand.shown()")
        offered = [a for a in legal if a["kind"] == kind]
        if offered:
            return offered[0]
        page.locator(OFFERED).first.click()
        page.wait_for_function("window.hiddenhand.waitingForReply === false")
    raise AssertionError(f"never offered to {kind}")


WATCH = """([kind, keys, since, step]) => {
  const journal = window.hiddenhandMotion;
  const seen = [...journal.played, ...journal.skipped].filter((m) => m.seq > since);
  if (keys.every((key) => seen.some((m) => m.kind === kind && m.key === key))) return "moved";
  const page = window.hiddenhand;
  return !page.waitingForReply && page.state.step === step ? "not sent" : false;
}"""
"""Once the motions of `kind` on `keys` were played or skipped since the journal's `since`:
"moved"; "not sent" if the page offers the same step's choices again with no answer awaited
(the choice did not go through: a refusal, or a connection lost with the choice on it)."""

LOOK = """() => ({ step: window.hiddenhand.state?.step, waiting: window.hiddenhand.waitingForReply,
  link: document.querySelector('#link-state')?.textContent,
  toast: document.querySelector('#toast')?.textContent,
  motions: window.hiddenhandMotion })"""
"""What the page shows, for a failure's message."""


def click_and_watch(
    page: Page, selector: str, kind: str, keys: set[str], reduced: bool
) -> tuple[list[str], list[str], list[str]]:
    """Click a lit thing (with reduced motion asked or not); once the motions of `kind` on
    `keys` were played or skipped: the keys of those played, of those skipped, and of the Web
    Animations started since the click. A click that did not go through is clicked again (at
    most three times): what is checked is what the board does once the choice is made."""
    if reduced:
        page.emulate_media(reduced_motion="reduce")
    since, step = page.evaluate("[hiddenhandMotion.seq, window.hiddenhand.state.step]")
    page.evaluate("window.animated = []")
    tries: list[dict[str, Any]] = []
    for _ in range(3):
        page.locator(selector).click()
        try:
            handle = page.wait_for_function(WATCH, arg=[kind, sorted(keys), since, step])
        except PlaywrightTimeout:
            raise AssertionError(f"no {kind} of {keys}: {[*tries, page.evaluate(LOOK)]}") from None
        if handle.json_value() == "moved":
            break
        tries.append(page.evaluate(LOOK))
    else:
        raise AssertionError(f"the choice never went through: {tries}")
    journal = page.evaluate("window.hiddenhandMotion")
    played = [m for m in journal["played"] if m["seq"] > since and m["kind"] == kind]
    skipped = [m for m in journal["skipped"] if m["seq"] > since and m["kind"] == kind]
    return (
        [m["key"] for m in played],
        [m["key"] for m in skipped],
        [key for name, key in page.evaluate("window.animated") if name == kind],
    )


def moved_or_not(
    page: Page, moved: tuple[list[str], list[str], list[str]], keys: set[str], reduced: bool
) -> None:
    """Every key moved, by a Web Animation; or, under reduced motion, none, and nothing else."""
    motions, skipped, animations = moved
    if reduced:
        assert keys <= set(skipped) and not motions
        assert page.evaluate("window.animated") == [], "something moved under reduced motion"
    else:
        assert keys <= set(motions) and keys <= set(animations), (keys, motions, animations)


@pytest.mark.parametrize("reduced", [False, True], ids=["motion", "reduced-motion"])
def test_an_investigated_card_turns_over(server: Server, page: Page, reduced: bool) -> None:
    action = a_table_where(page, server, "goodcop", lambda p: until_offered(p, "investigate"))
    seat, slot = action["args"][:2]
    key = f"gc-card-{seat}-{slot}"
    target = f"#board .card.target[data-action~='{action['id']}']"
    moved = click_and_watch(page, target, "flip", {key}, reduced)
    assert page.locator(f"#board [data-key='{key}']").get_attribute("data-face") != "back"
    moved_or_not(page, moved, {key}, reduced)


@pytest.mark.parametrize("reduced", [False, True], ids=["motion", "reduced-motion"])
def test_a_noir_shift_slides_its_line(server: Server, page: Page, reduced: bool) -> None:
    action = a_table_where(page, server, "noir", lambda p: until_offered(p, "shift"))
    axis, index = action["args"][:2]
    grid = page.evaluate("window.hiddenhand.state.view.grid")
    line = grid[index] if axis == "row" else [row[index] for row in grid]
    keys = {f"noir-suspect-{s}" for s in line}
    arrow = f"#board .arrow[data-action~='{action['id']}']"
    moved_or_not(page, click_and_watch(page, arrow, "slide", keys, reduced), keys, reduced)


SCENES = """async ([game, views, names, seat]) => {
  const renderer = (await import(`/static/games/${game}.js`)).default;
  document.querySelector('#scene')?.remove();
  const box = document.createElement('div');
  box.id = 'scene';
  document.body.append(box);
  const ctx = { names, seat, legal: [], over: false, act() {}, lastEvent: null, log: [] };
  ctx.toMove = [];
  for (const view of views) {
    box.replaceChildren(renderer.render(view, { ...ctx, view }));
    await new Promise((done) => requestAnimationFrame(() => done()));
  }
  return window.animated;
}"""
"""Draw a game's board from each view in turn, as the table page does; the animations."""

SIX = ["Ann", "Bob", "Cy", "Di", "Ed", "Flo"]


def goodcop_view(aim: int | None, wounded: bool) -> dict[str, Any]:
    players = [
        {"cards": [{"card": None, "wounded": wounded and i == 2}] * 3, "team": None, "alive": True}
        for i in range(4)
    ]
    players[0].update(armed=True, aim=aim)
    return {
        "players": players,
        "turn": 0,
        "phase": "action",
        "direction": "clockwise",
        "guns_in_centre": 3,
        "deck": 10,
        "hand": [],
        "discard": [],
        "to_move": [0],
    }


def noir_view(dead: list[int]) -> dict[str, Any]:
    return {
        "suspects": list(NAMES),
        "grid": [list(range(r * 5, r * 5 + 5)) for r in range(5)],
        "deceased": dead,
        "innocent": [],
        "kills": len(dead),
        "kills_to_win": 16,
        "turn": 3,
        "deck": 10,
        "hand": [],
    }


def infected_view(threat: list[str], wounds: int) -> dict[str, Any]:
    return {
        "round": 1,
        "phase": "action",
        "zombie_deck": 50 - len(threat),
        "item_deck": 40,
        "threat": [{"name": n, "value": 1, "counts": 1, "text": ""} for n in threat],
        "threat_sum": len(threat),
        "resources": {"self-defence": 0, "body-stuff": 0, "misc": 0},
        "players": [
            {"character": "Nurse", "hitpoints": 3, "wounds": wounds if i == 1 else 0, "hand": 3}
            for i in range(4)
        ],
    }


def test_a_gun_aimed_a_suspect_killed_a_threat_drawn_and_tokens_landing_move(
    server: Server, page: Page
) -> None:
    page.goto(server.http + "/")
    scenes = [
        ("goodcop", [goodcop_view(None, False), goodcop_view(2, True)], "aim", "gc-gun-0"),
        (
            "goodcop",
            [goodcop_view(None, False), goodcop_view(None, True)],
            "land",
            "gc-wounded-2-0",
        ),
        ("noir", [noir_view([]), noir_view([7])], "fall", "noir-suspect-7"),
        (
            "infected",
            [infected_view([], 0), infected_view(["Crawler"], 0)],
            "draw",
            "inf-threat-0-Crawler",
        ),
        ("infected", [infected_view([], 0), infected_view([], 1)], "land", "inf-wounds-1"),
    ]
    for game, views, kind, key in scenes:
        page.evaluate("window.animated = []")
        animated = page.evaluate(SCENES, [game, views, SIX[:4] if game != "noir" else SIX[:2], 0])
        assert [kind, key] in animated, (game, kind, animated)
        if kind == "aim":  # the aimed gun carries its own picture, as on a table's board
            gun = page.locator("#scene .token.gun > svg[data-art]").first
            assert gun.get_attribute("data-art") == "goodcop/token/gun"
        # The same view twice moves nothing (once the last motions are over: a redraw while
        # one runs carries it on).
        page.wait_for_timeout(450)
        page.evaluate("window.animated = []")
        assert page.evaluate(SCENES, [game, [views[1], views[1]], SIX[:4], 0]) == [], game


WIDTH_NOW = """() => [document.documentElement.scrollWidth, document.documentElement.clientWidth,
  document.getAnimations().length, document.querySelector('#scene .felt').style.overflowX]"""
"""The page's width and the window's, the animations running, and the board's clipping."""


def test_a_suspect_wrapping_in_from_the_edge_never_widens_a_phone_s_page(
    server: Server,
    browser: Browser,  # noqa: F811
) -> None:
    """A NOIR row shifted left on a phone: the suspect that wraps around starts one card past
    the board's right edge, and the page must not grow wider than the screen while it moves;
    once everything is still, the board clips nothing (a menu may reach past it)."""
    context = browser.new_context(viewport={"width": 390, "height": 844})
    context.add_init_script(RECORD_ANIMATIONS)
    page = context.new_page()
    page.goto(server.http + "/")
    before = noir_view([])
    after = noir_view([])
    after["grid"][0] = [*before["grid"][0][1:], before["grid"][0][0]]
    animated = page.evaluate(SCENES, ["noir", [before, after], SIX[:2], 0])
    assert ["slide", "noir-suspect-0"] in animated
    wide, window, running, clip = page.evaluate(WIDTH_NOW)
    assert running > 0, "the slide was over before it was measured"
    assert wide <= window, f"the page is {wide} px wide in a {window} px window mid-motion"
    assert clip == "clip"
    page.wait_for_function("document.getAnimations().length === 0")
    page.wait_for_function("document.querySelector('#scene .felt').style.overflowX === ''")
    context.close()


FIRST_LOAD = """() => [performance.getEntriesByType('navigation')[0],
  ...performance.getEntriesByType('resource')].reduce((sum, e) => sum + e.transferSize, 0)"""


@pytest.mark.parametrize("game_id", list(GAMES))
def test_the_table_page_s_first_load_with_its_art_is_under_300_kb(
    server: Server, page: Page, game_id: str
) -> None:
    create(page, server, game_id, GAMES[game_id])
    assert page.context.browser is not None
    fresh = page.context.browser.new_context(viewport={"width": 1280, "height": 800})
    watcher = fresh.new_page()  # nothing cached: a first visit to the table
    watcher.goto(page.url)
    watcher.wait_for_selector("#board svg[data-art]")
    watcher.wait_for_load_state("networkidle")
    loaded = watcher.evaluate(FIRST_LOAD)
    art = watcher.evaluate(
        "performance.getEntriesByType('resource').filter((e) => e.name.includes('/art/')).length"
    )
    fresh.close()
    assert art >= 5, "the art modules were not loaded"
    assert 0 < loaded < 300_000, f"the table page loads {loaded} bytes"
    print(f"{game_id}: first load {loaded} bytes")

"""Screenshots of each game's table mid-game and at its end, at 1280x800 and on a 390x844 phone,
compared with committed references, so a broken layout fails the suite.

The page is the real one, served by the real server; only its table is scripted: a seeded game
played by seeded choices, sent over the page's WebSocket (intercepted) as the server sends it,
so every run draws the same thing. A reference is stored at half size; a run passes when at most
`TOLERANCE` of its pixels differ. After a deliberate change of the look, regenerate them with
`HIDDENHAND_UPDATE_SCREENSHOTS=1 pytest tests/server/test_visual.py` and commit them.
"""

from __future__ import annotations

import io
import json
import os
import random
from pathlib import Path
from typing import Any

import httpx
import msgspec
import pytest
from PIL import Image, ImageChops
from playwright.sync_api import Browser, Page, Route, WebSocketRoute

from hiddenhand.engine import Record, State, get_game
from hiddenhand.engine.events import visible
from hiddenhand.games.stats import statistics
from hiddenhand.server.updates import choices
from tests.server.conftest import ROOT, Server
from tests.server.test_browser import browser  # noqa: F401  (the Chromium fixture)

pytestmark = pytest.mark.browser

REFERENCES = Path(__file__).parent / "visual"
UPDATE = os.environ.get("HIDDENHAND_UPDATE_SCREENSHOTS") == "1"
TOLERANCE = 0.01
"""The share of a screenshot's pixels that may differ from its reference."""
SIZES = {"desktop": (1280, 800), "phone": (390, 844)}
GAMES = {"goodcop": (6, 40), "noir": (2, 8), "infected": (4, 60)}
"""Each game's seats, and how many actions are played before the mid-game screenshot."""
SEED = 24
ME = 0
TABLE = "visual"


def played(game_id: str, moments: str) -> tuple[State, list[dict[str, Any]], Record]:
    """A seeded game played by seeded choices: to the first prompt for seat 0 after the set
    number of actions (`playing`), or to its end (`over`); with seat 0's log."""
    players, after = GAMES[game_id]
    names = ["Robin", *[f"{n} (bot)" for n in ("Bea", "Cal", "Dee", "Eli", "Fay")]][:players]
    state = get_game(game_id).start(names, {}, SEED)
    rng = random.Random(SEED)
    log: list[dict[str, Any]] = []
    while pending := state.pending():
        if moments == "playing" and len(state.history) >= after and ME in pending:
            break
        seat = rng.choice(sorted(pending))
        events = state.act(seat, rng.choice(list(pending[seat])))
        log += [e.to_json(names) for e in visible(events, ME)]
    return state, log, state.record()


def state_frame(state: State, log: list[dict[str, Any]]) -> dict[str, Any]:
    """What the server sends seat 0 (`hiddenhand.server.updates.state_message`), no clocks."""
    names, pending, outcome = state.players, state.pending(), state.outcome()
    return {
        "type": "state",
        "step": len(state.history),
        "seq": len(log),
        "view": state.view(ME),
        "events": [{"seq": i + 1, **e} for i, e in enumerate(log)],
        "to_move": sorted(pending),
        "legal": choices(pending.get(ME, ()), names),
        "deadlines": {},
        "banks": {},
        "marks": {},
        "notes": [],
        "outcome": outcome.to_json() if outcome else None,
        "results": (
            ["won" if s in outcome.winners else "lost" for s in range(len(names))]
            if outcome
            else None
        ),
    }


def table_info(server: Server, game_id: str, names: list[str]) -> dict[str, Any]:
    """A real table's answer to `GET /api/tables/{t}`, made this scripted table's."""
    players = len(names)
    made = httpx.post(
        server.http + "/api/tables",
        json={"game": game_id, "players": players, "bots": ["random"] * players},
        timeout=10,
    ).json()
    info: dict[str, Any] = httpx.get(f"{server.http}/api/tables/{made['id']}", timeout=10).json()
    table = info["table"]
    table.update(id=TABLE, names=names, status="playing", spectators=0)
    for seat, name in zip(table["seats"], names, strict=True):
        seat.update(name=name, connected=True, bot=None if name == "Robin" else "random")
    info["you"] = {"seat": ME, "token": "scripted"}
    return info


def scripted(page: Page, info: dict[str, Any], frame: dict[str, Any], summary: Any) -> None:
    """The page's table calls and WebSocket answered with the scripted game."""

    def answer(route: Route) -> None:
        path = route.request.url.split("?")[0]
        body = summary if path.endswith("/summary") else info
        route.fulfill(status=200, content_type="application/json", body=json.dumps(body))

    def socket(ws: WebSocketRoute) -> None:
        welcome = {
            "type": "welcome",
            "table": info["table"],
            "chat": [{"id": 1, "seat": 1, "name": info["table"]["names"][1], "text": "good luck"}],
            "prefs": {"autopass": False},
            "seat": ME,
        }
        ws.on_message(
            lambda _hello: [
                ws.send(json.dumps(welcome)),
                ws.send(msgspec.json.encode(frame).decode()),
            ]
        )

    page.route(f"**/api/tables/{TABLE}", answer)
    page.route(f"**/api/tables/{TABLE}/summary", answer)
    page.route_web_socket(f"**/ws/{TABLE}", socket)


def small(shot: Image.Image, width: int, height: int) -> Image.Image:
    """Half size in 64 colours: small enough to commit, fine enough to see a layout break."""
    half = shot.resize((width // 2, height // 2), Image.Resampling.LANCZOS)
    return half.quantize(64, dither=Image.Dither.NONE).convert("RGB")


def differs(shot: Image.Image, reference: Image.Image) -> float:
    """The share of pixels whose colour moved by more than a little."""
    if shot.size != reference.size:
        return 1.0
    diff = ImageChops.difference(shot, reference).convert("L").point(lambda v: 255 if v > 24 else 0)
    histogram = diff.histogram()
    return histogram[255] / (shot.size[0] * shot.size[1])


@pytest.mark.parametrize("size", list(SIZES))
@pytest.mark.parametrize("moment", ["playing", "over"])
@pytest.mark.parametrize("game_id", list(GAMES))
def test_the_table_looks_as_it_did(
    server: Server,
    browser: Browser,  # noqa: F811
    game_id: str,
    moment: str,
    size: str,
) -> None:
    state, log, record = played(game_id, moment)
    assert (state.outcome() is not None) == (moment == "over")
    info = table_info(server, game_id, state.players)
    summary = {
        "names": state.players,
        **statistics(record).to_json(),
        "ratings": [12, -7, *[None] * (len(state.players) - 2)],
    }
    width, height = SIZES[size]
    context = browser.new_context(
        viewport={"width": width, "height": height},
        has_touch=size == "phone",
        reduced_motion="reduce",
    )
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    scripted(page, info, state_frame(state, log), summary)
    page.goto(f"{server.http}/t/{TABLE}")
    page.wait_for_selector("#link-state.up")
    page.wait_for_selector("#stats-table" if moment == "over" else "#choices button")
    page.wait_for_timeout(300)  # fonts and layout settle
    png = page.screenshot(animations="disabled", caret="hide")
    context.close()
    assert errors == []
    shot = Image.open(io.BytesIO(png)).convert("RGB")
    shot = small(shot, width, height)
    name = f"{game_id}-{size}-{moment}.png"
    reference = REFERENCES / name
    if UPDATE:
        REFERENCES.mkdir(exist_ok=True)
        shot.quantize(64, dither=Image.Dither.NONE).save(reference, optimize=True)
        return
    assert reference.exists(), f"no reference {name}: HIDDENHAND_UPDATE_SCREENSHOTS=1 makes it"
    share = differs(shot, Image.open(reference).convert("RGB"))
    if share > TOLERANCE:
        out = ROOT / "screenshots"
        out.mkdir(exist_ok=True)
        shot.save(out / f"visual-{name}")
    assert share <= TOLERANCE, (
        f"{name}: {share:.1%} of the pixels differ from its reference "
        f"(this run's is screenshots/visual-{name})"
    )

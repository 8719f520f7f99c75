"""Ratings: a finished game between signed-in people moves them as openskill says; games with
a bot, a guest or a bot that took over a seat do not; leaving a rated game is a loss, below
everyone who stayed."""

from __future__ import annotations

import asyncio
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from openskill.models import PlackettLuce

from hiddenhand.server.lobby import Lobby
from hiddenhand.server.ratingscale import shown_rating
from hiddenhand.server.settings import Limits
from hiddenhand.server.storage import Storage
from tests.server.conftest import ROOMY, Client, Server
from tests.server.play import fetch_record, play_seat

PASSWORD = "correct horse battery"


@pytest.fixture(scope="module")
def srv(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    db = tmp_path_factory.mktemp("ratings") / "ratings.sqlite3"
    server = Server(f"sqlite:///{db}", limits={**ROOMY, "login_burst": 1000}).start()
    yield server
    server.stop()


def player(server: Server) -> tuple[httpx.Client, str]:
    """A browser signed in to a new account, and the account's name."""
    name = f"p{uuid.uuid4().hex[:10]}"
    client = httpx.Client(base_url=server.http, timeout=10)
    made = client.post("/api/signup", json={"name": name, "password": PASSWORD})
    assert made.status_code == 200, made.text
    return client, name


def seat_people(
    server: Server, people: list[httpx.Client], bots: list[str | None] | None = None
) -> tuple[str, dict[int, str], dict[str, Any]]:
    """A High Card table with these people seated (and bots where named); not started."""
    bots = bots or [None] * len(people)
    made = (
        people[0]
        .post(
            "/api/tables", json={"game": "highcard", "players": len(bots), "bots": bots, "clock": 0}
        )
        .json()
    )
    table, tokens = made["id"], {}
    for person in people:
        you = person.post(f"/api/tables/{table}/join", json={"name": "P"}).json()["you"]
        tokens[you["seat"]] = you["token"]
    return table, tokens, people[0].get(f"/api/tables/{table}").json()["table"]


async def play_out(server: Server, table: str, tokens: dict[int, str]) -> None:
    async def one(seat: int, token: str) -> None:
        async with Client(server.ws(table)) as client:
            await play_seat(client, token, seed=seat)

    await asyncio.gather(*(one(s, t) for s, t in tokens.items()))


def winners_of(server: Server, table: str) -> frozenset[int]:
    record = fetch_record(server.http, table)
    state = record.start()
    for _ in record.apply_to(state):
        pass
    outcome = state.outcome()
    assert outcome is not None
    return outcome.winners


def profile(client: httpx.Client, name: str) -> dict[str, Any]:
    answer = client.get(f"/api/players/{name}")
    assert answer.status_code == 200, answer.text
    return dict(answer.json())


def expected(ranks: list[float]) -> list[tuple[float, float]]:
    model = PlackettLuce()
    rated = model.rate([[model.rating()] for _ in ranks], ranks=ranks)
    return [(team[0].mu, team[0].sigma) for team in rated]


def test_a_game_between_people_moves_their_ratings_as_openskill_says(srv: Server) -> None:
    (ada, ada_name), (bo, bo_name) = player(srv), player(srv)
    table, tokens, shown = seat_people(srv, [ada, bo])
    assert shown["unrated"] is None
    ada.post(f"/api/tables/{table}/start", json={"token": tokens[0]})
    asyncio.run(play_out(srv, table, tokens))
    winners = winners_of(srv, table)
    ranks = [1.0 if seat in winners else 2.0 for seat in (0, 1)]
    for seat, (name, (mu, sigma)) in enumerate(
        zip((ada_name, bo_name), expected(ranks), strict=True)
    ):
        mine = profile(ada, name)
        [rating] = mine["ratings"]
        assert rating["game"] == "highcard" and rating["games"] == 1
        assert rating["mu"] == pytest.approx(mu, abs=1e-9)
        assert rating["sigma"] == pytest.approx(sigma, abs=1e-9)
        [game] = mine["games"]
        assert game["table"] == table and game["replay"] == f"/replay/{table}"
        assert game["rated"] is True and game["seat"] == seat
        assert game["result"] == ("won" if seat in winners else "lost" if winners else "drew")
        assert [h["table"] for h in rating["history"]] == [table]
        # One number everywhere: the profile, its plot's history, the change, the leaderboard.
        assert rating["rating"] == shown_rating(mu, sigma) == rating["history"][0]["rating"]
        assert game["change"] == rating["rating"] - rating["start"] and rating["start"] == 1500
        assert rating["provisional"] is True
        board = {p["name"]: p for p in ada.get("/api/leaderboard/highcard").json()["players"]}
        assert board[name]["rating"] == rating["rating"] and board[name]["provisional"] is True
        # The end-of-game summary (table page and replay) tells the same change.
        summary = ada.get(f"/api/tables/{table}/summary").json()
        assert summary["ratings"][seat] == game["change"]
    if len(winners) == 1:
        top = ada.get("/api/leaderboard/highcard").json()["players"]
        names = [p["name"] for p in top]
        winner = (ada_name, bo_name)[next(iter(winners))]
        loser = bo_name if winner == ada_name else ada_name
        assert names.index(winner) < names.index(loser)


def test_leaving_a_rated_game_is_a_loss_below_everyone_who_stayed(srv: Server) -> None:
    """Ada leaves; whatever the bot playing her seat on does, she is ranked below Bo, her
    rating falls and her uncertainty does not shrink."""
    (ada, ada_name), (bo, bo_name) = player(srv), player(srv)
    table, tokens, _ = seat_people(srv, [ada, bo])
    ada.post(f"/api/tables/{table}/start", json={"token": tokens[0]})
    left = ada.post(f"/api/tables/{table}/leave", json={"token": tokens[0]})
    assert left.status_code == 200
    asyncio.run(play_out(srv, table, {1: tokens[1]}))
    (ada_mu, _), (bo_mu, _) = expected([3.0, 1.0 if 1 in winners_of(srv, table) else 2.0])
    [ada_game] = profile(ada, ada_name)["games"]
    assert ada_game["result"] == "left" and ada_game["rated"] is True
    assert ada_game["change"] < 0
    [ada_rating] = profile(ada, ada_name)["ratings"]
    assert ada_rating["mu"] == pytest.approx(ada_mu, abs=1e-9) and ada_mu < 25
    assert ada_rating["sigma"] == pytest.approx(25 / 3, abs=1e-9)
    assert ada_rating["rating"] < 1500 and ada_rating["provisional"] is True
    assert profile(bo, bo_name)["ratings"][0]["mu"] == pytest.approx(bo_mu, abs=1e-9)
    assert bo_mu > 25


def test_a_game_with_a_bot_is_unrated(srv: Server) -> None:
    ada, ada_name = player(srv)
    table, tokens, shown = seat_people(srv, [ada], bots=[None, "random"])
    assert shown["unrated"] == "a bot is seated"
    ada.post(f"/api/tables/{table}/start", json={"token": tokens[0]})
    asyncio.run(play_out(srv, table, tokens))
    mine = profile(ada, ada_name)
    assert mine["ratings"] == []
    [game] = mine["games"]
    assert game["rated"] is False and game["change"] is None
    assert game["replay"] == f"/replay/{table}"


def test_a_game_with_a_guest_is_unrated(srv: Server) -> None:
    ada, ada_name = player(srv)
    guest = httpx.Client(base_url=srv.http, timeout=10)
    table, tokens, shown = seat_people(srv, [ada, guest])
    assert shown["unrated"] == "a guest is seated"
    ada.post(f"/api/tables/{table}/start", json={"token": tokens[0]})
    asyncio.run(play_out(srv, table, tokens))
    mine = profile(ada, ada_name)
    assert mine["ratings"] == [] and mine["games"][0]["rated"] is False


def test_unknown_players_and_games_are_clear_errors(srv: Server) -> None:
    with httpx.Client(base_url=srv.http, timeout=10) as client:
        nobody = client.get("/api/players/nobody_at_all")
        assert nobody.status_code == 404 and "nobody_at_all" in nobody.json()["error"]
        chess = client.get("/api/leaderboard/chess")
        assert chess.status_code == 400 and "unknown game" in chess.json()["error"]


def test_a_bot_taking_over_a_seat_makes_the_game_unrated(tmp_path: Path) -> None:
    import tests.engine.toy  # noqa: F401  (registers High Card)

    storage = Storage(f"sqlite:///{tmp_path / 'takeover.sqlite3'}")
    lobby = Lobby(storage, limits=Limits())

    async def go() -> None:
        table = lobby.create("highcard", {}, 2, [None, None], 0)
        table.sit("Ada", "account:1")
        table.sit("Bo", "account:2")
        assert table.unrated_because() is None
        table.start()
        table.seats[1].timed_out = True
        table.hand_to_bot(0, 1)
        table.take_back(1)
        assert table.unrated_because() == "a bot took over a seat"
        stored = storage.load(table.id)
        assert stored is not None and stored.meta["bot_took_over"] is True
        while table.state is not None and not table.state.over:
            seat = next(s for s in range(2) if table.state.legal(s))
            table.act(seat, table.state.legal(seat)[0].id)
        assert table.status == "over"
        await storage.actions.drain()  # actions are written off the event loop
        assert lobby.results.profile(1)["ratings"] == []
        [game] = lobby.results.profile(1)["games"]
        assert game["rated"] is False and game["table"] == table.id

    try:
        asyncio.run(go())
    finally:
        lobby.close()
        storage.close()


def test_a_seat_handed_to_a_bot_and_never_taken_back_still_takes_its_loss(
    tmp_path: Path,
) -> None:
    """The others' game is unrated from the hand-over on; the one who stayed away is ranked
    below them all the same (else going idle would be a way out of a loss)."""
    import tests.engine.toy  # noqa: F401  (registers High Card)

    storage = Storage(f"sqlite:///{tmp_path / 'away.sqlite3'}")
    lobby = Lobby(storage, limits=Limits())

    async def go() -> None:
        table = lobby.create("highcard", {}, 2, [None, None], 0)
        table.sit("Ada", "account:1")
        table.sit("Bo", "account:2")
        table.start()
        table.seats[1].timed_out = True
        table.hand_to_bot(0, 1)
        assert table.unrated_because() == "a bot took over a seat"
        while table.state is not None and not table.state.over:
            if table.state.legal(0):
                table.act(0, table.state.legal(0)[0].id)
            else:
                table.act(1, table.state.legal(1)[0].id, mark="away", auto=True)
        await storage.actions.drain()
        assert lobby.results.profile(1)["ratings"] == []
        [ada_game] = lobby.results.profile(1)["games"]
        assert ada_game["rated"] is False and ada_game["result"] in ("won", "lost", "drew")
        [bo_rating] = lobby.results.profile(2)["ratings"]
        [bo_game] = lobby.results.profile(2)["games"]
        assert bo_game["result"] == "left" and bo_game["rated"] is True
        assert bo_rating["mu"] < 25 and bo_game["change"] < 0

    try:
        asyncio.run(go())
    finally:
        lobby.close()
        storage.close()


def test_a_fault_working_out_results_does_not_stop_the_game_ending(tmp_path: Path) -> None:
    import tests.engine.toy  # noqa: F401  (registers High Card)

    storage = Storage(f"sqlite:///{tmp_path / 'fault.sqlite3'}")
    lobby = Lobby(storage, limits=Limits())

    def broken(table: Any) -> None:
        raise RuntimeError("ratings are broken")

    async def go() -> None:
        table = lobby.create("highcard", {}, 2, [None, None], 0)
        table.sit("Ada", "account:1")
        table.sit("Bo", "account:2")
        table.on_over = broken
        table.start()
        while table.state is not None and not table.state.over:
            seat = next(s for s in range(2) if table.state.legal(s))
            table.act(seat, table.state.legal(seat)[0].id)
        assert table.status == "over"
        await storage.actions.drain()  # actions are written off the event loop
        stored = storage.load(table.id)
        assert stored is not None and stored.status == "over"
        assert lobby.results.profile(1)["games"] == []

    try:
        asyncio.run(go())
    finally:
        lobby.close()
        storage.close()


def test_a_signed_in_person_sits_under_the_account_s_name(srv: Server) -> None:
    """Whatever name is typed (the page sends "Guest" for an empty box): a signed-in person
    sits as their account, creating the table or joining it; a typed name is a guest's."""
    (ada, ada_name), (bo, bo_name) = player(srv), player(srv)
    guest = httpx.Client(base_url=srv.http, timeout=10)
    made = ada.post(
        "/api/tables", json={"game": "highcard", "players": 3, "clock": 0, "name": "Guest"}
    ).json()
    table = made["id"]
    bo.post(f"/api/tables/{table}/join", json={"name": "Guest"}).raise_for_status()
    guest.post(f"/api/tables/{table}/join", json={"name": "Zed"}).raise_for_status()
    seats = guest.get(f"/api/tables/{table}").json()["table"]["seats"]
    assert [s["name"] for s in seats] == [ada_name, bo_name, "Zed"]

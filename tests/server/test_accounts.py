"""Accounts: sign-up, sign-in, sessions, seats that follow a player, and the refusals."""

from __future__ import annotations

import time
import uuid
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
import sqlalchemy as sa

from hiddenhand.server.sessions import SESSION_COOKIE, Sessions
from hiddenhand.server.storage import accounts_table, secrets_table
from tests.server.conftest import ROOMY, Server

PASSWORD = "correct horse battery"


@pytest.fixture(scope="module")
def srv(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    db = tmp_path_factory.mktemp("accounts") / "accounts.sqlite3"
    server = Server(f"sqlite:///{db}", limits={**ROOMY, "login_burst": 1000}).start()
    yield server
    server.stop()


def unique_name() -> str:
    return f"p{uuid.uuid4().hex[:10]}"


def browser(server: Server) -> httpx.Client:
    """One browser: its own cookie jar."""
    return httpx.Client(base_url=server.http, timeout=10)


def sign_up(client: httpx.Client, name: str, password: str = PASSWORD) -> httpx.Response:
    return client.post("/api/signup", json={"name": name, "password": password})


def sign_in(client: httpx.Client, name: str, password: str = PASSWORD) -> httpx.Response:
    return client.post("/api/login", json={"name": name, "password": password})


def test_sign_up_signs_in_and_me_names_the_account(srv: Server) -> None:
    name = unique_name()
    with browser(srv) as ada:
        assert ada.get("/api/me").json() == {"account": None}
        made = sign_up(ada, name)
        assert made.status_code == 200, made.text
        assert made.json()["account"]["name"] == name
        assert SESSION_COOKIE in ada.cookies
        me = ada.get("/api/me").json()["account"]
        assert me["name"] == name and me["profile"] == f"/profile/{name}"


def test_sign_in_from_another_browser_and_wrong_password(srv: Server) -> None:
    name = unique_name()
    with browser(srv) as first, browser(srv) as second:
        assert sign_up(first, name).status_code == 200
        wrong = sign_in(second, name, "not the password")
        assert wrong.status_code == 401
        assert wrong.json() == {"error": "wrong username or password"}
        assert SESSION_COOKIE not in second.cookies
        assert second.get("/api/me").json() == {"account": None}
        nobody = sign_in(second, unique_name())
        assert nobody.status_code == 401 and nobody.json() == wrong.json()
        right = sign_in(second, name.upper())
        assert right.status_code == 200, right.text
        assert second.get("/api/me").json()["account"]["name"] == name


def test_sign_out_ends_the_session(srv: Server) -> None:
    with browser(srv) as ada:
        sign_up(ada, unique_name())
        assert ada.post("/api/logout").status_code == 200
        assert ada.get("/api/me").json() == {"account": None}


@pytest.mark.parametrize(
    ("name", "password", "error"),
    [
        ("ab", PASSWORD, "a username is 3 to 24 characters"),
        ("x" * 25, PASSWORD, "a username is 3 to 24 characters"),
        ("bad name", PASSWORD, "a username is 3 to 24 characters"),
        ("<script>", PASSWORD, "a username is 3 to 24 characters"),
        ("Zoë_player", PASSWORD, "a username is 3 to 24 characters"),
        ("GOODNAME", "short", "a password is 8 to 128 characters"),
        ("GOODNAME", "p" * 129, "a password is 8 to 128 characters"),
    ],
)
def test_bad_names_and_passwords_are_refused_and_store_nothing(
    srv: Server, name: str, password: str, error: str
) -> None:
    with browser(srv) as client:
        refused = sign_up(client, name, password)
        assert refused.status_code == 400
        assert refused.json()["error"].startswith(error)
        assert SESSION_COOKIE not in client.cookies
        assert client.get(f"/api/players/{name}").status_code in (404, 400)


def test_malformed_bodies_get_clear_errors(srv: Server) -> None:
    with browser(srv) as client:
        missing = client.post("/api/signup", json={"name": unique_name()})
        assert missing.status_code == 400 and "password" in missing.json()["error"]
        extra = client.post("/api/login", json={"name": "abc", "password": PASSWORD, "admin": True})
        assert extra.status_code == 400 and "admin" in extra.json()["error"]
        huge = client.post("/api/signup", json={"name": "a" * 500, "password": PASSWORD})
        assert huge.status_code == 400


def test_names_are_unique_whatever_the_case(srv: Server) -> None:
    name = unique_name()
    with browser(srv) as one, browser(srv) as two:
        assert sign_up(one, name).status_code == 200
        taken = sign_up(two, name.upper())
        assert taken.status_code == 409 and "taken" in taken.json()["error"]
        assert SESSION_COOKIE not in two.cookies


def test_no_answer_carries_a_password_hash_or_the_key(srv: Server) -> None:
    name = unique_name()
    with browser(srv) as ada:
        answers = [sign_up(ada, name), sign_in(ada, name)]
        answers += [ada.get(path) for path in ("/api/me", f"/api/players/{name}", "/api/tables")]
    engine = sa.create_engine(srv.db)
    with engine.connect() as conn:
        key = conn.execute(sa.select(secrets_table.c.value)).scalar_one()
        digest = conn.execute(
            sa.select(accounts_table.c.password_hash).where(accounts_table.c.name == name)
        ).scalar_one()
    engine.dispose()
    for answer in answers:
        seen = answer.text + " ".join(answer.headers.get_list("set-cookie"))
        assert "argon2" not in seen and "password" not in answer.text.lower()
        assert key not in seen and digest not in seen and PASSWORD not in seen


def test_a_forged_or_changed_session_is_no_session(srv: Server) -> None:
    with browser(srv) as ada:
        sign_up(ada, unique_name())
        real = ada.cookies[SESSION_COOKIE]
        account, expires, signature = real.split(".")
        forged = [
            f"{int(account) + 1}.{expires}.{signature}",
            f"{account}.{int(expires) + 10**6}.{signature}",
            f"{account}.{expires}.{signature[:-2]}AA",
            "1.99999999999.x",
        ]
        for cookie in forged:
            with browser(srv) as other:
                other.cookies.set(SESSION_COOKIE, cookie)
                assert other.get("/api/me").json() == {"account": None}


def test_state_changing_calls_from_another_site_are_refused(srv: Server) -> None:
    with browser(srv) as client:
        refused = client.post(
            "/api/signup",
            json={"name": unique_name(), "password": PASSWORD},
            headers={"Origin": "http://evil.example"},
        )
        assert refused.status_code == 403
        assert SESSION_COOKIE not in client.cookies


def test_a_seat_taken_signed_in_resumes_in_another_browser(srv: Server) -> None:
    name = unique_name()
    with browser(srv) as laptop, browser(srv) as phone, browser(srv) as stranger:
        sign_up(laptop, name)
        table = laptop.post("/api/tables", json={"game": "highcard", "players": 2}).json()["id"]
        joined = laptop.post(f"/api/tables/{table}/join", json={"name": "Ada"}).json()["you"]
        assert stranger.get(f"/api/tables/{table}").json()["you"] is None
        assert phone.get(f"/api/tables/{table}").json()["you"] is None
        sign_in(phone, name)
        assert phone.get(f"/api/tables/{table}").json()["you"] == joined
        mine = phone.get("/api/me/tables").json()
        assert [t["id"] for t in mine] == [table]
        assert stranger.get("/api/me/tables").json() == []


def test_a_guest_who_signs_up_keeps_their_seats(srv: Server) -> None:
    name = unique_name()
    with browser(srv) as guest, browser(srv) as elsewhere:
        table = guest.post("/api/tables", json={"game": "highcard", "players": 2}).json()["id"]
        seat = guest.post(f"/api/tables/{table}/join", json={"name": "Bo"}).json()["you"]
        made = sign_up(guest, name)
        assert made.json()["seats"] == 1
        assert guest.get(f"/api/tables/{table}").json()["you"] == seat
        sign_in(elsewhere, name)
        assert elsewhere.get(f"/api/tables/{table}").json()["you"] == seat
        guest.post("/api/logout")
        assert guest.get(f"/api/tables/{table}").json()["you"] is None


def test_sign_in_attempts_are_limited(tmp_path: Path) -> None:
    server = Server(
        f"sqlite:///{tmp_path / 'limited.sqlite3'}",
        limits={**ROOMY, "login_burst": 3, "login_every": 60},
    ).start()
    try:
        with browser(server) as client:
            answers = [
                sign_in(client, "nobody_here", "wrong password").status_code for _ in range(4)
            ]
            assert answers == [401, 401, 401, 429]
            limited = sign_in(client, "nobody_here", "wrong password")
            assert "too many" in limited.json()["error"]
    finally:
        server.stop()


def test_sessions_expire(tmp_path: Path) -> None:
    server = Server(
        f"sqlite:///{tmp_path / 'expiry.sqlite3'}", limits={**ROOMY, "session_seconds": 2}
    ).start()
    try:
        with browser(server) as client:
            sign_up(client, unique_name())
            assert client.get("/api/me").json()["account"] is not None
            cookie = client.cookies[SESSION_COOKIE]
        time.sleep(3)
        with browser(server) as later:  # the old cookie, sent on after its time
            later.cookies.set(SESSION_COOKIE, cookie)
            assert later.get("/api/me").json() == {"account": None}
    finally:
        server.stop()


def test_session_cookies_check_signature_and_expiry() -> None:
    sessions = Sessions(b"k" * 32, seconds=100)
    cookie = sessions.issue(7, now=1000.0)
    assert sessions.read(cookie, now=1099.0) == 7
    assert sessions.read(cookie, now=1100.0) is None
    assert Sessions(b"j" * 32, seconds=100).read(cookie, now=1000.0) is None
    assert sessions.read("7.1100", now=1000.0) is None
    assert sessions.read("é" * 10, now=1000.0) is None


def test_the_lobby_lists_one_game_or_my_tables_waiting_first(srv: Server) -> None:
    with browser(srv) as ada, browser(srv) as bo:
        sign_up(ada, unique_name())
        noir = ada.post("/api/tables", json={"game": "noir", "players": 2}).json()["id"]
        ada.post(f"/api/tables/{noir}/join", json={"name": "Ada"})
        cards = bo.post("/api/tables", json={"game": "highcard", "players": 2}).json()["id"]
        playing = bo.post(
            "/api/tables",
            json={"game": "highcard", "players": 2, "bots": [None, "random"], "name": "Bo"},
        ).json()
        bo.post(f"/api/tables/{playing['id']}/start", json={"token": playing["you"]["token"]})
        playing = playing["id"]
        listed = [t["id"] for t in ada.get("/api/tables", params={"game": "highcard"}).json()]
        assert cards in listed and noir not in listed
        assert listed.index(cards) < listed.index(playing)
        assert [t["id"] for t in ada.get("/api/tables", params={"mine": "1"}).json()] == [noir]
        assert [t["id"] for t in bo.get("/api/tables", params={"mine": "1"}).json()] == [playing]
        unknown = ada.get("/api/tables", params={"game": "chess"})
        assert unknown.status_code == 400 and "unknown game" in unknown.json()["error"]


def test_profile_and_leaderboard_pages_are_served(srv: Server) -> None:
    with browser(srv) as client:
        profile = client.get("/profile/someone")
        assert profile.status_code == 200 and "/static/profile.js" in profile.text
        board = client.get("/leaderboard/noir")
        assert board.status_code == 200 and "/static/leaderboard.js" in board.text
        for script in ("account.js", "profile.js", "leaderboard.js", "ratingplot.js"):
            assert client.get(f"/static/{script}").status_code == 200

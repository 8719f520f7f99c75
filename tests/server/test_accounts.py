"""Accounts: sign-up, sign-in, sessions, seats that follow a player, and the refusals."""

from __future__ import annotations

import time
import uuid
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
import sqlalchemy as sa

from hiddenhand.server.guests import GUEST_COOKIE
from hiddenhand.server.sessions import SESSION_COOKIE
from hiddenhand.server.storage import accounts_table, secrets_table
from hiddenhand.server.throttle import Backoff
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


def copy_of(server: Server, cookie: str) -> httpx.Client:
    """Another browser holding a copy of a session cookie (stolen, or left on a computer)."""
    other = browser(server)
    other.cookies.set(SESSION_COOKIE, cookie)
    return other


def test_a_copied_cookie_is_refused_once_its_session_is_signed_out(srv: Server) -> None:
    name = unique_name()
    with browser(srv) as ada:
        sign_up(ada, name)
        with copy_of(srv, ada.cookies[SESSION_COOKIE]) as thief:
            assert thief.get("/api/me").json()["account"]["name"] == name
            assert ada.post("/api/logout").status_code == 200
            assert thief.get("/api/me").json() == {"account": None}
            assert thief.get("/api/me/sessions").status_code == 401


def test_sign_out_everywhere_ends_every_session_of_the_account(srv: Server) -> None:
    name = unique_name()
    firefox = "Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0"
    with browser(srv) as laptop, browser(srv) as phone, browser(srv) as other:
        sign_up(laptop, name)
        phone.headers["User-Agent"] = firefox
        sign_in(phone, name)
        sign_up(other, unique_name())  # another account's session is not touched
        listed = phone.get("/api/me/sessions").json()["sessions"]
        assert len(listed) == 2 and [s["current"] for s in listed] == [True, False]
        assert listed[0]["browser"] == "Firefox on Linux" and listed[0]["address"] == "127.0.0.x"
        assert listed[1]["browser"] == "a Python program"
        seen = " ".join(str(s) for s in listed)
        assert laptop.cookies[SESSION_COOKIE] not in seen and "id" not in listed[0]
        copies = [copy_of(srv, c.cookies[SESSION_COOKIE]) for c in (laptop, phone)]
        ended = laptop.post("/api/logout-everywhere")
        assert ended.status_code == 200 and ended.json() == {"account": None, "ended": 2}
        for client in (laptop, phone, *copies):
            assert client.get("/api/me").json() == {"account": None}
        for copy in copies:
            copy.close()
        assert other.get("/api/me").json()["account"] is not None
        refused = laptop.post("/api/logout-everywhere")
        assert refused.status_code == 401 and refused.json() == {"error": "sign in first"}
        assert sign_in(laptop, name).status_code == 200  # signing in again works as before


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
        assert ada.get("/api/me").json()["account"] is not None
        forged = [
            real[:-2] + ("AA" if real[-2:] != "AA" else "BB"),
            real + "x",
            real[1:],
            "1.99999999999.x",  # the shape of the signed cookies of old
            "%C3%A9" * 10,
            "x" * 500,
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


def test_a_guest_id_the_server_did_not_sign_is_no_guest(srv: Server) -> None:
    """A planted `hh_guest` cookie (the victim's id without its signature, or with a forged
    one) reads nothing of the victim's seat, and signing up with it takes none of their seats:
    the server ignores it and issues a fresh id of its own."""
    with browser(srv) as victim:
        table = victim.post("/api/tables", json={"game": "highcard", "players": 2}).json()["id"]
        seat = victim.post(f"/api/tables/{table}/join", json={"name": "Vic"}).json()["you"]
        guest, dot, signature = victim.cookies[GUEST_COOKIE].partition(".")
        assert dot and len(guest) == 32 and signature
        planted = [guest, f"{guest}.", f"{guest}.{signature[:-2]}AA", f"{guest}.{guest}", "a" * 32]
        for cookie in planted:
            with browser(srv) as attacker:
                attacker.cookies.set(GUEST_COOKIE, cookie)
                shown = attacker.get(f"/api/tables/{table}")
                assert shown.json()["you"] is None
                issued = shown.cookies[GUEST_COOKIE]
                assert issued != cookie and not issued.startswith(guest)
        with browser(srv) as attacker:
            attacker.cookies.set(GUEST_COOKIE, guest)
            made = sign_up(attacker, unique_name())
            assert made.status_code == 200 and made.json()["seats"] == 0
            assert attacker.get("/api/me/tables").json() == []
        assert victim.get(f"/api/tables/{table}").json()["you"] == seat
        assert [t["id"] for t in victim.get("/api/me/tables").json()] == [table]


class ProxiedServer(Server):
    """Behind a trusted reverse proxy on 127.0.0.1: a request's `X-Forwarded-For` is its
    address, so one test can speak from several."""

    def command(self) -> list[str]:
        return [*super().command(), "--trust-proxy", "127.0.0.1"]


def from_address(server: Server, address: str) -> httpx.Client:
    return httpx.Client(base_url=server.http, timeout=10, headers={"X-Forwarded-For": address})


def test_wrong_passwords_hold_up_their_address_never_the_owner(tmp_path: Path) -> None:
    """An attacker's guesses lock only the attacker's (address, username) pair, and past more
    failures the address, with a wait that doubles; the owner from another address signs in at
    once with the right password."""
    limits = {
        **ROOMY,
        "login_burst": 1000,
        "login_free_failures": 3,
        "login_address_failures": 6,
        "login_backoff": 1,
        "login_backoff_most": 60,
    }
    server = ProxiedServer(f"sqlite:///{tmp_path / 'guessed.sqlite3'}", limits=limits).start()
    name, other = unique_name(), unique_name()
    try:
        with (
            from_address(server, "198.51.100.1") as owner,
            from_address(server, "198.51.100.7") as owner_away,
            from_address(server, "203.0.113.9") as attacker,
        ):
            assert sign_up(owner, name).status_code == 200
            guesses = [sign_in(attacker, name, f"guess {i}") for i in range(5)]
            assert [g.status_code for g in guesses] == [401, 401, 401, 429, 429]
            assert "try again in 1 s" in guesses[3].json()["error"]
            assert sign_in(attacker, name).status_code == 429  # the pair waits, right or wrong
            assert sign_in(owner_away, name).status_code == 200  # at once, from elsewhere
            assert sign_in(owner, name).status_code == 200
            time.sleep(1.1)
            assert sign_in(attacker, name, "one more guess").status_code == 401
            doubled = sign_in(attacker, name, "and another")
            assert doubled.status_code == 429 and "try again in 2 s" in doubled.json()["error"]
            # the address's failures over every username: 4 so far, 6 free
            tries = [sign_in(attacker, other, "x" * 8).status_code for _ in range(3)]
            assert tries == [401, 401, 429]
            assert sign_in(owner_away, other, "x" * 8).status_code == 401  # not held up
            assert sign_in(owner_away, name).status_code == 200
    finally:
        server.stop()


def test_a_wait_doubles_with_each_failure_up_to_its_ceiling() -> None:
    backoff = Backoff(free=2, first=1.0, most=8.0)
    waits = []
    now = 0.0
    for _ in range(7):
        backoff.failed("pair", now)
        waits.append(backoff.wait("pair", now))
        now += waits[-1]  # the next try comes as soon as it may
    assert waits == [0.0, 1.0, 2.0, 4.0, 8.0, 8.0, 8.0]
    assert backoff.wait("another pair", now) == 0.0
    backoff.succeeded("pair")
    assert backoff.wait("pair", now) == 0.0
    backoff.failed("quiet", 0.0)
    backoff.failed("quiet", 0.0)
    backoff.forget_idle(15.0)
    assert backoff.wait("quiet", 15.0) == 0.0 and len(backoff) == 1  # waited, not forgotten
    backoff.forget_idle(16.0)  # quiet for twice the ceiling: as if never seen
    assert len(backoff) == 0


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

"""Accounts, the session key and results in the store itself, on SQLite and PostgreSQL."""

from __future__ import annotations

import asyncio

import pytest
from argon2 import PasswordHasher
from openskill.models import PlackettLuce
from sqlalchemy import select, update

from hiddenhand.server.accounts import Accounts
from hiddenhand.server.errors import Refused
from hiddenhand.server.guests import KEY_NAME as GUEST_KEY
from hiddenhand.server.guests import GuestIds
from hiddenhand.server.lobby import Lobby
from hiddenhand.server.sessions import Sessions, store_key
from hiddenhand.server.settings import Limits
from hiddenhand.server.storage import Storage, accounts_table, sessions_table

PASSWORD = "correct horse battery"


def test_accounts_are_kept_hashed_and_unique(db_url: str) -> None:
    storage = Storage(db_url)
    try:
        accounts = Accounts(storage)
        ada = accounts.create("Ada_1", PASSWORD)
        assert accounts.verify("ada_1", PASSWORD) == ada
        with pytest.raises(Refused, match="wrong username or password"):
            accounts.verify("Ada_1", "another password")
        with pytest.raises(Refused, match="taken") as taken:
            accounts.create("ADA_1", PASSWORD)
        assert taken.value.status == 409
        with storage.engine.connect() as conn:
            stored = conn.execute(select(accounts_table.c.password_hash)).scalar_one()
        assert stored.startswith("$argon2") and PASSWORD not in stored
        assert accounts.by_name("ada_1") == ada and accounts.get(ada.id) == ada
    finally:
        storage.close()


def test_an_old_hash_is_renewed_at_sign_in(db_url: str) -> None:
    storage = Storage(db_url)
    try:
        accounts = Accounts(storage)
        ada = accounts.create("Ada", PASSWORD)
        weak = PasswordHasher(time_cost=1, memory_cost=8192).hash(PASSWORD)
        with storage.engine.begin() as conn:
            conn.execute(update(accounts_table).values(password_hash=weak))
        assert accounts.verify("Ada", PASSWORD) == ada
        with storage.engine.connect() as conn:
            renewed = conn.execute(select(accounts_table.c.password_hash)).scalar_one()
        assert renewed != weak and not PasswordHasher().check_needs_rehash(renewed)
    finally:
        storage.close()


def test_the_session_key_is_made_once_per_store(db_url: str) -> None:
    storage = Storage(db_url)
    try:
        key = store_key(storage)
        assert len(key) == 32 and store_key(storage) == key
    finally:
        storage.close()


def test_sessions_are_rows_ended_at_once_and_kept_only_as_a_digest(db_url: str) -> None:
    storage = Storage(db_url)
    try:
        ada, bo = (
            Accounts(storage).create("Ada", PASSWORD),
            Accounts(storage).create("Bo1", PASSWORD),
        )
        sessions = Sessions(storage, seconds=100)
        laptop = sessions.issue(ada.id, "Firefox/128 (Windows NT 10.0)", "203.0.113.5", now=1000.0)
        phone = sessions.issue(ada.id, "Safari/605 (iPhone)", "2001:db8:1:2::7", now=1010.0)
        other = sessions.issue(bo.id, now=1000.0)
        assert sessions.read(laptop, now=1099.0) == ada.id
        assert sessions.read(laptop, now=1100.0) is None  # expired
        for junk in (None, "", "é" * 10, laptop[:-1], "x" * 500):
            assert sessions.read(junk, now=1000.0) is None
        with storage.engine.connect() as conn:
            kept = conn.execute(select(sessions_table.c.id)).scalars().all()
        assert laptop not in kept and len(kept) == 3
        listed = sessions.listed(ada.id, phone, now=1050.0)
        assert [(s["browser"], s["address"], s["current"]) for s in listed] == [
            ("Safari on iOS", "2001:db8:1::…", True),
            ("Firefox on Windows", "203.0.113.x", False),
        ]
        sessions.end(phone)
        assert sessions.read(phone, now=1050.0) is None
        assert sessions.read(laptop, now=1050.0) == ada.id
        assert sessions.end_all(ada.id) == 1
        assert sessions.read(laptop, now=1050.0) is None
        assert sessions.read(other, now=1050.0) == bo.id
        assert Sessions(storage, seconds=100).read(other, now=1050.0) == bo.id  # another process
    finally:
        storage.close()


def test_guest_ids_are_signed_with_a_key_every_process_shares(db_url: str) -> None:
    storage = Storage(db_url)
    try:
        guest, cookie = GuestIds(store_key(storage, GUEST_KEY)).issue()
        assert store_key(storage, GUEST_KEY) != store_key(storage)  # a key for each purpose
    finally:
        storage.close()
    reopened = Storage(db_url)  # a restart, or another process on the store
    try:
        guests = GuestIds(store_key(reopened, GUEST_KEY))
        assert guests.read(cookie) == guest
        assert GuestIds(b"another key" * 3).read(cookie) is None
        for forged in (guest, f"{guest}.", cookie[:-1], f"{'0' * 32}.{cookie.split('.')[1]}"):
            assert guests.read(forged) is None
    finally:
        reopened.close()


def test_a_rated_game_is_recorded_in_the_store(db_url: str) -> None:
    import tests.engine.toy  # noqa: F401  (registers High Card)

    storage = Storage(db_url)
    lobby = Lobby(storage, limits=Limits())

    async def go() -> None:
        table = lobby.create("highcard", {}, 2, [None, None], 0)
        table.sit("Ada", "account:1")
        table.sit("Bo", "account:2")
        table.start()
        while table.state is not None and not table.state.over:
            seat = next(s for s in range(2) if table.state.legal(s))
            table.act(seat, table.state.legal(seat)[0].id)
        await storage.actions.drain()  # actions are written off the event loop
        assert table.state is not None
        outcome = table.state.outcome()
        assert outcome is not None
        model = PlackettLuce()
        ranks = [1.0 if s in outcome.winners else 2.0 for s in range(2)]
        expected = model.rate([[model.rating()], [model.rating()]], ranks=ranks)
        for seat, account in enumerate((1, 2)):
            [rating] = lobby.results.profile(account)["ratings"]
            assert rating["mu"] == pytest.approx(expected[seat][0].mu, abs=1e-9)
            assert rating["sigma"] == pytest.approx(expected[seat][0].sigma, abs=1e-9)
        lobby.results.record(table)  # a second call for the same table changes nothing
        assert lobby.results.profile(1)["ratings"][0]["games"] == 1

    accounts = Accounts(storage)
    accounts.create("Ada", PASSWORD)
    accounts.create("Bo_b", PASSWORD)
    try:
        asyncio.run(go())
        board = lobby.results.leaderboard("highcard")
        assert {p["name"] for p in board} == {"Ada", "Bo_b"}
    finally:
        lobby.close()
        storage.close()

"""Moderation rows in the store, on SQLite and PostgreSQL: roles, bans, mutes, blocks, reports
and the audit log."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from hiddenhand.server.accounts import Account, Accounts
from hiddenhand.server.errors import Refused
from hiddenhand.server.moderation import BLOCK, MUTE, Moderation
from hiddenhand.server.operators import Operators
from hiddenhand.server.sessions import Sessions
from hiddenhand.server.storage import Storage


@pytest.fixture
def store(db_url: str) -> Iterator[Storage]:
    storage = Storage(db_url)
    yield storage
    storage.close()


def made(storage: Storage, *names: str) -> list[Account]:
    accounts = Accounts(storage)
    return [accounts.create(name, "a long password") for name in names]


def test_blocks_keep_two_accounts_apart_both_ways_and_mutes_do_not(store: Storage) -> None:
    ada, bob, cy = made(store, "ada", "bob", "cyd")
    moderation = Moderation(store)
    assert moderation.relate(ada.id, bob, BLOCK)
    assert not moderation.relate(ada.id, bob, BLOCK)  # once is enough
    assert moderation.relate(ada.id, cy, MUTE)
    assert moderation.blocked_with(ada.identity, [bob.identity, "someguest"]) == "bob"
    assert moderation.blocked_with(bob.identity, [cy.identity, ada.identity]) == "ada"
    assert moderation.blocked_with(cy.identity, [ada.identity, bob.identity]) is None
    assert moderation.blocked_with("someguest", [ada.identity]) is None
    assert moderation.avoided(bob.id) == {ada.identity}
    assert moderation.relations(ada.id) == {MUTE: ["cyd"], BLOCK: ["bob"]}
    assert moderation.hidden_chat(ada.id) == {"bob", "cyd"}
    assert moderation.hidden_chat(bob.id) == frozenset()  # a block hides the blocked's chat only
    assert moderation.unrelate(ada.id, bob, BLOCK)
    assert moderation.blocked_with(ada.identity, [bob.identity]) is None
    with pytest.raises(Refused, match="you cannot block yourself"):
        moderation.relate(ada.id, ada, BLOCK)


def test_operators_acts_change_standing_and_are_logged(store: Storage) -> None:
    _, bob = made(store, "boss", "bob")
    sessions = Sessions(store, 3600)
    cookies = [sessions.issue(bob.id) for _ in range(2)]
    acts = Operators(Moderation(store), sessions)
    acts.set_operator("command line (root)", "boss", True)
    account, ended = acts.ban("boss", "BOB", "spam")
    assert account == bob and ended == 2
    assert all(sessions.read(cookie) is None for cookie in cookies)
    assert acts.moderation.standing(bob.id).banned
    with pytest.raises(Refused, match="this account is banned"):
        Accounts(store).verify("bob", "a long password")
    with pytest.raises(Refused, match="banned already"):
        acts.ban("boss", "bob", "again")
    with pytest.raises(Refused, match="there is no account 'nobody'"):
        acts.ban("boss", "nobody", "x")
    acts.mute("boss", "bob", "")
    assert acts.moderation.chat_refusal(bob.identity) == "an operator has muted your chat"
    acts.unmute("boss", "bob")
    acts.unban("boss", "bob")
    assert Accounts(store).verify("bob", "a long password") == bob
    log = [(a["operator"], a["act"], a["target"], a["detail"]) for a in acts.moderation.audit_log()]
    assert log == [
        ("boss", "unban", "bob", ""),
        ("boss", "unmute", "bob", ""),
        ("boss", "mute", "bob", "no reason given"),
        ("boss", "ban", "bob", "spam"),
        ("command line (root)", "make-operator", "boss", ""),
    ]


def test_reports_keep_chat_and_view_and_name_guests_as_such(store: Storage) -> None:
    ada, bob = made(store, "ada", "bob")
    moderation = Moderation(store)
    chat = [{"id": 1, "seat": 1, "name": "bob", "text": "rude", "account": "bob"}]
    first = moderation.report(ada.id, bob.identity, "bob", "rude", "t1", chat, {"table": {}})
    second = moderation.report(ada.id, "0123456789abcdef0123456789abcdef", "Zed", "spam")
    listed = moderation.reports()
    assert [r["id"] for r in listed] == [second, first]
    assert listed[1]["chat"] == chat and listed[1]["view"] == {"table": {}}
    assert listed[1]["account"] and listed[1]["reporter"] == "ada"
    assert listed[0]["reported"] == "Zed" and not listed[0]["account"]
    assert "0123456789abcdef" not in str(listed[0])  # a guest's id stays in the store

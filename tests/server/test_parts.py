"""The server's small parts on their own: message decoding, chat rules, the clock, storage."""

from __future__ import annotations

from pathlib import Path

import pytest
from sqlalchemy.exc import IntegrityError

from hiddenhand.server.chat import ChatRefused, FloodGuard, clean_line, clean_name
from hiddenhand.server.clock import RESERVE, TurnClock
from hiddenhand.server.protocol import MAX_MESSAGE_BYTES, Act, Hello, ProtocolError, decode
from hiddenhand.server.storage import Storage, StoredTable, engine_url


def test_messages_decode_to_their_types() -> None:
    assert decode('{"type": "hello", "token": "t", "since": 3}') == Hello(token="t", since=3)
    assert decode(b'{"type": "act", "action": 4, "step": 9}') == Act(action=4, step=9)


@pytest.mark.parametrize(
    ("raw", "code"),
    [
        ("nope", "malformed"),
        ("42", "bad-message"),
        ('{"action": 1}', "unknown-type"),
        ('{"type": "fly"}', "unknown-type"),
        ('{"type": "act", "action": true}', "bad-message"),
        ('{"type": "act", "action": 1, "extra": 2}', "bad-message"),
        ('{"type": "chat", "text": "' + "a" * MAX_MESSAGE_BYTES + '"}', "too-large"),
    ],
)
def test_bad_messages_are_refused_with_a_code(raw: str, code: str) -> None:
    with pytest.raises(ProtocolError) as caught:
        decode(raw)
    assert caught.value.code == code


def test_chat_is_plain_short_text() -> None:
    assert clean_line("  gg  ") == "gg"
    assert clean_line("3 < 4 and 5 > 2") == "3 < 4 and 5 > 2"
    for bad in ("<img src=x>", "</div>", "<!-- x -->", "", "a" * 301, "bell\x07"):
        with pytest.raises(ChatRefused):
            clean_line(bad)
    assert clean_name("  Ann   Lee ") == "Ann Lee"
    for bad in ("", "x" * 25, "<b>", "{p1}"):
        with pytest.raises(ChatRefused):
            clean_name(bad)


def test_the_flood_guard_allows_a_burst_then_one_a_second() -> None:
    guard = FloodGuard(burst=3, every=1.0)
    assert [guard.allow("a", now=0.0) for _ in range(4)] == [True, True, True, False]
    assert guard.allow("b", now=0.0)
    assert not guard.allow("a", now=0.5)
    assert guard.allow("a", now=1.6)


def test_seats_asked_together_get_the_same_deadline_whatever_their_banks() -> None:
    """A window gives every person asked the same time, one decision's worth, apart from the
    banks: a bank that grew on earlier turns buys nothing in a window, and the window's time
    left over is not banked."""
    clock = TurnClock(30)
    clock.update([0], acted=None, now=0.0)
    clock.update([1], acted=0, now=1.0)  # seat 0 acted in 1 s: 29 s stay in its bank
    clock.update([0, 1, 2], acted=1, now=2.0, together=True)
    assert clock.deadlines == {0: 32.0, 1: 32.0, 2: 32.0}
    clock.update([1, 2], acted=0, now=3.0, together=True)
    assert clock.deadlines == {1: 32.0, 2: 32.0}  # those still asked keep theirs
    assert clock.public_banks() == {"0": 29}  # the window's 29 s left over were not banked
    clock.update([0], acted=None, now=10.0)  # alone again: the bank, as it was, plus 30 s
    assert clock.deadlines[0] == 10.0 + 29 + 30


def test_the_clock_runs_per_decision_and_keeps_a_waiting_seat_s_deadline() -> None:
    clock = TurnClock(30)
    clock.update([0, 1], acted=None, now=100.0)
    assert clock.deadlines == {0: 130.0, 1: 130.0}
    clock.update([1, 2], acted=0, now=110.0)
    assert clock.deadlines == {1: 130.0, 2: 140.0}
    assert clock.public_banks() == {"0": 20}  # what seat 0 did not use stays its own
    clock.update([1], acted=1, now=120.0)
    assert clock.deadlines == {1: 160.0}  # 10 s left over, and 30 s more for this decision
    assert clock.expired(159.0) == [] and clock.expired(160.0) == [1]
    assert clock.public() == {"1": 160000}
    assert clock.public_banks() == {"0": 20, "2": 20}
    for _ in range(20):  # a bank holds at most RESERVE decisions' worth
        clock.update([0], acted=0, now=200.0)
    assert clock.deadlines == {0: 200.0 + 30 * RESERVE}
    off = TurnClock(0)
    off.update([0], acted=None, now=1.0)
    assert off.deadlines == {} and off.next_deadline() is None


def test_postgres_urls_use_psycopg() -> None:
    assert engine_url("postgresql://u@h:5432/d") == "postgresql+psycopg://u@h:5432/d"
    assert engine_url("sqlite:///x.db") == "sqlite:///x.db"


def test_storage_keeps_tables_actions_and_chat_in_order(tmp_path: Path) -> None:
    store = Storage(f"sqlite:///{tmp_path / 's.sqlite3'}")
    store.save_table(StoredTable("t1", "highcard", "open", 1.0, {"seats": []}))
    store.save_table(StoredTable("t2", "highcard", "playing", 2.0, {"seats": [1]}))
    store.save_table(StoredTable("t1", "highcard", "playing", 1.0, {"seats": [2]}))
    for i, action in enumerate([5, 3, 8]):
        store.append_action("t1", i, i % 2, action, "clock" if i == 1 else None)
    store.append_chat("t1", 0, {"text": "hi"})
    store.append_action_and_status("t2", 0, 0, 1, None, "over")
    unfinished = store.load_unfinished()
    assert [t.id for t in unfinished] == ["t1"]
    t1 = unfinished[0]
    assert t1.meta == {"seats": [2]} and t1.status == "playing"
    assert t1.actions == [(0, 5, None), (1, 3, "clock"), (0, 8, None)]
    assert t1.chat == [{"text": "hi"}]
    t2 = store.load("t2")
    assert t2 is not None and t2.status == "over" and t2.actions == [(0, 1, None)]
    assert store.load("t3") is None
    with pytest.raises(IntegrityError):  # an action index is written once
        store.append_action("t1", 2, 0, 1)
    store.close()

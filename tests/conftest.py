"""Shared fixtures, and which tests run alone.

The High Card fixture game is registered for the kernel's own tests.

`make test` runs the suite in two passes: the tests marked `serial` by themselves, and the rest
spread over several processes (pytest-xdist). A test is serial when it measures time or load,
floods a server, starts a cluster of server processes, restarts a server or drives Chromium:
another test's work beside it would make it slow or flaky. The browser tests are serial by
their `browser` mark; the others are named below, by file or by test (a prefix of the node id,
relative to this folder), each with the reason. A third pass runs the fingerprint and ISMCTS
digest tests again on the pure-Python modules (HIDDENHAND_PURE=1; see tests/test_native.py).
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

import tests.engine.toy  # noqa: F401  (registers "highcard")

if os.environ.get("PYTEST_XDIST_WORKER") and os.environ.get("COLUMNS") == "80":
    # An xdist worker starts with COLUMNS=80 set for it, which the CLI's consoles (made at
    # import) would take as the person's choice and cut piped tables at 80 columns.
    del os.environ["COLUMNS"]

HERE = Path(__file__).resolve().parent

CLUSTER = "starts a cluster of server processes"
RESTART = "kills and restarts a server mid-game"
CLOCK = "asserts on seconds the server counts (clocks, expiries, budgets that refill)"
WRITER = "sleeps to let the store's writer thread get somewhere"

SERIAL: dict[str, str] = {
    "server/test_cluster.py": CLUSTER,
    "server/test_rolling_restart.py": CLUSTER,
    "server/test_moderation_cluster.py": CLUSTER,
    "server/test_ownership.py": "starts clusters and rival servers on one store, within a time",
    "server/test_health.py": "drains after SIGTERM and cuts a server's store and Redis",
    "server/test_bus.py": "frames sent close together are expected in one publish",
    "server/test_restart.py": RESTART,
    "server/test_undo.py": RESTART,
    "server/test_tutorial_api.py::test_a_tutorial_goes_on_where_it_stood_after_a_restart": RESTART,
    "server/test_online_bots.py::test_a_stored_bot_spec_now_refused_is_replaced_on_restart": (
        RESTART
    ),
    "server/test_fair_share.py": "bounds the latency others see under load",
    "server/test_slow_clients.py": "holds 2,000 half-sent requests open and times them out",
    "server/test_load_smoke.py": "runs the load benchmark",
    "server/test_hostile_ws.py": "floods a server's per-address budgets, which refill with time",
    "server/test_pace.py": "measures the gaps between a table's answers",
    "server/test_absent.py": CLOCK,
    "server/test_accounts.py::test_sign_in_attempts_are_limited": CLOCK,
    "server/test_accounts.py::test_sessions_expire": CLOCK,
    "server/test_accounts.py::test_wrong_passwords_hold_up_their_address_never_the_owner": CLOCK,
    "server/test_rematch.py::test_a_seat_nobody_came_back_for_is_offered_to_anyone": CLOCK,
    "server/test_action_log.py": WRITER,
    "server/test_undo_store.py": WRITER,
}
"""Node-id prefixes (relative to tests/) of the tests that run alone, with the reason."""

GROUPED = ("server/", "examples/test_loveletter_installed.py")
"""Files whose module-scoped fixtures (a server process, an installed package) are costly: under
xdist each file stays on one worker, which makes them once, not once per worker."""


def serial_reason(nodeid: str) -> str | None:
    """Why the test with this node id (relative to tests/) must run alone, if it must."""
    for prefix, reason in SERIAL.items():
        if nodeid == prefix or nodeid.startswith((prefix + "::", prefix + "[")):
            return reason
    return None


def pytest_itemcollected(item: pytest.Item) -> None:
    """Mark what runs alone (before `-m` selects), and group costly module fixtures."""
    path = item.path.resolve()
    if not path.is_relative_to(HERE):
        return
    relative = path.relative_to(HERE).as_posix()
    nodeid = relative + item.nodeid[item.nodeid.index("::") :] if "::" in item.nodeid else relative
    if item.get_closest_marker("browser") is not None or serial_reason(nodeid) is not None:
        item.add_marker(pytest.mark.serial)
    elif relative.startswith(GROUPED):
        item.add_marker(pytest.mark.xdist_group(relative))

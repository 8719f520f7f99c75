"""The worker processes of `serve --workers N` end with the process that started them.

uvicorn's supervisor starts the workers and holds the store for them (`ownership`). Were it
killed outright (kill -9, the out-of-memory killer), its workers would live on without it,
orphans nobody stops, still serving the store and taking tables over. So each worker asks the
kernel to send it SIGTERM (a clean shutdown: leases and locks are let go) when its parent dies
(Linux's `PR_SET_PDEATHSIG`); elsewhere a thread watches the parent's pid. A worker whose
supervisor is gone before it even started stops at once.
"""

from __future__ import annotations

import ctypes
import logging
import os
import signal
import sys
import threading
import time

SUPERVISOR_VARIABLE = "HIDDENHAND_SUPERVISOR"
"""The supervisor's pid, as it leaves it in the environment its workers inherit."""
PR_SET_PDEATHSIG = 1
"""From <linux/prctl.h>."""
WATCH_EVERY = 1.0
"""Seconds between two looks at the parent, where the kernel cannot be asked."""

log = logging.getLogger("hiddenhand.server")


def mark_supervisor() -> None:
    """In the supervisor, before it starts workers: name it to them."""
    os.environ[SUPERVISOR_VARIABLE] = str(os.getpid())


def die_with_supervisor() -> None:
    """In a worker: end (SIGTERM) when the supervisor that started it ends, however it ends.
    Does nothing in a process started otherwise."""
    raw = os.environ.get(SUPERVISOR_VARIABLE, "")
    if not raw.isdigit() or int(raw) == os.getpid():
        return
    supervisor = int(raw)
    if not _ask_the_kernel():
        threading.Thread(target=_watch, args=(supervisor,), name="supervisor", daemon=True).start()
    if os.getppid() != supervisor:  # it died before the kernel was asked
        log.error("the process that started this worker (%d) is gone; stopping", supervisor)
        os._exit(1)


def _ask_the_kernel() -> bool:
    """SIGTERM when the parent dies, on Linux; says whether the kernel took the request."""
    if not sys.platform.startswith("linux"):
        return False
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        return int(libc.prctl(PR_SET_PDEATHSIG, int(signal.SIGTERM), 0, 0, 0)) == 0
    except (OSError, AttributeError):
        return False


def _watch(supervisor: int) -> None:
    while True:
        time.sleep(WATCH_EVERY)
        if os.getppid() != supervisor:
            log.error("the process that started this worker (%d) is gone; stopping", supervisor)
            os.kill(os.getpid(), signal.SIGTERM)
            return

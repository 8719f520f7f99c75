"""The server's log: plain lines for a person at a terminal, one JSON object per line otherwise.

`hiddenhand serve --log-format auto` (the default) writes text when its standard error is a
terminal and JSON when it is not (a service manager's journal, a container's log, a file):
whatever collects the log of a server that runs unattended gets lines it can parse. Each JSON
line has `time` (UTC, ISO 8601), `level`, `logger`, `event` (a stable name such as
`table.finished`, or `log` for a line without one), `message`, whatever fields the line was
logged with (`extra=`), and `error` with the traceback of a fault. uvicorn's own lines go the
same way.

What is logged never holds a secret: no seat token, password, session or guest cookie, seed,
hidden card or hidden choice; a line names tables, games, seats and counts (docs/operations.md).
Only the standard library is used here, so the command line may import it at once.
"""

from __future__ import annotations

import json
import logging
import sys
from datetime import UTC, datetime
from typing import Any, TextIO

FORMATS = ("auto", "text", "json")
STANDARD = frozenset(vars(logging.LogRecord("", 0, "", 0, "", (), None))) | {
    "message",
    "asctime",
    "color_message",  # uvicorn's copy of the message with terminal colours
    "taskName",
}
"""A record's own attributes; any other was given by the line (`extra=`) and is a field."""


class JsonFormatter(logging.Formatter):
    """One JSON object per record, on one line."""

    def format(self, record: logging.LogRecord) -> str:
        entry: dict[str, Any] = {
            "time": datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds"),
            "level": record.levelname.lower(),
            "logger": record.name,
            "event": getattr(record, "event", None) or "log",
            "message": record.getMessage(),
        }
        for key, value in vars(record).items():
            if key not in STANDARD and key not in entry:
                entry[key] = value
        if record.exc_info:
            entry["error"] = self.formatException(record.exc_info)
        return json.dumps(entry, default=str, ensure_ascii=False)


def resolve(choice: str, stream: TextIO | None = None) -> str:
    """`text` or `json`: `auto` is text at a terminal, JSON anywhere else."""
    if choice != "auto":
        return choice
    stream = sys.stderr if stream is None else stream
    return "text" if stream.isatty() else "json"


def configure(fmt: str, quiet: bool) -> dict[str, Any] | None:
    """Send every log record to standard error in `fmt` (`text` or `json`), warnings and worse
    only if `quiet`. Returns the `log_config` uvicorn is to be run with (None: its own)."""
    handler = logging.StreamHandler()
    handler.setFormatter(JsonFormatter() if fmt == "json" else logging.Formatter("%(message)s"))
    root = logging.getLogger()
    root.handlers[:] = [handler]
    root.setLevel(logging.WARNING if quiet else logging.INFO)
    if fmt != "json":
        return None
    through_root = {"handlers": [], "propagate": True}
    return {
        "version": 1,
        "disable_existing_loggers": False,
        "loggers": {name: through_root for name in ("uvicorn", "uvicorn.error", "uvicorn.access")},
    }

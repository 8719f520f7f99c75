"""Text from outside is plain: no control characters anywhere.

A NUL or another control character has no place in a table id, a name, a password, a chat line
or an option, and some stores refuse it outright (PostgreSQL cannot hold U+0000 in text or
JSON). So every input is checked here as it enters (`guards.PlainInput` for paths and queries,
`api.body_of` for JSON bodies, `chat` for chat lines), before anything reads or writes the store.
"""

from __future__ import annotations

import re
from typing import Any

CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f]")
"""Unicode's control characters (category Cc): C0, DEL and C1. Tabs and newlines included."""


class NotPlain(ValueError):
    """Text holding a control character; the message says which and where."""


def check_plain(text: str, where: str) -> None:
    """NotPlain if `text` holds a control character."""
    found = CONTROL.search(text)
    if found is not None:
        raise NotPlain(f"{where} may not hold control characters (U+{ord(found.group()):04X})")


def check_plain_data(data: Any, where: str = "$") -> None:
    """NotPlain if any string in decoded JSON (keys included) holds a control character."""
    if isinstance(data, str):
        check_plain(data, f"`{where}`")
    elif isinstance(data, dict):
        for key, value in data.items():
            if isinstance(key, str):
                check_plain(key, f"the keys of `{where}`")
            check_plain_data(value, f"{where}.{key}" if isinstance(key, str) else where)
    elif isinstance(data, (list, tuple)):
        for i, item in enumerate(data):
            check_plain_data(item, f"{where}[{i}]")

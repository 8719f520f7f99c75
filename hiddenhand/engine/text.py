"""Text templates that name seats: `{p3}` stands for seat 3's name."""

import re
from collections.abc import Sequence

_SEAT = re.compile(r"\{p(\d+)\}")


def render(template: str, names: Sequence[str] | None = None) -> str:
    """Fill `{pN}` placeholders with player names (or "seat N" when there are none)."""
    if "{" not in template:
        return template
    if names is None:
        return _SEAT.sub(lambda m: f"seat {m.group(1)}", template)
    return _SEAT.sub(lambda m: names[int(m.group(1))], template)

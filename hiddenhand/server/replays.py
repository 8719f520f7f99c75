"""Finished games stepped through from any seat's point of view, or the spectator's.

The engine replays the published record and answers with what one seat saw at one step: its
view and its log so far. Nothing is computed in the browser, so a replay shows a seat exactly
what it knew then, and the spectator only what was public.
"""

from __future__ import annotations

from itertools import islice
from typing import Any

from hiddenhand.engine import Record
from hiddenhand.engine.events import visible
from hiddenhand.server.errors import Refused

SPECTATOR = "spectator"


def parse_seat(raw: str | None, seats: int) -> int | None:
    """`spectator` (or nothing) is None; else a seat number of this table."""
    if raw is None or raw == SPECTATOR:
        return None
    if not raw.isascii() or not raw.isdigit() or int(raw) >= seats:
        raise Refused(f"seat is {SPECTATOR} or a number from 0 to {seats - 1}", 400)
    return int(raw)


def parse_step(raw: str | None, steps: int) -> int:
    """A step from 0 (the deal) to `steps` (the end); nothing means the end."""
    if raw is None:
        return steps
    if not raw.isascii() or not raw.isdigit() or len(raw) > 9 or int(raw) > steps:
        raise Refused(f"step is a number from 0 to {steps}", 400)
    return int(raw)


def replay_step(record: Record, seat: int | None, step: int) -> dict[str, Any]:
    """What `seat` saw after exactly the first `step` actions (0: the deal), as the table
    counted them: the state message's `step` is the number of actions played so far. Its view
    and every event it was told; `mark` is the mark of the last action played, if any."""
    if not 0 <= step <= len(record.actions):
        raise Refused(f"step is a number from 0 to {len(record.actions)}", 400)
    state = record.start()
    names = list(record.players)
    log: list[dict[str, Any]] = []
    for _seat, _action, events in islice(record.apply_to(state), step):
        log.extend(e.to_json(names) for e in visible(events, seat))
    return {
        "step": step,
        "steps": len(record.actions),
        "seat": seat,
        "names": names,
        "view": state.view(seat),
        "log": log,
        "mark": record.marks.get(step - 1) if step else None,
    }

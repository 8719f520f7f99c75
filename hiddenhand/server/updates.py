"""The state message: what one seat is sent each time the game moves.

A seat sees its own view, the events it may see numbered in its own sequence, and the choices
it is asked for; everyone sees who is to move, the clocks, the marks of actions the server
took for a seat (and the log's lines about them), and at the end each seat's result.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any

from hiddenhand.bots.match import SeatLogs
from hiddenhand.engine import Action, State
from hiddenhand.server.clock import TurnClock
from hiddenhand.server.protocol import encode


def choices(actions: Iterable[Action], names: Sequence[str]) -> list[dict[str, Any]]:
    """Choices as a client is sent them (a state's `legal`, a preview's `then`)."""
    return [
        {"id": a.id, "kind": a.kind, "args": list(a.args), "text": a.describe(names)}
        for a in actions
    ]


def state_message(
    state: State,
    logs: SeatLogs,
    seat: int | None,
    new: int,
    since: int | None,
    *,
    step: int,
    asks_person: Callable[[int], bool],
    clock: TurnClock,
    marks: dict[int, str],
    notes: list[dict[str, Any]],
    results: list[str] | None,
    tutorial: dict[str, Any] | None = None,
    can_undo: bool = False,
    secret: bool = False,
) -> str:
    """What `seat` is sent after a change: its view, its new events, its choices.

    `new` is how many of the seat's latest events are new; `since` (on connecting) sends every
    event after that sequence number instead. `asks_person` says whether a seat to move is
    shown its choices (otherwise the server answers for it). `tutorial`: what a tutorial tells
    this seat now (`lessons`), sent only when there is something. `step` is how many steps the
    seat saw (`steps`); `secret`: the frame shows the seat a step of its own (or its taking
    back) that nobody else was shown.
    """
    names = state.players
    seen = logs.of(seat)
    first = len(seen) - new if since is None else min(max(since, 0), len(seen))
    pending = state.pending()
    outcome = state.outcome()
    asked = seat is not None and seat in pending and asks_person(seat)
    message: dict[str, Any] = {
        "type": "state",
        "step": step,
        "seq": len(seen),
        "view": state.view(seat),
        "events": [{"seq": first + i + 1, **e.to_json(names)} for i, e in enumerate(seen[first:])],
        "to_move": sorted(pending),
        "legal": choices(pending[seat] if asked and seat is not None else (), names),
        "deadlines": clock.public(),
        "banks": clock.public_banks(),
        "marks": {str(k): v for k, v in sorted(marks.items())},
        "notes": notes,
        "outcome": outcome.to_json() if outcome is not None else None,
        "results": results,
    }
    if tutorial is not None:
        message["tutorial"] = tutorial
    if secret:
        message["secret"] = True  # a step of the seat's own nobody else was shown
    if seat is not None:
        message["undo"] = can_undo  # the seat may take its last step back (its own to know)
    if since is not None:
        message["since"] = first
    return encode(message)

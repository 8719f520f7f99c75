"""End-of-game statistics per player, counted from a finished game's public events only.

The table page and the replay show them beside each player's rating change. A record replays
the game through the engine; every event with an audience is dropped before counting, so the
figures are what every spectator could have tallied from the log: nothing hidden leaks.
One function per game turns the public events into one row of counts per seat.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Any

import msgspec

from hiddenhand.engine import Event, Record

SEAT = re.compile(r"\{p(\d+)\}")


class Column(msgspec.Struct, frozen=True):
    """One statistic: its key in a row, its heading, and what it counts (for a tooltip)."""

    key: str
    label: str
    counts: str


class Statistics(msgspec.Struct, frozen=True):
    """The columns a game counts, and one row of counts per seat."""

    columns: list[Column]
    rows: list[dict[str, int]]

    def to_json(self) -> dict[str, Any]:
        return msgspec.to_builtins(self)


def actor(event: Event) -> int | None:
    """The seat an event is about: the first seat its text names (`{p0} kills Zachary`)."""
    found = SEAT.search(event.text)
    return int(found.group(1)) if found else None


def seat_of(event: Event, key: str) -> int | None:
    """A seat the event's data names under `key`, if it names one."""
    value = event.data.get(key)
    return value if isinstance(value, int) else None


def tally(
    columns: list[Column], seats: int, counted: Sequence[tuple[str, int | None]]
) -> Statistics:
    """Rows from (column key, seat) pairs; a pair with no seat counts for nobody."""
    rows = [dict.fromkeys((c.key for c in columns), 0) for _ in range(seats)]
    for key, seat in counted:
        if seat is not None and 0 <= seat < seats:
            rows[seat][key] += 1
    return Statistics(columns, rows)


GOODCOP = [
    Column("investigations", "Investigations", "integrity cards investigated"),
    Column("revealed", "Cards revealed", "of their own integrity cards turned face up"),
    Column("shots", "Shots", "shots fired"),
    Column("equipment", "Equipment used", "equipment cards played"),
    Column("wounds", "Wounds", "times wounded"),
]


def goodcop(events: Sequence[Event], seats: int) -> Statistics:
    """Good Cop Bad Cop (and its Zombies): investigations, reveals, shots, equipment, wounds."""
    keys = {
        "investigate": ("investigations", "seat"),
        "reveal": ("revealed", "seat"),
        "shot": ("shots", "shooter"),
        "play": ("equipment", "seat"),
        "wounded": ("wounds", "seat"),
    }
    counted = [(keys[e.kind][0], seat_of(e, keys[e.kind][1])) for e in events if e.kind in keys]
    return tally(GOODCOP, seats, counted)


NOIR = [
    Column("kills", "Kills", "suspects killed"),
    Column("arrests", "Arrests", "arrests made"),
    Column("shifts", "Shifts", "rows and columns shifted"),
    Column("exonerations", "Exonerations", "suspects exonerated"),
    Column("disguises", "Disguises", "disguises tried"),
    Column("turns", "Turns", "turns taken"),
]
NOIR_TURNS = {
    "kill": "kills",
    "arrest": "arrests",
    "shift": "shifts",
    "exonerate": "exonerations",
    "disguise": "disguises",
    "disguise-failed": "disguises",
}


def noir(events: Sequence[Event], seats: int) -> Statistics:
    """NOIR Killer vs. Inspector: each kind of turn, and the turns in all."""
    counted: list[tuple[str, int | None]] = []
    for e in events:
        if e.kind in NOIR_TURNS:
            counted += [(NOIR_TURNS[e.kind], actor(e)), ("turns", actor(e))]
    return tally(NOIR, seats, counted)


INFECTED = [
    Column("survived", "Threats survived", "rounds' threats met without taking a wound"),
    Column("items", "Items used", "items used in a challenge pile or on a threat"),
    Column("tests", "Tests made", "blood tests made"),
    Column("votes", "Votes", "votes cast"),
    Column("wounds", "Wounds", "wounds taken"),
]


def infected(events: Sequence[Event], seats: int) -> Statistics:
    """The Infected: threats survived unwounded, items used, blood tests, votes, wounds.

    A round is a threat: a seat survives it when it is still in the game at the round's end
    and took no wound during it.
    """
    counted: list[tuple[str, int | None]] = []
    out: set[int] = set()
    hurt: set[int] | None = None  # the seats wounded this round; None before the first round

    def round_over() -> None:
        if hurt is not None:
            counted.extend(("survived", s) for s in range(seats) if s not in hurt | out)

    for e in events:
        if e.kind == "round":
            round_over()
            hurt = set()
        elif e.kind == "wound":
            seat = seat_of(e, "seat")
            counted.append(("wounds", seat))
            if hurt is not None and seat is not None:
                hurt.add(seat)
        elif e.kind == "destroyed" and (seat := seat_of(e, "seat")) is not None:
            out.add(seat)
        elif e.kind in ("use", "react"):
            counted.append(("items", actor(e)))
        elif e.kind == "blood_test":
            counted.append(("tests", seat_of(e, "tester")))
        elif e.kind == "votes":
            voters = [*e.data.get("yes", []), *e.data.get("no", [])]
            counted.extend(("votes", s) for s in voters if isinstance(s, int))
    round_over()
    return tally(INFECTED, seats, counted)


COUNTERS: dict[str, Callable[[Sequence[Event], int], Statistics]] = {
    "goodcop": goodcop,
    "noir": noir,
    "infected": infected,
}
"""The statistics function of each game; a game without one shows no columns."""


def public_events(record: Record) -> list[Event]:
    """Every event of the game that everyone saw, in order."""
    state = record.start()
    events: list[Event] = []
    for _seat, _action, made in record.apply_to(state):
        events.extend(e for e in made if e.public)
    return events


def statistics(record: Record) -> Statistics:
    """The statistics of a finished game, from its public events."""
    seats = len(record.players)
    counter = COUNTERS.get(record.game)
    if counter is None:
        return Statistics([], [{} for _ in range(seats)])
    return counter(public_events(record), seats)

"""Steps nobody else saw: what lets a server count a seat's steps for that seat alone.

A secret choice made in steps (an item, then its target, then its resource) must not tell the
others how many steps it took, or which kind of choice it was: they may learn that the seat has
chosen, never how. A step is private to its seat when nobody else could notice it:

- the game is not over;
- no event reached anyone but the seat (a card shown to the seat alone is fine);
- who is asked is the same, and every other seat is offered the same choices;
- every other seat's view, and a spectator's, is the same.

A server shows such a step to its seat alone and leaves it out of the step count the others are
sent (`server.steps`); undo (`engine.undo`) asks more of a step, since taking it back must also
tell the seat nothing.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from hiddenhand.engine.events import Event

if TYPE_CHECKING:
    from hiddenhand.engine.state import State


def private_step(before: State[Any], after: State[Any], seat: int, events: Sequence[Event]) -> bool:
    """Whether `seat`'s action, which took `before` (a copy made just before it) to `after` with
    `events`, could be noticed by nobody but `seat` (see the module's rules)."""
    if after.outcome() is not None or not after.pending():
        return False
    if any(e.audience is None or not e.audience <= {seat} for e in events):
        return False
    return others_see_the_same(before, after, seat)


def others_see_the_same(before: State[Any], after: State[Any], seat: int) -> bool:
    """Every seat but `seat`, and a spectator, sees `before` and `after` alike: the same views,
    the same seats asked, the same choices offered to each of the others."""
    if _asked(before, seat) != _asked(after, seat):
        return False
    watchers: list[int | None] = [s for s in range(len(after.players)) if s != seat]
    return all(before.view(w) == after.view(w) for w in [*watchers, None])


def _asked(state: State[Any], seat: int) -> dict[int, tuple[int, ...]]:
    """Who is asked, and what every seat but `seat` is offered, by action id."""
    return {s: () if s == seat else tuple(a.id for a in c) for s, c in state.pending().items()}

"""Undo: which steps a seat may take back, decided by the engine for every game alike.

A step may be taken back only if nobody could have noticed it, and its own seat learned nothing
from it: otherwise taking it back would tell the others something, or let the seat look and
then choose again. So a step is undoable when, compared before and after it,

- the game is not over and drew nothing from its generator (no card drawn, no die rolled);
- it reported no event anyone sees, the seat included (a card looked at is an event);
- every other seat's view, and a spectator's, is the same, and so is who is asked to decide
  and what each other seat is offered (a changed question, or a seat no longer asked, is seen);
- the seat's own view and choices after it are what they would be in any world the seat cannot
  tell from the true one: the step is replayed on a determinized copy of the state before it,
  and must end the same for the seat (a step that showed it a hidden card would not).

That is what a person building a secret choice in steps does (The Infected's drafts); a card
played face up, a shot or a vote is seen at once and is never undoable. A game may refuse
more by overriding `State.undoable`.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from hiddenhand.engine.actions import Action
from hiddenhand.engine.errors import IllegalAction
from hiddenhand.engine.events import Event
from hiddenhand.engine.sight import private_step

if TYPE_CHECKING:
    from hiddenhand.engine.state import State


def unseen_step(before: State[Any], after: State[Any], seat: int, events: Sequence[Event]) -> bool:
    """Whether `seat`'s action, which took `before` (a copy made just before it) to `after` with
    `events`, was seen by nobody and showed `seat` nothing new (see the module's rules)."""
    if any(e.audience is None or e.audience for e in events):
        return False  # an event anyone sees, the seat included, is never taken back
    if after._generator_state() != before._generator_state():
        return False  # nor a draw
    return private_step(before, after, seat, events) and _learned_nothing(before, after, seat)


def _learned_nothing(before: State[Any], after: State[Any], seat: int) -> bool:
    """The step played on a world `seat` cannot tell from the true one ends the same for it."""
    last = after.history[-1]
    if last[0] != seat:
        return False
    sample = before.determinize(seat, random.Random(len(before.history)))
    try:
        sample.act(seat, last[1])
    except IllegalAction:
        return False
    mine: list[Action] = list(after.legal(seat))
    return sample.view(seat) == after.view(seat) and list(sample.legal(seat)) == mine


def act_undoably(
    state: State[Any], seat: int, action: Action | int
) -> tuple[list[Event], State | None]:
    """`state.act(seat, action)`, and the copy of the state before it if the action may be
    taken back (`State.undoable`), else None. Taking it back is going back to that copy."""
    before = state.clone()
    events = state.act(seat, action)
    return events, before if state.undoable(seat, before, events) else None

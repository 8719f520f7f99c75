"""The follow-up of an action: what its seat is asked next within the same move.

Playing Blackmail is one action, and choosing the two cards it swaps are two more; a person
should see those choices, and be able to change their mind, before the card leaves their hand.
`follow_ups` works the choices out on a copy of the state, never the state itself, so a client
may show them and send the whole move at once (or nothing at all).

A move goes on only while the game says the seat's new question finishes it
(`State.continues`) and the seat was shown nothing of its own on the way (an event only some
seats see: a card drawn or looked at): what comes after that is chosen once it is seen, and is
asked by the game as usual. So the follow-ups never depend on the future of a deck, and
`checks.check_follow_ups` holds them to depend on nothing else the seat cannot know.
"""

from __future__ import annotations

from collections.abc import Sequence

from hiddenhand.engine.actions import Action
from hiddenhand.engine.errors import IllegalAction
from hiddenhand.engine.events import Event
from hiddenhand.engine.state import State

MAX_FOLLOW_UPS = 16
"""The most actions a move may continue with; no game's move comes near it."""


def shown_to(events: Sequence[Event], seat: int) -> bool:
    """Whether these events showed `seat` something not everyone saw."""
    return any(e.audience is not None and seat in e.audience for e in events)


def follow_ups(state: State, seat: int, actions: Sequence[int]) -> tuple[Action, ...]:
    """The choices `seat` is asked next if it takes `actions` (ids) in a row, as parts of one
    move: () once the move is complete. Worked out on a clone: `state` never changes.

    Raises IllegalAction if an action is not legal for `seat` at its point, or comes after an
    action that completed the move (or showed the seat something: then the game asks)."""
    if len(actions) > 1 + MAX_FOLLOW_UPS:
        raise IllegalAction(f"a move has at most {MAX_FOLLOW_UPS} follow-up choices")
    trial = state.clone()
    names = state.players
    asked: Sequence[Action] = ()
    for i, action in enumerate(actions):
        if i and not asked:
            raise IllegalAction(
                f"{trial.space[actions[i - 1]].describe(names)} completes your move: "
                "choose what follows when the table asks"
            )
        events = trial.act(seat, action)
        going_on = seat in trial.pending() and trial.continues(seat) and not shown_to(events, seat)
        asked = trial.legal(seat) if going_on else ()
    return tuple(asked)

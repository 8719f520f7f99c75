"""The flow of play: the phases a game can be in, and the steps that move it along.

A round is a queue of named steps (`InfectedState.todo`); each step either runs by itself or
opens a decision and waits for it. steps.py lists every step under its name and every decision
with the way it is offered and carried out.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING, Final

if TYPE_CHECKING:
    from hiddenhand.engine.actions import Action
    from hiddenhand.engine.state import Pending
    from hiddenhand.games.infected.draft import Draft
    from hiddenhand.games.infected.rules import InfectedState


class Phase(StrEnum):
    """What the game waits for, or last waited for while the flow runs its steps (the state's
    `running`); views send the value."""

    CHARACTER = "character"
    SETUP = "setup"
    ACTION = "action"
    EXTRA = "extra"
    DISCARD = "discard"
    VOTE = "vote"
    USE = "use"
    REACT = "react"
    CLAIM = "claim"
    PLACE = "place"
    INFECT = "infect"
    OVER = "over"


CYCLE: Final = ("action", "extra", "limit", "votes", "use", "limit", "threat")
"""Action phase, a second action, the hand limit, called votes, use item phase, threat phase."""
RESOLVE: Final = ("announce", "use", "limit", "claims", "infect", "victory", "next")
"""Threat resolve (sum, use items, claims), infections phase, check victory, the next Leader."""

Step = Callable[["InfectedState"], None]
"""A step of the flow: it runs by itself, or opens a decision and waits for it."""


@dataclass(frozen=True, slots=True)
class Window:
    """A simultaneous decision: what each seat may choose next while building its draft, how
    one choice changes the draft, and how the finished drafts are carried out together (in
    `order`: from the Leader clockwise)."""

    choices: Callable[[InfectedState, int, Draft], list[Action]]
    choose: Callable[[InfectedState, int, Draft, Action], None]
    close: Callable[[InfectedState, list[int], dict[int, Draft]], None]


@dataclass(frozen=True, slots=True)
class Turn:
    """A decision one seat at a time (choosing characters, discarding, taking wound cards)."""

    legal: Callable[[InfectedState], Pending]
    choose: Callable[[InfectedState, int, Action], None]

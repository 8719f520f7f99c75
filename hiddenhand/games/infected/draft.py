"""Drafts: a seat's choice in a simultaneous window, built one single action at a time.

A draft is private until every seat in the window has finished its own; then the window closes
and the drafts are carried out together, starting from the Leader. `intents` is the finished
choice in a form the rules carry out; `stage` says which single choice comes next.
"""

from __future__ import annotations

from enum import StrEnum
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from hiddenhand.engine.actions import Action
    from hiddenhand.games.infected.intents import Intent


class Stage(StrEnum):
    """Which single choice a draft asks for next."""

    START = "start"
    DESTROY_TARGET = "destroy_target"
    LEADER_TARGET = "leader_target"
    ABILITY_TARGET = "ability_target"
    SPECIAL_COST = "special_cost"
    SPECIAL_UNEQUIP = "special_unequip"
    UNEQUIP = "unequip"
    EQUIP_MORE = "equip_more"
    SWAP_SECOND = "swap_second"
    GIVE_MORE = "give_more"
    TEST_TARGET = "test_target"
    DONE = "done"


class Draft:
    """One seat's unrevealed choice in the current window; `choices` caches its legal actions
    (nothing but the seat's own steps changes them while the window is open)."""

    __slots__ = (
        "avail",
        "called",
        "choices",
        "done",
        "dropped",
        "extra",
        "intents",
        "new_equips",
        "special",
        "stage",
        "used_ability",
    )

    def __init__(self, avail: dict[int, int], extra: bool = False) -> None:
        self.avail = avail
        self.stage = Stage.START
        self.intents: list[Intent] = []
        self.done = False
        self.extra = extra
        self.called = False
        self.used_ability = False
        self.special = False
        self.new_equips = 0
        self.dropped: list[int] = []
        self.choices: tuple[Action, ...] | None = None

    def copy(self) -> Draft:
        # Built through __init__: compiled, Draft is a native class, which `__new__` alone
        # does not make.
        other = Draft(dict(self.avail), self.extra)
        other.stage = self.stage
        other.intents = list(self.intents)  # intents are frozen
        other.done = self.done
        other.called = self.called
        other.used_ability = self.used_ability
        other.special = self.special
        other.new_equips = self.new_equips
        other.dropped = list(self.dropped)
        other.choices = self.choices
        return other

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        """Pickled by its fields (compiled, a native class has no pickling of its own)."""
        return _restored, (
            self.avail,
            self.extra,
            self.stage,
            self.intents,
            self.done,
            self.called,
            self.used_ability,
            self.special,
            self.new_equips,
            self.dropped,
            self.choices,
        )

    def take(self, kind: int) -> None:
        """Reserve one card of this kind from the hand for the choice being built."""
        left = self.avail[kind] - 1
        if left:
            self.avail[kind] = left
        else:
            del self.avail[kind]

    def finish(self) -> None:
        self.done = True
        self.stage = Stage.DONE

    @property
    def cards_left(self) -> int:
        return sum(self.avail.values())


def _restored(
    avail: dict[int, int],
    extra: bool,
    stage: Stage,
    intents: list[Intent],
    done: bool,
    called: bool,
    used_ability: bool,
    special: bool,
    new_equips: int,
    dropped: list[int],
    choices: tuple[Action, ...] | None,
) -> Draft:
    """A pickled draft made again (`Draft.__reduce__`)."""
    draft = Draft(avail, extra)
    draft.stage, draft.intents, draft.done, draft.called = stage, intents, done, called
    draft.used_ability, draft.special, draft.new_equips = used_ability, special, new_equips
    draft.dropped, draft.choices = dropped, choices
    return draft


def kinds_in(hand: list[int], item_of: tuple[int, ...]) -> dict[int, int]:
    """How many cards of each kind a hand holds."""
    out: dict[int, int] = {}
    for card in hand:
        k = item_of[card]
        out[k] = out.get(k, 0) + 1
    return out

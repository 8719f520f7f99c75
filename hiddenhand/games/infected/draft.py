"""Drafts: a seat's choice in a simultaneous window, built one single action at a time.

A draft is private until every seat in the window has finished its own; then the window closes
and the drafts are carried out together, starting from the Leader. `intents` is the finished
choice in a form the rules carry out; `stage` says which single choice comes next.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from hiddenhand.engine.actions import Action

Intent = tuple[Any, ...]


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
        self.stage = "start"
        self.intents: list[Intent] = []
        self.done = False
        self.extra = extra
        self.called = False
        self.used_ability = False
        self.special = False
        self.new_equips = 0
        self.dropped: list[int] = []
        self.choices: list[Action] | None = None

    def copy(self) -> Draft:
        other = Draft.__new__(Draft)
        other.avail = dict(self.avail)
        other.stage = self.stage
        other.intents = [_copy_intent(i) for i in self.intents]
        other.done = self.done
        other.extra = self.extra
        other.called = self.called
        other.used_ability = self.used_ability
        other.special = self.special
        other.new_equips = self.new_equips
        other.dropped = list(self.dropped)
        other.choices = self.choices
        return other

    def take(self, kind: int) -> None:
        """Reserve one card of this kind from the hand for the choice being built."""
        left = self.avail[kind] - 1
        if left:
            self.avail[kind] = left
        else:
            del self.avail[kind]

    @property
    def cards_left(self) -> int:
        return sum(self.avail.values())


def _copy_intent(intent: Intent) -> Intent:
    return tuple(list(x) if isinstance(x, list) else x for x in intent)


def kinds_in(hand: list[int], item_of: tuple[int, ...]) -> dict[int, int]:
    """How many cards of each kind a hand holds."""
    out: dict[int, int] = {}
    for card in hand:
        k = item_of[card]
        out[k] = out.get(k, 0) + 1
    return out

"""A card (or a zombie's Infect or Equip, or an infection token) being resolved, one choice at
a time: who chooses, what is resolved, which step it is at and what earlier steps chose."""

from __future__ import annotations

from typing import NamedTuple


class Task(NamedTuple):
    """Blackmail half done is `Task(chooser, BLACKMAIL, 1, (seat, slot))`: the first card is
    chosen, the second is next. Immutable (a tuple, which the kernel's copy checks know), so
    copies of a state share it safely."""

    chooser: int
    card: int  # a title index of `cards.CARDS`, or one of the task ids after them
    step: int
    data: tuple[int, ...] = ()

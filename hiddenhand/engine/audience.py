"""Who may see an event: None for everyone, else the frozen set of seats that see it.

Compiled with the kernel (`hiddenhand.native`): the rules name an audience at nearly every
move, and a call into interpreted code from compiled rules costs more than the set itself.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

EVERYONE: Final = None

_ALONE: Final = tuple(frozenset((seat,)) for seat in range(64))
"""The audience of each single seat, made once: frozen sets are shared safely."""


def private(seats: int | Sequence[int] | frozenset[int]) -> frozenset[int]:
    """An audience of one seat or a few."""
    if isinstance(seats, int):
        return _ALONE[seats] if 0 <= seats < len(_ALONE) else frozenset((seats,))
    return frozenset(seats)

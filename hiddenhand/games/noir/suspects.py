"""The 25 suspects of NOIR, one per letter (no X), and the bit sets the rules count them with.

A set of suspects is an int whose bit `s` stands for suspect `s`; the candidate logic, the
alive/innocent markers and the neighbourhoods all use this form because it is small and fast.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from functools import lru_cache

NAMES: tuple[str, ...] = (
    "Alyss",
    "Barrin",
    "Clive",
    "Deidre",
    "Ernest",
    "Franklin",
    "Geneva",
    "Horatio",
    "Irma",
    "Julian",
    "Kristoph",
    "Linus",
    "Marion",
    "Niel",
    "Ophelia",
    "Phoebe",
    "Quinton",
    "Ryan",
    "Simon",
    "Trevor",
    "Udstad",
    "Vladimir",
    "Wilhelm",
    "Yvonne",
    "Zachary",
)
COUNT = len(NAMES)
SIDE = 5
EVERYONE = (1 << COUNT) - 1
BY_NAME: dict[str, int] = {name.lower(): i for i, name in enumerate(NAMES)}


def bit(suspect: int) -> int:
    return 1 << suspect


def members(mask: int) -> Iterator[int]:
    """The suspects in a bit set, in id order."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


@lru_cache(maxsize=1 << 16)
def listed(mask: int) -> tuple[int, ...]:
    """The suspects in a bit set as a tuple (remembered: views list the same sets often)."""
    return tuple(members(mask))


def mask_of(suspects: Iterable[int]) -> int:
    out = 0
    for s in suspects:
        out |= 1 << s
    return out


def suspect_id(name: str) -> int:
    """A suspect's id from its name (any case); KeyError names the suspects there are."""
    try:
        return BY_NAME[name.lower()]
    except KeyError:
        raise KeyError(f"no suspect named {name!r}; suspects are {', '.join(NAMES)}") from None
